package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/laoproject/lao/frames"
)

// errNotFinite is wrapped by the errors of a result that is not a finite
// number: the result was printed (it may still be useful) but the command
// exits with a non-zero status.
var errNotFinite = errors.New("a result is not a finite number")

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// nonFiniteFit reports a fit whose test errors are not finite, naming the
// cause: labels whose squares overflow, or coefficients so large that the
// predictions do.
func nonFiniteFit(m *frames.Model, sc frames.Scores) error {
	if sc.N == 0 || (finite(sc.MSE) && finite(sc.ZeroMSE)) { // no test rows, or finite
		return nil
	}
	if !finite(sc.ZeroMSE) {
		return fmt.Errorf("fit: the test MSE of the zero predictor is %g: the labels are so large that their squared errors overflow float64; rescale the target column (divide it by a power of ten): %w", sc.ZeroMSE, errNotFinite)
	}
	j, c := largestCoef(m)
	if math.Abs(c) < 1e100 {
		return fmt.Errorf("fit: the test MSE is %g: a test row holds values so large that its prediction overflows float64 (the largest coefficient is only %g, of %q); check the columns for values near ±1.8e308: %w",
			sc.MSE, c, m.Features[j], errNotFinite)
	}
	return fmt.Errorf("fit: the test MSE is %g: the predictions overflow float64, the coefficient of %q being %g (an ill-conditioned fit: collinear columns with a tiny penalty? raise --lambda or let CV choose it); the model was not saved: %w",
		sc.MSE, m.Features[j], c, errNotFinite)
}

// largestCoef returns the column with the largest |coefficient|.
func largestCoef(m *frames.Model) (int, float64) {
	best := 0
	for j, c := range m.Coef {
		if math.Abs(c) > math.Abs(m.Coef[best]) {
			best = j
		}
	}
	return best, m.Coef[best]
}

// nonFinitePrediction reports the predictions that are not finite, naming
// the first one's file line and the cause.
func nonFinitePrediction(data string, p *predictions, m *frames.Model) error {
	bad, first := 0, -1
	for i, v := range p.pred {
		if !finite(v) {
			bad++
			if first < 0 {
				first = i
			}
		}
	}
	if bad == 0 {
		return nil
	}
	j, c := largestCoef(m)
	return fmt.Errorf("predict: %s: %d of %d predictions are not finite numbers, the first %g on line %d: a coefficient times a value, or their sum, overflows float64 (the largest coefficient is %g, of %q; check that column's values on that line): %w",
		data, bad, len(p.pred), p.pred[first], p.lines[first], c, m.Features[j], errNotFinite)
}
