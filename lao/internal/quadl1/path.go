package quadl1

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// The exact pieces of the lasso solution path used by MinBall: a
// piece is the solution on one support, valid over an interval of λ; the
// homotopy walks from piece to piece (LARS-style) where coordinate descent
// alone cannot certify the KKT conditions (singular or ill-conditioned A).
// quadPiece is the linear piece of the solution path through a support:
// for λ in [lmin, lmax], w_S(λ) = a − λb on the support S (signs s), the
// box-active coordinates X stay at xs·box, all others at 0, the gradient is
// g(λ) = c − λe, and every KKT condition holds (up to rounding). low is the
// event that ends the piece at lmin.
type quadPiece struct {
	S, X       []int
	s, xs      []float64
	a, b, c, e []float64
	tolC, tolE float64 // the gradient is exact up to tolC + λ·tolE
	lmin, lmax float64
	low        quadEvent
	ch         *chol // of A_SS, in the order of S
}

// quadEvent is a change of support along the path as λ decreases.
type quadEvent struct {
	kind int // evDrop, evToBox (of S[idx]), evFromBox (of X[idx]), evAdd (coordinate idx)
	idx  int
	sign float64 // of the entering coordinate
}

const (
	evNone = iota
	evDrop
	evToBox
	evFromBox
	evAdd
)

// norm1 returns ||w(λ)||₁ along the piece.
func (p *quadPiece) norm1(lambda, box float64) float64 {
	var n float64
	if len(p.X) > 0 {
		n = float64(len(p.X)) * box
	}
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
	if len(p.X) > 0 {
		sa += float64(len(p.X)) * box
	}
	return (sa - N) / sb
}

func (p *quadPiece) valid(lambda float64) bool { return lambda >= p.lmin && lambda <= p.lmax }

// reach returns the λ in [lmin, lmax] where ||w(λ)||₁ = B, if any (up to
// rounding).
func (p *quadPiece) reach(B, box float64) (float64, bool) {
	if !(p.lmin <= p.lmax) || math.IsInf(p.lmax, 1) && len(p.S) == 0 {
		return 0, false
	}
	nHi := p.norm1(p.lmin, box)
	nLo := nHi
	if !math.IsInf(p.lmax, 1) {
		nLo = p.norm1(p.lmax, box)
	}
	if B > nHi*(1+1e-14) || B < nLo*(1-1e-14) {
		return 0, false
	}
	lp := p.lambdaFor(B, box)
	if math.IsNaN(lp) {
		return p.lmin, true
	}
	return max(p.lmin, min(lp, p.lmax)), true
}

// point writes the piece's w(λ) into w (len d).
func (p *quadPiece) point(lambda, box float64, w []float64) {
	clear(w)
	if len(p.X) > 0 && p.norm1(lambda, box) <= box*(1+1e-12) {
		w[p.X[0]] = p.xs[0] * box // a vertex: the rest are 0 up to rounding
		return
	}
	for k, j := range p.S {
		w[j] = p.s[k] * max(0, p.s[k]*(p.a[k]-lambda*p.b[k]))
	}
	for k, j := range p.X {
		w[j] = p.xs[k] * box
	}
}

// polish returns the piece through the support and signs of the iterate.
func (q *quadCD) polish() *quadPiece {
	var S, X []int
	var s, xs []float64
	for j, wj := range q.w {
		switch {
		case wj == 0 || !q.free[j]:
		case math.Abs(wj) >= q.box:
			X, xs = append(X, j), append(xs, math.Copysign(1, wj))
		default:
			S, s = append(S, j), append(s, math.Copysign(1, wj))
		}
	}
	return q.piece(S, s, X, xs, nil)
}

