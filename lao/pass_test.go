package lao

import (
	"errors"
	"math"
	"reflect"
	"sync"
	"testing"
)

// Pass.Fit gives Fit's result bit for bit (weights, diagnostics, support,
// attribute counts, parameters) for Baseline at every radius of its grid
// and the default, also concurrently from one shared Pass, and so does
// Pass.FitSet of the whole grid (one walk of the path), on a dense table
// and its sparse form; a pass over a table whose estimates are not
// finite fails each fit as Fit does.
func TestPassFitIsFit(t *testing.T) {
	dense := correlatedTable(400, 9, 2)
	radii := append([]float64{0}, radiusValues...)
	for name, tab := range map[string]Table{"dense": dense, "sparse": sparseOf(t, dense)} {
		ps, err := NewPass(&Baseline{K: 4}, tab.Stream(), Options{Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		for _, B := range radii {
			wg.Add(1)
			go func() {
				defer wg.Done()
				s := &Baseline{K: 4, B: B}
				want, err := Fit(s, tab.Stream(), Options{Seed: 7})
				if err != nil {
					t.Error(err)
					return
				}
				got, err := ps.Fit(s)
				if err != nil {
					t.Error(err)
					return
				}
				got.Seconds, want.Seconds = 0, 0
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s, B = %g: Pass.Fit\n%+v\nwant Fit's\n%+v", name, B, got, want)
				}
			}()
		}
		wg.Wait()
		var set []Solver
		for _, B := range radii {
			set = append(set, &Baseline{K: 4, B: B})
		}
		got, errs := ps.FitSet(set)
		for i, s := range set {
			want, err := Fit(s, tab.Stream(), Options{Seed: 7})
			if err != nil || errs[i] != nil {
				t.Fatalf("%s, B = %g: Fit: %v, FitSet: %v", name, radii[i], err, errs[i])
			}
			got[i].Seconds, want.Seconds = 0, 0
			if !reflect.DeepEqual(got[i], want) {
				t.Errorf("%s, B = %g: Pass.FitSet\n%+v\nwant Fit's\n%+v", name, radii[i], got[i], want)
			}
		}
	}
	huge := correlatedTable(50, 6, 3)
	x := make([]float64, 50*6)
	for i := range x {
		x[i] = math.MaxFloat64 / 4
	}
	huge, _ = NewDataset(x, huge.Labels(), 6, nil)
	ps, err := NewPass(&Baseline{K: 2}, huge.Stream(), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	_, want := Fit(&Baseline{K: 2, B: 2}, huge.Stream(), Options{Seed: 1})
	_, got := ps.Fit(&Baseline{K: 2, B: 2})
	if want == nil || got == nil || got.Error() != want.Error() || !errors.Is(got, ErrNotFinite) {
		t.Errorf("overflowing estimates: Pass.Fit's error %v, want Fit's %v", got, want)
	}
}

// NewPass refuses a solver whose fits do not share a pass and Fit's
// options it does not keep; Pass.Fit refuses a solver with another key
// and a bad radius.
func TestPassRefuses(t *testing.T) {
	tab := correlatedTable(100, 5, 1)
	for _, c := range []struct {
		s   Solver
		opt Options
	}{
		{&Ridge{}, Options{}},
		{&AER{K: 2}, Options{}},
		{&Baseline{K: 2}, Options{Checkpoints: []int{50}}},
		{&Baseline{K: 2}, Options{Costs: []float64{1, 1, 1, 1, 1}}},
	} {
		if _, err := NewPass(c.s, tab.Stream(), c.opt); !errors.Is(err, ErrParam) {
			t.Errorf("NewPass(%s, %+v): %v, want ErrParam", c.s.Name(), c.opt, err)
		}
	}
	ps, err := NewPass(&Baseline{K: 2}, tab.Stream(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Solver{&Baseline{K: 4}, &Baseline{K: 2, MaxMemoryMiB: 1}, &Ridge{}, &Baseline{K: 2, B: -1}} {
		if _, err := ps.Fit(s); !errors.Is(err, ErrParam) {
			t.Errorf("Pass.Fit(%+v): %v, want ErrParam", s, err)
		}
	}
}
