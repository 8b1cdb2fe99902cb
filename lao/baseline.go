package lao

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/laoproject/lao/lao/internal/dense"
	"github.com/laoproject/lao/lao/internal/quadl1"
)

// Baseline is the Baseline algorithm of Cesa-Bianchi, Shalev-Shwartz and
// Shamir (ICML 2010, Algorithm 1): estimate the quadratic loss
// wᵀ(xxᵀ)w − 2y xᵀw + y² from k attributes per example, average the
// estimates over the training set, and minimise the estimated loss
// L̃(w) = wᵀĀw − wᵀv̄ + ȳ over the l1 ball ||w||₁ ≤ B.
//
// Each example draws C, k/2 distinct pairs (i, j) uniformly from [d]×[d],
// and adds (d/k)x_i to v_i and v_j and (d²/k)x_i x_j to A_ij and A_ji;
// E[A] = xxᵀ and E[v] = x. For odd k, ⌊k/2⌋ pairs are drawn and k is
// replaced by 2⌊k/2⌋ in both scales, so the estimates stay unbiased.
//
// Budget: k per example (hard): each pair reveals at most two attributes.
//
// Two places differ from the printed pseudo-code, deliberately:
//   - Sign: the pseudo-code accumulates v̄ += 2yv/m and minimises wᵀĀw + wᵀv̄ + ȳ,
//     but (w·x − y)² = wᵀxxᵀw − 2y xᵀw + y², so the linear term must enter
//     with a minus sign; we minimise wᵀĀw − wᵀv̄ + ȳ (with the printed sign the
//     estimate would not be unbiased for the loss).
//   - Indefiniteness: Ā is an unbiased estimate of the second-moment matrix
//     but is in general indefinite (most of its d² entries are sampled a few
//     times or never), so L̃ is non-convex and its minimum over the l1 ball is
//     not computable in general. We replace Ā by its nearest positive
//     semidefinite matrix in Frobenius norm (negative eigenvalues set to zero)
//     and minimise the resulting convex quadratic exactly. The most negative
//     eigenvalue is reported as the diagnostic "min_eigenvalue", and the
//     Frobenius distance as "psd_clip_frobenius".
//
// Theorem 1: if x ∈ [−1,1]^d and y ∈ [−1,1], with probability 1 − δ,
// L(ŵ) ≤ min_{||w||₁≤B} L(w) + O((dB)²/k·√(ln(d/δ)/m)). See BaselineBound.
//
// Memory is O(d²) and each output (and each checkpoint) costs an
// eigendecomposition, O(d³), unless the same estimated matrix was clipped
// before in this process (cross-validation's grid points on one fold: see
// psdMemo). When the m examples draw fewer attributes than d (k·m < d: a
// table of 64 rows and 6,830 genes), Ā and v̄ are kept on the attributes
// drawn only (n ≤ k·m of them, in the order first drawn), the rest of Ā
// and v̄ being 0, and the loss is minimised over them: O(n²) memory, the
// same minimiser to rounding (TestBaselineCompactMatchesDense).
type Baseline struct {
	// K is k, the attributes per example; K must be in [2, d].
	K int
	// B is the l1 radius. If B is 0, B = 1.
	B float64
	// MaxMemoryMiB bounds the memory of its d×d matrices (about 4 of
	// them); a larger d is refused with an error naming AER (O(d) memory)
	// instead. If MaxMemoryMiB is 0, 4096 (DefaultMaxMemoryMiB) is used.
	MaxMemoryMiB int
}

// Name returns "baseline".
func (s *Baseline) Name() string { return "baseline" }

func (s *Baseline) resolve(p Problem) (k int, B float64, err error) {
	if err := checkK("baseline", s.K, p.D); err != nil {
		return 0, 0, err
	}
	if s.K < 2 {
		return 0, 0, paramErr("baseline", "k", "= %d: Baseline needs k ≥ 2 (k/2 pairs of attributes)", s.K)
	}
	B, err = positiveOr("baseline", "B", s.B, defaultRadius)
	return s.K, B, err
}

