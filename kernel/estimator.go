package kernel

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao"
)

// Estimator is a gradient estimate written in a notebook cell, so that
// students can read and edit it: from the observation handle ex (it
// enforces the same budget as the library's estimator), the weights w, the
// budget k and a random generator, it returns the estimate g̃ as a dense
// vector of length d.
type Estimator func(ex *lao.Example, w []float64, k int, rng *rand.Rand) []float64

// ScalarEstimator is a scalar estimate written in a cell (GenEst's φ̂):
// from the handle, w, the scale s and the label y.
type ScalarEstimator func(ex *lao.Example, w []float64, s, y float64, rng *rand.Rand) float64

// Comparison is the outcome of drawing a cell's estimator and the
// library's from the same random draws.
type Comparison struct {
	Draws    int     // pairs drawn
	Differ   int     // pairs whose values differ (relative difference > 1e-9)
	MaxDiff  float64 // largest absolute difference of a coordinate
	MaxAttrs int     // most distinct attributes the cell's estimator revealed
	Budget   int     // the handle's budget per draw
}

// String reports the comparison in one line.
func (c Comparison) String() string {
	verdict := "the cell's estimator is the library's, draw for draw"
	if c.Differ > 0 {
		verdict = "the cell's estimator differs from the library's"
	}
	return fmt.Sprintf("%d draws with the same random numbers: %d differ (largest difference %.3g); at most %d of %d attributes revealed: %s",
		c.Draws, c.Differ, c.MaxDiff, c.MaxAttrs, c.Budget, verdict)
}

// CompareEstimator draws the library's estimate of solver ("aerr", "aelr"
// or "aer": lao.EstimateGradient, the solvers' own code) and mine n times at
// (w, x, y), the i-th pair from two generators seeded alike, and counts the
// pairs that differ. An estimator written as the paper's pseudo-code, with
// its random draws in the library's order, matches on every draw; a
// change to it (another distribution for j, a missing scale) shows as
// differing draws. A budget refusal inside mine is an error.
func CompareEstimator(solver string, k int, mine Estimator, w, x []float64, y float64, n int) (c Comparison, err error) {
	budget := k + 1
	if solver == "aer" {
		budget = k
	}
	c.Budget = budget
	ex := lao.NewExample(len(x))
	for i := range n {
		ref, err := lao.EstimateGradient(solver, k, w, x, y, lao.NewRand(uint64(i)))
		if err != nil {
			return c, err
		}
		ex.Reset(x, y, budget)
		g, err := callEstimator(func() []float64 { return mine(ex, w, k, lao.NewRand(uint64(i))) })
		if err != nil {
			return c, err
		}
		if len(g) != len(ref.G) {
			return c, fmt.Errorf("kernel: CompareEstimator: the cell's estimate has length %d, want d = %d", len(g), len(ref.G))
		}
		c.MaxAttrs = max(c.MaxAttrs, ex.Observed())
		differ := false
		for j := range g {
			diff := math.Abs(g[j] - ref.G[j])
			c.MaxDiff = max(c.MaxDiff, diff)
			differ = differ || diff > 1e-9*math.Max(1, math.Abs(ref.G[j]))
		}
		if differ {
			c.Differ++
		}
		c.Draws++
	}
	return c, nil
}

// CompareGenEst draws lao.GenEst's φ̂ for the loss f (radius B) and mine n
// times at (w, s·x, y) from generators seeded alike, as CompareEstimator
// does for gradients. The handle reveals at most len(x) attributes.
func CompareGenEst(f lao.Analytic, B float64, mine ScalarEstimator, w, x []float64, s, y float64, n int) (c Comparison, err error) {
	g, err := lao.NewGenEst(f, B)
	if err != nil {
		return c, err
	}
	if err := g.SetW(w); err != nil {
		return c, err
	}
	c.Budget = len(x)
	ex := lao.NewExample(len(x))
	for i := range n {
		ex.Reset(x, y, len(x))
		ref, err := g.Estimate(ex, s, y, lao.NewRand(uint64(i)))
		if err != nil {
			return c, err
		}
		ex.Reset(x, y, len(x))
		v, err := callEstimator(func() []float64 { return []float64{mine(ex, w, s, y, lao.NewRand(uint64(i)))} })
		if err != nil {
			return c, err
		}
		c.MaxAttrs = max(c.MaxAttrs, ex.Observed())
		diff := math.Abs(v[0] - ref)
		c.MaxDiff = max(c.MaxDiff, diff)
		if diff > 1e-9*math.Max(1, math.Abs(ref)) {
			c.Differ++
		}
		c.Draws++
	}
	return c, nil
}

// callEstimator runs f, turning a panic (a budget refusal of the handle, an
// index out of range in the cell's code) into an error.
func callEstimator(f func() []float64) (g []float64, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("kernel: the cell's estimator failed: %v", r)
		}
	}()
	return f(), nil
}

// SampleSq returns j with probability w_j²/||w||₂² given u uniform in
// [0, 1), by a linear scan of the cumulative sums (the library draws the
// same j from a sum tree in O(log d)). w must not be zero.
func SampleSq(w []float64, u float64) int {
	var total float64
	for _, v := range w {
		total += v * v
	}
	return sampleCum(w, u*total, func(v float64) float64 { return v * v })
}

// SampleAbs returns j with probability |w_j|/||w||₁ given u uniform in
// [0, 1) (see SampleSq).
func SampleAbs(w []float64, u float64) int {
	return sampleCum(w, u*Norm1(w), math.Abs)
}

func sampleCum(w []float64, target float64, f func(float64) float64) int {
	last := -1
	var acc float64
	for j, v := range w {
		if f(v) == 0 {
			continue
		}
		acc += f(v)
		last = j
		if target < acc {
			return j
		}
	}
	return last
}
