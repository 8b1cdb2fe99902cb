package lao

import (
	"math"
	"math/rand/v2"
)

// AdaptiveScreen is screening that keeps learning, not an algorithm of the
// papers: a budget-honest refinement of ScreenRidge that fits on every cell
// any example revealed.
//
// Warm-up, on the first m₀ examples: k attributes drawn uniformly without
// replacement. Afterwards every example reveals the k attributes whose
// correlation with the label, estimated on every cell revealed so far, is
// largest in absolute value; the ranking is renewed every Period examples,
// so a column that only looked good in the warm-up loses its place as
// evidence accumulates (ScreenRidge decides once, on its first phase, and
// never revisits). The inclusion probabilities are known at every step (the
// design depends on the past only), as Horvitz-Thompson estimation needs.
//
// Fit: ridge on the k columns T it reads at the end (during the warm-up,
// the k ranked first); when fewer than CompleteCases·k examples revealed
// exactly those (a ranking changed late, or a small table), on the set of
// k columns the most examples revealed exactly, if k examples or more and
// a tenth of the examples revealed it (the columns read longest; see
// longestCases). On the tables of docs/results.md this fallback took the
// error down by up to 0.03 of the zero predictor's, and up in no cell by
// more than 0.003, when it needed CompleteCases·k examples; needing k (and
// a tenth), ridge's penalty making so few rows usable, it took the 16-row
// longley table's from 0.30 to 0.10 at k = 2 and from 0.17 to 0.12 at
// k = 4, and the 51-row statecrime table's from 0.43 to 0.39 at k = 2 but
// up from 0.51 to 0.55 at k = 4, within noise. On the complete cases of a
// set (every example after the warm-up reveals the columns ranked first at
// its time, chosen from earlier examples only) the second moments of the
// set and their moments with the label are the means over those examples:
// one sample of rows, independent of the choice of the set at each step,
// so its moments are unbiased and form a covariance matrix of that sample
// (positive semi-definite, consistent across its entries). Otherwise
// (early in the run, when no set was read by enough examples) they are the
// means over every example that revealed the pair (or the column), warm-up
// included: the available-case estimator, which is unbiased when the
// design does not depend on the data (the warm-up) and carries, after
// it, the selection effect of an adaptive design (a column revealed more
// often because it looked good early; the effect shrinks as its cells
// accumulate). Each off-diagonal entry is shrunk toward 0 by n/(n + n₀),
// n the examples that revealed the pair and n₀ = PairPrior, Σ̂_T is
// projected onto the PSD cone (it is pieced together from different
// examples). With either estimate ridge solves (Σ̂_T₊ + μI) w = γ̂_T with
// μ = λ·tr(Σ̂_T₊)/k. Pieced together, the available-case moments of highly
// correlated columns are inconsistent enough to mislead ridge: on the
// macroeconomic table of docs/results.md (columns correlated at 0.99) the
// complete cases took the test error from 0.060 to 0.029 of the zero
// predictor's at k = 4. The model predicts from k attributes.
//
// Budget: k per example (hard); at prediction time, k attributes.
type AdaptiveScreen struct {
	// K is k: attributes per example, and in the model; in [1, d].
	K int
	// Warm is m₀, the uniform warm-up, in [1, m]. If Warm is 0,
	// m₀ = min(⌈10d/k⌉, ⌊m/2⌋): about 10 observations per attribute,
	// a third of ScreenRidge's screening phase.
	Warm int
	// Period is the number of examples between two rankings after the
	// warm-up. If Period is 0, ⌈d/k⌉.
	Period int
	// Lambda is the ridge penalty λ relative to the mean eigenvalue of
	// Σ̂_T₊. If Lambda is 0, λ = 1/√m.
	Lambda float64
}

// Name returns "adaptive-screen".
func (s *AdaptiveScreen) Name() string { return "adaptive-screen" }

