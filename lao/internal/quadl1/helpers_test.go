package quadl1

import (
	"math"
	"math/rand/v2"
)

// NewRand is the PCG generator the tests draw problems from (as lao.NewRand).
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

func maxAbsDiff(a, b []float64) float64 {
	var m float64
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}

func qpObjective(A, v, w []float64, d int) float64 {
	f := dot(v, w)
	for i := range d {
		f += w[i] * dot(A[i*d:(i+1)*d], w)
	}
	return f
}