// piece solves the linear system of a support and returns its piece, or
// nil if A_SS is not positive definite (a pivot ratio above maxCond counts
// as singular) or the solve is inaccurate. ch, if not nil, is the factor
// of A_SS, which the piece takes over. The
// piece's [lmin, lmax] is empty if the support is wrong everywhere.
func (q *quadCD) piece(S []int, s []float64, X []int, xs []float64, ch *chol) *quadPiece {
	d, n := q.d, len(S)
	p := &quadPiece{S: S, s: s, X: X, xs: xs,
		a: make([]float64, n), b: make([]float64, n), c: make([]float64, d), e: make([]float64, d)}
	copy(p.c, q.v)
	for k, j := range X {
		axpy(2*xs[k]*q.box, q.A.Row(j), p.c)
	}
	if n > 0 {
		if ch == nil {
			if ch = cholOf(q.A, S); ch == nil {
				return nil // singular for our purposes: see jump
			}
		}
		r := make([]float64, 2*n)
		r1, r2 := r[:n], r[n:]
		for ii, i := range S {
			r1[ii] = -0.5 * p.c[i]
			r2[ii] = 0.5 * s[ii]
		}
		// The residual check below decides whether the solves are accurate.
		ch.solve(r1, p.a)
		ch.solve(r2, p.b)
		p.ch = ch
	}
	for k, i := range S {
		row := q.A.Row(i)
		axpy(2*p.a[k], row, p.c)
		axpy(2*p.b[k], row, p.e)
	}
	// Tolerances matching the backward error of the two solves.
	nx := norm1(p.a)
	if len(X) > 0 {
		nx += q.box * float64(len(X))
	}
	p.tolC = polishTol * (q.vmax + 2*q.dmax*nx)
	p.tolE = polishTol * (1 + 2*q.dmax*norm1(p.b))
	for k, j := range S { // g_S = −λ s for every λ: c_S = 0, e_S = s
		if math.Abs(p.c[j]) > p.tolC || math.Abs(p.e[j]-s[k]) > p.tolE {
			return nil
		}
	}
	q.setRange(p)
	return p
}

// setRange sets the interval of λ on which every KKT condition of the
// piece holds, each linear in λ: signs and box on S, −σg_j ≥ λ on X, and
// |g_j| ≤ λ elsewhere (the gradient conditions up to tolC + λ·tolE).
func (q *quadCD) setRange(p *quadPiece) {
	p.lmin, p.lmax = 0, math.Inf(1)
	need := func(alpha, beta float64, ev quadEvent) { // alpha + beta·λ ≥ 0
		switch {
		case beta > 0 && -alpha/beta > p.lmin:
			p.lmin, p.low = -alpha/beta, ev
		case beta < 0:
			p.lmax = min(p.lmax, -alpha/beta)
		case beta == 0 && alpha < 0:
			p.lmin, p.lmax = math.Inf(1), math.Inf(-1)
		}
	}
	in := make([]bool, q.d)
	for k, j := range p.S {
		sk := p.s[k]
		need(sk*p.a[k], -sk*p.b[k], quadEvent{evDrop, k, 0})
		if !math.IsInf(q.box, 1) {
			need(q.box-sk*p.a[k], sk*p.b[k], quadEvent{evToBox, k, 0})
		}
		in[j] = true
	}
	for k, j := range p.X {
		sg := p.xs[k]
		need(p.tolC-sg*p.c[j], sg*p.e[j]-1+p.tolE, quadEvent{evFromBox, k, 0})
		in[j] = true
	}
	for j := range q.d {
		if !in[j] && q.free[j] {
			need(p.tolC-p.c[j], 1+p.e[j]+p.tolE, quadEvent{evAdd, j, -1}) // g_j ≤ λ
			need(p.tolC+p.c[j], 1-p.e[j]+p.tolE, quadEvent{evAdd, j, 1})  // −g_j ≤ λ
		}
	}
}

