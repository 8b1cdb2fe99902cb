package datasets

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// DemoSpec describes the built-in synthetic regression problem used by
// `lao` with no arguments and by the package examples: x uniform on
// [−1/√d, 1/√d]^d (so ||x||₂ ≤ 1 and ||x||∞ ≤ 1, the assumptions of every
// paper's theorem), a sparse w* with ||w*||₁ = 1, y = w*·x + ε with ε uniform
// on [−Noise, Noise] (so |y| ≤ 1).
type DemoSpec struct {
	D, NonZero int
	MTrain     int
	MTest      int
	Noise      float64
	Seed       uint64
}

// DefaultDemo is the problem `lao demo` runs.
var DefaultDemo = DemoSpec{D: 20, NonZero: 4, MTrain: 20000, MTest: 2000, Noise: 0.01, Seed: 1}

// Demo generates the train and test sets of spec, and returns w*.
// The same spec always gives the same data.
func Demo(spec DemoSpec) (train, test *lao.Dataset, wstar []float64, err error) {
	if spec.D < 1 || spec.NonZero < 1 || spec.NonZero > spec.D || spec.MTrain < 1 || spec.MTest < 1 || spec.Noise < 0 || spec.Noise > 0.5 {
		return nil, nil, nil, fmt.Errorf("datasets: Demo: invalid spec %+v: %w", spec, lao.ErrParam)
	}
	rng := lao.NewRand(spec.Seed)
	wstar = make([]float64, spec.D)
	for j := range spec.NonZero {
		wstar[j] = 1 / float64(spec.NonZero)
		if j%2 == 1 {
			wstar[j] = -wstar[j]
		}
	}
	scale := 1 / math.Sqrt(float64(spec.D))
	gen := func(m int) (*lao.Dataset, error) {
		x := make([]float64, m*spec.D)
		y := make([]float64, m)
		for i := range m {
			row := x[i*spec.D : (i+1)*spec.D]
			for j := range row {
				row[j] = scale * (2*rng.Float64() - 1)
				y[i] += wstar[j] * row[j]
			}
			y[i] += spec.Noise * (2*rng.Float64() - 1)
		}
		return lao.NewDataset(x, y, spec.D, nil)
	}
	if train, err = gen(spec.MTrain); err != nil {
		return nil, nil, nil, err
	}
	if test, err = gen(spec.MTest); err != nil {
		return nil, nil, nil, err
	}
	return train, test, wstar, nil
}
