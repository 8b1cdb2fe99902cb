package lao

import (
	"fmt"

	"gonum.org/v1/gonum/floats"
)

// Predict returns w·x for the example behind ex, revealing only the
// attributes where w is non-zero. With a handle whose budget is s', this is
// prediction on a budget (Murata & Suzuki 2018): a model with more than s' non-zero
// weights is refused with ErrBudgetExceeded instead of silently truncated.
func Predict(w []float64, ex *Example) (yhat float64, err error) {
	if len(w) != ex.Dim() {
		return 0, fmt.Errorf("lao: Predict: %d weights for %d attributes: %w", len(w), ex.Dim(), ErrShape)
	}
	if ex.Lazy() { // the support in one batch
		if err := ex.Prefetch(Support(w)); err != nil {
			return 0, fmt.Errorf("lao: Predict: %w", err)
		}
	}
	for i, wi := range w {
		if wi != 0 {
			x, err := ex.TryAttr(i)
			if err != nil {
				return 0, fmt.Errorf("lao: Predict: %w", err)
			}
			yhat += wi * x
		}
	}
	return yhat, nil
}

// NonZero returns the number of non-zero entries of w: the attributes a
// linear model needs at prediction time.
func NonZero(w []float64) int { return floats.Count(func(v float64) bool { return v != 0 }, w) }

// BudgetedMSE returns the mean squared error of w on ds when each test row
// may reveal at most budget attributes (Murata & Suzuki's prediction-time budget).
// It fails with ErrBudgetExceeded if w needs more than budget attributes.
// It is EvaluateBudgeted's MSE; frames.Score also gives the zero
// predictor's error and maps a prepared table's units back.
func BudgetedMSE(w []float64, ds *Dataset, budget int) (float64, error) {
	ev, err := EvaluateBudgeted(w, ds, budget)
	return ev.MSE, err
}
