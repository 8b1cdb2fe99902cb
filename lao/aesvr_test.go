package lao

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
)

// refAESVR is Hazan & Koren 2012, Algorithm 4, line by line: Algorithm 1
// with a dense iterate, lines 8-9 replaced by x' = x/ε, y± = (y ± δ)/ε and
// φ̃ = ½[GenEst(w, x', y⁺) + GenEst(w, x', y⁻)] (refGenEst, reading the full
// row), returning w̃ = (1/m)Σ w_t.
func refAESVR(ds *Dataset, k int, B, delta, eps, eta float64, w1 []float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	bg := (B + delta) / eps // GenEst's B for (w, x/ε, y±)
	w := append([]float64(nil), w1...)
	wbar := make([]float64, d)
	for t := range m {
		x, y := ds.Row(t), ds.Label(t)
		for i := range w {
			wbar[i] += w[i]
		}
		xt := make([]float64, d) // lines 3-7
		for range k {
			i := rng.IntN(d)
			xt[i] += float64(d) / float64(k) * x[i]
		}
		yp, ym := (y+delta)/eps, (y-delta)/eps
		phi := 0.5 * (refGenEst(x, w, 1/eps, yp, RhoCoef, bg, rng) + refGenEst(x, w, 1/eps, ym, RhoCoef, bg, rng))
		v := make([]float64, d) // lines 10-12
		for i := range v {
			v[i] = w[i] - eta*phi*xt[i]
		}
		nv := math.Sqrt(dot(v, v))
		for i := range w {
			w[i] = v[i] * (B / max(nv, B))
		}
	}
	for i := range wbar {
		wbar[i] /= float64(m)
	}
	return wbar
}

// svrProblem: ||x||₂ = 1 (coordinates ±1/√d), y = w*·x + ν with ν uniform
// on [−δ, δ], so the δ-insensitive risk of w* is exactly 0.
func svrProblem(d int, delta float64, seed uint64) signProblem {
	rng := NewRand(seed)
	ws := randomWStar(d, d, 1, rng)
	n := math.Sqrt(dot(ws, ws))
	for i := range ws {
		ws[i] *= 0.6 / n
	}
	return signProblem{d: d, scale: 1 / math.Sqrt(float64(d)), wstar: ws, sigma: delta}
}

// svrRisk is the δ-insensitive risk of w on ds with its standard error.
func svrRisk(w []float64, ds *Dataset, delta float64) (mean, se float64) {
	var s, sq float64
	for i := range ds.Len() {
		l := Insensitive(dot(w, ds.Row(i))-ds.Label(i), delta)
		s += l
		sq += l * l
	}
	n := float64(ds.Len())
	mean = s / n
	return mean, math.Sqrt((sq/n - mean*mean) / n)
}

func TestAESVRMatchesReference(t *testing.T) {
	const d, m, k = 12, 1500, 3
	p := svrProblem(d, 0.1, 60)
	ds := p.sample(m, NewRand(61))
	for _, c := range []struct{ delta, eps, eta float64 }{{0.1, 0.5, 0}, {0, 0.3, 0.05}, {0.2, 1, 0.2}} {
		s := &AESVR{K: k, Delta: c.delta, Eps: c.eps, Eta: c.eta}
		res := fitOrFatal(t, s, ds, 7)
		w1 := make([]float64, d)
		for i := range w1 {
			w1[i] = 1 / (100 * math.Sqrt(d))
		}
		eta := c.eta
		if eta == 0 {
			eta = AESVRDefaultEta(d, k, m, 1)
		}
		ref := refAESVR(ds, k, 1, c.delta, c.eps, eta, w1, 7)
		if diff := relDiff(res.W, ref); diff > 1e-10 {
			t.Errorf("δ = %g, ε = %g: AESVR differs from the pseudo-code reference by %g (relative)", c.delta, c.eps, diff)
		}
	}
}

// countPerExample wraps a solver and records what each handle revealed.
type countPerExample struct {
	Solver
	counts []int
}

type countPerExampleLearner struct {
	Learner
	c *countPerExample
}

