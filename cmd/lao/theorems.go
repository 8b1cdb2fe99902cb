package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao/theory"
)

// selectTheorems returns the registry's results of a paper (an ID prefix
// or a word of its citation; "" for all), or the one with the given ID.
func selectTheorems(paper, id string) ([]theory.Theorem, error) {
	list := theory.Theorems()
	if paper != "" {
		list = theory.ByPaper(paper)
	}
	if id != "" {
		t, ok := theory.TheoremByID(id)
		if !ok {
			return nil, fmt.Errorf("theorems: no result with ID %q (`lao theorems` lists them)", id)
		}
		list = []theory.Theorem{t}
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("theorems: no result of paper %q", paper)
	}
	return list, nil
}

type theoremJSON struct {
	ID          string   `json:"id"`
	Paper       string   `json:"paper"`
	Number      string   `json:"number"`
	Kind        string   `json:"kind"`
	Statement   string   `json:"statement"`
	Assumptions string   `json:"assumptions,omitempty"`
	BoundTeX    string   `json:"bound_tex"`
	HasBound    bool     `json:"has_bound_function"`
	Unit        string   `json:"unit,omitempty"`
	Exact       bool     `json:"exact_constant"`
	Value       *float64 `json:"value,omitempty"`      // the bound at --eval's parameters
	ValueNote   string   `json:"value_note,omitempty"` // why there is no value at --eval's parameters
	Solver      string   `json:"solver,omitempty"`
	Generator   string   `json:"generator,omitempty"`
	Notebook    string   `json:"notebook,omitempty"`
	Experiment  string   `json:"experiment,omitempty"`
	Tests       []string `json:"tests,omitempty"`
	Note        string   `json:"note,omitempty"`
}

func runTheorems(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("theorems", flag.ContinueOnError)
	asJSON := fs.Bool("json", false, "print a JSON array")
	paper := fs.String("paper", "", "only this paper: an ID prefix (css2010, css2011, hk2012, ks2015, ms2018) or a word of its citation")
	id := fs.String("id", "", "only the result with this ID, e.g. hk2012/3.1")
	eval := fs.String("eval", "", "evaluate the bounds at these sizes, e.g. \"d=784,k=4,m=10000,B=1\" (keys: d k m B B2 delta eps half l1 eta G s)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: lao theorems [--json] [--paper P] [--id ID] [--eval d=..,k=..,...]\n\nEvery theorem, lemma and claim of the four papers: what it says, its bound, and what shows it.\n\nflags:")
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("theorems: unexpected argument %q", fs.Arg(0))
	}
	var params *theory.BoundParams
	if *eval != "" {
		p, err := parseBoundParams(*eval)
		if err != nil {
			return err
		}
		if err := theory.CheckSizes(p); err != nil {
			return fmt.Errorf("theorems: --eval: %w", err)
		}
		params = &p
	}
	list, err := selectTheorems(*paper, *id)
	if err != nil {
		return err
	}
	out, err := theoremRecords(list, params, *id != "")
	if err != nil {
		return err
	}
	if *asJSON {
		return printJSON(stdout, out)
	}
	for _, t := range out {
		printTheorem(stdout, t, *id != "")
	}
	if *id == "" {
		fmt.Fprintf(stdout, "%d results. `lao theorems --id ID` shows one in full; --eval evaluates the bounds; --json for all fields.\n", len(out))
	}
	return nil
}

