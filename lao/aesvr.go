package lao

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/laoproject/lao/lao/internal/core"
	"github.com/laoproject/lao/lao/internal/prefetch"
)

// AESVR is Attribute Efficient Support Vector Regression (Hazan & Koren,
// ICML 2012, Algorithm 4): AERR's projected online gradient descent on the
// l2 ball of radius B (Algorithm 1) for the δ-insensitive loss
// |w·x − y|_δ = max{0, |w·x − y| − δ}, learnt through its smooth
// ε-approximation f_ε (Claim 4.2). Lines 8-9 of Algorithm 1 become
//
//	x'_t = x_t/ε,  y_t± = (y_t ± δ)/ε,
//	φ̃_t = ½[GenEst(w_t, x'_t, y_t⁺) + GenEst(w_t, x'_t, y_t⁻)]
//
// with GenEst (Procedure 3) on ρ's coefficients of eq. (7), so g̃_t = φ̃_t·x̃_t
// is an unbiased estimate of ∇f_ε(w_t·x_t − y_t) = f_ε'(w_t·x_t − y_t)·x_t.
//
// Budget: k + 6 attributes per example in expectation (Theorem 4.4): the k
// draws of x̃ plus two GenEst calls of at most 3 each (Lemma 4.1; in fact at
// most 2 on average, GenEst.MeanDraws). A GenEst call occasionally needs
// many draws, so the handle's hard cap (Cap) is a safety bound, not the
// rule: Result.MeanPerExample reports the realised mean, Result.MaxPerExample
// the largest example.
//
// Theorem 4.4: if ||x||₂ ≤ 1 and |y| ≤ B, with η properly tuned, E[L(w̃)] ≤
// L(w*) + ε for every ||w*||₂ ≤ B after m = O(d/k)·exp(O(log²(B/ε)))
// examples (AESVRExamples). The O(·) hides GenEst's second moment, which for
// ρ' = erf grows like exp(4θ²) in θ = (w·x − y ∓ δ)/ε (GenEst.SecondMoment):
// in practice AESVR needs ε of the order of the residuals.
//
// The update runs on the projected-gradient core shared with AERR
// (core.Ball: O(log d) per draw, lazy averaging); TestAESVRMatchesReference
// checks it against a plain transcription of the pseudo-code.
type AESVR struct {
	// K is k, the attributes drawn uniformly to estimate x; in [1, d].
	K int
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Delta is δ of the δ-insensitive loss, in [0, B]; 0 is the absolute
	// loss |w·x − y|.
	Delta float64
	// Eps is the accuracy ε > 0 of the approximation f_ε. If Eps is 0,
	// ε = B/2 (f_ε within ε/√π ≈ 0.28B of |·|_δ; a smaller ε sharpens the
	// loss but GenEst's variance grows like exp(4((w·x − y)/ε)²)).
	Eps float64
	// Eta is the step size η. If Eta is 0, 2B√(k/(dm)) is used
	// (AESVRDefaultEta): the tuning η = 2B/(G√m) of Theorem 3.1's proof
	// with G² = E||x̃||² ≤ d/k, i.e. φ̃ replaced by f_ε' ∈ [−1, 1]
	// (Theorem 4.4 only says "properly tuned"; its G also holds GenEst's
	// second moment).
	Eta float64
	// Cap is the hard safety cap on distinct attributes per example. If Cap
	// is 0, the 10⁻¹⁵ tail of the in-expectation budget k+6, at most d, is
	// used: the smallest count that k draws plus two GenEst calls exceed
	// with probability below 10⁻¹⁵ (counting every draw as a new
	// attribute). An example that would need more ends the fit with
	// ErrBudgetExceeded. Cap must lie in [k, d].
	Cap int
	// W1 is the initial iterate (as AERR's W1). If nil, every entry is
	// B/(100√d).
	W1 []float64
}

// Name returns "aesvr".
func (s *AESVR) Name() string { return "aesvr" }

