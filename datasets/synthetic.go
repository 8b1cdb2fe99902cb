package datasets

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// This file holds synthetic linear problems whose population covariance is
// known, so the excess risk of any w is exact (no test-set noise): what the
// notebooks use to put measured excess risk beside the theorems' bounds.

// SignModel is x uniform on {−1, +1}^d, y = w*·x + ε with ε uniform on
// [−Noise, Noise]: ||x||∞ = 1 (the assumption of seed 001's theorems and of
// AELR), E[xxᵀ] = I. d is len(WStar).
type SignModel struct {
	WStar []float64
	Noise float64
}

// Sample draws m examples with lao.NewRand(seed); the same (m, seed) gives
// the same data, and a longer sample extends a shorter one.
func (p SignModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	d := len(p.WStar)
	if err := checkSynthetic("SignModel", d, m, p.Noise, p.WStar); err != nil {
		return nil, err
	}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = float64(2*r.IntN(2) - 1)
			y[i] += p.WStar[j] * row[j]
		}
		y[i] += p.Noise * (2*r.Float64() - 1)
	}
	return lao.NewDataset(x, y, d, nil)
}

// Excess is the exact excess risk of w for the loss (w·x − y)² (seed 001's
// convention): E(w·x − y)² − E(w*·x − y)² = ||w − w*||₂², since E[xxᵀ] = I.
// Halve it for seed 000's ½(w·x − y)².
func (p SignModel) Excess(w []float64) float64 {
	var s float64
	for j, v := range w {
		e := v - p.WStar[j]
		s += e * e
	}
	return s
}

// SpikedSignModel is x = A·g·U + (1 − A)·z/√d with g and z_1..z_d
// independent uniform signs and U a unit vector, y = w*·x + ε with ε uniform
// on [−Noise, Noise]. Its covariance Σ = A²UUᵀ + (1 − A)²I/d has one strong
// direction, and ||x||₂ ≤ A + (1 − A) = 1 (the assumption of seed 000's
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

// Excess is the exact excess risk of w for the loss ½(w·x − y)² (seed 000's
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
