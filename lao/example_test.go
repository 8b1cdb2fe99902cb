package lao_test

import (
	"errors"
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// A tiny data set: y = x0 − x1 on four rows with ||x||₂ ≤ 1.
func tiny() *lao.Dataset {
	x := []float64{
		0.6, 0.0, 0.0,
		0.0, 0.6, 0.0,
		0.5, -0.5, 0.0,
		-0.3, 0.3, 0.3,
	}
	y := []float64{0.6, -0.6, 1.0, -0.6}
	ds, err := lao.NewDataset(x, y, 3, []string{"a", "b", "c"})
	if err != nil {
		panic(err)
	}
	return ds
}

func ExampleFit() {
	ds := tiny()
	// Repeat the 4 rows to get 2000 training examples.
	var idx []int
	for i := range 2000 {
		idx = append(idx, i%4)
	}
	train := ds.Subset(idx)
	res, err := lao.Fit(&lao.AERR{K: 1}, train.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("examples %d, attributes seen %d, at most %d per example (budget: %s)\n",
		res.Examples, res.Attributes, res.MaxPerExample, res.Budget.Rule)
	fmt.Printf("test MSE %.3f vs zero predictor %.3f\n", lao.MSE(res.W, ds), lao.MSE(make([]float64, 3), ds))
	// Output:
	// examples 2000, attributes seen 3339, at most 2 per example (budget: k+1 per example)
	// test MSE 0.068 vs zero predictor 0.520
}

func ExampleExample() {
	ex := lao.NewExample(3)
	ex.Reset([]float64{1, 2, 3}, 0.5, 2) // budget: 2 distinct attributes
	a, _ := ex.TryAttr(0)
	b, _ := ex.TryAttr(2)
	again, _ := ex.TryAttr(0) // free: already revealed
	_, err := ex.TryAttr(1)   // a third distinct attribute is refused
	fmt.Println(a, b, again, ex.Observed(), errors.Is(err, lao.ErrBudgetExceeded))
	// Output: 1 3 1 2 true
}

// Lemma 3.3 of Hazan & Koren (Hazan & Koren 2012) in a few lines: AERR's gradient
// estimate is unbiased and its second moment stays below 8B²d/k
// (here ||x||₂ = 1, ||w||₂ = B = 1, |y| ≤ B).
func ExampleEstimateGradient() {
	x := []float64{0.6, 0, 0.8, 0}
	w := []float64{0.5, 0.5, 0.5, 0.5}
	y, k, n := 0.3, 2, 200000
	exact, _ := lao.ExactGradient("aerr", w, x, y)
	rng := lao.NewRand(1)
	mean := make([]float64, len(x))
	var second float64
	for range n {
		g, err := lao.EstimateGradient("aerr", k, w, x, y, rng)
		if err != nil {
			fmt.Println(err)
			return
		}
		for i, v := range g.G {
			mean[i] += v / float64(n)
			second += v * v / float64(n)
		}
	}
	fmt.Printf("exact gradient %.2f\n", exact)
	fmt.Printf("mean of draws  %.2f\n", mean)
	fmt.Printf("E||g||² ≈ %.2f ≤ 8B²d/k = %d\n", second, 8*len(x)/k)
	// Output:
	// exact gradient [0.24 0.00 0.32 0.00]
	// mean of draws  [0.24 0.00 0.32 0.00]
	// E||g||² ≈ 1.67 ≤ 8B²d/k = 16
}

// DDAERR (Kukliansky & Shamir, Kukliansky & Shamir 2015) samples attribute i with
// probability ∝ √E[x_i²]: on data whose second moments decay, it needs the
// moments as prior knowledge (here the exact ones) and beats AERR, which
// samples uniformly. Theorem 3.5 replaces AERR's d by ||E[x²]||_{1/2}.
func ExampleDDAERR() {
	const d, m = 30, 4000
	scale, mom := make([]float64, d), make([]float64, d)
	var n2 float64
	for i := range scale {
		scale[i] = 1 / float64(i+1) // x_i = ±scale_i: E[x_i²] = scale_i²
		n2 += scale[i] * scale[i]
	}
	for i := range scale {
		scale[i] /= math.Sqrt(n2) // ||x||₂ = 1
		mom[i] = scale[i] * scale[i]
	}
	rng := lao.NewRand(7)
	x, y := make([]float64, m*d), make([]float64, m)
	for t := range m {
		for i := range d {
			x[t*d+i] = scale[i] * float64(2*rng.IntN(2)-1)
		}
		y[t] = 0.5*x[t*d] - 0.5*x[t*d+1]
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	dd, _ := lao.Fit(&lao.DDAERR{K: 2, Moments: mom}, ds.Stream(), lao.Options{Seed: 1})
	ae, _ := lao.Fit(&lao.AERR{K: 2}, ds.Stream(), lao.Options{Seed: 1})
	fmt.Printf("||E[x²]||_1/2 = %.1f (d = %d)\n", lao.HalfNorm(mom), d)
	fmt.Printf("training MSE: DDAERR %.4f, AERR %.4f\n", lao.MSE(dd.W, ds), lao.MSE(ae.W, ds))
	// Output:
	// ||E[x²]||_1/2 = 9.9 (d = 30)
	// training MSE: DDAERR 0.0035, AERR 0.0079
}