// Params binds k, B, delta, eps, eta and cap to the struct's fields.
func (s *AESVR) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes drawn uniformly to estimate x; in [1, d]"),
		radiusParam(&s.B, "l2"),
		FloatParam("delta", &s.Delta, "δ of the δ-insensitive loss, in [0, B]; 0 is the absolute loss", nil),
		FloatParam("eps", &s.Eps, "accuracy ε of the smooth approximation f_ε", nil).withDefault("B/2"),
		stepParam(&s.Eta, "step size", "2B√(k/(dm))",
			func(p Problem) float64 { return AESVRDefaultEta(p.D, s.K, p.M, cmp.Or(s.B, defaultRadius)) }),
		IntParam("cap", &s.Cap, "hard safety cap on attributes per example").
			withDefault("the 10⁻¹⁵ tail of the in-expectation budget k+6, at most d"),
	}
}

// About cites the paper.
func (s *AESVR) About() About {
	return About{Paper: paperHK, Algorithm: "Algorithm 4 (with Procedure 3)", Budget: "k+6 per example in expectation", Ball: "l2"}
}

// aesvrParams are AESVR's parameters with the defaults resolved.
type aesvrParams struct {
	k, cap             int
	B, delta, eps, eta float64
	genest             *GenEst
	w1                 []float64 // w_1 (initialIterate)
}

func (s *AESVR) resolve(p Problem) (aesvrParams, error) {
	var r aesvrParams
	r.k = s.K
	if err := checkK("aesvr", r.k, p.D); err != nil {
		return r, err
	}
	var err error
	if r.B, err = positiveOr("aesvr", "B", s.B, defaultRadius); err != nil {
		return r, err
	}
	if !(s.Delta >= 0 && s.Delta <= r.B) {
		return r, paramErr("aesvr", "delta", "= %g must be in [0, B = %g]", s.Delta, r.B)
	}
	r.delta = s.Delta
	if r.eps, err = positiveOr("aesvr", "eps", s.Eps, r.B/2); err != nil {
		return r, err
	}
	// GenEst sees x' = x/ε and y± = (y ± δ)/ε: Lemma 4.1's norm bound for
	// (w, x', y±) with ||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B is (B + δ)/ε.
	bg := (r.B + r.delta) / r.eps
	if bg > maxGenEstB {
		return r, paramErr("aesvr", "eps", "= %g is too small: GenEst's N = ⌈4((B + δ)/ε)²⌉ would exceed 2^50", r.eps)
	}
	if r.genest, err = NewGenEst(RhoSeries(), bg); err != nil {
		return r, err
	}
	if r.eta, err = positiveOr("aesvr", "eta", s.Eta, AESVRDefaultEta(p.D, r.k, p.M, r.B)); err != nil {
		return r, err
	}
	r.cap = s.Cap
	if r.cap == 0 {
		r.cap = aesvrCap(r.k, p.D, r.genest)
	}
	if r.cap < r.k || r.cap > p.D {
		return r, paramErr("aesvr", "cap", "= %d must be in [k = %d, d = %d]", r.cap, r.k, p.D)
	}
	r.w1, err = initialIterate("aesvr", s.W1, p.D, r.B)
	return r, err
}

// Start validates the parameters and returns a learner at w_1 with its
// budget in expectation, Budget.Mean = k + 2·E[draws] (x̃'s k and the two
// GenEst calls' exact expected draws, GenEst.MeanDraws: at most k + 4,
// within Theorem 4.4's k + 6), under the hard cap Cap (Budget.PerExample).
func (s *AESVR) Start(p Problem) (Learner, Budget, error) {
	r, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	mean := float64(r.k) + 2*r.genest.MeanDraws()
	b := Budget{PerExample: r.cap, Mean: mean,
		Rule: fmt.Sprintf("k + 2·E[draws] = %.3g per example in expectation, within Theorem 4.4's k+6 (hard cap %d)", mean, r.cap)}
	return &aesvrLearner{p: r, rng: p.Rand, w: core.NewBall(r.w1), xt: newSparseVec(p.D), chunk: maxBatchedDraws}, b, nil
}

