package lao

import (
	"math"
	"math/rand/v2"
)

// CorrectedRidge is ridge regression on moment estimates corrected for the
// cells an example did not reveal: the missing-data estimator of Loh &
// Wainwright (Annals of Statistics 40(3), 2012, "High-dimensional
// regression with noisy and missing data", Section 3.1.2), with the
// observation probabilities known exactly because the learner chose them.
//
// Every training example reveals k attributes S_t drawn uniformly without
// replacement, so P(j ∈ S_t) = π = k/d and P(j, l ∈ S_t) = π₂ =
// k(k−1)/(d(d−1)) for j ≠ l. With z_t the row with its unrevealed cells set
// to 0, the Horvitz-Thompson estimates
//
//	Σ̂_jj = (1/m) Σ_t z_tj² / π,   Σ̂_jl = (1/m) Σ_t z_tj z_tl / π₂,   γ̂_j = (1/m) Σ_t z_tj y_t / π
//
// are unbiased for E[x xᵀ] and E[x y] (Loh & Wainwright's Γ̂ and γ̂ for
// data missing completely at random). Σ̂ need not be positive semidefinite,
// so the fit projects it onto the PSD cone (eigenvalues clipped at 0),
// optionally shrinks its off-diagonal entries by the factor 1 − Shrink
// first, and solves (Σ̂₊ + μI) w = γ̂ with μ = λ·tr(Σ̂₊)/d. The fit uses every
// cell every example revealed, in one solve after the last example (the
// budget is spent at acquisition; computing on what was revealed is free).
//
// Budget: k per example (hard), k ≥ 2 (the off-diagonal moments need pairs).
type CorrectedRidge struct {
	// K is k: attributes revealed per example, in [2, d].
	K int
	// Lambda is the ridge penalty λ relative to the mean eigenvalue of Σ̂₊.
	// If Lambda is 0, λ = √(d(d−1)/(k(k−1)m)), the relative standard error
	// of an off-diagonal entry of Σ̂ (each is seen m·π₂ times).
	Lambda float64
	// Shrink, in [0, 1), multiplies the off-diagonal entries of Σ̂ by
	// 1 − Shrink before the projection (toward the diagonal, in the spirit
	// of Ledoit & Wolf): they are the noisy ones at small k. 0 (the
	// default) is Loh & Wainwright's estimator as it stands.
	Shrink float64
	// MaxMemoryMiB bounds the memory of the d×d sums (about 4 copies; of
	// (km)² when the examples reveal fewer than d attributes in all, k·m <
	// d: revealedCells' compact form). If MaxMemoryMiB is 0, 4096
	// (DefaultMaxMemoryMiB) is used.
	MaxMemoryMiB int
}

// Name returns "corrected-ridge".
func (s *CorrectedRidge) Name() string { return "corrected-ridge" }

// Params binds k, lambda, shrink and maxmem to the struct's fields; lambda
// is tuned by cross-validation around its default.
func (s *CorrectedRidge) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes revealed per example, drawn uniformly; in [2, d]"),
		FloatParam("lambda", &s.Lambda, "ridge penalty relative to the mean eigenvalue of the corrected second moments",
			&Tune{Factors: correctedFactors, Center: func(p Problem) float64 { return correctedLambda(p.D, s.K, p.M) }}).
			withDefault("√(d(d−1)/(k(k−1)m))"),
		FloatParam("shrink", &s.Shrink, "in [0, 1): the off-diagonal moments are multiplied by 1 − shrink; 0: none", nil),
		maxMemParam(&s.MaxMemoryMiB),
	}
}

// correctedFactors multiply the default relative penalty in the CV grid:
// 10^-3 … 10^1 in half decades.
var correctedFactors = []float64{1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1, 3, 10}

// correctedLambda is CorrectedRidge's default relative penalty (at most 1).
func correctedLambda(d, k, m int) float64 {
	if k < 2 || m < 1 {
		return 1
	}
	return min(1, math.Sqrt(float64(d)*float64(d-1)/(float64(k)*float64(k-1)*float64(m))))
}

// About cites the paper the estimator rests on.
func (s *CorrectedRidge) About() About {
	return About{Paper: "Loh & Wainwright, Annals of Statistics 2012", Algorithm: "corrected second moments for missing data (Section 3.1.2) with the known k-of-d inclusion probabilities, PSD projection, ridge",
		Budget: "k per example", Ball: "l2"}
}

