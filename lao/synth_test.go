package lao

import (
	"math"
	"math/rand/v2"
)

// signProblem is a distribution with exactly known risk: x has i.i.d.
// coordinates ±scale (so E[xxᵀ] = scale²·I), y = w*·x + ε with ε uniform on
// [−σ, σ]. For any w, E[(w·x − y)²] = scale²||w − w*||² + σ²/3.
type signProblem struct {
	d     int
	scale float64
	wstar []float64
	sigma float64
}

// sample draws m examples.
func (p signProblem) sample(m int, rng *rand.Rand) *Dataset {
	x := make([]float64, m*p.d)
	y := make([]float64, m)
	for i := range m {
		row := x[i*p.d : (i+1)*p.d]
		for j := range row {
			if rng.IntN(2) == 0 {
				row[j] = p.scale
			} else {
				row[j] = -p.scale
			}
		}
		y[i] = dot(p.wstar, row) + p.sigma*(2*rng.Float64()-1)
	}
	ds, err := NewDataset(x, y, p.d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}

// excess returns E[(w·x − y)²] − E[(w*·x − y)²] = scale²||w − w*||².
func (p signProblem) excess(w []float64) float64 {
	var s float64
	for i, v := range w {
		r := v - p.wstar[i]
		s += r * r
	}
	return p.scale * p.scale * s
}

// randomWStar returns a vector with the given l1 norm and random signs and
// magnitudes on the first nnz coordinates.
func randomWStar(d, nnz int, l1 float64, rng *rand.Rand) []float64 {
	w := make([]float64, d)
	var s float64
	for i := range nnz {
		w[i] = rng.Float64() + 0.1
		if rng.IntN(2) == 0 {
			w[i] = -w[i]
		}
		s += math.Abs(w[i])
	}
	for i := range w {
		w[i] *= l1 / s
	}
	return w
}
