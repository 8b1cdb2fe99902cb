package lao

import (
	"math"
	"math/rand/v2"
)

// This file holds the unbiased estimators shared by the stochastic solvers.
// Each reads attributes only through the Example handle, so the budget
// accounting is done by the handle, never by the estimator.

// sparseVec is a sparse vector built from a few sampled coordinates: idx
// lists the touched coordinates once each, val[i] holds the value of
// coordinate i (dense storage, only idx entries are meaningful).
type sparseVec struct {
	idx []int
	val []float64 // len d
	on  []bool    // len d: on[i] iff i is in idx
}

func newSparseVec(d int) *sparseVec {
	return &sparseVec{val: make([]float64, d), on: make([]bool, d)}
}

// reset clears the touched coordinates in O(len(idx)).
func (s *sparseVec) reset() {
	for _, i := range s.idx {
		s.val[i], s.on[i] = 0, false
	}
	s.idx = s.idx[:0]
}

func (s *sparseVec) add(i int, v float64) {
	if !s.on[i] {
		s.on[i] = true
		s.idx = append(s.idx, i)
	}
	s.val[i] += v
}

// uniformXEstimate sets xt to x̃ = (1/k) Σ_{r=1..k} d·x[i_r]·e_{i_r} with
// i_1..i_k drawn uniformly and independently from [d] (Hazan & Koren 2012, Alg. 1-2
// lines 3-7). E[x̃] = x. It reveals at most k attributes.
func uniformXEstimate(ex *Example, k int, rng *rand.Rand, xt *sparseVec) {
	xt.reset()
	d := ex.Dim()
	scale := float64(d) / float64(k)
	for range k {
		i := rng.IntN(d)
		xt.add(i, scale*ex.Attr(i))
	}
}

// sampleProportional draws j with probability p[j]/total (p ≥ 0, total =
// Σ p > 0) by a linear scan. It returns the last positive index if
// rounding leaves u beyond the cumulative sum.
func sampleProportional(p []float64, total float64, rng *rand.Rand) int {
	u := rng.Float64() * total
	last := -1
	for j, v := range p {
		if v <= 0 {
			continue
		}
		last = j
		u -= v
		if u < 0 {
			return j
		}
	}
	return last
}

// sqrtScratch fills dst with w[j]^2 and returns ||w||_2^2.
func squares(w, dst []float64) float64 {
	var s float64
	for j, v := range w {
		dst[j] = v * v
		s += dst[j]
	}
	return s
}

// abses fills dst with |w[j]| and returns ||w||_1.
func abses(w, dst []float64) float64 {
	var s float64
	for j, v := range w {
		dst[j] = math.Abs(v)
		s += dst[j]
	}
	return s
}

// l2InnerEstimate returns an unbiased estimate of w·x that reveals one
// attribute: j is drawn with P[j] = w_j²/||w||², and the estimate is
// ||w||² x_j / w_j (Hazan & Koren 2012, Alg. 1 lines 8-9). sq holds w_j² and n2 =
// ||w||². If w = 0 the inner product is exactly 0 and nothing is revealed.
func l2InnerEstimate(ex *Example, w, sq []float64, n2 float64, rng *rand.Rand) float64 {
	if n2 == 0 {
		return 0
	}
	j := sampleProportional(sq, n2, rng)
	return n2 * ex.Attr(j) / w[j]
}

// l1InnerEstimate returns an unbiased estimate of w·x that reveals one
// attribute: j is drawn with P[j] = |w_j|/||w||_1 and the estimate is
// ||w||_1 sign(w_j) x_j (Hazan & Koren 2012 Alg. 2 lines 9-10; Cesa-Bianchi et al. 2010 eq. (4)).
// ab holds |w_j| and n1 = ||w||_1. If w = 0 the estimate is exactly 0.
func l1InnerEstimate(ex *Example, w, ab []float64, n1 float64, rng *rand.Rand) float64 {
	if n1 == 0 {
		return 0
	}
	j := sampleProportional(ab, n1, rng)
	return n1 * math.Copysign(1, w[j]) * ex.Attr(j)
}
