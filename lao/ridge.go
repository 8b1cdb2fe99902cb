package lao

import (
	"fmt"
	"math"
	"slices"

	"gonum.org/v1/gonum/mat"

	"github.com/laoproject/lao/lao/internal/core"
	"github.com/laoproject/lao/lao/internal/dense"
)

// Ridge is offline ridge regression with full information: the reference
// the LAO ridge solvers (AERR of Hazan & Koren 2012) are compared with. It minimises
// the empirical squared loss of the examples seen so far,
//
//	(1/m) Σ (w·x − y)²  + Lambda·||w||₂²          (penalised form), or
//	(1/m) Σ (w·x − y)²  subject to ||w||₂ ≤ B     (constrained form,
//	                                                Cesa-Bianchi et al. 2010 eq. (1), p = 2),
//
// exactly: the penalised form by a Cholesky solve, the constrained form by
// an eigendecomposition of the Gram matrix and the secular equation of its
// Lagrange multiplier. With fewer examples than attributes both are solved
// in the dual, on the m×m matrix XXᵀ/m (wide.go).
//
// Budget: all d attributes of every example (full information); it goes
// through the same protocol as the LAO solvers, with budget d.
type Ridge struct {
	// Lambda, if positive, selects the penalised form with this weight. If
	// Lambda is 0 and B is 0 too, the penalised form is used with
	// tr(C)/(d·m), scikit-learn's Ridge(alpha=1) on standardised columns
	// (C = XᵀX/m): a mild regularisation that vanishes as m grows
	// (cross-validation tunes λ instead, see Params).
	Lambda float64
	// B, if positive, selects the constrained form with radius B (the
	// theorems' ||w||₂ ≤ B). At most one of Lambda and B may be set; 0 is
	// the penalised form.
	B float64
	// MaxMemoryMiB bounds the memory of the d×d matrices (XᵀX and the
	// solver's copies, about 8 of them), or with fewer examples than
	// attributes (m < d, where the rows are kept instead: wide.go) of a
	// few copies of the m×d rows; a larger problem is refused with an
	// error naming online-ridge (O(d) memory) instead. If MaxMemoryMiB is
	// 0, 4096 (DefaultMaxMemoryMiB) is used.
	MaxMemoryMiB int
}

// Name returns "ridge".
func (r *Ridge) Name() string { return "ridge" }

// Params binds lambda, maxmem and B to the struct's fields (set at most one
// of lambda and B).
func (r *Ridge) Params() []Param {
	var tune *Tune // with B set (the constrained form) λ is not tuned
	if r.B == 0 {
		tune = &Tune{Values: ridgeLambdaValues}
	}
	return []Param{
		FloatParam("lambda", &r.Lambda, "penalty weight of the penalised form (B = 0)", tune).
			withDefault("tr(C)/(d·m), scikit-learn's Ridge(alpha=1) on standardised columns"),
		maxMemParam(&r.MaxMemoryMiB),
		FloatParam("B", &r.B, "radius of the constrained form ||w||₂ ≤ B; 0: the penalised form", nil),
	}
}

// About describes the reference.
func (r *Ridge) About() About {
	return About{Paper: "full-information reference", Algorithm: "offline ridge, exact (penalised λ, by default tr(C)/(d·m), or constrained ||w||₂ ≤ B)", Budget: "all d attributes", Full: true, Ball: "l2"}
}

// Start validates the parameters and returns a learner that accumulates
// XᵀX and Xᵀy in one pass, with the full-information budget.
func (r *Ridge) Start(p Problem) (Learner, Budget, error) {
	o, b, err := startOffline("ridge", r.Lambda, r.B, p, 4, r.MaxMemoryMiB, "online-ridge")
	if err != nil {
		return nil, Budget{}, err
	}
	return &ridgeLearner{o}, b, nil
}

type ridgeLearner struct{ offline }

// offline is the state Ridge's and Lasso's learners share: the Gram sums
// XᵀX and Xᵀy, the penalty λ or the radius B, and the default λ resolved
// by the last Weights call.
type offline struct {
	failure
	*gram
	lambda, B float64
	auto      float64
}

// startOffline validates the Lambda/B pair, the full-information budget
// and the memory of an offline solver whose solve needs matrices d×d
// matrices besides the Gram accumulation (a larger d is refused naming
// instead, its O(d) counterpart).
func startOffline(solver string, lambda, B float64, p Problem, matrices, maxMiB int, instead string) (offline, Budget, error) {
	lambda, B, err := refParams(solver, lambda, B)
	if err != nil {
		return offline{}, Budget{}, err
	}
	b, err := fullBudget(solver, p)
	if err != nil {
		return offline{}, Budget{}, err
	}
	if err := checkOffline(solver, p.M, p.D, matrices, maxMiB, instead); err != nil {
		return offline{}, Budget{}, err
	}
	return offline{gram: newGram(p.D, p.M), lambda: lambda, B: B}, b, nil
}

