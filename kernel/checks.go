package kernel

import (
	"fmt"
	"math"
)

// Check is one assumption of a theorem, measured on the data: the measured
// Value must not exceed Limit (e.g. "max ||x||₂" ≤ 1).
type Check struct {
	Name  string  // the quantity, e.g. "max ||x||₂ over the training rows"
	Value float64 // measured
	Limit float64 // what the theorem assumes
}

// Holds reports whether Value ≤ Limit (up to rounding, 1e-9 relative).
func (c Check) Holds() bool { return c.Value <= c.Limit*(1+1e-9)+1e-12 }

// AssumptionsTable shows the checks of an experiment: every quantity, its
// measured value, the theorem's limit and whether it holds. The caption
// names the theorem; the footer says whether all hold.
func AssumptionsTable(caption string, checks ...Check) Table {
	t := Table{Caption: caption, Header: []string{"assumption", "measured", "theorem needs", "holds"},
		Numeric: []bool{false, true, true, false}}
	all := true
	for _, c := range checks {
		ok := "yes"
		if !c.Holds() {
			ok, all = "NO", false
		}
		t.Rows = append(t.Rows, []string{c.Name, fmtNum(c.Value), "≤ " + fmtNum(c.Limit), ok})
	}
	t.Footer = "all assumptions hold: the theorem applies to these data (whether its bound says anything, that is, lies below the error of w = 0, depends on the sizes m, k and d and on B, not on these checks)"
	if !all {
		t.Footer = "some assumption fails: the bound is not guaranteed here"
	}
	return t
}

// fmtNum prints v with 4 significant digits.
func fmtNum(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e6 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.4g", v)
}

// Norm2 returns the Euclidean norm of w.
func Norm2(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += v * v
	}
	return math.Sqrt(s)
}

// Norm1 returns the l1 norm of w.
func Norm1(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += math.Abs(v)
	}
	return s
}
