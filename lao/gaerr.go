package lao

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao/internal/core"
	"gonum.org/v1/gonum/floats"
)

// GAERR is General Attribute Efficient Ridge Regression (Kukliansky &
// Shamir 2015, Algorithm 1): AERR (Hazan & Koren 2012, Alg. 1) with the k
// attributes that estimate x drawn independently from a distribution q
// instead of uniformly, x̃ = (1/k) Σ_r x[i_r]/q_{i_r}·e_{i_r} (eq. (1)); the
// inner product is estimated from one attribute drawn with probability
// w_j²/||w||₂², the step is w ← Π_B(w − η φ̃x̃), and the output is the
// average of w_1..w_m. AERR is GAERR with q_i = 1/d; DDAERR is GAERR with
// q_i ∝ √E[x_i²] (eq. (4)).
//
// Budget: k+1 distinct attributes per example (hard).
//
// Theorem 3.1 of Kukliansky & Shamir 2015: if ||x||₂ ≤ 1, |y| ≤ B and E||g̃||² ≤ G²,
// E[L(w̄)] ≤ L(w*) + 2B²/(ηm) + ηG²/2 for every ||w*||₂ ≤ B (loss
// ½(w·x − y)²); Lemma 3.4 gives G² ≤ 4B²((1/k)Σ_i E[x_i²]/q_i + 1).
// Attributes with q_i = 0 are never observed, so the estimate is unbiased
// only if those attributes are always 0.
type GAERR struct {
	// K is k, the attributes drawn for x̃ (one more is read for w·x). K
	// must be in [1, d].
	K int
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, the minimiser of Theorem 3.1's
	// bound for the worst case of q is used: with Lemma 3.4's G² and
	// Σ_i E[x_i²]/q_i ≤ 1/min_{q_i>0} q_i (since ||x||₂ ≤ 1),
	// η = 1/√(m(1/(k·min q) + 1)).
	Eta float64
	// Sampling is q: given, uniform, or from the prior second moments.
	Sampling
	// W1 is the initial iterate; nil means B/(100√d) in every entry (as AERR).
	W1 []float64
}

// Name returns "gaerr".
func (s *GAERR) Name() string { return "gaerr" }

func (s *GAERR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = resolveGeneral("gaerr", s.K, s.B, s.Sampling, p); err != nil {
		return
	}
	def := 1 / math.Sqrt(float64(p.M)*(1/(float64(r.k)*minPositive(r.q.q))+1))
	r.eta, err = positiveOr("gaerr", "eta", s.Eta, def)
	return
}

// resolveGeneral validates what GAERR and GAELR share (k, B and the
// sampling distribution: Q, or q_i ∝ E[x_i²]^qpower, or uniform), builds
// q's alias table and selects the algorithms as specified (no variant
// options, no prices).
func resolveGeneral(solver string, k int, B float64, s Sampling, p Problem) (kPlusOneRun, error) {
	if err := checkK(solver, k, p.D); err != nil {
		return kPlusOneRun{}, err
	}
	B, err := positiveOr(solver, "B", B, defaultRadius)
	if err != nil {
		return kPlusOneRun{}, err
	}
	Q := s.Q
	if Q == nil && s.QPower != 0 {
		if Q, err = powerSampling(solver, s.Moments, s.QPower, p.D); err != nil {
			return kPlusOneRun{}, err
		}
	}
	q, err := samplingTable(solver, "Q", Q, p.D)
	return kPlusOneRun{k: k, B: B, q: q, o: estOpts{r: 1}}, err
}

// Sampling is the sampling distribution q of GAERR and GAELR (Kukliansky &
// Shamir 2015, Algorithms 1 and 3): given, uniform, or derived from the
// prior second moments. The zero value is uniform.
type Sampling struct {
	// Q is the sampling distribution (length d, entries ≥ 0, positive sum;
	// normalised here). Nil means uniform, unless QPower is set.
	Q []float64
	// QPower, used only if Q is nil and non-zero, derives q from the prior
	// second moments: q_i ∝ E[x_i²]^QPower (½ gives DDAERR's q, 1
	// DDAELR's). It makes q reachable from the command line and
	// cross-validation.
	QPower float64
	// Moments holds E[x_i²] for QPower (see frames.WithPriors).
	Moments []float64
}

// NeedsMoments reports whether q must still be derived from prior moments
// (Q nil, QPower non-zero, Moments nil).
func (s *Sampling) NeedsMoments() bool { return s.Q == nil && s.QPower != 0 && s.Moments == nil }

// SetMoments supplies the second moments that q_i ∝ E[x_i²]^QPower uses.
func (s *Sampling) SetMoments(m []float64) { s.Moments = m }

