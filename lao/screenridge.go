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
//
// With prices (ours, docs/costs.md) an example also costs at most C
// (CostBudget; by default the k most expensive attributes): phase 1 reads
// the attributes of a random order while they fit (skipping one that does
// not), at most k; phase 2 keeps at most k attributes costing at most C and
// at most C' (PredictCostBudget, if set), greedily by |r_j| (r_j the
// screened correlation) and, priced, also greedily by value per price
// r_j²/c_j, keeping the selection with the larger Σ r_j². With K
// = 0 and a cost budget there is no count limit but the budget's.
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
	// Prices are the attributes' prices and the cost budgets (ours).
	Prices
}

// Name returns "screen-ridge".
func (s *ScreenRidge) Name() string { return "screen-ridge" }

// Params binds k, m1, lambda, costbudget, predictcostbudget and costblind
// to the struct's fields; lambda is tuned by cross-validation on Ridge's
// range; the prices are supplied with SetCosts.
func (s *ScreenRidge) Params() []Param {
	return append([]Param{
		IntParam("k", &s.K, "attributes per example (screening and fit) and in the model; in [1, d]"),
		IntParam("m1", &s.M1, "screening examples").withDefault("min(⌈30d/k⌉, ⌊m/2⌋)"),
		FloatParam("lambda", &s.Lambda, "ridge penalty of phase 2", &Tune{Values: ridgeLambdaValues}).withDefault("tr(C_S)/(k·m2)"),
	}, s.Prices.priceParams("k attributes")...)
}

// About describes the baseline.
func (s *ScreenRidge) About() About {
	return About{Paper: "practical baseline (this module)", Algorithm: "screen by correlation on k random attributes per example, then ridge on the k best",
		Budget: "k per example", Ball: "l2"}
}

// resolve validates the parameters against p and resolves the defaults:
// k (d when a cost budget replaces it), m1 and the cost budget.
func (s *ScreenRidge) resolve(p Problem) (k, m1 int, cost float64, err error) {
	if err := s.Prices.check("screen-ridge", p.D); err != nil {
		return 0, 0, 0, err
	}
	k, keff := s.K, s.K
	switch {
	case s.Costs != nil && k == 0 && s.CostBudget > 0:
		k, cost = p.D, s.CostBudget
		keff = min(p.D, max(1, int(cost/meanOf(s.Costs)*(1+costSlack)))) // what C buys at the mean price
	default:
		if err := checkK("screen-ridge", k, p.D); err != nil {
			return 0, 0, 0, err
		}
		if s.Costs != nil {
			if cost = s.CostBudget; cost == 0 {
				cost = WorstCaseCost(s.Costs, k)
			}
		}
	}
	if p.M < 2 {
		return 0, 0, 0, paramErr("screen-ridge", "m1", "needs m ≥ 2 examples (one per phase), have %d", p.M)
	}
	m1 = s.M1
	if m1 == 0 {
		m1 = min((30*p.D+keff-1)/keff, p.M/2)
	}
	if m1 < 1 || m1 > p.M-1 {
		return 0, 0, 0, paramErr("screen-ridge", "m1", "= %d must be in [1, m−1] = [1, %d]", m1, p.M-1)
	}
	if math.IsNaN(s.Lambda) || math.IsInf(s.Lambda, 0) || s.Lambda < 0 {
		return 0, 0, 0, paramErr("screen-ridge", "lambda", "= %g must be positive and finite (or 0 for the default)", s.Lambda)
	}
	return k, m1, cost, nil
}

// Start validates the parameters and returns a learner in phase 1, with
// the budget k per example.
func (s *ScreenRidge) Start(p Problem) (Learner, Budget, error) {
	k, m1, cost, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	l := &screenRidgeLearner{k: k, m1: m1, lambda: s.Lambda, rng: p.Rand, perm: make([]int, p.D),
		costs: s.Costs, cost: cost, cprime: s.PredictCostBudget, priced: s.priced(), corr: newColumnCorr(p.D)}
	for i := range l.perm {
		l.perm[i] = i
	}
	return l, s.Prices.budget(Budget{PerExample: k, Rule: "k per example"}, cost), nil
}

