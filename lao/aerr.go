package lao

import (
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
)

// AERR is Attribute Efficient Ridge Regression (Hazan & Koren 2012,
// Algorithm 1): online gradient descent on the l2 ball of radius B with an
// unbiased gradient estimate built from k uniformly sampled attributes (for
// x) and one attribute sampled with probability w_j²/||w||₂² (for w·x),
// followed by the averaged iterate.
//
// Budget: k+1 distinct attributes per example (hard). With prices (ours,
// docs/costs.md) also a cost budget C per example, by default the k+1 most
// expensive attributes; the k attributes for x̃ are drawn with
// q_j ∝ 1/√c_j, which minimises the estimate's second moment per unit of
// expected cost when the attributes have equal second moments (what the
// standardised scaling gives); the inner-product draw keeps p ∝ w², which
// is optimal per unit of cost for the worst x with ||x||₂ ≤ 1 whatever the
// prices.
//
// Theorem 3.1: if ||x||₂ ≤ 1 and |y| ≤ B, with η = √(k/(2dm)),
// E[L(w̄)] ≤ L(w*) + 4B²√(2d/(km)) for every ||w*||₂ ≤ B, where the loss is
// ½(w·x − y)². See AERRBound.
type AERR struct {
	// K is k: the algorithm observes k uniformly drawn attributes plus one
	// more. K must be in [1, d].
	K int
	// B is the radius of the l2 ball the iterates live in. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, Theorem 3.1's √(k/(2dm)), or
	// with adagrad on its base step √2·B (AdaGradDefaultEta), is used.
	Eta float64
	// W1 is the initial iterate w_1 (non-zero, ||w_1||₂ ≤ B, length d). If
	// W1 is nil, every entry is B/(100√d), so ||w_1||₂ = B/100: the paper
	// allows any non-zero start in the ball; a small one starts close to the
	// zero predictor.
	W1 []float64
	// AdaGrad replaces the global step by AdaGrad's per-coordinate steps
	// η/√(Σ_s g̃_{s,i}²) (Kukliansky & Shamir 2015, Appendix A, eq. (13));
	// Eta is then the base step. Off (the default) is Algorithm 1.
	AdaGrad bool
	// Split splits the k+1 attributes evenly between x̃ (⌈(k+1)/2⌉ uniform
	// draws) and w·x (the mean of ⌊(k+1)/2⌋ draws), as Kukliansky &
	// Shamir's experiments did (their Section 5). Off (the default) is
	// Algorithm 1: k and 1.
	Split bool
	// Prices are the attributes' prices and the cost budgets (ours); with
	// a cost budget, K = 0 takes the largest k whose worst case fits it.
	Prices
}

// Name returns "aerr".
func (s *AERR) Name() string { return "aerr" }

func (s *AERR) resolve(p Problem) (r kPlusOneRun, err error) {
	if r, err = s.Prices.resolveKPlusOne("aerr", s.K, s.B, p.D); err != nil {
		return
	}
	r.o = ridgeOpts(s.AdaGrad, s.Split, false, nil)
	def := AERRDefaultEta(p.D, r.k, p.M)
	if s.priced() { // q_j ∝ 1/√c_j; Theorem 3.1's d becomes S(q) for equal moments
		f := rootPrices(s.Costs)
		if r.q, err = samplingTable("aerr", "Costs", f, p.D); err != nil {
			return
		}
		def = math.Sqrt(float64(r.k) / (2 * PricedUniformS(s.Costs) * float64(p.M)))
	}
	r.eta, err = ridgeEta("aerr", s.Eta, s.AdaGrad, r.B, def)
	return
}

// Params binds k, B, eta, adagrad, split, costbudget, predictcostbudget
// and costblind to the struct's fields; the prices are supplied with
// SetCosts.
func (s *AERR) Params() []Param {
	return append([]Param{
		IntParam("k", &s.K, "attributes drawn uniformly to estimate x (one more estimates w·x); in [1, d]"),
		radiusParam(&s.B, "l2"),
		ridgeEtaParam(&s.Eta, &s.AdaGrad, &s.B, s.Split, "step size", "Theorem 3.1's √(k/(2dm))",
			func(p Problem) float64 {
				return AERRDefaultEta(p.D, s.Prices.drawsK(s.K, p.D, kPlusOneCount(p.D)), p.M)
			}),
		adaGradParam(&s.AdaGrad, ""),
		splitParam(&s.Split, ""),
	}, s.Prices.priceParams("the k+1 draws")...)
}

