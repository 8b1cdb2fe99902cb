package lowerbound

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// ErrParam is lao.ErrParam: an invalid parameter; the message names it.
var ErrParam = lao.ErrParam

// Loss names a paper's loss convention. Cesa-Bianchi et al. measure
// (w·x − y)², Hazan & Koren ½(w·x − y)²; every instance reports its risk in
// the convention of the theorem it comes from.
type Loss string

const (
	Squared     Loss = "(w·x − y)²"
	HalfSquared Loss = "½(w·x − y)²"
)

// Instance is a lower-bound distribution D with exactly known risk: its
// minimiser w* over the theorem's class, L_D(w*) and L_D(w) for any w, so
// excess risks are computed, not estimated on a test set.
type Instance interface {
	// Name is a short label, e.g. "css2010/3 d=64 k=1 eps=0.05".
	Name() string
	// Dim is d.
	Dim() int
	// WStar returns a copy of w*.
	WStar() []float64
	// Risk is L_D(w), exact, in Loss's convention (NaN if len(w) ≠ d).
	Risk(w []float64) float64
	// RiskStar is L_D(w*).
	RiskStar() float64
	// Excess is L_D(w) − L_D(w*), exact.
	Excess(w []float64) float64
	// Loss is the theorem's loss convention.
	Loss() Loss
	// Source returns a stream of m examples drawn with lao.NewRand(seed);
	// the same seed gives the same examples, and a longer stream extends a
	// shorter one.
	Source(m int, seed uint64) lao.Source
}

// Sample materialises m examples of inst (for frames, notebooks and the
// full-information references).
func Sample(inst Instance, m int, seed uint64) (*lao.Dataset, error) {
	if m < 0 {
		return nil, fmt.Errorf("lowerbound: Sample: m = %d examples, want ≥ 0: %w", m, ErrParam)
	}
	d := inst.Dim()
	src := inst.Source(m, seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		v, err := src.Next(x[i*d : (i+1)*d])
		if err != nil {
			return nil, err
		}
		y[i] = v
	}
	return lao.NewDataset(x, y, d, nil)
}

// stream is the Source of an instance: m rows filled by draw.
type stream struct {
	d, m, i int
	rng     *rand.Rand
	draw    func(rng *rand.Rand, row []float64) float64
}

func newStream(d, m int, seed uint64, draw func(*rand.Rand, []float64) float64) *stream {
	return &stream{d: d, m: max(m, 0), rng: lao.NewRand(seed), draw: draw}
}

func (s *stream) Dim() int { return s.d }
func (s *stream) Len() int { return s.m }
func (s *stream) Next(row []float64) (float64, error) {
	if s.i >= s.m {
		return 0, io.EOF
	}
	if len(row) != s.d {
		return 0, fmt.Errorf("lowerbound: row has %d entries, want d = %d: %w", len(row), s.d, lao.ErrShape)
	}
	s.i++
	return s.draw(s.rng, row), nil
}

// randomSigns fills row with independent fair signs ±scale, 64 per
// random word.
func randomSigns(rng *rand.Rand, row []float64, scale float64) {
	var u uint64
	for i := range row {
		if i%64 == 0 {
			u = rng.Uint64()
		}
		if u&1 == 1 {
			row[i] = scale
		} else {
			row[i] = -scale
		}
		u >>= 1
	}
}

func fairSign(rng *rand.Rand) float64 {
	if rng.Uint64()&1 == 1 {
		return 1
	}
	return -1
}

func sqDist(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		e := v - b[i]
		s += e * e
	}
	return s
}

// paramErr formats an error naming the generator and the parameter.
func paramErr(gen, param, format string, args ...any) error {
	return fmt.Errorf("lowerbound: %s: %s %s: %w", gen, param, fmt.Sprintf(format, args...), ErrParam)
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
