package lao_test

import (
	"errors"
	"fmt"

	"github.com/laoproject/lao/lao"
)

// Murata & Suzuki 2018's Hybrid: 8 attributes per training example, a model
// with 2 non-zero weights that predicts each test example from at most 8
// of its attributes.
func ExampleHybrid() {
	d, m := 40, 20000
	rng := lao.NewRand(3)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = 2*x[i*d+5] - x[i*d+17] + 0.1*rng.NormFloat64() // θ* has two non-zeros
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	train, test := ds.Head(18000), ds.Subset(seqInts(18000, m))
	res, err := lao.Fit(&lao.Hybrid{K: 8, S: 2}, train.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("training: at most %d attributes per example; model support %v; prediction budget %d\n",
		res.MaxPerExample, res.Support, res.PredictionBudget())
	ev, _ := lao.EvaluateBudgeted(res.W, test, res.PredictionBudget())
	fmt.Printf("test MSE %.3f, %.0f attributes read per test example\n", ev.MSE, ev.MeanAttributes)
	_, err = lao.BudgetedMSE(make([]float64, d), test, 8) // the zero model reads nothing
	dense := make([]float64, d)
	for j := range dense {
		dense[j] = 0.1
	}
	_, err2 := lao.BudgetedMSE(dense, test, 8) // a dense model is refused
	fmt.Println(err == nil, errors.Is(err2, lao.ErrBudgetExceeded))
	// Output:
	// training: at most 8 attributes per example; model support [5 17]; prediction budget 8
	// test MSE 0.010, 2 attributes read per test example
	// true true
}

func seqInts(lo, hi int) []int {
	var out []int
	for i := lo; i < hi; i++ {
		out = append(out, i)
	}
	return out
}
