package lao

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// Plain transcriptions of Murata & Suzuki 2018's Algorithms 1-3 and of the
// reconstructed competitors (RDA, Dantzig), dense and reading full rows.
// The library runs them as streaming learners (one example at a time,
// mini-batches accumulated block by block, H_s by partial selection); these
// references run them as written, over an explicit list of mini-batch
// sizes, and must give the same iterates.

// gaussProblem is x ~ N(0, I_d), y = θ*·x + σξ: E[xxᵀ] = I, so the excess
// risk of θ for the loss (θ·x − y)² is ||θ − θ*||².
type gaussProblem struct {
	theta []float64
	sigma float64
}

// newGaussProblem has s_* non-zeros ±1 at random positions.
func newGaussProblem(d, sstar int, sigma float64, rng *rand.Rand) gaussProblem {
	th := make([]float64, d)
	for _, j := range rng.Perm(d)[:sstar] {
		th[j] = float64(2*rng.IntN(2) - 1)
	}
	return gaussProblem{theta: th, sigma: sigma}
}

func (p gaussProblem) sample(m int, rng *rand.Rand) *Dataset {
	d := len(p.theta)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = rng.NormFloat64()
		}
		y[i] = dot(p.theta, row) + p.sigma*rng.NormFloat64()
	}
	ds, _ := NewDataset(x, y, d, nil)
	return ds
}

func (p gaussProblem) excess(w []float64) float64 {
	var s float64
	for j, v := range w {
		s += (v - p.theta[j]) * (v - p.theta[j])
	}
	return s
}

// refH is H_s by a full sort: keep the s largest |v_j| (ties: smaller j).
func refH(v []float64, s int) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return math.Abs(v[idx[a]]) > math.Abs(v[idx[b]]) })
	out := make([]float64, len(v))
	for _, j := range idx[:min(s, len(v))] {
		out[j] = v[j]
	}
	return out
}

func refSupp(v []float64) []int {
	var s []int
	for j, x := range v {
		if x != 0 {
			s = append(s, j)
		}
	}
	return s
}

// refExploration is Algorithm 1 for len(batches) updates, reading the rows
// of ds from row *next on; it returns θ after every update. Within an
// update, example e is (i, b) = (e mod d', ⌊e/d'⌋).
func refExploration(ds *Dataset, next *int, theta0 []float64, eta float64, sp, s int, batches []int) [][]float64 {
	d := ds.Dim()
	theta := refH(theta0, s)                         // θ_0 = H_s(θ_0)
	dp := int(math.Ceil(float64(d) / float64(sp-s))) // d' = ⌈d/(s'−s)⌉
	J := func(i int) (int, int) { return (sp - s) * i, min((sp-s)*(i+1), d) }
	var out [][]float64
	for _, B := range batches {
		S := refSupp(theta)
		g := make([]float64, d)
		for e := range dp * B {
			i := e % dp
			x, y := ds.Row(*next), ds.Label(*next)
			*next++
			var a float64
			for _, j := range S {
				a += theta[j] * x[j]
			}
			lp := 2 * (a - y) // ℓ'_y(θ|S·x|S)
			lo, hi := J(i)
			for j := lo; j < hi; j++ {
				g[j] += lp * x[j] / float64(B) // g|J_i = (1/B) Σ_b ℓ'·x|J_i
			}
		}
		v := make([]float64, d)
		for j := range v {
			v[j] = theta[j] - eta*g[j]
		}
		theta = refH(v, s) // θ_t = H_s(θ_{t−1} − η g_t)
		out = append(out, theta)
	}
	return out
}

// refExploitation is Algorithm 2 for len(batches) updates.
func refExploitation(ds *Dataset, next *int, theta0 []float64, eta float64, S0 []int, batches []int) [][]float64 {
	theta := append([]float64(nil), theta0...)
	var out [][]float64
	for _, B := range batches {
		g := make([]float64, len(theta))
		for range B {
			x, y := ds.Row(*next), ds.Label(*next)
			*next++
			var a float64
			for _, j := range S0 {
				a += theta[j] * x[j]
			}
			for _, j := range S0 {
				g[j] += 2 * (a - y) * x[j] / float64(B)
			}
		}
		for j := range theta { // g = 0 off S_0
			theta[j] -= eta * g[j]
		}
		out = append(out, append([]float64(nil), theta...))
	}
	return out
}

