package lao

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// Tests of Murata & Suzuki 2018's solvers and of the reconstructed
// competitors: the theorems' rates on well-conditioned instances, the two
// budgets, the estimators' unbiasedness, and bad inputs.

// excessPerUpdate fits s with a checkpoint after each of the updates that
// end at ends and returns the exact excess risk there.
func excessPerUpdate(t *testing.T, s Solver, p gaussProblem, ds *Dataset, ends []int) []float64 {
	t.Helper()
	var out []float64
	for _, w := range iteratesOf(t, s, ds, ends, 1) {
		out = append(out, p.excess(w))
	}
	return out
}

// noiseFloor is the stationary excess risk of θ_t = θ* + (1 − 2η)e + ηξ on
// a fixed support of s coordinates (Exploitation), ξ the mini-batch
// gradient noise with variance 4(σ² + e)/B per coordinate (Gaussian
// attributes), at e = floor: floor = s·4η²σ²/B / (1 − (1−2η)² − s·4η²/B).
// ExplorationFloor adds the coordinates hard thresholding selects.
func noiseFloor(s int, eta, sigma float64, B int) float64 {
	v := float64(s) * 4 * eta * eta / float64(B)
	return v * sigma * sigma / (1 - (1-2*eta)*(1-2*eta) - v)
}

// Theorem 4.1: on a well-conditioned instance (E[xxᵀ] = I, κ_s = 1) with
// η = 1/4 and a constant mini-batch, Exploration's excess risk falls by a
// constant factor per update (η = 1/(2L_s) contracts the error by 1 − 2η =
// 1/2, the excess by 1/4) until it reaches the noise floor, where it stays.
func TestExplorationLinearRate(t *testing.T) {
	rng := NewRand(40)
	d, sstar, sp, s, B := 100, 5, 20, 10, 200
	p := newGaussProblem(d, sstar, 0.1, rng)
	dp := (d + sp - s - 1) / (sp - s)
	T := 12
	ends := make([]int, T)
	for u := range ends {
		ends[u] = (u + 1) * dp * B
	}
	ds := p.sample(ends[T-1], rng)
	ex := excessPerUpdate(t, &Exploration{K: sp, S: s, Eta: 0.25, Batch: B, Growth: 1}, p, ds, ends)
	floor := ExplorationFloor(d, sstar, s, B, 0.25, p.sigma)
	e0 := p.excess(make([]float64, d))
	t.Logf("excess per update %.3g; noise floor ≈ %.3g", ex, floor)
	// The linear phase: every update divides the excess by at least 2 while
	// it is above 10× the floor (expected factor 4).
	prev := e0
	linear := 0
	for u, e := range ex {
		if prev > 10*floor {
			if e > prev/2 {
				t.Errorf("update %d: excess %.3g > half of %.3g: not linear", u+1, e, prev)
			}
			linear++
		}
		prev = e
	}
	if linear < 5 {
		t.Errorf("only %d updates in the linear phase", linear)
	}
	// (1−ᾰ)^T·(L(θ0) − L(θ*) + Δ) with ᾰ = 1/2 and Δ = 10× the floor.
	for u, e := range ex {
		if bound := math.Pow(0.5, float64(u+1)) * (e0 + 10*floor); e > bound && e > 10*floor {
			t.Errorf("update %d: excess %.3g above the Theorem 4.1 shape %.3g", u+1, e, bound)
		}
	}
	// At the floor: the mean of the last four updates is the estimate's
	// level. Over 20 seeds of the same instance (d = 100, s_* = 5, B = 200,
	// the notebook's) it was 1.06 ± 0.10 (sd) times ExplorationFloor, from
	// 0.85 to 1.21: the band is the mean ± 4 sd. The estimate without
	// selection (noiseFloor(s, …), as s coordinates drawn alike) is below it.
	level := (ex[T-1] + ex[T-2] + ex[T-3] + ex[T-4]) / 4
	if r := level / floor; r < 0.65 || r > 1.5 {
		t.Errorf("excess over the last 4 updates %.3g = %.2f × ExplorationFloor %.3g, want 0.65-1.5", level, r, floor)
	}
	if plain := noiseFloor(s, 0.25, p.sigma, B); level < 1.5*plain {
		t.Errorf("excess over the last 4 updates %.3g is near the estimate without selection %.3g", level, plain)
	}
	if got := Support(HardThreshold(p.theta, sstar)); len(Support(ds.Row(0))) == 0 || len(got) != sstar {
		t.Fatal("test setup")
	}
}

