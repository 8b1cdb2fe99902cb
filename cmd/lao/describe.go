package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// describeReport is the JSON form of `lao describe --json`.
type describeReport struct {
	Data     string  `json:"data"`
	M        int     `json:"m"`
	D        int     `json:"d"`
	MaxL2    float64 `json:"max_row_l2"`
	MaxLinf  float64 `json:"max_row_linf"`
	MaxAbsY  float64 `json:"max_abs_label"`
	MeanY    float64 `json:"mean_label"`
	RhoRidge float64 `json:"rho_ridge"`
	RhoLasso float64 `json:"rho_lasso"`
	ZeroFrac float64 `json:"fraction_zero"`
}

// runDescribe prints what the theorems assume about a data set: sizes, the
// largest row norms and label, the fraction of zeros, Kukliansky & Shamir's
// improvement ratios, and a per-column summary.
func runDescribe(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("describe", flag.ContinueOnError)
	data := fs.String("data", "", "CSV file (with --target) or a named data set: mnist:AvB, covertype:C[:scaled], ctslice[:scaled]")
	target := fs.String("target", "", "label column of a CSV file")
	cols := fs.Int("columns", 10, "columns to list in the summary, largest second moment first (0: none, -1: all)")
	asJSON := fs.Bool("json", false, "print JSON (without the column summary)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *data == "" {
		return errors.New("describe: --data is required")
	}
	var ds *lao.Dataset
	if isNamed(*data) {
		var err error
		if ds, err = datasets.Open(*data); err != nil {
			return err
		}
	} else {
		if *target == "" {
			return errors.New("describe: --target is required for a CSV file")
		}
		df, err := readCSV(*data)
		if err != nil {
			return err
		}
		d, err := frames.FromDataFrame(df, *target, frames.Options{})
		if err != nil {
			return err
		}
		ds = d.Dataset
	}
	if ds.Len() == 0 {
		return fmt.Errorf("describe: %s: %w", *data, lao.ErrEmpty)
	}
	n := frames.MaxNorms(ds)
	mom := frames.SecondMoments(ds)
	rho := frames.ImprovementRatios(mom)
	rep := describeReport{Data: *data, M: ds.Len(), D: ds.Dim(), MaxL2: n.MaxL2, MaxLinf: n.MaxLinf, MaxAbsY: n.MaxAbsY,
		RhoRidge: rho.Ridge, RhoLasso: rho.Lasso}
	zeros := 0
	for i := range ds.Len() {
		rep.MeanY += ds.Label(i) / float64(ds.Len())
		for _, v := range ds.Row(i) {
			if v == 0 {
				zeros++
			}
		}
	}
	rep.ZeroFrac = float64(zeros) / float64(ds.Len()*ds.Dim())
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	fmt.Fprintf(stdout, "%s: m = %d examples, d = %d attributes, %.1f %% of the values are 0\n", *data, rep.M, rep.D, 100*rep.ZeroFrac)
	fmt.Fprintf(stdout, "largest row norms: ||x||₂ = %.4g, ||x||∞ = %.4g; largest |y| = %.4g, mean y = %.4g\n", rep.MaxL2, rep.MaxLinf, rep.MaxAbsY, rep.MeanY)
	fmt.Fprintln(stdout, "  (AERR's theorem assumes ||x||₂ ≤ 1, AER's, AELR's and Baseline's ||x||∞ ≤ 1; all of them |y| ≤ 1)")
	fmt.Fprintf(stdout, "improvement ratios (Kukliansky & Shamir, eqs. 11-12): rho_ridge = %.4f, rho_lasso = %.4f\n", rep.RhoRidge, rep.RhoLasso)
	fmt.Fprintln(stdout, "  (1 = all attributes have the same second moment; smaller = more to gain from data-dependent sampling)")
	if *cols == 0 {
		return nil
	}
	sum := frames.Summary(ds).Arrange(dataframe.RevSort("second_moment"))
	show := sum.Nrow()
	if *cols > 0 {
		show = min(show, *cols)
	}
	fmt.Fprintf(stdout, "\ncolumns by second moment E[x_j²] (%d of %d):\n", show, sum.Nrow())
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	names := sum.Names()
	for _, h := range names {
		fmt.Fprintf(tw, "%s\t", h)
	}
	fmt.Fprintln(tw)
	for i := range show {
		for _, h := range names {
			c := sum.Col(h)
			if h == "column" {
				fmt.Fprintf(tw, "%s\t", c.Elem(i).String())
				continue
			}
			v := c.Elem(i).Float()
			if math.IsNaN(v) {
				fmt.Fprint(tw, "-\t")
				continue
			}
			fmt.Fprintf(tw, "%.4g\t", v)
		}
		fmt.Fprintln(tw)
	}
	return tw.Flush()
}
