package experiments

import (
	"testing"

	"github.com/laoproject/lao/frames/plot"
)

// Against attributes seen, the zero predictor's level line spans the
// curves' positive range: a prefix where CV chose the zero predictor reads
// no attribute (x = 0), which a log axis cannot draw, and a line starting
// there was left with one drawable point (notebook 02's MNIST plot showed
// no zero-predictor line).
func TestZeroLevelLineSkipsZeroAttributes(t *testing.T) {
	rep := &Report{Spec: Spec{Splits: 1}, Curves: []Curve{{Points: []Point{
		{Examples: 10, Attributes: 0, MSE: 1, ZeroMSE: 1},
		{Examples: 100, Attributes: 400, MSE: 0.9, ZeroMSE: 1},
		{Examples: 1000, Attributes: 4000, MSE: 0.8, ZeroMSE: 0.98},
	}}}}
	series := rep.Series(ByAttributes)
	z := series[len(series)-1]
	if z.Role != plot.Zero {
		t.Fatalf("the last series is %q, not the zero predictor's", z.Name)
	}
	if len(z.X) != 2 || z.X[0] != 400 || z.X[1] != 4000 || z.Mean[0] != 0.98 || z.Mean[1] != 0.98 {
		t.Errorf("zero level line X %v, Mean %v; want X [400 4000] at the final zero error 0.98", z.X, z.Mean)
	}
}