// aesvrLearner runs Algorithm 4 on the projected-gradient core.

type aesvrLearner struct {
	failure
	p        aesvrParams
	rng      *rand.Rand
	w        *core.Ball
	xt       *sparseVec
	gen      drawnReads // x̃'s and GenEst's draws and their values (estimates)
	chunk    int        // the most draws read in one batch: maxBatchedDraws (tests lower it)
	t        int
	phiSq    float64 // Σ φ̃_t², for the diagnostics
	phiAbsMx float64
}

// estimates sets xt to x̃ (Algorithm 1, lines 3-7) and returns φ̃ =
// (φ̂₊ + φ̂₋)/2, GenEst's two calls at y± (Algorithm 4). x̃'s attributes and
// both calls' draws are drawn first, in the algorithm's order, and read in
// one batch (Example.Attrs), so that their cache misses overlap instead of
// following one another in three rounds; a call whose draws would not fit
// in l.chunk is finished in chunks after the batch. The random
// numbers, the attributes revealed and their order, and the arithmetic are
// those of reading x̃ and then each call (the plain AESVR in reference.go;
// TestAESVRReferenceMatchesFast, TestAESVREstimatesMatchInTurn), with one
// exception: when the budget's cap refuses a read, the step stops with the
// later call's draws already made, so a caller of Step that goes on after
// the refusal sees other random numbers from then on than reading in turn
// would give (Fit stops at the refusal).
func (l *aesvrLearner) estimates(ex *Example, inv, yp, ym float64) float64 {
	g, k, d, b := l.p.genest, l.p.k, ex.Dim(), &l.gen
	far := prefetch.Far(d)
	pick := b.pick[:0]
	for range k {
		i := l.rng.IntN(d)
		if far {
			l.w.Hint(i) // updated after the estimates
		}
		pick = append(pick, i)
	}
	nPlus, pick, plusAhead := g.drawAhead(l.w, l.rng, pick, l.chunk-len(pick), far)
	mid := len(pick)
	nMinus, minusAhead := 0, false
	if plusAhead {
		nMinus, pick, minusAhead = g.drawAhead(l.w, l.rng, pick, l.chunk-len(pick), far)
	}
	b.pick = pick
	vals := b.read(ex, pick)
	l.xt.reset()
	for r, i := range pick[:k] {
		l.xt.add(i, uniformTerm(d, k, vals[r]))
	}
	if !plusAhead { // the batch held x̃ only, and b is free again
		plus := g.estimateDrawnN(nPlus, ex, l.w, inv, yp, l.rng, b, l.chunk)
		return 0.5 * (plus + g.estimateDrawn(ex, l.w, inv, ym, l.rng, b, l.chunk))
	}
	plus := g.productAhead(nPlus, l.w, inv, yp, pick[k:mid], vals[k:mid])
	if !minusAhead {
		return 0.5 * (plus + g.estimateDrawnN(nMinus, ex, l.w, inv, ym, l.rng, b, l.chunk))
	}
	return 0.5 * (plus + g.productAhead(nMinus, l.w, inv, ym, pick[mid:], vals[mid:]))
}

// unlearned and trackUnlearned: the weights no step moved (lao.Fit's
// unlearner, for priced fits).
func (l *aesvrLearner) unlearned() []int { return l.w.Unmoved() }
func (l *aesvrLearner) trackUnlearned()  { l.w.TrackMoves() }

func (l *aesvrLearner) Observe(ex *Example) {
	if l.err != nil {
		return
	}
	l.t++
	l.w.Accumulate()                               // w̃ averages w_1..w_m, as in Algorithm 1 line 14
	inv, y := 1/l.p.eps, ex.Label()                // x' = x/ε
	yp, ym := (y+l.p.delta)*inv, (y-l.p.delta)*inv // y± = (y ± δ)/ε
	phi := l.estimates(ex, inv, yp, ym)
	if math.IsNaN(phi) || math.IsInf(phi, 0) {
		l.fail(fmt.Errorf("example %d: GenEst's estimate φ̃ = %g (ε = %g too small for these residuals): %w", l.t, phi, l.p.eps, ErrNotFinite))
		return
	}
	l.phiSq += phi * phi
	l.phiAbsMx = max(l.phiAbsMx, math.Abs(phi))
	l.step(phi)
}

