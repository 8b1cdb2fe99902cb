package datasets

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// This file holds synthetic linear problems whose population covariance is
// known, so the excess risk of any w is exact (no test-set noise): what the
// notebooks use to put measured excess risk beside the theorems' bounds.

// SignModel is x uniform on {−1, +1}^d, y = w*·x + ε with ε uniform on
// [−Noise, Noise]: ||x||∞ = 1 (the assumption of Cesa-Bianchi et al.'s theorems and of
// AELR), E[xxᵀ] = I. d is len(WStar).
type SignModel struct {
	WStar []float64
	Noise float64
}

// Sample draws m examples with lao.NewRand(seed); the same (m, seed) gives
// the same data, and a longer sample extends a shorter one.
func (p SignModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	sign := func(r *rand.Rand) float64 { return float64(2*r.IntN(2) - 1) }
	uniform := func(r *rand.Rand) float64 { return 2*r.Float64() - 1 }
	return sampleLinear("SignModel", m, seed, p.WStar, p.Noise, sign, uniform)
}

// sampleLinear draws m examples of y = w*·x + noise·ε with lao.NewRand(seed):
// per row the d attributes x_j = cell(r), independent, then ε = eps(r).
func sampleLinear(name string, m int, seed uint64, wstar []float64, noise float64, cell, eps func(*rand.Rand) float64) (*lao.Dataset, error) {
	d := len(wstar)
	if err := checkSynthetic(name, d, m, noise, wstar); err != nil {
		return nil, err
	}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		var a float64
		for j := range row {
			row[j] = cell(r)
			a += wstar[j] * row[j]
		}
		y[i] = a + noise*eps(r)
	}
	return lao.NewDataset(x, y, d, nil)
}

// Excess is the exact excess risk of w for the loss (w·x − y)² (Cesa-Bianchi et al.'s
// convention): E(w·x − y)² − E(w*·x − y)² = ||w − w*||₂², since E[xxᵀ] = I.
// Halve it for Hazan & Koren's ½(w·x − y)².
func (p SignModel) Excess(w []float64) float64 { return sqDist(w, p.WStar) }

// sqDist returns ||w − star||₂², summed in index order over w's entries.
func sqDist(w, star []float64) float64 {
	var s float64
	for j, v := range w {
		e := v - star[j]
		s += e * e
	}
	return s
}

// SpikedSignModel is x = A·g·U + (1 − A)·z/√d with g and z_1..z_d
// independent uniform signs and U a unit vector, y = w*·x + ε with ε uniform
// on [−Noise, Noise]. Its covariance Σ = A²UUᵀ + (1 − A)²I/d has one strong
// direction, and ||x||₂ ≤ A + (1 − A) = 1 (the assumption of Hazan & Koren's
// Theorem 3.1). d is len(U) = len(WStar); A must be in [0, 1].
type SpikedSignModel struct {
	U, WStar []float64
	A, Noise float64
}

// Sample draws m examples with lao.NewRand(seed): per row g, then z_1..z_d,
// then ε. The same (m, seed) gives the same data.
func (p SpikedSignModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	d := len(p.U)
	if err := checkSynthetic("SpikedSignModel", d, m, p.Noise, p.WStar); err != nil {
		return nil, err
	}
	if len(p.WStar) != d {
		return nil, fmt.Errorf("datasets: SpikedSignModel: len(WStar) = %d, len(U) = %d: %w", len(p.WStar), d, lao.ErrParam)
	}
	if !(p.A >= 0 && p.A <= 1) {
		return nil, fmt.Errorf("datasets: SpikedSignModel: A = %g must be in [0, 1]: %w", p.A, lao.ErrParam)
	}
	var n2 float64
	for _, v := range p.U {
		n2 += v * v
	}
	if math.Abs(n2-1) > 1e-9 {
		return nil, fmt.Errorf("datasets: SpikedSignModel: ||U||₂ = %g, want 1: %w", math.Sqrt(n2), lao.ErrParam)
	}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	sd := 1 / math.Sqrt(float64(d))
	for i := range m {
		row := x[i*d : (i+1)*d]
		g := float64(2*r.IntN(2) - 1)
		for j := range row {
			row[j] = p.A*g*p.U[j] + (1-p.A)*sd*float64(2*r.IntN(2)-1)
			y[i] += p.WStar[j] * row[j]
		}
		y[i] += p.Noise * (2*r.Float64() - 1)
	}
	return lao.NewDataset(x, y, d, nil)
}

