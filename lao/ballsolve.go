package lao

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/floats"

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
// as "ball_gap_bound" and "ball_path_lambda", so the fit says so.
// Where that gap is too large (a rank-deficient A, e.g. a Gram matrix of
// fewer examples than attributes, on which the path stalls early), the
// problem is solved again with A + εI, ε = ballGapTol·|f(w)|/(2B²): the
// ridge term makes every support well conditioned, and its minimiser w_ε
// is within ε(B² − ||w_ε||₂²) (plus that solve's own certified gap) of the
// minimum of f, since f(w_ε) + ε||w_ε||² ≤ f(w*) + ε||w*||² and ||w*||₂ ≤
// ||w*||₁ ≤ B. It is accepted on the same rule, with "ball_ridge" = ε in
// diag. Any other failure is an error.
func minBall(A *quadl1.Matrix, v []float64, B float64, diag map[string]float64) ([]float64, error) {
	w, _, err := quadl1.MinBall(A, v, B)
	return acceptBall(A, v, B, w, err, diag)
}

// acceptBall is minBall's rule for MinBall's result (w, err) at B.
func acceptBall(A *quadl1.Matrix, v []float64, B float64, w []float64, err error, diag map[string]float64) ([]float64, error) {
	if err == nil {
		return w, nil
	}
	var ie *quadl1.InexactError
	if !errors.As(err, &ie) {
		return nil, err
	}
	f, gap, eps := quadValue(A, v, w), ie.Gap, 0.0
	if !(gap <= ballGapTol*math.Abs(f)) {
		var wr []float64
		if wr, gap, eps = minBallRidge(A, v, B, ballGapTol*math.Abs(f)/(2*B*B)); wr == nil || !(gap <= ballGapTol*math.Abs(quadValue(A, v, wr))) {
			return nil, fmt.Errorf("%w (relative gap %.3g above %g)", err, ie.Gap/math.Abs(f), ballGapTol)
		}
		w = wr
	}
	if diag != nil {
		diag["ball_gap_bound"] = gap
		diag["ball_path_lambda"] = ie.Lambda
		if eps > 0 {
			diag["ball_ridge"] = eps
		}
	}
	return w, nil
}

// minBallRidge minimises wᵀ(A + εI)w + vᵀw over ||w||₁ ≤ B and returns the
// minimiser with a bound on its gap to the minimum of wᵀAw + vᵀw (see
// minBall), or nil if the solve fails or ε is not positive.
func minBallRidge(A *quadl1.Matrix, v []float64, B, eps float64) (w []float64, gap, epsOut float64) {
	if !(eps > 0) || math.IsInf(eps, 0) {
		return nil, 0, 0
	}
	w, _, err := quadl1.MinBall(A.WithRidge(eps), v, B)
	var ie *quadl1.InexactError
	switch {
	case err == nil:
	case errors.As(err, &ie):
		gap = ie.Gap
	default:
		return nil, 0, 0
	}
	return w, gap + eps*max(B*B-floats.Dot(w, w), 0), eps
}

// quadValue returns wᵀAw + vᵀw (reading the rows of w's non-zeros).
func quadValue(A *quadl1.Matrix, v []float64, w []float64) float64 {
	var f float64
	for i, wi := range w {
		if wi == 0 {
			continue
		}
		var r float64
		for j, a := range A.Row(i) {
			r += a * w[j]
		}
		f += wi * (r + v[i])
	}
	return f
}
