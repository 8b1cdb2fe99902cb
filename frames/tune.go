package frames

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// TuneSolver picks s's tunable parameters (those with a lao.Tune range that
// are left at zero, e.g. B and η, or λ) by folds-fold cross-validation on ds
// over the solver's own grid (lao.Grid). Parameters set (non-zero) in s stay
// fixed. It returns a tuned copy of s (s itself is not modified) and the CV
// table.
//
// A data-dependent solver's prior knowledge (lao.MomentsUser) is taken from
// s or, if absent, computed once from all of ds (WithPriors): the papers
// treat it as known before learning, so it is not re-estimated per fold.
func TuneSolver(s lao.Solver, ds lao.Table, folds int, seed uint64) (lao.Solver, *CVResult, error) {
	if emptyTable(ds) {
		return nil, nil, fmt.Errorf("frames: TuneSolver: %w", lao.ErrEmpty)
	}
	base := WithPriors(s, ds)
	mFold := ds.Len() - ds.Len()/max(folds, 1)
	// The fixed parameters are checked once, up front, so that a bad one
	// (k < 1, k > d, ...) is reported as itself rather than as a failure of
	// every grid point.
	check, err := lao.Clone(base)
	if err != nil {
		return nil, nil, fmt.Errorf("frames: TuneSolver: %w", err)
	}
	if _, _, err := check.Start(lao.Problem{M: mFold, D: ds.Dim(), Rand: lao.NewRand(seed)}); err != nil {
		return nil, nil, err
	}
	var grid []Params
	for _, g := range lao.Grid(base, lao.Problem{M: mFold, D: ds.Dim()}) {
		grid = append(grid, Params(g))
	}
	build := func(p Params) (lao.Solver, error) { return withParams(base, p) }
	res, err := CrossValidate(ds, folds, grid, build, seed)
	if err != nil {
		return nil, nil, err
	}
	tuned, err := withParams(base, res.Best)
	return tuned, res, err
}

// withParams returns a copy of s with the parameters p set.
func withParams(s lao.Solver, p Params) (lao.Solver, error) {
	c, err := lao.Clone(s)
	if err != nil {
		return nil, err
	}
	if err := lao.SetParams(c, p); err != nil {
		return nil, err
	}
	return c, nil
}

// WithPriors returns s, or a copy of s with the prior knowledge a
// data-dependent solver needs filled in from the training data ds if s
// still lacks it: the second moments E[x_i²] (SecondMoments) for a
// lao.MomentsUser such as DDAERR. s itself is not modified. (A solver that
// is not a pointer cannot be copied, lao.Clone: it is returned as it is,
// and its Start reports what it lacks.)
func WithPriors(s lao.Solver, ds lao.Table) lao.Solver {
	if mu, ok := s.(lao.MomentsUser); ok && mu.NeedsMoments() && !emptyTable(ds) {
		if c, err := lao.Clone(s); err == nil {
			c.(lao.MomentsUser).SetMoments(SecondMoments(ds))
			return c
		}
	}
	return s
}
