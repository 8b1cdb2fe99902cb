package quadl1

import (
	"fmt"
	"math"
)

// The KKT certificates of the two problems: a returned nil means the point
// is optimal to the relative tolerance. Tests of this package and of the
// solvers built on it (lao.Lasso, lao.Baseline) check their results with
// them.

// quadGrad returns 2Aw + v.
func quadGrad(A *Matrix, v, w []float64) []float64 {
	g := A.MulVec(w)
	for i, ai := range g {
		g[i] = v[i] + 2*ai
	}
	return g
}

// kktScale is the size of the terms that make up the gradient: the KKT
// residuals are measured relative to it.
func kktScale(A *Matrix, v, w []float64) float64 {
	amax, vmax := A.maxAbs(), 0.0
	for _, x := range v {
		vmax = max(vmax, math.Abs(x))
	}
	return vmax + 2*amax*norm1(w) + 1e-300
}

// KKTBall checks the KKT conditions of min wᵀAw + vᵀw s.t. ||w||₁ ≤ B
// to relative tolerance tol: feasibility, a multiplier μ ≥ 0 with
// ∇f_i = −μ sign(w_i) on the support and |∇f_i| ≤ μ off it, μ(||w||₁−B) = 0.
func KKTBall(A *Matrix, v []float64, B float64, w []float64, tol float64) error {
	g := quadGrad(A, v, w)
	eps := tol * kktScale(A, v, w)
	n1 := norm1(w)
	if n1 > B*(1+tol) {
		return fmt.Errorf("infeasible: ||w||₁ = %.17g > B = %g", n1, B)
	}
	var mu float64
	var ns int
	for i, wi := range w {
		if wi != 0 {
			mu -= math.Copysign(1, wi) * g[i]
			ns++
		}
	}
	if ns > 0 {
		mu /= float64(ns)
	}
	if n1 < B*(1-1e-9) { // interior: μ must be 0
		if math.Abs(mu*(B-n1)) > eps*B {
			return fmt.Errorf("complementary slackness: μ = %g with ||w||₁ = %g < B = %g", mu, n1, B)
		}
		mu = 0
	}
	if mu < -eps {
		return fmt.Errorf("negative multiplier μ = %g", mu)
	}
	for i, wi := range w {
		if wi != 0 {
			if r := math.Abs(g[i] + mu*math.Copysign(1, wi)); r > eps {
				return fmt.Errorf("stationarity on the support, coordinate %d: |g + μ s| = %g > %g", i, r, eps)
			}
		} else if math.Abs(g[i]) > mu+eps {
			return fmt.Errorf("off the support, coordinate %d: |g| = %g > μ = %g (+%g)", i, math.Abs(g[i]), mu, eps)
		}
	}
	return nil
}

// KKTPenalised checks the KKT conditions of min wᵀAw + vᵀw + λ||w||₁.
func KKTPenalised(A *Matrix, v []float64, lambda float64, w []float64, tol float64) error {
	g := quadGrad(A, v, w)
	eps := tol * kktScale(A, v, w)
	for i, wi := range w {
		if wi != 0 {
			if r := math.Abs(g[i] + lambda*math.Copysign(1, wi)); r > eps {
				return fmt.Errorf("coordinate %d on the support: |g + λ s| = %g > %g", i, r, eps)
			}
		} else if math.Abs(g[i]) > lambda+eps {
			return fmt.Errorf("coordinate %d off the support: |g| = %g > λ = %g", i, math.Abs(g[i]), lambda)
		}
	}
	return nil
}
