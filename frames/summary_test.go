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