func (c *countPerExample) Start(p Problem) (Learner, Budget, error) {
	l, b, err := c.Solver.Start(p)
	if err != nil {
		return nil, b, err
	}
	return &countPerExampleLearner{l, c}, b, nil
}

func (l *countPerExampleLearner) Observe(ex *Example) {
	l.Learner.Observe(ex)
	l.c.counts = append(l.c.counts, ex.Observed())
}

// Theorem 4.4's budget: k + 6 attributes per example in expectation. The
// mean over 20,000 examples plus 5 standard errors stays below k + 6, and
// below k + 2·MeanDraws (two GenEst calls; repeats are free); Fit reports
// the same mean and a maximum within the hard cap.
func TestAESVRMeanAttributesTheorem44(t *testing.T) {
	const d, m = 400, 20000
	p := svrProblem(d, 0.1, 62)
	ds := p.sample(m, NewRand(63))
	for _, k := range []int{1, 4, 16} {
		c := &countPerExample{Solver: &AESVR{K: k, Delta: 0.1, Eps: 0.5}}
		res := fitOrFatal(t, c, ds, 8)
		var s, sq float64
		for _, v := range c.counts {
			s += float64(v)
			sq += float64(v) * float64(v)
		}
		mean := s / m
		se := math.Sqrt((sq/m - mean*mean) / m)
		g, _ := NewGenEst(RhoSeries(), 1.1/0.5)
		t.Logf("k = %d: mean attributes per example %.3f ± %.3f (k + 2·E[draws] = %.3f, k + 6 = %d), max %d, cap %d",
			k, mean, se, float64(k)+2*g.MeanDraws(), k+6, res.MaxPerExample, res.Budget.PerExample)
		if mean+5*se > float64(k+6) {
			t.Errorf("k = %d: mean %g ± %g exceeds k + 6", k, mean, se)
		}
		if mean > float64(k)+2*g.MeanDraws()+5*se {
			t.Errorf("k = %d: mean %g exceeds k + 2·MeanDraws = %g", k, mean, float64(k)+2*g.MeanDraws())
		}
		if math.Abs(res.MeanPerExample()-mean) > 1e-12 || res.MaxPerExample > res.Budget.PerExample || res.Budget.Mean != float64(k)+2*g.MeanDraws() {
			t.Errorf("k = %d: result mean %g, max %d, budget %+v", k, res.MeanPerExample(), res.MaxPerExample, res.Budget)
		}
	}
}

// AESVR learns: on data where w* has δ-insensitive risk 0 (d = 5,
// ||w*||₂ = 0.9, noise within ±δ), the test risk after 100,000 examples is
// below the risk after 1,000, which is below the zero predictor's, each by
// more than 5 standard errors (from the spread over 5 training seeds and
// the test set).
func TestAESVRLearns(t *testing.T) {
	const d, delta, seeds = 5, 0.1, 5
	rng := NewRand(64)
	ws := randomWStar(d, d, 1, rng)
	n := math.Sqrt(dot(ws, ws))
	for i := range ws {
		ws[i] *= 0.9 / n
	}
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: ws, sigma: delta}
	test := p.sample(20000, NewRand(65))
	prev, pse := svrRisk(make([]float64, d), test, delta)
	t.Logf("zero predictor: δ-insensitive test risk %.4f ± %.4f (w*: 0)", prev, pse)
	for _, m := range []int{1000, 100000} {
		var s, sq, testSE float64
		for seed := range uint64(seeds) {
			res := fitOrFatal(t, &AESVR{K: 1, Delta: delta, Eps: 0.5}, p.sample(m, NewRand(66+seed)), seed)
			r, rse := svrRisk(res.W, test, delta)
			s += r
			sq += r * r
			testSE = max(testSE, rse)
		}
		mean := s / seeds
		se := math.Hypot(math.Sqrt(max(sq/seeds-mean*mean, 0)/(seeds-1)), testSE) // training seeds and test set
		t.Logf("m = %d: δ-insensitive test risk %.4f ± %.4f over %d seeds", m, mean, se, seeds)
		if mean+5*math.Hypot(se, pse) >= prev {
			t.Errorf("m = %d: risk %g did not fall below %g", m, mean, prev)
		}
		prev, pse = mean, se
	}
}

