package lao_test

import (
	"errors"
	"fmt"

	"github.com/laoproject/lao/lao"
)

// Step drives a learner by hand, one example at a time, outside Fit: a
// handle with less than the learner's budget is refused with an error, not
// a panic, and so is a numerical failure of the learner (lao.Failer).
func ExampleStep() {
	s := &lao.AERR{K: 2}
	l, budget, err := s.Start(lao.Problem{M: 3, D: 4, Rand: lao.NewRand(1)})
	if err != nil {
		fmt.Println(err)
		return
	}
	ex := lao.NewExample(4)
	row := []float64{0.1, -0.2, 0.3, 0.4}
	ex.Reset(row, 1, budget.PerExample)
	err = lao.Step(l, ex)
	fmt.Println("budget", budget.PerExample, "step:", err, "within budget:", ex.Observed() <= budget.PerExample)
	ex.Reset(row, 1, 1) // one attribute for k+1 = 3 draws
	err = lao.Step(l, ex)
	fmt.Println("refused:", errors.Is(err, lao.ErrBudgetExceeded))
	// Output:
	// budget 3 step: <nil> within budget: true
	// refused: true
}
