package frames_test

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// ridge is a test-only full-information solver: it reveals all d
// attributes of every example and returns the exact ridge solution
// argmin_w (1/m) Σ (w·x − y)² + Lambda·||w||². It keeps these tests
// independent of the package lao solvers being written concurrently.
type ridge struct{ Lambda float64 }

var _ lao.Solver = ridge{}

func (r ridge) Name() string { return "test-ridge" }

func (r ridge) Params() []lao.Param { return nil }

func (r ridge) Start(p lao.Problem) (lao.Learner, lao.Budget, error) {
	if !(r.Lambda >= 0) {
		return nil, lao.Budget{}, fmt.Errorf("test-ridge: lambda %g: %w", r.Lambda, lao.ErrParam)
	}
	return &ridgeLearner{d: p.D, lambda: r.Lambda, xtx: make([]float64, p.D*p.D), xty: make([]float64, p.D), x: make([]float64, p.D)},
		lao.Budget{PerExample: p.D, Rule: "d per example"}, nil
}

type ridgeLearner struct {
	d, m     int
	lambda   float64
	xtx, xty []float64
	x        []float64
}

func (l *ridgeLearner) Observe(ex *lao.Example) {
	for j := range l.x {
		l.x[j] = ex.Attr(j)
	}
	y := ex.Label()
	for j, a := range l.x {
		l.xty[j] += a * y
		for k, b := range l.x {
			l.xtx[j*l.d+k] += a * b
		}
	}
	l.m++
}

// Weights solves (XᵀX/m + λI) w = Xᵀy/m by Gaussian elimination with
// partial pivoting (zero weights if the system is singular).
func (l *ridgeLearner) Weights(dst []float64) {
	d, m := l.d, float64(max(l.m, 1))
	a := make([]float64, d*(d+1))
	for j := range d {
		for k := range d {
			a[j*(d+1)+k] = l.xtx[j*d+k] / m
		}
		a[j*(d+1)+j] += l.lambda
		a[j*(d+1)+d] = l.xty[j] / m
	}
	clear(dst)
	for c := range d {
		p := c
		for r := c + 1; r < d; r++ {
			if math.Abs(a[r*(d+1)+c]) > math.Abs(a[p*(d+1)+c]) {
				p = r
			}
		}
		if a[p*(d+1)+c] == 0 {
			return
		}
		for k := range d + 1 {
			a[c*(d+1)+k], a[p*(d+1)+k] = a[p*(d+1)+k], a[c*(d+1)+k]
		}
		for r := c + 1; r < d; r++ {
			f := a[r*(d+1)+c] / a[c*(d+1)+c]
			for k := c; k <= d; k++ {
				a[r*(d+1)+k] -= f * a[c*(d+1)+k]
			}
		}
	}
	for c := d - 1; c >= 0; c-- {
		s := a[c*(d+1)+d]
		for k := c + 1; k < d; k++ {
			s -= a[c*(d+1)+k] * dst[k]
		}
		dst[c] = s / a[c*(d+1)+c]
	}
}
