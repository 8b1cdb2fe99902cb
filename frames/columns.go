package frames

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// ColumnStats summarise a column's training values: what the transform is
// fitted from. The in-memory reader (FromDataFrame) and the streaming one
// (StreamCSV) both compute them and share one fitting function, so a table
// is centred, scaled and filled the same way whichever reads it.
type ColumnStats struct {
	N        int     // present (non-missing) values
	Missing  int     // missing (NaN) cells
	Mean, SD float64 // mean and population standard deviation (1/N) of the present values
	Min, Max float64 // range of the present values
}

// dev returns the largest |x − c| over the present values.
func (s ColumnStats) dev(c float64) float64 { return max(math.Abs(s.Max-c), math.Abs(s.Min-c)) }

// columnStats returns the ColumnStats of v (NaN cells are missing),
// computed in two passes on v/max|v| so that values near ±MaxFloat64 do
// not overflow.
func columnStats(v []float64) ColumnStats {
	s := ColumnStats{Min: math.Inf(1), Max: math.Inf(-1)}
	var a float64
	for _, x := range v {
		if math.IsNaN(x) {
			s.Missing++
			continue
		}
		a = max(a, math.Abs(x))
		s.Min, s.Max = min(s.Min, x), max(s.Max, x)
		s.N++
	}
	if s.N == 0 || a == 0 {
		return s
	}
	var mu float64
	for _, x := range v {
		if !math.IsNaN(x) {
			mu += x / a
		}
	}
	mu /= float64(s.N)
	var ss float64
	for _, x := range v {
		if !math.IsNaN(x) {
			r := x/a - mu
			ss += r * r
		}
	}
	s.Mean, s.SD = mu*a, math.Sqrt(ss/float64(s.N))*a
	return s
}

// moments accumulates ColumnStats one value at a time (Welford), for a
// reader that never holds a column. The mean and the sum of squares are
// kept in units of a power of two above the largest |value| so far (a,
// rescaled when it grows), so that values near ±MaxFloat64 do not overflow
// them, as in columnStats.
type moments struct {
	n, missing int
	a          float64 // a power of two ≥ the largest |value| so far
	mean, m2   float64 // in units of a
	lo, hi     float64
}

func newMoments() moments { return moments{lo: math.Inf(1), hi: math.Inf(-1)} }

func (c *moments) add(v float64) {
	if math.IsNaN(v) {
		c.missing++
		return
	}
	if x := math.Abs(v); x > c.a { // a grows to the next power of two (2^1023 at most): rescaling and v/a are exact
		_, e := math.Frexp(x)
		a := math.Ldexp(1, min(e, 1023))
		if c.a > 0 {
			r := c.a / a
			c.mean, c.m2 = c.mean*r, c.m2*r*r
		}
		c.a = a
	}
	c.n++
	if c.a > 0 {
		x := v / c.a
		d := x - c.mean
		c.mean += d / float64(c.n)
		c.m2 += d * (x - c.mean)
	}
	c.lo, c.hi = min(c.lo, v), max(c.hi, v)
}

func (c *moments) stats() ColumnStats {
	s := ColumnStats{N: c.n, Missing: c.missing, Min: c.lo, Max: c.hi}
	if c.n > 0 {
		s.Mean, s.SD = c.mean*c.a, math.Sqrt(c.m2/float64(c.n))*c.a
	}
	return s
}

// rowNormFunc returns the largest Euclidean norm over the training rows of
// z_jj = (x_keep[jj] − offset[jj])/scale[jj], a missing cell taking
// fill[jj]: the common factor of the l2 scalings, which needs the rows.
type rowNormFunc func(keep []int, offset, scale, fill []float64) (float64, error)

// fitted is a Transform fitted on the training columns: keep lists the
// feature columns kept (indices into the columns given), unused the others
// with the reason, choice how the scaling was chosen.
type fitted struct {
	t      Transform
	keep   []int
	unused []Unused
	choice ScalingChoice
}

