package lao

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// sparsePrices has d = 30 prices with a 50:1 spread, the informative
// attributes (0, 1, 2 of newGaussProblem) among the dear ones.
func sparsePrices(d int) []float64 {
	c := make([]float64, d)
	for j := range c {
		c[j] = []float64{50, 20, 1, 1, 2, 5, 1, 3}[j%8]
	}
	return c
}

// refPricedH is the priced support choice by full sorts: the non-zeros by
// |v_j| decreasing (ties to the smaller index), each kept while at most s
// cost at most budget; priced, the same by v_j²/c_j, and the selection
// with the larger Σ v_j² wins (the by-|v| one on a tie).
func refPricedH(v []float64, s int, c []float64, budget float64, priced bool) []float64 {
	greedy := func(key func(int) float64) []int {
		idx := refSupp(v)
		sort.SliceStable(idx, func(a, b int) bool { return key(idx[a]) > key(idx[b]) })
		var out []int
		var spent float64
		for _, j := range idx {
			if len(out) < s && spent+c[j] <= budget*(1+1e-9) {
				out, spent = append(out, j), spent+c[j]
			}
		}
		return out
	}
	sq := func(S []int) (t float64) {
		for _, j := range S {
			t += v[j] * v[j]
		}
		return t
	}
	keep := greedy(func(j int) float64 { return math.Abs(v[j]) })
	if priced {
		if alt := greedy(func(j int) float64 { return v[j] * v[j] / c[j] }); sq(alt) > sq(keep) {
			keep = alt
		}
	}
	out := make([]float64, len(v))
	for _, j := range keep {
		out[j] = v[j]
	}
	return out
}

// refPricedHybrid is Algorithm 3 with the priced support (refPricedH) and
// Exploration's blocks listed in J, round k's mini-batches bm(k), bx(k).
func refPricedHybrid(ds *Dataset, eta float64, H func([]float64) []float64, J [][2]int, tminus, tx, K int, bm, bx func(int) int) [][]float64 {
	next, d := 0, ds.Dim()
	theta := make([]float64, d)
	var out [][]float64
	for k := 1; k <= K; k++ {
		for range tminus { // Exploration: one update per mini-batch of len(J)·B examples
			B, S, g := bm(k), refSupp(theta), make([]float64, d)
			for e := range len(J) * B {
				x, y := ds.Row(next), ds.Label(next)
				next++
				var a float64
				for _, j := range S {
					a += theta[j] * x[j]
				}
				for j := J[e%len(J)][0]; j < J[e%len(J)][1]; j++ {
					g[j] += 2 * (a - y) * x[j] / float64(B)
				}
			}
			v := make([]float64, d)
			for j := range v {
				v[j] = theta[j] - eta*g[j]
			}
			theta = H(v)
			out = append(out, theta)
		}
		its := refExploitation(ds, &next, theta, eta, refSupp(theta), slices.Repeat([]int{bx(k)}, tx))
		out = append(out, its...)
		theta = its[len(its)-1]
	}
	return out
}

// Priced Hybrid against its transcription (priced support, priced blocks),
// update for update; every training example within C, the model within C'.
func TestPricedHybridMatchesReference(t *testing.T) {
	rng := NewRand(33)
	d, sp, s := 30, 10, 4
	p := newGaussProblem(d, 3, 0.3, rng)
	c := sparsePrices(d)
	const cprime, cost = 60.0, 110.0
	h := &Hybrid{K: sp, S: s, Eta: 0.2, Batch: 2, Batch2: 5, Growth: 1.5, TMinus: 2, T: 3,
		Prices: Prices{Costs: c, CostBudget: cost, PredictCostBudget: cprime}}
	// blocks: at most s'−s = 6 consecutive attributes costing at most C − C' = 50
	var J [][2]int
	for lo := 0; lo < d; {
		hi, spent := lo, 0.0
		for hi < d && hi-lo < sp-s && spent+c[hi] <= cost-cprime {
			spent += c[hi]
			hi++
		}
		J, lo = append(J, [2]int{lo, hi}), hi
	}
	bm := func(k int) int { return batchAt(2, 1.5, k-1) }
	bx := func(k int) int { return batchAt(5, 1.5, k-1) }
	const K = 4
	var ends []int
	n := 0
	for k := 1; k <= K; k++ {
		for range 2 {
			n += len(J) * bm(k)
			ends = append(ends, n)
		}
		for range 3 {
			n += bx(k)
			ends = append(ends, n)
		}
	}
	ds := p.sample(n, rng)
	got := iteratesOf(t, h, ds, ends, 1)
	H := func(v []float64) []float64 { return refPricedH(v, s, c, cprime, true) }
	want := refPricedHybrid(ds, 0.2, H, J, 2, 3, K, bm, bx)
	for u := range want {
		if r := relDiff(got[u], want[u]); r > 1e-12 {
			t.Fatalf("update %d: relative difference %g from the priced transcription", u+1, r)
		}
	}
	res := fitOrFatal(t, h, ds, 1)
	if res.MaxCostPerExample > h.CostBudget || SupportCost(res.W, c) > cprime || res.Budget.PredictCost != cprime {
		t.Errorf("max spend %g (C = %g), support cost %g (C' = %g, reported %g)", res.MaxCostPerExample, h.CostBudget,
			SupportCost(res.W, c), cprime, res.Budget.PredictCost)
	}
	h.CostBudget = cprime + 10 // attribute 0 (50) could never be explored
	if _, err := Fit(h, ds.Stream(), Options{}); err == nil {
		t.Error("a cost budget that leaves less than attribute 0's price beyond C' was accepted")
	}
}

