package kernel

import (
	"fmt"
	"math"
	"strings"
)

// VacuousMark starts the verdict line of a bound that lies above the
// predict-0 risk at every x of its plot (see BoundVerdicts).
const VacuousMark = "vacuous here"

// BoundVerdicts says, for every Bound curve of a theorem check, whether the
// bound says something: it compares the bound with the Zero curve (the risk
// of predicting 0, which needs no data) point by point. A bound above that
// risk is met by w = 0 and so shows nothing about the algorithm. One line
// per bound: from which x on it lies below the predict-0 risk, or, when it
// lies above at every x, that it is vacuous here and why.
//
// The plot must have a Zero curve (the predict-0 line is always drawn). If
// a bound is vacuous at every x and why is empty, BoundVerdicts returns an
// error: a notebook that shows a vacuous check must say why (the sizes
// needed, the constants), and the failing cell fails the notebook test.
func BoundVerdicts(curves []Curve, xName, why string) ([]string, error) {
	zero := -1
	for i, c := range curves {
		if c.Role == Zero {
			zero = i
		}
	}
	if zero < 0 {
		return nil, fmt.Errorf("kernel: BoundVerdicts: no Zero curve: a theorem check draws the predict-0 risk")
	}
	z := curves[zero]
	at := func(x float64) float64 { return interpolate(z.X, z.Mean, x) }
	var out []string
	for _, b := range curves {
		if b.Role != Bound {
			continue
		}
		first := -1
		for k, x := range b.X {
			if b.Mean[k] < at(x) {
				first = k
				break
			}
		}
		if first >= 0 {
			what := "informative"
			if b.Rate {
				what = "informative only if the theorem's O(·) constant were 1, which the paper does not give: a shape, not a certified bound"
			}
			out = append(out, fmt.Sprintf("%s: below the predict-0 risk (%.3g) from %s = %s on (%.3g there): %s",
				b.Name, at(b.X[first]), xName, fmtNum(b.X[first]), b.Mean[first], what))
			continue
		}
		if strings.TrimSpace(why) == "" {
			return nil, fmt.Errorf("kernel: BoundVerdicts: %s lies above the predict-0 risk at every %s (%.3g > %.3g at the end): say why in the cell",
				b.Name, xName, b.Mean[len(b.Mean)-1], at(b.X[len(b.X)-1]))
		}
		out = append(out, fmt.Sprintf("%s: above the predict-0 risk at every %s (%.3g > %.3g at the end): %s, because %s%s",
			b.Name, xName, b.Mean[len(b.Mean)-1], at(b.X[len(b.X)-1]), VacuousMark, why, reachAt(b, at, xName)))
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("kernel: BoundVerdicts: no Bound curve")
	}
	return out, nil
}

// reachAt says where bound b would meet the predict-0 risk (at) if it went
// on falling at the log-log slope of its last two points: "; at the slope
// of its last points (-0.50) it would reach it near m = 6.7e+04, 1.1 times
// the largest m here", or that it does not fall over them. Empty with
// fewer than two positive points or a predict-0 risk that is not positive.
func reachAt(b Curve, at func(float64) float64, xName string) string {
	n := len(b.X)
	if n < 2 || !(b.X[n-2] > 0 && b.Mean[n-2] > 0 && b.Mean[n-1] > 0) || b.X[n-1] <= b.X[n-2] {
		return ""
	}
	x1, y1, z := b.X[n-1], b.Mean[n-1], at(b.X[n-1])
	slope := math.Log(y1/b.Mean[n-2]) / math.Log(x1/b.X[n-2])
	if !(z > 0) {
		return ""
	}
	if !(slope < 0) {
		return fmt.Sprintf("; it does not fall over its last points (%s = %s to %s)", xName, fmtNum(b.X[n-2]), fmtNum(x1))
	}
	return fmt.Sprintf("; at the slope of its last points (%.2f) it would reach it near %s = %.2g, %.2g times the largest %s here",
		slope, xName, x1*math.Pow(z/y1, 1/slope), math.Pow(z/y1, 1/slope), xName)
}

// ShowBoundVerdicts prints BoundVerdicts(curves, xName, why) in the cell's
// output, or returns its error.
func ShowBoundVerdicts(curves []Curve, xName, why string) error {
	lines, err := BoundVerdicts(curves, xName, why)
	if err != nil {
		return err
	}
	Printf("%s\n", strings.Join(lines, "\n"))
	return nil
}

// interpolate returns y at x, linear between the points of (xs, ys) (xs
// increasing) and constant beyond its ends.
func interpolate(xs, ys []float64, x float64) float64 {
	if len(xs) == 1 || x <= xs[0] {
		return ys[0]
	}
	for i := 1; i < len(xs); i++ {
		if x <= xs[i] {
			t := (x - xs[i-1]) / (xs[i] - xs[i-1])
			return ys[i-1] + t*(ys[i]-ys[i-1])
		}
	}
	return ys[len(ys)-1]
}
