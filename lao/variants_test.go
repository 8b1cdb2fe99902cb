package lao

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// refVariantGAERR is GAERR (Kukliansky & Shamir 2015, Algorithm 1) with the
// options of variants.go written out densely from their definitions: kx
// draws from q (uniform if q is nil) for x̃, the mean of r inner-product
// draws with p_j ∝ w_j² (c nil) or p_j ∝ |w_j|c_j, estimate w_j x_j/p_j,
// then either the step −ηg̃ or AdaGrad's −ηg̃_i/√(Σ_s g̃_{s,i}²), the
// projection, and the average of w_1..w_m. It draws in the solvers' order.
func refVariantGAERR(ds *Dataset, kx, r int, B, eta float64, q, c []float64, ada bool, w1 []float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	var tab *aliasTable
	if q != nil {
		var err error
		if tab, err = newAliasTable(q); err != nil {
			panic(err)
		}
	}
	d, m := ds.Dim(), ds.Len()
	w := append([]float64(nil), w1...)
	wbar, G := make([]float64, d), make([]float64, d)
	for t := range m {
		x, y := ds.Row(t), ds.Label(t)
		for i := range w {
			wbar[i] += w[i] / float64(m)
		}
		xt := make([]float64, d)
		for range kx {
			if tab == nil {
				i := rng.IntN(d)
				xt[i] += float64(d) / float64(kx) * x[i]
			} else {
				i := tab.draw(rng)
				xt[i] += x[i] / tab.q[i] / float64(kx)
			}
		}
		weight := func(j int, v float64) float64 { return v * v }
		if c != nil {
			weight = func(j int, v float64) float64 { return math.Abs(v) * c[j] }
		}
		var total float64
		for j, v := range w {
			total += weight(j, v)
		}
		var yhat float64
		for range r {
			if total == 0 {
				break
			}
			u := rng.Float64() * total
			j := -1
			for i, v := range w {
				if p := weight(i, v); p > 0 {
					j = i
					if u -= p; u < 0 {
						break
					}
				}
			}
			yhat += w[j] * x[j] / (weight(j, w[j]) / total)
		}
		phi := yhat/float64(r) - y
		for i := range w {
			g := phi * xt[i]
			if !ada {
				w[i] -= eta * g
			} else if g != 0 {
				G[i] += g * g
				w[i] -= eta * g / math.Sqrt(G[i])
			}
		}
		if n := math.Sqrt(dot(w, w)); n > B {
			for i := range w {
				w[i] *= B / n
			}
		}
	}
	return wbar
}

func TestVariantsMatchTranscription(t *testing.T) {
	const d, k, m = 14, 5, 1000
	rng := NewRand(31)
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 5, 0.5, rng), sigma: 0.3}
	ds := p.sample(m, rng)
	mom := make([]float64, d)
	for i := range mom {
		mom[i] = 1 / float64((i+1)*(i+1))
	}
	w1 := make([]float64, d)
	for i := range w1 {
		w1[i] = 1 / (100 * math.Sqrt(d))
	}
	roots := rootsOf(mom)
	cases := []struct {
		s   Solver
		ref []float64
	}{
		{&AERR{K: k, B: 1, Eta: 0.2, AdaGrad: true}, refVariantGAERR(ds, k, 1, 1, 0.2, nil, nil, true, w1, 3)},
		{&AERR{K: k, B: 1, Eta: 0.05, Split: true}, refVariantGAERR(ds, 3, 3, 1, 0.05, nil, nil, false, w1, 3)},
		{&DDAERR{K: k, B: 1, Eta: 0.05, Moments: mom, InnerDD: true}, refVariantGAERR(ds, k, 1, 1, 0.05, roots, roots, false, w1, 3)},
		{&DDAERR{K: k, B: 1, Eta: 0.3, Moments: mom, Paper: true, AdaGrad: true}, refVariantGAERR(ds, 3, 3, 1, 0.3, roots, roots, true, w1, 3)},
	}
	for _, c := range cases {
		res := fitOrFatal(t, c.s, ds, 3)
		if diff := relDiff(res.W, c.ref); diff > 1e-9 {
			t.Errorf("%s %v: differs from the dense transcription by %g", c.s.Name(), GetParams(c.s), diff)
		}
	}
}

// Every option against the plain implementation (lao.Reference), same
// seed, 10^4 examples: relative difference ≤ 1e-9, same attributes.
func TestVariantsMatchPlainLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long reference runs")
	}
	const d, m, k = 30, 10000, 4
	ds, mom := referenceProblem(d, m, 79)
	solvers := []Solver{
		// AdaGrad's default base step √2·B makes AERR's iterates chaotic
		// on this problem (a rounding difference grows ~10³-fold per 1,000
		// examples, from 1e-12 at 2,000 to O(1) at 5,000, for fast and plain
		// alike), so the comparison uses smaller steps; the projection is
		// still active at B = 0.3.
		&AERR{K: k, AdaGrad: true, Eta: 0.1}, &AERR{K: k, B: 0.3, Eta: 0.03, AdaGrad: true}, &AERR{K: k, Split: true, Eta: 0.3},
		&AELR{K: k, Split: true, Eta: 0.3}, &DDAERR{K: k, Moments: mom, Paper: true, Eta: 0.3},
		&DDAERR{K: k, Moments: mom, Paper: true, AdaGrad: true}, &DDAELR{K: k, Moments: mom, Paper: true, Eta: 0.5},
		&DDAELR{K: k, Moments: mom, InnerDD: true, Eta: 3}, // the clip at 1/η is active
		&TwoPhasedDDAERR{K: k, Eta: 0.3, TwoPhasedVariants: TwoPhasedVariants{Paper: true}}, &TwoPhasedDDAERR{K: k, AdaGrad: true, TwoPhasedVariants: TwoPhasedVariants{Paper: true}},
		&TwoPhasedDDAERR{K: k, TwoPhasedVariants: TwoPhasedVariants{Warm: true}}, &TwoPhasedDDAELR{K: k, Eta: 0.5, TwoPhasedVariants: TwoPhasedVariants{Paper: true}}, &TwoPhasedDDAELR{K: k, Eta: 1, TwoPhasedVariants: TwoPhasedVariants{Warm: true}},
		&OnlineRidge{AdaGrad: true}, &OnlineRidge{B: 0.3, Eta: 1, AdaGrad: true}, &Centroid{K: k}, &Centroid{K: k, B: 0.2, Lambda: 0.1},
	}
	for _, s := range solvers {
		matchesPlain(t, s, ds)
	}
}

