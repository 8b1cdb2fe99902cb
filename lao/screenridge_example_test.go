package lao_test

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// ScreenRidge spends k = 2 attributes per example: on the first m1 = 600
// examples two random ones, to find the columns most correlated with the
// label, then the two it chose, on which it fits ridge. The model reads 2
// attributes. (The default m1, ⌈30d/k⌉ = 120 here, sees each column only
// about 30 times; with a weaker column that can miss it.)
func ExampleScreenRidge() {
	const m, d = 3000, 8
	rng := lao.NewRand(7)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = 2*x[i*d+1] - x[i*d+5] + 0.1*rng.NormFloat64() // two informative columns
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	res, err := lao.Fit(&lao.ScreenRidge{K: 2, M1: 600}, ds.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("attributes seen %d = k·m, screening on m1 = %g examples\n", res.Attributes, res.Params["m1"])
	fmt.Printf("weights %.2f\n", res.W)
	fmt.Printf("non-zero weights: %d\n", lao.NonZero(res.W))
	// Output:
	// attributes seen 6000 = k·m, screening on m1 = 600 examples
	// weights [0.00 2.00 0.00 0.00 0.00 -1.00 0.00 0.00]
	// non-zero weights: 2
}