// Theorem 4.4's sample size as a function: (d/k)·exp(log²(B/ε)) — d/k at
// ε = B, (d/k)·e at B/ε = e, and growing faster than any power of B/ε.
func TestAESVRExamplesTheorem44(t *testing.T) {
	if v := AESVRExamples(100, 4, 1, 1); v != 25 {
		t.Errorf("at ε = B: %g, want d/k = 25", v)
	}
	if v := AESVRExamples(100, 4, math.E, 1); math.Abs(v-25*math.E) > 1e-12 {
		t.Errorf("at B/ε = e: %g, want 25e", v)
	}
	prev := 0.0
	for r := 2.0; r <= 64; r *= 2 {
		ratio := AESVRExamples(10, 1, 1, 1/(2*r)) / AESVRExamples(10, 1, 1, 1/r) // halving ε
		if ratio <= prev {
			t.Errorf("halving ε at B/ε = %g multiplies m by %g, not more than at B/ε = %g", r, ratio, r/2)
		}
		prev = ratio
	}
}

func TestAESVRBadParameters(t *testing.T) {
	ds := svrProblem(6, 0.1, 67).sample(50, NewRand(68))
	cases := []struct {
		s     *AESVR
		param string
	}{
		{&AESVR{K: 0}, "k"},
		{&AESVR{K: 2, Delta: -0.1}, "delta"},
		{&AESVR{K: 2, Delta: 1.5}, "delta"}, // δ > B = 1
		{&AESVR{K: 2, B: 0.5, Delta: 0.6}, "delta"},
		{&AESVR{K: 2, Eps: -1}, "eps"},
		{&AESVR{K: 2, Eps: 1e-9}, "eps"}, // (B + δ)/ε beyond GenEst's range
		{&AESVR{K: 2, Eta: -1}, "eta"},
		{&AESVR{K: 2, Cap: 1}, "cap"},
		{&AESVR{K: 2, Cap: 7}, "cap"}, // > d
		{&AESVR{K: 2, B: -1}, "B"},
	}
	for _, c := range cases {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "aesvr: "+c.param+" ") {
			t.Errorf("%+v: error %v, want ErrParam naming %s", *c.s, err, c.param)
		}
	}
	// A cap of k leaves GenEst nothing: the fit fails loudly, never overspends.
	_, err := Fit(&AESVR{K: 2, Cap: 2}, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) {
		t.Errorf("cap = k: %v, want ErrBudgetExceeded", err)
	}
}

// The default cap is the 10⁻¹⁵ tail of two GenEst calls plus k, at most d,
// and at least k + 2·(GenEst's first branch); remembered, it is what it
// computes.
func TestAESVRDefaultCap(t *testing.T) {
	g, _ := NewGenEst(RhoSeries(), 2.2) // B = 1, δ = 0.1, ε = 0.5: N = 20, L = 8
	if c := aesvrCap(4, 100000, g); c < 4+2*g.Branch() || c > 4+2*64*g.N() {
		t.Errorf("cap %d for N = %d, L = %d", c, g.N(), g.Branch())
	}
	if c := aesvrCap(4, 50, g); c != 50 {
		t.Errorf("cap %d, want d = 50", c)
	}
	// Below the cap, the tail it leaves is at most 10⁻¹⁵ and one less would not be.
	c := aesvrCap(4, 100000, g) // the second call: from aesvrCaps
	if want := computeAESVRCap(4, 100000, g); c != want {
		t.Errorf("remembered cap %d, computed %d", c, want)
	}
	tail := func(t int) float64 {
		var p float64
		for n1 := range 200 {
			for n2 := range 200 {
				dr := func(n int) int {
					if n <= g.Branch() {
						return n
					}
					return n * g.N()
				}
				if dr(n1)+dr(n2) > t {
					p += math.Ldexp(1, -(n1 + n2 + 2))
				}
			}
		}
		return p
	}
	if tail(c-4) > aesvrTail || tail(c-5) <= aesvrTail {
		t.Errorf("cap %d: tail %g, one less %g", c, tail(c-4), tail(c-5))
	}
}