// The gradient estimates of the variants are unbiased: at a fixed w and
// example, the mean of n draws of g̃ = φ̃x̃ is within 5 standard errors of
// (w·x − y)x in every coordinate (fixed seeds; the standard errors are the
// sample standard deviations of the draws over √n).
func TestVariantEstimatesUnbiased(t *testing.T) {
	const d, k, n = 10, 4, 200000
	rng := NewRand(41)
	x, w := make([]float64, d), make([]float64, d)
	mom := make([]float64, d)
	for i := range x {
		mom[i] = 1 / float64(i+1)
		x[i] = rng.NormFloat64() * math.Sqrt(mom[i])
		w[i] = rng.NormFloat64() / float64(d)
	}
	w[3] = 0 // a zero weight is never drawn for the inner product
	const y = 0.4
	exact := make([]float64, d)
	r := dot(w, x) - y
	for i := range exact {
		exact[i] = r * x[i]
	}
	roots := rootsOf(mom)
	q, err := newAliasTable(roots)
	if err != nil {
		t.Fatal(err)
	}
	p := Problem{M: n, D: d, Rand: NewRand(42)}
	type est interface {
		estimate(*Example) float64
	}
	cases := map[string]func() (est, *sparseVec){
		"ridge innerdd": func() (est, *sparseVec) {
			l := newAERRLearnerAt(q, k, 1, 0.1, w, p, estOpts{r: 1, innerC: roots})
			return l, l.xt
		},
		"ridge paper (split, innerdd)": func() (est, *sparseVec) {
			l := newAERRLearnerAt(q, k, 1, 0.1, w, p, estOpts{r: -1, innerC: roots})
			return l, l.xt
		},
		"ridge split, uniform": func() (est, *sparseVec) {
			l := newAERRLearnerAt(nil, k, 1, 0.1, w, p, estOpts{r: -1})
			return l, l.xt
		},
		"lasso paper (split, innerdd), warm-started EG": func() (est, *sparseVec) {
			l := newGAELRLearner(q, k, 2, 0.1, p, estOpts{r: -1, innerC: roots}, egAt(w, 2))
			return l, l.xt
		},
		"lasso split, uniform, warm-started EG": func() (est, *sparseVec) {
			l := newGAELRLearner(nil, k, 2, 0.1, p, estOpts{r: -1}, egAt(w, 2))
			return l, l.xt
		},
	}
	ex := NewExample(d)
	for name, mk := range cases {
		e, xt := mk()
		sum, sq := make([]float64, d), make([]float64, d)
		for range n {
			ex.Reset(x, y, k+1)
			phi := e.estimate(ex)
			if ex.Observed() > k+1 {
				t.Fatalf("%s: %d attributes revealed, budget %d", name, ex.Observed(), k+1)
			}
			for _, i := range xt.idx {
				g := phi * xt.at(i)
				sum[i] += g
				sq[i] += g * g
			}
		}
		for i := range exact {
			mean := sum[i] / n
			se := math.Sqrt((sq[i]/n - mean*mean) / (n - 1))
			if math.Abs(mean-exact[i]) > 5*se+1e-12 {
				t.Errorf("%s: coordinate %d: mean %g, exact %g, 5 standard errors %g", name, i, mean, exact[i], 5*se)
			}
		}
	}
}

// With the weights w_j c_j zero everywhere the inner-product estimate is 0
// and reveals nothing: only x̃'s one draw is read.
func TestWeightedInnerZero(t *testing.T) {
	p := Problem{M: 1, D: 3, Rand: rand.New(rand.NewPCG(1, 1))}
	l := newAERRLearnerAt(nil, 1, 1, 0.1, []float64{1, 0, 0}, p, estOpts{r: 1, innerC: []float64{0, 1, 1}})
	ex := NewExample(3)
	ex.Reset([]float64{0, 5, 5}, 0, 2)
	if v := fusedEstimate(ex, &l.xEstimator, sqSampler{l.w}, l.w.Lazy); v != 0 || ex.Observed() != 1 {
		t.Errorf("estimate %g with %d attributes revealed, want 0 and x̃'s one", v, ex.Observed())
	}
}

// Bad option values are errors naming the parameter: an on/off option
// takes only 1 and 0 (the types make any other value impossible in Go).
func TestVariantParamErrors(t *testing.T) {
	p := Problem{M: 100, D: 5, Rand: NewRand(1)}
	if _, _, err := (&TwoPhasedDDAERR{K: 2, TwoPhasedVariants: TwoPhasedVariants{Eta1: -1}}).Start(p); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "eta1") {
		t.Errorf("eta1 = -1: %v", err)
	}
	for _, name := range []string{"adagrad", "split", "innerdd", "paper", "eps0", "warm"} {
		for _, v := range []float64{2, -1, 0.5} {
			if err := SetParams(&TwoPhasedDDAERR{}, map[string]float64{name: v}); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), name) {
				t.Errorf("%s = %g: %v", name, v, err)
			}
		}
	}
}
