package lao

import (
	"errors"
	"math"
	"slices"
	"sync"
	"testing"

	"github.com/laoproject/lao/lao/internal/quadl1"
)

// mostlyZeroTable is 240 rows of 40 attributes, a tenth of them non-zero
// (the Gram's rows switch between its sparse and tiled updates), and a
// label from two of them.
func mostlyZeroTable(seed uint64) *Dataset {
	rng := NewRand(seed)
	const m, d = 240, 40
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range x {
		if rng.IntN(10) == 0 {
			x[i] = rng.NormFloat64()
		}
	}
	for i := range y {
		y[i] = x[i*d] - x[i*d+3] + 0.1*rng.NormFloat64()
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}

// FitMoments on a table's Moments gives Fit's weights bit for bit, for
// every form of Ridge and Lasso, on a dense table, its sparse form and a
// mostly-zero table (whose rows switch between the Gram's sparse and tiled
// updates), and concurrently from one shared Moments.
func TestFitMomentsIsFit(t *testing.T) {
	mostlyZero := mostlyZeroTable(3)
	dense := correlatedTable(300, 9, 2)
	solvers := []Solver{&Ridge{}, &Ridge{Lambda: 0.01}, &Ridge{B: 0.5}, &Lasso{}, &Lasso{Lambda: 0.01}, &Lasso{B: 0.5}}
	for name, tab := range map[string]Table{"dense": dense, "sparse": sparseOf(t, dense), "mostly zero": mostlyZero} {
		mo, err := TableMoments(tab)
		if err != nil {
			t.Fatal(err)
		}
		if mo.Examples() != tab.Len() {
			t.Errorf("%s: moments of %d rows, want %d", name, mo.Examples(), tab.Len())
		}
		var wg sync.WaitGroup
		for _, s := range solvers {
			want, err := Fit(s, tab.Stream(), Options{})
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // two concurrent solves on one Moments
				wg.Add(1)
				go func() {
					defer wg.Done()
					got, ok, err := FitMoments(s, mo)
					if err != nil || !ok {
						t.Errorf("%s %s %+v: %v (ok %v)", name, s.Name(), s, err, ok)
						return
					}
					for j := range got {
						if math.Float64bits(got[j]) != math.Float64bits(want.W[j]) {
							t.Errorf("%s %s %+v: w[%d] = %v from the moments, %v from Fit", name, s.Name(), s, j, got[j], want.W[j])
							return
						}
					}
				}()
			}
		}
		wg.Wait()
	}
}

// FitMomentsSet of a grid of Lasso radii beside Ridge and penalised
// Lasso settings and a bad radius gives each solver's Fit, bit for bit,
// on a dense table, its sparse form and a mostly-zero table.
func TestFitMomentsSetIsFit(t *testing.T) {
	mostlyZero := mostlyZeroTable(5)
	dense := correlatedTable(300, 9, 2)
	solvers := []Solver{&Ridge{Lambda: 0.1}, &Ridge{}, &Ridge{B: 0.5}, &Lasso{}, &Lasso{Lambda: 0.01}}
	for _, B := range (&Lasso{}).radiusTune().Values {
		solvers = append(solvers, &Lasso{B: B})
	}
	solvers = append(solvers, &Lasso{B: 2}, &Lasso{B: -1}, &AER{K: 2})
	for name, tab := range map[string]Table{"dense": dense, "sparse": sparseOf(t, dense), "mostly zero": mostlyZero} {
		mo, err := TableMoments(tab)
		if err != nil {
			t.Fatal(err)
		}
		ws, ok, errs := FitMomentsSet(solvers, mo)
		for i, s := range solvers {
			want, err := Fit(s, tab.Stream(), Options{})
			if _, isAER := s.(*AER); isAER {
				if ok[i] {
					t.Errorf("%s: FitMomentsSet took AER", name)
				}
				continue
			}
			if !ok[i] || (err == nil) != (errs[i] == nil) || err != nil && err.Error() != errs[i].Error() {
				t.Errorf("%s %s %+v: FitMomentsSet ok %v, error %v; Fit's error %v", name, s.Name(), s, ok[i], errs[i], err)
				continue
			}
			if err == nil && !slices.EqualFunc(ws[i], want.W, func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
				t.Errorf("%s %s %+v: FitMomentsSet %v, Fit %v", name, s.Name(), s, ws[i], want.W)
			}
		}
		// Every fit only read the C the moments keep for them.
		if C, _, _ := mo.g.sum(); !slices.Equal(C, mo.g.done.C) {
			t.Errorf("%s: a fit wrote into the moments' shared XᵀX/m", name)
		}
	}
}

// FitMoments refuses what Fit refuses, and a table whose moments overflow
// fails with ErrNotFinite as Fit does.
func TestFitMomentsErrors(t *testing.T) {
	mo, err := TableMoments(correlatedTable(50, 4, 1))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []Solver{&Ridge{Lambda: -1}, &Lasso{Lambda: 1, B: 1}, &Ridge{MaxMemoryMiB: -1}} {
		if _, _, err := FitMoments(s, mo); !errors.Is(err, ErrParam) {
			t.Errorf("%s %+v: %v, want ErrParam", s.Name(), s, err)
		}
	}
	huge, _ := NewDataset(slices.Repeat([]float64{1e200, -1e200}, 10), slices.Repeat([]float64{1}, 10), 2, nil)
	big, err := TableMoments(huge)
	if err != nil {
		t.Fatal(err)
	}
	_, fitErr := Fit(&Ridge{Lambda: 1}, huge.Stream(), Options{})
	_, _, momErr := FitMoments(&Ridge{Lambda: 1}, big)
	if fitErr == nil || momErr == nil || fitErr.Error() != momErr.Error() {
		t.Errorf("overflowing moments: Fit %v, FitMoments %v", fitErr, momErr)
	}
	if _, err := TableMoments(dense0()); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty table: %v", err)
	}
	// Another solver, one embedding Ridge included, is not fitted.
	type myRidge struct{ Ridge }
	for _, s := range []Solver{&AERR{K: 2}, &myRidge{}} {
		if w, ok, err := FitMoments(s, mo); ok || w != nil || err != nil {
			t.Errorf("%T: fitted from moments (%v, %v)", s, w, err)
		}
	}
}

func dense0() *Dataset { ds, _ := NewDataset(nil, nil, 3, nil); return ds }

// penalisedKKT is 0 (up to rounding) at the penalised lasso's exact
// minimiser and ||v||∞ − λ at w = 0 when λ is below ||v||∞.
func TestPenalisedKKT(t *testing.T) {
	mo, err := TableMoments(correlatedTable(200, 6, 9))
	if err != nil {
		t.Fatal(err)
	}
	C, b, _ := mo.g.moments()
	for i := range b {
		b[i] *= -2
	}
	const lambda = 0.01
	w, _, err := quadl1.MinPenalised(quadl1.Dense(C, 6), b, lambda)
	if err != nil {
		t.Fatal(err)
	}
	if v := penalisedKKT(quadl1.Dense(C, 6), b, lambda, w); v > 1e-9 {
		t.Errorf("violation %g at the exact minimiser", v)
	}
	vmax := 0.0
	for _, x := range b {
		vmax = max(vmax, math.Abs(x))
	}
	if v := penalisedKKT(quadl1.Dense(C, 6), b, lambda, make([]float64, 6)); math.Abs(v-(vmax-lambda)) > 1e-12 {
		t.Errorf("violation at 0: %g, want ||v||∞ − λ = %g", v, vmax-lambda)
	}
}
