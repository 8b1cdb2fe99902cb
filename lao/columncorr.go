package lao

import (
	"cmp"
	"math"
	"slices"
)

// The per-attribute correlation screen that ScreenRidge and AdaptiveScreen
// share.

// columnCorr keeps, per attribute, the count, the means of x and y and the
// co-moments over the examples that revealed it (Welford's updates, free of
// the cancellation of raw sums), for ranking by |correlation| with y.
type columnCorr struct {
	n, mx, my, cxx, cxy, cyy []float64
	order                    []int
	score                    []float64
}

func newColumnCorr(d int) *columnCorr {
	return &columnCorr{n: make([]float64, d), mx: make([]float64, d), my: make([]float64, d), cxx: make([]float64, d),
		cxy: make([]float64, d), cyy: make([]float64, d), order: make([]int, d), score: make([]float64, d)}
}

func (c *columnCorr) add(j int, x, y float64) {
	c.n[j]++
	dx, dy := x-c.mx[j], y-c.my[j]
	c.mx[j] += dx / c.n[j]
	c.my[j] += dy / c.n[j]
	c.cxx[j] += dx * (x - c.mx[j])
	c.cxy[j] += dx * (y - c.my[j])
	c.cyy[j] += dy * (y - c.my[j])
}

// abs returns |correlation| of attribute j with y (0 with fewer than two
// observations or no spread).
func (c *columnCorr) abs(j int) float64 {
	if c.n[j] < 2 || !(c.cxx[j] > 0) || !(c.cyy[j] > 0) {
		return 0
	}
	return math.Abs(c.cxy[j] / math.Sqrt(c.cxx[j]*c.cyy[j]))
}

// top returns the k attributes of largest |correlation|, increasing.
// Scores equal to 9 decimals are ties (two observations give |r| = 1 up to
// rounding), broken by the lower index.
func (c *columnCorr) top(k int) []int {
	for j := range c.order {
		c.order[j], c.score[j] = j, roundScore(c.abs(j))
	}
	slices.SortStableFunc(c.order, func(a, b int) int { return cmp.Compare(c.score[b], c.score[a]) })
	t := slices.Clone(c.order[:k])
	slices.Sort(t)
	return t
}
