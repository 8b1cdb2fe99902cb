package lao

import (
	"math"

	"github.com/laoproject/lao/lao/internal/core"
)

// GAELR is General Attribute Efficient Lasso Regression (Kukliansky &
// Shamir 2015, Algorithm 3): AELR (Hazan & Koren 2012, Alg. 2) with the k
// attributes that estimate x drawn independently from a distribution q,
// x̃ = (1/k) Σ_r x[i_r]/q_{i_r}·e_{i_r}; the inner product is estimated from
// one attribute drawn with probability |w_j|/||w||₁; each coordinate of
// g̃ = φ̃x̃ is clipped to [−1/η, 1/η] and drives the EG± weights
// z^± ← z^± exp(∓η ḡ), w = B(z⁺ − z⁻)/(||z⁺||₁ + ||z⁻||₁); the output is
// the average of w_1..w_m. AELR is GAELR with q_i = 1/d; DDAELR is GAELR
// with q_i ∝ E[x_i²] (Lemma 4.3).
//
// Budget: k+1 distinct attributes per example (hard).
//
// Theorem 4.1 of Kukliansky & Shamir 2015: if ||x||∞ ≤ 1, |y| ≤ B, ||E[g̃²]||∞ ≤ G² and
// η ≤ 1/(2G), E[L(w̄)] ≤ L(w*) + B(log(2d)/(ηm) + 5ηG²) for every
// ||w*||₁ ≤ B (loss ½(w·x − y)²); Lemma 4.5 gives
// G² ≤ 4B²((1/k) max_i E[x_i²]/q_i + 1).
type GAELR struct {
	// K is k, the attributes drawn for x̃ (one more is read for w·x). K
	// must be in [1, d].
	K int
	// B is the l1 radius. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, the minimiser of Theorem 4.1's
	// bound for the worst case of q is used: with Lemma 4.5's G² and
	// max_i E[x_i²]/q_i ≤ 1/min_{q_i>0} q_i (since ||x||∞ ≤ 1),
	// η = (1/(2B))√(log(2d)/(5m(1/(k·min q) + 1))).
	Eta float64
	// Sampling is q: given, uniform, or from the prior second moments.
	Sampling
}

// Name returns "gaelr".
func (s *GAELR) Name() string { return "gaelr" }

func (s *GAELR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = resolveGeneral("gaelr", s.K, s.B, s.Sampling, p); err != nil {
		return
	}
	minQ := minPositive(r.q.q)
	def := 1 / (2 * r.B) * math.Sqrt(math.Log(2*float64(p.D))/(5*float64(p.M)*(1/(float64(r.k)*minQ)+1)))
	r.eta, err = positiveOr("gaelr", "eta", s.Eta, def)
	return
}

// Params binds k, B, eta and qpower to the struct's fields.
func (s *GAELR) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes drawn from q to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l1"),
		stepParam(&s.Eta, "step size", "the minimiser of Theorem 4.1's bound for the worst case of q",
			func(p Problem) float64 { return AELRDefaultEta(p.D, s.K, p.M, max(s.B, defaultRadius)) }),
		FloatParam("qpower", &s.QPower, "if Q is nil: q_i ∝ E[x_i²]^qpower from the prior moments (0: uniform, 1: DDAELR's)", nil),
	}
}

// About cites the paper.
func (s *GAELR) About() About {
	return About{Paper: paperKS, Algorithm: "Algorithm 3 (GAELR, any sampling distribution q)", Budget: "k+1 per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner with z⁺ = z⁻ = 1
// (w_1 = 0) and the budget k+1 per example.
func (s *GAELR) Start(p Problem) (Learner, Budget, error) {
	return startL1(s.resolve, nil, p)
}

// newGAELRLearner returns the GAELR learner for the budget k+1 with
// options o (o.r < 0: split the budget), at z (nil: z⁺ = z⁻ = 1, w_1 = 0).
func newGAELRLearner(q *aliasTable, k int, B, eta float64, p Problem, o estOpts, z *core.EG) *aelrLearner {
	kx := o.withSplit(k)
	if z == nil {
		z = core.NewEG(p.D, B)
	}
	if o.innerC != nil {
		z.EnableWeighted(o.innerC)
	}
	return &aelrLearner{xEstimator{q: q, k: kx, o: o, B: B, eta: eta, rng: p.Rand, xt: newSparseVec(p.D)}, z}
}

// GAELRBound is Kukliansky & Shamir's Theorem 4.1: B(log(2d)/(ηm) + 5ηG²) with
// G² = 4B²(S/k + 1), S = max_i E[x_i²]/q_i (valid for η ≤ 1/(2G)).
func GAELRBound(d, k, m int, B, eta, S float64) float64 {
	G2 := 4 * B * B * (S/float64(k) + 1)
	return B * (math.Log(2*float64(d))/(eta*float64(m)) + 5*eta*G2)
}
