package lao

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// refGAELR is Kukliansky & Shamir 2015, Algorithm 3, line by line with explicit z⁺, z⁻;
// index draws for x̃ use the alias sampler (tested in gaerr_test.go).
func refGAELR(ds *Dataset, k int, B, eta float64, q []float64, seed uint64) []float64 {
	return refGAELRRng(ds, k, B, eta, q, NewRand(SeedFor(seed, "solver")))
}

func refGAELRRng(ds *Dataset, k int, B, eta float64, q []float64, rng *rand.Rand) []float64 {
	tab, err := newAliasTable(q)
	if err != nil {
		panic(err)
	}
	d, m := ds.Dim(), ds.Len()
	zp, zm := make([]float64, d), make([]float64, d)
	for i := range zp {
		zp[i], zm[i] = 1, 1 // line 1
	}
	wbar, w := make([]float64, d), make([]float64, d)
	for t := range m {
		x, y := ds.Row(t), ds.Label(t)
		var z1 float64
		for i := range zp {
			z1 += zp[i] + zm[i]
		}
		for i := range w {
			w[i] = (zp[i] - zm[i]) * B / z1 // line 3
			wbar[i] += w[i] / float64(m)
		}
		xt := make([]float64, d)
		for range k { // lines 4-8
			i := tab.draw(rng)
			xt[i] += x[i] / tab.q[i] / float64(k)
		}
		n1 := norm1(w)
		var yw float64
		if n1 > 0 { // line 9: P[j] = |w_j|/||w||₁; line 10: (w_j/p_j) x_j
			j, _ := refDraw(w, math.Abs, rng)
			yw = w[j] / (math.Abs(w[j]) / n1) * x[j]
		}
		phi := yw - y
		for i := range d { // lines 11-16
			g := max(min(phi*xt[i], 1/eta), -1/eta)
			zp[i] *= math.Exp(-eta * g)
			zm[i] *= math.Exp(eta * g)
		}
	}
	return wbar
}

func TestGAELRMatchesReference(t *testing.T) {
	rng := NewRand(15)
	p := signProblem{d: 12, scale: 1, wstar: randomWStar(12, 3, 0.5, rng), sigma: 0.3}
	ds := p.sample(400, rng)
	q := make([]float64, 12)
	for i := range q {
		q[i] = float64(12 - i)
	}
	for _, eta := range []float64{0.02, 2} { // 2: the clip at 1/η is active
		res := fitOrFatal(t, &GAELR{K: 2, B: 1, Eta: eta, Sampling: Sampling{Q: q}}, ds, 5)
		if diff := maxAbsDiff(res.W, refGAELR(ds, 2, 1, eta, q, 5)); diff > 1e-10 {
			t.Errorf("eta %g: GAELR differs from the pseudo-code reference by %g", eta, diff)
		}
	}
	// DDAELR is GAELR with q ∝ E[x_i²] and Theorem 4.6's step.
	mom := make([]float64, 12)
	var l1 float64
	for i := range mom {
		mom[i] = 1 / float64(i+1)
		l1 += mom[i]
	}
	res := fitOrFatal(t, &DDAELR{K: 2, B: 1, Moments: mom}, ds, 5)
	eta := 1 / 2.0 * math.Sqrt(math.Log(24)/(5*400*(l1/2+1)))
	if diff := maxAbsDiff(res.W, refGAELR(ds, 2, 1, eta, mom, 5)); diff > 1e-10 {
		t.Errorf("DDAELR differs from GAELR's reference with q ∝ E[x²] by %g", diff)
	}
	if math.Abs(res.Params["eta"]-eta) > 1e-15 {
		t.Errorf("DDAELR's default eta %g, Theorem 4.6 gives %g", res.Params["eta"], eta)
	}
}

// Kukliansky & Shamir 2015, Lemma 4.5's premise: GAELR's g̃ with a non-uniform q is
// unbiased for (w·x − y)x.
func TestGAELRGradientUnbiased(t *testing.T) {
	rng := NewRand(16)
	d, k := 8, 2
	x, y, w := fixedExample(d, rng)
	tab, err := newAliasTable([]float64{0.3, 0.1, 0.05, 0.15, 0.1, 0.1, 0.1, 0.1})
	if err != nil {
		t.Fatal(err)
	}
	ex, xt := NewExample(d), newSparseVec(d)
	c := newMeanChecker(d)
	for range draws {
		ex.Reset(x, y, k+1)
		aelrGradient(ex, newDenseL1(w), k, tab, rng, xt)
		c.add(denseOf(xt))
	}
	c.check(t, "GAELR g̃", exactGradient(w, x, y, 1), 5)
}

// TestDDAELRTheorem46: with harmonic second moments E[x_i²] = 1/i (the
// paper's example; ||x||∞ ≤ 1, ||E[x²]||₁ = O(log d)), DDAELR with its
// theorem's step stays below Theorem 4.6's bound and below AELR's excess
// risk with Theorem 3.4's step (mean over seeds).
func TestDDAELRTheorem46(t *testing.T) {
	const d, k, seeds = 40, 2, 8
	p, mom := lassoHarmonicProblem(d)
	var l1 float64
	for _, v := range mom {
		l1 += v
	}
	for _, m := range []int{1000, 8000} {
		var dd, dd2, ae float64
		for seed := range uint64(seeds) {
			ds := p.sample(m, 300+seed)
			e := p.excess(fitOrFatal(t, &DDAELR{K: k, B: 1, Moments: mom}, ds, seed).W)
			dd, dd2 = dd+e/seeds, dd2+e*e/seeds
			ae += p.excess(fitOrFatal(t, &AELR{K: k, B: 1}, ds, seed).W) / seeds
		}
		se := math.Sqrt(max(dd2-dd*dd, 0) / seeds)
		if bound := DDAELRBound(d, k, m, 1, l1); dd-3*se > bound {
			t.Errorf("m = %d: DDAELR excess %g ± %g above Theorem 4.6's bound %g", m, dd, se, bound)
		}
		if dd >= ae {
			t.Errorf("m = %d: DDAELR excess %g not below AELR's %g (||E[x²]||₁ = %.2f, d = %d)", m, dd, ae, l1, d)
		}
		t.Logf("m = %d: DDAELR %.4g ± %.2g, AELR %.4g, bound %.3g", m, dd, se, ae, DDAELRBound(d, k, m, 1, l1))
	}
}

