package lao

import (
	"slices"
	"sync"

	"github.com/laoproject/lao/lao/internal/quadl1"
)

// ballPlan is a set of fits that minimise one quadratic over the l1 balls
// of several radii (a cross-validation's grid of B for Lasso on one fold's
// moments, or for Baseline on one fold's pass): the first fit to solve
// walks the lasso path once to the largest radius (quadl1.MinBallPath),
// stopping at each, and every fit takes its radius's point from that walk:
// the weights minBall gives at each radius, bit for bit, at about the cost
// of the largest one alone. Its fits must all pass the same A and v.
type ballPlan struct {
	radii []float64
	once  sync.Once
	ws    [][]float64
	errs  []error
}

// newBallPlan returns the plan of a set of fits at radii (nil if fewer
// than two are positive: nothing to share).
func newBallPlan(radii []float64) *ballPlan {
	var pos []float64
	for _, B := range radii {
		if B > 0 && !slices.Contains(pos, B) {
			pos = append(pos, B)
		}
	}
	if len(pos) < 2 {
		return nil
	}
	return &ballPlan{radii: pos}
}

// minBall is the package's minBall at B, from the walk when B is one of
// the plan's radii (a nil plan: minBall itself).
func (bp *ballPlan) minBall(A *quadl1.Matrix, v []float64, B float64, diag map[string]float64) ([]float64, error) {
	i := -1
	if bp != nil {
		i = slices.Index(bp.radii, B)
	}
	if i < 0 {
		return minBall(A, v, B, diag)
	}
	bp.once.Do(func() { bp.ws, bp.errs = quadl1.MinBallPath(A, v, bp.radii) })
	return acceptBall(A, v, B, slices.Clone(bp.ws[i]), bp.errs[i], diag)
}
