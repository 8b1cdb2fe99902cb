package lao

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// TwoPhasedDDAERR is Kukliansky & Shamir's Two-Phased DDAERR (Kukliansky & Shamir 2015,
// Algorithm 2), for when the attributes' second moments are not known. In
// the first phase (the first m1 examples) it samples k+1 attributes of each
// example uniformly at random and keeps the mean of their squares,
// A[i] = square sums[i]/counts[i] (lines 2-10); then ε = d·log(2d/δ)/((k+1)m1)
// (line 11), and the second phase runs GAERR on the remaining m2 = m − m1
// examples with q_i ∝ √(A[i] + 13ε/6) (line 12), starting from w_1. The
// output is GAERR's average over the second phase; during the first phase
// the current weights are w_1.
//
// The step size (line 12, Theorems 3.6 and 3.12) is
//
//	η = max{ √(k/(6d·m2)), √(k / (m2(2N + 2√(5d/3)·√N·√ε + k))) },
//
// with N = ||E[x²]||_{1/2} when it is known (field Half, Theorem 3.6) and
// otherwise its estimate H = ||2A + 10ε/3||_{1/2} (Lemma 3.11, Theorem
// 3.12). With probability 1 over the first phase, the excess risk is at
// most 4(B²/√m2)√(6d/k) (TwoPhasedDDAERRBound), AERR's rate; as m1 grows
// it approaches DDAERR's.
//
// Budget: k+1 distinct attributes per example in both phases (hard).
//
// The paper's experiments (its Section 5) differ from Algorithm 2: they run
// AERR in the first phase to get a starting point, set ε = 0 and split the
// budget evenly between the two estimates. This type is Algorithm 2.
//
// Prefix curves (Options.Checkpoints) observe one run over all m examples:
// m1 is a fraction of the whole m, so a checkpoint before m1 shows w_1.
type TwoPhasedDDAERR struct {
	// K is k (k+1 attributes per example). K must be in [1, d].
	K int
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Eta is the second phase's step size. If Eta is 0, the formula above.
	Eta float64
	// M1 is the length of the first phase, 1 ≤ M1 < m. If M1 is 0,
	// m1 = ⌊m/10⌋ (at least 1), as in the paper's experiments.
	M1 int
	// Delta is the failure probability δ of the moment estimates, in
	// (0, 1). If Delta is 0, δ = 0.05 (our choice; the paper does not fix
	// one).
	Delta float64
	// Half is ||E[x²]||_{1/2} if known (Theorem 3.6); 0 estimates it
	// (Theorem 3.12).
	Half float64
	// W1 is the initial iterate; nil means B/(100√d) in every entry (as AERR).
	W1 []float64
}

var _ Solver = (*TwoPhasedDDAERR)(nil)

// Name returns "twophased-ddaerr".
func (s *TwoPhasedDDAERR) Name() string { return "twophased-ddaerr" }

type twoPhasedParams struct {
	k, m1    int
	B, delta float64
}

func (s *TwoPhasedDDAERR) resolve(p Problem) (twoPhasedParams, error) {
	return resolveTwoPhased("twophased-ddaerr", s.K, s.M1, s.B, s.Eta, s.Delta, s.Half, p)
}

// resolveTwoPhased validates the parameters shared by Algorithms 2 and 4.
func resolveTwoPhased(name string, k, m1 int, B, eta, delta, half float64, p Problem) (tp twoPhasedParams, err error) {
	tp.k = k
	if err = checkK(name, tp.k, p.D); err != nil {
		return
	}
	if tp.B, err = positiveOr(name, "B", B, 1); err != nil {
		return
	}
	if eta != 0 {
		if _, err = positiveOr(name, "Eta", eta, 1); err != nil {
			return
		}
	}
	if half != 0 {
		if _, err = positiveOr(name, "Half", half, 1); err != nil {
			return
		}
	}
	if tp.delta, err = positiveOr(name, "Delta", delta, 0.05); err != nil {
		return
	}
	if tp.delta >= 1 {
		err = paramErr(name, "Delta", "= %g, want in (0, 1)", tp.delta)
		return
	}
	tp.m1 = m1
	if tp.m1 == 0 {
		tp.m1 = max(p.M/10, 1)
	}
	if tp.m1 < 1 || tp.m1 >= p.M {
		err = paramErr(name, "M1", "= %d, want 1 ≤ m1 < m = %d (the second phase needs examples)", tp.m1, p.M)
	}
	return
}

// Params binds k, B, eta, m1, delta and half to the struct's fields.
func (s *TwoPhasedDDAERR) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example are k+1; in [1, d]"),
		FloatParam("B", &s.B, "radius of the l2 ball; 0 selects 1", radiusTune()),
		FloatParam("eta", &s.Eta, "second phase's step size; 0 selects Theorems 3.6/3.12's",
			stepTune(func(p Problem) float64 { return AERRDefaultEta(p.D, s.K, p.M) })),
		IntParam("m1", &s.M1, "length of the first phase; 0 selects ⌊m/10⌋"),
		FloatParam("delta", &s.Delta, "failure probability of the moment estimates; 0 selects 0.05", nil),
		FloatParam("half", &s.Half, "||E[x²]||_{1/2} if known (Theorem 3.6); 0 estimates it (Theorem 3.12)", nil),
	}
}