func (s *CorrectedRidge) resolve(p Problem) (k int, lambda float64, err error) {
	k = s.K
	if err = checkK("corrected-ridge", k, p.D); err != nil {
		return
	}
	if k < 2 {
		return 0, 0, paramErr("corrected-ridge", "k", "= %d must be at least 2: the off-diagonal moments need two attributes per example", k)
	}
	if !(s.Shrink >= 0 && s.Shrink < 1) {
		return 0, 0, paramErr("corrected-ridge", "shrink", "= %g must be in [0, 1)", s.Shrink)
	}
	n := p.D // the side of its sums: d, or the attributes the examples can reveal (revealedCells)
	if p.M > 0 && k*p.M < p.D {
		n = k * p.M
	}
	if err = checkQuadratic("corrected-ridge", n, 4, s.MaxMemoryMiB, "screen-ridge"); err != nil {
		return
	}
	lambda, err = positiveOr("corrected-ridge", "lambda", s.Lambda, correctedLambda(p.D, k, p.M))
	return
}

// Start validates the parameters and returns a learner with the budget k
// per example.
func (s *CorrectedRidge) Start(p Problem) (Learner, Budget, error) {
	k, lambda, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	l := &correctedRidgeLearner{k: k, lambda: lambda, shrink: s.Shrink, rng: p.Rand, perm: make([]int, p.D),
		x: make([]float64, k), cells: newRevealedCells(p.D, p.M, k)}
	for i := range l.perm {
		l.perm[i] = i
	}
	return l, Budget{PerExample: k, Rule: "k per example"}, nil
}

type correctedRidgeLearner struct {
	failure
	k              int
	lambda, shrink float64
	rng            *rand.Rand
	perm           []int
	x              []float64
	cells          *revealedCells
	mu             float64 // the absolute penalty of the last Weights call
}

func (l *correctedRidgeLearner) Observe(ex *Example) {
	idx := drawUniform(ex, l.k, l.perm, l.x, l.rng)
	l.cells.add(idx, l.x, ex.Label())
}

// Weights writes the corrected ridge solution for the examples seen so far
// (0 before the first).
func (l *correctedRidgeLearner) Weights(dst []float64) {
	if l.cells.m == 0 {
		clear(dst)
		return
	}
	cols := l.cells.revealed() // nil: all d
	C, b := l.moments(cols)
	if l.fail(momentsFinite("corrected second moments", C, b)) {
		clear(dst)
		return
	}
	w := dst
	if cols != nil { // the attributes never revealed: zero rows of Σ̂ and zeros of γ̂, so zero weights
		w = make([]float64, len(cols))
	}
	var err error
	l.mu, err = psdRidge(C, b, len(b), l.cells.d, l.lambda, w)
	if l.fail(err) || cols == nil {
		return
	}
	clear(dst)
	for a, j := range cols {
		dst[j] = w[a]
	}
}

// moments returns the Horvitz-Thompson estimates Σ̂ (off-diagonal shrunk
// by 1 − shrink) and γ̂ of the attributes cols (nil: all d), in their
// order.
func (l *correctedRidgeLearner) moments(cols []int) (C, b []float64) {
	c := l.cells
	d, m := c.d, float64(c.m)
	pi := float64(l.k) / float64(d)
	pi2 := pi * float64(l.k-1) / float64(d-1)
	n, attr := d, func(a int) int { return a }
	if cols != nil {
		n, attr = len(cols), func(a int) int { return cols[a] }
	}
	C, b = make([]float64, n*n), make([]float64, n)
	for a := range n {
		j := attr(a)
		b[a] = c.lin(j) / (m * pi)
		for q := a; q < n; q++ {
			s, _ := c.sum(j, attr(q))
			v := s / (m * pi2) * (1 - l.shrink)
			if q == a {
				v = s / (m * pi)
			}
			C[a*n+q], C[q*n+a] = v, v
		}
	}
	return C, b
}

// Params reports the relative and the absolute penalty used.
func (l *correctedRidgeLearner) Params() map[string]float64 {
	return map[string]float64{"lambda": l.lambda, "mu": l.mu, "shrink": l.shrink}
}
