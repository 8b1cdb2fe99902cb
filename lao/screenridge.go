package lao

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
)

// ScreenRidge is a practical two-phase baseline, not an algorithm of the
// papers: the honest "screen, then fit" approach an analyst would try
// first, under the same per-example budget as the LAO solvers, so that a
// comparison shows whether the theory pays off on a given table.
//
// Phase 1, on the first m1 examples: k attributes drawn uniformly at random
// (without replacement) per example; for every attribute the pairs
// (x_j, y) it was seen with estimate its correlation with the label.
// Phase 2, on the remaining m − m1 examples: the k attributes with the
// largest estimated |correlation| are read on every example, and ridge
// regression on them is solved exactly: (C_S + λI) w_S = b_S with C_S, b_S
// the second moments of the chosen columns over phase 2 (no intercept: centre
// the data, as frames does).
//
// Budget: k per example (hard). The model predicts from at most k
// attributes (its weights are 0 outside the chosen columns), so it also
// meets a prediction-time budget of k (Murata & Suzuki 2018).
type ScreenRidge struct {
	// K is k: attributes per example in both phases, and in the model. K
	// must be in [1, d].
	K int
	// M1 is the number of phase-1 (screening) examples, in [1, m−1]. If M1
	// is 0, m1 = min(⌈30d/k⌉, ⌊m/2⌋): about 30 observations per attribute,
	// at most half the examples.
	M1 int
	// Lambda is the ridge penalty λ of phase 2. If Lambda is 0,
	// λ = tr(C_S)/(k·m2), as Ridge's default (scikit-learn's Ridge(alpha=1)
	// on standardised columns).
	Lambda float64
}

var _ Solver = (*ScreenRidge)(nil)

// Name returns "screen-ridge".
func (s *ScreenRidge) Name() string { return "screen-ridge" }

// Params binds k, m1 and lambda to the struct's fields; lambda is tuned by
// cross-validation on Ridge's range.
func (s *ScreenRidge) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example (screening and fit) and in the model; in [1, d]"),
		IntParam("m1", &s.M1, "screening examples").withDefault("min(⌈30d/k⌉, ⌊m/2⌋)"),
		FloatParam("lambda", &s.Lambda, "ridge penalty of phase 2", &Tune{Values: ridgeLambdaValues}).withDefault("tr(C_S)/(k·m2)"),
	}
}

// About describes the baseline.
func (s *ScreenRidge) About() About {
	return About{Paper: "practical baseline (this module)", Algorithm: "screen by correlation on k random attributes per example, then ridge on the k best",
		Budget: "k per example", Ball: "l2"}
}

// resolve validates the parameters against p and resolves the defaults.
func (s *ScreenRidge) resolve(p Problem) (k, m1 int, err error) {
	k = s.K
	if err := checkK("screen-ridge", k, p.D); err != nil {
		return 0, 0, err
	}
	if p.M < 2 {
		return 0, 0, paramErr("screen-ridge", "m1", "needs m ≥ 2 examples (one per phase), have %d", p.M)
	}
	m1 = s.M1
	if m1 == 0 {
		m1 = min((30*p.D+k-1)/k, p.M/2)
	}
	if m1 < 1 || m1 > p.M-1 {
		return 0, 0, paramErr("screen-ridge", "m1", "= %d must be in [1, m−1] = [1, %d]", m1, p.M-1)
	}
	if math.IsNaN(s.Lambda) || math.IsInf(s.Lambda, 0) || s.Lambda < 0 {
		return 0, 0, paramErr("screen-ridge", "lambda", "= %g must be positive and finite (or 0 for the default)", s.Lambda)
	}
	return k, m1, nil
}

// Start validates the parameters and returns a learner in phase 1, with
// the budget k per example.
func (s *ScreenRidge) Start(p Problem) (Learner, Budget, error) {
	k, m1, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	l := &screenRidgeLearner{k: k, m1: m1, lambda: s.Lambda, rng: p.Rand, perm: make([]int, p.D),
		n: make([]float64, p.D), mx: make([]float64, p.D), my: make([]float64, p.D), cxx: make([]float64, p.D),
		cxy: make([]float64, p.D), cyy: make([]float64, p.D)}
	for i := range l.perm {
		l.perm[i] = i
	}
	return l, Budget{PerExample: k, Rule: "k per example"}, nil
}

type screenRidgeLearner struct {
	failure
	k, m1, t int
	lambda   float64
	rng      *rand.Rand
	perm     []int // a permutation of 0..d−1; its first k entries are the draw
	// phase 1: per attribute, sums over the examples that revealed it
	// per attribute, over the screening examples that revealed it: the
	// count, the means of x and y and the co-moments Σ(x−x̄)(y−ȳ) etc.,
	// updated online (Welford), free of the cancellation of raw sums
	n, mx, my, cxx, cxy, cyy []float64
	// phase 2
	chosen []int     // the k screened attributes, increasing
	xx, xy []float64 // k×k and k sums of the chosen columns
	x      []float64
	m2     int
	auto   float64 // the default λ resolved by the last Weights call
}

