package lao

import (
	"errors"
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// This file holds the exact solver for the two quadratic problems behind the
// full-information lasso and the Baseline algorithm of seed 001 (Algorithm 1,
// which minimises an estimated quadratic over the l1 ball, eq. (1) with p=1):
//
//	penalised:    min_w  wᵀAw + vᵀw + λ||w||₁
//	constrained:  min_w  wᵀAw + vᵀw   subject to ||w||₁ ≤ B
//
// with A symmetric positive semidefinite. Both are solved by coordinate
// descent on the penalised form followed by an exact "polish": once descent
// has found the support S and the signs s, the solution on that support is
// w_S(λ) = a − λb with A_SS a = −v_S/2 and A_SS b = s/2, which is solved
// directly and accepted only if every KKT condition holds. The constrained
// problem is the penalised one at the λ where ||w(λ)||₁ = B; ||w(λ)||₁ is
// piecewise linear and non-increasing in λ, so λ is found by Newton steps
// along the current linear piece, safeguarded by bisection.

// errNoConvergence is returned (wrapped) with the best point found when the
// λ search or the polish step does not reach an exact KKT point.
var errNoConvergence = errors.New("lao: quadratic l1 solver did not converge")

const (
	polishTol   = 1e-11 // relative KKT tolerance accepted by the polish step
	maxLambdaIt = 200   // λ evaluations in the constrained search
)

// cdTols are the successive coordinate-descent tolerances tried before each
// polish attempt: most problems polish after the first.
var cdTols = [...]float64{1e-4, 1e-7, 1e-10, 1e-13}

// quadCD minimises F(w) = wᵀAw + vᵀw + λ||w||₁ subject to |w_j| ≤ box by
// cyclic coordinate descent (active set, gradient kept up to date), and
// polishes the result exactly. box is +Inf for the plain penalised problem;
// minQuadL1Ball uses box = B, which keeps every subproblem bounded even when
// A is singular. Coordinates with free[j] false stay at 0.
type quadCD struct {
	A, v      []float64
	d         int
	box       float64
	free      []bool
	w, g      []float64 // iterate and gradient 2Aw + v
	sweeps    int
	maxSweeps int
	vmax      float64 // ||v||∞
	dmax      float64 // max_j A_jj (bounds every |A_ij| when A is PSD)
	act       []int
}

func newQuadCD(A, v []float64, d int, box float64, free []bool) *quadCD {
	q := &quadCD{A: A, v: v, d: d, box: box, free: free,
		w: make([]float64, d), g: make([]float64, d), maxSweeps: 20000 + 50*d}
	for j := range d {
		q.vmax = max(q.vmax, math.Abs(v[j]))
		q.dmax = max(q.dmax, A[j*d+j])
	}
	copy(q.g, v)
	return q
}

// refresh recomputes g = 2Aw + v from scratch (removes drift).
func (q *quadCD) refresh() {
	copy(q.g, q.v)
	for j, wj := range q.w {
		if wj != 0 {
			axpy(2*wj, q.A[j*q.d:(j+1)*q.d], q.g)
		}
	}
}

func axpy(alpha float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += alpha * v
	}
}

