package lao

import (
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
)

// AELR is Attribute Efficient Lasso Regression (Hazan & Koren 2012,
// Algorithm 2): the EG± (multiplicative weights) algorithm on the
// l1 ball of radius B, driven by an unbiased gradient estimate from k
// uniformly sampled attributes and one attribute sampled with probability
// |w_j|/||w||₁, each coordinate clipped to [−1/η, 1/η], averaged iterate.
//
// Budget: k+1 distinct attributes per example (hard). With prices (ours,
// docs/costs.md) also a cost budget C per example, by default the k+1 most
// expensive attributes. The x̃ draws stay uniform: under the ∞-norm
// criterion of the l1 analysis, the uniform (for equal moments) q minimises
// the second moment per unit of expected cost whatever the prices, once k
// is chosen for the cost; the inner-product draw becomes
// p_j ∝ |w_j|/√c_j, optimal per unit of cost for the worst x with
// ||x||∞ ≤ 1, and the default η shrinks by √(2/(κ+1)), κ =
// PricedInnerL1Factor, the most that draw can raise E[φ̃²].
//
// Theorem 3.4: if ||x||∞ ≤ 1, |y| ≤ B and m ≥ log 2d, with
// η = (1/(4B²))√(2k log(2d)/(5md)), E[L(w̃)] ≤ L(w*) + 4B²√(10 d log(2d)/(km))
// for every ||w*||₁ ≤ B (loss ½(w·x − y)²). See AELRBound.
//
// The weights z⁺, z⁻ are kept as logarithms: they start at 1 and move by
// exp(∓η g̃), so log z⁻ = −log z⁺ and only a = log z⁺ is stored;
// w = B(e^a − e^−a)/Σ(e^a + e^−a), evaluated with a max-shift so that no
// exponential overflows however long the run. This is algebraically
// identical to lines 1, 3, 14 and 15 of the pseudo-code.
type AELR struct {
	// K is k: k uniformly drawn attributes plus one more. K must be in [1, d].
	K int
	// B is the l1 radius. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, Theorem 3.4's
	// (1/(4B²))√(2k log(2d)/(5md)) is used, as stated. (The theorem's proof
	// gives 1/(4B) in place of 1/(4B²); both agree at B = 1.)
	Eta float64
	// Split splits the k+1 attributes evenly between x̃ (⌈(k+1)/2⌉ uniform
	// draws) and w·x (the mean of ⌊(k+1)/2⌋ draws), as Kukliansky &
	// Shamir's experiments did. Off (the default) is Algorithm 2.
	Split bool
	// Prices are the attributes' prices and the cost budgets (ours); with
	// a cost budget, K = 0 takes the largest k whose worst case fits it.
	Prices
}

// Name returns "aelr".
func (s *AELR) Name() string { return "aelr" }

func (s *AELR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = s.Prices.resolveKPlusOne("aelr", s.K, s.B, p.D); err != nil {
		return
	}
	r.o = lassoOpts(s.Split, false, nil)
	def := AELRDefaultEta(p.D, r.k, p.M, r.B)
	if s.priced() { // p_j ∝ |w_j|/√c_j
		r.o.innerC = rootPrices(s.Costs)
		def *= pricedInnerL1Eta(s.Costs)
	}
	r.eta, err = positiveOr("aelr", "eta", s.Eta, def)
	return
}

// Params binds k, B, eta, split, costbudget, predictcostbudget and
// costblind to the struct's fields; the prices are supplied with SetCosts.
func (s *AELR) Params() []Param {
	return append([]Param{
		IntParam("k", &s.K, "attributes drawn uniformly to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l1"),
		stepParam(&s.Eta, "step size", "Theorem 3.4's (1/(4B²))√(2k log(2d)/(5md))",
			func(p Problem) float64 {
				return AELRDefaultEta(p.D, s.Prices.drawsK(s.K, p.D, kPlusOneCount(p.D)), p.M, max(s.B, defaultRadius))
			}),
		splitParam(&s.Split, ""),
	}, s.Prices.priceParams("the k+1 draws")...)
}

// About cites the paper.
func (s *AELR) About() About {
	return About{Paper: paperHK, Algorithm: "Algorithm 2", Budget: "k+1 per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner with z⁺ = z⁻ = 1
// (w_1 = 0) and the budget k+1 per example.
func (s *AELR) Start(p Problem) (Learner, Budget, error) {
	return startL1(s.resolve, &s.Prices, p)
}

// aelrLearner runs AELR and GAELR on the exponentiated-gradient core:
// O(k log d) per example (the plain O(d) transcription of the pseudo-code
// with explicit z⁺, z⁻ is refAELR in the tests, matched iterate for
// iterate).
type aelrLearner struct {
	xEstimator
	z *core.EG // z⁺ = e^u, z⁻ = e^−u, w_t and the running sum
}

// aelrGradient sets g̃ = φ̃·x̃ into xt (Hazan & Koren 2012, Alg. 2 lines 4-11), before
// clipping, and returns φ̃. E[g̃] = (w·x − y)x (Lemma 3.8). With q
// non-nil, x̃ draws its k attributes from q: Kukliansky & Shamir's GAELR (Alg. 3).
func aelrGradient(ex *Example, z l1Sampler, k int, q *aliasTable, rng *rand.Rand, xt *sparseVec) float64 {
	xEstimate(ex, k, q, rng, xt)
	phi := egInnerEstimate(ex, z, rng) - ex.Label()
	for a := range xt.vals {
		xt.vals[a] *= phi
	}
	return phi
}

func (l *aelrLearner) Observe(ex *Example) {
	l.z.Accumulate() // line 3: w_t enters the average
	phi := l.estimate(ex)
	c := 1 / l.eta
	for a, i := range l.xt.idx { // g̃ is zero off idx, so lines 12-16 only move these
		g := max(min(l.xt.vals[a]*phi, c), -c) // clip(g̃[i], 1/η)
		l.z.AddU(i, -l.eta*g)
	}
}

// estimate sets x̃ into xt and returns φ̃ (before clipping, g̃ = φ̃·x̃ is
// unbiased for (w·x − y)x).
func (l *aelrLearner) estimate(ex *Example) float64 {
	return fusedEstimate(ex, &l.xEstimator, absSampler{l.z}, l.z.Lazy) - ex.Label()
}

func (l *aelrLearner) Weights(dst []float64) { l.z.Average(dst) }
