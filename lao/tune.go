package lao

import (
	"fmt"
	"maps"
	"strconv"
	"strings"
)

// Tune is a parameter's cross-validation range: either fixed Values, or
// Factors times a Center computed when the grid is built (e.g. the
// theorem's step size for the B being tried). Center sees the solver with
// the parameters listed before this one already set to the grid point's
// values, so a step size can depend on the radius.
type Tune struct {
	Values  []float64
	Factors []float64
	Center  func(p Problem) float64
}

// String describes the range for listings: "0.25, 0.5, …, 64 (9 values)" or
// "0.1 … 1e+05 × a centre (13 factors)".
func (t *Tune) String() string {
	if t == nil {
		return ""
	}
	if len(t.Factors) > 0 {
		return fmt.Sprintf("%s × the centre (%d factors)", span(t.Factors, " … "), len(t.Factors))
	}
	return fmt.Sprintf("%s (%d values)", span(t.Values, ", …, "), len(t.Values))
}

// span formats the first and last entries of v (all of them if there are
// at most three).
func span(v []float64, sep string) string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	if len(v) <= 3 {
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = f(x)
		}
		return strings.Join(parts, ", ")
	}
	return f(v[0]) + sep + f(v[len(v)-1])
}

// The standard ranges the solvers' Tune values are built from. Why so wide:
// the theorems' constants are worst-case. On MNIST 3 vs 5 the best AELR
// step is ~10^4 times Theorem 3.4's and the best AERR step ~10^3 times
// Theorem 3.1's, while AER's best λ is within a factor 10 of Theorem 2's
// (docs/results.md, "Is the grid wide enough?"). A CV choice on the edge of
// the grid is reported by frames.CVResult.Edges.
var (
	// radiusValues is the grid of a norm bound B: 2^-2 … 2^6.
	radiusValues = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}
	// stepFactors multiply a theorem's step size: 10^-1 … 10^5 in half decades.
	stepFactors = []float64{0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000, 3000, 1e4, 3e4, 1e5}
	// lambdaFactors multiply AER's Theorem 2 λ: 10^-2 … 10^3 (on the
	// standardised tables of docs/results.md the best λ is ~0.03-0.1 times
	// Theorem 2's).
	lambdaFactors = []float64{0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000}
	// ridgeLambdaValues is the grid of a ridge penalty λ (Ridge,
	// ScreenRidge): 10^-8 … 10, wide enough that the standardised tables of
	// docs/results.md never choose an edge.
	ridgeLambdaValues = []float64{1e-8, 1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1, 10}
	// sparseStepValues is the grid of the sparse solvers' step size η
	// (absolute: the default is estimated from the data, which a grid
	// cannot see). For standardised attributes the default is near 1/4.
	sparseStepValues = []float64{0.001, 0.003, 0.01, 0.03, 0.1, 0.3, 1}
	// batchValues is the grid of a first mini-batch size.
	batchValues = []float64{1, 4, 16, 64, 256, 1024}
)

// splitStepFactors is the step grid of the ridge solvers with the budget
// split evenly (split or paper on): 10^-3 … 10^3 in half decades. On MNIST
// 3 vs 5 at k + 1 = 57 the CV choice of AERR and DDAERR with the split sat
// on the lower edge of stepFactors (0.1 × the theorem's step) on every
// split (docs/results.md), so their grid reaches two decades lower.
var splitStepFactors = []float64{1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000}

// ridgeStepTune is the CV range of a ridge solver's step: stepFactors, or
// splitStepFactors when the budget is split, times center.
func ridgeStepTune(split bool, center func(Problem) float64) *Tune {
	if split {
		return &Tune{Factors: splitStepFactors, Center: center}
	}
	return stepTune(center)
}

// radiusTune is the CV range of a norm bound B.
func radiusTune() *Tune { return &Tune{Values: radiusValues} }

// stepTune is the CV range of a step size: stepFactors times center.
func stepTune(center func(Problem) float64) *Tune {
	return &Tune{Factors: stepFactors, Center: center}
}

// Grid returns the cross-validation grid of s for a problem of p.M
// training examples and p.D attributes: the product of the ranges of every
// parameter that has a Tune and is zero in s (a parameter set by the user
// stays fixed). Each grid point maps parameter names to values; a
// parameter's Center sees the values of the parameters before it. The
// grid is built on a copy of s (Clone), so s is not touched and Grid may
// run concurrently with other uses of s. A solver with nothing to tune
// gives one empty point; a nil solver, or a problem for which no value of
// some range is valid (M = 0: a step size centred on it is refused), gives
// none.
func Grid(s Solver, p Problem) []map[string]float64 {
	if isNil(s) {
		return nil // nothing to tune: a nil solver has no parameters
	}
	if c, err := Clone(s); err == nil {
		s = c // the walk sets the fields; never those of the caller's solver
	}
	ps := s.Params()
	var out []map[string]float64
	point := map[string]float64{}
	var walk func(i int)
	walk = func(i int) {
		if i == len(ps) {
			out = append(out, maps.Clone(point))
			return
		}
		q := ps[i]
		if q.Tune == nil || q.Get() != 0 {
			walk(i + 1)
			return
		}
		vals := q.Tune.Values
		if len(q.Tune.Factors) > 0 {
			c := q.Tune.Center(p)
			vals = make([]float64, len(q.Tune.Factors))
			for j, f := range q.Tune.Factors {
				vals[j] = f * c
			}
		}
		for _, v := range vals {
			if err := q.Set(v); err != nil {
				continue
			}
			point[q.Name] = v
			walk(i + 1)
		}
		delete(point, q.Name)
		_ = q.Set(0)
	}
	walk(0)
	return out
}
