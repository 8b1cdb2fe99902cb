package lao

import "math"

// DDAELR is Data-Dependent Attribute Efficient Lasso Regression (Kukliansky
// & Shamir 2015, Section 4.1): GAELR (Algorithm 3) with the sampling
// distribution q_i = E[x_i²] / Σ_j E[x_j²] (Lemma 4.3), which minimises
// Lemma 4.5's bound on the largest coordinate of E[g̃²], given the
// attributes' second moments as prior knowledge. (Note the moments
// themselves, not their square roots as in DDAERR.)
//
// Budget: k+1 distinct attributes per example (hard). With prices (ours,
// docs/costs.md) also a cost budget C per example, by default the k+1 most
// expensive attributes. The x̃ draws keep q ∝ E[x_i²]: under Lemma 4.3's
// ∞-norm criterion it minimises the draw's second moment per unit of
// expected cost whatever the prices (once k is chosen for the cost). The
// inner-product draw is priced: p_j ∝ |w_j|/√c_j (with InnerDD
// p_j ∝ |w_j|√(E[x_j²]/c_j)), and without InnerDD the default η shrinks as
// AELR's does.
//
// Theorem 4.6: if ||x||∞ ≤ 1, |y| ≤ B and m ≥ log 2d, with
// η = (1/(2B))√(log(2d)/(5m((1/k)||E[x²]||₁ + 1))),
// E[L(w̄)] ≤ L(w*) + 4B²√(5 log(2d)((1/k)||E[x²]||₁ + 1)/m) for every
// ||w*||₁ ≤ B (loss ½(w·x − y)²), where ||E[x²]||₁ ≤ d. See DDAELRBound.
type DDAELR struct {
	// K is k, the attributes drawn for x̃ (one more is read for w·x). K
	// must be in [1, d].
	K int
	// B is the l1 radius. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, Theorem 4.6's is used.
	Eta float64
	// Moments holds E[x_i²] for i = 1..d (required; see
	// frames.SecondMoments). Attributes with E[x_i²] = 0 are never
	// sampled.
	Moments []float64
	// Split splits the k+1 attributes evenly between x̃ and w·x (see
	// AELR.Split).
	Split bool
	// InnerDD draws the inner-product attribute with p_j ∝ |w_j|√E[x_j²]
	// (Kukliansky & Shamir 2015, Section 4.1: "the optimal sampling
	// probabilities remain" those of page 8) instead of p_j = |w_j|/||w||₁.
	InnerDD bool
	// Paper selects what the paper's experiments ran (Section 5): InnerDD
	// and Split.
	Paper bool
	// Prices are the attributes' prices and the cost budgets (ours); with
	// a cost budget, K = 0 takes the largest k whose worst case fits it.
	Prices
}

// Name returns "ddaelr".
func (s *DDAELR) Name() string { return "ddaelr" }

func (s *DDAELR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = s.Prices.resolveKPlusOne("ddaelr", s.K, s.B, p.D); err != nil {
		return
	}
	if err = checkMoments("ddaelr", s.Moments, p.D); err != nil {
		return
	}
	if r.q, err = samplingTable("ddaelr", "Moments", s.Moments, p.D); err != nil {
		return
	}
	split, inner := paperFlags(s.Paper, s.Split, s.InnerDD)
	r.o = lassoOpts(split, inner, rootsOf(s.Moments))
	var l1 float64
	for _, v := range s.Moments {
		l1 += v
	}
	def := DDAELRDefaultEta(p.D, r.k, p.M, r.B, l1)
	if s.priced() { // p_j ∝ |w_j|/√c_j, or |w_j|√(E[x_j²]/c_j) with innerdd
		f := rootPrices(s.Costs)
		if inner {
			for j := range f {
				f[j] *= r.o.innerC[j]
			}
		} else {
			def *= pricedInnerL1Eta(s.Costs)
		}
		r.o.innerC = f
	}
	r.eta, err = positiveOr("ddaelr", "eta", s.Eta, def)
	return
}

// checkMoments validates prior second moments: present, length d, finite
// and ≥ 0.
func checkMoments(solver string, m []float64, d int) error {
	if m == nil {
		return paramErr(solver, "Moments", "is required: the second moments E[x_i²] of the d attributes (e.g. frames.SecondMoments of the training data)")
	}
	if len(m) != d {
		return paramErr(solver, "Moments", "has length %d, want d = %d", len(m), d)
	}
	for i, v := range m {
		if !(v >= 0) || math.IsInf(v, 0) {
			return paramErr(solver, "Moments", "entry %d = %g, want finite and ≥ 0", i, v)
		}
	}
	return nil
}

// Params binds k, B, eta, split, innerdd, paper, costbudget,
// predictcostbudget and costblind to the struct's fields; the prior Moments
// are supplied with SetMoments, the prices with SetCosts.
func (s *DDAELR) Params() []Param {
	return append([]Param{
		IntParam("k", &s.K, "attributes drawn from q to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l1"),
		// CV centres the step on the uniform solver's theorem step: the
		// data-dependent step needs the moments, which the grid does not see.
		stepParam(&s.Eta, "step size", "Theorem 4.6's",
			func(p Problem) float64 {
				return AELRDefaultEta(p.D, s.Prices.drawsK(s.K, p.D, kPlusOneCount(p.D)), p.M, max(s.B, defaultRadius))
			}),
		splitParam(&s.Split, ""),
		innerDDParam(&s.InnerDD, "|w_j|√E[x_j²]", "p_j ∝ |w_j|"),
		paperParam(&s.Paper, "innerdd and split"),
	}, s.Prices.priceParams("the k+1 draws")...)
}

// About cites the paper.
func (s *DDAELR) About() About {
	return About{Paper: paperKS, Algorithm: "Section 4.1 (GAELR with q ∝ E[x_i²])", Budget: "k+1 per example", Ball: "l1"}
}

// NeedsMoments reports whether the prior second moments are still missing.
func (s *DDAELR) NeedsMoments() bool { return s.Moments == nil }

// SetMoments supplies the prior second moments E[x_i²].
func (s *DDAELR) SetMoments(m []float64) { s.Moments = m }

// Start validates the parameters and returns a learner at z⁺ = z⁻ = 1 (w_1 = 0) with the
// budget k+1 per example.
func (s *DDAELR) Start(p Problem) (Learner, Budget, error) {
	return startL1(s.resolve, &s.Prices, p)
}

// DDAELRDefaultEta is Theorem 4.6's step size
// (1/(2B))√(log(2d)/(5m(l1/k + 1))), l1 = ||E[x²]||₁.
func DDAELRDefaultEta(d, k, m int, B, l1 float64) float64 {
	return 1 / (2 * B) * math.Sqrt(math.Log(2*float64(d))/(5*float64(m)*(l1/float64(k)+1)))
}

// DDAELRBound is Theorem 4.6's bound 4B²√(5 log(2d)(l1/k + 1)/m),
// l1 = ||E[x²]||₁, for ||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m ≥ log 2d.
func DDAELRBound(d, k, m int, B, l1 float64) float64 {
	return 4 * B * B * math.Sqrt(5*math.Log(2*float64(d))*(l1/float64(k)+1)/float64(m))
}
