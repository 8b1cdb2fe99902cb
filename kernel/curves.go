package kernel

import (
	"fmt"
	"slices"

	"github.com/laoproject/lao/frames/experiments"
)

// SeriesCurves converts experiment results into plot curves: the series of
// an experiments.Report (Report.Series(axis)) or of a seed sweep
// (SweepResult.Series()). A series that saw every attribute becomes a
// Reference curve, the others Measured; a series aggregated over a single
// run gets no band (its standard deviation says nothing). It is the one
// adapter between package experiments and the plots.
func SeriesCurves(ss []experiments.Series) []Curve {
	out := make([]Curve, len(ss))
	for i, s := range ss {
		c := Curve{Name: s.Name, X: slices.Clone(s.X), Mean: slices.Clone(s.Mean)}
		if s.Runs > 1 {
			c.Std = slices.Clone(s.Std)
		}
		if s.Full {
			c.Role = Reference
		}
		out[i] = c
	}
	return out
}

// BandLabel is the legend entry for the bands of curves aggregated over
// runs repetitions, e.g. BandLabel(5, "seeds") = "± 1 sd over 5 seeds".
func BandLabel(runs int, what string) string {
	return fmt.Sprintf("± 1 sd over %d %s", runs, what)
}

// RatioCurves returns the rate view of a bands plot: for every Bound curve,
// the Measured curve of the same Group divided by it, point by point (mean
// and band alike), named "<measured> ÷ bound". Where the ratio is flat the
// measurement falls at the bound's rate; where it falls, faster. Measured
// curves without a bound are left out; a bound without a measured curve of
// its group, or with different x, is an error.
func RatioCurves(curves []Curve) ([]Curve, error) {
	var out []Curve
	for _, b := range curves {
		if b.Role != Bound {
			continue
		}
		i := slices.IndexFunc(curves, func(c Curve) bool { return c.Role == Measured && c.group() == b.group() })
		if i < 0 {
			return nil, fmt.Errorf("kernel: RatioCurves: bound %q has no measured curve in group %q", b.Name, b.group())
		}
		m := curves[i]
		if !slices.Equal(m.X, b.X) {
			return nil, fmt.Errorf("kernel: RatioCurves: %q and its bound %q have different x", m.Name, b.Name)
		}
		r := Curve{Name: m.Name + " ÷ bound", X: slices.Clone(m.X), Mean: make([]float64, len(m.X)), Group: m.group()}
		if m.Std != nil {
			r.Std = make([]float64, len(m.X))
		}
		for k := range m.X {
			if !(b.Mean[k] > 0) {
				return nil, fmt.Errorf("kernel: RatioCurves: bound %q is %g at x = %g", b.Name, b.Mean[k], b.X[k])
			}
			r.Mean[k] = m.Mean[k] / b.Mean[k]
			if r.Std != nil {
				r.Std[k] = m.Std[k] / b.Mean[k]
			}
		}
		out = append(out, r)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("kernel: RatioCurves: no Bound curve")
	}
	return out, nil
}

// BoundCurve returns the bound that goes with the measured curve of: the
// bound evaluated at every x of of, drawn dashed in of's colour (Role
// Bound, Group of's group).
func BoundCurve(name string, of Curve, bound func(x float64) float64) Curve {
	b := Curve{Name: name, X: slices.Clone(of.X), Mean: make([]float64, len(of.X)), Role: Bound, Group: of.group()}
	for i, x := range of.X {
		b.Mean[i] = bound(x)
	}
	return b
}

// BoundsTable tabulates every measured curve that has a bound in curves
// (same Group, same x) beside it: at every step-th x and the last, the
// measurement (mean ± sd when it has a band), the bound and bound ÷
// measured, the factor by which the bound holds.
func BoundsTable(caption, xName string, curves []Curve, step int) (Table, error) {
	type pair struct{ m, b Curve }
	var pairs []pair
	for _, b := range curves {
		if b.Role != Bound {
			continue
		}
		i := slices.IndexFunc(curves, func(c Curve) bool { return c.Role == Measured && c.group() == b.group() })
		if i < 0 || !slices.Equal(curves[i].X, b.X) {
			return Table{}, fmt.Errorf("kernel: BoundsTable: bound %q has no measured curve with the same x in group %q", b.Name, b.group())
		}
		pairs = append(pairs, pair{curves[i], b})
	}
	if len(pairs) == 0 {
		return Table{}, fmt.Errorf("kernel: BoundsTable: no Bound curve")
	}
	t := Table{Caption: caption, Header: []string{xName}, Numeric: []bool{true}}
	for _, p := range pairs {
		t.Header = append(t.Header, p.m.Name, p.b.Name, "bound ÷ measured")
		t.Numeric = append(t.Numeric, true, true, true)
	}
	n := len(pairs[0].m.X)
	for j := 0; j < n; j++ {
		if step > 1 && j%step != 0 && j != n-1 {
			continue
		}
		row := []string{fmtNum(pairs[0].m.X[j])}
		for _, p := range pairs {
			meas := fmt.Sprintf("%.4g", p.m.Mean[j])
			if p.m.Std != nil {
				meas += fmt.Sprintf(" ± %.2g", p.m.Std[j])
			}
			row = append(row, meas, fmt.Sprintf("%.3g", p.b.Mean[j]), fmt.Sprintf("%.3g", p.b.Mean[j]/p.m.Mean[j]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}

// OnLogX prepares curves for a log x axis: a point at x ≤ 0 cannot be
// drawn there, so it is left out and the curve's legend entry says how many
// were (on an attributes-seen axis such a point is a model that read no
// attribute: the zero predictor, which cross-validation may choose on a
// short prefix). Other curves are returned unchanged.
func OnLogX(curves []Curve) []Curve {
	out := make([]Curve, 0, len(curves))
	for _, c := range curves {
		keep := slices.IndexFunc(c.X, func(x float64) bool { return x > 0 })
		dropped := 0
		for _, x := range c.X {
			if !(x > 0) {
				dropped++
			}
		}
		if dropped == 0 {
			out = append(out, c)
			continue
		}
		if keep < 0 {
			continue // nothing to draw
		}
		d := Curve{Name: fmt.Sprintf("%s (%d point(s) at x = 0 not drawn)", c.Name, dropped), Role: c.Role, Group: c.group()}
		for i, x := range c.X {
			if x > 0 {
				d.X, d.Mean = append(d.X, x), append(d.Mean, c.Mean[i])
				if c.Std != nil {
					d.Std = append(d.Std, c.Std[i])
				}
			}
		}
		out = append(out, d)
	}
	return out
}