// refHybrid is Algorithm 3 for K rounds with the mini-batches of round k
// given by bm(k) (Exploration, per update) and bx(k) (Exploitation).
func refHybrid(ds *Dataset, theta0 []float64, eta float64, sp, s, tminus, tx, K int, bm, bx func(k int) int) [][]float64 {
	next := 0
	theta := append([]float64(nil), theta0...)
	var out [][]float64
	for k := 1; k <= K; k++ {
		bs := make([]int, tminus)
		for i := range bs {
			bs[i] = bm(k)
		}
		its := refExploration(ds, &next, theta, eta, sp, s, bs)
		out = append(out, its...)
		theta = its[len(its)-1] // θ̃_k⁻
		bs = make([]int, tx)
		for i := range bs {
			bs[i] = bx(k)
		}
		its = refExploitation(ds, &next, theta, eta, refSupp(theta), bs)
		out = append(out, its...)
		theta = its[len(its)-1] // θ̃_k
	}
	return out
}

// iteratesOf fits s on ds with a checkpoint after every update and returns
// the weights there; ends lists the example counts at which updates finish.
func iteratesOf(t *testing.T, s Solver, ds *Dataset, ends []int, seed uint64) [][]float64 {
	t.Helper()
	var out [][]float64
	_, err := Fit(s, ds.Head(ends[len(ends)-1]).Stream(), Options{Seed: seed, Checkpoints: ends, OnCheckpoint: func(c Checkpoint) {
		out = append(out, append([]float64(nil), c.W...))
	}})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestExplorationMatchesReference(t *testing.T) {
	rng := NewRand(30)
	for _, c := range []struct{ d, sp, s, b1 int }{{40, 12, 5, 3}, {37, 9, 4, 2}, {10, 10, 3, 1}} {
		p := newGaussProblem(c.d, 3, 0.3, rng)
		dp := (c.d + c.sp - c.s - 1) / (c.sp - c.s)
		batches := []int{c.b1, 2 * c.b1, 4 * c.b1, 8 * c.b1, 16 * c.b1, 32 * c.b1}
		var ends []int
		n := 0
		for _, b := range batches {
			n += dp * b
			ends = append(ends, n)
		}
		ds := p.sample(n+7, rng) // 7 examples of an incomplete batch at the end
		theta0 := make([]float64, c.d)
		for j := range theta0 {
			theta0[j] = rng.NormFloat64()
		}
		got := iteratesOf(t, &Exploration{K: c.sp, S: c.s, Eta: 0.2, Batch: c.b1, Growth: 2, Theta0: theta0}, ds, ends, 1)
		next := 0
		want := refExploration(ds, &next, theta0, 0.2, c.sp, c.s, batches)
		for u := range want {
			if r := relDiff(got[u], want[u]); r > 1e-12 {
				t.Fatalf("%+v update %d: relative difference %g from the pseudo-code", c, u+1, r)
			}
			if len(Support(got[u])) > c.s {
				t.Fatalf("%+v update %d: %d non-zeros > s", c, u+1, len(Support(got[u])))
			}
		}
		final := fitOrFatal(t, &Exploration{K: c.sp, S: c.s, Eta: 0.2, Batch: c.b1, Growth: 2, Theta0: theta0}, ds, 1)
		if relDiff(final.W, want[len(want)-1]) > 1e-12 {
			t.Errorf("%+v: the incomplete last mini-batch changed θ", c)
		}
	}
}

func TestExploitationMatchesReference(t *testing.T) {
	rng := NewRand(31)
	d := 25
	p := newGaussProblem(d, 4, 0.3, rng)
	theta0 := make([]float64, d)
	for _, j := range []int{2, 5, 11, 17, 20} {
		theta0[j] = rng.NormFloat64()
	}
	batches := []int{3, 6, 12, 24, 48}
	var ends []int
	n := 0
	for _, b := range batches {
		n += b
		ends = append(ends, n)
	}
	ds := p.sample(n, rng)
	got := iteratesOf(t, &Exploitation{Eta: 0.15, Batch: 3, Growth: 2, Theta0: theta0}, ds, ends, 1)
	next := 0
	want := refExploitation(ds, &next, theta0, 0.15, refSupp(theta0), batches)
	for u := range want {
		if r := relDiff(got[u], want[u]); r > 1e-12 {
			t.Fatalf("update %d: relative difference %g from the pseudo-code", u+1, r)
		}
	}
	// Support: start from zero on S_0.
	got = iteratesOf(t, &Exploitation{Eta: 0.15, Batch: 3, Growth: 2, Support: []int{20, 2, 5}}, ds, ends, 1)
	next = 0
	want = refExploitation(ds, &next, make([]float64, d), 0.15, []int{2, 5, 20}, batches)
	if r := relDiff(got[len(got)-1], want[len(want)-1]); r > 1e-12 {
		t.Fatalf("Support: relative difference %g from the pseudo-code", r)
	}
}

func TestHybridMatchesReference(t *testing.T) {
	rng := NewRand(32)
	d, sp, s := 30, 10, 4
	p := newGaussProblem(d, 3, 0.3, rng)
	dp := (d + sp - s - 1) / (sp - s) // 5 blocks
	h := &Hybrid{K: sp, S: s, Eta: 0.2, Batch: 2, Batch2: 5, Growth: 1.5, TMinus: 2, T: 3}
	bm := func(k int) int { return batchAt(2, 1.5, k-1) }
	bx := func(k int) int { return batchAt(5, 1.5, k-1) }
	K := 4
	var ends []int
	n := 0
	for k := 1; k <= K; k++ {
		for range 2 {
			n += dp * bm(k)
			ends = append(ends, n)
		}
		for range 3 {
			n += bx(k)
			ends = append(ends, n)
		}
	}
	ds := p.sample(n, rng)
	got := iteratesOf(t, h, ds, ends, 1)
	want := refHybrid(ds, make([]float64, d), 0.2, sp, s, 2, 3, K, bm, bx)
	for u := range want {
		if r := relDiff(got[u], want[u]); r > 1e-12 {
			t.Fatalf("update %d: relative difference %g from the pseudo-code", u+1, r)
		}
	}
	res := fitOrFatal(t, h, ds, 1)
	if res.Diagnostics["rounds"] != float64(K) {
		t.Errorf("rounds = %v, want %d", res.Diagnostics["rounds"], K)
	}
}

// H_s and its O(d log s) form agree with a full sort, ties included.
func TestHardThresholdMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		d := 1 + rng.IntN(30)
		v := make([]float64, d)
		for j := range v {
			v[j] = float64(rng.IntN(7) - 3) // many ties and zeros
		}
		s := rng.IntN(d + 2)
		want := refH(v, s)
		if got := HardThreshold(v, s); relDiff(got, want) != 0 && norm1(want) != 0 {
			t.Fatalf("H_%d(%v) = %v, want %v", s, v, got, want)
		}
		top := topS(v, min(s, d), nil)
		ref := refH(v, min(s, d))
		idx := make([]int, d)
		for i := range idx {
			idx[i] = i
		}
		sort.SliceStable(idx, func(a, b int) bool { return math.Abs(v[idx[a]]) > math.Abs(v[idx[b]]) })
		wantTop := append([]int(nil), idx[:min(s, d)]...)
		sort.Ints(wantTop)
		if len(top) != len(wantTop) {
			t.Fatalf("topS(%v, %d) = %v, want %v", v, s, top, wantTop)
		}
		for i := range top {
			if top[i] != wantTop[i] {
				t.Fatalf("topS(%v, %d) = %v, want %v", v, s, top, wantTop)
			}
		}
		_ = ref
	}
}
