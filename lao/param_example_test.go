package lao_test

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// Every solver's parameters are reachable by name, with what their zero
// value selects and whether cross-validation tunes them; Grid is the CV
// grid the solver itself defines.
func ExampleSetParams() {
	s, err := lao.New("aelr")
	if err != nil {
		panic(err)
	}
	if err := lao.SetParams(s, map[string]float64{"k": 4, "B": 2}); err != nil {
		panic(err)
	}
	for _, p := range s.Params() {
		fmt.Printf("%-4s = %-4s tuned by CV: %-5v  %s\n", p.Name, p.String(), p.Tune != nil, p.Usage)
	}
	grid := lao.Grid(s, lao.Problem{M: 1000, D: 784})
	fmt.Printf("%d grid points (B is fixed, so only eta varies), the first: %.3g\n", len(grid), grid[0]["eta"])
	// Output:
	// k    = 4    tuned by CV: false  attributes drawn uniformly to estimate x (one more estimates w·x); in [1, d]
	// B    = 2    tuned by CV: true   radius of the l1 ball; 0 selects 1
	// eta  = 0    tuned by CV: true   step size; 0 selects Theorem 3.4's (1/(4B²))√(2k log(2d)/(5md))
	// split = false tuned by CV: false  the k+1 attributes split evenly between x̃ and w·x (Kukliansky & Shamir 2015, Section 5); off: k and 1
	// costbudget = 0    tuned by CV: false  C, hard cost budget per training example, paying for the k+1 draws (needs prices); 0 selects the worst case of the solver's draws
	// predictcostbudget = 0    tuned by CV: false  C', cost budget of the model's support at prediction time (needs prices); 0: none
	// costblind = false tuned by CV: false  sample as if every price were equal (the cost-blind reference at the same budget); off: priced draws (ours)
	// 13 grid points (B is fixed, so only eta varies), the first: 2.42e-05
}

// Reference runs the same algorithm with the plain O(d) implementation of
// the pseudo-code: same seed, same iterates as the fast O(k log d) path.
func ExampleReference() {
	x := make([]float64, 0, 500*20)
	y := make([]float64, 0, 500)
	rng := lao.NewRand(1)
	for range 500 {
		var dot float64
		for j := range 20 {
			v := rng.Float64()*0.4 - 0.2
			x = append(x, v)
			if j < 3 {
				dot += v
			}
		}
		y = append(y, dot)
	}
	ds, _ := lao.NewDataset(x, y, 20, nil)
	fast := &lao.AELR{K: 4}
	plain, _ := lao.Reference(fast)
	a, _ := lao.Fit(fast, ds.Stream(), lao.Options{Seed: 3})
	b, _ := lao.Fit(plain, ds.Stream(), lao.Options{Seed: 3})
	var diff float64
	for i := range a.W {
		diff = max(diff, a.W[i]-b.W[i], b.W[i]-a.W[i])
	}
	fmt.Printf("same iterates to 1e-12: %v; attributes %d and %d\n", diff < 1e-12, a.Attributes, b.Attributes)
	// Output:
	// same iterates to 1e-12: true; attributes 2269 and 2269
}
