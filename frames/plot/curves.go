package plot

import (
	"fmt"
	"slices"
	"strings"
)

// BandLabel is the legend entry for the bands of curves aggregated over
// runs repetitions, e.g. BandLabel(5, "seeds") = "± 1 sd over 5 seeds".
func BandLabel(runs int, what string) string {
	return fmt.Sprintf("± 1 sd over %d %s", runs, what)
}

// BoundPair is a Measured curve and the Bound curve of its Group.
type BoundPair struct{ Measured, Bound Curve }

// BoundPairs pairs every Bound curve of curves with the Measured curve of
// its Group, in the order of the bounds. A bound without a measured curve
// of its group, or with different x, is an error; so is no bound at all.
func BoundPairs(curves []Curve) ([]BoundPair, error) {
	var out []BoundPair
	for _, b := range curves {
		if b.Role != Bound {
			continue
		}
		i := slices.IndexFunc(curves, func(c Curve) bool { return c.Role == Measured && c.group() == b.group() })
		if i < 0 {
			return nil, fmt.Errorf("plot: bound %q has no measured curve in group %q", b.Name, b.group())
		}
		if !slices.Equal(curves[i].X, b.X) {
			return nil, fmt.Errorf("plot: %q and its bound %q have different x", curves[i].Name, b.Name)
		}
		out = append(out, BoundPair{curves[i], b})
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("plot: no Bound curve")
	}
	return out, nil
}

// RatioCurves returns the rate view of a bands plot: for every Bound curve,
// the Measured curve of the same Group divided by it, point by point (mean
// and band alike), named "<measured> ÷ bound". Where the ratio is flat the
// measurement falls at the bound's rate; where it falls, faster. Measured
// curves without a bound are left out; BoundPairs says what is an error.
func RatioCurves(curves []Curve) ([]Curve, error) {
	pairs, err := BoundPairs(curves)
	if err != nil {
		return nil, fmt.Errorf("RatioCurves: %w", err)
	}
	var out []Curve
	for _, p := range pairs {
		m, b := p.Measured, p.Bound
		r := Curve{Name: m.Name + " ÷ bound", X: slices.Clone(m.X), Mean: make([]float64, len(m.X)), Group: m.group()}
		if m.Std != nil {
			r.Std = make([]float64, len(m.X))
		}
		for k := range m.X {
			if !(b.Mean[k] > 0) {
				return nil, fmt.Errorf("plot: RatioCurves: bound %q is %g at x = %g", b.Name, b.Mean[k], b.X[k])
			}
			r.Mean[k] = m.Mean[k] / b.Mean[k]
			if r.Std != nil {
				r.Std[k] = m.Std[k] / b.Mean[k]
			}
		}
		out = append(out, r)
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

// RateSuffix ends the name of a RateCurve.
const RateSuffix = " (O-constant 1)"

// RateCurve is BoundCurve for a theorem stated up to a constant (O(·)),
// drawn with constant 1: the curve is marked Rate and its name ends with
// RateSuffix, so that tables and verdicts do not present its numbers as a
// certified bound.
func RateCurve(name string, of Curve, bound func(x float64) float64) Curve {
	b := BoundCurve(strings.TrimSuffix(name, RateSuffix)+RateSuffix, of, bound)
	b.Rate = true
	return b
}

// OnLogX prepares curves for a log x axis: a point at x ≤ 0 cannot be
// drawn there, so it is left out and the curve's legend entry says how many
// were (on an attributes-seen axis such a point is a model that read no
// attribute: the zero predictor, which cross-validation may choose on a
// short prefix). Other curves are returned unchanged.
func OnLogX(curves []Curve) []Curve {
	out := make([]Curve, 0, len(curves))
	for _, c := range curves {
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
		if dropped == len(c.X) {
			continue // nothing to draw
		}
		d := c.keep(func(i int) bool { return c.X[i] > 0 })
		d.Name, d.Group = fmt.Sprintf("%s (%d point(s) at x = 0 not drawn)", c.Name, dropped), c.group()
		out = append(out, d)
	}
	return out
}

// keep returns c with only the points i for which ok(i) holds, its Breaks
// moved with them: a kept point follows a break when a break of c lies
// between it and the kept point before it.
func (c Curve) keep(ok func(i int) bool) Curve {
	d := c
	d.X, d.Mean, d.Std, d.Breaks = nil, nil, nil, nil
	b, kept := 0, 0 // the next break of c; the points kept so far
	for i := range c.X {
		if !ok(i) {
			continue
		}
		broken := false
		for ; b < len(c.Breaks) && c.Breaks[b] <= i; b++ {
			broken = true
		}
		if broken && kept > 0 {
			d.Breaks = append(d.Breaks, kept)
		}
		d.X, d.Mean = append(d.X, c.X[i]), append(d.Mean, c.Mean[i])
		if c.Std != nil {
			d.Std = append(d.Std, c.Std[i])
		}
		kept++
	}
	return d
}