// next returns the support after the piece's low event.
func (p *quadPiece) next() (S []int, s []float64, X []int, xs []float64) {
	S, s = slices.Clone(p.S), slices.Clone(p.s)
	X, xs = slices.Clone(p.X), slices.Clone(p.xs)
	k := p.low.idx
	switch p.low.kind {
	case evDrop, evToBox:
		if p.low.kind == evToBox {
			X, xs = append(X, S[k]), append(xs, s[k])
		}
		S, s = slices.Delete(S, k, k+1), slices.Delete(s, k, k+1)
	case evFromBox:
		S, s = append(S, X[k]), append(s, xs[k])
		X, xs = slices.Delete(X, k, k+1), slices.Delete(xs, k, k+1)
	case evAdd:
		S, s = append(S, k), append(s, p.low.sign)
	}
	return S, s, X, xs
}

// set moves the iterate to the piece's point at λ.
func (q *quadCD) set(p *quadPiece, lambda float64) {
	p.point(lambda, q.box, q.w)
	for j := range q.g {
		q.g[j] = p.c[j] - lambda*p.e[j]
	}
}

// support returns the free coordinates strictly inside the box and not 0.
func (q *quadCD) support() []int {
	var S []int
	for j, wj := range q.w {
		if wj != 0 && q.free[j] && math.Abs(wj) < q.box {
			S = append(S, j)
		}
	}
	return S
}

// solveAt runs descent at λ from the current iterate until the support
// it finds is that of an exact piece of the path (valid on a non-empty
// interval, usually but not necessarily containing λ). It leaves the
// iterate at the piece's point nearest λ and returns the piece, or nil.
func (q *quadCD) solveAt(lambda float64) *quadPiece {
	for stage, tol := range cdTols {
		q.descend(lambda, tol, cdSweeps[stage])
		if p := q.polish(); p != nil && p.lmin <= p.lmax {
			q.set(p, max(p.lmin, min(lambda, p.lmax)))
			return p
		}
	}
	q.refresh()
	return nil
}

// homotopy follows the exact path down from the piece p (λ decreasing,
// ||w||₁ increasing) to the first λ ≥ lt where ||w||₁ = B, or to lt. It
// leaves the iterate there and returns that λ.
//
// If the path cannot be followed (a support too ill-conditioned to step
// past, or too many events) and B is finite, the iterate is left at the
// exact path point with the smallest gap bound λ(B − ||w(λ)||₁) among the
// pieces walked, and the error is an *InexactError carrying that bound;
// otherwise the iterate is left as it was and the error wraps
// ErrNoConvergence.
func (q *quadCD) homotopy(p *quadPiece, lt, B float64) (float64, error) {
	steps := q.maxSteps()
	lambda, _, err := q.walk(p, lt, B, &steps)
	return lambda, err
}

// maxSteps is the most pieces a walk of the path steps to.
func (q *quadCD) maxSteps() int { return 10*q.d + 100 }

// walk is homotopy stepping at most *steps times from piece to piece
// (counted down), which also returns the piece it stopped on when it
// reached B or lt on a piece (nil otherwise): a walk to a larger B
// continues from there, as if it had not stopped.
func (q *quadCD) walk(p *quadPiece, lt, B float64, steps *int) (float64, *quadPiece, error) {
	var best *quadPiece
	bestGap := math.Inf(1)
	for {
		if !math.IsInf(B, 1) && p.lmin <= p.lmax && p.lmin >= lt {
			if g := p.lmin * (B - p.norm1(p.lmin, q.box)); g >= 0 && g < bestGap {
				best, bestGap = p, g
			}
		}
		if lp, ok := p.reach(B, q.box); ok && lp >= lt {
			q.set(p, lp)
			return lp, p, nil
		}
		if p.valid(lt) {
			q.set(p, lt)
			return lt, p, nil
		}
		le := p.lmin
		if !(le > lt) || math.IsInf(le, 0) || *steps <= 0 {
			break
		}
		*steps--
		np := q.nextPiece(p)
		if np == nil { // A_SS singular: a segment of solutions at le
			var done bool
			if np, done = q.jump(p, le, B); done {
				return le, nil, nil
			}
			if np == nil {
				break
			}
		}
		p = np
	}
	if best == nil {
		return math.NaN(), nil, fmt.Errorf("quadratic path: %w", ErrNoConvergence)
	}
	q.set(best, best.lmin)
	return best.lmin, nil, &InexactError{Lambda: best.lmin, Gap: bestGap, Norm: norm1(q.w), Support: len(best.S)}
}