// Weights writes the exact minimiser for the examples seen so far (0 before
// the first), so a checkpoint after t examples is the fit on that prefix.
func (l *ridgeLearner) Weights(dst []float64) {
	if l.wide != nil && l.seen > 0 {
		l.ridgeWide(dst)
		return
	}
	C, b, ok := l.moments()
	if !ok || l.fail(momentsFinite("Gram matrix XᵀX/m or Xᵀy/m", C, b)) {
		clear(dst)
		return
	}
	var err error
	switch {
	case l.B > 0:
		err = ridgeBall(C, b, l.d, l.B, dst)
	case l.lambda > 0:
		err = ridgePenalised(C, b, l.d, l.lambda, dst)
	default: // the default penalty tr(C)/(d·m), resolved on the examples seen
		var tr float64
		for i := range l.d {
			tr += C[i*l.d+i]
		}
		l.auto = tr / float64(l.d*l.seen)
		if l.auto == 0 {
			clear(dst) // every attribute is 0 on every example
			return
		}
		err = ridgePenalised(C, b, l.d, l.auto, dst)
	}
	l.fail(err)
}

// checkOffline is the memory check of an offline solver whose solve needs
// matrices d×d matrices besides the Gram sums, for m rows of d attributes:
// in the wide form (0 < m < d) the rows and as many arrays of m·d.
func checkOffline(solver string, m, d, matrices, maxMiB int, instead string) error {
	if m > 0 && m < d {
		return checkWide(solver, m, d, matrices+1, maxMiB, instead)
	}
	return checkQuadratic(solver, d, matrices+1, maxMiB, instead) // and the Gram sums
}

// refParams validates the Lambda/B pair shared by Ridge and Lasso. Both 0
// select the solver's default penalty, resolved from the data by Weights.
func refParams(solver string, lambda, B float64) (float64, float64, error) {
	if math.IsNaN(lambda) || math.IsInf(lambda, 0) || lambda < 0 {
		return 0, 0, paramErr(solver, "lambda", "= %g must be positive and finite (or 0 for the constrained form)", lambda)
	}
	if math.IsNaN(B) || math.IsInf(B, 0) || B < 0 {
		return 0, 0, paramErr(solver, "B", "= %g must be positive and finite (or 0 for the default)", B)
	}
	if lambda > 0 && B > 0 {
		return 0, 0, paramErr(solver, "lambda", "= %g and B = %g are both set; set at most one (penalised or constrained form)", lambda, B)
	}
	return lambda, B, nil
}

// fullBudget is the budget of the full-information references.
func fullBudget(solver string, p Problem) (Budget, error) {
	if p.D < 1 {
		return Budget{}, paramErr(solver, "d", "= %d must be at least 1", p.D)
	}
	return Budget{PerExample: p.D, Rule: "all d attributes (full information)", Full: true}, nil
}

// sparseShare: an example with at most d/sparseShare non-zero attributes
// takes the full-information online solvers' sparse update.
const sparseShare = 8

// fullRow is a full-information solver's view of the current example: x
// (len d; do not modify) and the indices nz of its non-zero cells,
// increasing.
type fullRow struct {
	x, buf   []float64 // x is the handle's own row, or buf holding a copy
	nz       []int     // bufNZ, or list
	list     []int     // the non-zeros of a row read whole
	bufNZ    []int     // buf is zero outside bufNZ, unless bufDirty
	bufDirty bool
}

func newFullRow(d int) fullRow { return fullRow{buf: make([]float64, d)} }

// read reveals every attribute of ex into r.x, lists its non-zero cells
// in r.nz and reports whether there are at most len(x)/share of them. A
// row in memory is read in place (Example.AllRow) and listed without
// branches (a dense row's zeros and non-zeros, as MNIST's pixels, defeat
// branch prediction); a row the handle holds sparse is copied in
// O(non-zeros); any other is copied whole.
func (r *fullRow) read(ex *Example, share int) bool {
	if idx, val, ok := ex.AllSparse(); ok {
		if r.bufDirty {
			clear(r.buf)
		} else {
			for _, i := range r.bufNZ {
				r.buf[i] = 0
			}
		}
		r.bufNZ, r.bufDirty = r.bufNZ[:0], false
		for a, i := range idx {
			if val[a] != 0 { // a stored zero is a zero
				r.buf[i] = val[a]
				r.bufNZ = append(r.bufNZ, int(i))
			}
		}
		r.x, r.nz = r.buf, r.bufNZ
		return len(r.nz) <= len(r.x)/share
	}
	if r.x = ex.AllRow(); r.x == nil {
		ex.All(r.buf)
		r.x, r.bufDirty = r.buf, true
	}
	list := slices.Grow(r.list[:0], len(r.x))[:len(r.x)]
	n := 0
	for i, v := range r.x {
		list[n] = i                   // kept only if v is non-zero
		b := math.Float64bits(v) << 1 // without the sign: 0 for ±0
		n += int((b | -b) >> 63)
	}
	r.list, r.nz = list, list[:n]
	return n <= len(r.x)/share
}

