package lao_test

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// exampleTable returns m rows of d standard normal columns and
// y = 2·x₁ − x₅ + noise.
func exampleTable(m, d int) *lao.Dataset {
	rng := lao.NewRand(7)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = 2*x[i*d+1] - x[i*d+5] + 0.1*rng.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}

// AdaptiveScreen reads 2 random attributes per example during its warm-up,
// then the 2 that look most correlated with the label, re-ranked as cells
// accumulate. It ends up reading the two informative columns on almost
// every example, and fits ridge on the examples that read exactly those two
// (the complete cases). (The weights are 1-2 % short of 2 and −1: the
// default penalty λ = 1/√m relative to the mean eigenvalue.)
func ExampleAdaptiveScreen() {
	ds := exampleTable(3000, 8)
	res, err := lao.Fit(&lao.AdaptiveScreen{K: 2}, ds.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("attributes seen %d = k·m; warm-up %g examples\n", res.Attributes, res.Params["warm"])
	fmt.Printf("columns 1 and 5 read on %d and %d of 3000 examples\n", res.AttributeCounts[1], res.AttributeCounts[5])
	fmt.Printf("weights %.2f\n", res.W)
	// Output:
	// attributes seen 6000 = k·m; warm-up 40 examples
	// columns 1 and 5 read on 2966 and 2948 of 3000 examples
	// weights [0.00 1.97 0.00 0.00 0.00 -0.98 0.00 0.00]
}

// CorrectedRidge reads k = 3 uniformly drawn attributes per example and
// fits ridge on Loh & Wainwright's corrected moments: every pair of
// columns is seen together on about m·k(k−1)/(d(d−1)) = 321 examples, and
// the Horvitz-Thompson weights make the moments unbiased, but at 321
// co-observations per pair the off-diagonal entries carry noise of about
// 1/√321 ≈ 0.06 each, which the weights show.
func ExampleCorrectedRidge() {
	ds := exampleTable(3000, 8)
	res, err := lao.Fit(&lao.CorrectedRidge{K: 3, Lambda: 0.001}, ds.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("attributes seen %d = k·m\n", res.Attributes)
	fmt.Printf("weights %.1f\n", res.W)
	// Output:
	// attributes seen 9000 = k·m
	// weights [0.0 2.1 0.0 -0.0 -0.2 -1.2 0.1 0.1]
}
