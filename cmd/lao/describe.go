package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// describeReport is the JSON form of `lao describe --json`. The top-level
// figures are the raw data's (a CSV's columns as they are in the file);
// Solver holds the same figures for the data as the solver sees it, after
// the default standardisation and scaling.
type describeReport struct {
	Data   string `json:"data"`
	Target string `json:"target,omitempty"`
	// Reading is how the CSV file was read, where not by default.
	Reading *readingReport  `json:"csv_reading,omitempty"`
	Unused  []frames.Unused `json:"unused_columns"`
	Missing *missingReport  `json:"missing,omitempty"`
	Scaling string          `json:"scaling"`
	Solver  string          `json:"solver"`
	figures                 // raw
	Scaled  figures         `json:"as_the_solver_sees_it"`
	Binary  bool            `json:"labels_are_plus_minus_one"`
	// Transform is the centring and scaling fit uses (with the same
	// --seed and --test-frac): fitted on the training part.
	Transform *frames.Transform `json:"transform"`
	// Seed and TestFrac are the split whose training part is the data
	// as the solver sees them, as in `lao fit`.
	Seed     uint64   `json:"seed"`
	TestFrac float64  `json:"test_frac"`
	TestLast bool     `json:"test_last,omitempty"` // --test-last: the test part is the last rows
	Warnings []string `json:"warnings"`
	Notes    []string `json:"notes"`
	// IDLike are the columns that look like row or group numbers or dates,
	// or show the rows are in time order (frames.IDLike: a text column of
	// dates among them is not a feature); each also has a warning.
	IDLike []frames.IDLike `json:"id_like_columns,omitempty"`
	// With prices (--costs, --cost): each column's price and the predicted
	// gain of priced over cost-blind sampling.
	Costs    map[string]float64 `json:"costs,omitempty"`
	CostGain []costGain         `json:"predicted_cost_gain,omitempty"`
	// Columns is the column summary the text lists (--columns of them,
	// largest second moment first), in the JSON only.
	Columns []describeColumn `json:"columns"`
	// ColumnsNotListed names the columns --columns left out.
	ColumnsNotListed []string `json:"columns_not_listed,omitempty"`
	// ColumnsOrder is the order of Columns: "second moment" (largest
	// first), or "file" where the second moments are equal (standardised
	// columns).
	ColumnsOrder string `json:"columns_order"`
}

// figures are what the theorems assume about a data set.
type figures struct {
	M        int     `json:"m"`
	D        int     `json:"d"`
	MaxL2    jfloat  `json:"max_row_l2"`
	MaxLinf  jfloat  `json:"max_row_linf"`
	MaxAbsY  jfloat  `json:"max_abs_label"`
	MeanY    jfloat  `json:"mean_label"`
	RhoRidge jfloat  `json:"rho_ridge"`
	RhoLasso jfloat  `json:"rho_lasso"`
	ZeroFrac float64 `json:"fraction_zero"`
	// BoundRidge and BoundLasso are the predicted ratios of the
	// data-dependent solvers' excess-risk bounds to the uniform ones' at
	// budget K (frames.BoundRatios; 1 = no predicted gain).
	K          int    `json:"k"`
	BoundRidge jfloat `json:"bound_ratio_ridge"`
	BoundLasso jfloat `json:"bound_ratio_lasso"`
}

func describeFigures(ds *lao.Dataset, k int) figures {
	n := frames.MaxNorms(ds)
	mom := frames.SecondMoments(ds)
	rho, br := frames.ImprovementRatios(mom), frames.BoundRatios(mom, k)
	f := figures{M: ds.Len(), D: ds.Dim(), MaxL2: jfloat(n.MaxL2), MaxLinf: jfloat(n.MaxLinf), MaxAbsY: jfloat(n.MaxAbsY),
		RhoRidge: jfloat(rho.Ridge), RhoLasso: jfloat(rho.Lasso), K: k, BoundRidge: jfloat(br.Ridge), BoundLasso: jfloat(br.Lasso)}
	zeros := 0
	var mean float64
	for i := range ds.Len() {
		mean += ds.Label(i) / float64(ds.Len())
		for _, v := range ds.Row(i) {
			if v == 0 {
				zeros++
			}
		}
	}
	f.MeanY = jfloat(mean)
	f.ZeroFrac = float64(zeros) / float64(ds.Len()*ds.Dim())
	return f
}