// Params binds k, B and maxmem to the struct's fields.
func (s *Baseline) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example, in k/2 pairs; in [2, d]"),
		radiusParam(&s.B, "l1"),
		maxMemParam(&s.MaxMemoryMiB),
	}
}

// About cites the paper.
func (s *Baseline) About() About {
	return About{Paper: paperCSS, Algorithm: "Algorithm 1", Budget: "k per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner with empty
// estimates and the budget k per example.
func (s *Baseline) Start(p Problem) (Learner, Budget, error) {
	k, B, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	n := p.D // the matrix's side: d, or at most the attributes the examples can draw
	if drawn := 2 * (k / 2) * p.M; p.M > 0 && drawn < p.D {
		n = drawn
	}
	if err := checkQuadratic("baseline", n, 4, s.MaxMemoryMiB, "aer"); err != nil {
		return nil, Budget{}, err
	}
	l := &baselineLearner{d: p.D, n: n, pairs: k / 2, B: B, rng: p.Rand,
		A: make([]float64, n*n), v: make([]float64, n), diag: map[string]float64{}}
	if n < p.D {
		l.pos = map[int]int{}
	}
	return l, Budget{PerExample: k, Rule: "k per example"}, nil
}

type baselineLearner struct {
	failure
	d, pairs int
	n        int // A's side: d, or the compact form's capacity
	B        float64
	rng      *rand.Rand
	A        []float64 // Σ_t A_t (n×n, row-major)
	v        []float64 // Σ_t 2 y_t v_t
	// The compact form (pos not nil): row r of A and entry r of v are
	// attribute cols[r], for the attributes drawn so far, in the order
	// first drawn.
	compactRows
	yy     float64 // Σ_t y_t²
	t      int
	picked []int // scratch: pair codes i*d + j drawn for this example
	diag   map[string]float64
	shared *estimatedLoss // if not nil, the loss of these sums, made before (Pass)
	plan   *ballPlan      // nil, or the set of fits this one belongs to (Pass.FitSet)
}

// baselineEstimate adds A (to A, of side n) and 2y·v (to v) for one example (Cesa-Bianchi et al. 2010,
// Alg. 1 inner loop) and returns the pairs drawn. E[A] = xxᵀ and E[v] = x.
// Attribute i is row at(i) of A and v.
func baselineEstimate(ex *Example, pairs int, rng *rand.Rand, picked []int, A, v []float64, n int, at func(int) int) []int {
	d := ex.Dim()
	k2 := float64(2 * pairs)
	y := ex.Label()
	picked = picked[:0]
	for len(picked) < pairs {
		c := rng.IntN(d * d)
		dup := false
		for _, q := range picked {
			dup = dup || q == c
		}
		if dup {
			continue // C is a set: draw again (uniform over pair subsets)
		}
		picked = append(picked, c)
		i, j := c/d, c%d
		xi, xj := ex.Attr(i), ex.Attr(j)
		i, j = at(i), at(j)
		v[i] += 2 * y * float64(d) / k2 * xi
		v[j] += 2 * y * float64(d) / k2 * xj
		a := float64(d) * float64(d) / k2 * xi * xj
		A[i*n+j] += a
		A[j*n+i] += a
	}
	return picked
}

func (l *baselineLearner) Observe(ex *Example) {
	l.t++
	l.reserve()
	l.picked = baselineEstimate(ex, l.pairs, l.rng, l.picked, l.A, l.v, l.n, l.row)
	l.yy += ex.Label() * ex.Label()
}

// reserve grows the compact form's A and v when the next example may draw
// more attributes than they hold (more examples than the Problem's M).
func (l *baselineLearner) reserve() {
	if l.pos == nil || len(l.cols)+2*l.pairs <= l.n {
		return
	}
	size := min(l.d, max(2*l.n, len(l.cols)+2*l.pairs))
	l.A, l.n = grownSquare(l.A, l.n, size), size
	l.v = append(l.v, make([]float64, size-len(l.v))...)
}

// Weights minimises the PSD-clipped estimated loss over the l1 ball.
func (l *baselineLearner) Weights(dst []float64) {
	if l.t == 0 {
		clear(dst)
		return
	}
	e := l.shared
	if e == nil {
		e = l.estimatedLoss()
	}
	l.solve(e, dst)
}

// estimatedLoss is the learner's estimated loss after its examples: the
// PSD clip of Ā and the linear term −v̄, or why they could not be made.
// It does not depend on B: every radius of a cross-validation grid
// minimises the same one (Pass).
type estimatedLoss struct {
	A, lin       []float64
	cols         []int // the compact form's attributes, increasing (A is len(cols)²); nil: all d
	minEig, dist float64
	err          error
}

// estimatedLoss returns the estimated loss of the examples seen (t > 0):
// in the compact form on the attributes drawn, in increasing order.
func (l *baselineLearner) estimatedLoss() *estimatedLoss {
	inv := 1 / float64(l.t)
	order, n := []int(nil), l.d // order[a]: the row of A of the a-th attribute drawn, by index
	var cols []int
	if l.pos != nil {
		cols = slices.Sorted(maps.Keys(l.pos))
		n, order = len(cols), make([]int, len(cols))
		for a, i := range cols {
			order[a] = l.pos[i]
		}
	}
	row := func(a int) int {
		if order == nil {
			return a
		}
		return order[a]
	}
	Abar, lin := make([]float64, n*n), make([]float64, n)
	for a := range n {
		ra := row(a)
		for b := range n {
			Abar[a*n+b] = l.A[ra*l.n+row(b)] * inv
		}
		lin[a] = -l.v[ra] * inv
	}
	if err := momentsFinite("estimated second-moment matrix", Abar, lin); err != nil {
		return &estimatedLoss{err: err}
	}
	minEig, dist, err := baselinePSD.clip(Abar, n)
	if err != nil {
		return &estimatedLoss{err: err}
	}
	return &estimatedLoss{A: Abar, lin: lin, cols: cols, minEig: minEig, dist: dist}
}

// solve writes the minimiser of e over the l1 ball of radius l.B into
// dst (zeros when the learner fails), recording the diagnostics. e is
// only read.
func (l *baselineLearner) solve(e *estimatedLoss, dst []float64) {
	if l.fail(e.err) {
		clear(dst)
		return
	}
	l.diag["min_eigenvalue"] = e.minEig
	l.diag["psd_clip_frobenius"] = e.dist
	delete(l.diag, "ball_gap_bound")
	delete(l.diag, "ball_path_lambda")
	delete(l.diag, "ball_ridge")
	w, err := l.plan.minBall(quadl1.Dense(e.A, len(e.lin)), e.lin, l.B, l.diag)
	if err != nil {
		l.fail(fmt.Errorf("minimising the estimated loss: %w", err))
		clear(dst)
		return
	}
	if e.cols == nil {
		copy(dst, w)
		return
	}
	clear(dst)
	for a, i := range e.cols {
		dst[i] = w[a]
	}
}

// Diagnostics reports the spectrum clipping of the last Weights call.
func (l *baselineLearner) Diagnostics() map[string]float64 { return l.diag }

// clipPSD replaces the symmetric d×d matrix A (row-major) by its nearest
// positive semidefinite matrix in Frobenius norm, returning the smallest
// eigenvalue before clipping and the Frobenius distance moved.
func clipPSD(A []float64, d int) (minEig, dist float64, err error) {
	minEig, dist, ok := dense.PSD(A, d)
	if !ok {
		return 0, 0, fmt.Errorf("eigendecomposition of the %d×%d estimated second-moment matrix failed: %w", d, d, ErrNotFinite)
	}
	return minEig, dist, nil
}

func (l *baselineLearner) Params() map[string]float64 { return map[string]float64{"B": l.B} }
