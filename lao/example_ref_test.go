package lao_test

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// Offline ridge regression through the LAO protocol with full information:
// it reads all d attributes of every example, so the fit reports d
// attributes per example.
func ExampleRidge() {
	// y = 2·x0 − x1 exactly, on four examples.
	x := []float64{
		1, 0,
		0, 1,
		1, 1,
		2, 1,
	}
	y := []float64{2, -1, 1, 3}
	ds, err := lao.NewDataset(x, y, 2, nil)
	if err != nil {
		panic(err)
	}
	for _, s := range []lao.Solver{
		&lao.Ridge{Lambda: 1e-9}, // penalised, nearly least squares
		&lao.Ridge{B: 2},         // constrained to ||w||₂ ≤ 2
	} {
		res, err := lao.Fit(s, ds.Stream(), lao.Options{})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%v: w = [%.4f %.4f], %d attributes per example\n", res.Params, res.W[0], res.W[1], res.MaxPerExample)
	}
	// Output:
	// map[lambda:1e-09]: w = [2.0000 -1.0000], 2 attributes per example
	// map[B:2]: w = [1.8378 -0.7890], 2 attributes per example
}
