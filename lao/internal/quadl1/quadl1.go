package quadl1

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/lao/internal/dense"
	"github.com/laoproject/lao/lao/internal/errs"
	"gonum.org/v1/gonum/floats"
)

// This file holds the exact solver for the two quadratic problems behind the
// full-information lasso and the Baseline algorithm of Cesa-Bianchi et al. 2010 (Algorithm 1,
// which minimises an estimated quadratic over the l1 ball, eq. (1) with p=1):
//
//	penalised:    min_w  wᵀAw + vᵀw + λ||w||₁
//	constrained:  min_w  wᵀAw + vᵀw   subject to ||w||₁ ≤ B
//
// with A symmetric positive semidefinite. The solution path w(λ) of the
// penalised problem is piecewise linear: on a piece with support S and signs
// s, w_S(λ) = a − λb with A_SS a = −v_S/2 and A_SS b = s/2. Coordinate
// descent finds the support quickly; the piece through it is then solved
// exactly and accepted only where every KKT condition holds. The
// constrained problem is the penalised one at the λ where ||w(λ)||₁ = B
// (||w(λ)||₁ is non-increasing), found by Newton steps along pieces. When
// descent cannot identify a support (ill-conditioned or singular A), the
// exact homotopy (LARS-lasso, Efron et al. 2004, Osborne et al. 2000) walks
// the path from the last exact piece, event by event.

// ErrNoConvergence is returned (wrapped) with the best point found when the
// λ search or the polish step does not reach an exact KKT point.
var ErrNoConvergence = errors.New("lao: quadratic l1 solver did not converge")

// InexactError reports a MinBall result that is not an exact KKT point but
// is certified: w minimises the penalised problem at Lambda, lies in the
// ball with ||w||₁ = Norm, and so f(w) exceeds the constrained minimum by
// at most Gap = Lambda·(B − Norm). Support is the number of coordinates
// of the exact piece. It wraps ErrNoConvergence.
type InexactError struct {
	Lambda, Gap, Norm float64
	Support           int
}

func (e *InexactError) Error() string {
	return fmt.Sprintf("quadratic over the l1 ball: the exact path stopped at λ = %.3g (a near-singular support of %d coordinates); the point there, ||w||₁ = %.6g, is within %.3g of the minimum: %v", e.Lambda, e.Support, e.Norm, e.Gap, ErrNoConvergence)
}

func (e *InexactError) Unwrap() error { return ErrNoConvergence }

// maxCond is the largest squared ratio of a support's Cholesky pivots
// (chol.cond, a lower bound on A_SS's condition number) at which the
// support is solved; above it A_SS is treated as singular (see jump). A
// variable so that the tests can force the near-singular cases.
var maxCond = 1e10

const (
	polishTol   = 1e-11 // relative KKT tolerance accepted by the polish step
	maxLambdaIt = 40    // λ evaluations by descent in the constrained search

)

// cdTols are the successive coordinate-descent tolerances tried before each
// polish attempt: most problems polish after the first.
var cdTols = [...]float64{1e-4, 1e-7, 1e-10, 1e-13}

// cdSweeps caps the sweeps of each of the cdTols stages.
var cdSweeps = [...]int{100, 300, 600, 1000}

// quadCD minimises F(w) = wᵀAw + vᵀw + λ||w||₁ subject to |w_j| ≤ box by
// cyclic coordinate descent (active set, gradient kept up to date), and
// polishes the result exactly. box is +Inf for the plain penalised problem;
// MinBall uses box = B, which keeps every subproblem bounded even when
// A is singular. Coordinates with free[j] false stay at 0.
type quadCD struct {
	A      *Matrix
	v      []float64
	d      int
	box    float64
	free   []bool
	w, g   []float64 // iterate and gradient 2Aw + v
	sweeps int
	vmax   float64 // ||v||∞
	dmax   float64 // max_j A_jj (bounds every |A_ij| when A is PSD)
	act    []int
}

func newQuadCD(A *Matrix, v []float64, box float64, free []bool) *quadCD {
	d := A.d
	q := &quadCD{A: A, v: v, d: d, box: box, free: free,
		w: make([]float64, d), g: make([]float64, d)}
	for j := range d {
		q.vmax = max(q.vmax, math.Abs(v[j]))
		q.dmax = max(q.dmax, A.Diag(j))
	}
	copy(q.g, v)
	return q
}

// refresh recomputes g = 2Aw + v from scratch (removes drift).
func (q *quadCD) refresh() {
	copy(q.g, q.v)
	for j, wj := range q.w {
		if wj != 0 {
			axpy(2*wj, q.A.Row(j), q.g)
		}
	}
}

// axpy adds alpha·x to y (len(y) ≥ len(x)): one fused multiply-add per
// element (package dense's AVX2 kernel or its portable twin).
func axpy(alpha float64, x, y []float64) { dense.Axpy(alpha, x, y) }

// update minimises F over coordinate j and returns |change|.
func (q *quadCD) update(j int, lambda float64) float64 {
	ajj := q.A.Diag(j)
	wj := q.w[j]
	c := q.g[j] - 2*ajj*wj // derivative of the smooth part at w_j = 0
	var t float64
	switch {
	case c > lambda:
		t = -(c - lambda) / (2 * ajj)
	case c < -lambda:
		t = -(c + lambda) / (2 * ajj)
	}
	t = max(-q.box, min(q.box, t))
	delta := t - wj
	if delta == 0 {
		return 0
	}
	q.w[j] = t
	axpy(2*delta, q.A.Row(j), q.g)
	return math.Abs(delta)
}

func (q *quadCD) wmax() float64 {
	var m float64
	for _, v := range q.w {
		m = max(m, math.Abs(v))
	}
	return m
}

