package lowerbound

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// CSS is the lower-bound distribution of Cesa-Bianchi, Shalev-Shwartz &
// Shamir (ICML 2010, Theorem 3; JMLR 2011, Theorem 1, proved in Appendix A):
// one "good" attribute j is slightly correlated with the label, all others
// are independent noise.
//
// Journal Appendix A.1: y is a fair sign, and given y, each x_i ∈ {±1} has
// P[x_i = y] = ½ + 1{i = j}·p, with p = √ε. So E[xxᵀ] = I, E[xy] = 2p·e_j,
// and for the loss (w·x − y)²
//
//	w* = 2√ε·e_j,  L_D(w*) = 1 − 4ε,  L_D(w) − L_D(w*) = ||w − w*||₂²,
//
// with ||w*||₀ = 1 and ||w*||₁ = ||w*||₂ = 2√ε. An excess below ε reveals
// j (A.2), and finding the one biased coin among d takes Ω(d/ε) coin flips
// (A.3-A.6), so a learner reading k attributes per example needs
// Ω(d/(kε)) examples (CSSMinExamples gives the journal's constant).
type CSS struct {
	d, k, j int
	eps, p  float64
}

// NewCSS returns the instance for d attributes, k attributes per example,
// target excess ε and good attribute j (0-based). It checks the hypotheses
// of the ICML 2010 Theorem 3: ε ∈ (0, 1/16), k ≥ 1 and d ≥ 4k (the journal
// version, a global budget, needs only d ≥ 4).
func NewCSS(d, k int, eps float64, j int) (*CSS, error) {
	switch {
	case k < 1:
		return nil, paramErr("NewCSS", "k", "= %d must be at least 1", k)
	case d < 4*k:
		return nil, paramErr("NewCSS", "d", "= %d: Theorem 3 of Cesa-Bianchi et al. 2010 needs d ≥ 4k = %d", d, 4*k)
	case !(eps > 0 && eps < 1.0/16):
		return nil, paramErr("NewCSS", "eps", "= %g must be in (0, 1/16)", eps)
	case j < 0 || j >= d:
		return nil, paramErr("NewCSS", "j", "= %d must be in [0, d = %d)", j, d)
	}
	return &CSS{d: d, k: k, j: j, eps: eps, p: math.Sqrt(eps)}, nil
}

// Name identifies the instance.
func (c *CSS) Name() string {
	return fmt.Sprintf("css2010/3 d=%d k=%d eps=%g", c.d, c.k, c.eps)
}

// Dim is d.
func (c *CSS) Dim() int { return c.d }

// K is the per-example budget the instance was built for.
func (c *CSS) K() int { return c.k }

// Eps is the target excess ε.
func (c *CSS) Eps() float64 { return c.eps }

// Good is the index j of the correlated attribute.
func (c *CSS) Good() int { return c.j }

// Bias is p = √ε, the good attribute's bias P[x_j = y] − ½.
func (c *CSS) Bias() float64 { return c.p }

// Loss is (w·x − y)², Cesa-Bianchi et al.'s convention.
func (c *CSS) Loss() Loss { return Squared }

// WStar is 2√ε·e_j.
func (c *CSS) WStar() []float64 {
	w := make([]float64, c.d)
	w[c.j] = 2 * c.p
	return w
}

// Risk is L(w) = Σ_{i≠j} w_i² + w_j² + 1 − 4p·w_j (journal A.2).
func (c *CSS) Risk(w []float64) float64 {
	if len(w) != c.d {
		return math.NaN()
	}
	var s float64
	for _, v := range w {
		s += v * v
	}
	return s + 1 - 4*c.p*w[c.j]
}

// RiskStar is 1 − 4p² = 1 − 4ε.
func (c *CSS) RiskStar() float64 { return 1 - 4*c.eps }

// Excess is ||w − w*||₂².
func (c *CSS) Excess(w []float64) float64 {
	if len(w) != c.d {
		return math.NaN()
	}
	return sqDist(w, c.WStar())
}

// Identifies reports whether w identifies the good attribute the way the
// journal's A.2 does: |w_i| < √ε for every i ≠ j and |w_j| > 2p − √ε (=
// √ε). Every w with Excess(w) < ε does.
func (c *CSS) Identifies(w []float64) bool {
	if len(w) != c.d {
		return false
	}
	r := math.Sqrt(c.eps)
	for i, v := range w {
		if i != c.j && math.Abs(v) >= r {
			return false
		}
	}
	return math.Abs(w[c.j]) > 2*c.p-r
}

// Source draws m examples: y a fair sign, x_i = ±1 fair and independent for
// i ≠ j, x_j = y with probability ½ + p (else −y).
func (c *CSS) Source(m int, seed uint64) lao.Source {
	return newStream(c.d, m, seed, func(rng *rand.Rand, row []float64) float64 {
		y := fairSign(rng)
		randomSigns(rng, row, 1)
		if rng.Float64() < 0.5+c.p {
			row[c.j] = y
		} else {
			row[c.j] = -y
		}
		return y
	})
}

// CSSMinExamples is the journal's explicit form of the lower bound
// (Cesa-Bianchi et al. 2011, Theorem 1): a learner must see at least
// ½⌊d/(96ε)⌋ attributes in total, hence at least ⌊d/(96ε)⌋/(2k) examples
// when it reads k per example. (The ICML Theorem 3 states Ω(d/(kε)).)
func CSSMinExamples(d, k int, eps float64) float64 {
	return math.Floor(float64(d)/(96*eps)) / (2 * float64(k))
}
