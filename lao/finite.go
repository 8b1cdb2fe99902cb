package lao

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
)

// Checks that keep a numerical failure from passing silently: a fit whose
// weights are not finite, a Gram matrix that overflowed, a weight vector
// scored on data of another dimension.

// checkWeights returns the learner's failure (Failer) if Weights failed,
// or an error wrapping ErrNotFinite if w has a NaN or infinite entry after
// t examples, naming the solver and its parameters.
func checkWeights(s Solver, l Learner, w []float64, t int) error {
	if f, ok := l.(Failer); ok && f.Err() != nil {
		return fmt.Errorf("%s: %w", solverLabel(s, l), f.Err())
	}
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("%s: weight %d is %g after %d examples: the fit diverged (a step size or radius too large for the data?) or the data's values are too large: %w",
				solverLabel(s, l), i, v, t, ErrNotFinite)
		}
	}
	return nil
}

// solverLabel names a solver with the parameters it runs with: those the
// learner reports (defaults resolved) or else those set in s, e.g.
// "aerr (B=1 eta=0.02 k=4)".
func solverLabel(s Solver, l Learner) string {
	p := GetParams(s)
	if pr, ok := l.(ParamReporter); ok {
		maps.Copy(p, pr.Params())
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(p)) {
		parts = append(parts, fmt.Sprintf("%s=%g", k, p[k]))
	}
	if len(parts) == 0 {
		return s.Name()
	}
	return s.Name() + " (" + strings.Join(parts, " ") + ")"
}

// momentsFinite returns an error wrapping ErrNotFinite if a moment matrix
// or vector accumulated from the data has a NaN or infinite entry: squares
// of values beyond ~1e154 overflow.
func momentsFinite(what string, vs ...[]float64) error {
	for _, v := range vs {
		for _, x := range v {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return fmt.Errorf("the %s has an entry %g: the data's values are too large (scale the columns first): %w", what, x, ErrNotFinite)
			}
		}
	}
	return nil
}

// mustMatch panics with a message naming the caller if w does not have one
// entry per attribute of ds (a programming error, as in gonum).
func mustMatch(where string, w []float64, ds Table) {
	if len(w) != ds.Dim() {
		panic(fmt.Sprintf("lao: %s: %d weights for %d attributes: %v", where, len(w), ds.Dim(), ErrShape))
	}
}
