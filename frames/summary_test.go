package frames_test

import (
	"math"
	"slices"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

func TestSummaryAndNorms(t *testing.T) {
	// Rows (3, 0), (0, -4), (1, 0); labels 1, -5, 2.
	ds, err := lao.NewDataset([]float64{3, 0, 0, -4, 1, 0}, []float64{1, -5, 2}, 2, []string{"u", "v"})
	if err != nil {
		t.Fatal(err)
	}
	n := frames.MaxNorms(ds)
	if n != (frames.Norms{MaxL2: 4, MaxLinf: 4, MaxAbsY: 5}) {
		t.Errorf("MaxNorms = %+v", n)
	}
	if sm := frames.SecondMoments(ds); math.Abs(sm[0]-10.0/3) > 1e-15 || math.Abs(sm[1]-16.0/3) > 1e-15 {
		t.Errorf("SecondMoments = %v", sm)
	}
	s := frames.Summary(ds)
	if !slices.Equal(s.Names(), []string{"column", "mean", "std", "min", "max", "second_moment", "frac_zero"}) {
		t.Fatalf("Summary columns %v", s.Names())
	}
	want := map[string][]float64{
		"mean":          {4.0 / 3, -4.0 / 3},
		"std":           {math.Sqrt(10.0/3 - 16.0/9), math.Sqrt(16.0/3 - 16.0/9)},
		"min":           {0, -4},
		"max":           {3, 0},
		"second_moment": {10.0 / 3, 16.0 / 3},
		"frac_zero":     {1.0 / 3, 2.0 / 3},
	}
	for col, w := range want {
		got := s.Col(col).Float()
		for j := range w {
			if math.Abs(got[j]-w[j]) > 1e-14 {
				t.Errorf("%s[%d] = %g, want %g", col, j, got[j], w[j])
			}
		}
	}
	if names := s.Col("column").Records(); !slices.Equal(names, []string{"u", "v"}) {
		t.Errorf("column names %v", names)
	}
}

// TestImprovementRatiosPaper: on the power-law second moments of seed
// 002's synthetic experiments (E[x_j²] ∝ j^α, d = 500) the ratios agree
// with the values printed in its Figures 1-2 to within one unit of the
// last printed digit (the paper rounds some values, 0.909 → 0.91, and
// truncates others, 0.0866 → 0.086, 0.0562 → 0.05).
func TestImprovementRatiosPaper(t *testing.T) {
	cases := []struct {
		alpha, ridge, lasso float64 // the paper's printed values
		ridgeTol, lassoTol  float64 // one unit in the last printed digit
	}{
		{0, 1, 1, 0.01, 0.01},
		{-0.5, 0.91, 0.086, 0.01, 0.001},
		{-1, 0.55, 0.014, 0.01, 0.001},
		{-2, 0.05, 0.0033, 0.01, 0.0001},
	}
	for _, c := range cases {
		m := make([]float64, 500)
		for j := range m {
			m[j] = 3 * math.Pow(float64(j+1), c.alpha) // the scale cancels
		}
		r := frames.ImprovementRatios(m)
		if math.Abs(r.Ridge-c.ridge) > c.ridgeTol || math.Abs(r.Lasso-c.lasso) > c.lassoTol {
			t.Errorf("alpha %g: rho = %+v, paper %g, %g", c.alpha, r, c.ridge, c.lasso)
		}
	}
	if r := frames.ImprovementRatios(nil); !math.IsNaN(r.Ridge) || !math.IsNaN(r.Lasso) {
		t.Errorf("empty: %+v", r)
	}
	if r := frames.ImprovementRatios([]float64{0, 0}); !math.IsNaN(r.Ridge) {
		t.Errorf("all zero: %+v", r)
	}
	// One attribute carrying everything: the smallest possible ratios, 1/d.
	if r := frames.ImprovementRatios([]float64{0, 5, 0, 0}); math.Abs(r.Ridge-0.25) > 1e-15 || r.Lasso != 0.25 {
		t.Errorf("one attribute: %+v", r)
	}
}