// update minimises F over coordinate j and returns |change|.
func (q *quadCD) update(j int, lambda float64) float64 {
	d := q.d
	ajj := q.A[j*d+j]
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
	axpy(2*delta, q.A[j*d:(j+1)*d], q.g)
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
// coordinate by more than tol·||w||∞. It reports whether it converged
// within the sweep budget.
func (q *quadCD) descend(lambda, tol float64) bool {
	q.refresh()
	for q.sweeps < q.maxSweeps {
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
		for q.sweeps < q.maxSweeps {
			dmax = 0
			for _, j := range q.act {
				dmax = max(dmax, q.update(j, lambda))
			}
			q.sweeps++
			if dmax <= tol*q.wmax() {
				break
			}
		}
	}
	return false
}

// quadPiece is the linear piece of the solution path through the current
// support: for λ' near λ, w_S(λ') = a − λ'b, the box-active coordinates X
// stay at ±box, all others at 0, and the gradient is g(λ') = c − λ'e.
type quadPiece struct {
	S, X []int
	s    []float64 // signs on S
	a, b []float64
	c, e []float64
	tol  float64 // absolute KKT tolerance
}

// norm1 returns ||w(λ)||₁ along the piece.
func (p *quadPiece) norm1(lambda, box float64) float64 {
	n := float64(len(p.X)) * box
	for k, sk := range p.s {
		n += sk * (p.a[k] - lambda*p.b[k])
	}
	return n
}

// lambdaFor returns the λ at which the piece has ||w||₁ = N (NaN if the
// piece's norm does not depend on λ).
func (p *quadPiece) lambdaFor(N, box float64) float64 {
	var sa, sb float64
	for k, sk := range p.s {
		sa += sk * p.a[k]
		sb += sk * p.b[k]
	}
	if sb <= 0 {
		return math.NaN()
	}
	return (sa + float64(len(p.X))*box - N) / sb
}

// polish solves the linear system of the support and signs of the current
// iterate. It returns nil if A_SS is not positive definite.
func (q *quadCD) polish() *quadPiece {
	d := q.d
	p := &quadPiece{}
	for j, wj := range q.w {
		switch {
		case wj == 0 || !q.free[j]:
		case math.Abs(wj) >= q.box:
			p.X = append(p.X, j)
		default:
			p.S = append(p.S, j)
			p.s = append(p.s, math.Copysign(1, wj))
		}
	}
	n := len(p.S)
	p.c = make([]float64, d)
	p.e = make([]float64, d)
	copy(p.c, q.v)
	for _, j := range p.X {
		axpy(2*q.w[j], q.A[j*d:(j+1)*d], p.c)
	}
	p.a, p.b = make([]float64, n), make([]float64, n)
	if n > 0 {
		sym := mat.NewSymDense(n, nil)
		r1, r2 := mat.NewVecDense(n, nil), mat.NewVecDense(n, nil)
		for ii, i := range p.S {
			row := q.A[i*d : (i+1)*d]
			for jj := ii; jj < n; jj++ {
				sym.SetSym(ii, jj, row[p.S[jj]])
			}
			r1.SetVec(ii, -0.5*p.c[i])
			r2.SetVec(ii, 0.5*p.s[ii])
		}
		var ch mat.Cholesky
		if !ch.Factorize(sym) {
			return nil
		}
		// A Condition error still leaves a solution; the KKT check decides.
		av, bv := mat.NewVecDense(n, p.a), mat.NewVecDense(n, p.b)
		_ = ch.SolveVecTo(av, r1)
		_ = ch.SolveVecTo(bv, r2)
	}
	for k, i := range p.S {
		row := q.A[i*d : (i+1)*d]
		axpy(2*p.a[k], row, p.c)
		axpy(2*p.b[k], row, p.e)
	}
	p.tol = polishTol * (q.vmax + 2*q.dmax*norm1(q.w))
	return p
}

// valid reports whether the piece satisfies every KKT condition of the
// box-constrained penalised problem at λ.
func (q *quadCD) valid(p *quadPiece, lambda float64) bool {
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return false
	}
	in := make([]int8, q.d) // 1: support, 2: box-active
	for k, j := range p.S {
		wk := p.a[k] - lambda*p.b[k]
		if p.s[k]*wk < 0 || math.Abs(wk) > q.box {
			return false
		}
		if math.Abs(p.c[j]-lambda*p.e[j]+lambda*p.s[k]) > p.tol {
			return false
		}
		in[j] = 1
	}
	for _, j := range p.X {
		if -math.Copysign(1, q.w[j])*(p.c[j]-lambda*p.e[j]) < lambda-p.tol {
			return false
		}
		in[j] = 2
	}
	for j := range q.d {
		if in[j] == 0 && q.free[j] && math.Abs(p.c[j]-lambda*p.e[j]) > lambda+p.tol {
			return false
		}
	}
	return true
}

// set moves the iterate to the piece's point at λ.
func (q *quadCD) set(p *quadPiece, lambda float64) {
	for j := range q.w {
		if q.free[j] && math.Abs(q.w[j]) < q.box {
			q.w[j] = 0
		}
	}
	for k, j := range p.S {
		q.w[j] = p.a[k] - lambda*p.b[k]
	}
	for j := range q.g {
		q.g[j] = p.c[j] - lambda*p.e[j]
	}
}

