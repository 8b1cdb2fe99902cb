package lowerbound

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// HazanKoren is a hard instance for Theorem 2.2 of Hazan & Koren (ICML
// 2012): Ω(d/(kε²)) examples for ridge regression (||x||₂ ≤ 1, y = ±1,
// ||w*||₂ ≤ 1) with k attributes per example. The paper leaves the proof to
// its full version; this is the "hidden-sign hypercube" reconstructed for
// this project (the standard hard
// instance of the ridge lower bounds, cf. Chen & de Wolf 2023):
//
//	y a fair sign, z_i = +1 w.p. ½ + p (else −1), independent,
//	x_i = σ_i·z_i·y/√d, so ||x||₂ = 1,
//
// for a hidden sign vector σ. With u = σ/√d and the loss ½(w·x − y)²,
//
//	L(w) = ½[(1 − 4p²)||w||²/d + 4p²(u·w)² − 4p(u·w) + 1],
//
// whose minimiser over the unit ball is w* = u when p ≥ 1/(2(d − 1)), with
// L(w*) = ½[(1 − 4p²)/d + (1 − 2p)²]. Reading attribute i with the label
// reveals one coin σ_i z_i of bias p; an excess below ε needs most signs
// right, hence Ω(d/p²) coins, Ω(d/(kp²)) examples. With p proportional to
// ε this is the theorem's Ω(d/(kε²)).
type HazanKoren struct {
	d, k     int
	eps, p   float64
	sigma, u []float64
}

// DefaultRidgeBias is the bias p = 2ε NewHazanKoren uses: at p = 2ε an
// excess of ε means about one sign in eight wrong (Excess = 4pF − 8p²F(1 − F)
// for a sign vector with a fraction F of wrong signs), so the target is
// reachable and the measured sample count scales as d/(kε²). (The
// reconstruction's proof takes p = 24e·ε to certify its constant.)
const DefaultRidgeBias = 2.0

// NewHazanKoren returns the instance for d attributes, k attributes per
// example, target excess ε and bias p = DefaultRidgeBias·ε, with the hidden
// signs σ drawn from lao.NewRand(sigmaSeed). It needs d ≥ 2 and
// p = 2ε ∈ [1/(2(d − 1)), ¼], i.e. ε ∈ [1/(4(d − 1)), ⅛]: the range in
// which the construction works (the theorem's regime is ε = Ω(1/√d)).
func NewHazanKoren(d, k int, eps float64, sigmaSeed uint64) (*HazanKoren, error) {
	if d >= 2 && (!(eps >= 1/(4*float64(d-1))) || eps > 0.125) {
		return nil, paramErr("NewHazanKoren", "eps", "= %g must be in [1/(4(d−1)), ⅛] = [%.4g, 0.125]: the bias p = 2ε must lie in [1/(2(d−1)), ¼] for w* = σ/√d to minimise the risk over the unit ball", eps, 1/(4*float64(d-1)))
	}
	return NewHazanKorenBias(d, k, eps, DefaultRidgeBias*eps, sigmaSeed)
}

// NewHazanKorenBias is NewHazanKoren with an explicit bias p ∈
// [1/(2(d − 1)), ¼].
func NewHazanKorenBias(d, k int, eps, p float64, sigmaSeed uint64) (*HazanKoren, error) {
	switch {
	case d < 2:
		return nil, paramErr("NewHazanKoren", "d", "= %d must be at least 2", d)
	case k < 1 || k > d:
		return nil, paramErr("NewHazanKoren", "k", "= %d must be in [1, d = %d]", k, d)
	case !(eps > 0) || !finite(eps):
		return nil, paramErr("NewHazanKoren", "eps", "= %g must be positive", eps)
	case !(p >= 1/(2*float64(d-1))) || p > 0.25:
		return nil, paramErr("NewHazanKoren", "p", "= %g must be in [1/(2(d−1)), ¼] = [%.4g, 0.25] for w* = σ/√d to minimise the risk over the unit ball", p, 1/(2*float64(d-1)))
	}
	r := lao.NewRand(sigmaSeed)
	h := &HazanKoren{d: d, k: k, eps: eps, p: p, sigma: make([]float64, d), u: make([]float64, d)}
	s := 1 / math.Sqrt(float64(d))
	for i := range h.sigma {
		h.sigma[i] = fairSign(r)
		h.u[i] = h.sigma[i] * s
	}
	return h, nil
}

// Name identifies the instance.
func (h *HazanKoren) Name() string {
	return fmt.Sprintf("hk2012/2.2 d=%d k=%d eps=%g p=%g", h.d, h.k, h.eps, h.p)
}

// Dim is d.
func (h *HazanKoren) Dim() int { return h.d }

// K is the per-example budget the instance was built for.
func (h *HazanKoren) K() int { return h.k }

// Eps is the target excess ε.
func (h *HazanKoren) Eps() float64 { return h.eps }

// Bias is p.
func (h *HazanKoren) Bias() float64 { return h.p }

// Signs returns a copy of the hidden signs σ.
func (h *HazanKoren) Signs() []float64 { return append([]float64(nil), h.sigma...) }

// Loss is ½(w·x − y)², Hazan & Koren's convention.
func (h *HazanKoren) Loss() Loss { return HalfSquared }

// WStar is u = σ/√d.
func (h *HazanKoren) WStar() []float64 { return append([]float64(nil), h.u...) }

// Risk is ½[(1 − 4p²)||w||²/d + 4p²(u·w)² − 4p(u·w) + 1].
func (h *HazanKoren) Risk(w []float64) float64 {
	if len(w) != h.d {
		return math.NaN()
	}
	var n2, a float64
	for i, v := range w {
		n2 += v * v
		a += v * h.u[i]
	}
	p := h.p
	return 0.5 * ((1-4*p*p)*n2/float64(h.d) + 4*p*p*a*a - 4*p*a + 1)
}

// RiskStar is ½[(1 − 4p²)/d + (1 − 2p)²].
func (h *HazanKoren) RiskStar() float64 {
	p := h.p
	return 0.5 * ((1-4*p*p)/float64(h.d) + (1-2*p)*(1-2*p))
}

// Excess is Risk(w) − RiskStar(), ≥ 0 on the unit ball.
func (h *HazanKoren) Excess(w []float64) float64 { return h.Risk(w) - h.RiskStar() }

// Source draws m examples: y, then z_1..z_d, per row.
func (h *HazanKoren) Source(m int, seed uint64) lao.Source {
	s := 1 / math.Sqrt(float64(h.d))
	return newStream(h.d, m, seed, func(rng *rand.Rand, row []float64) float64 {
		y := fairSign(rng)
		for i := range row {
			z := -1.0
			if rng.Float64() < 0.5+h.p {
				z = 1
			}
			row[i] = h.sigma[i] * z * y * s
		}
		return y
	})
}

// HKMinExamples is Theorem 2.2's Ω(d/(kε²)) with the O-constant 1 (a shape
// for plots: the reconstruction's proof certifies about d/(5·10⁴·kε²), and
// a majority vote reaches ε with about 0.1·d/(kε²) at p = 2ε).
func HKMinExamples(d, k int, eps float64) float64 {
	return float64(d) / (float64(k) * eps * eps)
}
