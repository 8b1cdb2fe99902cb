package lao

import (
	"cmp"
	"fmt"
	"math"

	"github.com/laoproject/lao/lao/internal/core"
)

// TwoPhasedDDAELR is Kukliansky & Shamir's Two-Phased DDAELR (Kukliansky & Shamir 2015,
// Algorithm 4), DDAELR for when the second moments are not known. The first
// phase (the first m1 examples) is that of Two-Phased DDAERR: k+1 uniform
// draws per example, A[i] = mean of the squares seen of attribute i. Then
// ε = min{d·log(2d/δ)/((k+1)m1), 1} (line 11) and the second phase runs GAELR
// on the remaining m2 = m − m1 examples with q_i ∝ A[i] + 13ε/6 (line 12)
// and the step size of Theorem 4.7,
//
//	η = √(k·log(2d) / (20B²·m2·(8||A||₁ + 20dε + k))).
//
// The output is GAELR's average over the second phase; during the first
// phase the weights are 0 (GAELR's w_1). With probability 1 over the first
// phase, if m2 ≥ log 2d, the excess risk is at most 61B²√(d log(2d)/(k m2))
// (TwoPhasedDDAELRBound).
//
// Budget: k+1 distinct attributes per example in both phases (hard).
//
// As for TwoPhasedDDAERR, the paper's experiments differ from Algorithm 4
// (AELR warm start, ε = 0, budget split evenly, inner-product draws
// p_j ∝ |w_j|√E[x_j²]); each is an option (Warm, EpsZero, Split, InnerDD;
// Paper selects all four). Prefix curves observe one run over all m
// examples.
type TwoPhasedDDAELR struct {
	// K is k (k+1 attributes per example). K must be in [1, d].
	K int
	// B is the l1 radius. If B is 0, B = 1.
	B float64
	// Eta is the second phase's step size. If Eta is 0, Theorem 4.7's is
	// used.
	Eta float64
	// M1 is the length of the first phase, 1 ≤ M1 < m. If M1 is 0,
	// m1 = ⌊m/10⌋ (at least 1), as in the paper's experiments.
	M1 int
	// Delta is δ in (0, 1). If Delta is 0, δ = 0.05 (our choice).
	Delta float64
	// TwoPhasedVariants are the paper's experimental variants (Paper
	// selects them all); the first phase's algorithm is AELR.
	TwoPhasedVariants
}

// Name returns "twophased-ddaelr".
func (s *TwoPhasedDDAELR) Name() string { return "twophased-ddaelr" }

func (s *TwoPhasedDDAELR) resolve(p Problem) (twoPhasedParams, error) {
	return resolveTwoPhased("twophased-ddaelr", s.K, s.M1, s.B, s.Eta, s.Delta, 0, p,
		s.TwoPhasedVariants)
}

// Params binds k, B, eta, m1, delta, eta1, split, innerdd, eps0, warm and
// paper to the struct's fields.
func (s *TwoPhasedDDAELR) Params() []Param {
	ps := []Param{
		IntParam("k", &s.K, "attributes per example are k+1; in [1, d]"),
		radiusParam(&s.B, "l1"),
		stepParam(&s.Eta, "second phase's step size", "Theorem 4.7's",
			func(p Problem) float64 { return AELRDefaultEta(p.D, s.K, p.M, max(s.B, defaultRadius)) }),
	}
	ps = append(ps, twoPhasedPhaseParams(&s.M1, &s.Delta)...)
	return append(ps, s.TwoPhasedVariants.params("AELR")...)
}

// About cites the paper.
func (s *TwoPhasedDDAELR) About() About {
	return About{Paper: paperKS, Algorithm: "Algorithm 4 (Two-Phased DDAELR: estimate E[x_i²] on m/10 examples, then GAELR)", Budget: "k+1 per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner in its first phase,
// with the budget k+1 per example.
func (s *TwoPhasedDDAELR) Start(p Problem) (Learner, Budget, error) {
	tp, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	l := newTwoPhasedLearner("twophased-ddaelr", tp, p, make([]float64, p.D), s.secondPhase(tp, p))
	if tp.warm { // the first phase runs AELR on the budget
		eta1 := cmp.Or(s.Eta1, s.Eta, AELRDefaultEta(p.D, tp.k, tp.m1, tp.B))
		l.first = newGAELRLearner(nil, tp.k, tp.B, eta1, p, lassoOpts(tp.split, false, nil), nil)
	}
	return l, kPlusOne(tp.k, p.D), nil
}

// secondPhase returns lines 11-12 of Algorithm 4: from the first phase's
// moment estimates A, ε, q ∝ A + 13ε/6 and η, then GAELR from w_1 = 0 (or,
// warm, from the first phase's output).
func (s *TwoPhasedDDAELR) secondPhase(tp twoPhasedParams, p Problem) func(A, from []float64) (Learner, map[string]float64, error) {
	d, k, m2 := p.D, tp.k, p.M-tp.m1
	fd := float64(d)
	return func(A, from []float64) (Learner, map[string]float64, error) {
		eps := min(fd*math.Log(2*fd/tp.delta)/(float64(k+1)*float64(tp.m1)), 1) // line 11
		if tp.eps0 {
			eps = 0
		}
		q := make([]float64, d)
		var a1 float64
		for i, a := range A {
			q[i] = a + 13*eps/6 // line 12
			a1 += a
		}
		eta := cmp.Or(s.Eta, TwoPhasedDDAELREta(d, k, m2, tp.B, a1, eps))
		tab, err := newAliasTable(q) // every q_i ≥ 13ε/6 > 0 unless ε = 0
		if err != nil {
			return nil, nil, fmt.Errorf("q ∝ A + 13ε/6 with ε = %g: %w", eps, err)
		}
		var z *core.EG
		if from != nil {
			z = egAt(from, tp.B)
		}
		o := lassoOpts(tp.split, tp.inner, rootsOf(q))
		return newGAELRLearner(tab, k, tp.B, eta, p, o, z), map[string]float64{"eps": eps, "A1": a1}, nil
	}
}

// egAt returns the EG± state at w (the warm start), shrinking w by a
// rounding margin if its l1 norm reached B (the average of EG± iterates
// lies strictly inside the ball, up to rounding).
func egAt(w []float64, B float64) *core.EG {
	v := make([]float64, len(w))
	for _, f := range []float64{1, 1 - 1e-12, 1 - 1e-9, 1 - 1e-6} {
		for i, x := range w {
			v[i] = f * x
		}
		if z, ok := core.NewEGAt(v, B); ok {
			return z
		}
	}
	return core.NewEG(len(w), B) // w not finite: start at w = 0
}

// TwoPhasedDDAELREta is Theorem 4.7's step size
// √(k·log(2d)/(20B²·m2·(8·a1 + 20dε + k))), a1 = ||A||₁.
func TwoPhasedDDAELREta(d, k, m2 int, B, a1, eps float64) float64 {
	fd, fk := float64(d), float64(k)
	return math.Sqrt(fk * math.Log(2*fd) / (20 * B * B * float64(m2) * (8*a1 + 20*fd*eps + fk)))
}

// TwoPhasedDDAELRBound is Theorem 4.7's probability-1 bound
// 61B²√(d·log(2d)/(k·m2)) (for m2 ≥ log 2d).
func TwoPhasedDDAELRBound(d, k, m2 int, B float64) float64 {
	fd := float64(d)
	return 61 * B * B * math.Sqrt(fd*math.Log(2*fd)/(float64(k)*float64(m2)))
}