// runDescribe prints what the theorems assume about a data set, raw and as
// the solver sees it after scaling: sizes, the largest row norms and label,
// the fraction of zeros, Kukliansky & Shamir's improvement ratios, and a
// per-column summary.
func runDescribe(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("describe", flag.ContinueOnError)
	var tf tableFlags
	tf.define(fs, "CSV file (with --target) or a named data set: mnist:AvB, covertype:C[:scaled], ctslice[:scaled]")
	solver := fs.String("solver", "aerr", "show the data as this solver sees it (its theorem's scaling)")
	scale := fs.String("scale", "auto", scaleUsage)
	cols := fs.Int("columns", 10, "columns to list in the summary, largest second moment first (0: none, -1: all)")
	asJSON := fs.Bool("json", false, "print JSON (without the column summary)")
	k := fs.Int("k", lao.DefaultK, "attribute budget k for the data-dependent solvers' predicted gain (frames.BoundRatios)")
	seed := fs.Uint64("seed", 1, "seed of the split, as in 'lao fit': the data as the solver sees them are fit's training part")
	testFrac := fs.Float64("test-frac", 0.1, "fraction of rows held out for testing, as in 'lao fit'")
	testLast := fs.Bool("test-last", false, "the split's test part is the last rows, as 'lao fit --test-last' holds them out")
	var cf costFlags
	fs.StringVar(&cf.file, "costs", "", "CSV of the attributes' prices (column name, price): print the predicted gain of priced over cost-blind sampling")
	fs.Var(listFlag{&cf.list}, "cost", "attributes' prices as `name=price,...` (repeatable: the lists add up)")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	switch {
	case *k < 1:
		return fmt.Errorf("describe: --k %d must be at least 1", *k)
	case !(*testFrac > 0 && *testFrac < 1):
		return fmt.Errorf("describe: --test-frac %g must be in (0, 1)", *testFrac)
	case tf.data == "":
		return errors.New("describe: --data is required")
	}
	if err := testLastRefused("describe", &tf, *testLast, false); err != nil {
		return err
	}
	s, err := lao.New(*solver)
	if err != nil {
		return err
	}
	src, err := loadData(&tf, "describe")
	if err != nil {
		return err
	}
	raw, scaled, rep, err := describeData(src, s, *scale, *k, flagGiven(fs, "k"), holdout{*testFrac, *testLast}, *seed)
	if err != nil {
		return err
	}
	*k = min(*k, raw.Dim())
	if cf.given() {
		if err := describePrices(rep, scaled, &cf, *k); err != nil {
			return err
		}
	}
	if *asJSON {
		return rep.printJSON(stdout, raw, scaled, *cols)
	}
	printDescribe(stdout, rep)
	if err := printCostGains(stdout, rep.CostGain); err != nil {
		return err
	}
	if *cols == 0 {
		return nil
	}
	return printColumns(stdout, raw, scaled, *cols, rep.IDLike)
}