// descend runs coordinate descent at λ until a full sweep moves no
// coordinate by more than tol·||w||∞, or until it has used sweeps more
// sweeps. It reports whether it converged.
func (q *quadCD) descend(lambda, tol float64, sweeps int) bool {
	q.refresh()
	limit := q.sweeps + sweeps
	for q.sweeps < limit {
		var dmax float64
		for j := range q.d {
			if q.free[j] {
				dmax = max(dmax, q.update(j, lambda))
			}
		}
		q.sweeps++
		if dmax <= tol*q.wmax() {
			return true
		}
		q.act = q.act[:0]
		for j, wj := range q.w {
			if wj != 0 {
				q.act = append(q.act, j)
			}
		}
		for q.sweeps < limit {
			dmax = 0
			var wmax float64 // max |w_j|: only the active coordinates are not 0
			for _, j := range q.act {
				dmax = max(dmax, q.update(j, lambda))
				wmax = max(wmax, math.Abs(q.w[j]))
			}
			q.sweeps++
			if dmax <= tol*wmax {
				break
			}
		}
	}
	return false
}

// checkQuad validates the inputs shared by the quadratic solvers.
func checkQuad(A *Matrix, v []float64) error {
	d := A.d
	if d < 1 || A.diag == nil || len(v) != d {
		return fmt.Errorf("lao: quadratic problem with d = %d, %s, len(v) = %d: %w", d, A.shape(), len(v), errs.ErrShape)
	}
	if !A.finite() {
		return fmt.Errorf("lao: quadratic matrix A: %w", errs.ErrNotFinite)
	}
	for _, x := range v {
		if x-x != 0 {
			return fmt.Errorf("lao: quadratic vector v: %w", errs.ErrNotFinite)
		}
	}
	for i := range d {
		if A.Diag(i) < 0 {
			return fmt.Errorf("lao: quadratic matrix A is not positive semidefinite (A[%d][%d] = %g < 0): %w", i, i, A.Diag(i), errs.ErrParam)
		}
	}
	if A.a == nil {
		return nil // s·XᵀX + εI: symmetric by construction
	}
	if i, j, ok := asymmetric(A.a, d, 1e-9*A.maxAbs()); ok {
		return fmt.Errorf("lao: quadratic matrix A is not symmetric (A[%d][%d] = %g, A[%d][%d] = %g): %w", i, j, A.At(i, j), j, i, A.At(j, i), errs.ErrParam)
	}
	return nil
}

// symTile is the side of the square tiles in which asymmetric compares A
// with its transpose: the column reads of a tile stay in the cache (at
// d = 784 a whole-row order missed on nearly every one of them).
const symTile = 32

// asymmetric returns a pair i < j with |A_ij − A_ji| > tol (ok true), else
// ok false; A is d×d, row-major.
func asymmetric(A []float64, d int, tol float64) (i, j int, ok bool) {
	for i0 := 0; i0 < d; i0 += symTile {
		for j0 := i0; j0 < d; j0 += symTile {
			for i := i0; i < min(i0+symTile, d); i++ {
				for j := max(i+1, j0); j < min(j0+symTile, d); j++ {
					if math.Abs(A[i*d+j]-A[j*d+i]) > tol {
						return i, j, true
					}
				}
			}
		}
	}
	return 0, 0, false
}

// MinPenalised returns a minimiser of wᵀAw + vᵀw + λ||w||₁ for A symmetric
// positive semidefinite and λ ≥ 0, and the number of
// coordinate-descent sweeps used. A coordinate with A_jj = 0 (a zero row of
// a PSD matrix) is set to 0; if |v_j| > λ there the problem is unbounded
// below and an error is returned. When descent cannot identify the support,
// the exact path is followed down from λ = ||v||∞; if that fails too, the
// descent point is returned with an error wrapping ErrNoConvergence.
func MinPenalised(A *Matrix, v []float64, lambda float64) ([]float64, int, error) {
	if err := checkQuad(A, v); err != nil {
		return nil, 0, err
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, 0, fmt.Errorf("lao: penalised quadratic: lambda %g must be non-negative and finite: %w", lambda, errs.ErrParam)
	}
	d := A.d
	free := make([]bool, d)
	for j := range d {
		free[j] = A.Diag(j) > 0
		if !free[j] && math.Abs(v[j]) > lambda {
			return nil, 0, fmt.Errorf("lao: penalised quadratic is unbounded below (A[%d][%d] = 0, |v[%d]| = %g > lambda %g): %w", j, j, j, math.Abs(v[j]), lambda, errs.ErrParam)
		}
	}
	q := newQuadCD(A, v, math.Inf(1), free)
	p := q.solveAt(lambda)
	if p != nil && p.valid(lambda) {
		return q.w, q.sweeps, nil
	}
	cd := slices.Clone(q.w)
	if p == nil || p.lmin < lambda { // follow the path down from w(||v||∞) = 0
		clear(q.w)
		p = q.polish()
	}
	if _, err := q.homotopy(p, lambda, math.Inf(1)); err != nil {
		return cd, q.sweeps, fmt.Errorf("penalised quadratic at lambda %g: %w", lambda, err)
	}
	return q.w, q.sweeps, nil
}

// norm1 returns ||w||₁.
func norm1(w []float64) float64 {
	var s float64
	for _, v := range w {
		s += math.Abs(v)
	}
	return s
}

// nonZero returns the number of non-zero entries of w.
func nonZero(w []float64) int { return floats.Count(func(v float64) bool { return v != 0 }, w) }

// dot returns a·b (package dense's blocked kernel: AVX2 or its portable
// twin, the same bits).
func dot(a, b []float64) float64 { return dense.Dot(a, b) }