// theoremRecords describes the results of list, with their bounds at
// params when given: a result whose assumptions params violate gets a note
// instead of a value, or, when it was asked for alone (single), an error.
func theoremRecords(list []theory.Theorem, params *theory.BoundParams, single bool) ([]theoremJSON, error) {
	out := make([]theoremJSON, len(list))
	for i, t := range list {
		out[i] = theoremJSON{ID: t.ID, Paper: t.Paper, Number: t.Number, Kind: t.Kind, Statement: t.Statement,
			Assumptions: t.Assumptions, BoundTeX: t.BoundTeX, HasBound: t.Bound != nil, Unit: t.Unit, Exact: t.Exact,
			Solver: t.Solver, Generator: t.Generator, Notebook: t.Notebook, Experiment: t.Experiment, Tests: t.Tests, Note: t.Note}
		if params == nil || t.Bound == nil {
			continue
		}
		if err := t.CheckParams(*params); err != nil {
			if single {
				return nil, fmt.Errorf("theorems: --eval: %w", err)
			}
			why := paramText(err, t.ID+" ("+t.Number+"): ")
			out[i].ValueNote = "outside the result's assumptions: " + why
			continue
		}
		if v := t.Bound(*params); !math.IsNaN(v) && !math.IsInf(v, 0) {
			out[i].Value = &v
		} else {
			out[i].ValueNote = fmt.Sprintf("not finite at these sizes (%g): give every size the bound uses (see its formula)", v)
		}
	}
	return out, nil
}

func printTheorem(w io.Writer, t theoremJSON, full bool) {
	fmt.Fprintf(w, "%-12s %s, %s [%s]\n", t.ID, t.Number, t.Paper, t.Kind)
	fmt.Fprintf(w, "    %s\n", t.Statement)
	if full && t.Assumptions != "" {
		fmt.Fprintf(w, "    assumptions: %s\n", t.Assumptions)
	}
	if full || t.Value != nil || t.ValueNote != "" {
		b := "    bound: " + t.BoundTeX
		if t.ValueNote != "" {
			b += "  = " + t.ValueNote
		}
		if t.Value != nil {
			b += fmt.Sprintf("  = %.6g %s", *t.Value, t.Unit)
			if !t.Exact {
				b += " (O-constant 1)"
			}
		}
		fmt.Fprintln(w, b)
	}
	var shown []string
	if t.Solver != "" {
		shown = append(shown, "solver "+t.Solver)
	}
	if t.Generator != "" {
		shown = append(shown, "generator "+t.Generator)
	}
	if t.Notebook != "" {
		shown = append(shown, t.Notebook)
	}
	if t.Experiment != "" {
		shown = append(shown, "lao experiment "+t.Experiment)
	}
	if full && len(t.Tests) > 0 {
		shown = append(shown, "tests "+strings.Join(t.Tests, ", "))
	}
	if len(shown) > 0 {
		fmt.Fprintf(w, "    shown by: %s\n", strings.Join(shown, " · "))
	}
	if full && t.Note != "" {
		fmt.Fprintf(w, "    note: %s\n", t.Note)
	}
}

// parseBoundParams reads "d=784,k=4,m=10000,B=1" (commas or spaces).
func parseBoundParams(s string) (theory.BoundParams, error) {
	var p theory.BoundParams
	for _, kv := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' }) {
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			return p, fmt.Errorf("theorems: --eval: %q is not key=value", kv)
		}
		v, err := strconv.ParseFloat(val, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return p, fmt.Errorf("theorems: --eval: %s = %q is not a finite number", key, val)
		}
		ints := map[string]*int{"d": &p.D, "k": &p.K, "m": &p.M, "s": &p.S}
		floats := map[string]*float64{"B": &p.B, "B2": &p.B2, "delta": &p.Delta, "eps": &p.Eps, "half": &p.Half,
			"l1": &p.L1, "eta": &p.Eta, "G": &p.G}
		switch {
		case ints[key] != nil:
			if v != math.Trunc(v) || math.Abs(v) > math.MaxInt32 {
				return p, fmt.Errorf("theorems: --eval: %s = %s must be an integer", key, val)
			}
			*ints[key] = int(v)
		case floats[key] != nil:
			*floats[key] = v
		default:
			return p, errors.New("theorems: --eval: unknown key " + strconv.Quote(key) + " (keys: d k m B B2 delta eps half l1 eta G s)")
		}
	}
	return p, nil
}
