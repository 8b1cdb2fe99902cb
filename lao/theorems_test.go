package lao

import (
	"math"
	"testing"
)

// On synthetic data meeting each theorem's assumptions, the mean excess
// risk over a few seeds is below the theorem's bound. The sign problem has
// exactly known risk, so the excess risk is computed, not estimated.

const boundSeeds = 5

func meanExcess(t *testing.T, s Solver, p signProblem, m int, half bool) float64 {
	t.Helper()
	var sum float64
	for seed := range uint64(boundSeeds) {
		ds := p.sample(m, NewRand(100+seed))
		res := fitOrFatal(t, s, ds, seed)
		e := p.excess(res.W)
		if half { // Hazan & Koren 2012 measures ½(w·x − y)²
			e /= 2
		}
		sum += e
	}
	return sum / boundSeeds
}

// Hazan & Koren 2012, Theorem 3.1: ||x||₂ ≤ 1 (coordinates ±1/√d), |y| ≤ B = 1
// (||w*||₂ ≤ ½, noise ≤ ½), η = √(k/(2dm)).
func TestAERRBelowTheorem31(t *testing.T) {
	d, k, m := 20, 4, 4000
	rng := NewRand(30)
	ws := randomWStar(d, d, 1, rng)
	n := math.Sqrt(dot(ws, ws))
	for i := range ws {
		ws[i] *= 0.5 / n
	}
	p := signProblem{d: d, scale: 1 / math.Sqrt(float64(d)), wstar: ws, sigma: 0.5}
	got := meanExcess(t, &AERR{K: k, B: 1}, p, m, true)
	bound := AERRBound(d, k, m, 1)
	t.Logf("AERR excess %g, Theorem 3.1 bound %g", got, bound)
	if got > bound {
		t.Errorf("AERR mean excess risk %g exceeds Theorem 3.1's bound %g", got, bound)
	}
}

// Hazan & Koren 2012, Theorem 3.4: ||x||∞ ≤ 1, |y| ≤ B = 1 (||w*||₁ ≤ ½, noise ≤ ½).
func TestAELRBelowTheorem34(t *testing.T) {
	d, k, m := 20, 4, 4000
	p := signProblem{d: d, scale: 1, wstar: randomWStar(d, 4, 0.5, NewRand(31)), sigma: 0.5}
	got := meanExcess(t, &AELR{K: k, B: 1}, p, m, true)
	bound := AELRBound(d, k, m, 1)
	t.Logf("AELR excess %g, Theorem 3.4 bound %g", got, bound)
	if got > bound {
		t.Errorf("AELR mean excess risk %g exceeds Theorem 3.4's bound %g", got, bound)
	}
}

// Cesa-Bianchi et al. 2010, Theorem 2 (constant 1): x ∈ [−1,1]^d, y ∈ [−1,1].
func TestAERBelowTheorem2(t *testing.T) {
	d, k, m := 20, 4, 4000
	ws := randomWStar(d, 4, 0.5, NewRand(32))
	p := signProblem{d: d, scale: 1, wstar: ws, sigma: 0.5}
	got := meanExcess(t, &AER{K: k, B: 1}, p, m, false)
	bound := AERBound(d, k, m, 1, 1)
	t.Logf("AER excess %g, Theorem 2 bound (constant 1) %g", got, bound)
	if got > bound {
		t.Errorf("AER mean excess risk %g exceeds Theorem 2's bound %g", got, bound)
	}
}

// Cesa-Bianchi et al. 2010, Theorem 1 (constant 1, δ = 0.1).
func TestBaselineBelowTheorem1(t *testing.T) {
	d, k, m := 10, 4, 4000
	ws := randomWStar(d, 3, 0.5, NewRand(33))
	p := signProblem{d: d, scale: 1, wstar: ws, sigma: 0.5}
	got := meanExcess(t, &Baseline{K: k, B: 1}, p, m, false)
	bound := BaselineBound(d, k, m, 1, 0.1)
	t.Logf("Baseline excess %g, Theorem 1 bound (constant 1) %g", got, bound)
	if got > bound {
		t.Errorf("Baseline mean excess risk %g exceeds Theorem 1's bound %g", got, bound)
	}
}

// More data must help: the excess risk at m = 8000 is below that at m = 500
// (a check that is far sharper than the bounds above, which are loose).
func TestExcessRiskDecreasesWithM(t *testing.T) {
	d, k := 20, 4
	p := signProblem{d: d, scale: 1, wstar: randomWStar(d, 4, 0.5, NewRand(34)), sigma: 0.5}
	for _, s := range []Solver{&AELR{K: k}, &AER{K: k}, &AERR{K: k}} {
		small, large := meanExcess(t, s, p, 500, false), meanExcess(t, s, p, 8000, false)
		t.Logf("%s: excess %g at m=500, %g at m=8000", s.Name(), small, large)
		if large >= small {
			t.Errorf("%s: excess risk did not decrease with m: %g at 500, %g at 8000", s.Name(), small, large)
		}
	}
}