// About cites the paper.
func (s *AERR) About() About {
	return About{Paper: paperHK, Algorithm: "Algorithm 1", Budget: "k+1 per example", Ball: "l2"}
}

// Start validates the parameters and returns a learner at w_1 with the
// budget k+1 per example.
func (s *AERR) Start(p Problem) (Learner, Budget, error) {
	return startL2("aerr", s.resolve, s.W1, &s.Prices, p)
}

// aerrLearner runs AERR and GAERR on the projected-gradient core: O(k log d)
// per example (the plain O(d) transcription of the pseudo-code is refAERR
// in the tests, matched iterate for iterate).
type aerrLearner struct {
	xEstimator
	w *core.Ball // w_t and the running sum of w_1..w_t
}

// unlearned and trackUnlearned: the weights no step moved (lao.Fit's
// unlearner, for priced fits).
func (l *aerrLearner) unlearned() []int { return l.w.Unmoved() }
func (l *aerrLearner) trackUnlearned()  { l.w.TrackMoves() }

// initialIterate returns w_1 for the l2-ball solvers (AERR, GAERR, DDAERR):
// a copy of W1 (length d, non-zero, ||W1||₂ ≤ B), or B/(100√d) in every
// entry if W1 is nil.
func initialIterate(solver string, W1 []float64, d int, B float64) ([]float64, error) {
	w := make([]float64, d)
	if W1 == nil {
		for i := range w {
			w[i] = B / (100 * math.Sqrt(float64(d)))
		}
		return w, nil
	}
	if len(W1) != d {
		return nil, paramErr(solver, "W1", "has length %d, want d = %d", len(W1), d)
	}
	copy(w, W1)
	if n := math.Sqrt(dot(w, w)); n == 0 || n > B*(1+1e-12) || math.IsNaN(n) {
		return nil, paramErr(solver, "W1", "has norm %g, want in (0, B = %g]", n, B)
	}
	return w, nil
}

// aerrGradient sets g̃ = φ̃·x̃ into xt (Hazan & Koren 2012, Alg. 1 lines 3-10) and
// returns φ̃. E[g̃] = (w·x − y)x (Lemma 3.3). With q non-nil, x̃ draws its
// k attributes from q instead of uniformly: Kukliansky & Shamir's GAERR (Alg. 1).
func aerrGradient(ex *Example, w *core.Ball, k int, q *aliasTable, rng *rand.Rand, xt *sparseVec) float64 {
	l := aerrLearner{xEstimator{q: q, k: k, rng: rng, xt: xt, o: estOpts{r: 1}}, w} // the specified algorithm
	phi := l.estimate(ex)
	for a := range xt.vals {
		xt.vals[a] *= phi
	}
	return phi
}

func (l *aerrLearner) Observe(ex *Example) {
	l.w.Accumulate() // w̄ averages w_1..w_m, the iterates before each update
	phi := l.estimate(ex)
	for a, i := range l.xt.idx { // v_t = w_t − η g̃_t (g̃ = φ̃x̃ is k-sparse)
		g := l.xt.vals[a] * phi
		if l.o.ada {
			l.w.AddAdaGrad(i, l.eta, g)
		} else {
			l.w.Add(i, -l.eta*g)
		}
	}
	l.w.ProjectL2(l.B) // w_{t+1} = v_t · B / max{||v_t||, B}
}

// estimate sets x̃ into xt and returns φ̃ (the inner-product estimate
// minus the label): g̃ = φ̃·x̃, unbiased for (w·x − y)x.
func (l *aerrLearner) estimate(ex *Example) float64 {
	return fusedEstimate(ex, &l.xEstimator, sqSampler{l.w}, l.w.Lazy) - ex.Label()
}

func (l *aerrLearner) Weights(dst []float64) { l.w.Average(dst) }