// solveAt computes the solution at λ, warm-started from the current
// iterate. It returns the polished piece through it, or nil if only the
// coordinate-descent approximation is available.
func (q *quadCD) solveAt(lambda float64) *quadPiece {
	for _, tol := range cdTols {
		q.descend(lambda, tol)
		if p := q.polish(); p != nil && q.valid(p, lambda) {
			q.set(p, lambda)
			return p
		}
		if q.sweeps >= q.maxSweeps {
			break
		}
	}
	q.refresh()
	return nil
}

// checkQuad validates the inputs shared by the quadratic solvers.
func checkQuad(A, v []float64, d int) error {
	if d < 1 || len(A) != d*d || len(v) != d {
		return fmt.Errorf("lao: quadratic problem with d = %d, len(A) = %d, len(v) = %d: %w", d, len(A), len(v), ErrShape)
	}
	var amax float64
	for _, x := range A {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("lao: quadratic matrix A: %w", ErrNotFinite)
		}
		amax = max(amax, math.Abs(x))
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("lao: quadratic vector v: %w", ErrNotFinite)
		}
	}
	for i := range d {
		if A[i*d+i] < 0 {
			return fmt.Errorf("lao: quadratic matrix A is not positive semidefinite (A[%d][%d] = %g < 0): %w", i, i, A[i*d+i], ErrParam)
		}
		for j := i + 1; j < d; j++ {
			if math.Abs(A[i*d+j]-A[j*d+i]) > 1e-9*amax {
				return fmt.Errorf("lao: quadratic matrix A is not symmetric (A[%d][%d] = %g, A[%d][%d] = %g): %w", i, j, A[i*d+j], j, i, A[j*d+i], ErrParam)
			}
		}
	}
	return nil
}

// minQuadL1 returns a minimiser of wᵀAw + vᵀw + λ||w||₁ for A symmetric
// positive semidefinite (d×d, row-major) and λ ≥ 0, and the number of
// coordinate-descent sweeps used. A coordinate with A_jj = 0 (a zero row of
// a PSD matrix) is set to 0; if |v_j| > λ there the problem is unbounded
// below and an error is returned. If the polish step fails (A singular on
// the support, e.g. λ = 0 with singular A) the coordinate-descent point is
// returned with an error wrapping errNoConvergence.
func minQuadL1(A, v []float64, d int, lambda float64) ([]float64, int, error) {
	if err := checkQuad(A, v, d); err != nil {
		return nil, 0, err
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, 0, fmt.Errorf("lao: penalised quadratic: lambda %g must be non-negative and finite: %w", lambda, ErrParam)
	}
	free := make([]bool, d)
	for j := range d {
		free[j] = A[j*d+j] > 0
		if !free[j] && math.Abs(v[j]) > lambda {
			return nil, 0, fmt.Errorf("lao: penalised quadratic is unbounded below (A[%d][%d] = 0, |v[%d]| = %g > lambda %g): %w", j, j, j, math.Abs(v[j]), lambda, ErrParam)
		}
	}
	q := newQuadCD(A, v, d, math.Inf(1), free)
	if q.solveAt(lambda) == nil {
		return q.w, q.sweeps, fmt.Errorf("penalised quadratic at lambda %g: %w", lambda, errNoConvergence)
	}
	return q.w, q.sweeps, nil
}

