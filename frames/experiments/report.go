package experiments

import (
	"encoding/csv"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

// Axis selects the x-axis of a learning curve.
type Axis int

const (
	// ByExamples plots against the number of training examples.
	ByExamples Axis = iota
	// ByAttributes plots against the attributes seen, the papers' fair
	// comparison of partial- and full-information algorithms.
	ByAttributes
)

// Series returns the curves of r against the chosen axis, ready for
// plotting (package frames/plot): the mean test squared error over the
// splits with its standard deviation as a band (none for a single split,
// whose standard deviation says nothing), a full-information curve — one
// that saw every attribute of every example — as a Reference. A prefix
// where every split's fit was the zero predictor is left out, and the
// line breaks there (Curve.Breaks) rather than bridge it. It is the one
// adapter from experiment results to plot curves (with SweepResult.Series).
func (r *Report) Series(axis Axis) []plot.Curve {
	out := make([]plot.Curve, len(r.Curves))
	for i, c := range r.Curves {
		s := plot.Curve{Name: c.Entry.Label}
		if n := len(c.Points); n > 0 && r.D > 0 {
			if last := c.Points[n-1]; last.Attributes >= float64(last.Examples*r.D) {
				s.Role = plot.Reference
			}
		}
		if z := c.zeroPrefixes(r.Spec.Splits); len(z) > 0 {
			s.Name += fmt.Sprintf(" (w = 0 at %d of %d prefixes: not drawn)", len(z), len(c.Points))
		}
		gap := false
		for _, p := range c.Points {
			if p.ZeroOnAll(r.Spec.Splits) {
				gap = len(s.X) > 0 // the zero predictor's point, drawn as its own line: no line across it
				continue
			}
			if gap {
				s.Breaks, gap = append(s.Breaks, len(s.X)), false
			}
			x := float64(p.Examples)
			if axis == ByAttributes {
				x = p.Attributes
			}
			s.X, s.Mean, s.Std = append(s.X, x), append(s.Mean, p.MSE), append(s.Std, p.MSEStd)
		}
		if r.Spec.Splits < 2 {
			s.Std = nil
		}
		out[i] = s
	}
	if z, ok := r.zeroSeries(axis, out); ok {
		out = append(out, z)
	}
	return out
}

// zeroSeries is the zero predictor's test error (the training mean when the
// labels are centred), drawn as a dotted grey line so that every curve can
// be read against it: per prefix against examples; against attributes,
// which it reads none of, a level line at its error on the whole training
// part across the curves' positive range (so that a log axis draws it).
func (r *Report) zeroSeries(axis Axis, curves []plot.Curve) (plot.Curve, bool) {
	if len(r.Curves) == 0 || len(r.Curves[0].Points) == 0 {
		return plot.Curve{}, false
	}
	pts := r.Curves[0].Points
	z := plot.Curve{Name: "zero predictor (" + r.zeroLabel() + ")", Role: plot.Zero}
	if axis != ByAttributes {
		for _, p := range pts {
			if !(p.ZeroMSE > 0) {
				return plot.Curve{}, false
			}
			z.X, z.Mean = append(z.X, float64(p.Examples)), append(z.Mean, p.ZeroMSE)
		}
		return z, true
	}
	level := pts[len(pts)-1].ZeroMSE
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range curves {
		for _, x := range c.X {
			if x > 0 { // a prefix where CV chose the zero predictor read no attribute: off a log axis
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	if !(level > 0) || !(lo <= hi) {
		return plot.Curve{}, false
	}
	z.X, z.Mean = []float64{lo, hi}, []float64{level, level}
	return z, true
}

var columns = []string{"curve", "solver", "examples", "attributes", "test_mse", "test_mse_std", "class_error", "class_error_std"}

// Frame returns the curves in long format: one row per (curve, prefix).
func (r *Report) Frame() dataframe.DataFrame {
	var label, solver []string
	var ex []int
	var attrs, mse, mseSd, ce, ceSd []float64
	for _, c := range r.Curves {
		for _, p := range c.Points {
			label, solver = append(label, c.Entry.Label), append(solver, c.Entry.Solver)
			ex, attrs = append(ex, p.Examples), append(attrs, p.Attributes)
			mse, mseSd = append(mse, p.MSE), append(mseSd, p.MSEStd)
			ce, ceSd = append(ce, p.Err), append(ceSd, p.ErrStd)
		}
	}
	return dataframe.New(
		series.New(label, series.String, columns[0]), series.New(solver, series.String, columns[1]),
		series.New(ex, series.Int, columns[2]), series.New(attrs, series.Float, columns[3]),
		series.New(mse, series.Float, columns[4]), series.New(mseSd, series.Float, columns[5]),
		series.New(ce, series.Float, columns[6]), series.New(ceSd, series.Float, columns[7]),
	)
}

// WriteCSV writes Frame's table as CSV with full float precision.
func (r *Report) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(columns); err != nil {
		return err
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	for _, c := range r.Curves {
		for _, p := range c.Points {
			rec := []string{c.Entry.Label, c.Entry.Solver, strconv.Itoa(p.Examples), f(p.Attributes),
				f(p.MSE), f(p.MSEStd), f(p.Err), f(p.ErrStd)}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// CurveByLabel returns the curve whose entry has the label.
func (r *Report) CurveByLabel(label string) (Curve, bool) {
	i := slices.IndexFunc(r.Curves, func(c Curve) bool { return c.Entry.Label == label })
	if i < 0 {
		return Curve{}, false
	}
	return r.Curves[i], true
}

// Final returns, per curve, the last point (the whole training set).
func (r *Report) Final() map[string]Point {
	out := map[string]Point{}
	for _, c := range r.Curves {
		if n := len(c.Points); n > 0 {
			out[c.Entry.Label] = c.Points[n-1]
		}
	}
	return out
}

// Summary is a one-line description of the run for logs and documents.
func (r *Report) Summary() string {
	return fmt.Sprintf("d = %d, %d examples, %d training per split, %d split(s), %d-fold CV, preprocessing: %s, %.0f s",
		r.D, r.M, r.MTrain, r.Spec.Splits, r.Spec.CVFolds, r.Spec.Preprocess, r.Seconds)
}

// EdgeNotes lists, for every curve and split, the tuned parameters that
// cross-validation chose on the edge of the grid, as
// "AELR (k = 4), split 2: eta = 17.4 is the largest value tried (with B = 4)".
// A non-empty list means the grid may be too narrow for that solver.
func (r *Report) EdgeNotes() []string {
	var out []string
	for _, c := range r.Curves {
		for s, edges := range c.Edges {
			for _, e := range edges {
				out = append(out, fmt.Sprintf("%s, split %d: %s", c.Entry.Label, s+1, e))
			}
		}
	}
	return out
}

// RefittedFits counts the fits of c that were refitted: its Refits hold
// one note per replacement, "split S, N examples: ..." (record and
// fitEntry write them so), and a fit replaced several times has several.
func (c Curve) RefittedFits() int {
	fits := map[string]bool{}
	for _, n := range c.Refits {
		at, _, _ := strings.Cut(n, ":") // the split and the prefix: one fit
		fits[at] = true
	}
	return len(fits)
}

// RefitNotes lists the tuned fits that were refitted with CV's next
// setting because they fitted worse than the zero predictor on their own
// training data (Curve.Refits), each prefixed by the curve's label.
func (r *Report) RefitNotes() []string {
	var out []string
	for _, c := range r.Curves {
		for _, n := range c.Refits {
			out = append(out, c.Entry.Label+", "+n)
		}
	}
	return out
}

// ZeroWarnings lists the curves whose test error at the end of training
// (the model a user would keep) is above the zero predictor's, mean over
// the splits: a result worse than predicting the mean is never shown
// without a warning.
func (r *Report) ZeroWarnings() []string {
	var out []string
	for _, c := range r.Curves {
		if p := c.Final(); p.MSE > p.ZeroMSE {
			out = append(out, fmt.Sprintf("%s: final test MSE %.4g is above the zero predictor's %.4g: predicting %s does better",
				c.Entry.Label, p.MSE, p.ZeroMSE, r.zeroName()))
		}
	}
	return out
}

// zeroName says what the zero predictor predicts.
func (r *Report) zeroName() string {
	if r.Spec.Preprocess.On() {
		return "the training mean"
	}
	return "0"
}

// zeroLabel names the zero predictor in a legend: "training mean" when the
// labels are centred, else "predicts 0".
func (r *Report) zeroLabel() string {
	if r.Spec.Preprocess.On() {
		return "training mean"
	}
	return "predicts 0"
}

// zeroPrefixes returns the prefixes (examples) at which the fit was the
// zero predictor on every one of the splits.
func (c Curve) zeroPrefixes(splits int) []int {
	var out []int
	for _, p := range c.Points {
		if p.ZeroOnAll(splits) {
			out = append(out, p.Examples)
		}
	}
	return out
}

// ZeroFitNotes lists, per curve, the prefixes at which cross-validation
// chose the zero predictor (w = 0, reading no attribute) instead of the
// solver: on all splits (the point is not drawn: the zero predictor's own
// line shows its error) or on some (the point averages the solver's error
// on the others with the zero predictor's, and its attributes with none).
// A curve whose first points are missing did not beat predicting the mean
// on that little data.
func (r *Report) ZeroFitNotes() []string {
	var out []string
	for _, c := range r.Curves {
		var all, some []string
		for _, p := range c.Points {
			switch {
			case p.ZeroFits == 0:
			case p.ZeroOnAll(r.Spec.Splits):
				all = append(all, fmt.Sprint(p.Examples))
			default:
				some = append(some, fmt.Sprintf("%d examples (%d of %d splits, where w = 0 scored %.3g)", p.Examples, p.ZeroFits, r.Spec.Splits, p.ZeroMSE))
			}
		}
		if len(all) > 0 {
			out = append(out, fmt.Sprintf("%s: after %s examples cross-validation chose the zero predictor (w = 0, predicting %s, reading no attribute) "+
				"over every setting of the solver: those points are the zero predictor's error, not a fit of the solver, and are not drawn", c.Entry.Label, strings.Join(all, ", "), r.zeroName()))
		}
		if len(some) > 0 {
			out = append(out, fmt.Sprintf("%s: after %s, cross-validation chose the zero predictor on some splits: those points average the solver's error "+
				"on the other splits with the zero predictor's, and the attributes it read with none (so they sit further left): "+
				"a jump there is cross-validation's choice of w = 0, not the solver's fit",
				c.Entry.Label, strings.Join(some, ", ")))
		}
	}
	return out
}

// WriteParamsCSV writes the parameters every curve ran with on every split,
// one row per (curve, split, parameter): curve, solver, split (from 1),
// param, value, edge ("yes" if CV chose it on the edge of the grid).
func (r *Report) WriteParamsCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"curve", "solver", "split", "param", "value", "edge"}); err != nil {
		return err
	}
	for _, c := range r.Curves {
		for s, params := range c.Params {
			for _, k := range slices.Sorted(maps.Keys(params)) {
				edge := "no"
				if s < len(c.Edges) {
					for _, e := range c.Edges[s] {
						if strings.HasPrefix(e, k+" = ") {
							edge = "yes"
						}
					}
				}
				rec := []string{c.Entry.Label, c.Entry.Solver, strconv.Itoa(s + 1), k, strconv.FormatFloat(params[k], 'g', -1, 64), edge}
				if err := cw.Write(rec); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// AtAttributes returns the point of c with the most attributes seen not
// above limit·(1 + slack), or the first point if all lie above. Prefixes are
// log-spaced, so an exact match is rare: a slack of 0.2 compares curves at
// "about" the same number of attributes seen, the papers' fair comparison of
// partial- and full-information algorithms.
func (c Curve) AtAttributes(limit, slack float64) Point {
	p := c.Points[0]
	for _, q := range c.Points {
		if q.Attributes <= limit*(1+slack) {
			p = q
		}
	}
	return p
}

// Final returns the last point of c (the whole training part).
func (c Curve) Final() Point { return c.Points[len(c.Points)-1] }

// Merge combines reports of the same protocol run for different entries
// (for instance one entry per notebook cell) into one report with all their
// curves, in order. The splits depend only on Spec.Seed, so the merged
// report is what one Run of all the entries would have given. Reports whose
// protocol or data differ are an error.
func Merge(reps ...*Report) (*Report, error) {
	if len(reps) == 0 {
		return nil, fmt.Errorf("experiments: Merge: no reports: %w", lao.ErrParam)
	}
	out := *reps[0]
	out.Curves = nil
	out.Spec.Entries = nil
	out.Seconds = 0
	for i, r := range reps {
		a, b := out.Spec, r.Spec
		a.Entries, b.Entries = nil, nil
		if fmt.Sprintf("%+v", a) != fmt.Sprintf("%+v", b) || r.D != out.D || r.M != out.M || r.MTrain != out.MTrain {
			return nil, fmt.Errorf("experiments: Merge: report %d ran another protocol or data set (%s vs %s): %w", i, r.Summary(), reps[0].Summary(), lao.ErrParam)
		}
		out.Curves = append(out.Curves, r.Curves...)
		out.Spec.Entries = append(out.Spec.Entries, r.Spec.Entries...)
		out.Seconds += r.Seconds
	}
	return &out, nil
}