// plainScreenRidge is the priced screen-then-ridge baseline written out:
// phase 1 draws a random order (partial Fisher-Yates, the solver's draws)
// and reads what fits; correlations by two passes; phase 2 keeps by value
// per price within C and C'; ridge by Gaussian elimination.
func plainScreenRidge(ds *Dataset, k, m1 int, lambda float64, c []float64, C, Cp float64, priced bool, rng *rand.Rand) []float64 {
	d := ds.Dim()
	perm := make([]int, d)
	for i := range perm {
		perm[i] = i
	}
	xs, ys := make([][]float64, d), make([][]float64, d)
	for t := range m1 {
		spent, read := 0.0, 0
		for i := 0; i < d && read < k && spent+slices.Min(c) <= C*(1+1e-9); i++ {
			r := i + rng.IntN(d-i)
			perm[i], perm[r] = perm[r], perm[i]
			j := perm[i]
			if spent+c[j] > C*(1+1e-9) {
				continue
			}
			spent, read = spent+c[j], read+1
			xs[j], ys[j] = append(xs[j], ds.Row(t)[j]), append(ys[j], ds.Label(t))
		}
	}
	r := make([]float64, d)
	for j := range r {
		r[j] = math.Abs(plainCorrelation(xs[j], ys[j]))
	}
	pick := func(key func(int) float64) ([]int, float64) {
		order := make([]int, d)
		for j := range order {
			order[j] = j
		}
		sort.SliceStable(order, func(a, b int) bool { return key(order[a]) > key(order[b]) })
		var chosen []int
		var spent, value float64
		for _, j := range order {
			if len(chosen) < k && spent+c[j] <= min(C, Cp)*(1+1e-9) {
				chosen, spent, value = append(chosen, j), spent+c[j], value+r[j]*r[j]
			}
		}
		return chosen, value
	}
	chosen, value := pick(func(j int) float64 { return r[j] })
	if priced {
		if alt, v := pick(func(j int) float64 { return r[j] * r[j] / c[j] }); v > value {
			chosen = alt
		}
	}
	slices.Sort(chosen)
	n := len(chosen)
	A := make([][]float64, n) // (C_S + λI | b_S) over phase 2
	for a := range A {
		A[a] = make([]float64, n+1)
	}
	m2 := float64(ds.Len() - m1)
	for t := m1; t < ds.Len(); t++ {
		x := ds.Row(t)
		for a, i := range chosen {
			for b, j := range chosen {
				A[a][b] += x[i] * x[j] / m2
			}
			A[a][n] += x[i] * ds.Label(t) / m2
		}
	}
	for a := range A {
		A[a][a] += lambda
	}
	for a := range n { // Gauss-Jordan (C_S + λI is positive definite)
		for b := range n {
			if b != a {
				f := A[b][a] / A[a][a]
				for e := range A[b] {
					A[b][e] -= f * A[a][e]
				}
			}
		}
	}
	w := make([]float64, d)
	for a, j := range chosen {
		w[j] = A[a][n] / A[a][a]
	}
	return w
}

