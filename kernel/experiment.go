package kernel

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

// openData opens a named data set (a variable for the tests).
var openData = datasets.Open

// RunEntries runs the entries of spec with the given labels (all of them if
// none are given) on the named data set (datasets.Open), showing a progress
// bar per split, and returns their curves as one report. Every entry is run
// at most once per kernel session (see Cached): the cells of a notebook can
// run a long experiment one algorithm per cell, and the plotting cell reads
// them all back. The splits depend only on spec.Seed, so the report is what
// one experiments.Run of all the entries would give.
func RunEntries(data string, spec experiments.Spec, labels ...string) (*experiments.Report, error) {
	var ds *lao.Dataset
	open := func() (*lao.Dataset, error) {
		var err error
		if ds == nil {
			ds, err = openData(data)
		}
		return ds, err
	}
	return runEntries(data, open, spec, labels)
}

// RunEntriesOn is RunEntries on a table of the notebook's own (a CSV read
// with frames.ReadCSV and converted with frames.FromDataFrame), named name
// in the cache key and the progress bars: the experiment prepares each
// split for each solver by spec.Preprocess (Scale "auto": as `lao fit`).
func RunEntriesOn(name string, ds *lao.Dataset, spec experiments.Spec, labels ...string) (*experiments.Report, error) {
	return runEntries(name+" ("+frames.Fingerprint(ds)+")", func() (*lao.Dataset, error) { return ds, nil }, spec, labels)
}

func runEntries(data string, open func() (*lao.Dataset, error), spec experiments.Spec, labels []string) (*experiments.Report, error) {
	if len(labels) == 0 {
		for _, e := range spec.Entries {
			labels = append(labels, e.Label)
		}
	}
	var reps []*experiments.Report
	for _, l := range labels {
		i := slices.IndexFunc(spec.Entries, func(e experiments.Entry) bool { return e.Label == l })
		if i < 0 {
			return nil, fmt.Errorf("kernel: RunEntries: no entry %q in the experiment", l)
		}
		one := spec
		one.Entries = []experiments.Entry{spec.Entries[i]}
		key := struct {
			Data string
			Spec experiments.Spec
		}{data, one}
		rep, err := Cached(key, func() (*experiments.Report, error) {
			ds, err := open()
			if err != nil {
				return nil, err
			}
			bar := NewProgress(fmt.Sprintf("%s, %s", data, l), one.Splits)
			defer bar.Done()
			return experiments.Run(ds, one, bar.Report)
		})
		if err != nil {
			return nil, err
		}
		reps = append(reps, rep)
	}
	return experiments.Merge(reps...)
}

// FinalTable tabulates the last point of every curve of rep (the whole
// training part): test squared error and, when the labels are ±1
// (Report.Binary), the classification error (mean ± sd when there are
// several splits), attributes seen, the parameters the curve ran with on
// the first split, and the parameters cross-validation chose on the edge of
// its grid, if any. The footer says which tuned fits were refitted with
// CV's next setting (Report.RefitNotes).
func FinalTable(caption string, rep *experiments.Report) Table {
	t := Table{Caption: caption,
		Header:  []string{"algorithm", "examples", "attributes seen", "test squared error", "classification error", "parameters (split 1)"},
		Numeric: []bool{false, true, true, true, true, false}}
	splits := rep.Spec.Splits
	for _, c := range rep.Curves {
		p := c.Final()
		mse, cerr := fmt.Sprintf("%.3f", p.MSE), fmt.Sprintf("%.1f %%", 100*p.Err)
		if splits > 1 {
			mse += fmt.Sprintf(" ± %.3f", p.MSEStd)
			cerr = fmt.Sprintf("%.1f ± %.1f %%", 100*p.Err, 100*p.ErrStd)
		}
		params := ""
		if len(c.Params) > 0 {
			params = ParamString(c.Params[0])
		}
		if len(c.Edges) > 0 && len(c.Edges[0]) > 0 {
			params += " (on the grid's edge: " + strings.Join(c.Edges[0], "; ") + ")"
		}
		t.Rows = append(t.Rows, []string{c.Entry.Label, fmt.Sprint(p.Examples), fmt.Sprintf("%.0f", p.Attributes), mse, cerr, params})
	}
	if !rep.Binary { // real-valued labels: no classification error
		t.Header = slices.Delete(t.Header, 4, 5)
		t.Numeric = slices.Delete(t.Numeric, 4, 5)
		for i := range t.Rows {
			t.Rows[i] = slices.Delete(t.Rows[i], 4, 5)
		}
	}
	if splits > 1 {
		t.Footer = fmt.Sprintf("mean ± sd over %d random splits", splits)
	}
	if w := rep.ZeroWarnings(); len(w) > 0 {
		t.Footer = strings.TrimPrefix(t.Footer+"; warning: "+strings.Join(w, "; "), "; ")
	}
	if n := refitSummary(rep); n != "" {
		t.Footer = strings.TrimPrefix(t.Footer+"; "+n, "; ")
	}
	return t
}

