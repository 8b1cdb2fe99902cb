package lao

import (
	"math"
	"slices"
	"testing"
)

// randomSimplex returns a random distribution on d points with full support.
func randomSimplex(d int, rng interface{ ExpFloat64() float64 }) []float64 {
	q := make([]float64, d)
	var z float64
	for i := range q {
		q[i] = rng.ExpFloat64() + 1e-3
		z += q[i]
	}
	for i := range q {
		q[i] /= z
	}
	return q
}

// Our result's optimisation claims, checked against many random
// distributions (docs/costs.md, ours/c1 and ours/c3): no sampling
// distribution beats the stated optimum of each criterion, and the optimum
// attains the stated minimum.
func TestPricedSamplingOptimal(t *testing.T) {
	_, mom, costs := pricedData(1, 6)
	rng := NewRand(7)
	d := len(costs)
	w := make([]float64, d)
	for j := range w {
		w[j] = rng.NormFloat64()
	}
	gamma := PricedProduct(mom, costs)
	qs, err := PricedSampling(mom, costs)
	if err != nil {
		t.Fatal(err)
	}
	S, c, _ := SecondMomentAndCost(mom, qs, costs)
	if math.Abs(S*c-gamma) > 1e-12*gamma {
		t.Errorf("x̃ draw: q ∝ √(E[x²]/c) gives S·c = %g, Γ = %g", S*c, gamma)
	}
	var l2inner, l1inner, l1x float64 // the minima of the three other criteria
	for j := range w {
		l2inner += w[j] * w[j] * costs[j]
		l1inner += math.Abs(w[j]) * math.Sqrt(costs[j])
		l1x += mom[j] * costs[j]
	}
	l1inner *= l1inner
	crit := map[string]struct {
		f    func(p []float64) float64
		min  float64
		best func(j int) float64
	}{
		"x̃ draw, E||x̃||²·cost (ridge)": {func(p []float64) float64 { s, c, _ := SecondMomentAndCost(mom, p, costs); return s * c }, gamma,
			func(j int) float64 { return math.Sqrt(mom[j] / costs[j]) }},
		"inner draw, worst x with ||x||₂ ≤ 1": {func(p []float64) float64 {
			var mx, c float64
			for j := range p {
				mx, c = max(mx, w[j]*w[j]/p[j]), c+p[j]*costs[j]
			}
			return mx * c
		}, l2inner, func(j int) float64 { return w[j] * w[j] }},
		"inner draw, worst x with ||x||∞ ≤ 1": {func(p []float64) float64 {
			var s, c float64
			for j := range p {
				s, c = s+w[j]*w[j]/p[j], c+p[j]*costs[j]
			}
			return s * c
		}, l1inner, func(j int) float64 { return math.Abs(w[j]) / math.Sqrt(costs[j]) }},
		"x̃ draw, max_i E[x̃_i²]·cost (lasso)": {func(p []float64) float64 {
			var mx, c float64
			for j := range p {
				mx, c = max(mx, mom[j]/p[j]), c+p[j]*costs[j]
			}
			return mx * c
		}, l1x, func(j int) float64 { return mom[j] }},
	}
	for name, cr := range crit {
		best := make([]float64, d)
		var z float64
		for j := range best {
			best[j] = cr.best(j)
			z += best[j]
		}
		for j := range best {
			best[j] /= z
		}
		if v := cr.f(best); math.Abs(v-cr.min) > 1e-12*cr.min {
			t.Errorf("%s: the optimum gives %g, the stated minimum is %g", name, v, cr.min)
		}
		for range 2000 {
			if v := cr.f(randomSimplex(d, rng)); v < cr.min*(1-1e-12) {
				t.Fatalf("%s: a random distribution gives %g, below the stated minimum %g", name, v, cr.min)
			}
		}
	}
	// the gain over the cost-blind samplers, and Kantorovich's factor
	blind := rootsOf(mom)
	if g, _ := PricedGain(mom, blind, costs); !(g > 1) {
		t.Errorf("gain over DDAERR's q with a 40:1 price spread: %g, want > 1", g)
	}
	equal := make([]float64, d)
	for j := range equal {
		equal[j] = 3
	}
	if g, _ := PricedGain(mom, blind, equal); math.Abs(g-1) > 1e-12 {
		t.Errorf("gain at equal prices %g, want 1", g)
	}
	kf := PricedInnerL1Factor(costs)
	for range 2000 {
		var a, b, n1 float64
		for j := range w {
			v := math.Abs(rng.NormFloat64()) * float64(rng.IntN(2))
			a, b, n1 = a+v/math.Sqrt(costs[j]), b+v*math.Sqrt(costs[j]), n1+v
		}
		if n1 > 0 && a*b > kf*n1*n1*(1+1e-12) {
			t.Fatalf("(Σ|w|/√c)(Σ|w|√c) = %g above Kantorovich's %g·||w||₁²", a*b, kf)
		}
	}
}

