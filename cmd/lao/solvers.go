package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/laoproject/lao/lao"
)

type solverJSON struct {
	Name      string      `json:"name"`
	Paper     string      `json:"paper"`
	Algorithm string      `json:"algorithm"`
	Budget    string      `json:"budget"`
	Full      bool        `json:"full_information"`
	Tunable   []string    `json:"tunable"`
	Params    []paramJSON `json:"params"`
}

type paramJSON struct {
	Name    string `json:"name"`
	Type    string `json:"type"` // int, float or bool (1/0 on the command line)
	Usage   string `json:"usage"`
	Default string `json:"default,omitempty"` // what 0 selects
	Tuned   bool   `json:"tuned_by_cv"`
	CV      string `json:"cv_range,omitempty"`
}

func runSolvers(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("solvers", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	var out []solverJSON
	for _, s := range lao.Solvers() {
		j := solverJSON{Name: s.Name, Paper: s.Paper, Algorithm: s.Algorithm, Budget: s.Budget, Full: s.Full, Tunable: []string{}}
		for _, p := range s.Params {
			j.Params = append(j.Params, paramJSON{p.Name, p.Type(), p.Usage, p.Default, p.Tune != nil, p.Tune.String()})
			if p.Tune != nil {
				j.Tunable = append(j.Tunable, p.Name)
			}
		}
		out = append(out, j)
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	for _, s := range out {
		printSolver(stdout, s)
	}
	fmt.Fprintln(stdout, "\n* tuned by --cv. Set any parameter with `lao fit --param name=value` (on/off options: 1 or 0);\n`lao solvers --json` prints what each means, its default and its CV range.")
	return nil
}

// solversWidth is the width `lao solvers` wraps its listing to.
const solversWidth = 100

// printSolver writes one solver as a block that fits solversWidth columns:
// its name, then the paper and algorithm, the budget and the parameters,
// each wrapped under an indent.
func printSolver(w io.Writer, s solverJSON) {
	var ps []string
	for _, p := range s.Params {
		n := p.Name
		if p.Tuned {
			n += "*"
		}
		ps = append(ps, n)
	}
	const indent = 18
	lines := wrap(s.Paper+": "+s.Algorithm, solversWidth-indent)
	lines = append(lines, wrap("budget: "+s.Budget, solversWidth-indent)...)
	lines = append(lines, wrap("parameters: "+strings.Join(ps, " "), solversWidth-indent)...)
	for i, l := range lines {
		name := ""
		if i == 0 {
			name = s.Name
		}
		fmt.Fprintf(w, "%-*s%s\n", indent, name, l)
	}
}

// wrap breaks text into lines of at most width runes at spaces (a longer
// word stands alone).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	return append(lines, line)
}