// refitSummary counts, per curve, the tuned fits that were refitted with
// CV's next settings (Curve.RefittedFits; a fit may be replaced more than
// once, with a note each), for a table's footer, with the notes themselves
// when there are at most maxFooterNotes (else Report.RefitNotes has them).
func refitSummary(rep *experiments.Report) string {
	var parts []string
	fits, notes := 0, 0
	for _, c := range rep.Curves {
		if len(c.Refits) == 0 {
			continue
		}
		n := c.RefittedFits()
		parts = append(parts, fmt.Sprintf("%s: %d fit(s), %d replacement(s)", c.Entry.Label, n, len(c.Refits)))
		fits, notes = fits+n, notes+len(c.Refits)
	}
	if fits == 0 {
		return ""
	}
	s := fmt.Sprintf("%d tuned fit(s) were worse than the zero predictor on their own training data and were refitted with "+
		"cross-validation's next settings until one was not (%s)", fits, strings.Join(parts, "; "))
	if notes > maxFooterNotes {
		return s + "; the report's RefitNotes say which"
	}
	return s + ": " + strings.Join(rep.RefitNotes(), "; ")
}

// maxFooterNotes is how many refit notes a table's footer lists in full.
const maxFooterNotes = 3

// CheckEnds checks that every curve of rep ends within noise of its best
// point: a curve whose test error rises towards the end is a result only
// if the notebook says why. The last point passes if it is at most the best
// point's error plus two standard deviations over splits (of the last
// point) or 5 % of the best, whichever is larger. explained maps a curve's
// label to the reason its rise is expected; such a curve is reported, not
// failed. It prints one line per curve that rises and returns an error
// naming the unexplained ones. It also prints, without failing, every
// point before the end at which a curve that had been below the zero
// predictor is above it again (midSpikes): a reader sees such a point on
// the plot, and the cell says where it is. Before all this it prints
// rep.ZeroFitNotes: the prefixes at which cross-validation chose the zero
// predictor over the solver, which the plots leave out of the solver's
// curve.
func CheckEnds(rep *experiments.Report, explained map[string]string) error {
	for _, line := range rep.ZeroFitNotes() {
		Println(line)
	}
	var bad []string
	for _, c := range rep.Curves {
		for _, line := range midSpikes(c) {
			Println(line)
		}
		best := c.Points[0]
		for _, p := range c.Points {
			if p.MSE < best.MSE {
				best = p
			}
		}
		last := c.Final()
		if last.MSE <= best.MSE+max(2*last.MSEStd, 0.05*best.MSE) {
			continue
		}
		line := fmt.Sprintf("%s ends at %.3g, above its best %.3g (after %d examples)", c.Entry.Label, last.MSE, best.MSE, best.Examples)
		if why, ok := explained[c.Entry.Label]; ok {
			Printf("%s: %s\n", line, why)
			continue
		}
		bad = append(bad, line)
	}
	if len(bad) > 0 {
		return fmt.Errorf("kernel: CheckEnds: %s: a rise at the end is a blow-up to fix, or to explain in the cell", strings.Join(bad, "; "))
	}
	return nil
}

// midSpikes describes the points of c before its last at which its test
// error is clearly above the zero predictor's (by more than 5 % of it and
// two standard deviations over splits) although an earlier point was
// below it: not the first prefixes, where little data explains it, nor
// noise around the zero predictor's level, but a single prefix whose tuned
// fit did worse than predicting the mean.
func midSpikes(c experiments.Curve) []string {
	var out []string
	below := false
	for i, p := range c.Points {
		switch {
		case !(p.ZeroMSE > 0):
		case p.MSE < p.ZeroMSE:
			below = true
		case below && i < len(c.Points)-1 && p.MSE > p.ZeroMSE+max(0.05*p.ZeroMSE, 2*p.MSEStd):
			out = append(out, fmt.Sprintf("%s after %d examples: test error %.3g, above the zero predictor's %.3g, where the "+
				"curve had been below it at a shorter prefix: that prefix's tuned fit did worse on the test rows than predicting "+
				"the mean (each prefix is tuned on its own; the next point is at %.3g)", c.Entry.Label, p.Examples, p.MSE,
				p.ZeroMSE, c.Points[i+1].MSE))
		}
	}
	return out
}

