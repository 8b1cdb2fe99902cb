package lao

import (
	"errors"
	"fmt"
	"math"

	"github.com/laoproject/lao/lao/internal/quadl1"
)

// ballGapTol is the largest certified objective gap, relative to the
// objective decrease |f(w)| (f(0) = 0), at which minBall accepts a point
// short of the exact KKT point. For Lasso f(w) is the training MSE less
// the mean squared label, so the point's training MSE is within 1e-4 of
// the decrease of the exact minimiser's: far below the sampling error of
// any training MSE (of order 1/√m). On a cross-validation fold of MNIST
// 3 vs 5 at B = 256 the bound is 5.6e-6 (quadl1's mnist_test.go).
const ballGapTol = 1e-4

// minBall minimises f(w) = wᵀAw + vᵀw over ||w||₁ ≤ B for Lasso and
// Baseline (quadl1.MinBall). Where the exact path stops at a
// near-singular support (near-collinear columns such as neighbouring
// pixels, at large B), MinBall returns a point certified within a gap of
// the minimum: it is accepted when that gap is below ballGapTol·|f(w)|,
// and the gap and the path's λ there are written into diag (when not nil)
// as "ball_gap_bound" and "ball_path_lambda", so the fit says so. Any
// other failure is an error.
func minBall(A, v []float64, d int, B float64, diag map[string]float64) ([]float64, error) {
	w, _, err := quadl1.MinBall(A, v, d, B)
	if err == nil {
		return w, nil
	}
	var ie *quadl1.InexactError
	if !errors.As(err, &ie) {
		return nil, err
	}
	f := quadValue(A, v, d, w)
	if !(ie.Gap <= ballGapTol*math.Abs(f)) {
		return nil, fmt.Errorf("%w (relative gap %.3g above %g)", err, ie.Gap/math.Abs(f), ballGapTol)
	}
	if diag != nil {
		diag["ball_gap_bound"] = ie.Gap
		diag["ball_path_lambda"] = ie.Lambda
	}
	return w, nil
}

// quadValue returns wᵀAw + vᵀw for A d×d row-major.
func quadValue(A, v []float64, d int, w []float64) float64 {
	var f float64
	for i, wi := range w {
		if wi == 0 {
			continue
		}
		var r float64
		for j, wj := range w {
			r += A[i*d+j] * wj
		}
		f += wi * (r + v[i])
	}
	return f
}