// TopChiSquareSum: exact where it is known, and beside a Monte Carlo mean
// (4,000 draws of the 5 largest of 95 squared normals; its standard error
// is about 0.085, the band 4 of them).
func TestTopChiSquareSum(t *testing.T) {
	for _, c := range []struct {
		m, n int
		want float64
	}{{0, 5, 0}, {3, 3, 3}, {7, 3, 3}, {1, 1, 1}, {1, 2, 1 + 2/math.Pi}} { // E max(Z₁², Z₂²) = 1 + E|Z₁² − Z₂²|/2 = 1 + 2/π
		if got := TopChiSquareSum(c.m, c.n); math.Abs(got-c.want) > 1e-9 {
			t.Errorf("TopChiSquareSum(%d, %d) = %.12g, want %.12g", c.m, c.n, got, c.want)
		}
	}
	rng := NewRand(3)
	const draws = 4000
	sum := 0.0
	v := make([]float64, 95)
	for range draws {
		for i := range v {
			z := rng.NormFloat64()
			v[i] = z * z
		}
		slices.Sort(v)
		for _, x := range v[90:] {
			sum += x
		}
	}
	if got, mc := TopChiSquareSum(5, 95), sum/draws; math.Abs(got-mc) > 4*0.085 {
		t.Errorf("TopChiSquareSum(5, 95) = %.3f, Monte Carlo %.3f", got, mc)
	}
	// Without selection (s = s_*) ExplorationFloor is the fixed-support floor.
	if a, b := ExplorationFloor(100, 7, 7, 100, 0.25, 0.1), noiseFloor(7, 0.25, 0.1, 100); math.Abs(a-b) > 1e-12*b {
		t.Errorf("ExplorationFloor with s = s_* is %g, the fixed-support floor %g", a, b)
	}
	if !math.IsInf(ExplorationFloor(100, 5, 10, 2, 0.25, 0.1), 1) {
		t.Error("a batch too small for the contraction has no floor: want +Inf")
	}
}

// Theorem 4.3: Exploitation converges linearly when supp θ* ⊆ supp θ_0.
func TestExploitationLinearRate(t *testing.T) {
	rng := NewRand(41)
	d, sstar, B := 60, 4, 100
	p := newGaussProblem(d, sstar, 0.1, rng)
	theta0 := make([]float64, d)
	for _, j := range Support(p.theta) {
		theta0[j] = 3 * rng.NormFloat64()
	}
	extra := 0
	for j := 0; extra < 3; j++ { // three coordinates outside supp θ*
		if p.theta[j] == 0 {
			theta0[j] = rng.NormFloat64()
			extra++
		}
	}
	T := 12
	ends := make([]int, T)
	for u := range ends {
		ends[u] = (u + 1) * B
	}
	ds := p.sample(ends[T-1], rng)
	ex := excessPerUpdate(t, &Exploitation{Eta: 0.25, Batch: B, Growth: 1, Theta0: theta0}, p, ds, ends)
	floor := noiseFloor(sstar+3, 0.25, p.sigma, B)
	t.Logf("excess per update %.3g; noise floor ≈ %.3g", ex, floor)
	prev := p.excess(theta0)
	for u, e := range ex {
		if prev > 10*floor && e > prev/2 {
			t.Errorf("update %d: excess %.3g > half of %.3g: not linear", u+1, e, prev)
		}
		prev = e
	}
	if last := ex[T-1]; last > 10*floor {
		t.Errorf("final excess %.3g, want the noise floor ≈ %.3g", last, floor)
	}
	// Without supp θ* ⊆ supp θ_0 it cannot converge: the missing
	// coordinate's θ*_j² stays in the excess (Theorem 4.3's general case).
	miss := append([]float64(nil), theta0...)
	j := Support(p.theta)[0]
	miss[j] = 0
	ex = excessPerUpdate(t, &Exploitation{Eta: 0.25, Batch: B, Growth: 1, Theta0: miss}, p, ds, ends)
	if ex[T-1] < 0.9*p.theta[j]*p.theta[j] {
		t.Errorf("excess %.3g below θ*_j² = %g though j is outside the support", ex[T-1], p.theta[j]*p.theta[j])
	}
}

