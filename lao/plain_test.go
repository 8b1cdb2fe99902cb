package lao

import (
	"math"
	"math/rand/v2"
	"slices"
)

// Plain O(d) helpers kept as references for the tests: the solvers use the
// cores of package internal/core instead.

// projectL1Ball replaces w by its Euclidean projection onto the l1 ball
// {u : ||u||_1 ≤ B} (Duchi, Shalev-Shwartz, Singer and Chandra 2008, Fig. 1:
// sort |w| descending, find the largest ρ with μ_ρ − (Σ_{r≤ρ} μ_r − B)/ρ > 0,
// soft-threshold by θ = (Σ_{r≤ρ} μ_r − B)/ρ). scratch must have len(w) room;
// it is overwritten. O(d log d).
func projectL1Ball(w []float64, B float64, scratch []float64) {
	var norm float64
	for _, v := range w {
		norm += math.Abs(v)
	}
	if norm <= B {
		return
	}
	mu := scratch[:len(w)]
	for i, v := range w {
		mu[i] = math.Abs(v)
	}
	slices.Sort(mu)
	slices.Reverse(mu)
	var sum, theta float64
	for r, m := range mu {
		sum += m
		t := (sum - B) / float64(r+1)
		if m-t > 0 {
			theta = t
		} else {
			break
		}
	}
	for i, v := range w {
		a := math.Abs(v) - theta
		if a <= 0 {
			w[i] = 0
		} else {
			w[i] = math.Copysign(a, v)
		}
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
