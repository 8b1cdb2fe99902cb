package theory_test

import (
	"fmt"

	"github.com/laoproject/lao/lao/theory"
)

// A result of the registry, its bound evaluated, and where it is shown.
func ExampleTheoremByID() {
	t, _ := theory.TheoremByID("hk2012/3.1")
	fmt.Println(t.Number+",", t.Paper)
	fmt.Printf("%.4f %s\n", t.Bound(theory.BoundParams{D: 784, K: 4, M: 10000, B: 1}), t.Unit)
	fmt.Println(t.Solver, t.Experiment)
	lb, _ := theory.TheoremByID("css2011/1")
	fmt.Printf("%s: at least %.0f examples for d = 1000, k = 1, ε = 0.01\n", lb.ID, lb.Bound(theory.BoundParams{D: 1000, K: 1, Eps: 0.01}))
	// Output:
	// Theorem 3.1, Hazan & Koren, ICML 2012
	// 0.7920 excess risk
	// aerr hk2012-fig2
	// css2011/1: at least 520 examples for d = 1000, k = 1, ε = 0.01
}