// describeData returns the raw data set (every row), the data as s sees
// them (the training part of fit's split, prepared by the same function as
// fit's) and the report.
// The default k is lowered to d with a note, as fit does; a k given
// (kGiven) above d is an error.
func describeData(src *dataSource, s lao.Solver, scale string, k int, kGiven bool, h holdout, seed uint64) (raw, scaled *lao.Dataset, rep *describeReport, err error) {
	rep = &describeReport{Data: src.name, Target: src.target, Reading: src.reading, Solver: s.Name(), Seed: seed, TestFrac: h.frac, TestLast: h.last}
	if src.sparse {
		return nil, nil, nil, fmt.Errorf("describe: %s: sparse (libsvm/svmlight) data are not summarised", src.name)
	}
	p, err := src.prepare(s, scale, h, seed)
	err = src.explainDrops(err)
	if err != nil {
		return nil, nil, nil, err
	}
	scaled, rep.Scaling, rep.Unused, rep.Missing, rep.Transform = p.Train.(*lao.Dataset), p.scaling, p.unused, p.missing, &p.Transform
	orEmpty(&rep.Unused) // [] in the JSON when every column is used, as fit prints it
	if note := p.note; note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	rep.Notes = slices.Concat(rep.Notes, src.tableNotes(), nonEmpty(extremeLabelNote(src.rawLabels(), src.rowName, h.firstTest(src.rows())), testLastOrderNote(h.last, p)),
		frames.OutlierNotes(p.Stats, p.Train.Names()), nonEmpty(frames.ZeroGapNote(p.ZeroGaps), src.codeNote(p.Train.Names()), pairsNote(p)))
	if raw, err = src.raw(p.Train.Names()); err != nil {
		return nil, nil, nil, err
	}
	if d := raw.Dim(); k > d {
		if kGiven {
			return nil, nil, nil, fmt.Errorf("describe: --k %d exceeds the number of attributes d = %d", k, d)
		}
		rep.Notes = append(rep.Notes, defaultKNote(d, k))
		k = d
	}
	rep.figures, rep.Scaled = describeFigures(raw, k), describeFigures(scaled, k)
	rep.Binary, rep.IDLike = p.Binary, p.IDLike
	rep.Warnings = append(append(rep.Warnings, p.Warnings()...), boundWarnings(s, rep.Scaled)...)
	if strings.HasPrefix(p.scaling, "std-") && raw.Dim() > 1 && !frames.DataDependent(s) {
		same := "standardised columns all have the same second moment, so the rho ratios are 1"
		if r := float64(rep.Scaled.RhoRidge); r < 0.999 { // standardised on the training rows, described on all (filled cells too)
			same = fmt.Sprintf("standardised columns have nearly the same second moment (on the training rows; described here on every row, "+
				"filled cells included: rho_ridge %.4f), so the rho ratios are near 1", r)
		}
		rep.Notes = append(rep.Notes, same+" and data-dependent sampling (DDAERR, DDAELR) gains little over uniform; they keep the columns' own scales where those are commensurate")
	}
	return raw, scaled, rep, nil
}

// raw returns every row of the data with the given features, as they are
// in the file (missing cells filled with the column's mean when --missing
// mean).
func (src *dataSource) raw(features []string) (*lao.Dataset, error) {
	if src.tab == nil {
		ds, ok := src.ds.(*lao.Dataset)
		if !ok {
			return nil, fmt.Errorf("describe: %s is not a dense table", src.name)
		}
		return ds, nil
	}
	rd, err := frames.FromDataFrame(src.tab.DataFrame, src.target, frames.Options{Features: features, FillMissing: src.tab.Missing == frames.MissingMean})
	if err != nil {
		return nil, err
	}
	return rd.Dataset, nil
}

// boundWarnings says where the data as the solver sees them break its
// theorem's assumptions.
func boundWarnings(s lao.Solver, f figures) []string {
	var out []string
	switch about := lao.Describe(s); {
	case about.Ball == "l2" && f.MaxL2 > 1+1e-9:
		out = append(out, fmt.Sprintf("rows have ||x||₂ up to %.3g > 1, which %s's theorem assumes (--scale l2 divides every column by one common factor so that ||x||₂ ≤ 1)", float64(f.MaxL2), s.Name()))
	case about.Ball == "l1" && f.MaxLinf > 1+1e-9:
		out = append(out, fmt.Sprintf("cells reach |x| = %.3g > 1, which %s's theorem assumes (||x||∞ ≤ 1; --scale common-linf divides every column by one common factor so that it holds)", float64(f.MaxLinf), s.Name()))
	}
	if f.MaxAbsY > 1+1e-9 {
		out = append(out, fmt.Sprintf("labels reach |y| = %.3g > 1 = B, the default radius", float64(f.MaxAbsY)))
	}
	return out
}