func (l *screenRidgeLearner) Observe(ex *Example) {
	l.t++
	if l.t <= l.m1 {
		l.screen(ex)
		if l.t == l.m1 {
			l.choose()
		}
		return
	}
	y := ex.Label()
	for a, j := range l.chosen {
		l.x[a] = ex.Attr(j)
	}
	k := len(l.chosen)
	for a, xa := range l.x {
		l.xy[a] += xa * y
		row := l.xx[a*k : (a+1)*k]
		for b := a; b < k; b++ {
			row[b] += xa * l.x[b]
		}
	}
	l.m2++
}

// screen reveals k uniformly drawn attributes (a partial Fisher-Yates
// shuffle of perm) and adds them to the correlation sums.
func (l *screenRidgeLearner) screen(ex *Example) {
	y := ex.Label()
	d := len(l.perm)
	for i := range l.k {
		r := i + l.rng.IntN(d-i)
		l.perm[i], l.perm[r] = l.perm[r], l.perm[i]
		j := l.perm[i]
		x := ex.Attr(j)
		l.n[j]++
		dx, dy := x-l.mx[j], y-l.my[j]
		l.mx[j] += dx / l.n[j]
		l.my[j] += dy / l.n[j]
		l.cxx[j] += dx * (x - l.mx[j])
		l.cxy[j] += dx * (y - l.my[j])
		l.cyy[j] += dy * (y - l.my[j])
	}
}

// correlation returns the sample correlation of attribute j with y over
// the screening examples that revealed it (0 if fewer than 2 or no spread).
func (l *screenRidgeLearner) correlation(j int) float64 {
	n := l.n[j]
	if n < 2 {
		return 0
	}
	cxy, cxx, cyy := l.cxy[j], l.cxx[j], l.cyy[j]
	if !(cxx > 0) || !(cyy > 0) {
		return 0
	}
	return cxy / math.Sqrt(cxx*cyy)
}

// choose keeps the k attributes of largest |correlation| (ties: the lower
// index) and prepares phase 2.
func (l *screenRidgeLearner) choose() {
	d := len(l.perm)
	order := make([]int, d)
	r := make([]float64, d)
	for j := range order {
		order[j], r[j] = j, math.Abs(l.correlation(j))
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(r[b], r[a]) })
	l.chosen = slices.Clone(order[:l.k])
	slices.Sort(l.chosen)
	l.xx, l.xy, l.x = make([]float64, l.k*l.k), make([]float64, l.k), make([]float64, l.k)
}

// Weights writes the ridge solution on the chosen columns (0 elsewhere,
// and everywhere before phase 2 has seen an example).
func (l *screenRidgeLearner) Weights(dst []float64) {
	clear(dst)
	if l.m2 == 0 {
		return
	}
	k, inv := len(l.chosen), 1/float64(l.m2)
	C, b := make([]float64, k*k), make([]float64, k)
	var tr float64
	for a := range k {
		for c := a; c < k; c++ {
			v := l.xx[a*k+c] * inv
			C[a*k+c], C[c*k+a] = v, v
		}
		b[a] = l.xy[a] * inv
		tr += C[a*k+a]
	}
	if l.fail(momentsFinite("Gram matrix of the screened columns", C, b)) {
		return
	}
	lambda := l.lambda
	if lambda == 0 {
		l.auto = tr / float64(k*l.m2)
		lambda = l.auto
	}
	if lambda == 0 {
		return // the chosen columns are 0 on every phase-2 example
	}
	w := make([]float64, k)
	if l.fail(ridgePenalised(C, b, k, lambda, w)) {
		return
	}
	for a, j := range l.chosen {
		dst[j] = w[a]
	}
}

// Params reports m1 and the λ used.
func (l *screenRidgeLearner) Params() map[string]float64 {
	lambda := l.lambda
	if lambda == 0 {
		lambda = l.auto
	}
	return map[string]float64{"m1": float64(l.m1), "lambda": lambda}
}

// Diagnostics reports the smallest |correlation| among the chosen columns
// and the largest among the others (how clear the screening was).
func (l *screenRidgeLearner) Diagnostics() map[string]float64 {
	if l.chosen == nil {
		return nil
	}
	in, out := math.Inf(1), 0.0
	for j := range l.perm {
		r := math.Abs(l.correlation(j))
		if _, ok := slices.BinarySearch(l.chosen, j); ok {
			in = min(in, r)
		} else {
			out = max(out, r)
		}
	}
	return map[string]float64{"min_chosen_abs_correlation": in, "max_other_abs_correlation": out}
}