// Excess is the exact excess risk of w for the loss ½(w·x − y)² (Hazan & Koren's
// convention): ½(w − w*)ᵀΣ(w − w*) = ½(A²((w − w*)·U)² + (1 − A)²||w − w*||²/d).
func (p SpikedSignModel) Excess(w []float64) float64 {
	var pu, n2 float64
	for j, v := range w {
		e := v - p.WStar[j]
		pu += e * p.U[j]
		n2 += e * e
	}
	b := 1 - p.A
	return 0.5 * (p.A*p.A*pu*pu + b*b*n2/float64(len(w)))
}

func checkSynthetic(name string, d, m int, noise float64, wstar []float64) error {
	switch {
	case d < 1:
		return fmt.Errorf("datasets: %s: dimension %d, want at least 1: %w", name, d, lao.ErrParam)
	case m < 0:
		return fmt.Errorf("datasets: %s: m = %d examples, want at least 0: %w", name, m, lao.ErrParam)
	case !(noise >= 0) || math.IsInf(noise, 0):
		return fmt.Errorf("datasets: %s: Noise = %g, want finite and ≥ 0: %w", name, noise, lao.ErrParam)
	}
	for j, v := range wstar {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("datasets: %s: WStar[%d] = %g: %w", name, j, v, lao.ErrNotFinite)
		}
	}
	return nil
}

// PowerLawModel is the simulated data of Kukliansky & Shamir (2015, Section
// 5.1): u_i = i^α for i = 1..d, projected onto the l2 unit ball (ridge
// scenario) or the l∞ unit ball (lasso scenario) to give the means μ =
// E[x]; each attribute is an independent Bernoulli(μ_i) variable, so
// E[x_i²] = μ_i follows the power law; y = w*·x without noise, with w*
// uniform on {−1, +1}^d (ridge) or i.i.d. ±1 with probability 0.15 each and
// 0 otherwise (lasso). The paper uses d = 500 and α ∈ {0, −0.5, −1, −2}.
// Note that these data do not meet the theorems' ||x||₂ ≤ 1 or |y| ≤ B (the
// paper does not rescale them either).
type PowerLawModel struct {
	Mu    []float64 // E[x_i] = E[x_i²]
	WStar []float64
	Lasso bool
}

// NewPowerLawModel builds the model for d attributes, exponent alpha ≤ 0,
// the lasso (true) or ridge (false) scenario, drawing w* with
// lao.NewRand(seed).
func NewPowerLawModel(d int, alpha float64, lasso bool, seed uint64) (*PowerLawModel, error) {
	if d < 1 {
		return nil, fmt.Errorf("datasets: PowerLawModel: d = %d, want at least 1: %w", d, lao.ErrParam)
	}
	if !(alpha <= 0) || math.IsInf(alpha, 0) {
		return nil, fmt.Errorf("datasets: PowerLawModel: alpha = %g, want finite and ≤ 0: %w", alpha, lao.ErrParam)
	}
	mu := make([]float64, d)
	var n2 float64
	for i := range mu {
		mu[i] = math.Pow(float64(i+1), alpha)
		n2 += mu[i] * mu[i]
	}
	if !lasso && n2 > 1 { // projection onto the l2 unit ball
		for i := range mu {
			mu[i] /= math.Sqrt(n2)
		}
	} // lasso: i^α ≤ 1 already lies in the l∞ unit ball
	r := lao.NewRand(seed)
	w := make([]float64, d)
	for i := range w {
		if lasso {
			switch u := r.Float64(); {
			case u < 0.15:
				w[i] = 1
			case u < 0.3:
				w[i] = -1
			}
		} else {
			w[i] = float64(2*r.IntN(2) - 1)
		}
	}
	return &PowerLawModel{Mu: mu, WStar: w, Lasso: lasso}, nil
}

// Sample draws m examples with lao.NewRand(seed).
func (p *PowerLawModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	d := len(p.Mu)
	if m < 0 {
		return nil, fmt.Errorf("datasets: PowerLawModel: m = %d examples, want at least 0: %w", m, lao.ErrParam)
	}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			if r.Float64() < p.Mu[j] {
				row[j] = 1
				y[i] += p.WStar[j]
			}
		}
	}
	return lao.NewDataset(x, y, d, nil)
}

// Excess is the exact excess risk of w for the loss ½(w·x − y)² (the
// targets are noise-free, so it is the risk): ½E[(e·x)²] with e = w − w*,
// = ½(Σ_i e_i² μ_i(1 − μ_i) + (e·μ)²) for independent Bernoulli attributes.
func (p *PowerLawModel) Excess(w []float64) float64 {
	var diag, mean float64
	for i, v := range w {
		e := v - p.WStar[i]
		diag += e * e * p.Mu[i] * (1 - p.Mu[i])
		mean += e * p.Mu[i]
	}
	return 0.5 * (diag + mean*mean)
}