func printDescribe(w io.Writer, r *describeReport) {
	fmt.Fprintf(w, "%s: m = %d examples, d = %d attributes, %.1f %% of the values are 0", r.Data, r.M, r.D, 100*r.ZeroFrac)
	if r.Target != "" {
		fmt.Fprintf(w, "; target %s", r.Target)
	}
	if r.Binary {
		fmt.Fprint(w, " (labels ±1)")
	}
	fmt.Fprintln(w)
	last := ""
	if r.TestLast {
		last = ", --test-last"
	}
	fmt.Fprintf(w, "as %s sees it: the training part of fit's split (%d rows; --seed %d, --test-frac %g%s), prepared by the same function as fit\n",
		r.Solver, r.Scaled.M, r.Seed, r.TestFrac, last)
	printUnused(w, r.Unused)
	if r.Missing != nil {
		if t := r.Missing.text(); t != "" {
			fmt.Fprintln(w, t)
		}
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "\traw (%d rows)\tas %s sees it (scaling %s)\t\n", r.M, r.Solver, r.Scaling)
	row := func(name string, a, b float64) {
		if math.Abs(b) < 1e-12 {
			b = 0 // a centred mean, up to rounding
		}
		fmt.Fprintf(tw, "%s\t%.4g\t%.4g\t\n", name, a, b)
	}
	row("largest ||x||₂", float64(r.MaxL2), float64(r.Scaled.MaxL2))
	row("largest ||x||∞", float64(r.MaxLinf), float64(r.Scaled.MaxLinf))
	row("largest |y|", float64(r.MaxAbsY), float64(r.Scaled.MaxAbsY))
	row("mean y", float64(r.MeanY), float64(r.Scaled.MeanY))
	row("rho_ridge", float64(r.RhoRidge), float64(r.Scaled.RhoRidge))
	row("rho_lasso", float64(r.RhoLasso), float64(r.Scaled.RhoLasso))
	row(fmt.Sprintf("DD/uniform bound, ridge, k = %d", r.K), float64(r.BoundRidge), float64(r.Scaled.BoundRidge))
	row(fmt.Sprintf("DD/uniform bound, lasso, k = %d", r.K), float64(r.BoundLasso), float64(r.Scaled.BoundLasso))
	tw.Flush()
	fmt.Fprintln(w, "  (AERR's theorem assumes ||x||₂ ≤ 1, AER's, AELR's and Baseline's ||x||∞ ≤ 1; all of them |y| ≤ B = 1 by default)")
	fmt.Fprintln(w, "  (rho: improvement ratios of Kukliansky & Shamir 2015, eqs. 11-12; 1 = every attribute has the same second moment,")
	fmt.Fprintln(w, "   smaller = more to gain from data-dependent sampling; the DD/uniform bound is DDAERR's (DDAELR's) excess-risk")
	fmt.Fprintln(w, "   bound over AERR's (AELR's), each at its best step: √((rho·d + k − 1)/(d + k − 1)), 1 = no predicted gain)")
	for _, m := range r.Notes {
		fmt.Fprintln(w, "note:", m)
	}
	for _, m := range r.Warnings {
		fmt.Fprintln(w, "warning:", m)
	}
}

// momentOrder returns the columns' indices by decreasing second moment,
// ties (equal but for rounding, as standardised columns are) in the file's
// order, and whether every moment is tied.
func momentOrder(mom []float64) (order []int, equal bool) {
	same := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(math.Abs(a), math.Abs(b)) }
	order = make([]int, len(mom))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		if same(mom[a], mom[b]) {
			return 0
		}
		return cmp.Compare(mom[b], mom[a])
	})
	return order, !slices.ContainsFunc(mom, func(v float64) bool { return !same(v, mom[0]) })
}

// printJSON writes the report as JSON, with the column summary of the
// text (cols of describeColumns' rows).
func (r *describeReport) printJSON(w io.Writer, raw, scaled *lao.Dataset, cols int) error {
	var equal bool
	r.Columns, equal, r.ColumnsNotListed = describeColumns(raw, scaled, cols, r.IDLike)
	r.ColumnsOrder = "second moment"
	if equal {
		r.ColumnsOrder = "file"
	}
	orEmpty(&r.Warnings, &r.Notes)
	orEmpty(&r.Columns)
	return printJSON(w, r)
}

// describeColumn is one column of describe's summary: the raw figures
// (std divided by n, as the scaling uses it), those of the column as the
// solver sees it, and a flag for the columns that look like row or group
// numbers, dates or a time order.
type describeColumn struct {
	Column       string `json:"column"`
	Mean         jfloat `json:"mean"`
	Std          jfloat `json:"std"`
	Min          jfloat `json:"min"`
	Max          jfloat `json:"max"`
	FracZero     jfloat `json:"frac_zero"`
	ScaledMin    jfloat `json:"scaled_min"`
	ScaledMax    jfloat `json:"scaled_max"`
	SecondMoment jfloat `json:"second_moment"`
	Flag         string `json:"flag,omitempty"`
}

