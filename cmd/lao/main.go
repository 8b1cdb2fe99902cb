// Command lao runs the LAO (limited attribute observation) solvers of the
// lao module from the command line.
//
//	lao                       demo on a built-in synthetic data set
//	lao demo [--k K] [--json]
//	lao solvers [--json]
//	lao fit --data FILE.csv[.gz]|FILE.svm|mnist:3v5|covertype:1|ctslice --target COL --solver NAME --k K [--param name=value] [...]
//	lao predict --model FILE.json --data NEW.csv [--budget S] [--out FILE]
//	lao compare --data FILE.csv --target COL [--solvers a,b] [--k 2,4,8] [--repeat 10] [--plot FILE.svg] [--json]
//	lao describe --data FILE.csv|NAME [--target COL] [--columns N] [--json]
//	lao experiment [--paper] NAME
//	lao bench [--json] [--export DIR]
//	lao theorems [--json]
//
// Run `lao help` or `lao CMD -h` for the flags of each command.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

type command struct {
	name, summary string
	run           func(args []string, stdout io.Writer) error
}

func commands() []command {
	return []command{
		{"demo", "run every solver on a built-in synthetic data set (the default)", runDemo},
		{"solvers", "list the solvers with their paper, algorithm and budget rule", runSolvers},
		{"fit", "fit a solver on a CSV file or a named data set", runFit},
		{"predict", "apply a saved model (fit --save-model) to the rows of a CSV file", runPredict},
		{"compare", "every solver at every budget k on repeated seeded splits of one table: table, JSON, SVG", runCompare},
		{"describe", "what the theorems assume about a data set: norms, zeros, rho ratios, column summary", runDescribe},
		{"bench", "time every solver's fit on a synthetic problem (per-example cost)", runBench},
		{"experiment", "reproduce a paper's experiment (MNIST figures and tables, lower bounds): CSV + SVG", runExperiment},
		{"theorems", "every theorem, lemma and claim of the papers: statement, bound, what shows it", runTheorems},
	}
}

func main() {
	err := run(os.Args[1:], os.Stdout)
	switch {
	case errors.Is(err, flag.ErrHelp): // -h: the flag package printed the usage
	case err != nil:
		fmt.Fprintln(os.Stderr, "lao:", userMessage(err))
		os.Exit(1)
	}
}

// packagePrefix matches a library package's name heading a message, or
// heading it after the command's name ("compare: frames: …"): the user
// typed a command, not a package. Only the head is read, so a path or a
// column name with such words in it is left alone.
var packagePrefix = regexp.MustCompile(`^((?:[a-z-]+: )?)(?:lao|frames|ingest|datasets|sqltable|columnar|experiments): `)

// userMessage is err's message for the command line: without a leading
// package name ("lao: ", which main prints itself, "frames: ", …:
// packagePrefix) and without the text of a sentinel error that
// only classifies what the message already says (": lao: invalid
// parameter", ": frames: unknown column"), which programs test with
// errors.Is and a reader does not need.
func userMessage(err error) string {
	msg := err.Error()
	for _, s := range []error{lao.ErrParam, frames.ErrUnknownColumn, frames.ErrPrices, frames.ErrNonNumeric, lao.ErrBudgetExceeded, lao.ErrEmpty, frames.ErrMissing, frames.ErrConstantColumn} {
		if errors.Is(err, s) {
			if m := strings.Replace(msg, ": "+s.Error(), "", 1); m != "" {
				msg = m
			}
		}
	}
	for packagePrefix.MatchString(msg) { // "fit: frames: target …" → "fit: target …"
		msg = packagePrefix.ReplaceAllString(msg, "$1")
	}
	var pe *lao.ParamError
	if errors.As(err, &pe) && slices.Contains(shorthands, pe.Param) && flagTyped("--"+pe.Param) { // "aerr: k = 0 …" → "aerr: --k 0 …"
		msg = strings.Replace(msg, pe.Solver+": "+pe.Param+" = ", pe.Solver+": --"+pe.Param+" ", 1)
	}
	if errors.As(err, &pe) && budgetParam.MatchString(pe.Param) && flagTyped(budgetFlags[pe.Param]) {
		msg = budgetParam.ReplaceAllStringFunc(msg, func(name string) string { // "costbudget = 3" → "--cost-budget 3"
			return budgetFlags[strings.TrimSuffix(name, " =")]
		})
	}
	return msg
}

// cliArgs are the arguments of the command being run (run sets them), for
// messages that name what the user typed.
var cliArgs []string

// flagTyped reports whether the flag (written "--name") is among cliArgs,
// as -name or --name, with its value after = or as the next argument (a
// value is not a flag: --param k=0 does not type --k, nor --target k).
func flagTyped(flag string) bool {
	name := strings.TrimLeft(flag, "-")
	return slices.ContainsFunc(cliArgs, func(a string) bool {
		if !strings.HasPrefix(a, "-") {
			return false
		}
		a, _, _ = strings.Cut(strings.TrimLeft(a, "-"), "=")
		return a == name
	})
}

// The cost budgets are parameters of the priced solvers (--param
// costbudget=…) with flags of their own, which their errors name when the
// user typed the flag.
var (
	budgetParam = regexp.MustCompile(`\b(predict)?costbudget\b( =)?`)
	budgetFlags = map[string]string{"costbudget": "--cost-budget", "predictcostbudget": "--predict-cost-budget"}
)

func run(args []string, stdout io.Writer) error {
	cliArgs = args
	if len(args) == 0 {
		return runDemo(nil, stdout)
	}
	if args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] {
			return c.run(args[1:], stdout)
		}
	}
	usage(os.Stderr)
	return fmt.Errorf("unknown command %q", args[0])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: lao [command] [flags]\n\ncommands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nWith no command, lao runs the demo. `lao CMD -h` lists a command's flags.")
}

// paramText is the text of an invalid-parameter error from a library call
// without the prefix the caller's own message replaces (its package and
// function, e.g. "frames: Split: ") and without the sentinel's text
// (lao.ErrParam) at its end, for a message that names the flag instead.
func paramText(err error, prefix string) string {
	return strings.TrimSuffix(strings.TrimPrefix(err.Error(), prefix), ": "+lao.ErrParam.Error())
}