// step is v_t = w_t − η φ̃_t x̃_t and w_{t+1} = v_t · B / max{||v_t||, B}.
func (l *aesvrLearner) step(phi float64) {
	for a, i := range l.xt.idx {
		l.w.Add(i, -l.p.eta*phi*l.xt.vals[a])
	}
	l.w.ProjectL2(l.p.B)
}

func (l *aesvrLearner) Weights(dst []float64) { l.w.Average(dst) }

func (l *aesvrLearner) Params() map[string]float64 {
	return map[string]float64{"B": l.p.B, "delta": l.p.delta, "eps": l.p.eps, "eta": l.p.eta, "cap": float64(l.p.cap)}
}

// Diagnostics reports GenEst's N, the mean of φ̃_t² over the fit (the
// estimator's realised second moment) and the largest |φ̃_t|.
func (l *aesvrLearner) Diagnostics() map[string]float64 {
	out := map[string]float64{"genest_N": float64(l.p.genest.N()), "phi_max_abs": l.phiAbsMx}
	if l.t > 0 {
		out["phi_second_moment"] = l.phiSq / float64(l.t)
	}
	return out
}

// AESVRDefaultEta is AESVR's default step 2B√(k/(dm)) (see AESVR.Eta).
func AESVRDefaultEta(d, k, m int, B float64) float64 {
	return 2 * B * math.Sqrt(float64(k)/(float64(d)*float64(m)))
}

// AESVRExamples is Theorem 4.4's sample size m = O(d/k)·exp(O(log²(B/ε)))
// with both O-constants 1: (d/k)·exp(log²(B/ε)).
func AESVRExamples(d, k int, B, eps float64) float64 {
	l := math.Log(B / eps)
	return float64(d) / float64(k) * math.Exp(l*l)
}

// aesvrTail is the per-example probability below which the default cap is
// exceeded.
const aesvrTail = 1e-15

// aesvrCap is the default hard cap: k plus the smallest t with
// P[D₁ + D₂ > t] ≤ 10⁻¹⁵, where D is the number of draws of one GenEst
// call (n with probability 2^−(n+1) for n ≤ L, nN for n > L), at most d.
func aesvrCap(k, d int, g *GenEst) int {
	key := [4]int{k, d, g.lmax, g.n}
	if c, ok := aesvrCaps.Load(key); ok {
		return c.(int)
	}
	c := computeAESVRCap(k, d, g)
	aesvrCaps.Store(key, c)
	return c
}

// aesvrCaps remembers aesvrCap by its inputs: it sorts 40,000 masses, and
// cross-validation starts AESVR thousands of times with the same few (a
// 32-row table took 48 s, three quarters of it here).
var aesvrCaps sync.Map

func computeAESVRCap(k, d int, g *GenEst) int {
	const nmax = 200 // 2^−200: beyond float64's resolution of the tail
	draws := func(n int) int {
		if n <= g.lmax {
			return n
		}
		return min(n*g.n, d) // distinct attributes never exceed d
	}
	type mass struct {
		v int
		p float64
	}
	var ms []mass
	for n1 := range nmax {
		for n2 := range nmax {
			ms = append(ms, mass{draws(n1) + draws(n2), math.Ldexp(1, -(n1 + n2 + 2))})
		}
	}
	slices.SortFunc(ms, func(a, b mass) int { return b.v - a.v })
	var tail float64 // P[D₁ + D₂ > current value]
	for i := 0; i < len(ms); {
		v, p := ms[i].v, 0.0
		for ; i < len(ms) && ms[i].v == v; i++ {
			p += ms[i].p
		}
		if tail+p > aesvrTail {
			return min(k+v, d)
		}
		tail += p
	}
	return min(k, d)
}
