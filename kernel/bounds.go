package kernel

import (
	"fmt"

	"github.com/laoproject/lao/frames/plot"
)

// BoundsTable tabulates every measured curve that has a bound in curves
// (same Group, same x) beside it: at every step-th x and the last, the
// measurement (mean ± sd when it has a band), the bound and bound ÷
// measured, the factor by which the bound holds.
func BoundsTable(caption, xName string, curves []plot.Curve, step int) (Table, error) {
	pairs, err := plot.BoundPairs(curves)
	if err != nil {
		return Table{}, fmt.Errorf("kernel: BoundsTable: %w", err)
	}
	t := Table{Caption: caption, Header: []string{xName}, Numeric: []bool{true}}
	for _, p := range pairs {
		t.Header = append(t.Header, p.Measured.Name, p.Bound.Name, "bound ÷ measured")
		t.Numeric = append(t.Numeric, true, true, true)
	}
	n := len(pairs[0].Measured.X)
	for j := 0; j < n; j++ {
		if step > 1 && j%step != 0 && j != n-1 {
			continue
		}
		row := []string{fmtNum(pairs[0].Measured.X[j])}
		for _, p := range pairs {
			meas := fmt.Sprintf("%.4g", p.Measured.Mean[j])
			if p.Measured.Std != nil {
				meas += fmt.Sprintf(" ± %.2g", p.Measured.Std[j])
			}
			row = append(row, meas, fmt.Sprintf("%.3g", p.Bound.Mean[j]), fmt.Sprintf("%.3g", p.Bound.Mean[j]/p.Measured.Mean[j]))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}
