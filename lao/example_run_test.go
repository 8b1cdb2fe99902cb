package lao_test

import (
	"errors"
	"fmt"

	"github.com/laoproject/lao/lao"
)

// A Run feeds examples as they arrive, with Fit's checks at each step: here
// AERR (k = 2) on rows y = 2·x₁, one at a time, then a row of the wrong
// width, which is refused.
func ExampleRun() {
	r, err := lao.NewRun(&lao.AERR{K: 2}, 200, 3, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("budget:", r.Budget().Rule)
	for i := range 200 {
		x := float64(i%7)/7 - 0.4
		if err := r.Step([]float64{x, 0.1, -0.1}, 2*x); err != nil {
			fmt.Println(err)
			return
		}
	}
	w, err := r.Weights()
	fmt.Printf("w₁ > w₂, w₃: %v (%v)\n", w[0] > w[1] && w[0] > w[2], err)
	err = r.Step([]float64{1, 2}, 0)
	fmt.Println("refused:", errors.Is(err, lao.ErrShape))
	// Output:
	// budget: k+1 per example
	// w₁ > w₂, w₃: true (<nil>)
	// refused: true
}
