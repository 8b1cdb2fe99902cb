package lao

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao/internal/quadl1"
	"gonum.org/v1/gonum/floats"
)

// Lasso is offline lasso regression with full information: the reference
// the LAO lasso solvers (AER and Baseline of Cesa-Bianchi et al. 2010, AELR of Hazan & Koren 2012)
// are compared with. It minimises the empirical squared loss of the
// examples seen so far,
//
//	(1/m) Σ (w·x − y)²  + Lambda·||w||₁          (penalised form), or
//	(1/m) Σ (w·x − y)²  subject to ||w||₁ ≤ B    (constrained form,
//	                                               Cesa-Bianchi et al. 2010 eq. (1), p = 1),
//
// on the Gram matrix C = XᵀX/m, exactly (see package internal/quadl1: the
// constrained form walks the lasso path from w = 0 when d ≤ 1024, else and
// where the walk stops coordinate descent finds the support and the exact
// solution on it is taken), so the KKT conditions hold up to rounding.
// With fewer examples than attributes C is not formed: the solver computes
// a row of it when it first moves that coordinate (wide.go).
//
// Budget: all d attributes of every example (full information); it goes
// through the same protocol as the LAO solvers, with budget d.
type Lasso struct {
	// Lambda, if positive, selects the penalised form with this weight. If
	// Lambda is 0 and B is 0 too, the penalised form is used with λ_max/100,
	// where λ_max = 2||Xᵀy/m||∞ is the smallest penalty whose solution is
	// w = 0 (the end of the first hundredth of glmnet's path;
	// cross-validation tunes B instead, see Params).
	Lambda float64
	// B, if positive, selects the constrained form with radius B (the
	// theorems' ||w||₁ ≤ B, Cesa-Bianchi et al. 2010 eq. (1)). At most one
	// of Lambda and B may be set; 0 is the penalised form.
	B float64
	// MaxMemoryMiB bounds the memory of the d×d matrices (XᵀX and the
	// solver's copies, about 7 of them), or with fewer examples than
	// attributes (m < d, where the rows are kept instead: wide.go) of a
	// few copies of the m×d rows; a larger problem is refused with an
	// error naming online-lasso (O(d) memory) instead. If MaxMemoryMiB is
	// 0, 4096 (DefaultMaxMemoryMiB) is used.
	MaxMemoryMiB int
}

// Name returns "lasso".
func (r *Lasso) Name() string { return "lasso" }

// Params binds lambda, maxmem and B to the struct's fields (set at most one
// of lambda and B).
func (r *Lasso) Params() []Param {
	return []Param{
		FloatParam("lambda", &r.Lambda, "penalty weight of the penalised form (B = 0)", nil).withDefault("λ_max/100"),
		maxMemParam(&r.MaxMemoryMiB),
		FloatParam("B", &r.B, "radius of the constrained form ||w||₁ ≤ B; 0: the penalised form", r.radiusTune()),
	}
}

// radiusTune is the CV range of B: 2^-5 … 2^8, wider than the budgeted
// solvers' on both sides, so that a small noisy table can choose a strong
// constraint and a collinear one (breast cancer) a weak one. With Lambda
// set B is not tuned.
func (r *Lasso) radiusTune() *Tune {
	if r.Lambda != 0 {
		return nil
	}
	return &Tune{Values: append(append([]float64{0.03125, 0.0625, 0.125}, radiusValues...), 128, 256)}
}

// About describes the reference.
func (r *Lasso) About() About {
	return About{Paper: "full-information reference", Algorithm: "offline lasso, exact (constrained ||w||₁ ≤ B, the (1) of Cesa-Bianchi et al. 2010 with p = 1, or penalised λ, by default λ_max/100)", Budget: "all d attributes", Full: true, Ball: "l1"}
}

// Start validates the parameters and returns a learner that accumulates
// XᵀX and Xᵀy in one pass, with the full-information budget.
func (r *Lasso) Start(p Problem) (Learner, Budget, error) {
	o, b, err := startOffline("lasso", r.Lambda, r.B, p, 3, r.MaxMemoryMiB, "online-lasso")
	if err != nil {
		return nil, Budget{}, err
	}
	return &lassoLearner{offline: o, diag: map[string]float64{}}, b, nil
}

type lassoLearner struct {
	offline
	diag map[string]float64
	plan *ballPlan // nil, or the set of fits this one belongs to (FitMomentsSet)
}

// Diagnostics reports, when the solve stopped short of the exact KKT
// point, the constrained form's certified gap (minBall: ball_gap_bound,
// ball_path_lambda, and ball_ridge where it solved a ridge-perturbed problem) or the penalised form's largest violation of the
// optimality conditions (penalised_kkt_violation).
func (l *lassoLearner) Diagnostics() map[string]float64 { return l.diag }

// Weights writes the lasso solution for the examples seen so far (0 before
// the first), so a checkpoint after t examples is the fit on that prefix.
// The objective is wᵀCw − 2bᵀw (+ const), i.e. A = C, v = −2b. If the
// exact constrained solver stops short of the KKT point at a near-singular
// support, its certified point is used when the gap is negligible and
// reported in Diagnostics (minBall); any other failure fails the fit.
func (l *lassoLearner) Weights(dst []float64) {
	A, b, ok, err := l.quadratic("Gram matrix XᵀX/m or Xᵀy/m")
	if !ok || l.fail(err) {
		clear(dst)
		return
	}
	for i := range b {
		b[i] *= -2
	}
	var w []float64
	clear(l.diag)
	switch {
	case l.B > 0:
		w, err = l.plan.minBall(A, b, l.B, l.diag)
	case l.lambda > 0:
		w, _, err = quadl1.MinPenalised(A, b, l.lambda)
	default: // λ_max/100 with λ_max = ||v||∞ = 2||b||∞ (b was scaled by −2 above)
		l.auto = floats.Norm(b, math.Inf(1)) / 100
		w, _, err = quadl1.MinPenalised(A, b, l.auto)
	}
	if err != nil && (l.B > 0 || w == nil) { // never a silent zero model or an uncertified point
		l.fail(fmt.Errorf("minimising the empirical loss: %w", err))
		clear(dst)
		return
	}
	if err != nil { // the penalised form's descent point: said, with how far from optimal
		l.diag["penalised_kkt_violation"] = penalisedKKT(A, b, max(l.lambda, l.auto), w)
	}
	copy(dst, w)
}

// penalisedKKT returns the largest violation of the optimality conditions
// of min wᵀAw + vᵀw + λ||w||₁ at w: |g_j + λ·sign(w_j)| where w_j ≠ 0 and
// max(0, |g_j| − λ) where w_j = 0, g = 2Aw + v (0 at the minimiser).
func penalisedKKT(A *quadl1.Matrix, v []float64, lambda float64, w []float64) float64 {
	var worst float64
	for j, aw := range A.MulVec(w) {
		g := v[j] + 2*aw
		viol := max(0, math.Abs(g)-lambda)
		if w[j] != 0 {
			viol = math.Abs(g + math.Copysign(lambda, w[j]))
		}
		worst = max(worst, viol)
	}
	return worst
}

// Params reports the form used: "lambda" (penalised) or "B" (constrained).
func (l *lassoLearner) Params() map[string]float64 { return penaltyParams(l.lambda, l.B, l.auto) }
