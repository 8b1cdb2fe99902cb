package lao

import (
	"fmt"
	"math"
)

// Run drives a solver by hand, one example at a time, with the checks Fit
// makes: each row goes through an Example handle with the solver's budget
// (and its prices), a row of the wrong width or with a value that is not
// finite is refused, the learner's numerical failure (Failer) is reported
// by the step that meets it, and Weights refuses an output that is not
// finite (a diverging iterate, which the online solvers do not check at
// every step). Use it to watch a fit, stop it early or feed examples as
// they arrive; Fit is Run over a whole source.
type Run struct {
	s      Solver
	l      Learner
	budget Budget
	ex     *Example
	m, t   int   // examples announced (NewRun) and observed
	err    error // the learner's failure, which ends the run
}

// NewRun starts s on a problem of m examples with d attributes. The
// solver's randomness is seeded from seed as Fit seeds it, so a Run fed the
// rows of a source in order takes Fit's steps.
func NewRun(s Solver, m, d int, seed uint64) (*Run, error) {
	if isNil(s) {
		return nil, fmt.Errorf("lao: NewRun: the solver is nil: %w", ErrNotPointer)
	}
	if m < 1 || d < 1 {
		return nil, fmt.Errorf("%s: NewRun: m = %d examples of d = %d attributes, want both at least 1: %w", s.Name(), m, d, ErrEmpty)
	}
	l, budget, err := s.Start(Problem{M: m, D: d, Rand: NewRand(SeedFor(seed, "solver"))})
	if err != nil {
		return nil, err
	}
	costs, err := fitPrices(s.Name(), budget, nil, d)
	if err != nil {
		return nil, err
	}
	r := &Run{s: s, l: l, budget: budget, ex: NewExample(d), m: m}
	r.ex.SetPrices(costs, budget.Cost)
	return r, nil
}

// Budget returns the solver's budget rule on this problem.
func (r *Run) Budget() Budget { return r.budget }

// Step feeds one example, its d attributes and its label y, to the
// learner. The row is not copied and must not change during the call.
// A row refused by its checks (width, values, one beyond the m examples
// NewRun announced, on which the solver's defaults depend) leaves the
// learner as it was; an error from the learner (a request beyond the
// budget, a Failer's failure) ends the run, and every later Step returns it.
func (r *Run) Step(row []float64, y float64) error {
	if r.err != nil {
		return r.err
	}
	if d := r.ex.Dim(); len(row) != d {
		return fmt.Errorf("%s: example %d has %d attributes, want d = %d: %w", r.s.Name(), r.t+1, len(row), d, ErrShape)
	}
	if j := firstNotFinite(row); j >= 0 {
		return fmt.Errorf("%s: example %d: attribute %d is %g: %w", r.s.Name(), r.t+1, j, row[j], ErrNotFinite)
	}
	if math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("%s: example %d: the label is %g: %w", r.s.Name(), r.t+1, y, ErrNotFinite)
	}
	if r.t >= r.m {
		return fmt.Errorf("%s: example %d of a run announced with m = %d (NewRun): %w", r.s.Name(), r.t+1, r.m, ErrParam)
	}
	r.ex.Reset(row, y, r.budget.PerExample)
	if err := Step(r.l, r.ex); err != nil {
		r.err = fmt.Errorf("%s: example %d: %w", solverLabel(r.s, r.l), r.t+1, err)
		return r.err
	}
	r.t++
	return nil
}

// Weights returns the learner's output after the examples fed so far, or
// an error wrapping ErrNotFinite if a weight is not finite (or the
// learner's failure, Failer).
func (r *Run) Weights() ([]float64, error) {
	w := make([]float64, r.ex.Dim())
	r.l.Weights(w)
	if err := checkWeights(r.s, r.l, w, r.t); err != nil {
		return nil, err
	}
	return w, nil
}

// firstNotFinite returns the index of the first NaN or ±Inf in v, or -1.
func firstNotFinite(v []float64) int {
	for j, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return j
		}
	}
	return -1
}
