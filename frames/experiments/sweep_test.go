package experiments

import (
	"errors"
	"math"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/laoproject/lao/lao"
)

func TestMeanStd(t *testing.T) {
	mean, std, err := MeanStd([][]float64{{1, 10}, {3, 10}, {5, 10}})
	if err != nil {
		t.Fatal(err)
	}
	if mean[0] != 3 || mean[1] != 10 || std[0] != 2 || std[1] != 0 {
		t.Errorf("mean %v std %v, want [3 10] [2 0]", mean, std)
	}
	if _, std, _ := MeanStd([][]float64{{4}}); std[0] != 0 {
		t.Errorf("one run: std %v, want 0", std)
	}
	if _, _, err := MeanStd([][]float64{{1}, {1, 2}}); !errors.Is(err, lao.ErrParam) {
		t.Errorf("ragged runs: err %v", err)
	}
	if _, _, err := MeanStd(nil); !errors.Is(err, lao.ErrParam) {
		t.Errorf("no runs: err %v", err)
	}
}

// TestSweepAggregates checks Do against values computed by hand: curve a is
// seed + x, curve b is seed · x, so over seeds 0..3 the mean of a is 1.5 + x
// with sd √(5/3), and the mean of b is 1.5 x with sd x·√(5/3).
func TestSweepAggregates(t *testing.T) {
	xs := []float64{1, 2, 4}
	want := func(res *SweepResult) {
		t.Helper()
		sd := math.Sqrt(5.0 / 3)
		a, _ := res.Curve("a")
		b, _ := res.Curve("b")
		for i, x := range xs {
			if math.Abs(a.Mean[i]-(1.5+x)) > 1e-12 || math.Abs(a.Std[i]-sd) > 1e-12 {
				t.Errorf("a at %g: %g ± %g, want %g ± %g", x, a.Mean[i], a.Std[i], 1.5+x, sd)
			}
			if math.Abs(b.Mean[i]-1.5*x) > 1e-12 || math.Abs(b.Std[i]-x*sd) > 1e-12 {
				t.Errorf("b at %g: %g ± %g, want %g ± %g", x, b.Mean[i], b.Std[i], 1.5*x, x*sd)
			}
			if a.Runs[3][i] != 3+x {
				t.Errorf("a, seed 3, x %g: %g", x, a.Runs[3][i])
			}
		}
		if s := res.Series(); len(s) != 2 || s[1].Name != "b" || len(s[0].Std) != len(xs) || !reflect.DeepEqual(s[0].X, xs) {
			t.Errorf("Series: %+v", s)
		}
	}
	var calls atomic.Int64
	run := SeedSweep{X: xs, Curves: []string{"a", "b"}, Seeds: 4,
		Run: func(seed uint64) ([][]float64, error) {
			a, b := make([]float64, len(xs)), make([]float64, len(xs))
			for i, x := range xs {
				a[i], b[i] = float64(seed)+x, float64(seed)*x
			}
			return [][]float64{a, b}, nil
		},
		Progress: func(done, total int, msg string) {
			calls.Add(1)
			if total != 4 || done < 1 || done > 4 {
				t.Errorf("progress %d/%d %s", done, total, msg)
			}
		}}
	res, err := run.Do()
	if err != nil {
		t.Fatal(err)
	}
	want(res)
	if calls.Load() != 4 {
		t.Errorf("%d progress calls, want 4 (one per seed)", calls.Load())
	}

	calls.Store(0)
	at := SeedSweep{X: xs, Curves: []string{"a", "b"}, Seeds: 4, Workers: 3,
		At: func(seed uint64, i int) ([]float64, error) {
			return []float64{float64(seed) + xs[i], float64(seed) * xs[i]}, nil
		},
		Progress: func(done, total int, msg string) { calls.Add(1) }}
	res2, err := at.Do()
	if err != nil {
		t.Fatal(err)
	}
	want(res2)
	if !reflect.DeepEqual(res, res2) {
		t.Error("Run and concurrent At give different results")
	}
	if calls.Load() != 12 {
		t.Errorf("%d progress calls, want 12 (one per seed and point)", calls.Load())
	}
}

func TestSweepErrors(t *testing.T) {
	boom := errors.New("boom")
	ok := func(seed uint64) ([][]float64, error) { return [][]float64{{1}}, nil }
	for name, s := range map[string]SeedSweep{
		"no points": {Curves: []string{"a"}, Seeds: 1, Run: ok},
		"no curves": {X: []float64{1}, Seeds: 1, Run: ok},
		"no seeds":  {X: []float64{1}, Curves: []string{"a"}, Run: ok},
		"neither":   {X: []float64{1}, Curves: []string{"a"}, Seeds: 1},
		"both": {X: []float64{1}, Curves: []string{"a"}, Seeds: 1, Run: ok,
			At: func(uint64, int) ([]float64, error) { return []float64{1}, nil }},
		"curve count": {X: []float64{1}, Curves: []string{"a", "b"}, Seeds: 1, Run: ok},
		"point count": {X: []float64{1, 2}, Curves: []string{"a"}, Seeds: 1, Run: ok},
		"At count": {X: []float64{1}, Curves: []string{"a", "b"}, Seeds: 1,
			At: func(uint64, int) ([]float64, error) { return []float64{1}, nil }},
	} {
		if _, err := s.Do(); !errors.Is(err, lao.ErrParam) {
			t.Errorf("%s: err %v, want ErrParam", name, err)
		}
	}
	s := SeedSweep{X: []float64{1, 2}, Curves: []string{"a"}, Seeds: 5, Workers: 2,
		At: func(seed uint64, i int) ([]float64, error) {
			if seed == 3 && i == 1 {
				return nil, boom
			}
			return []float64{1}, nil
		}}
	if _, err := s.Do(); !errors.Is(err, boom) {
		t.Errorf("failing At: err %v, want boom", err)
	}
}