// nextPiece returns the piece after p's low event. It takes over p's
// Cholesky factor and updates it in O(|S|²): an entering coordinate
// appends a row, a leaving one deletes its row.
func (q *quadCD) nextPiece(p *quadPiece) *quadPiece {
	S, s, X, xs := p.next()
	ch := p.ch
	p.ch = nil // p's factor is the new piece's now
	if ch != nil {
		switch p.low.kind {
		case evAdd, evFromBox:
			n, j := len(S), S[len(S)-1]
			col := make([]float64, n-1)
			for ii, i := range S[:n-1] {
				col[ii] = q.A.At(i, j)
			}
			if !ch.extend(col, q.A.Diag(j)) {
				return nil
			}
		default: // evDrop, evToBox: S[p.low.idx] left the support
			ch.drop(p.low.idx)
		}
	}
	return q.piece(S, s, X, xs, ch)
}

// jump handles an event at λ = le after which A_SS is singular: the
// solutions at le then form a segment along a null direction u of A_SS
// (F is constant on it), and the path continues from its far end, where a
// coordinate reaches 0 or the box. If ||w||₁ reaches B on the segment, the
// iterate is left at that point and done is true.
func (q *quadCD) jump(p *quadPiece, le, B float64) (np *quadPiece, done bool) {
	S, s, _, _ := p.next()
	u, su, ok := q.nullDirection(S, s)
	if !ok {
		return nil, false
	}
	p.point(le, q.box, q.w)
	t, kstar := math.Inf(1), -1
	for k, j := range S {
		wk := q.w[j]
		switch {
		case u[k]*s[k] < 0:
			if tk := -wk / u[k]; tk < t {
				t, kstar = tk, k
			}
		case u[k] != 0 && !math.IsInf(q.box, 1):
			if tk := (math.Copysign(q.box, u[k]) - wk) / u[k]; tk < t {
				t, kstar = tk, k
			}
		}
	}
	if su > 0 {
		if tB := (B - norm1(q.w)) / su; tB <= t {
			for k, j := range S {
				q.w[j] += tB * u[k]
			}
			return nil, true
		}
	}
	if kstar < 0 || !(t > 0) {
		return nil, false
	}
	for k, j := range S {
		q.w[j] += t * u[k]
	}
	if j := S[kstar]; math.Abs(q.w[j]) < q.box/2 {
		q.w[j] = 0
	} else {
		q.w[j] = math.Copysign(q.box, q.w[j])
	}
	return q.polish(), false
}

// nullDirection returns the eigenvector u of A_SS for its smallest
// eigenvalue (a null direction when A_SS is singular), signed so that
// s·u ≥ 0 (below le, F decreases where ||w||₁ grows), and s·u. It reports
// false if the eigendecomposition fails.
func (q *quadCD) nullDirection(S []int, s []float64) (u []float64, su float64, ok bool) {
	n := len(S)
	sym := mat.NewSymDense(n, nil)
	for ii, i := range S {
		for jj := ii; jj < n; jj++ {
			sym.SetSym(ii, jj, q.A.At(i, S[jj]))
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(sym, true) {
		return nil, 0, false
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	u = mat.Col(nil, 0, &vecs) // smallest eigenvalue
	for k := range u {
		su += s[k] * u[k]
	}
	if su < 0 {
		for k := range u {
			u[k] = -u[k]
		}
		su = -su
	}
	return u, su, true
}
