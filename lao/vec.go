package lao

import (
	"math"

	"gonum.org/v1/gonum/blas/blas64"
)

// Small dense-vector helpers shared by the solvers.

// dot returns a·b (len(b) ≥ len(a)).
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

// norm1 returns ||w||₁.
func norm1(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += math.Abs(v)
	}
	return s
}
