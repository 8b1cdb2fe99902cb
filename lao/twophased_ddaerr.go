package lao

import (
	"cmp"
	"fmt"
	"math"
	"slices"
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
// AERR in the first phase to get a starting point, set ε = 0, split the
// budget evenly between the two estimates and draw the inner-product
// attribute from p_j ∝ |w_j|√E[x_j²]. Each is an option (Warm, EpsZero,
// Split, InnerDD; Paper selects all four); by default this type is
// Algorithm 2.
//
// Prefix curves (Options.Checkpoints) observe one run over all m examples:
// m1 is a fraction of the whole m, so a checkpoint before m1 shows w_1.
type TwoPhasedDDAERR struct {
	// K is k (k+1 attributes per example). K must be in [1, d].
	K int
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Eta is the second phase's step size. If Eta is 0, Theorems
	// 3.6/3.12's, or with adagrad on its base step √2·B, is used (the
	// formula above).
	Eta float64
	// M1 is the length of the first phase, 1 ≤ M1 < m. If M1 is 0,
	// m1 = ⌊m/10⌋ (at least 1), as in the paper's experiments.
	M1 int
	// Delta is the failure probability δ of the moment estimates, in
	// (0, 1). If Delta is 0, δ = 0.05 (our choice; the paper does not fix
	// one).
	Delta float64
	// Half is ||E[x²]||_{1/2} if known (Theorem 3.6). If Half is 0, its
	// estimate H (Theorem 3.12) is used.
	Half float64
	// W1 is the initial iterate; nil means B/(100√d) in every entry (as AERR).
	W1 []float64
	// AdaGrad uses AdaGrad's per-coordinate steps in both phases (see
	// AERR.AdaGrad).
	AdaGrad bool
	// TwoPhasedVariants are the paper's experimental variants (Paper
	// selects them all); the first phase's algorithm is AERR.
	TwoPhasedVariants
}

// Name returns "twophased-ddaerr".
func (s *TwoPhasedDDAERR) Name() string { return "twophased-ddaerr" }

func (s *TwoPhasedDDAERR) resolve(p Problem) (tp twoPhasedParams, err error) {
	tp, err = resolveTwoPhased("twophased-ddaerr", s.K, s.M1, s.B, s.Eta, s.Delta, s.Half, p,
		s.TwoPhasedVariants)
	if err != nil {
		return
	}
	tp.w1, err = initialIterate("twophased-ddaerr", s.W1, p.D, tp.B)
	return
}

// Params binds k, B, eta, m1, delta, half, adagrad, eta1, split, innerdd,
// eps0, warm and paper to the struct's fields.
func (s *TwoPhasedDDAERR) Params() []Param {
	ps := []Param{
		IntParam("k", &s.K, "attributes per example are k+1; in [1, d]"),
		radiusParam(&s.B, "l2"),
		ridgeEtaParam(&s.Eta, &s.AdaGrad, &s.B, s.Split || s.Paper, "second phase's step size", "Theorems 3.6/3.12's",
			func(p Problem) float64 { return AERRDefaultEta(p.D, s.K, p.M) }),
	}
	ps = append(ps, twoPhasedPhaseParams(&s.M1, &s.Delta)...)
	ps = append(ps,
		FloatParam("half", &s.Half, "||E[x²]||_{1/2} if known (Theorem 3.6)", nil).withDefault("its estimate H (Theorem 3.12)"),
		adaGradParam(&s.AdaGrad, " in both phases"))
	return append(ps, s.TwoPhasedVariants.params("AERR")...)
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
	l := newTwoPhasedLearner("twophased-ddaerr", tp, p, tp.w1, s.secondPhase(tp, p, tp.w1))
	if tp.warm { // the first phase runs AERR on the budget
		o := ridgeOpts(s.AdaGrad, tp.split, false, nil)
		eta1, err := ridgeEta("twophased-ddaerr", cmp.Or(s.Eta1, s.Eta), s.AdaGrad, tp.B, AERRDefaultEta(p.D, tp.k, tp.m1))
		if err != nil {
			return nil, Budget{}, err
		}
		l.first = newAERRLearnerAt(nil, tp.k, tp.B, eta1, slices.Clone(tp.w1), p, o)
	}
	return l, kPlusOne(tp.k, p.D), nil
}

// secondPhase returns lines 11-12 of Algorithm 2: from the first phase's
// moment estimates A, ε, q ∝ √(A + 13ε/6) and η, then GAERR from w_1 (or,
// warm, from the first phase's output).
func (s *TwoPhasedDDAERR) secondPhase(tp twoPhasedParams, p Problem, w1 []float64) func(A, from []float64) (Learner, map[string]float64, error) {
	d, k, m2 := p.D, tp.k, p.M-tp.m1
	fd := float64(d)
	return func(A, from []float64) (Learner, map[string]float64, error) {
		eps := fd * math.Log(2*fd/tp.delta) / (float64(k+1) * float64(tp.m1))
		if tp.eps0 {
			eps = 0
		}
		q, twoA := make([]float64, d), make([]float64, d)
		for i, a := range A {
			q[i] = math.Sqrt(a + 13*eps/6)
			twoA[i] = 2*a + 10*eps/3
		}
		half := s.Half
		if half == 0 {
			half = HalfNorm(twoA) // Lemma 3.11's H
		}
		eta, err := ridgeEta("twophased-ddaerr", s.Eta, s.AdaGrad, tp.B, TwoPhasedDDAERREta(d, k, m2, half, eps))
		if err != nil {
			return nil, nil, err
		}
		tab, err := newAliasTable(q) // every q_i ≥ √(13ε/6) > 0 unless ε = 0
		if err != nil {
			return nil, nil, fmt.Errorf("q ∝ √(A + 13ε/6) with ε = %g: %w", eps, err)
		}
		o := ridgeOpts(s.AdaGrad, tp.split, tp.inner, q)
		l := newAERRLearnerAt(tab, k, tp.B, eta, slices.Clone(warmStart(w1, from)), p, o)
		return l, map[string]float64{"eps": eps, "half": half}, nil
	}
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