// Params binds k, warm, period and lambda to the struct's fields; lambda is
// tuned by cross-validation around its default.
func (s *AdaptiveScreen) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example and in the model; in [1, d]"),
		IntParam("warm", &s.Warm, "uniform warm-up examples").withDefault("min(⌈10d/k⌉, ⌊m/2⌋)"),
		IntParam("period", &s.Period, "examples between two rankings after the warm-up").withDefault("⌈d/k⌉"),
		FloatParam("lambda", &s.Lambda, "ridge penalty relative to the mean eigenvalue of the chosen columns' moments",
			&Tune{Factors: correctedFactors, Center: func(p Problem) float64 { return 1 / math.Sqrt(float64(max(p.M, 1))) }}).
			withDefault("1/√m"),
	}
}

// About describes the solver.
func (s *AdaptiveScreen) About() About {
	return About{Paper: "practical method (this module); moments of Loh & Wainwright, Annals of Statistics 2012, on an adaptive design",
		Algorithm: "uniform warm-up, then the current top k by |correlation| re-ranked on every revealed cell; ridge on the final top k from the examples that read exactly them (at least 10 per column), else on the set read longest if k examples and a tenth of all read it, else from every revealed cell",
		Budget:    "k per example", Ball: "l2"}
}

func (s *AdaptiveScreen) resolve(p Problem) (k, warm, period int, lambda float64, err error) {
	k = s.K
	if err = checkK("adaptive-screen", k, p.D); err != nil {
		return
	}
	warm = s.Warm
	if warm == 0 {
		warm = max(1, min((10*p.D+k-1)/k, p.M/2))
	}
	if warm < 1 || warm > p.M {
		err = paramErr("adaptive-screen", "warm", "= %d must be in [1, m] = [1, %d]", warm, p.M)
		return
	}
	period = s.Period
	if period == 0 {
		period = (p.D + k - 1) / k
	}
	if period < 1 {
		err = paramErr("adaptive-screen", "period", "= %d must be at least 1", period)
		return
	}
	lambda, err = positiveOr("adaptive-screen", "lambda", s.Lambda, 1/math.Sqrt(float64(p.M)))
	return
}

// Start validates the parameters and returns a learner in its warm-up,
// with the budget k per example.
func (s *AdaptiveScreen) Start(p Problem) (Learner, Budget, error) {
	k, warm, period, lambda, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	d := p.D
	l := &adaptiveScreenLearner{k: k, warm: warm, period: period, lambda: lambda, rng: p.Rand,
		perm: make([]int, d), x: make([]float64, k), cells: newRevealedCells(d, p.M, k), cases: newCompleteCases(k), corr: newColumnCorr(d)}
	for i := range l.perm {
		l.perm[i] = i
	}
	return l, Budget{PerExample: k, Predict: k, Rule: "k per example"}, nil
}

type adaptiveScreenLearner struct {
	failure
	k, warm, period, t int
	lambda             float64
	rng                *rand.Rand
	perm               []int
	x                  []float64
	top                []int // the columns read after the warm-up, increasing
	cells              *revealedCells
	cases              *completeCases
	corr               *columnCorr
	mu                 float64
}

func (l *adaptiveScreenLearner) Observe(ex *Example) {
	var idx []int
	if l.t < l.warm {
		idx = drawUniform(ex, l.k, l.perm, l.x, l.rng)
	} else {
		if (l.t-l.warm)%l.period == 0 {
			l.top = l.corr.top(l.k)
		}
		idx = l.top
		for a, j := range idx {
			l.x[a] = ex.Attr(j)
		}
	}
	l.t++
	y := ex.Label()
	l.cells.add(idx, l.x, y)
	l.cases.add(idx, l.x, y)
	for a, j := range idx {
		l.corr.add(j, l.x[a], y)
	}
}

