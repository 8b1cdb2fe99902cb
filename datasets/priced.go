package datasets

import (
	"fmt"
	"math"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// PricedModel is the synthetic family for attributes with prices (ours,
// docs/costs.md): d attributes x_j uniform on {−1, +1} (E[xxᵀ] = I, so the
// excess risk of any w is exact), of which a fraction Expensive cost Ratio
// and the others 1, and y = w*·x + ε with ε uniform on [−Noise, Noise], w*
// with S equal non-zero weights (±1/√S, so Var(w*·x) = 1) on cheap or on
// expensive attributes. The expensive attributes are the last
// ⌈Expensive·d⌉.
//
// Its second moments are equal, so the predicted gain of priced over
// cost-blind sampling (lao.PricedGain with the uniform q) depends on the
// prices only: (1 − f + f·r)/(1 − f + f·√r)² with f = Expensive, r = Ratio
// (2.65 for the defaults). Where the informative attributes are does not
// enter the bound; the family shows what it does to a fit.
type PricedModel struct {
	D         int     // attributes; 0 selects 40
	Expensive float64 // fraction of expensive attributes in (0, 1); 0 selects 0.2
	Ratio     float64 // price of an expensive attribute (a cheap one costs 1); 0 selects 100
	// InformativeExpensive puts w*'s non-zero weights on the expensive
	// attributes; off, on the cheap ones.
	InformativeExpensive bool
	S                    int     // non-zero weights of w*; 0 selects 4
	Noise                float64 // ε uniform on [−Noise, Noise]; 0 selects 0.5
}

// resolved returns the model with its defaults filled in, or an error
// naming the bad field.
func (p PricedModel) resolved() (PricedModel, error) {
	def := func(v *float64, d float64) {
		if *v == 0 {
			*v = d
		}
	}
	if p.D == 0 {
		p.D = 40
	}
	if p.S == 0 {
		p.S = 4
	}
	def(&p.Expensive, 0.2)
	def(&p.Ratio, 100)
	def(&p.Noise, 0.5)
	switch {
	case p.D < 2:
		return p, fmt.Errorf("datasets: PricedModel: D = %d, want at least 2: %w", p.D, lao.ErrParam)
	case !(p.Expensive > 0 && p.Expensive < 1):
		return p, fmt.Errorf("datasets: PricedModel: Expensive = %g, want in (0, 1): %w", p.Expensive, lao.ErrParam)
	case !(p.Ratio > 0) || math.IsInf(p.Ratio, 0):
		return p, fmt.Errorf("datasets: PricedModel: Ratio = %g, want positive and finite: %w", p.Ratio, lao.ErrParam)
	case !(p.Noise >= 0) || math.IsInf(p.Noise, 0):
		return p, fmt.Errorf("datasets: PricedModel: Noise = %g, want ≥ 0 and finite: %w", p.Noise, lao.ErrParam)
	}
	if n := p.expensive(); p.S < 1 || p.S > min(n, p.D-n) {
		return p, fmt.Errorf("datasets: PricedModel: S = %d, want in [1, %d] (the smaller of the cheap and expensive groups): %w", p.S, min(n, p.D-n), lao.ErrParam)
	}
	return p, nil
}

// expensive returns the number of expensive attributes, ⌈Expensive·d⌉.
func (p PricedModel) expensive() int { return int(math.Ceil(p.Expensive*float64(p.D) - 1e-9)) }

// Costs returns the attributes' prices: 1, and Ratio for the last
// ⌈Expensive·d⌉.
func (p PricedModel) Costs() ([]float64, error) {
	p, err := p.resolved()
	if err != nil {
		return nil, err
	}
	c := make([]float64, p.D)
	for j := range c {
		c[j] = 1
		if j >= p.D-p.expensive() {
			c[j] = p.Ratio
		}
	}
	return c, nil
}

// WStar returns w*: S weights ±1/√S on the first cheap attributes, or on
// the first expensive ones.
func (p PricedModel) WStar() ([]float64, error) {
	p, err := p.resolved()
	if err != nil {
		return nil, err
	}
	w := make([]float64, p.D)
	first := 0
	if p.InformativeExpensive {
		first = p.D - p.expensive()
	}
	for i := range p.S {
		w[first+i] = float64(1-2*(i%2)) / math.Sqrt(float64(p.S))
	}
	return w, nil
}

// Sample draws m examples with lao.NewRand(seed), the columns named
// "x0", "x1", …; the same (m, seed) gives the same data.
func (p PricedModel) Sample(m int, seed uint64) (*lao.Dataset, error) {
	w, err := p.WStar()
	if err != nil {
		return nil, err
	}
	p, _ = p.resolved()
	if m < 1 {
		return nil, fmt.Errorf("datasets: PricedModel: m = %d, want at least 1: %w", m, lao.ErrParam)
	}
	r := lao.NewRand(seed)
	x, y := make([]float64, m*p.D), make([]float64, m)
	for i := range m {
		row := x[i*p.D : (i+1)*p.D]
		for j := range row {
			row[j] = float64(2*r.IntN(2) - 1)
			y[i] += w[j] * row[j]
		}
		y[i] += p.Noise * (2*r.Float64() - 1)
	}
	names := make([]string, p.D)
	for j := range names {
		names[j] = "x" + strconv.Itoa(j)
	}
	return lao.NewDataset(x, y, p.D, names)
}

// Excess is the exact excess risk of w (in the data's units) for the loss
// (w·x − y)²: ||w − w*||₂², since E[xxᵀ] = I.
func (p PricedModel) Excess(w []float64) (float64, error) {
	ws, err := p.WStar()
	if err != nil {
		return 0, err
	}
	if len(w) != len(ws) {
		return 0, fmt.Errorf("datasets: PricedModel.Excess: %d weights for %d attributes: %w", len(w), len(ws), lao.ErrShape)
	}
	var s float64
	for j, v := range w {
		s += (v - ws[j]) * (v - ws[j])
	}
	return s, nil
}

// PredictedGain is the predicted gain of priced over cost-blind (uniform)
// sampling on this family's equal moments: (1 − f + f·r)/(1 − f + f·√r)²
// with f the expensive fraction ⌈Expensive·d⌉/d and r = Ratio (ours/c5).
func (p PricedModel) PredictedGain() (float64, error) {
	c, err := p.Costs()
	if err != nil {
		return 0, err
	}
	mom := make([]float64, len(c))
	for j := range mom {
		mom[j] = 1
	}
	return lao.PricedGain(mom, mom, c)
}
