package lao

import (
	"fmt"
	"slices"
	"sync"
	"time"
)

// A Pass is what a solver learned in one pass over a table, kept for the
// fits whose settings differ only in what is applied after it. Baseline
// is such a solver: its draws do not depend on the radius B, so its fits
// at every B of a cross-validation grid see the same pairs of attributes
// and make the same estimated loss; only the minimisation over the l1 ball
// depends on B. With a Pass each fold is read, and its loss estimated and
// clipped, once instead of once per radius. Pass.Fit returns, bit for
// bit, what Fit returns. A Pass is read-only once made and may be shared
// by concurrent fits.
type Pass struct {
	solver Solver // the solver that made the pass
	l      *baselineLearner
	res    Result // Fit's result before the weights
	once   sync.Once
	loss   *estimatedLoss
}

// PassKey reports whether s's fits can share a Pass, and if so the key of
// the parameters the pass depends on (two solvers with the same key make
// the same pass over the same table and options).
func PassKey(s Solver) (key string, ok bool) {
	b, ok := s.(*Baseline)
	if !ok {
		return "", false
	}
	return fmt.Sprintf("%s k=%d maxmem=%d", b.Name(), b.K, b.MaxMemoryMiB), true
}

// NewPass reads src once as Fit of s with opt does (the same draws and
// the same budget) and returns what s learned, for fits of s and of
// solvers with the same PassKey; s's radius is not used (nor checked:
// Pass.Fit checks each). It refuses a solver without a PassKey, and
// checkpoints or prices in opt (fit those with Fit).
func NewPass(s Solver, src Source, opt Options) (ps *Pass, err error) {
	if _, ok := PassKey(s); !ok {
		return nil, fmt.Errorf("lao: NewPass: %s's fits do not share a pass: %w", s.Name(), ErrParam)
	}
	if len(opt.Checkpoints) > 0 || opt.Costs != nil {
		return nil, fmt.Errorf("lao: NewPass: checkpoints and prices are Fit's: %w", ErrParam)
	}
	m, d, err := fitShape(s, src)
	if err != nil {
		return nil, err
	}
	b := *s.(*Baseline)
	b.B = 0 // the pass is the same for every radius: Pass.Fit checks each
	s = &b
	l, budget, err := s.Start(Problem{M: m, D: d, Rand: NewRand(SeedFor(opt.Seed, "solver"))})
	if err != nil {
		return nil, err
	}
	defer recoverFit(&err, s, l)
	ps = &Pass{solver: s, l: l.(*baselineLearner), res: Result{Solver: s.Name(), Examples: m, Budget: budget, AttributeCounts: make([]int64, d)}}
	if err := feed(s, l, src, &ps.res, opt); err != nil {
		return nil, err
	}
	return ps, nil
}

// Fit returns Fit of s on the pass's table with its options: the same
// result, bit for bit, for a solver with the pass's PassKey (an error
// otherwise). Result.Seconds is the time of this call.
func (ps *Pass) Fit(s Solver) (*Result, error) { return ps.fit(s, nil) }

// FitSet returns Fit of each solver: the same results, and the radii of
// the set are stops on one walk of the lasso path (quadl1's MinBallPath),
// so a cross-validation fold's grid of B costs about what its largest B
// alone does.
func (ps *Pass) FitSet(solvers []Solver) ([]*Result, []error) {
	var radii []float64
	for _, s := range solvers {
		if b, ok := s.(*Baseline); ok {
			radii = append(radii, b.B)
		}
	}
	plan := newBallPlan(radii)
	res, errs := make([]*Result, len(solvers)), make([]error, len(solvers))
	for i, s := range solvers {
		res[i], errs[i] = ps.fit(s, plan)
	}
	return res, errs
}

// fit is Fit of s, one of the set of fits plan (nil for a fit alone).
func (ps *Pass) fit(s Solver, plan *ballPlan) (res *Result, err error) {
	key, ok := PassKey(s)
	if want, _ := PassKey(ps.solver); !ok || key != want {
		return nil, fmt.Errorf("lao: Pass.Fit: %s does not share the pass of %s: %w", solverLabel(s, nil), solverLabel(ps.solver, nil), ErrParam)
	}
	start := time.Now()
	_, B, err := s.(*Baseline).resolve(Problem{M: ps.res.Examples, D: ps.l.d})
	if err != nil {
		return nil, err
	}
	if ps.l.t > 0 {
		ps.once.Do(func() { ps.loss = ps.l.estimatedLoss() })
	}
	l := *ps.l // the examples' sums, shared and only read
	l.B, l.diag, l.picked, l.shared, l.plan = B, map[string]float64{}, nil, ps.loss, plan
	defer recoverFit(&err, s, &l)
	r := ps.res // what feed counted
	r.AttributeCounts = slices.Clone(r.AttributeCounts)
	res = &r
	if err := finish(s, &l, res); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}