// pricedDraws collects n draws of a priced learner's estimate at a fixed
// w for the example (x, y), through a priced handle: the gradient estimate
// per coordinate, ||x̃||² and the spend.
type pricedDraws struct {
	sum, sq              []float64
	xt2, xt2sq, sp, spsq float64
	maxSpend             float64
	n                    int
}

func drawPriced(est interface{ estimate(*Example) float64 }, xt *sparseVec, x []float64, y float64, b Budget, n int) *pricedDraws {
	d := len(x)
	r := &pricedDraws{sum: make([]float64, d), sq: make([]float64, d), n: n}
	ex := NewExample(d)
	ex.SetPrices(b.Costs, b.Cost)
	for range n {
		ex.Reset(x, y, b.PerExample)
		phi := est.estimate(ex)
		var n2 float64
		for a, i := range xt.idx {
			n2 += xt.vals[a] * xt.vals[a]
			g := phi * xt.vals[a]
			r.sum[i] += g
			r.sq[i] += g * g
		}
		r.xt2, r.xt2sq = r.xt2+n2, r.xt2sq+n2*n2
		r.sp, r.spsq = r.sp+ex.Spent(), r.spsq+ex.Spent()*ex.Spent()
		r.maxSpend = max(r.maxSpend, ex.Spent())
	}
	return r
}

// within5SE reports whether the mean of draws (sum, sum of squares, n) is
// within 5 standard errors of want.
func within5SE(sum, sq float64, n int, want float64) (mean, se float64, ok bool) {
	fn := float64(n)
	mean = sum / fn
	se = math.Sqrt(max(sq/fn-mean*mean, 0) / (fn - 1))
	return mean, se, math.Abs(mean-want) <= 5*se+1e-12
}

// The priced estimators, drawn through the solvers' own code and a priced
// handle at a fixed w: unbiased in every coordinate, E||x̃||² as Lemma 3.2
// of Kukliansky & Shamir 2015 gives for the priced q, the expected spend
// Σ_j c_j(1 − (1−q_j)^k(1−p_j)) (repeats are free), each to 5 standard
// errors (fixed seeds); and no example ever costs more than C.
func TestPricedEstimatorStatistics(t *testing.T) {
	const n, k = 200000, 3
	_, mom, costs := pricedData(1, 8)
	d := len(costs)
	rng := NewRand(9)
	x, w := make([]float64, d), make([]float64, d)
	for j := range x {
		x[j] = math.Sqrt(mom[j]) * rng.NormFloat64()
		w[j] = rng.NormFloat64() / 4
	}
	const y = 0.3
	p := Problem{M: n, D: d, Rand: NewRand(10)}
	f := rootPrices(costs)
	type sampler struct {
		est  interface{ estimate(*Example) float64 }
		xt   *sparseVec
		q, p []float64 // x̃'s and the inner draw's distributions (unnormalised)
		b    Budget
	}
	mk := map[string]func() sampler{
		"ddaerr": func() sampler {
			s := &DDAERR{K: k, B: 10, Moments: mom, W1: w, Prices: Prices{Costs: costs}}
			l, b, err := s.Start(p)
			if err != nil {
				t.Fatal(err)
			}
			q := make([]float64, d)
			for j := range q {
				q[j] = math.Sqrt(mom[j]) * f[j]
			}
			sq := make([]float64, d)
			for j := range sq {
				sq[j] = w[j] * w[j]
			}
			return sampler{l.(*aerrLearner), l.(*aerrLearner).xt, q, sq, b}
		},
		"ddaerr innerdd": func() sampler {
			s := &DDAERR{K: k, B: 10, Moments: mom, W1: w, InnerDD: true, Prices: Prices{Costs: costs}}
			l, b, err := s.Start(p)
			if err != nil {
				t.Fatal(err)
			}
			q, pw := make([]float64, d), make([]float64, d)
			for j := range q {
				q[j] = math.Sqrt(mom[j]) * f[j]
				pw[j] = math.Abs(w[j]) * q[j]
			}
			return sampler{l.(*aerrLearner), l.(*aerrLearner).xt, q, pw, b}
		},
		"aelr": func() sampler {
			s := &AELR{K: k, B: 10, Prices: Prices{Costs: costs}}
			r, err := s.resolve(p)
			if err != nil {
				t.Fatal(err)
			}
			l := newGAELRLearner(nil, k, r.B, r.eta, p, r.o, egAt(w, 10))
			q, pw := make([]float64, d), make([]float64, d)
			for j := range q {
				q[j] = 1
				pw[j] = math.Abs(l.z.W(j)) * f[j] // EG's w at the start: w scaled onto the l1 sphere
			}
			return sampler{l, l.xt, q, pw, s.Prices.budget(kPlusOne(k, d), r.cost)}
		},
	}
	for name, m := range mk {
		s := m()
		r := drawPriced(s.est, s.xt, x, y, s.b, n)
		wz := make([]float64, d)
		if name == "aelr" {
			for j := range wz {
				wz[j] = s.est.(*aelrLearner).z.W(j)
			}
		} else {
			copy(wz, w)
		}
		res := dot(wz, x) - y
		for i := range x {
			if mean, se, ok := within5SE(r.sum[i], r.sq[i], n, res*x[i]); !ok {
				t.Errorf("%s: coordinate %d: mean %g, exact %g, 5 SE %g", name, i, mean, res*x[i], 5*se)
			}
		}
		var zq, zp, sx, nx float64
		for j := range x {
			zq, zp = zq+s.q[j], zp+s.p[j]
		}
		var spend float64
		for j := range x {
			qj, pj := s.q[j]/zq, s.p[j]/zp
			sx += x[j] * x[j] / qj
			nx += x[j] * x[j]
			spend += costs[j] * (1 - math.Pow(1-qj, k)*(1-pj))
		}
		if mean, se, ok := within5SE(r.xt2, r.xt2sq, n, sx/k+float64(k-1)/k*nx); !ok {
			t.Errorf("%s: E||x̃||² %g, Lemma 3.2 gives %g (5 SE %g)", name, mean, sx/k+float64(k-1)/k*nx, 5*se)
		}
		if mean, se, ok := within5SE(r.sp, r.spsq, n, spend); !ok {
			t.Errorf("%s: mean spend %g, predicted %g (5 SE %g)", name, mean, spend, 5*se)
		}
		if r.maxSpend > s.b.Cost {
			t.Errorf("%s: an example cost %g, above the budget %g", name, r.maxSpend, s.b.Cost)
		}
	}
}

