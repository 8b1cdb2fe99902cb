package lao

import (
	"math"
	"math/rand/v2"
	"testing"
)

// Plain, line-by-line transcriptions of the seeds' pseudo-code, dense O(d)
// per step, reading full rows. They draw random numbers in the same order as
// the library's solvers, so the library (sparse updates, log-domain EG
// weights, O(k) sampling) must reproduce them iterate for iterate.

// refAERR is Hazan & Koren 2012, Algorithm 1, returning w̄ after m steps.
func refAERR(ds *Dataset, k int, B, eta float64, w1 []float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	w := append([]float64(nil), w1...)
	wbar := make([]float64, d)
	for t := range m {
		x, y := ds.Row(t), ds.Label(t)
		for i := range w {
			wbar[i] += w[i]
		}
		xt := make([]float64, d)
		for range k {
			i := rng.IntN(d)
			xt[i] += float64(d) / float64(k) * x[i]
		}
		j, n2 := refDraw(w, func(v float64) float64 { return v * v }, rng)
		phi := n2*x[j]/w[j] - y
		v := make([]float64, d)
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

// refDraw draws j with probability weight(w_j)/Σ_i weight(w_i) by a plain
// linear scan over w (one rng.Float64), and returns j with the total: the
// references' draw for the inner-product estimates (weight v² for
// P[j] = w_j²/||w||₂², |v| for P[j] = |w_j|/||w||₁). Needs a positive total.
func refDraw(w []float64, weight func(float64) float64, rng *rand.Rand) (j int, total float64) {
	for _, v := range w {
		total += weight(v)
	}
	u := rng.Float64() * total
	j = -1
	for i, v := range w {
		if p := weight(v); p > 0 {
			j = i
			if u -= p; u < 0 {
				break
			}
		}
	}
	return j, total
}

// refAELR is Hazan & Koren 2012, Algorithm 2 with explicit z⁺, z⁻.
func refAELR(ds *Dataset, k int, B, eta float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	zp, zm := make([]float64, d), make([]float64, d)
	for i := range zp {
		zp[i], zm[i] = 1, 1
	}
	wbar := make([]float64, d)
	w := make([]float64, d)
	for t := range m {
		x, y := ds.Row(t), ds.Label(t)
		var z1 float64
		for i := range zp {
			z1 += zp[i] + zm[i]
		}
		for i := range w {
			w[i] = (zp[i] - zm[i]) * B / z1
			wbar[i] += w[i]
		}
		xt := make([]float64, d)
		for range k {
			i := rng.IntN(d)
			xt[i] += float64(d) / float64(k) * x[i]
		}
		n1 := norm1(w)
		var yw float64
		if n1 > 0 {
			j, _ := refDraw(w, math.Abs, rng)
			yw = n1 * math.Copysign(1, w[j]) * x[j]
		}
		phi := yw - y
		for i := range d {
			g := max(min(phi*xt[i], 1/eta), -1/eta)
			zp[i] *= math.Exp(-eta * g)
			zm[i] *= math.Exp(eta * g)
		}
	}
	for i := range wbar {
		wbar[i] /= float64(m)
	}
	return wbar
}

// refProjectL1 projects onto the l1 ball by bisection on the threshold θ
// (an algorithm independent of Duchi et al.'s sort).
func refProjectL1(w []float64, B float64) []float64 {
	out := append([]float64(nil), w...)
	if norm1(w) <= B {
		return out
	}
	lo, hi := 0.0, 0.0
	for _, v := range w {
		hi = max(hi, math.Abs(v))
	}
	for range 200 {
		mid := (lo + hi) / 2
		var s float64
		for _, v := range w {
			s += max(math.Abs(v)-mid, 0)
		}
		if s > B {
			lo = mid
		} else {
			hi = mid
		}
	}
	for i, v := range w {
		out[i] = math.Copysign(max(math.Abs(v)-hi, 0), v)
	}
	return out
}

// refAER is Cesa-Bianchi et al. 2010, Algorithm 2 (k even).
func refAER(ds *Dataset, k int, B, lambda float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	w := make([]float64, d)
	wbar := make([]float64, d)
	for t := 1; t <= m; t++ {
		x, y := ds.Row(t-1), ds.Label(t-1)
		v := make([]float64, d)
		perm := make([]int, d)
		for i := range perm {
			perm[i] = i
		}
		for i := range k / 2 { // C: a uniform k/2-subset of [d]
			j := i + rng.IntN(d-i)
			perm[i], perm[j] = perm[j], perm[i]
			v[perm[i]] += 2 / float64(k) * float64(d) * x[perm[i]]
		}
		yhat := 0.0
		n1 := norm1(w)
		for range k / 2 {
			if n1 == 0 {
				break
			}
			j, _ := refDraw(w, math.Abs, rng)
			yhat += 2 / float64(k) * math.Copysign(1, w[j]) * n1 * x[j]
		}
		for i := range w {
			w[i] = (1-1/float64(t))*w[i] - 2/(lambda*float64(t))*(yhat-y)*v[i]
		}
		w = refProjectL1(w, B)
		for i := range wbar {
			wbar[i] += w[i] / float64(m)
		}
	}
	return wbar
}

func maxAbsDiff(a, b []float64) float64 {
	var m float64
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

func fitOrFatal(t *testing.T, s Solver, ds Table, seed uint64) *Result {
	t.Helper()
	res, err := Fit(s, ds.Stream(), Options{Seed: seed})
	if err != nil {
		t.Fatalf("%s: %v", s.Name(), err)
	}
	return res
}

func TestAERRMatchesReference(t *testing.T) {
	rng := NewRand(10)
	p := signProblem{d: 15, scale: 1 / math.Sqrt(15), wstar: randomWStar(15, 5, 0.5, rng), sigma: 0.3}
	ds := p.sample(400, rng)
	s := &AERR{K: 3, B: 1}
	res := fitOrFatal(t, s, ds, 7)
	w1 := make([]float64, 15)
	for i := range w1 {
		w1[i] = 1 / (100 * math.Sqrt(15))
	}
	ref := refAERR(ds, 3, 1, AERRDefaultEta(15, 3, 400), w1, 7)
	if diff := maxAbsDiff(res.W, ref); diff > 1e-13 {
		t.Errorf("AERR differs from the pseudo-code reference by %g", diff)
	}
}

func TestAELRMatchesReference(t *testing.T) {
	rng := NewRand(11)
	p := signProblem{d: 12, scale: 1, wstar: randomWStar(12, 3, 0.5, rng), sigma: 0.3}
	ds := p.sample(500, rng)
	for _, eta := range []float64{0, 0.05, 3} { // 3: the clip at 1/η is active
		s := &AELR{K: 2, B: 1, Eta: eta}
		res := fitOrFatal(t, s, ds, 8)
		e := eta
		if e == 0 {
			e = AELRDefaultEta(12, 2, 500, 1)
		}
		ref := refAELR(ds, 2, 1, e, 8)
		if diff := maxAbsDiff(res.W, ref); diff > 1e-10 {
			t.Errorf("eta=%g: AELR differs from the pseudo-code reference by %g", eta, diff)
		}
	}
}

func TestAERMatchesReference(t *testing.T) {
	rng := NewRand(12)
	p := signProblem{d: 10, scale: 1, wstar: randomWStar(10, 4, 0.5, rng), sigma: 0.3}
	ds := p.sample(300, rng)
	s := &AER{K: 4, B: 1}
	res := fitOrFatal(t, s, ds, 9)
	ref := refAER(ds, 4, 1, AERDefaultLambda(10, 4, 300, 1, 1), 9)
	if diff := maxAbsDiff(res.W, ref); diff > 1e-9 {
		t.Errorf("AER differs from the pseudo-code reference by %g", diff)
	}
}

func TestProjectL1BallMatchesBisection(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	scratch := make([]float64, 40)
	for trial := range 500 {
		d := 1 + rng.IntN(40)
		w := make([]float64, d)
		for i := range w {
			w[i] = rng.NormFloat64() * 3
		}
		B := rng.Float64() * 5
		want := refProjectL1(w, B)
		got := append([]float64(nil), w...)
		projectL1Sorted(got, B, scratch)
		if diff := maxAbsDiff(got, want); diff > 1e-9 {
			t.Fatalf("trial %d: projection differs from bisection by %g", trial, diff)
		}
		if n := norm1(got); n > B*(1+1e-12)+1e-12 {
			t.Fatalf("trial %d: ||Π(w)||₁ = %g > B = %g", trial, n, B)
		}
	}
}
