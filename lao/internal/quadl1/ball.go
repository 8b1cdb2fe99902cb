package quadl1

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/lao/internal/errs"
	"gonum.org/v1/gonum/mat"
)

// This file holds the constrained problem, min_w wᵀAw + vᵀw subject to
// ||w||₁ ≤ B: the penalised problem of quadl1.go at the λ where
// ||w(λ)||₁ = B, found by Newton steps along the pieces of the path.

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
// If the exact path meets a support too ill-conditioned to step past
// (condition number above 1e10: near-collinear columns, as on MNIST's
// pixels at large B), the result is the exact path point at the smallest
// λ reached that certifies the smallest gap, returned with an
// *InexactError: it minimises the penalised problem at that λ, so its
// objective is at most Gap = λ(B − ||w||₁) above the constrained minimum.
// If no exact point is reached at all, the last feasible point is returned
// with an error wrapping ErrNoConvergence.
//
// For d ≤ walkMaxD it first walks the exact path from w = 0 down to B
// (the homotopy alone); where that walk stops short, the search by descent
// above starts from scratch. The sweeps are those of the search (0 after
// a walk).
func MinBall(A *Matrix, v []float64, B float64) (w []float64, iters int, err error) {
	if err := checkQuad(A, v); err != nil {
		return nil, 0, err
	}
	if err := checkRadius(B); err != nil {
		return nil, 0, err
	}
	bp := newBallProblem(A, v)
	q := newQuadCD(A, v, B, bp.free)
	if bp.vp <= bp.vz { // 0 is optimal for the quadratic part at μ = vz
		bp.spend(q, bp.vz, B)
		return q.w, 0, nil
	}
	if bp.walks() {
		steps := q.maxSteps()
		if lambda, _, err := q.walk(q.polish(), bp.vz, B, &steps); err == nil {
			bp.finish(q, lambda, B)
			return q.w, 0, nil
		}
		q = newQuadCD(A, v, B, bp.free) // the search from scratch
	}
	return bp.search(q, B)
}

// checkRadius refuses a radius that is not positive and finite.
func checkRadius(B float64) error {
	if !(B > 0) || math.IsInf(B, 0) {
		return fmt.Errorf("lao: quadratic over the l1 ball: B %g must be positive and finite: %w", B, errs.ErrParam)
	}
	return nil
}

// ballProblem is MinBall's problem split into its quadratic coordinates
// (free: A_jj > 0) and its linear ones (A_jj = 0), of which only the one
// with the largest |v_j| (jz, vz) is used; vp is the largest |v_j| over
// the quadratic ones.
type ballProblem struct {
	d      int
	rows   bool // A is the Rows form: a step of the walk reads O(m) rows of A, not d
	free   []bool
	vz, vp float64
	jz     int
}

func newBallProblem(A *Matrix, v []float64) *ballProblem {
	d := A.d
	bp := &ballProblem{d: d, rows: A.a == nil, free: make([]bool, d), jz: -1}
	for j := range d {
		bp.free[j] = A.Diag(j) > 0
		a := math.Abs(v[j])
		if bp.free[j] {
			bp.vp = max(bp.vp, a)
		} else if a > bp.vz {
			bp.vz, bp.jz = a, j
		}
	}
	return bp
}

// walkMaxD is the largest d at which MinBall first walks the exact path
// from w = 0 (λ = vp) down to B: on MNIST's 784 pixels that is as fast as
// descent at the largest B and far faster at small ones, and every
// radius of a grid is then a stop on one walk (MinBallPath). Above it each
// step's O(|S|·d) makes descent's jump to the support cheaper. The Rows
// form (m < d rows) walks at any d: its support stays below m, and a
// descent sweep reads every coordinate's gradient where the walk reads the
// rows of its support (ISLR's NCI60, 6,829 columns, a lasso fit with its
// cross-validation: 11.9 s by descent, 4.1 s walking).
const walkMaxD = 1024

// walks reports whether MinBall walks the path first.
func (bp *ballProblem) walks() bool { return bp.d <= walkMaxD || bp.rows }

// spend puts the l1 budget left by the quadratic coordinates on the best
// linear one (optimal when the multiplier μ equals vz).
func (bp *ballProblem) spend(q *quadCD, lambda, B float64) {
	if bp.jz >= 0 && lambda <= bp.vz {
		q.w[bp.jz] = -math.Copysign(max(0, B-norm1(q.w)), q.v[bp.jz])
	}
}

// finish completes the point found at λ: the linear coordinate's share,
// and the KKT system's solve where it is more accurate.
func (bp *ballProblem) finish(q *quadCD, lambda, B float64) {
	bp.spend(q, lambda, B)
	q.refine(B)
}