// samplingTable validates a sampling distribution (nil: uniform) and builds
// its alias table.
func samplingTable(solver, field string, q []float64, d int) (*aliasTable, error) {
	if q == nil {
		q = make([]float64, d)
		for i := range q {
			q[i] = 1
		}
	}
	if len(q) != d {
		return nil, paramErr(solver, field, "has length %d, want d = %d", len(q), d)
	}
	t, err := newAliasTable(q)
	if err != nil {
		return nil, paramErr(solver, field, "%v", err)
	}
	return t, nil
}

// Params binds k, B, eta and qpower to the struct's fields.
func (s *GAERR) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes drawn from q to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l2"),
		stepParam(&s.Eta, "step size", "the minimiser of Theorem 3.1's bound for the worst case of q",
			func(p Problem) float64 { return AERRDefaultEta(p.D, s.K, p.M) }),
		FloatParam("qpower", &s.QPower, "if Q is nil: q_i ∝ E[x_i²]^qpower from the prior moments (0: uniform, ½: DDAERR's, 1: DDAELR's)", nil),
	}
}

// About cites the paper.
func (s *GAERR) About() About {
	return About{Paper: paperKS, Algorithm: "Algorithm 1 (GAERR, any sampling distribution q)", Budget: "k+1 per example", Ball: "l2"}
}

// Start validates the parameters and returns a learner at w_1 with the
// budget k+1 per example.
func (s *GAERR) Start(p Problem) (Learner, Budget, error) {
	return startL2("gaerr", s.resolve, s.W1, nil, p)
}

// newGAERRLearner returns the GAERR learner at w_1 (W1 validated, or the
// default) for the budget k+1 with options o (o.r < 0: split the budget).
func newGAERRLearner(q *aliasTable, k int, B, eta float64, W1 []float64, p Problem, solver string, o estOpts) (*aerrLearner, error) {
	w, err := initialIterate(solver, W1, p.D, B)
	if err != nil {
		return nil, err
	}
	return newAERRLearnerAt(q, k, B, eta, w, p, o), nil
}

// newAERRLearnerAt returns the learner at w (not validated).
func newAERRLearnerAt(q *aliasTable, k int, B, eta float64, w []float64, p Problem, o estOpts) *aerrLearner {
	kx := o.withSplit(k)
	b := core.NewBall(w)
	if o.innerC != nil {
		b.EnableWeighted(o.innerC)
	}
	return &aerrLearner{xEstimator{q: q, k: kx, o: o, B: B, eta: eta, rng: p.Rand, xt: newSparseVec(p.D)}, b}
}

// GAERRBound is Kukliansky & Shamir's Theorem 3.1 with Lemma 3.4:
// 2B²/(ηm) + (η/2)·4B²(S/k + 1), where S = Σ_i E[x_i²]/q_i (S = d for the
// uniform q on data with E||x||² = 1; S = ||E[x²]||_{1/2} for DDAERR's q).
func GAERRBound(k, m int, B, eta, S float64) float64 {
	return 2*B*B/(eta*float64(m)) + eta/2*4*B*B*(S/float64(k)+1)
}

// SamplingCost returns S = Σ_i E[x_i²]/q_i for second moments E[x_i²] and a
// sampling distribution q (normalised here): the data-dependent part of
// Lemma 3.4's bound on E||g̃||², minimised by q_i ∝ √E[x_i²] where it equals
// ||E[x²]||_{1/2} = (Σ_i √E[x_i²])² (Kukliansky & Shamir 2015, eqs. (2)-(4)). It is +Inf if
// some q_i = 0 while E[x_i²] > 0.
func SamplingCost(moments, q []float64) (float64, error) {
	if len(moments) != len(q) || len(q) == 0 {
		return 0, fmt.Errorf("lao: SamplingCost: %d moments, %d probabilities: %w", len(moments), len(q), ErrShape)
	}
	sum := floats.Sum(q)
	var s float64
	for i, m := range moments {
		switch {
		case m == 0:
		case q[i] == 0:
			return math.Inf(1), nil
		default:
			s += m / (q[i] / sum)
		}
	}
	return s, nil
}

// powerSampling returns q_i = m_i^power (unnormalised) for prior second
// moments m, validated like DDAERR's.
func powerSampling(solver string, m []float64, power float64, d int) ([]float64, error) {
	if err := checkMoments(solver, m, d); err != nil {
		return nil, err
	}
	q := make([]float64, d)
	for i, v := range m {
		if v > 0 {
			q[i] = math.Pow(v, power)
		}
	}
	return q, nil
}

// minPositive returns the smallest positive entry of q (+Inf if none).
func minPositive(q []float64) float64 {
	m := math.Inf(1)
	for _, v := range q {
		if v > 0 {
			m = min(m, v)
		}
	}
	return m
}