func TestDDAELRErrors(t *testing.T) {
	ds := signProblem{d: 3, scale: 0.5, wstar: []float64{1, 0, 0}}.sample(10, NewRand(1))
	for name, s := range map[string]Solver{
		"Moments is required": &DDAELR{K: 1},
		"has length 2":        &DDAELR{K: 1, Moments: []float64{1, 1}},
		"entry 2 = NaN":       &DDAELR{K: 1, Moments: []float64{1, 1, math.NaN()}},
		"sum to 0":            &DDAELR{K: 1, Moments: []float64{0, 0, 0}},
		"Q":                   &GAELR{K: 1, Sampling: Sampling{Q: []float64{1}}},
		"B":                   &GAELR{K: 1, B: -1},
	} {
		_, err := Fit(s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// refTwoPhasedLasso is Kukliansky & Shamir 2015, Algorithm 4, line by line.
func refTwoPhasedLasso(ds *Dataset, k int, B float64, m1 int, delta float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	counts, sums, A := make([]float64, d), make([]float64, d), make([]float64, d)
	for t := range m1 { // lines 3-10
		x := ds.Row(t)
		for range k + 1 {
			i := rng.IntN(d)
			counts[i]++
			sums[i] += x[i] * x[i]
			A[i] = sums[i] / counts[i]
		}
	}
	fd := float64(d)
	eps := min(fd*math.Log(2*fd/delta)/(float64(k+1)*float64(m1)), 1) // line 11
	q := make([]float64, d)
	var a1 float64
	for i := range q {
		q[i] = A[i] + 13.0/6*eps // line 12 (normalised by the sampler)
		a1 += A[i]
	}
	m2 := float64(m - m1)
	eta := math.Sqrt(float64(k) * math.Log(2*fd) / (20 * B * B * m2 * (8*a1 + 20*fd*eps + float64(k)))) // Theorem 4.7
	idx := make([]int, m-m1)
	for i := range idx {
		idx[i] = m1 + i
	}
	return refGAELRRng(ds.Subset(idx), k, B, eta, q, rng)
}

func TestTwoPhasedDDAELRMatchesReference(t *testing.T) {
	rng := NewRand(17)
	p := signProblem{d: 10, scale: 1, wstar: randomWStar(10, 3, 0.5, rng), sigma: 0.3}
	ds := p.sample(500, rng)
	for _, c := range []struct {
		m1    int
		delta float64
	}{{0, 0}, {200, 0.3}} {
		res := fitOrFatal(t, &TwoPhasedDDAELR{K: 2, B: 1, M1: c.m1, Delta: c.delta}, ds, 7)
		m1, delta := c.m1, c.delta
		if m1 == 0 {
			m1 = 50
		}
		if delta == 0 {
			delta = 0.05
		}
		if diff := maxAbsDiff(res.W, refTwoPhasedLasso(ds, 2, 1, m1, delta, 7)); diff > 1e-10 {
			t.Errorf("%+v: Two-Phased DDAELR differs from the pseudo-code reference by %g", c, diff)
		}
	}
}

// TestTwoPhasedDDAELRBound: on the harmonic-moment data of
// TestDDAELRTheorem46 the excess risk stays below Theorem 4.7's
// probability-1 bound; the log compares it with DDAELR and AELR.
func TestTwoPhasedDDAELRBound(t *testing.T) {
	const d, k, m, seeds = 40, 2, 8000, 8
	p, mom := lassoHarmonicProblem(d)
	var two, two2, dd, ae float64
	for seed := range uint64(seeds) {
		ds := p.sample(m, 400+seed)
		e := p.excess(fitOrFatal(t, &TwoPhasedDDAELR{K: k, B: 1}, ds, seed).W)
		two, two2 = two+e/seeds, two2+e*e/seeds
		second := ds.Subset(seq(m/10, m))
		dd += p.excess(fitOrFatal(t, &DDAELR{K: k, B: 1, Moments: mom}, second, seed).W) / seeds
		ae += p.excess(fitOrFatal(t, &AELR{K: k, B: 1}, second, seed).W) / seeds
	}
	se := math.Sqrt(max(two2-two*two, 0) / seeds)
	if bound := TwoPhasedDDAELRBound(d, k, m-m/10, 1); two-3*se > bound {
		t.Errorf("two-phased excess %g ± %g above Theorem 4.7's probability-1 bound %g", two, se, bound)
	}
	t.Logf("two-phased %.4g ± %.2g (bound %.3g); on the same %d examples DDAELR %.4g, AELR %.4g",
		two, se, TwoPhasedDDAELRBound(d, k, m-m/10, 1), m-m/10, dd, ae)
}
