package lao

import (
	"gonum.org/v1/gonum/blas/blas64"
)

// Small dense-vector helpers shared by the solvers.

// dot returns a·b (len(b) ≥ len(a)), summed in index order: unlike
// floats.Dot's unrolled assembly kernel, whose order of summation depends
// on the platform, so the solvers' iterates do not.
func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// axpy adds alpha·x to y (len(y) ≥ len(x)) with gonum's assembly kernel.
func axpy(alpha float64, x, y []float64) {
	blas64.Axpy(alpha, blas64.Vector{N: len(x), Inc: 1, Data: x}, blas64.Vector{N: len(x), Inc: 1, Data: y})
}
