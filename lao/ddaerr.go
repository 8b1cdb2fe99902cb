package lao

import "math"

// DDAERR is Data-Dependent Attribute Efficient Ridge Regression (Kukliansky
// & Shamir 2015, Section 3.1): GAERR (Algorithm 1) with the sampling
// distribution q_i = √E[x_i²] / Σ_j √E[x_j²] (eq. (4)), which minimises
// Lemma 3.4's bound on the gradient estimate's second moment, given the
// attributes' second moments as prior knowledge.
//
// Budget: k+1 distinct attributes per example (hard). With prices (ours,
// docs/costs.md) also a cost budget C per example, by default the k+1 most
// expensive attributes, and x̃ draws with q_j ∝ √(E[x_j²]/c_j), which
// minimises the draw's second moment per unit of expected cost (InnerDD
// draws p_j ∝ |w_j|√(E[x_j²]/c_j) likewise; the default p ∝ w² is optimal
// per unit of cost for the worst x whatever the prices).
//
// Theorem 3.5: if ||x||₂ ≤ 1 and |y| ≤ B, with
// η = 1/√(m((1/k)||E[x²]||_{1/2} + 1)),
// E[L(w̄)] ≤ L(w*) + 4(B²/√m)√((1/k)||E[x²]||_{1/2} + 1) for every
// ||w*||₂ ≤ B (loss ½(w·x − y)²), where ||v||_{1/2} = (Σ_i √v_i)² ≤ d.
// (The paper's text prints η as 1/(√m((1/k)||E[x²]||_{1/2} + 1)) without
// the square root; the stated bound follows from its Theorem 3.1 and
// Lemma 3.4 only with the root, and its Theorem 3.6 writes the two-phase
// step with the root, so we use it. See DDAERRBound.)
type DDAERR struct {
	// K is k, the attributes drawn for x̃ (one more is read for w·x). K
	// must be in [1, d].
	K int
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, Theorem 3.5's, or with adagrad
	// on its base step √2·B, is used.
	Eta float64
	// Moments holds E[x_i²] for i = 1..d (required; see
	// frames.SecondMoments). Attributes with E[x_i²] = 0 are never
	// sampled.
	Moments []float64
	// W1 is the initial iterate; nil means B/(100√d) in every entry (as AERR).
	W1 []float64
	// AdaGrad uses AdaGrad's per-coordinate steps (see AERR.AdaGrad).
	AdaGrad bool
	// Split splits the k+1 attributes evenly between x̃ and w·x (see
	// AERR.Split).
	Split bool
	// InnerDD draws the inner-product attribute with p_j ∝ |w_j|√E[x_j²]
	// and estimates w·x by w_j x_j/p_j, the optimal distribution of
	// Kukliansky & Shamir 2015's page 8 (after Lemma 3.3), instead of
	// p_j = w_j²/||w||₂².
	InnerDD bool
	// Paper selects what Kukliansky & Shamir's experiments ran (their
	// Section 5): InnerDD and Split. Off leaves each to its field.
	Paper bool
	// Prices are the attributes' prices and the cost budgets (ours); with
	// a cost budget, K = 0 takes the largest k whose worst case fits it.
	Prices
}

// Name returns "ddaerr".
func (s *DDAERR) Name() string { return "ddaerr" }

func (s *DDAERR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = s.Prices.resolveKPlusOne("ddaerr", s.K, s.B, p.D); err != nil {
		return
	}
	if err = checkMoments("ddaerr", s.Moments, p.D); err != nil {
		return
	}
	roots, half := rootsOf(s.Moments), HalfNorm(s.Moments)
	if s.priced() { // q_j ∝ √(E[x_j²]/c_j); Theorem 3.5's ||E[x²]||_{1/2} becomes S(q)
		for j, f := range rootPrices(s.Costs) {
			roots[j] *= f
		}
		half = pricedHalf(s.Moments, s.Costs)
	}
	if r.q, err = samplingTable("ddaerr", "Moments", roots, p.D); err != nil {
		return
	}
	split, inner := paperFlags(s.Paper, s.Split, s.InnerDD)
	r.o = ridgeOpts(s.AdaGrad, split, inner, roots)
	r.eta, err = ridgeEta("ddaerr", s.Eta, s.AdaGrad, r.B, DDAERRDefaultEta(r.k, p.M, half))
	return
}

// Params binds k, B, eta, adagrad, split, innerdd, paper, costbudget,
// predictcostbudget and costblind to the struct's fields; the prior Moments
// are supplied with SetMoments, the prices with SetCosts.
func (s *DDAERR) Params() []Param {
	return append([]Param{
		IntParam("k", &s.K, "attributes drawn from q to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l2"),
		// CV centres the step on the uniform solver's theorem step: the
		// data-dependent step needs the moments, which the grid does not see.
		ridgeEtaParam(&s.Eta, &s.AdaGrad, &s.B, s.Split || s.Paper, "step size", "Theorem 3.5's",
			func(p Problem) float64 {
				return AERRDefaultEta(p.D, s.Prices.drawsK(s.K, p.D, kPlusOneCount(p.D)), p.M)
			}),
		adaGradParam(&s.AdaGrad, ""),
		splitParam(&s.Split, ""),
		innerDDParam(&s.InnerDD, "|w_j|√E[x_j²]", "p_j ∝ w_j²"),
		paperParam(&s.Paper, "innerdd and split"),
	}, s.Prices.priceParams("the k+1 draws")...)
}

// About cites the paper.
func (s *DDAERR) About() About {
	return About{Paper: paperKS, Algorithm: "Section 3.1 (GAERR with q ∝ √E[x_i²])", Budget: "k+1 per example", Ball: "l2"}
}

// NeedsMoments reports whether the prior second moments are still missing.
func (s *DDAERR) NeedsMoments() bool { return s.Moments == nil }

// SetMoments supplies the prior second moments E[x_i²].
func (s *DDAERR) SetMoments(m []float64) { s.Moments = m }

// Start validates the parameters and returns a learner at w_1 with the
// budget k+1 per example.
func (s *DDAERR) Start(p Problem) (Learner, Budget, error) {
	return startL2("ddaerr", s.resolve, s.W1, &s.Prices, p)
}

// HalfNorm is ||v||_{1/2} = (Σ_i √v_i)² for v ≥ 0: for the second moments
// v_i = E[x_i²] it is at most d·E||x||₂² (Kukliansky & Shamir 2015, Section 3).
func HalfNorm(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += math.Sqrt(x)
	}
	return s * s
}

// DDAERRDefaultEta is Theorem 3.5's step size 1/√(m((1/k)·half + 1)), with
// half = ||E[x²]||_{1/2}.
func DDAERRDefaultEta(k, m int, half float64) float64 {
	return 1 / math.Sqrt(float64(m)*(half/float64(k)+1))
}

// DDAERRBound is Theorem 3.5's excess-risk bound 4(B²/√m)√(half/k + 1),
// half = ||E[x²]||_{1/2}, for ||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B (½-squared
// loss).
func DDAERRBound(k, m int, B, half float64) float64 {
	return 4 * B * B / math.Sqrt(float64(m)) * math.Sqrt(half/float64(k)+1)
}