// Theorem C.2 (ours) on data whose second moments decay like i^-2
// (||x||₂ = 1) with a 9:1 price spread: priced DDAERR with its theorem step
// stays below 4B²√((S/k + 1)/m) (Kukliansky & Shamir's Theorem 3.1 with
// the priced q; mean over seeds minus 3 standard errors), its spend is at
// most m(k·c̄ + c_max), so its excess is below the bound in the cost T,
// 4B²√((S/k + 1)(k·c̄ + c_in)/T), which is PricedRidgeBound at k = k*.
func TestPricedRidgeBound(t *testing.T) {
	const d, seeds = 40, 8
	p, mom := ridgeDecayProblem(d)
	costs := make([]float64, d)
	for j := range costs {
		costs[j] = 1 + 8*float64(j%3)/2 // 1, 5, 9
	}
	q, _ := PricedSampling(mom, costs)
	S, cbar, _ := SecondMomentAndCost(mom, q, costs)
	cin := slices.Max(costs)
	kstar := PricedOptimalK(S, cbar, cin)
	k := max(1, int(math.Round(kstar)))
	for _, m := range []int{1000, 8000} {
		var e, e2, spend float64
		for seed := range uint64(seeds) {
			res := fitOrFatal(t, &DDAERR{K: k, B: 1, Moments: mom, Prices: Prices{Costs: costs}}, p.sample(m, 200+seed), seed)
			x := p.excess(res.W)
			e, e2, spend = e+x/seeds, e2+x*x/seeds, max(spend, res.CostSpent)
		}
		se := math.Sqrt(max(e2-e*e, 0) / seeds)
		T := float64(m) * (float64(k)*cbar + cin)
		atK := 4 * math.Sqrt((S/float64(k)+1)/float64(m))
		if e-3*se > atK || spend > T {
			t.Errorf("m = %d: excess %g ± %g, bound %g; spend %g, T = %g", m, e, se, atK, spend, T)
		}
		inT := 4 * math.Sqrt((S/float64(k)+1)*(float64(k)*cbar+cin)/T)
		if math.Abs(inT-atK) > 1e-12 || PricedRidgeBound(T, 1, S*cbar, cin) > inT*(1+1e-12) {
			t.Errorf("the bound in T %g, at k %g, envelope %g", inT, atK, PricedRidgeBound(T, 1, S*cbar, cin))
		}
		t.Logf("m = %d, k = %d (k* = %.2f): excess %.4g ± %.2g, bound %.3g, Γ = %.3g", m, k, kstar, e, se, atK, PricedProduct(mom, costs))
	}
	if v := PricedRidgeBound(1e4, 1, S*cbar, cin); math.Abs(v-4*(math.Sqrt(S*cbar)+math.Sqrt(cin))/100) > 1e-15 {
		t.Errorf("PricedRidgeBound %g", v)
	}
}
