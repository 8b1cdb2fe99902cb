package lao

import (
	"math"
	"math/rand/v2"
)

// Plain O(d) helpers kept as references for the tests: the solvers use the
// cores of package internal/core instead.

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

// norm1 returns ||w||₁, summed in index order as the plain references do.
func norm1(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += math.Abs(v)
	}
	return s
}