// sparseDot returns w·x over the indices nz (x is zero elsewhere).
func sparseDot(w *core.Lazy, x []float64, nz []int) float64 {
	var s float64
	for _, i := range nz {
		s += w.W(i) * x[i]
	}
	return s
}

// ridgePenalised writes the solution of (C + λI) w = b (λ > 0) into w.
func ridgePenalised(C, b []float64, d int, lambda float64, w []float64) error {
	// A Cholesky solve (dense.Cholesky: LAPACK's blocked algorithm on the
	// Gram matrix's tile kernels, 5.3 ms at d = 784 against gonum's dpotrf's
	// 42 ms; gonum's mat.Cholesky also estimated the condition number,
	// which took half of each solve, and it was ignored here).
	A := slices.Clone(C[:d*d])
	var top float64
	for i := range d {
		A[i*d+i] += lambda
		top = max(top, A[i*d+i])
	}
	if dense.Cholesky(A, d) && minPivot(A, d) > roundingZero(top, d) {
		copy(w, b)
		dense.CholeskySolve(A, d, w)
		return nil
	}
	// C + λI singular to rounding (a pivot at or below rounding of its
	// largest diagonal entry: λ below rounding of ||C|| and columns that are
	// combinations of others): solve in the eigenbasis, leaving out the
	// directions where e + λ is below rounding of the largest eigenvalue.
	// b = Xᵀy/m has no component there but rounding, which 1/(e + λ) would
	// blow up; what is left is the limit λ → 0 of the ridge solution, C⁺b.
	Q, ev, beta, err := eigenMoments(C, b, d)
	if err != nil {
		return err
	}
	zero := roundingZero(ev[d-1], d)
	for i, e := range ev {
		if e+lambda <= zero {
			beta[i] = 0
		}
	}
	secularPoint(Q, ev, beta, lambda, w)
	return nil
}

// roundingZero is the size below which a pivot or eigenvalue of a d×d
// symmetric matrix whose largest diagonal entry or eigenvalue is top
// cannot be told from 0: d·1e-15·top (ridgeBall's rule).
func roundingZero(top float64, d int) float64 { return top * float64(d) * 1e-15 }

// minPivot returns the smallest squared diagonal entry of the Cholesky
// factor U (d×d, row-major): the smallest pivot of the elimination.
func minPivot(u []float64, d int) float64 {
	p := math.Inf(1)
	for i := range d {
		p = min(p, u[i*d+i]*u[i*d+i])
	}
	return p
}

// eigenMoments returns C = Q diag(ev) Qᵀ (ev clipped at 0) and β = Qᵀb.
// The decomposition comes from the gramEigen memo when C was decomposed
// before (Q and ev are then shared: read only).
func eigenMoments(C, b []float64, d int) (*mat.Dense, []float64, []float64, error) {
	Qd, ev, err := gramEigen.eigen(C, d)
	if err != nil {
		return nil, nil, nil, err
	}
	Q := mat.NewDense(d, d, Qd)
	var beta mat.VecDense
	beta.MulVec(Q.T(), mat.NewVecDense(d, b))
	return Q, ev, beta.RawVector().Data, nil
}

// eigenGram decomposes the symmetric d×d matrix C (row-major): the
// eigenvectors as the columns of Q (row-major) and the eigenvalues,
// ascending and clipped at 0.
func eigenGram(C []float64, d int) (Q, ev []float64, err error) {
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(d, C), true) {
		return nil, nil, fmt.Errorf("eigendecomposition of the %d×%d Gram matrix failed: %w", d, d, ErrNotFinite)
	}
	ev = eig.Values(nil)
	for i := range ev {
		ev[i] = max(ev[i], 0)
	}
	var vecs mat.Dense
	eig.VectorsTo(&vecs)
	return vecs.RawMatrix().Data, ev, nil
}

// secularPoint writes w(μ) = Q diag(1/(ev+μ)) β into w, dropping the
// components whose ev+μ is 0.
func secularPoint(Q *mat.Dense, ev, beta []float64, mu float64, w []float64) {
	z := make([]float64, len(ev))
	for i, e := range ev {
		if e+mu > 0 {
			z[i] = beta[i] / (e + mu)
		}
	}
	mat.NewVecDense(len(w), w).MulVec(Q, mat.NewVecDense(len(z), z))
}