// search is MinBall by descent at Newton steps and the homotopy from the
// last exact piece (searchLambda), from q's zero iterate.
func (bp *ballProblem) search(q *quadCD, B float64) ([]float64, int, error) {
	lambda, err := q.searchLambda(B, bp.vz, bp.vp)
	if err != nil && !(bp.vz == 0 && q.interior(B)) {
		return q.w, q.sweeps, err
	}
	bp.finish(q, lambda, B)
	return q.w, q.sweeps, nil
}

// MinBallPath returns MinBall(A, v, B) for each B of radii, the same
// results bit for bit, from one walk of the path when MinBall walks it
// (d ≤ walkMaxD): each radius, in increasing order, is a stop on the walk
// to the largest, where MinBall would walk from w = 0 to each. A radius
// the walk does not reach exactly, and every larger one, is solved by
// MinBall. A cross-validation of Lasso or Baseline over a grid of radii
// then costs about one walk per fold instead of one per radius.
func MinBallPath(A *Matrix, v []float64, radii []float64) (ws [][]float64, errs []error) {
	ws, errs = make([][]float64, len(radii)), make([]error, len(radii))
	if err := checkQuad(A, v); err != nil {
		for i := range errs {
			errs[i] = err
		}
		return ws, errs
	}
	bp := newBallProblem(A, v)
	order := make([]int, len(radii))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(radii[a], radii[b]) })
	var q *quadCD
	var p *quadPiece
	steps := 0
	for _, i := range order {
		B := radii[i]
		if checkRadius(B) != nil || !bp.walks() || bp.vp <= bp.vz {
			ws[i], _, errs[i] = MinBall(A, v, B)
			continue
		}
		if q == nil {
			q = newQuadCD(A, v, B, bp.free)
			p, steps = q.polish(), q.maxSteps()
		}
		if p != nil && len(p.X) == 0 {
			q.box = B // the box |w_j| ≤ B of MinBall(B): the same ranges
			q.setRange(p)
			var lambda float64
			var err error
			if lambda, p, err = q.walk(p, bp.vz, B, &steps); err == nil {
				bp.finish(q, lambda, B)
				ws[i] = slices.Clone(q.w)
				continue
			}
			p = nil // the walk stopped: MinBall searches for this radius and the larger ones
		}
		ws[i], _, errs[i] = MinBall(A, v, B)
	}
	return ws, errs
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
	if q.A.a == nil && n > q.A.m && q.A.ridge == 0 {
		return false // s·XᵀX of m < n rows: singular on F, no Cholesky factor
	}
	sym := mat.NewSymDense(n, nil)
	r := mat.NewVecDense(n, nil)
	for a, i := range F {
		for b := a; b < n; b++ {
			sym.SetSym(a, b, q.A.At(i, F[b]))
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
			K.Set(a, b, 2*q.A.At(i, j))
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
	g := slices.Clone(q.v)
	for j, wj := range w {
		if wj != 0 {
			axpy(2*wj, q.A.Row(j), g)
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
// finishes. Once descent needs more than its first stage of sweeps to
// identify a piece below B (ill-conditioned A, as on MNIST's pixels at
// large B), the search stops there and the homotopy walks the rest: each
// of its events costs O(|S|² + |S|d) (chol), where a further descent at a
// smaller λ would cost up to 2,000 sweeps of O(|S|d) each. If the pieces on either side hold at a common λ, ||w(λ)||₁ jumps
// across B there (A singular on the support): the solutions at that λ form a
// segment, and its point of norm B is returned.
func (q *quadCD) searchLambda(B, lo, hi float64) (float64, error) {
	floor := lo // the hard lower end: vz, or 0
	pHi := q.polish()
	var pLo *quadPiece
	pick := lambdaPick{floor: floor, cand: math.NaN()}
	wa, wb := make([]float64, q.d), make([]float64, q.d)
	for range maxLambdaIt {
		sweeps := q.sweeps
		p := q.solveAt(pick.next(lo, hi))
		if p == nil {
			break
		}
		slow := q.sweeps-sweeps > cdSweeps[0]
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
			hi = max(min(hi, p.lmin), lo)
			// Descent at λ can settle on a piece that holds only below
			// it; one below the floor is no start for the homotopy,
			// which walks down to the floor (TestMinBallFloorNearBreakpoint).
			if p.lmax >= floor {
				pHi = p
			}
			if slow {
				break // descent needed tighter tolerances here: the path is cheaper from now on
			}
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
	if _, ok := err.(*InexactError); ok {
		return lambda, err // the iterate is the best certified path point
	}
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