// ParamString formats parameters as "B = 4, eta = 0.213", sorted by name.
func ParamString(params map[string]float64) string {
	names := slices.Sorted(maps.Keys(params))
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s = %.3g", n, params[n])
	}
	return strings.Join(parts, ", ")
}

// BudgetTable compares every curve of rep at about the number of attributes
// the curve labelled ref saw in its whole run (Curve.AtAttributes with 20 %
// slack): the papers' comparison of partial- and full-information
// algorithms at an equal attribute budget.
func BudgetTable(rep *experiments.Report, ref string) (Table, error) {
	c, ok := rep.CurveByLabel(ref)
	if !ok {
		return Table{}, fmt.Errorf("kernel: BudgetTable: no curve %q", ref)
	}
	budget := c.Final().Attributes
	t := Table{Caption: fmt.Sprintf("At about the attribute budget of %s (%.0f attributes)", ref, budget),
		Header: []string{"algorithm", "attributes seen", "examples", "test squared error"}, Numeric: []bool{false, true, true, true}}
	for _, c := range rep.Curves {
		p := c.AtAttributes(budget, 0.2)
		t.Rows = append(t.Rows, []string{c.Entry.Label, fmt.Sprintf("%.0f", p.Attributes), fmt.Sprint(p.Examples), fmt.Sprintf("%.3f", p.MSE)})
	}
	return t, nil
}

// OneSplitCV explains a tuned curve that ends above an earlier point when
// every prefix was tuned on its own (experiments.Spec.PerPrefix) on a
// single split: cross-validation's choice on the whole training part
// scored worse on the test rows than its choice on a shorter prefix.
const OneSplitCV = "every prefix was tuned on its own by cross-validation on one split, and the parameters CV chose on the whole " +
	"training part score worse on the test rows than those it chose on a shorter prefix: a selection made on few folds of one " +
	"split is noisy (full = true runs the paper's protocol, which averages many random splits, each tuned by 10-fold CV)"

// BelowAlong compares two curves of rep along the whole run at equal
// attributes seen, as the papers' figures do: at every point of lower
// (with a fit, not the zero predictor on every split) whose attribute count
// lies within higher's range, higher's test error is interpolated there
// (linear in log attributes) and the two compared. The range is widened by
// 10 % at each end, where higher's end value is used: the prefixes are
// log-spaced and two solvers' budgets differ slightly (AER reads k
// attributes per example, AELR k + 1 with one k fewer), so their last
// points rarely have the same count. It returns the number
// of such points where lower's error is below higher's, the number
// compared, and a line for the cell: "below at N of M points ... at the
// last (A attributes): X vs Y", the last point compared. An empty
// comparison is an error.
func BelowAlong(rep *experiments.Report, lower, higher string) (below, compared int, line string, err error) {
	lo, okLo := rep.CurveByLabel(lower)
	hi, okHi := rep.CurveByLabel(higher)
	if !okLo || !okHi {
		return 0, 0, "", fmt.Errorf("kernel: BelowAlong: no curve %q or %q", lower, higher)
	}
	// higher's points by attributes seen: with some splits at the zero
	// predictor a prefix's mean count can fall below the one before.
	pts := slices.Clone(hi.Points)
	slices.SortStableFunc(pts, func(a, b experiments.Point) int { return cmp.Compare(a.Attributes, b.Attributes) })
	var xs, ys []float64
	for _, p := range pts {
		if p.Attributes > 0 && !p.ZeroOnAll(rep.Spec.Splits) {
			xs, ys = append(xs, math.Log(p.Attributes)), append(ys, p.MSE)
		}
	}
	var at float64
	var a, b float64
	for _, p := range lo.Points {
		if p.Attributes <= 0 || p.ZeroOnAll(rep.Spec.Splits) || len(xs) == 0 {
			continue
		}
		x := math.Log(p.Attributes)
		if x < xs[0]-math.Log(1.1) || x > xs[len(xs)-1]+math.Log(1.1) {
			continue
		}
		compared++
		a, b, at = p.MSE, interpolate(xs, ys, x), p.Attributes
		if a < b {
			below++
		}
	}
	if compared == 0 {
		return 0, 0, "", fmt.Errorf("kernel: BelowAlong: %s and %s have no attribute count in common", lower, higher)
	}
	line = fmt.Sprintf("%s below %s at %d of the %d points compared at equal attributes seen (%s interpolated); at the last (%.0f attributes): %.3f vs %.3f",
		lower, higher, below, compared, higher, at, a, b)
	return below, compared, line, nil
}