// describeColumns returns the columns by second moment as the solver sees
// them (in file order where they are equal, as standardised columns are,
// and equal then reports it), the first n of them (every one for n < 0),
// and the indices of those left out.
func describeColumns(raw, scaled *lao.Dataset, n int, ids []frames.IDLike) (rows []describeColumn, equal bool, hidden []string) {
	rs, ss := frames.Summary(raw), frames.Summary(scaled)
	mom := ss.Col("second_moment").Float()
	order, equal := momentOrder(mom)
	show := len(order)
	if n >= 0 {
		show = min(show, n)
	}
	names := rs.Col("column").Records()
	rmean, rstd, rmin, rmax, rz := rs.Col("mean").Float(), rs.Col("std").Float(), rs.Col("min").Float(), rs.Col("max").Float(), rs.Col("frac_zero").Float()
	smin, smax := ss.Col("min").Float(), ss.Col("max").Float()
	for _, j := range order[:show] {
		rows = append(rows, describeColumn{Column: names[j], Mean: jfloat(rmean[j]), Std: jfloat(rstd[j]), Min: jfloat(rmin[j]), Max: jfloat(rmax[j]), FracZero: jfloat(rz[j]),
			ScaledMin: jfloat(smin[j]), ScaledMax: jfloat(smax[j]), SecondMoment: jfloat(mom[j]), Flag: idFlag(names[j], ids)})
	}
	for _, j := range order[show:] {
		hidden = append(hidden, names[j])
	}
	return rows, equal, hidden
}

// idFlag is the summary's flag for column name: "ID-like" for a row or
// group number, "date" for dates written as numbers, "time order" for a
// feature the rows are in the order of (years, or one the label trends
// along), "" for the others.
func idFlag(name string, ids []frames.IDLike) string {
	i := slices.IndexFunc(ids, func(c frames.IDLike) bool { return c.Column == name })
	switch {
	case i < 0:
		return ""
	case ids[i].Date:
		return "date" // its warning says dates, not an identifier
	case ids[i].Trend != 0, ids[i].Year:
		return "time order" // a feature like any other, the rows in its order (the label trending along them)
	}
	return "ID-like"
}

// printColumns lists describeColumns' rows (n of them; 0: none, -1: all),
// with the raw figures beside and the flag.
func printColumns(w io.Writer, raw, scaled *lao.Dataset, n int, ids []frames.IDLike) error {
	rows, equal, hidden := describeColumns(raw, scaled, n, ids)
	by := "by second moment E[x_j²]"
	if equal {
		by = "in file order (as the solver sees them, their second moments E[x_j²] are equal)"
	}
	fmt.Fprintf(w, "\ncolumns %s (%d of %d): raw mean, std (divided by n, as the scaling uses it), min, max, fraction of zeros; as the solver sees them: min, max, second moment; flag\n", by, len(rows), len(rows)+len(hidden))
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "column\tmean\tstd\tmin\tmax\tfrac_zero\tscaled_min\tscaled_max\tsecond_moment\tflag\t")
	f := func(v jfloat) string {
		if math.IsNaN(float64(v)) {
			return "-"
		}
		return fmt.Sprintf("%.4g", float64(v))
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t\n", r.Column, f(r.Mean), f(r.Std), f(r.Min), f(r.Max), f(r.FracZero), f(r.ScaledMin), f(r.ScaledMax), f(r.SecondMoment), r.Flag)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if len(hidden) > 0 {
		fmt.Fprintf(w, "  (not listed: %s; --columns -1 lists every column)\n", hiddenNames(hidden))
	}
	return nil
}

// hiddenNames lists names, the first ten of them and a count of the rest.
func hiddenNames(names []string) string {
	const most = 10
	out := slices.Clone(names[:min(len(names), most)])
	if len(names) > most {
		out = append(out, fmt.Sprintf("and %d more", len(names)-most))
	}
	return strings.Join(out, ", ")
}
