package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

type demoRow struct {
	Solver      string  `json:"solver"`
	K           int     `json:"k"`
	Attributes  int64   `json:"attributes_observed"`
	MaxPer      int     `json:"max_attributes_per_example"`
	Cap         int     `json:"attribute_cap_per_example"`       // the handle's hard cap
	MeanBudget  float64 `json:"budget_in_expectation,omitempty"` // AESVR: k+6 in expectation, Cap a safety cap
	RelativeMSE float64 `json:"test_mse_relative_to_zero"`
	Seconds     float64 `json:"seconds"`
}

func runDemo(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	k := fs.Int("k", lao.DefaultK, "attributes per example for the budgeted solvers")
	seed := fs.Uint64("seed", 1, "seed of the solvers' randomness")
	asJSON := fs.Bool("json", false, "print JSON rows instead of a table")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	spec := datasets.DefaultDemo
	train, test, _, err := datasets.Demo(spec)
	if err != nil {
		return err
	}
	p, err := frames.PrepareParts(train, test, frames.Options{}) // the data as they are
	if err != nil {
		return err
	}
	var rows []demoRow
	var notRun []string
	for _, info := range lao.Solvers() {
		s := withK(info, *k, train)
		if needsInit(s) {
			notRun = append(notRun, info.Name)
			continue
		}
		fit, err := p.Fit(s, *seed)
		if err != nil {
			return err
		}
		kk := *k
		if info.Full {
			kk = train.Dim()
		}
		res := fit.Result
		rows = append(rows, demoRow{info.Name, kk, res.Attributes, res.MaxPerExample, res.Budget.PerExample, res.Budget.Mean, fit.Test.Ratio(), res.Seconds})
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(rows)
	}
	fmt.Fprintf(stdout, "Synthetic regression: d = %d, %d training and %d test examples, sparse w* (%d non-zeros),\n"+
		"theorem-default parameters (no tuning). Budgeted solvers run with k = %d: each reads what its budget\n"+
		"rule allows (k, k+1, or at most k+6 on average for AESVR: `lao solvers` lists the rules; max/example below);\n"+
		"the sparse solvers of Murata & Suzuki 2018 read s' = k, with models of s = k/2 non-zero weights;\n"+
		"references see all d. MSE is relative to the zero predictor (1 = learned nothing).\n\n",
		spec.D, spec.MTrain, spec.MTest, spec.NonZero, *k)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\tk\tattributes seen\tmax/example\ttest MSE / zero MSE\tseconds\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.4f\t%.3f\t\n", r.Solver, r.K, r.Attributes, r.MaxPer, r.RelativeMSE, r.Seconds)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, n := range notRun {
		fmt.Fprintf(stdout, "\nnot run: %s needs an initial point (Murata & Suzuki 2018's Exploitation runs on the fixed support of θ_0; hybrid finds it)\n", n)
	}
	return nil
}

// needsInit reports whether s cannot start without an initial point (the
// support of Exploitation).
func needsInit(s lao.Solver) bool {
	n, ok := s.(interface{ NeedsInit() bool })
	return ok && n.NeedsInit()
}
