package quadl1

import (
	"github.com/laoproject/lao/lao/internal/errs"

	"errors"
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
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

const (
	polishTol   = 1e-11 // relative KKT tolerance accepted by the polish step
	maxLambdaIt = 40    // λ evaluations by descent in the constrained search
	maxCond     = 1e10  // A_SS with a larger condition number is treated as singular
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
	A, v   []float64
	d      int
	box    float64
	free   []bool
	w, g   []float64 // iterate and gradient 2Aw + v
	sweeps int
	vmax   float64 // ||v||∞
	dmax   float64 // max_j A_jj (bounds every |A_ij| when A is PSD)
	act    []int
}

func newQuadCD(A, v []float64, d int, box float64, free []bool) *quadCD {
	q := &quadCD{A: A, v: v, d: d, box: box, free: free,
		w: make([]float64, d), g: make([]float64, d)}
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

// axpy adds alpha·x to y (len(y) ≥ len(x)) with gonum's assembly kernel.
func axpy(alpha float64, x, y []float64) {
	n := len(x)
	blas64.Axpy(alpha, blas64.Vector{N: n, Inc: 1, Data: x}, blas64.Vector{N: n, Inc: 1, Data: y[:n]})
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

// checkQuad validates the inputs shared by the quadratic solvers.
func checkQuad(A, v []float64, d int) error {
	if d < 1 || len(A) != d*d || len(v) != d {
		return fmt.Errorf("lao: quadratic problem with d = %d, len(A) = %d, len(v) = %d: %w", d, len(A), len(v), errs.Shape)
	}
	var amax float64
	for _, x := range A {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("lao: quadratic matrix A: %w", errs.NotFinite)
		}
		amax = max(amax, math.Abs(x))
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("lao: quadratic vector v: %w", errs.NotFinite)
		}
	}
	for i := range d {
		if A[i*d+i] < 0 {
			return fmt.Errorf("lao: quadratic matrix A is not positive semidefinite (A[%d][%d] = %g < 0): %w", i, i, A[i*d+i], errs.Param)
		}
		for j := i + 1; j < d; j++ {
			if math.Abs(A[i*d+j]-A[j*d+i]) > 1e-9*amax {
				return fmt.Errorf("lao: quadratic matrix A is not symmetric (A[%d][%d] = %g, A[%d][%d] = %g): %w", i, j, A[i*d+j], j, i, A[j*d+i], errs.Param)
			}
		}
	}
	return nil
}

// MinPenalised returns a minimiser of wᵀAw + vᵀw + λ||w||₁ for A symmetric
// positive semidefinite (d×d, row-major) and λ ≥ 0, and the number of
// coordinate-descent sweeps used. A coordinate with A_jj = 0 (a zero row of
// a PSD matrix) is set to 0; if |v_j| > λ there the problem is unbounded
// below and an error is returned. When descent cannot identify the support,
// the exact path is followed down from λ = ||v||∞; if that fails too, the
// descent point is returned with an error wrapping ErrNoConvergence.
func MinPenalised(A, v []float64, d int, lambda float64) ([]float64, int, error) {
	if err := checkQuad(A, v, d); err != nil {
		return nil, 0, err
	}
	if !(lambda >= 0) || math.IsInf(lambda, 0) {
		return nil, 0, fmt.Errorf("lao: penalised quadratic: lambda %g must be non-negative and finite: %w", lambda, errs.Param)
	}
	free := make([]bool, d)
	for j := range d {
		free[j] = A[j*d+j] > 0
		if !free[j] && math.Abs(v[j]) > lambda {
			return nil, 0, fmt.Errorf("lao: penalised quadratic is unbounded below (A[%d][%d] = 0, |v[%d]| = %g > lambda %g): %w", j, j, j, math.Abs(v[j]), lambda, errs.Param)
		}
	}
	q := newQuadCD(A, v, d, math.Inf(1), free)
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

// MinBall returns a minimiser of f(w) = wᵀAw + vᵀw subject to
// ||w||₁ ≤ B, for A symmetric positive semidefinite (d×d, row-major) and
// B > 0, and the number of coordinate-descent sweeps used.
//
// The result satisfies the KKT conditions (∇f = 2Aw + v = −μ sign(w_i) on
// the support, |∇f_i| ≤ μ off it, μ ≥ 0, μ(||w||₁ − B) = 0) up to rounding
// (relative 1e-11 for well-conditioned A). When the constraint is inactive
// and A is singular the minimiser is not unique: the result is then the end
// point λ → 0⁺ of the lasso path, the unconstrained minimiser of smallest
// l1 norm. Coordinates with A_jj = 0 enter f only linearly; at most one of
// them (the one with the largest |v_j|) is used, with the l1 budget the
// others leave. Indefinite A is not detected beyond a negative diagonal
// entry (an error); the result is then not a minimiser.
//
// If the exact KKT point is not reached, the last feasible point is
// returned with an error wrapping ErrNoConvergence.
func MinBall(A, v []float64, d int, B float64) (w []float64, iters int, err error) {
	if err := checkQuad(A, v, d); err != nil {
		return nil, 0, err
	}
	if !(B > 0) || math.IsInf(B, 0) {
		return nil, 0, fmt.Errorf("lao: quadratic over the l1 ball: B %g must be positive and finite: %w", B, errs.Param)
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
	// The box |w_j| ≤ B is implied by the ball; it keeps every penalised
	// subproblem bounded when A is singular.
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
	lambda, err := q.searchLambda(B, vz, vp)
	if err != nil && !(vz == 0 && q.interior(B)) {
		return q.w, q.sweeps, err
	}
	spend(lambda)
	q.refine(B)
	return q.w, q.sweeps, nil
}

// interior is the fallback for a path that fails near λ = 0 (A positive
// definite but too ill-conditioned for the path's pieces): it sets the
// iterate to the unconstrained minimiser −A⁻¹v/2 on the free coordinates
// and reports whether that lies in the ball.
func (q *quadCD) interior(B float64) bool {
	var F []int
	for j, f := range q.free {
		if f {
			F = append(F, j)
		}
	}
	d, n := q.d, len(F)
	sym := mat.NewSymDense(n, nil)
	r := mat.NewVecDense(n, nil)
	for a, i := range F {
		for b := a; b < n; b++ {
			sym.SetSym(a, b, q.A[i*d+F[b]])
		}
		r.SetVec(a, -0.5*q.v[i])
	}
	var ch mat.Cholesky
	if !ch.Factorize(sym) {
		return false
	}
	var x mat.VecDense
	_ = ch.SolveVecTo(&x, r)
	w := make([]float64, d)
	for a, i := range F {
		w[i] = x.AtVec(a)
	}
	if norm1(w) > B {
		return false
	}
	copy(q.w, w)
	return true
}

// refine re-solves the KKT system of the constrained problem on the
// support S (signs s) of the iterate when ||w||₁ = B,
//
//	[2A_SS s; sᵀ 0] [w_S; μ] = [−v_S; B],
//
// which is non-singular even when A_SS is singular in a direction that
// changes ||w||₁ (the case after a jump), and keeps the result if it
// satisfies the KKT conditions better. It only improves rounding.
func (q *quadCD) refine(B float64) {
	S := q.support()
	if len(S) == 0 || len(S) != nonZero(q.w) || math.Abs(norm1(q.w)-B) > 1e-6*B {
		return
	}
	d, n := q.d, len(S)
	K := mat.NewDense(n+1, n+1, nil)
	r := mat.NewVecDense(n+1, nil)
	for a, i := range S {
		sa := math.Copysign(1, q.w[i])
		for b, j := range S {
			K.Set(a, b, 2*q.A[i*d+j])
		}
		K.Set(a, n, sa)
		K.Set(n, a, sa)
		r.SetVec(a, -q.v[i])
	}
	r.SetVec(n, B)
	var x mat.VecDense
	if err := x.SolveVec(K, r); err != nil {
		return
	}
	w := make([]float64, d)
	for a, i := range S {
		if w[i] = x.AtVec(a); w[i]*q.w[i] <= 0 {
			return
		}
	}
	if q.kktResidual(w, B) < q.kktResidual(q.w, B) {
		copy(q.w, w)
	}
}

// kktResidual returns the largest violation of the KKT conditions of the
// constrained problem at a boundary point w, with μ the mean of −s_i g_i
// (stationarity, and μ·|B − ||w||₁| for feasibility and slackness).
func (q *quadCD) kktResidual(w []float64, B float64) float64 {
	d := q.d
	g := slices.Clone(q.v)
	for j, wj := range w {
		if wj != 0 {
			axpy(2*wj, q.A[j*d:(j+1)*d], g)
		}
	}
	var mu float64
	n := 0
	for i, wi := range w {
		if wi != 0 {
			mu -= math.Copysign(1, wi) * g[i]
			n++
		}
	}
	mu /= float64(n)
	res := math.Abs(mu) * math.Abs(B-norm1(w))
	for i, wi := range w {
		if wi != 0 {
			res = max(res, math.Abs(g[i]+mu*math.Copysign(1, wi)))
		} else {
			res = max(res, math.Abs(g[i])-mu)
		}
	}
	return res
}

// searchLambda finds λ ∈ [lo, hi] with ||w(λ)||₁ = B for the
// box-constrained penalised problem, or λ = lo if ||w(lo)||₁ ≤ B; w(hi) = 0.
// Descent at Newton steps along the pieces (safeguarded by bisection) finds
// exact pieces on either side of B; the homotopy from the last piece below B
// finishes. If the pieces on either side hold at a common λ, ||w(λ)||₁ jumps
// across B there (A singular on the support): the solutions at that λ form a
// segment, and its point of norm B is returned.
func (q *quadCD) searchLambda(B, lo, hi float64) (float64, error) {
	floor := lo // the hard lower end: vz, or 0
	pHi := q.polish()
	var pLo *quadPiece
	pick := lambdaPick{floor: floor, cand: math.NaN()}
	wa, wb := make([]float64, q.d), make([]float64, q.d)
	for range maxLambdaIt {
		p := q.solveAt(pick.next(lo, hi))
		if p == nil {
			break
		}
		lp, ok := p.reach(B, q.box)
		switch {
		case ok && lp >= floor:
			q.set(p, lp)
			return lp, nil
		case p.valid(floor) && p.norm1(floor, q.box) <= B:
			q.set(p, floor) // the constraint binds no earlier than the floor
			return floor, nil
		}
		pick.cand = p.lambdaFor(B, q.box)
		// N is non-increasing: the piece lies entirely on one side of B.
		if p.norm1(p.lmax, q.box) > B {
			lo, pLo = min(max(lo, p.lmax), hi), p
		} else {
			hi, pHi = max(min(hi, p.lmin), lo), p
		}
		if pLo != nil && pLo.lmax >= pHi.lmin {
			if lj, ok := q.straddle(pLo, pHi, hi, B, wa, wb); ok {
				return lj, nil
			}
			pLo = nil
		}
		if hi-lo <= 4e-16*hi {
			break
		}
	}
	pHi.point(max(pHi.lmin, lo), q.box, wb)
	lambda, err := q.homotopy(pHi, floor, B)
	if err != nil {
		copy(q.w, wb)
		return hi, fmt.Errorf("quadratic over the l1 ball: %w", err)
	}
	return lambda, nil
}

// lambdaPick chooses searchLambda's next λ: the Newton candidate cand when
// it lies inside the bracket (every 8th consecutive Newton step bisects
// instead), the floor once, then geometric or arithmetic bisection.
type lambdaPick struct {
	floor, cand float64
	floorTried  bool
	newton      int // consecutive Newton steps
}

// next returns the λ to try in the bracket [lo, hi].
func (s *lambdaPick) next(lo, hi float64) float64 {
	var lambda float64
	s.newton++
	switch {
	case s.cand > lo && s.cand < hi && s.newton%8 != 0:
		lambda = s.cand
	case lo == s.floor && s.floor > 0 && !s.floorTried:
		lambda, s.floorTried = lo, true
	case lo == 0:
		lambda = hi / 4
	case hi > 4*lo:
		lambda = math.Sqrt(lo * hi)
	default:
		lambda = lo + (hi-lo)/2
	}
	if lambda != s.cand {
		s.newton = 0
	}
	return lambda
}

// straddle handles pieces below and above B that both hold at a common
// λ = lj: two solutions there, with norms on either side of B, whose
// convex combinations are solutions too. If they bracket B it sets q.w to
// the combination of norm B and returns lj and true.
func (q *quadCD) straddle(pLo, pHi *quadPiece, hi, B float64, wa, wb []float64) (float64, bool) {
	lj := max(pHi.lmin, min(pLo.lmax, hi))
	pLo.point(lj, q.box, wa)
	pHi.point(lj, q.box, wb)
	na, nb := norm1(wa), norm1(wb)
	if !(na >= B && B >= nb && na > nb) {
		return 0, false
	}
	theta := (B - nb) / (na - nb)
	for j := range q.w {
		q.w[j] = theta*wa[j] + (1-theta)*wb[j]
	}
	return lj, true
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
func nonZero(w []float64) int {
	n := 0
	for _, v := range w {
		if v != 0 {
			n++
		}
	}
	return n
}

// dot returns a·b.
func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}