// Hybrid recovers supp θ* on Murata & Suzuki's synthetic design (d = 500,
// s_* = 25, θ*_j = ±1, s' = 50, s = 25) with its defaults, and after two
// rounds its excess risk is at the noise floor of the second round's
// Exploitation mini-batch.
func TestHybridRecoversSupport(t *testing.T) {
	if testing.Short() {
		t.Skip("generates 43,965 × 500 normal attributes")
	}
	d := 500
	p := gaussProblem{theta: make([]float64, d), sigma: 1}
	for j := range 25 {
		p.theta[j] = 1
		if j >= 13 {
			p.theta[j] = -1
		}
	}
	// Defaults: d' = 20 blocks, B⁻_k = 157·2^(k−1), B_k = 1047·2^(k−1),
	// T⁻ = 3, T̃ = 5: round 1 uses 3·20·157 + 5·1047 = 14,655 examples,
	// round 2 twice that.
	n := 3 * 14655
	ds := p.sample(n, NewRand(42))
	var recoveredAt int
	res, err := Fit(&Hybrid{K: 50, S: 25}, ds.Stream(), Options{Seed: 1, Checkpoints: []int{1000, 2000, 4000, 8000, 14655, n},
		OnCheckpoint: func(c Checkpoint) {
			if recoveredAt == 0 && sameSupport(c.W, p.theta) {
				recoveredAt = c.Examples
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Diagnostics["rounds"] != 2 {
		t.Fatalf("%v rounds, want 2", res.Diagnostics["rounds"])
	}
	if !sameSupport(res.W, p.theta) {
		t.Fatalf("support %v, want the first 25 attributes", res.Support)
	}
	floor := noiseFloor(25, res.Params["eta"], 1, 2*1047)
	if e := p.excess(res.W); e > 10*floor {
		t.Errorf("excess risk %.3g after recovery, want the noise floor ≈ %.3g (within ×10)", e, floor)
	}
	if res.MaxPerExample > 50 || len(res.Support) != 25 || res.PredictionBudget() != 50 {
		t.Errorf("budgets: max %d per example, %d non-zeros, prediction budget %d", res.MaxPerExample, len(res.Support), res.PredictionBudget())
	}
	t.Logf("support recovered by example %d; final excess %.4f (floor %.4f); %v", recoveredAt, p.excess(res.W), floor, res.Diagnostics)
}

func sameSupport(w, theta []float64) bool {
	for j := range w {
		if (w[j] != 0) != (theta[j] != 0) {
			return false
		}
	}
	return true
}

// The default step size is 1/(4·m̂₂), m̂₂ the mean square of the attributes
// the first mini-batch observed.
func TestDefaultStepEstimate(t *testing.T) {
	rng := NewRand(46)
	d, sp, s, B := 30, 8, 3, 4
	ds := newGaussProblem(d, 2, 0.1, rng).sample(400, rng)
	for j := range 400 * d { // unequal scales
		ds.x[j] *= 1 + float64(j%d)/10
	}
	res := fitOrFatal(t, &Exploration{K: sp, S: s, Batch: B}, ds, 1)
	dp := (d + sp - s - 1) / (sp - s)
	var sum float64
	var n int
	for e := range dp * B {
		i := e % dp
		for j := i * (sp - s); j < min((i+1)*(sp-s), d); j++ {
			sum += ds.Row(e)[j] * ds.Row(e)[j]
			n++
		}
	}
	if want := float64(n) / (4 * sum); math.Abs(res.Params["eta"]-want) > 1e-12*want {
		t.Errorf("default η = %g, want 1/(4·m̂₂) = %g", res.Params["eta"], want)
	}
	if res.Params["batch"] != float64(B) {
		t.Errorf("batch %v", res.Params["batch"])
	}
	if got := fitOrFatal(t, &Exploration{K: 50, S: 25}, newGaussProblem(60, 2, 0.1, rng).sample(50, rng), 1).Params["batch"]; got != 157 {
		t.Errorf("default B_1 for s = 25: %v, want ⌈25²/4⌉ = 157", got)
	}
	h := fitOrFatal(t, &Hybrid{K: 50, S: 25}, newGaussProblem(500, 2, 0.1, rng).sample(50, rng), 1)
	// T̃ = ⌈log₂(500/25)⌉ = 5; B_1 = ⌈157·(5/3)·2²⌉ = 1047.
	if h.Params["T"] != 5 || h.Params["tminus"] != 3 || h.Params["batch2"] != 1047 || h.Params["growth"] != 2 {
		t.Errorf("Hybrid defaults %v", h.Params)
	}
}

// Diverging step sizes end the fit with ErrNotFinite naming the step.
func TestSparseDivergence(t *testing.T) {
	ds := newGaussProblem(10, 2, 0.1, NewRand(1)).sample(2000, NewRand(2))
	_, err := Fit(&Exploration{K: 6, S: 3, Eta: 50, Batch: 1, Growth: 1}, ds.Stream(), Options{})
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "η") {
		t.Fatalf("want ErrNotFinite naming η, got %v", err)
	}
}

// Same seed, same weights; the stochastic competitors differ across seeds.
func TestSparseDeterministic(t *testing.T) {
	rng := NewRand(47)
	ds := newGaussProblem(20, 3, 0.3, rng).sample(500, rng)
	for _, s := range sparseSolvers(20, 8, 3, []int{1, 2, 3}) {
		a, b := fitOrFatal(t, s, ds, 5), fitOrFatal(t, s, ds, 5)
		if maxAbsDiff(a.W, b.W) != 0 {
			t.Errorf("%s: same seed, different weights", s.Name())
		}
	}
	if a, c := fitOrFatal(t, &RDA{K: 8, S: 3}, ds, 5), fitOrFatal(t, &RDA{K: 8, S: 3}, ds, 6); maxAbsDiff(a.W, c.W) == 0 {
		t.Error("rda: seeds 5 and 6 gave identical weights")
	}
}

func TestSparseBadParameters(t *testing.T) {
	ds := newGaussProblem(6, 2, 0.1, NewRand(1)).sample(30, NewRand(2))
	nan := math.NaN()
	cases := []struct {
		s    Solver
		want string
	}{
		{&Exploration{K: 3, S: 3}, "s"}, {&Exploration{K: 3, S: 4}, "s"}, {&Exploration{K: 4, S: -1}, "s"},
		{&Exploration{K: 0}, "k"}, {&Exploration{K: 7, S: 2}, "k"}, {&Exploration{K: 4, S: 2, Eta: -1}, "eta"},
		{&Exploration{K: 4, S: 2, Eta: nan}, "eta"}, {&Exploration{K: 4, S: 2, Batch: -1}, "batch"},
		{&Exploration{K: 4, S: 2, Growth: 0.5}, "growth"}, {&Exploration{K: 4, S: 2, Theta0: []float64{1}}, "Theta0"},
		{&Exploration{K: 4, S: 2, Theta0: []float64{1, nan, 0, 0, 0, 0}}, "Theta0"},
		{&Hybrid{K: 2, S: 2}, "s"}, {&Hybrid{K: 9}, "k"}, {&Hybrid{K: 4, Eta: math.Inf(1)}, "eta"}, {&Hybrid{K: 4, Batch: -2}, "batch"},
		{&Hybrid{K: 4, Batch2: -1}, "batch2"}, {&Hybrid{K: 4, TMinus: -1}, "tminus"}, {&Hybrid{K: 4, T: -3}, "T"},
		{&Hybrid{K: 4, Growth: 1}, "T"}, {&Hybrid{K: 4, Theta0: make([]float64, 5)}, "Theta0"},
		{&Exploitation{}, "support"}, {&Exploitation{Theta0: make([]float64, 6)}, "Theta0"}, {&Exploitation{Support: []int{0, 6}}, "support"},
		{&Exploitation{Support: []int{1, 1}}, "support"}, {&Exploitation{Support: []int{1}, Eta: -1}, "eta"},
		{&Exploitation{Support: []int{1}, Theta0: make([]float64, 6)}, "support"}, {&Exploitation{Support: []int{1}, Batch: -1}, "batch"},
		{&RDA{K: 4, S: 3}, "s"}, {&RDA{K: 7}, "k"}, {&RDA{K: 4, Lambda: -1}, "lambda"}, {&RDA{K: 4, Gamma: nan}, "gamma"},
		{&RDA{K: 4, R: -1}, "R"},
		{&Dantzig{K: 4, S: 3}, "s"}, {&Dantzig{K: 4, CLambda: -1}, "clambda"},
		{&Dantzig{K: 4, Growth: 1}, "growth"}, {&Dantzig{K: 4, T0: -1}, "t0"}, {&Dantzig{K: 4, MaxDim: 5}, "MaxDim"},
		{&Dantzig{K: 4, MaxIter: -1}, "MaxIter"}, {&Dantzig{K: 4, Tol: math.NaN()}, "Tol"},
	}
	for _, c := range cases {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.s.Name()+": "+c.want+" ") {
			t.Errorf("%s %+v: want an ErrParam naming %s, got %v", c.s.Name(), c.s, c.want, err)
		}
	}
	if _, err := Fit(&Dantzig{K: 4, S: 3, Isotropic: true}, ds.Stream(), Options{}); err != nil {
		t.Errorf("isotropic Dantzig with s' = s + 1: %v", err)
	}
}