// fitTransform fits the centring, scaling, filling and label map of opt on
// the statistics of the training columns (names[j] for cols[j]) and label.
// It is the one place where a table's transform is decided.
func fitTransform(cols []ColumnStats, y ColumnStats, names []string, target string, opt Options, rowNorm rowNormFunc) (fitted, error) {
	f := fitted{t: Transform{Center: opt.Center || opt.Intercept, LabelBound: opt.LabelBound, YScale: 1}}
	var err error
	if f.keep, f.unused, err = keepColumns(cols, names, opt); err != nil {
		return f, err
	}
	for _, j := range f.keep {
		off := 0.0
		if opt.Center {
			off = cols[j].Mean
		}
		f.t.Offset = append(f.t.Offset, off)
		f.t.Min, f.t.Max = append(f.t.Min, cols[j].Min), append(f.t.Max, cols[j].Max)
		if opt.FillMissing {
			f.t.Fill = append(f.t.Fill, cols[j].Mean)
		}
	}
	kept := make([]ColumnStats, len(f.keep))
	keptNames := make([]string, len(f.keep))
	for jj, j := range f.keep {
		kept[jj], keptNames[jj] = cols[j], names[j]
	}
	f.choice = chooseScaling(kept, f.t.Offset, opt)
	f.t.Scaling = f.choice.Scaling
	if f.t.Scale, err = fitScale(kept, keptNames, f.t, opt, f.keep, rowNorm); err != nil {
		return f, err
	}
	if f.t.YOffset, f.t.YScale, err = fitLabel(y, target, opt); err != nil {
		return f, err
	}
	return f, nil
}

// keepColumns returns the feature columns a transform can use: not empty
// (unless listed in opt.Features: an error) and not constant where the
// centring or scaling needs a spread (dropped under opt.DropConstant, else
// an error).
func keepColumns(cols []ColumnStats, names []string, opt Options) (keep []int, unused []Unused, err error) {
	for j, st := range cols {
		if st.N == 0 {
			if opt.Features != nil {
				return nil, nil, fmt.Errorf("frames: feature column %q: every training cell is missing: %w (%w)", names[j], ErrMissing, lao.ErrNotFinite)
			}
			unused = append(unused, Unused{names[j], "empty: every training cell is missing"})
			continue
		}
		if degenerate(st, opt) && !opt.keepConstant {
			if !opt.DropConstant {
				return nil, nil, constantError(names[j], st.Min, opt.Center)
			}
			what := "every value"
			if st.Missing > 0 {
				what = fmt.Sprintf("every value present (%d of %d cells missing)", st.Missing, st.N+st.Missing)
			}
			unused = append(unused, Unused{names[j], fmt.Sprintf("constant on the training rows: %s is %g", what, st.Min)})
			continue
		}
		if math.IsInf(st.SD, 0) || math.IsNaN(st.SD) || math.IsInf(st.Mean, 0) {
			return nil, nil, fmt.Errorf("frames: feature column %q: values up to %g are too large to centre and scale: %w", names[j], max(-st.Min, st.Max), lao.ErrNotFinite)
		}
		keep = append(keep, j)
	}
	if len(keep) == 0 {
		return nil, nil, fmt.Errorf("frames: every feature column is constant or empty%s (%s): %w", fewRows(cols, 3), QuoteFew(unusedNames(unused), 10), lao.ErrEmpty)
	}
	return keep, unused, nil
}

// fewRows names the cause when the columns' statistics come from fewer
// than n training rows, or returns "".
func fewRows(cols []ColumnStats, n int) string {
	if len(cols) == 0 || cols[0].N+cols[0].Missing >= n {
		return ""
	}
	return fmt.Sprintf(" on the %d training row(s): hold out fewer rows (a smaller test fraction) or use more", cols[0].N+cols[0].Missing)
}

// degenerate reports whether a column has no spread where opt's centring
// or scaling needs one: a constant column that centring makes zero, or
// that a scaling would divide by zero.
func degenerate(st ColumnStats, opt Options) bool {
	constant := st.Min == st.Max || (opt.Scaling.Standard() && st.SD == 0)
	return constant && (opt.Center || (opt.Scaling == ScaleLinf && st.Min == 0))
}

func unusedNames(u []Unused) []string {
	out := make([]string, len(u))
	for i, c := range u {
		out[i] = c.Column
	}
	return out
}

func constantError(name string, v float64, center bool) error {
	why := "ScaleLinf would divide it by max|x| = 0"
	if center {
		why = "centring makes it identically zero (the intercept absorbs it)"
	}
	return fmt.Errorf("frames: feature column %q is constant (every value is %g) and %s; remove it or set Options.DropConstant: %w",
		name, v, why, ErrConstantColumn)
}

