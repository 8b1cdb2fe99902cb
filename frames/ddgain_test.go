package frames

import (
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
)

func TestBoundRatios(t *testing.T) {
	// Equal moments: no predicted gain.
	r := BoundRatios([]float64{0.5, 0.5, 0.5, 0.5}, 2)
	if math.Abs(r.Ridge-1) > 1e-12 || math.Abs(r.Lasso-1) > 1e-12 {
		t.Errorf("equal moments: %+v, want 1, 1", r)
	}
	// One non-zero moment among d: ρ_ridge = ρ_lasso = 1/d, ratio √(k/(d + k − 1)).
	m := make([]float64, 99)
	m[0] = 1
	r = BoundRatios(m, 4)
	want := math.Sqrt(4.0 / 102)
	if math.Abs(r.Ridge-want) > 1e-12 || math.Abs(r.Lasso-want) > 1e-12 {
		t.Errorf("one attribute: %+v, want %g", r, want)
	}
	// The ratio grows towards 1 with k.
	if BoundRatios(m, 50).Ridge <= r.Ridge {
		t.Error("the ratio should grow with k")
	}
}

func TestCenteredMoments(t *testing.T) {
	x := []float64{1, 0, 0, 2, 1, 4, 0, 6}
	ds, _ := lao.NewDataset(x, []float64{1, 2, 3, 4}, 2, nil)
	got := CenteredMoments(ds)
	// column 0: 1, 0, 1, 0 → variance 1/4; column 1: 0, 2, 4, 6 → variance 5
	if math.Abs(got[0]-0.25) > 1e-12 || math.Abs(got[1]-5) > 1e-12 {
		t.Errorf("CenteredMoments = %v, want [0.25 5]", got)
	}
}
