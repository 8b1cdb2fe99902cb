package lowerbound_test

import (
	"fmt"

	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/lowerbound"
)

// The lower-bound instance of Cesa-Bianchi et al. (ICML 2010, Theorem 3;
// JMLR 2011, Appendix A): one attribute of bias √ε.
func ExampleNewCSS() {
	inst, err := lowerbound.NewCSS(16, 2, 0.04, 3)
	if err != nil {
		panic(err)
	}
	fmt.Println("w*_3 =", inst.WStar()[3], " L(w*) =", inst.RiskStar())
	fmt.Printf("excess of w = 0: %.2f (= ||w*||² = 4ε)\n", inst.Excess(make([]float64, 16)))
	fmt.Printf("examples needed (journal constant): %.1f\n", lowerbound.CSSMinExamples(16, 2, 0.04))
	_, err = lowerbound.NewCSS(7, 2, 0.04, 3)
	fmt.Println(err)
	// Output:
	// w*_3 = 0.4  L(w*) = 0.84
	// excess of w = 0: 0.16 (= ||w*||² = 4ε)
	// examples needed (journal constant): 1.0
	// lowerbound: NewCSS: d = 7: Theorem 3 of Cesa-Bianchi et al. 2010 needs d ≥ 4k = 8: lao: invalid parameter
}

// Prediction on a budget (Cesa-Bianchi et al. 2010, Theorem 4): the best of
// all adaptive predictors reading 2 of the 3 attributes has risk 1/9,
// although L(w*) = 0.
func ExampleActive_BestActiveRisk() {
	inst := lowerbound.NewCSSTheorem4()
	for kt := 0; kt <= 3; kt++ {
		best, err := inst.BestActiveRisk(kt)
		if err != nil {
			panic(err)
		}
		fmt.Printf("k_t = %d: best risk %.4f, floor %.4f\n", kt, best, inst.Floor(kt))
	}
	// Output:
	// k_t = 0: best risk 0.3333, floor 0.3333
	// k_t = 1: best risk 0.2222, floor 0.2222
	// k_t = 2: best risk 0.1111, floor 0.1111
	// k_t = 3: best risk 0.0000, floor 0.0000
}

// How many examples AERR (Hazan & Koren 2012, Algorithm 1) needs on the
// ridge lower-bound instance of their Theorem 2.2, beside the majority vote
// that attains the bound, and the bound's d/(kε²).
func ExampleMeasureSamples() {
	inst, err := lowerbound.NewHazanKoren(64, 1, 0.05, 1)
	if err != nil {
		panic(err)
	}
	for _, s := range []lao.Solver{&lao.AERR{K: 1}, &lowerbound.MajorityVote{K: 1}} {
		c, err := lowerbound.MeasureSamples(s, inst, inst.Eps(), lowerbound.MeasureOptions{Seeds: 5})
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s: %.0f examples, %.0f attributes each\n", c.Solver, c.M, c.AttributesPerExample)
	}
	fmt.Printf("d/(kε²) = %.0f\n", lowerbound.HKMinExamples(64, 1, 0.05))
	// Output:
	// aerr: 14531 examples, 2 attributes each
	// majority-vote: 1479 examples, 1 attributes each
	// d/(kε²) = 25600
}