// fitScale returns s_j for the kept columns: their own factors, times the
// common factor of the scalings that have one.
func fitScale(cols []ColumnStats, names []string, t Transform, opt Options, keep []int, rowNorm rowNormFunc) ([]float64, error) {
	scale := make([]float64, len(cols))
	var r float64 // the common factor
	for jj, st := range cols {
		if degenerate(st, opt) {
			scale[jj] = 1 // a constant column kept (Options.keepConstant): zero once centred
			continue
		}
		switch scale[jj] = 1; t.Scaling {
		case ScaleLinf:
			scale[jj] = st.dev(t.Offset[jj])
		case StandardL2, StandardLinf:
			scale[jj] = st.SD
		}
		switch t.Scaling {
		case StandardLinf:
			r = max(r, st.dev(t.Offset[jj])/st.SD)
		case CommonLinf:
			r = max(r, st.dev(t.Offset[jj]))
		}
	}
	switch t.Scaling {
	case NoScaling, ScaleLinf:
		r = 1
	case ScaleL2, StandardL2:
		var err error
		if r, err = rowNorm(keep, t.Offset, scale, t.Fill); err != nil {
			return nil, err
		}
	}
	if !(r > 0) || math.IsInf(r, 0) {
		return nil, fmt.Errorf("frames: the feature columns (%v) are all zero or too large for scaling %s (common factor %g)%s: %w", names, t.Scaling.Name(), r, fewRows(cols, 2), ErrConstantColumn)
	}
	for jj := range scale {
		if scale[jj] *= r; !(scale[jj] > 0) || math.IsInf(scale[jj], 0) {
			return nil, fmt.Errorf("frames: feature column %q: values up to %g are too large to centre and scale: %w", names[jj], max(-cols[jj].Min, cols[jj].Max), lao.ErrNotFinite)
		}
	}
	return scale, nil
}

// MaxLabelDeviation is how far a label may lie from the zero predictor
// (the training mean, or 0 uncentred): a prediction error of that size,
// squared, stays far below float64's largest value (1.8e308), so every
// mean squared error in the label's units is finite.
const MaxLabelDeviation = 1e150

// fitLabel returns the label offset and scale: the one label rule. The
// label is centred on its training mean when opt.Center or opt.Intercept
// (the model's intercept) and divided by max|y − offset|/B when
// opt.LabelBound = B > 0. Labels farther than MaxLabelDeviation from the
// offset are an error naming the column.
func fitLabel(y ColumnStats, target string, opt Options) (offset, scale float64, err error) {
	center := opt.Center || opt.Intercept
	if center {
		offset = y.Mean
	}
	if y.Min == y.Max && y.N > 1 { // whatever the scaling: a fit would learn nothing
		return 0, 0, fmt.Errorf("frames: target column %q is constant on the training rows (every value is %g): there is nothing to learn, every prediction would be %g: %w",
			target, y.Min, y.Min, ErrConstantColumn)
	}
	dev := y.dev(offset)
	if math.IsInf(dev, 0) {
		dev = max(math.Abs(y.Max/2-offset/2), math.Abs(y.Min/2-offset/2)) * 2
	}
	if dev > MaxLabelDeviation {
		from := "0"
		if center {
			from = fmt.Sprintf("their mean %g", offset)
		}
		return 0, 0, fmt.Errorf("frames: target column %q: values as far as %g from %s (the largest %g, the smallest %g): squared errors of that size overflow float64, "+
			"so no test error could be reported; labels must stay within %g of it: rescale the column (divide it by a power of ten): %w",
			target, dev, from, y.Max, y.Min, MaxLabelDeviation, lao.ErrNotFinite)
	}
	if opt.LabelBound == 0 {
		return offset, 1, nil
	}
	if y.Min == y.Max && (center || y.Min == 0) {
		return 0, 0, fmt.Errorf("frames: target column %q is constant (every value is %g), labels cannot be scaled to |y| ≤ B = %g: %w",
			target, y.Min, opt.LabelBound, ErrConstantColumn)
	}
	scale = dev / opt.LabelBound
	if math.IsInf(scale, 0) || scale == 0 {
		return 0, 0, fmt.Errorf("frames: target column %q: values up to %g cannot be scaled to |y| ≤ B = %g: %w", target, max(-y.Min, y.Max), opt.LabelBound, lao.ErrNotFinite)
	}
	return offset, scale, nil
}