// AESVR's estimates (x̃'s attributes and both GenEst calls' drawn first and
// read in one batch) against reading x̃ and then each call in turn
// (uniformXEstimate, then estimateDrawn twice): the same φ̃ and x̃ to the
// bit and the same attributes revealed in the same order at every step,
// and the same weights at the end. GenEst's N = 2 here (B = 0.5, δ = 0.1,
// ε = 1), so its second branch (n > 2, n·N draws) comes every eighth call;
// with batches of 6 (two draws beside x̃'s four) a call that does not fit
// is finished in chunks, which both branches of estimates reach. d = 2^13
// runs the hints.
func TestAESVREstimatesMatchInTurn(t *testing.T) {
	for _, d := range []int{30, 1 << 13} {
		for _, chunk := range []int{6, maxBatchedDraws} {
			t.Run(fmt.Sprintf("d=%d/chunk=%d", d, chunk), func(t *testing.T) {
				testEstimatesInTurn(t, d, chunk)
			})
		}
	}
}

func testEstimatesInTurn(t *testing.T, d, chunk int) {
	const m, k = 3000, 4
	s := &AESVR{K: k, B: 0.5, Delta: 0.1, Eps: 1, Eta: 0.1}
	start := func() *aesvrLearner {
		l, _, err := s.Start(Problem{D: d, M: m, Rand: NewRand(5)})
		if err != nil {
			t.Fatal(err)
		}
		a := l.(*aesvrLearner)
		a.chunk = chunk
		return a
	}
	batched, inTurn := start(), start()
	g := inTurn.p.genest
	if g.N() != 2 {
		t.Fatalf("GenEst's N = %d, not the 2 this test is laid out for", g.N())
	}
	data := NewRand(6)
	x := make([]float64, d)
	ea, eb := NewExample(d), NewExample(d)
	var reads drawnReads
	split := 0 // calls whose draws did not fit beside those before them
	for step := range m {
		for i := range x {
			x[i] = data.NormFloat64() / math.Sqrt(float64(d))
		}
		y := data.Float64() - 0.5
		ea.Reset(x, y, d)
		eb.Reset(x, y, d)
		inv, yp, ym := 1.0, y+0.1, y-0.1
		got := batched.estimates(ea, inv, yp, ym)
		uniformXEstimate(eb, k, inTurn.rng, inTurn.xt)
		room := chunk - k
		n := geometricHalf(inTurn.rng)
		fits := inTurn.w.Norm2() == 0 || g.draws(n) <= room
		plus := g.estimateDrawnN(n, eb, inTurn.w, inv, yp, inTurn.rng, &reads, chunk)
		if fits && inTurn.w.Norm2() != 0 {
			room -= g.draws(n)
		}
		n = geometricHalf(inTurn.rng)
		if !fits || !(inTurn.w.Norm2() == 0 || g.draws(n) <= room) {
			split++
		}
		want := 0.5 * (plus + g.estimateDrawnN(n, eb, inTurn.w, inv, ym, inTurn.rng, &reads, chunk))
		if math.Float64bits(got) != math.Float64bits(want) || !slices.Equal(ea.RevealedList(), eb.RevealedList()) ||
			!slices.Equal(batched.xt.idx, inTurn.xt.idx) || !slices.Equal(batched.xt.vals, inTurn.xt.vals) {
			t.Fatalf("step %d: batched φ̃ = %g (revealed %v, x̃ on %v), in turn %g (%v, %v)",
				step, got, ea.RevealedList(), batched.xt.idx, want, eb.RevealedList(), inTurn.xt.idx)
		}
		batched.step(got)
		inTurn.step(want)
	}
	if chunk < maxBatchedDraws && split == 0 {
		t.Errorf("no call was finished in chunks: the test misses a branch")
	}
	wa, wb := make([]float64, d), make([]float64, d)
	batched.Weights(wa)
	inTurn.Weights(wb)
	if !slices.Equal(wa, wb) {
		t.Errorf("weights differ after %d steps", m)
	}
}