type screenRidgeLearner struct {
	failure
	k, m1, t int
	lambda   float64
	rng      *rand.Rand
	perm     []int // a permutation of 0..d−1; its first k entries are the draw
	// phase 1: per attribute, over the screening examples that revealed
	// it, the count, the means of x and y and the co-moments (Welford)
	corr *columnCorr
	// phase 2
	chosen []int     // the k screened attributes, increasing
	xx, xy []float64 // k×k and k sums of the chosen columns
	x      []float64
	m2     int
	auto   float64 // the default λ resolved by the last Weights call
	// prices (ours): nil costs, the paper-free unpriced baseline
	costs        []float64
	cost, cprime float64 // C per example, C' for the model (0: none)
	priced       bool    // phase 2 by r_j²/c_j, else by |r_j|
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
	read, spent, cheapest := 0, 0.0, 0.0
	if l.costs != nil {
		cheapest = slices.Min(l.costs)
	}
	for i := 0; i < d && read < l.k; i++ {
		if l.costs != nil && !fitsBudget(spent+cheapest, l.cost) {
			break // nothing more fits: no more draws
		}
		r := i + l.rng.IntN(d-i)
		l.perm[i], l.perm[r] = l.perm[r], l.perm[i]
		j := l.perm[i]
		if l.costs != nil {
			if !fitsBudget(spent+l.costs[j], l.cost) {
				continue // too dear for what is left of this example's budget
			}
			spent += l.costs[j]
		}
		read++
		l.corr.add(j, ex.Attr(j), y)
	}
}

// choose keeps the k attributes of largest |correlation| (ties: the lower
// index) and prepares phase 2.
func (l *screenRidgeLearner) choose() {
	d := len(l.perm)
	order := make([]int, d)
	r := make([]float64, d)
	for j := range order {
		order[j], r[j] = j, l.corr.abs(j)
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(r[b], r[a]) })
	l.chosen = l.affordable(order)
	if l.priced { // also by value per price r_j²/c_j; keep the selection holding more of Σ r_j²
		perPrice, key := make([]int, d), make([]float64, d)
		for j := range key {
			perPrice[j], key[j] = j, r[j]*r[j]/l.costs[j]
		}
		slices.SortStableFunc(perPrice, func(a, b int) int { return cmp.Compare(key[b], key[a]) })
		if alt := l.affordable(perPrice); sumSquares(r, alt) > sumSquares(r, l.chosen) {
			l.chosen = alt
		}
	}
	slices.Sort(l.chosen)
	k := len(l.chosen)
	l.xx, l.xy, l.x = make([]float64, k*k), make([]float64, k), make([]float64, k)
}

// affordable returns the first k attributes of order (unpriced), or those
// of order kept greedily while at most k cost at most C and C' (priced).
func (l *screenRidgeLearner) affordable(order []int) []int {
	if l.costs == nil {
		return slices.Clone(order[:l.k])
	}
	budget := l.cost
	if l.cprime > 0 {
		budget = min(budget, l.cprime)
	}
	var chosen []int
	var spent float64
	for _, j := range order {
		if len(chosen) < l.k && fitsBudget(spent+l.costs[j], budget) {
			chosen = append(chosen, j)
			spent += l.costs[j]
		}
	}
	return chosen
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
	return map[string]float64{"k": float64(l.k), "m1": float64(l.m1), "lambda": lambda}
}

// Diagnostics reports the smallest |correlation| among the chosen columns
// and the largest among the others (how clear the screening was).
func (l *screenRidgeLearner) Diagnostics() map[string]float64 {
	if l.chosen == nil {
		return nil
	}
	in, out := math.Inf(1), 0.0
	for j := range l.perm {
		r := l.corr.abs(j)
		if _, ok := slices.BinarySearch(l.chosen, j); ok {
			in = min(in, r)
		} else {
			out = max(out, r)
		}
	}
	return map[string]float64{"min_chosen_abs_correlation": in, "max_other_abs_correlation": out}
}
