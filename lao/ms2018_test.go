package lao

import (
	"errors"
	"math"
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
// s coordinates, ξ the mini-batch gradient noise with variance
// 4(σ² + e)/B per coordinate (Gaussian attributes), at e = floor:
// floor = s·4η²σ²/B / (1 − (1−2η)² − s·4η²/B).
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
	floor := noiseFloor(s, 0.25, p.sigma, B)
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
	// At the floor: the last updates neither converge to zero nor leave it.
	last := ex[T-1]
	if last > 10*floor || last < floor/20 {
		t.Errorf("final excess %.3g, want the noise floor ≈ %.3g (within ×10)", last, floor)
	}
	if got := Support(HardThreshold(p.theta, sstar)); len(Support(ds.Row(0))) == 0 || len(got) != sstar {
		t.Fatal("test setup")
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

// sparseSolvers returns the five solvers of this file for d attributes,
// s' = sp and s (RDA and Dantzig need s ≤ s' − 2; Exploitation gets the
// support supp).
func sparseSolvers(d, sp, s int, supp []int) []Solver {
	out := []Solver{&Exploration{K: sp, S: s, Batch: 2}, &Hybrid{K: sp, S: s, Batch: 1, T: 2}, &Exploitation{Support: supp, Batch: 3}}
	if s <= sp-2 {
		out = append(out, &RDA{K: sp, S: s}, &Dantzig{K: sp, S: s, T0: 5, MaxIter: 300})
	}
	if s <= sp-1 {
		out = append(out, &Dantzig{K: sp, S: s, T0: 3, Isotropic: 1})
	}
	return out
}

// Budget property: for random d, s', s, data and seeds, no example reveals
// more than s' attributes (|S_0| for Exploitation), the reported totals
// equal what the handles counted, the model has at most s non-zeros, and
// it predicts every test row through a handle with budget s', reading at
// most s attributes.
func TestSparseBudgetProperty(t *testing.T) {
	rng := NewRand(43)
	for trial := range 30 {
		d := 3 + rng.IntN(40)
		sp := 2 + rng.IntN(d-1)
		s := 1 + rng.IntN(sp-1)
		m := 20 + rng.IntN(300)
		p := newGaussProblem(d, 1+rng.IntN(d), 0.5, rng)
		ds := p.sample(m, rng)
		test := p.sample(20, rng)
		supp := rng.Perm(d)[:s]
		for _, sv := range sparseSolvers(d, sp, s, supp) {
			c := &countingSolver{Solver: sv}
			res, err := Fit(c, ds.Stream(), Options{Seed: rng.Uint64()})
			if err != nil {
				t.Fatalf("trial %d d=%d s'=%d s=%d %s: %v", trial, d, sp, s, sv.Name(), err)
			}
			train := sp
			if sv.Name() == "exploitation" {
				train = s
			}
			if res.Budget.PerExample != train || res.MaxPerExample > train {
				t.Errorf("%s d=%d s'=%d s=%d: budget %d, max %d per example", sv.Name(), d, sp, s, res.Budget.PerExample, res.MaxPerExample)
			}
			if res.MaxPerExample != c.maxPer || res.Attributes != c.total {
				t.Errorf("%s: reported max %d total %d, handles counted %d, %d", sv.Name(), res.MaxPerExample, res.Attributes, c.maxPer, c.total)
			}
			if len(res.Support) > s || len(res.Support) != NonZero(res.W) {
				t.Errorf("%s d=%d s'=%d s=%d: %d non-zeros, support %v", sv.Name(), d, sp, s, NonZero(res.W), res.Support)
			}
			ev, err := EvaluateBudgeted(res.W, test, res.PredictionBudget())
			if err != nil || ev.MaxAttributes > s {
				t.Errorf("%s: prediction through a handle of budget %d: %v, %d attributes", sv.Name(), res.PredictionBudget(), err, ev.MaxAttributes)
			}
			if math.Abs(ev.MSE-MSE(res.W, test)) > 1e-9*(1+ev.MSE) {
				t.Errorf("%s: budgeted MSE %g != MSE %g", sv.Name(), ev.MSE, MSE(res.W, test))
			}
		}
	}
}

// The prediction budget is enforced by Fit: a learner whose output has more
// non-zero weights than Budget.Predict is refused.
func TestPredictionBudgetEnforced(t *testing.T) {
	ds := newGaussProblem(6, 2, 0.1, NewRand(1)).sample(10, NewRand(2))
	_, err := Fit(denseOutput{}, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) || !strings.Contains(err.Error(), "prediction budget") {
		t.Fatalf("want ErrBudgetExceeded for a 6-sparse output with prediction budget 2, got %v", err)
	}
}

type denseOutput struct{}

func (denseOutput) Name() string    { return "dense" }
func (denseOutput) Params() []Param { return nil }
func (denseOutput) Start(p Problem) (Learner, Budget, error) {
	return denseOutput{}, Budget{PerExample: 1, Predict: 2, Rule: "test"}, nil
}
func (denseOutput) Observe(*Example) {}
func (denseOutput) Weights(dst []float64) {
	for i := range dst {
		dst[i] = 1
	}
}

// RDA's gradient estimate 2·res·x̂ is unbiased for ∇(w·x − y)² = 2(w·x − y)x
// at a fixed w and example (the two probes I and J are independent): each
// coordinate's mean over N draws is within 5 standard errors.
func TestRDAEstimateUnbiased(t *testing.T) {
	rng := NewRand(44)
	d, sp, s := 12, 7, 3
	w := make([]float64, d)
	for j := range w {
		if j%3 != 2 {
			w[j] = rng.NormFloat64()
		}
	}
	x := make([]float64, d)
	for j := range x {
		x[j] = rng.NormFloat64()
	}
	y := 0.7
	K := topS(w, s, nil)
	inK := make([]bool, d)
	for _, j := range K {
		inK[j] = true
	}
	var comp []int
	for j := range d {
		if !inK[j] {
			comp = append(comp, j)
		}
	}
	r1 := (sp - s) / 2
	r2 := sp - s - r1
	exact := 2 * (dot(w, x) - y)
	ex := NewExample(d)
	xhat := newSparseVec(d)
	const N = 400000
	sum, sq := make([]float64, d), make([]float64, d)
	g := make([]float64, d)
	for range N {
		ex.Reset(x, y, sp)
		res, _ := rdaEstimate(ex, w, K, comp, r1, r2, rng, xhat)
		if ex.Observed() > sp {
			t.Fatalf("%d attributes read, budget %d", ex.Observed(), sp)
		}
		clear(g)
		for _, j := range xhat.idx {
			g[j] = 2 * res * xhat.val[j]
		}
		for j, v := range g {
			sum[j] += v
			sq[j] += v * v
		}
	}
	for j := range d {
		mean := sum[j] / N
		se := math.Sqrt((sq[j]/N - mean*mean) / N)
		if want := exact * x[j]; math.Abs(mean-want) > 5*se {
			t.Errorf("coordinate %d: mean %.5g, want %.5g (SE %.3g)", j, mean, want, se)
		}
	}
}

// Dantzig's per-example estimates (d/r)x_i y, (d/r)x_i² and
// d(d−1)/(r(r−1))x_i x_j over S drawn without replacement are unbiased for
// x_i y and x_i x_j: every entry's mean over N draws is within 5 standard
// errors.
func TestDantzigEstimatesUnbiased(t *testing.T) {
	rng := NewRand(45)
	d, r := 8, 3
	x := make([]float64, d)
	for j := range x {
		x[j] = rng.NormFloat64()
	}
	y := -1.3
	ex := NewExample(d)
	perm := identity(d)
	xs := make([]float64, r)
	const N = 300000
	A, A2 := make([]float64, d*d), make([]float64, d*d)
	b, b2 := make([]float64, d), make([]float64, d)
	oneA, oneB := make([]float64, d*d), make([]float64, d)
	for range N {
		ex.Reset(x, y, r)
		dantzigSample(ex, perm, xs, rng)
		clear(oneA)
		clear(oneB)
		dantzigAccumulate(oneA, nil, oneB, perm, xs, y)
		for i, v := range oneA {
			A[i] += v
			A2[i] += v * v
		}
		for i, v := range oneB {
			b[i] += v
			b2[i] += v * v
		}
	}
	check := func(name string, sum, sq float64, want float64) {
		mean := sum / N
		se := math.Sqrt((sq/N - mean*mean) / N)
		if math.Abs(mean-want) > 5*se {
			t.Errorf("%s: mean %.5g, want %.5g (SE %.3g)", name, mean, want, se)
		}
	}
	for i := range d {
		check("b", b[i], b2[i], x[i]*y)
		for j := range d {
			check("A", A[i*d+j], A2[i*d+j], x[i]*x[j])
		}
	}
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
		{&Exploration{K: 3, S: 3}, "S"}, {&Exploration{K: 3, S: 4}, "S"}, {&Exploration{K: 4, S: -1}, "S"},
		{&Exploration{K: 0}, "K"}, {&Exploration{K: 7, S: 2}, "K"}, {&Exploration{K: 4, S: 2, Eta: -1}, "Eta"},
		{&Exploration{K: 4, S: 2, Eta: nan}, "Eta"}, {&Exploration{K: 4, S: 2, Batch: -1}, "Batch"},
		{&Exploration{K: 4, S: 2, Growth: 0.5}, "Growth"}, {&Exploration{K: 4, S: 2, Theta0: []float64{1}}, "Theta0"},
		{&Exploration{K: 4, S: 2, Theta0: []float64{1, nan, 0, 0, 0, 0}}, "Theta0"},
		{&Hybrid{K: 2, S: 2}, "S"}, {&Hybrid{K: 9}, "K"}, {&Hybrid{K: 4, Eta: math.Inf(1)}, "Eta"}, {&Hybrid{K: 4, Batch: -2}, "Batch"},
		{&Hybrid{K: 4, Batch2: -1}, "Batch2"}, {&Hybrid{K: 4, TMinus: -1}, "TMinus"}, {&Hybrid{K: 4, T: -3}, "T"},
		{&Hybrid{K: 4, Growth: 1}, "T"}, {&Hybrid{K: 4, Theta0: make([]float64, 5)}, "Theta0"},
		{&Exploitation{}, "Theta0"}, {&Exploitation{Theta0: make([]float64, 6)}, "Theta0"}, {&Exploitation{Support: []int{0, 6}}, "Support"},
		{&Exploitation{Support: []int{1, 1}}, "Support"}, {&Exploitation{Support: []int{1}, Eta: -1}, "Eta"},
		{&Exploitation{Support: []int{1}, Theta0: make([]float64, 6)}, "Theta0"}, {&Exploitation{Support: []int{1}, Batch: -1}, "Batch"},
		{&RDA{K: 4, S: 3}, "S"}, {&RDA{K: 7}, "K"}, {&RDA{K: 4, Lambda: -1}, "Lambda"}, {&RDA{K: 4, Gamma: nan}, "Gamma"},
		{&RDA{K: 4, R: -1}, "R"},
		{&Dantzig{K: 4, S: 3}, "S"}, {&Dantzig{K: 4, CLambda: -1}, "CLambda"}, {&Dantzig{K: 4, Isotropic: 2}, "Isotropic"},
		{&Dantzig{K: 4, Growth: 1}, "Growth"}, {&Dantzig{K: 4, T0: -1}, "T0"}, {&Dantzig{K: 4, MaxDim: 5}, "MaxDim"},
		{&Dantzig{K: 4, MaxIter: -1}, "MaxIter"}, {&Dantzig{K: 4, Tol: math.NaN()}, "Tol"},
	}
	for _, c := range cases {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), c.s.Name()) {
			t.Errorf("%s %+v: want an ErrParam naming %s, got %v", c.s.Name(), c.s, c.want, err)
		}
	}
	if _, err := Fit(&Dantzig{K: 4, S: 3, Isotropic: 1}, ds.Stream(), Options{}); err != nil {
		t.Errorf("isotropic Dantzig with s' = s + 1: %v", err)
	}
}