// About cites the paper.
func (s *TwoPhasedDDAERR) About() About {
	return About{Paper: paperKS, Algorithm: "Algorithm 2 (Two-Phased DDAERR: estimate E[x_i²] on m/10 examples, then GAERR)", Budget: "k+1 per example", Ball: "l2"}
}

// Start validates the parameters and returns a learner in its first phase,
// with the budget k+1 per example.
func (s *TwoPhasedDDAERR) Start(p Problem) (Learner, Budget, error) {
	tp, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	w1, err := initialIterate("twophased-ddaerr", s.W1, p.D, tp.B)
	if err != nil {
		return nil, Budget{}, err
	}
	d, k, m2 := p.D, tp.k, p.M-tp.m1
	fd := float64(d)
	// Lines 11-12: ε, q ∝ √(A + 13ε/6), η, then GAERR from w_1.
	second := func(A []float64) (Learner, map[string]float64, error) {
		eps := fd * math.Log(2*fd/tp.delta) / (float64(k+1) * float64(tp.m1))
		q, twoA := make([]float64, d), make([]float64, d)
		for i, a := range A {
			q[i] = math.Sqrt(a + 13*eps/6)
			twoA[i] = 2*a + 10*eps/3
		}
		half := s.Half
		if half == 0 {
			half = HalfNorm(twoA) // Lemma 3.11's H
		}
		eta := s.Eta
		if eta == 0 {
			eta = TwoPhasedDDAERREta(d, k, m2, half, eps)
		}
		tab, err := newAliasTable(q) // every q_i ≥ √(13ε/6) > 0
		if err != nil {
			return nil, nil, err
		}
		l, err := newGAERRLearner(tab, k, tp.B, eta, w1, p, "twophased-ddaerr")
		return l, map[string]float64{"eps": eps, "half": half}, err
	}
	return newTwoPhasedLearner("twophased-ddaerr", tp, p, w1, second), kPlusOne(k, d), nil
}

// twoPhasedLearner is the first phase shared by Algorithms 2 and 4 of seed
// 002 (lines 2-10: k+1 uniform draws per example, A[i] = mean of the
// squares seen of attribute i) and the hand-over to the second phase.
type twoPhasedLearner struct {
	name         string
	tp           twoPhasedParams
	rng          *rand.Rand
	w1           []float64 // the weights reported during the first phase
	t            int
	counts, sums []float64
	start        func(A []float64) (Learner, map[string]float64, error)
	second       Learner // nil during the first phase
	extra        map[string]float64
	plain        bool // run the second phase with the plain implementation (Reference)
}

func newTwoPhasedLearner(name string, tp twoPhasedParams, p Problem, w1 []float64,
	start func(A []float64) (Learner, map[string]float64, error)) *twoPhasedLearner {
	return &twoPhasedLearner{name: name, tp: tp, rng: p.Rand, w1: w1, counts: make([]float64, p.D),
		sums: make([]float64, p.D), start: start}
}

func (l *twoPhasedLearner) Observe(ex *Example) {
	l.t++
	if l.second != nil {
		l.second.Observe(ex)
		return
	}
	d := len(l.counts)
	for range l.tp.k + 1 { // lines 4-9
		i := l.rng.IntN(d)
		v := ex.Attr(i)
		l.counts[i]++
		l.sums[i] += v * v
	}
	if l.t == l.tp.m1 {
		A := make([]float64, d)
		for i, c := range l.counts {
			if c > 0 {
				A[i] = l.sums[i] / c
			}
		}
		var err error
		if l.second, l.extra, err = l.start(A); err != nil {
			panic(&SolverError{Err: fmt.Errorf("%s: second phase: %w", l.name, err)})
		}
		if l.plain {
			l.second = plainLearner(l.second, d)
		}
	}
}

func (l *twoPhasedLearner) Weights(dst []float64) {
	if l.second == nil {
		copy(dst, l.w1)
		return
	}
	l.second.Weights(dst)
}

func (l *twoPhasedLearner) Params() map[string]float64 {
	out := map[string]float64{"B": l.tp.B, "m1": float64(l.tp.m1), "delta": l.tp.delta}
	if pr, ok := l.second.(ParamReporter); ok {
		for k, v := range pr.Params() {
			out[k] = v
		}
		for k, v := range l.extra {
			out[k] = v
		}
	}
	return out
}

// TwoPhasedDDAERREta is Algorithm 2's second-phase step size (Theorems 3.6
// and 3.12): max{√(k/(6d·m2)), √(k/(m2(2N + 2√(5d/3)√N√ε + k)))}, with N
// = ||E[x²]||_{1/2} or its estimate H and ε = d·log(2d/δ)/((k+1)m1).
func TwoPhasedDDAERREta(d, k, m2 int, N, eps float64) float64 {
	fd, fk, fm := float64(d), float64(k), float64(m2)
	a := math.Sqrt(fk / (6 * fd * fm))
	b := math.Sqrt(fk / (fm * (2*N + 2*math.Sqrt(5*fd/3)*math.Sqrt(N)*math.Sqrt(eps) + fk)))
	return max(a, b)
}

// TwoPhasedDDAERRBound is the bound that holds with probability 1 over the
// first phase (Theorems 3.6 and 3.12): 4(B²/√m2)√(6d/k).
func TwoPhasedDDAERRBound(d, k, m2 int, B float64) float64 {
	return 4 * B * B / math.Sqrt(float64(m2)) * math.Sqrt(6*float64(d)/float64(k))
}