// minQuadL1Ball returns a minimiser of f(w) = wᵀAw + vᵀw subject to
// ||w||₁ ≤ B, for A symmetric positive semidefinite (d×d, row-major) and
// B > 0, and the number of coordinate-descent sweeps used.
//
// The result satisfies the KKT conditions (∇f = 2Aw + v = −μ sign(w_i) on
// the support, |∇f_i| ≤ μ off it, μ ≥ 0, μ(||w||₁ − B) = 0) to a relative
// tolerance of about 1e-11. When the constraint is inactive and A is
// singular, the minimiser is not unique: the result is then the end point
// λ → 0⁺ of the lasso path, the unconstrained minimiser of smallest l1 norm
// (when the last piece of the path cannot be identified exactly, the
// penalised solution at λ ≤ 1e-15·||v||∞). Coordinates with A_jj = 0 enter f
// only linearly; at most one of them (the one with the largest |v_j|) is
// used, with the l1 budget the others leave. Indefinite A is not detected
// beyond a negative diagonal entry (reported as an error): the result is
// then a coordinate-wise stationary point, not a minimiser.
//
// If the exact KKT point is not reached, the best feasible point is returned
// with an error wrapping errNoConvergence.
func minQuadL1Ball(A, v []float64, d int, B float64) (w []float64, iters int, err error) {
	if err := checkQuad(A, v, d); err != nil {
		return nil, 0, err
	}
	if !(B > 0) || math.IsInf(B, 0) {
		return nil, 0, fmt.Errorf("lao: quadratic over the l1 ball: B %g must be positive and finite: %w", B, ErrParam)
	}
	free := make([]bool, d)
	var vz, vp float64 // largest |v_j| over the linear (A_jj = 0) and the quadratic coordinates
	jz := -1
	for j := range d {
		free[j] = A[j*d+j] > 0
		a := math.Abs(v[j])
		if free[j] {
			vp = max(vp, a)
		} else if a > vz {
			vz, jz = a, j
		}
	}
	q := newQuadCD(A, v, d, B, free)
	// spend puts the l1 budget left by the quadratic coordinates on the best
	// linear one (optimal when the multiplier μ equals vz).
	spend := func(lambda float64) {
		if jz >= 0 && lambda <= vz {
			q.w[jz] = -math.Copysign(max(0, B-norm1(q.w)), v[jz])
		}
	}
	if vp <= vz { // 0 is optimal for the quadratic part at μ = vz
		spend(vz)
		return q.w, 0, nil
	}
	w, err = q.searchLambda(B, vz, vp, spend)
	return w, q.sweeps, err
}

// searchLambda finds λ ∈ [lo, hi] with ||w(λ)||₁ = B (or λ = lo if
// ||w(lo)||₁ ≤ B) for the box-constrained penalised problem; N(hi) = 0.
func (q *quadCD) searchLambda(B, lo, hi float64, spend func(float64)) ([]float64, error) {
	floor := 1e-15 * hi
	cand := math.NaN()
	loTried := false
	newton := 0 // consecutive Newton steps; every 8th step bisects instead
	for range maxLambdaIt {
		var lambda float64
		newton++
		switch {
		case cand > lo && cand < hi && newton%8 != 0:
			lambda = cand
		case !(cand > lo) && !loTried && lo > 0:
			lambda = lo
		case lo == 0:
			lambda = hi / 4
		case hi > 4*lo:
			lambda = math.Sqrt(lo * hi)
		default:
			lambda = lo + (hi-lo)/2
		}
		if lambda != cand {
			newton = 0
		}
		p := q.solveAt(lambda)
		N := norm1(q.w)
		cand = math.NaN()
		if p != nil {
			lp := p.lambdaFor(B, q.box)
			switch {
			case lp >= lo && lp <= hi && q.valid(p, lp):
				q.set(p, lp)
				spend(lp)
				return q.w, nil
			case !(lp >= lo) && q.valid(p, lo): // the constraint binds no earlier than lo
				q.set(p, lo)
				spend(lo)
				return q.w, nil
			}
			cand = lp
		}
		if lambda == lo && N <= B { // ||w(lo)||₁ ≤ B: the answer is at lo
			spend(lo)
			return q.w, nil
		}
		if N > B {
			lo, loTried = lambda, true
		} else {
			hi = lambda
		}
		if (lo == 0 && hi < floor) || hi-lo <= 4e-16*hi {
			break
		}
	}
	// Best effort: the feasible end of the bracket.
	q.solveAt(hi)
	if N := norm1(q.w); N > B {
		for j := range q.w {
			q.w[j] *= B / N
		}
	}
	if lo == 0 && hi < floor {
		return q.w, nil // constraint inactive up to λ ≤ 1e-15·||v||∞
	}
	return q.w, fmt.Errorf("quadratic over the l1 ball, lambda in [%g, %g]: %w", lo, hi, errNoConvergence)
}
