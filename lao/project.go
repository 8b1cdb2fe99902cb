package lao

import (
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
)

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

// projectL2Ball scales w onto {u : ||u||_2 ≤ B} (w·B/max{||w||_2, B}) and
// returns the norm of the result.
func projectL2Ball(w []float64, B float64) float64 {
	n := math.Sqrt(dot(w, w))
	if math.IsInf(n, 0) { // the squares overflowed: scale first (BLAS nrm2)
		n = blas64.Nrm2(blas64.Vector{N: len(w), Inc: 1, Data: w})
	}
	if n > B {
		s := B / n
		for i := range w {
			w[i] *= s
		}
		return B
	}
	return n
}