// Weights writes the ridge fit on the columns it reads (during the
// warm-up, the current top k): from their complete cases when there are
// CompleteCases per column, else on the set of k columns read longest if
// enough examples read it (longestCases), else from every revealed cell;
// 0 before the first example.
func (l *adaptiveScreenLearner) Weights(dst []float64) {
	clear(dst)
	if l.t == 0 {
		return
	}
	T := l.top
	if T == nil {
		T = l.corr.top(l.k)
	}
	C, b, n := l.cases.moments(T)
	complete := n >= CompleteCases*float64(len(T))
	if !complete { // too few: the set read longest, if enough examples read it
		if S, nS := l.cases.mostCases(); len(S) == len(T) && nS >= longestCases(len(S), l.t) {
			T, complete = S, true
			C, b, _ = l.cases.moments(T)
		}
	}
	if !complete {
		C, b = pooledMoments(l.cells, T)
		shrinkRare(C, l.cells, T)
	}
	if l.fail(momentsFinite("moments of the screened columns", C, b)) {
		return
	}
	w := make([]float64, len(T))
	var err error
	if l.mu, err = psdRidge(C, b, len(T), len(T), l.lambda, w); l.fail(err) {
		return
	}
	for a, j := range T {
		dst[j] = w[a]
	}
}

// CompleteCases is how many examples per column of T must have revealed
// exactly the columns T for AdaptiveScreen to fit on them rather than on
// the set read longest: about 10 observations per coefficient, the rule of
// thumb that also sets its warm-up.
const CompleteCases = 10

// longestCases is how many examples must have read the set of k columns
// read longest, after t examples, for AdaptiveScreen to fit on it rather
// than on every revealed cell: k, and a tenth of the examples so far, and
// never more than CompleteCases·k. A short sample of rows, which ridge's
// penalty makes usable, beats moments pieced together from different
// examples on a small table; on a large one the cells pieced together are
// many more than a few dozen rows.
func longestCases(k, t int) float64 {
	return float64(min(CompleteCases*k, max(k, t/CompleteCases)))
}

// PairPrior is the count n₀ of AdaptiveScreen's shrinkage: the fit
// multiplies the moment of a pair of columns revealed together on n
// examples by n/(n + n₀).
const PairPrior = 10

// shrinkRare shrinks the off-diagonal entries of the moments C of the
// columns T toward 0 by n/(n + PairPrior), n the examples that revealed
// the pair. Moments pieced together from different examples are not those
// of any one sample; where a pair was seen together a few times (two
// neighbouring pixels, one read since the warm-up, the other only in it)
// the mismatch made ridge with a small penalty cancel two huge weights.
func shrinkRare(C []float64, c *revealedCells, T []int) {
	n := len(T)
	for a, j := range T {
		for q := a + 1; q < n; q++ {
			_, cnt := c.sum(j, T[q])
			f := cnt / (cnt + PairPrior)
			C[a*n+q] *= f
			C[q*n+a] *= f
		}
	}
}

// pooledMoments returns the available-case moments of the columns T: for
// every pair the mean of x_j x_l over the examples that revealed both (0 if
// none did), for every column the mean of x_j y over those that revealed it.
func pooledMoments(c *revealedCells, T []int) (C, b []float64) {
	n := len(T)
	C, b = make([]float64, n*n), make([]float64, n)
	for a, j := range T {
		if s, cnt := c.sum(j, j); cnt > 0 {
			b[a] = c.lin(j) / cnt
			C[a*n+a] = s / cnt
		}
		for q := a + 1; q < n; q++ {
			if s, cnt := c.sum(j, T[q]); cnt > 0 {
				C[a*n+q], C[q*n+a] = s/cnt, s/cnt
			}
		}
	}
	return C, b
}

// Params reports the resolved warm-up, period and penalties.
func (l *adaptiveScreenLearner) Params() map[string]float64 {
	return map[string]float64{"warm": float64(l.warm), "period": float64(l.period), "lambda": l.lambda, "mu": l.mu}
}

// roundScore rounds a score in [0, 1] to 9 decimals.
func roundScore(v float64) float64 { return math.Round(v*1e9) / 1e9 }
