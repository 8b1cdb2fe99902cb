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
