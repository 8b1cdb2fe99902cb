package lao_test

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// Procedure 3 of Hazan & Koren 2012 (GenEst) estimates f'(w·x − y) for an
// analytic loss from 1.6 attribute draws per call on average; here f = ρ,
// f' = erf (Claim 4.3), averaged over 100,000 calls. With d = 4 many draws
// repeat an attribute already revealed (free), so fewer distinct attributes
// are read.
func ExampleGenEst() {
	x := []float64{0.5, -0.3, 0.2, 0.6}
	w := []float64{0.4, 0.3, 0, -0.5}
	y := 0.1
	g, err := lao.NewGenEst(lao.RhoSeries(), 0.75) // ||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B
	if err != nil {
		panic(err)
	}
	if err := g.SetW(w); err != nil {
		panic(err)
	}
	rng := lao.NewRand(1)
	ex := lao.NewExample(len(x))
	const calls = 100000
	var sum, sq float64
	var attrs int
	for range calls {
		ex.Reset(x, y, len(x)) // a budget of d: GenEst's budget holds in expectation
		phi, err := g.Estimate(ex, 1, y, rng)
		if err != nil {
			panic(err)
		}
		sum += phi
		sq += phi * phi
		attrs += ex.Observed()
	}
	theta := 0.4*0.5 + 0.3*-0.3 - 0.5*0.6 - y
	mean := sum / calls
	se := math.Sqrt((sq/calls - mean*mean) / calls)
	fmt.Printf("N = %d, mean %.3f ± %.3f, erf(w·x − y) = %.3f\n", g.N(), mean, se, math.Erf(theta))
	fmt.Printf("attributes per call %.2f (expected draws %.3f)\n", float64(attrs)/calls, g.MeanDraws())
	// Output:
	// N = 3, mean -0.314 ± 0.005, erf(w·x − y) = -0.318
	// attributes per call 0.76 (expected draws 1.625)
}

// AESVR (Hazan & Koren 2012, Algorithm 4) learns the δ-insensitive loss
// reading k + 6 attributes per example only in expectation: the result
// reports the realised mean and the largest example, under the safety cap.
func ExampleAESVR() {
	train, test := svrData(5, 20000, 1), svrData(5, 5000, 2)
	risk := func(w []float64) float64 {
		var s float64
		for i := range test.Len() {
			s += lao.Insensitive(test.Dot(w, i)-test.Label(i), 0.1)
		}
		return s / float64(test.Len())
	}
	res, err := lao.Fit(&lao.AESVR{K: 1, Delta: 0.1}, train.Stream(), lao.Options{Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Printf("δ-insensitive test risk %.3f (zero predictor %.3f)\n", risk(res.W), risk(make([]float64, 5)))
	fmt.Printf("attributes per example: mean %.2f (budget %s), max %d\n", res.MeanPerExample(), res.Budget.Rule, res.MaxPerExample)
	// Output:
	// δ-insensitive test risk 0.094 (zero predictor 0.229)
	// attributes per example: mean 1.96 (budget k + 2·E[draws] = 3.74 per example in expectation, within Theorem 4.4's k+6 (hard cap 5)), max 5
}

// svrData: x uniform on {±1/√5}^5, y = w*·x + ν with w* = (0.5, −0.5, 0.4,
// 0, 0.3) and ν uniform on [−0.1, 0.1], so w*'s δ-insensitive risk at
// δ = 0.1 is 0.
func svrData(d, m int, seed uint64) *lao.Dataset {
	wstar := []float64{0.5, -0.5, 0.4, 0, 0.3}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			v := 1 / math.Sqrt(float64(d))
			if r.IntN(2) == 0 {
				v = -v
			}
			x[i*d+j] = v
			y[i] += wstar[j] * v
		}
		y[i] += 0.1 * (2*r.Float64() - 1)
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}
