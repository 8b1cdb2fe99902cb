package lao

import (
	"github.com/laoproject/lao/lao/internal/core"
	"slices"

	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

// meanChecker accumulates per-coordinate sums to test E[estimate] = target
// with a tolerance of z standard errors, the standard error estimated from
// the same draws.
type meanChecker struct {
	n       int
	sum, sq []float64
}

func newMeanChecker(d int) *meanChecker {
	return &meanChecker{sum: make([]float64, d), sq: make([]float64, d)}
}

func (c *meanChecker) add(v []float64) {
	c.n++
	for i, x := range v {
		c.sum[i] += x
		c.sq[i] += x * x
	}
}

// check fails the test where |mean − target| > z·SE (+ 1e-12 for exact zero-variance coordinates).
func (c *meanChecker) check(t *testing.T, name string, target []float64, z float64) {
	t.Helper()
	n := float64(c.n)
	for i, want := range target {
		mean := c.sum[i] / n
		variance := max(c.sq[i]/n-mean*mean, 0)
		se := math.Sqrt(variance / n)
		if math.Abs(mean-want) > z*se+1e-12 {
			t.Errorf("%s: coordinate %d: mean %g, want %g (%.1f standard errors away, SE %g)", name, i, mean, want, math.Abs(mean-want)/se, se)
		}
	}
}

// fixedExample returns an example with ||x||_2 ≤ 1 and a w with ||w||_2 ≤ B.
func fixedExample(d int, rng *rand.Rand) (x []float64, y float64, w []float64) {
	x = make([]float64, d)
	w = make([]float64, d)
	for i := range x {
		x[i] = rng.NormFloat64()
		w[i] = rng.NormFloat64()
	}
	nx, nw := math.Sqrt(dot(x, x)), math.Sqrt(dot(w, w))
	for i := range x {
		x[i] /= nx
		w[i] /= nw
	}
	w[0] = 0 // a zero weight must never be sampled
	return x, 0.7, w
}

func exactGradient(w, x []float64, y, factor float64) []float64 {
	g := make([]float64, len(x))
	r := dot(w, x) - y
	for i := range x {
		g[i] = factor * r * x[i]
	}
	return g
}

func denseOf(s *sparseVec) []float64 {
	out := make([]float64, s.d)
	for _, i := range s.idx {
		out[i] = s.at(i)
	}
	return out
}

const draws = 200000

// Hazan & Koren 2012, Lemma 3.3: AERR's g̃ is unbiased for (w·x − y)x.
func TestAERRGradientUnbiased(t *testing.T) {
	rng := NewRand(1)
	d, k := 12, 3
	x, y, w := fixedExample(d, rng)
	ex := NewExample(d)
	xt := newSparseVec(d)
	c := newMeanChecker(d)
	for range draws {
		ex.Reset(x, y, k+1)
		aerrGradient(ex, core.NewBall(w), k, nil, rng, xt)
		if ex.Observed() > k+1 {
			t.Fatalf("observed %d > k+1", ex.Observed())
		}
		c.add(denseOf(xt))
	}
	c.check(t, "AERR g̃", exactGradient(w, x, y, 1), 5)
}

// Hazan & Koren 2012, Lemma 3.3: E||g̃||² ≤ 8B²d/k. With ||x||₂ ≤ 1 and ||w||₂ ≤ B the
// exact second moment is (||w||²||x||² − 2y w·x + y²)·(d/k + (k−1)/k)||x||²;
// the empirical mean must match it (5 SE) and it must lie below the bound.
func TestAERRSecondMomentLemma33(t *testing.T) {
	rng := NewRand(2)
	for _, dk := range [][2]int{{10, 1}, {20, 4}, {50, 10}} {
		d, k := dk[0], dk[1]
		x, y, w := fixedExample(d, rng)
		B := 1.0 // ||w||₂ = 1, |y| = 0.7 ≤ B
		ex := NewExample(d)
		xt := newSparseVec(d)
		var sum, sumsq float64
		for range draws {
			ex.Reset(x, y, k+1)
			aerrGradient(ex, core.NewBall(w), k, nil, rng, xt)
			var n2 float64
			for _, i := range xt.idx {
				n2 += xt.at(i) * xt.at(i)
			}
			sum += n2
			sumsq += n2 * n2
		}
		n := float64(draws)
		mean := sum / n
		se := math.Sqrt((sumsq/n - mean*mean) / n)
		nx2 := dot(x, x)
		exact := (dot(w, w)*nx2 - 2*y*dot(w, x) + y*y) * (float64(d)/float64(k) + float64(k-1)/float64(k)) * nx2
		if math.Abs(mean-exact) > 5*se {
			t.Errorf("d=%d k=%d: E||g̃||² empirical %g, exact %g (SE %g)", d, k, mean, exact, se)
		}
		if bound := 8 * B * B * float64(d) / float64(k); mean > bound || exact > bound {
			t.Errorf("d=%d k=%d: E||g̃||² = %g (exact %g) exceeds Lemma 3.3's 8B²d/k = %g", d, k, mean, exact, bound)
		}
	}
}

// Hazan & Koren 2012, Lemma 3.8: AELR's g̃ is unbiased for (w·x − y)x.
func TestAELRGradientUnbiased(t *testing.T) {
	rng := NewRand(3)
	d, k := 10, 2
	x, y, w := fixedExample(d, rng)
	ex := NewExample(d)
	xt := newSparseVec(d)
	c := newMeanChecker(d)
	for range draws {
		ex.Reset(x, y, k+1)
		aelrGradient(ex, newDenseL1(w), k, nil, rng, xt)
		c.add(denseOf(xt))
	}
	c.check(t, "AELR g̃", exactGradient(w, x, y, 1), 5)
}

// Cesa-Bianchi et al. 2010, eq. (4) and Alg. 2: 2(ŷ − y)v is unbiased for 2(w·x − y)x, for
// even and odd k.
func TestAERGradientUnbiased(t *testing.T) {
	rng := NewRand(4)
	for _, k := range []int{2, 4, 5} {
		d := 9
		x, y, w := fixedExample(d, rng)
		ex := NewExample(d)
		v := newSparseVec(d)
		perm, swaps, out := identity(d), make([]int, d), make([]int, d)
		c := newMeanChecker(d)
		g := make([]float64, d)
		for range draws {
			ex.Reset(x, y, k)
			yhat := aerEstimates(ex, newDenseL1(w), (k+1)/2, k/2, rng, perm, swaps, out, v)
			dv := denseOf(v)
			for i := range g {
				g[i] = 2 * (yhat - y) * dv[i]
			}
			c.add(g)
		}
		c.check(t, "AER gradient", exactGradient(w, x, y, 2), 5)
	}
}

// sampleWithoutReplacement must return distinct indices, each index with
// probability k/d, and leave perm as the identity: k = 3 goes through
// sparseSample, k = 10 through shuffleSample.
func TestSampleWithoutReplacement(t *testing.T) {
	testSampleWithoutReplacement(t, 7, 3)
	testSampleWithoutReplacement(t, 13, sparseShuffle+2)
}

// The implicit permutation of sparseSample gives the shuffle's indices
// from the same random numbers, and consumes as many of them, for every
// k it serves, up to k = d.
func TestSparseSampleMatchesShuffle(t *testing.T) {
	for _, d := range []int{1, 2, 5, 8, 9, 100000} {
		for k := 1; k <= min(d, sparseShuffle); k++ {
			perm, swaps, out := identity(d), make([]int, d), make([]int, d)
			ra, rb := NewRand(uint64(7*d+k)), NewRand(uint64(7*d+k))
			for range 200 {
				want := slices.Clone(shuffleSample(d, k, ra, perm, swaps, out))
				if got := sparseSample(d, k, rb, out); !slices.Equal(got, want) {
					t.Fatalf("d = %d, k = %d: sparseSample %v, shuffle %v", d, k, got, want)
				}
			}
			if ra.Uint64() != rb.Uint64() {
				t.Fatalf("d = %d, k = %d: the two used different random numbers", d, k)
			}
		}
	}
}

func testSampleWithoutReplacement(t *testing.T, d, k int) {
	t.Helper()
	rng := NewRand(5)
	n := 70000
	perm, swaps, out := identity(d), make([]int, d), make([]int, d)
	counts := make([]float64, d)
	for range n {
		s := sampleWithoutReplacement(d, k, rng, perm, swaps, out)
		seen := map[int]bool{}
		for _, j := range s {
			if seen[j] {
				t.Fatalf("duplicate index %d in %v", j, s)
			}
			seen[j] = true
			counts[j]++
		}
	}
	for i, p := range perm {
		if p != i {
			t.Fatalf("perm not restored: %v", perm)
		}
	}
	p := float64(k) / float64(d)
	se := math.Sqrt(p * (1 - p) / float64(n))
	for j, c := range counts {
		if math.Abs(c/float64(n)-p) > 5*se {
			t.Errorf("index %d drawn with frequency %g, want %g", j, c/float64(n), p)
		}
	}
}

// Cesa-Bianchi et al. 2010, Algorithm 1: Baseline's per-example A and v are unbiased for
// xxᵀ and x (with the 2y factor: E[2yv] = 2yx), for even and odd k.
func TestBaselineEstimateUnbiased(t *testing.T) {
	rng := NewRand(6)
	for _, k := range []int{2, 4, 5} {
		d := 4
		x, y, _ := fixedExample(d, rng)
		ex := NewExample(d)
		cA, cv := newMeanChecker(d*d), newMeanChecker(d)
		A, v := make([]float64, d*d), make([]float64, d)
		var picked []int
		for range draws {
			clear(A)
			clear(v)
			ex.Reset(x, y, k)
			picked = baselineEstimate(ex, k/2, rng, picked, A, v, d, func(i int) int { return i })
			if ex.Observed() > k {
				t.Fatalf("k=%d: observed %d", k, ex.Observed())
			}
			cA.add(A)
			cv.add(v)
		}
		wantA := make([]float64, d*d)
		wantV := make([]float64, d)
		for i := range d {
			wantV[i] = 2 * y * x[i]
			for j := range d {
				wantA[i*d+j] = x[i] * x[j]
			}
		}
		cA.check(t, fmt.Sprintf("Baseline A (k=%d)", k), wantA, 5)
		cv.check(t, fmt.Sprintf("Baseline 2yv (k=%d)", k), wantV, 5)
	}
}

// sparseVec gives the same coordinates, in the same order, and the same
// sums whether it finds repeats by scanning (d > sparseDirect, few
// coordinates), by positions from the start (d ≤ sparseDirect) or by
// positions built once the coordinates outgrow sparseScan.
func TestSparseVecModes(t *testing.T) {
	rng := NewRand(12)
	direct, scanned := newSparseVec(sparseDirect), newSparseVec(sparseDirect+1)
	if direct.pos == nil || scanned.pos != nil {
		t.Fatal("sparseVec: positions not kept as sparseDirect says")
	}
	for round := range 300 {
		direct.reset()
		scanned.reset()
		n := 1 + rng.IntN(3*sparseScan)
		for range n {
			i, v := rng.IntN(min(40, sparseDirect)), rng.NormFloat64() // repeats are likely
			direct.add(i, v)
			scanned.add(i, v)
		}
		if !slices.Equal(direct.idx, scanned.idx) || !slices.Equal(direct.vals, scanned.vals) || !slices.Equal(direct.draws, scanned.draws) {
			t.Fatalf("round %d: positions %v %v, scan %v %v", round, direct.idx, direct.vals, scanned.idx, scanned.vals)
		}
		for _, i := range direct.idx {
			if direct.at(i) != scanned.at(i) {
				t.Fatalf("round %d: at(%d) %g vs %g", round, i, direct.at(i), scanned.at(i))
			}
		}
	}
}