// ridgeBall writes the minimiser of wᵀCw − 2bᵀw subject to ||w||₂ ≤ B into
// w. The KKT conditions are (C + μI)w = b, μ ≥ 0, μ(||w||₂ − B) = 0. If the
// least-squares solution of minimum norm (C⁺b) lies in the ball, it is
// returned (when C is singular every least-squares solution in the ball is
// optimal; this is the one of smallest norm). Otherwise μ > 0 solves the
// secular equation Σ β_i²/(ev_i + μ)² = B², β = Qᵀb, by safeguarded Newton
// steps on 1/||w(μ)|| − 1/B (Moré and Sorensen 1983), which is nearly linear
// in μ.
func ridgeBall(C, b []float64, d int, B float64, w []float64) error {
	Q, ev, beta, err := eigenMoments(C, b, d)
	if err != nil {
		return err
	}
	mu, ok := ballMultiplier(ev, beta, d, B)
	if !ok {
		clear(w)
		return nil
	}
	secularPoint(Q, ev, beta, mu, w)
	return nil
}

// ballMultiplier returns ridgeBall's multiplier μ for the eigenvalues ev
// (ascending, of an n×n matrix) and the components β of b on their
// eigenvectors: 0 when the least-squares solution of minimum norm lies in
// the ball (β is then set to 0 where ev is below rounding of the largest),
// else the root of the secular equation. ok is false when β = 0: the
// minimiser is w = 0.
func ballMultiplier(ev, beta []float64, n int, B float64) (mu float64, ok bool) {
	zero := roundingZero(ev[n-1], n) // eigenvalues below rounding of ||C||
	var nb2, n0 float64
	interior := true
	for i, e := range ev {
		nb2 += beta[i] * beta[i]
		if e > zero {
			n0 += (beta[i] / e) * (beta[i] / e)
		}
	}
	for i, e := range ev {
		if e <= zero && math.Abs(beta[i]) > 1e-9*math.Sqrt(nb2) {
			interior = false // b has a component C cannot fit: ||w(μ)|| → ∞ as μ → 0
		}
	}
	if nb2 == 0 {
		return 0, false
	}
	if interior && math.Sqrt(n0) <= B {
		for i, e := range ev {
			if e <= zero {
				beta[i] = 0
			}
		}
		return 0, true
	}
	return secularRoot(ev, beta, B, nb2), true
}

// secularRoot returns the μ > 0 at which ||w(μ)||₂ = B, w(μ) =
// Q diag(1/(ev+μ)) β, nb2 = ||β||²: safeguarded Newton steps on
// ψ(μ) = 1/||w(μ)|| − 1/B, which is increasing and concave; its root is in
// [lo, hi] with lo = max_i(|β_i|/B − ev_i)⁺ and hi = ||β||/B − ev_min.
func secularRoot(ev, beta []float64, B, nb2 float64) float64 {
	norm := func(mu float64) (n, dn float64) { // ||w(μ)|| and d||w||/dμ
		var s2, s3 float64
		for i, e := range ev {
			if e+mu > 0 {
				t := beta[i] / (e + mu)
				s2 += t * t
				s3 += t * t / (e + mu)
			}
		}
		n = math.Sqrt(s2)
		return n, -s3 / n
	}
	lo, hi := 0.0, math.Sqrt(nb2)/B-ev[0]
	for i, e := range ev {
		lo = max(lo, math.Abs(beta[i])/B-e)
	}
	mu := lo
	for range 200 {
		if !(mu > lo && mu < hi) {
			mu = lo + (hi-lo)/2
		}
		n, dn := norm(mu)
		psi := 1/n - 1/B
		if psi < 0 {
			lo = mu
		} else {
			hi = mu
		}
		if math.Abs(psi)*B <= 1e-15 || hi-lo <= 1e-15*hi {
			break
		}
		mu -= psi / (-dn / (n * n)) // Newton on ψ: ψ' = −n'/n²
	}
	return max(lo, min(mu, hi))
}

// Params reports the form used: "lambda" (penalised, the default resolved)
// or "B" (constrained).
func (l *ridgeLearner) Params() map[string]float64 { return penaltyParams(l.lambda, l.B, l.auto) }

// penaltyParams reports "B" for the constrained form, else "lambda" (the
// default auto when lambda is 0).
func penaltyParams(lambda, B, auto float64) map[string]float64 {
	switch {
	case B > 0:
		return map[string]float64{"B": B}
	case lambda > 0:
		return map[string]float64{"lambda": lambda}
	}
	return map[string]float64{"lambda": auto}
}