// plainCorrelation is the sample correlation by two passes (0 if fewer
// than 2 pairs or no spread).
func plainCorrelation(x, y []float64) float64 {
	if len(x) < 2 {
		return 0
	}
	var mx, my float64
	for i := range x {
		mx, my = mx+x[i], my+y[i]
	}
	mx, my = mx/float64(len(x)), my/float64(len(x))
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	if !(sxx > 0) || !(syy > 0) {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

// Priced screen-ridge against its transcription; its examples within C,
// its model within C' and k.
func TestPricedScreenRidgeMatchesReference(t *testing.T) {
	const m, d, k, m1 = 1500, 20, 4, 600
	ds := screenData(t, m, d, 5)
	c := sparsePrices(d) // the informative 2, 7, 11 cost 1, 1, 3
	for _, pr := range []Prices{{Costs: c, CostBudget: 30}, {Costs: c, CostBudget: 30, PredictCostBudget: 4}, {Costs: c, CostBudget: 30, CostBlind: true}} {
		s := &ScreenRidge{K: k, M1: m1, Lambda: 0.01, Prices: pr}
		res := fitOrFatal(t, s, ds, 6)
		want := plainScreenRidge(ds, k, m1, 0.01, c, 30, cmpOr(pr.PredictCostBudget, math.Inf(1)), !pr.CostBlind,
			NewRand(SeedFor(6, "solver")))
		if diff := maxAbsDiff(res.W, want); diff > 1e-9 {
			t.Errorf("%+v: differs from the transcription by %g: %v vs %v", pr, diff, res.W, want)
		}
		if res.MaxCostPerExample > 30 || res.MaxPerExample > k {
			t.Errorf("%+v: an example cost %g with %d attributes", pr, res.MaxCostPerExample, res.MaxPerExample)
		}
		if pr.PredictCostBudget > 0 && SupportCost(res.W, c) > pr.PredictCostBudget {
			t.Errorf("%+v: the model costs %g per prediction", pr, SupportCost(res.W, c))
		}
	}
}

// cmpOr returns v, or def if v is 0.
func cmpOr(v, def float64) float64 {
	if v == 0 {
		return def
	}
	return v
}

// With every price equal, and cost-blind with the default budgets, Hybrid
// and screen-ridge are the unpriced solvers bit for bit.
func TestPricedSparseReduceToUnpriced(t *testing.T) {
	rng := NewRand(34)
	d := 30
	ds := newGaussProblem(d, 3, 0.3, rng).sample(3000, rng)
	c := sparsePrices(d)
	equal := slices.Repeat([]float64{4}, d)
	mk := map[string]func(Prices) Solver{
		"hybrid":       func(p Prices) Solver { return &Hybrid{K: 10, S: 4, Eta: 0.2, Prices: p} },
		"screen-ridge": func(p Prices) Solver { return &ScreenRidge{K: 4, Prices: p} },
	}
	for name, f := range mk {
		ref, refW := fitCheckpoints(t, f(Prices{}), ds, Options{Seed: 2})
		for _, p := range []Prices{{Costs: equal}, {Costs: c, CostBlind: true}} {
			res, w := fitCheckpoints(t, f(p), ds, Options{Seed: 2})
			for i := range refW {
				if !slices.Equal(w[i], refW[i]) {
					t.Errorf("%s, %+v: checkpoint %d differs from the unpriced solver", name, p.CostBlind, i)
				}
			}
			if !slices.Equal(res.AttributeCounts, ref.AttributeCounts) {
				t.Errorf("%s: the priced run read other attributes", name)
			}
		}
	}
}

// The priced support choice keeps the better of the greedy rules by value
// and by value per price: one valuable dear entry against many cheap weak
// ones, both ways round, as the transcription does.
func TestCostThreshold(t *testing.T) {
	cheapWins := []float64{3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1} // Σ over ten cheap 1s = 10 > 9
	deerWins := []float64{3, 1, 1, 1}                       // 9 > 3
	for _, c := range []struct {
		v    []float64
		want []int
	}{{cheapWins, []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}}, {deerWins, []int{0}}} {
		costs := make([]float64, len(c.v))
		for j := range costs {
			costs[j] = 1
		}
		costs[0] = 10
		for _, priced := range []bool{true, false} {
			v := slices.Clone(c.v)
			got := costThreshold(v, 20, costs, 10, priced, nil, nil)
			want := refSupp(refPricedH(c.v, 20, costs, 10, priced))
			if !slices.Equal(got, want) || (priced && !slices.Equal(got, c.want)) || (!priced && !slices.Equal(got, []int{0})) {
				t.Errorf("v %v, priced %v: kept %v, transcription %v, want %v", c.v, priced, got, want, c.want)
			}
		}
	}
}

// Hybrid given only a cost budget C takes for C' the worst case of s
// attributes or, if less, C less the dearest price, so that Exploration can
// read every attribute (with the worst case alone a C between it and it
// plus the dearest price was refused); a C that leaves no support is
// refused with the C that would do.
func TestHybridDefaultSupportBudget(t *testing.T) {
	rng := NewRand(35)
	d := 30
	ds := newGaussProblem(d, 3, 0.3, rng).sample(2000, rng)
	c := sparsePrices(d)
	worst, dearest, cheapest := WorstCaseCost(c, 4), slices.Max(c), slices.Min(c)
	for _, C := range []float64{worst + dearest + 1, worst + dearest/2} {
		res, err := Fit(&Hybrid{K: 10, S: 4, Eta: 0.2, Prices: Prices{Costs: c, CostBudget: C}}, ds.Stream(), Options{Seed: 1})
		if err != nil {
			t.Fatalf("C = %g: %v", C, err)
		}
		if want := min(worst, C-dearest); res.Budget.PredictCost != want || SupportCost(res.W, c) > want || res.MaxCostPerExample > C {
			t.Errorf("C = %g: C' %g (want %g), support cost %g, max per example %g", C, res.Budget.PredictCost, want, SupportCost(res.W, c), res.MaxCostPerExample)
		}
	}
	_, err := Fit(&Hybrid{K: 10, S: 4, Eta: 0.2, Prices: Prices{Costs: c, CostBudget: dearest + cheapest/2}}, ds.Stream(), Options{Seed: 1})
	if want := fmt.Sprintf("raise costbudget to at least %g", cheapest+dearest); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("C below cheapest + dearest: %v, want %q", err, want)
	}
}
