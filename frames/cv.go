package frames

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/lao"
)

// Params is one setting of a solver's parameters by name, in the papers'
// notation: {"B": 1, "eta": 0.01}, {"lambda": 0.1}.
type Params map[string]float64

// Names returns the parameter names, sorted.
func (p Params) Names() []string {
	names := make([]string, 0, len(p))
	for k := range p {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

// String formats p as "name=value" pairs sorted by name.
func (p Params) String() string {
	parts := make([]string, 0, len(p))
	for _, k := range p.Names() {
		parts = append(parts, fmt.Sprintf("%s=%g", k, p[k]))
	}
	return strings.Join(parts, " ")
}

// LogSpace returns n values spaced evenly on a log scale from lo to hi,
// both included (n = 1 gives lo). lo and hi must be positive and finite.
func LogSpace(lo, hi float64, n int) ([]float64, error) {
	if !(lo > 0) || !(hi > 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 1 {
		return nil, fmt.Errorf("frames: LogSpace(%g, %g, %d): want 0 < lo, hi < Inf and n ≥ 1: %w", lo, hi, n, lao.ErrParam)
	}
	v := make([]float64, n)
	v[0] = lo
	if n == 1 {
		return v, nil
	}
	a, b := math.Log10(lo), math.Log10(hi)
	for i := 1; i < n-1; i++ {
		e := a + (b-a)*float64(i)/float64(n-1)
		if r := math.Round(e); math.Abs(e-r) < 1e-9 {
			e = r // exact powers of ten print as such: 0.01, not 0.010000000000000014
		}
		v[i] = math.Pow(10, e)
	}
	v[n-1] = hi
	return v, nil
}

// Grid returns the Cartesian product of the axes: one Params per
// combination. Names vary in sorted order, the last name fastest, so the
// grid is the same on every call. An axis with no values gives an empty
// grid; no axes give one empty setting.
func Grid(axes map[string][]float64) []Params {
	names := make([]string, 0, len(axes))
	for k := range axes {
		names = append(names, k)
	}
	slices.Sort(names)
	grid := []Params{{}}
	for _, name := range names {
		var next []Params
		for _, p := range grid {
			for _, v := range axes[name] {
				q := make(Params, len(p)+1)
				for k, x := range p {
					q[k] = x
				}
				q[name] = v
				next = append(next, q)
			}
		}
		grid = next
	}
	return grid
}

// CVSetting is the cross-validation record of one grid point.
type CVSetting struct {
	Params  Params
	FoldMSE []float64 // validation MSE on each fold (of each repetition)
	Mean    float64   // mean of FoldMSE
	Std     float64   // sample standard deviation of FoldMSE (k−1 denominator)
	// PredSq is the mean squared prediction on the validation rows: how far
	// the setting's models are from the zero predictor (0 for it). The
	// one-standard-error rule prefers the smallest.
	PredSq float64
}

// CVResult is the outcome of CrossValidate.
type CVResult struct {
	// Best is the setting the rule chose (what TuneSolver fits), or, when
	// ZeroChosen, the best setting of the solver, which the zero predictor
	// beat.
	Best      Params
	BestIndex int         // Best's index in the grid and in Settings
	Settings  []CVSetting // one per grid point, in grid order
	// Rule is how Best was chosen: RuleMin (the lowest mean validation
	// error, as the papers tune), RuleOneSE or RuleMinZeroSE.
	Rule string
	// MinIndex is the setting of the lowest mean validation error (=
	// BestIndex under RuleMin).
	MinIndex int
	// Zero is the zero predictor (the training mean) on the same folds: a
	// candidate like any setting.
	Zero CVSetting
	// ZeroChosen reports that the rule chose the zero predictor: no
	// setting of the solver predicts the validation rows better (RuleMin)
	// or clearly better (RuleOneSE) than the training mean.
	ZeroChosen bool
	// Nested, on tables of fewer than NestedRows rows under RuleAuto, is
	// the nested cross-validation of the whole procedure (tune on the other
	// folds, fit the choice, predict the held-out fold): its held-out MSE
	// per outer fold, beside the zero predictor's NestedZeroMSE (mean over
	// the same folds). NestedZero reports that it chose the zero predictor
	// (ZeroChosen), its error not below the zero predictor's by more than
	// one standard error of their fold-by-fold difference.
	Nested        *CVSetting
	NestedZeroMSE float64
	NestedZero    bool
	// Repeats is the number of repetitions of the folds (each with a fresh
	// shuffle); FoldMSE has folds × Repeats entries.
	Repeats int
	// Blocked reports that the folds were blocks of consecutive rows in
	// time (CVOptions.Order), the same in every repeat.
	Blocked bool
	// Warnings lists what makes the choice fragile, e.g. validation folds
	// of a few rows.
	Warnings []string
	// Rungs are the earlier rungs of successive halving (Tune on large
	// tables): every setting tried on a prefix of each training part, of
	// which the best third went on; Settings is the last rung, evaluated
	// with LastRows training rows per fold (0 without halving).
	Rungs    []CVRung
	LastRows int
	// closed holds the grid edges (name and side) that widening could not
	// extend: the solver refuses every value beyond them (batch below 1, a
	// penalty below 0), so Edges does not suggest the optimum lies there.
	closed map[string]bool
}

// CVRung is one rung of successive halving: the settings evaluated with
// Examples training rows per fold.
type CVRung struct {
	Examples int
	Settings []CVSetting
}

// The rules that choose among the settings.
const (
	// RuleMin chooses the lowest mean validation error (the papers' CV);
	// the zero predictor wins if its mean is lower still.
	RuleMin = "min"
	// RuleOneSE is the one-standard-error rule: among the settings (and
	// the zero predictor) whose validation error is not worse than the
	// lowest mean by more than one standard error of the paired
	// fold-by-fold difference, it chooses the most conservative one, the
	// one whose predictions are smallest (closest to the zero predictor).
	// It trades a difference within noise for stability on small tables.
	RuleOneSE = "one-se"
	// RuleMinZeroSE chooses the setting of the lowest mean validation
	// error unless it beats the zero predictor by at most one standard
	// error of their paired fold-by-fold difference; then the zero
	// predictor. Tune's default: a model is kept only when the folds show
	// it predicts better than the training mean.
	RuleMinZeroSE = "min-zero-se"
)

// CVOptions control CrossValidateWith.
type CVOptions struct {
	Folds int    // k ≥ 2
	Seed  uint64 // folds and solvers
	// Repeats repeats the k folds with fresh shuffles (repeated k-fold
	// CV); 0 or 1: once.
	Repeats int
	// Rule is RuleMin (the default), RuleOneSE or RuleMinZeroSE.
	Rule string
	// Order, if not nil, is each row's place in time (BlockedFolds): the
	// folds are blocks of consecutive rows instead of random, the same in
	// every repeat (so Tune runs one), and each training part is read in
	// an order shuffled by the repeat's seed, as a fit reads a training
	// part SplitLast shuffled.
	Order []int
	// Share, if not nil, lends these folds' parts, moments and passes to
	// every cross-validation of the same table with the same folds
	// (CVShare); the results are the same without it.
	Share *CVShare
}

// CrossValidate tunes a solver by k-fold cross-validation, as the papers
// do: for every grid point it builds a solver, fits it with lao.Fit on k−1
// folds of ds (Options.Seed = seed) and measures lao.MSE on the held-out
// fold (all attributes at test time). The folds are Folds(ds.Len(), k, seed),
// the same for every grid point. The best setting has the lowest mean
// validation MSE (the first on ties); settings whose mean is NaN never win,
// and a fit that diverges (an error wrapping lao.ErrNotFinite, e.g. a step
// size too large for the data) counts as a NaN fold. The zero predictor
// is scored on the same folds and chosen (ZeroChosen) if its mean is
// lower than every setting's.
// Grid points are evaluated concurrently (GOMAXPROCS workers), so build and
// the solvers it returns must not share mutable state; the result is the
// same for any number of workers.
func CrossValidate(ds lao.Table, k int, grid []Params, build func(Params) (lao.Solver, error), seed uint64) (*CVResult, error) {
	return CrossValidateWith(ds, grid, build, CVOptions{Folds: k, Seed: seed})
}

// CrossValidateWith is CrossValidate with repeated folds and a choice of
// rule.
func CrossValidateWith(ds lao.Table, grid []Params, build func(Params) (lao.Solver, error), o CVOptions) (*CVResult, error) {
	if len(grid) == 0 {
		return nil, fmt.Errorf("frames: CrossValidate: empty parameter grid: %w", lao.ErrParam)
	}
	run, err := newCVRun(ds, build, o)
	if err != nil {
		return nil, err
	}
	res := &CVResult{Rule: o.Rule, Repeats: max(o.Repeats, 1), Zero: run.zero(), Blocked: o.Order != nil}
	if res.Rule == "" {
		res.Rule = RuleMin
	}
	if res.Settings, err = run.evaluateAll(grid); err != nil {
		return nil, err
	}
	res.Warnings = smallTableWarnings(ds.Len(), ds.Dim(), o.Folds)
	return res, res.choose()
}

// cvRun is the folds of one cross-validation and how to fit on them.
type cvRun struct {
	*cvFolds
	build func(Params) (lao.Solver, error)
	seed  uint64
}

// cvFolds is the folds of a cross-validation of one table: its parts, and
// the moments and passes made from them, which every fit on the same
// folds may use (a CVShare hands them to several cross-validations).
type cvFolds struct {
	ds lao.Table
	// bases[f] is the table fold f's parts are read from: the rows of its
	// repeat in fold order (one copy per repeat), so that each training
	// part, trainPos[f] (every other fold's rows, in fold order, each fold
	// shuffled), is a view read in runs of consecutive rows.
	bases         []lao.Table
	trainPos      [][]int
	trains, tests []lao.Table
	// moments holds each training part's lao.Moments, made by the first
	// fit of Ridge or Lasso on it and shared by the settings after it
	// (lao.FitMoments): the same weights as a fit reading the rows.
	moments []foldMoments
	// passes holds each training part's lao.Pass per lao.PassKey, made by
	// the first fit of Baseline with that key on it and shared by the
	// radii after it: the same results as a fit reading the rows.
	passes []foldPasses
}

// foldPasses is one training part's passes, each made once.
type foldPasses struct {
	mu    sync.Mutex
	byKey map[string]*foldPass
}

type foldPass struct {
	once sync.Once
	ps   *lao.Pass
	err  error
}

// foldMoments is one training part's moments, made once.
type foldMoments struct {
	once sync.Once
	m    *lao.Moments
	err  error
}

// maxMomentsBytes bounds the memory of the moments kept for one CV run
// (d² floats per fold): above it every fit reads its rows.
const maxMomentsBytes = 1 << 30

// foldMoments returns fold f's moments (c.moments is not nil).
func (c *cvFolds) foldMoments(f int) (*lao.Moments, error) {
	fm := &c.moments[f]
	fm.once.Do(func() { fm.m, fm.err = lao.TableMoments(c.trains[f]) })
	return fm.m, fm.err
}

// foldPass returns fold f's pass of solvers with s's key (lao.PassKey),
// made by s if it is the first (c.passes is not nil).
func (c *cvFolds) foldPass(f int, key string, s lao.Solver, seed uint64) (*lao.Pass, error) {
	fp := &c.passes[f]
	fp.mu.Lock()
	p := fp.byKey[key]
	if p == nil {
		p = new(foldPass)
		fp.byKey[key] = p
	}
	fp.mu.Unlock()
	p.once.Do(func() { p.ps, p.err = lao.NewPass(s, c.trains[f].Stream(), lao.Options{Seed: seed}) })
	return p.ps, p.err
}

// withMoments gives c a fresh cache of moments and of passes, one per
// training part, when they fit in maxMomentsBytes (a pass holds two d×d
// matrices).
func (c *cvFolds) withMoments() *cvFolds {
	c.moments, c.passes = nil, nil
	if d := c.ds.Dim(); 8*float64(d)*float64(d)*float64(len(c.trains)) <= maxMomentsBytes {
		c.moments = make([]foldMoments, len(c.trains))
	}
	if d := c.ds.Dim(); 16*float64(d)*float64(d)*float64(len(c.trains)) <= maxMomentsBytes {
		c.passes = make([]foldPasses, len(c.trains))
		for f := range c.passes {
			c.passes[f].byKey = map[string]*foldPass{}
		}
	}
	return c
}

// folds returns the folds of one repeat of o on m rows: BlockedFolds of
// o.Order if it is set (of length m), else Folds with seed.
func (o CVOptions) folds(m int, seed uint64) ([][]int, error) {
	if o.Order == nil {
		return Folds(m, o.Folds, seed)
	}
	if len(o.Order) != m {
		return nil, fmt.Errorf("frames: CrossValidate: Order has %d places in time for %d rows: %w", len(o.Order), m, lao.ErrParam)
	}
	return BlockedFolds(o.Order, o.Folds)
}

// permuted returns the elements of v in the order of Permutation(len(v), seed).
func permuted(v []int, seed uint64) []int {
	out := make([]int, len(v))
	for i, p := range Permutation(len(v), seed) {
		out[i] = v[p]
	}
	return out
}

func newCVRun(ds lao.Table, build func(Params) (lao.Solver, error), o CVOptions) (*cvRun, error) {
	if emptyTable(ds) {
		return nil, fmt.Errorf("frames: CrossValidate: %w", lao.ErrEmpty)
	}
	f, err := o.Share.folds(ds, o)
	if err != nil {
		return nil, err
	}
	return &cvRun{cvFolds: f, build: build, seed: o.Seed}, nil
}

// newCVFolds makes the folds of o on ds (not empty).
func newCVFolds(ds lao.Table, o CVOptions) (*cvFolds, error) {
	ds = stored(ds) // a view's rows, copied
	// Folds of a mostly-zero dense table are held in compressed sparse
	// rows: every fit reads the same values from the handle (the solvers
	// give bit-identical iterates on either form: lao's
	// TestSparseRowsSameFit), the full-information ones in O(non-zeros)
	// per example, and the validation scores skip the zeros.
	if dense, ok := ds.(*lao.Dataset); ok {
		if sp := dense.Sparse(8); sp != nil {
			ds = sp
		}
	}
	run := &cvFolds{ds: ds}
	for r := range max(o.Repeats, 1) {
		seed := o.Seed
		if r > 0 {
			seed = lao.SeedFor(o.Seed, "repeat "+strconv.Itoa(r))
		}
		folds, err := o.folds(ds.Len(), seed)
		if err != nil {
			return nil, err
		}
		// One copy of the rows in fold order: a training part is then a
		// view of all but one fold's block, read as the copy of those rows
		// would be (the same order, bit for bit: TestCVFoldsAsCopies) and
		// nearly as fast, in a copy's memory instead of one per fold.
		base := lao.Subset(ds, slices.Concat(folds...))
		start := 0
		for _, fold := range folds {
			end := start + len(fold)
			pos := make([]int, 0, ds.Len()-len(fold))
			for i := range ds.Len() {
				if i < start || i >= end {
					pos = append(pos, i)
				}
			}
			if o.Order != nil {
				pos = permuted(pos, lao.SeedFor(seed, "blocked "+strconv.Itoa(len(run.trains))))
			}
			run.bases, run.trainPos = append(run.bases, base), append(run.trainPos, pos)
			run.trains, run.tests = append(run.trains, lao.View(base, pos)), append(run.tests, validationRows(base, start, end))
			start = end
		}
	}
	return run.withMoments(), nil
}

// validationRows returns rows start to end−1 of base, in compressed sparse
// rows when at most half of their cells are non-zero (MNIST's pixels:
// a fifth): every setting is scored on them, and a sparse row's Dot skips
// the zeros, which give the same sums for the finite weights scored.
func validationRows(base lao.Table, start, end int) lao.Table {
	te := lao.Subset(base, rangeOf(start, end))
	if dense, ok := te.(*lao.Dataset); ok {
		if sp := dense.Sparse(2); sp != nil {
			return sp
		}
	}
	return te
}

// rangeOf returns start, start+1, …, end−1.
func rangeOf(start, end int) []int {
	r := make([]int, end-start)
	for i := range r {
		r[i] = start + i
	}
	return r
}

// prefix returns the run with each training part cut to its first n rows
// (a random subset: the rows are shuffled); the validation folds stay
// whole. n ≥ the parts' size returns c.
func (c *cvRun) prefix(n int) *cvRun {
	if n >= len(c.trainPos[0]) {
		return c
	}
	f := *c.cvFolds // the same validation parts, fresh moments and passes
	f.trains = make([]lao.Table, len(c.trains))
	for i, pos := range c.trainPos {
		f.trains[i] = lao.View(c.bases[i], pos[:min(n, len(pos))])
	}
	p := *c
	p.cvFolds = f.withMoments()
	return &p
}

// zero scores the zero predictor on the validation folds.
func (c *cvRun) zero() CVSetting {
	set := CVSetting{Params: Params{}, FoldMSE: make([]float64, len(c.tests))}
	for f, te := range c.tests {
		set.FoldMSE[f] = lao.MSE(make([]float64, te.Dim()), te)
	}
	set.Mean, set.Std = meanStd(set.FoldMSE)
	return set
}

// evaluateAll evaluates the grid points on GOMAXPROCS workers, one fold
// at a time: one setting per task, so that a short grid (the last rungs
// of successive halving keep a few settings) still keeps every core busy,
// or every setting of a solver fitted from the fold's moments or pass
// (Ridge, Lasso, Baseline), whose radii are then stops on one walk of the
// lasso path (lao.FitMomentsSet, lao.Pass.FitSet: the same weights). Each
// fit draws from its own generator seeded by c.seed, so the result does
// not depend on the number of workers.
func (c *cvRun) evaluateAll(grid []Params) ([]CVSetting, error) {
	nf := len(c.trains)
	scores, errs := make([]foldScore, len(grid)*nf), make([]error, len(grid)*nf)
	size := 1
	if c.fitsSets(grid) {
		size = len(grid)
	}
	type task struct{ g0, g1, f int }
	next := make(chan task)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(scores)/size) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range next {
				if t.g1-t.g0 > 1 && c.evaluateSet(grid[t.g0:t.g1], t.f, scores[t.g0*nf:], errs[t.g0*nf:]) {
					continue
				}
				for g := t.g0; g < t.g1; g++ {
					scores[g*nf+t.f], errs[g*nf+t.f] = c.safeEvaluate(grid[g], t.f)
				}
			}
		}()
	}
	for g0 := 0; g0 < len(grid); g0 += size {
		for f := range nf {
			next <- task{g0, min(g0+size, len(grid)), f}
		}
	}
	close(next)
	wg.Wait()
	out := make([]CVSetting, len(grid))
	for g, p := range grid {
		set := CVSetting{Params: p, FoldMSE: make([]float64, nf)}
		var rows float64
		for f := range nf {
			if err := errs[g*nf+f]; err != nil {
				return nil, fmt.Errorf("frames: CrossValidate: setting %d of %d (%v): %w", g+1, len(grid), p, err)
			}
			sc := scores[g*nf+f]
			set.FoldMSE[f] = sc.mse
			set.PredSq += sc.predSq // NaN once a fold diverged
			rows += float64(c.tests[f].Len())
		}
		set.PredSq /= rows
		set.Mean, set.Std = meanStd(set.FoldMSE)
		out[g] = set
	}
	return out, nil
}

// fitsSets reports whether the settings of grid are fitted together on
// each fold: all of them from its moments (Ridge, Lasso) or its passes
// (Baseline).
func (c *cvRun) fitsSets(grid []Params) bool {
	for _, p := range grid {
		s, err := c.build(p)
		if err != nil || !c.fromFold(s) {
			return false
		}
	}
	return true
}

// fromFold reports whether s is fitted from a fold's moments or passes
// (fitSet) rather than by reading its rows.
func (c *cvRun) fromFold(s lao.Solver) bool {
	_, pass := lao.PassKey(s)
	return c.moments != nil && lao.MomentsFit(s) || c.passes != nil && pass
}

// evaluateSet fits the settings grid together on fold f and writes each
// one's score into scores[g*nf+f] and errs[g*nf+f] (nf folds), as
// evaluate would one by one. It reports false, having written nothing, if
// the set panicked: the caller then evaluates the settings one by one,
// which names the culprit.
func (c *cvRun) evaluateSet(grid []Params, f int, scores []foldScore, errs []error) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	solvers := make([]lao.Solver, len(grid))
	for g, p := range grid {
		s, err := c.build(p)
		if err != nil {
			return false // evaluate reports it
		}
		solvers[g] = s
	}
	ws, fitErrs := c.fitSet(solvers, f)
	nf := len(c.trains)
	for g := range solvers {
		scores[g*nf+f], errs[g*nf+f] = c.scoreWeights(ws[g], fitErrs[g], f)
	}
	return true
}

// fitSet returns the weights of each solver fitted on fold f's training
// rows, from its moments (lao.FitMomentsSet) or its passes (per
// lao.PassKey, lao.Pass.FitSet): each solver must be fitted by one of
// them (fromFold).
func (c *cvRun) fitSet(solvers []lao.Solver, f int) ([][]float64, []error) {
	ws, errs := make([][]float64, len(solvers)), make([]error, len(solvers))
	if c.moments != nil && lao.MomentsFit(solvers[0]) {
		m, err := c.foldMoments(f)
		if err != nil {
			for g := range errs {
				errs[g] = err
			}
			return ws, errs
		}
		ws, _, errs = lao.FitMomentsSet(solvers, m)
		return ws, errs
	}
	byKey := map[string][]int{}
	var keys []string
	for g, s := range solvers {
		key, _ := lao.PassKey(s)
		if byKey[key] == nil {
			keys = append(keys, key)
		}
		byKey[key] = append(byKey[key], g)
	}
	for _, key := range keys {
		idx := byKey[key]
		ps, err := c.foldPass(f, key, solvers[idx[0]], c.seed)
		if err != nil {
			for _, g := range idx {
				errs[g] = err
			}
			continue
		}
		set := make([]lao.Solver, len(idx))
		for i, g := range idx {
			set[i] = solvers[g]
		}
		res, setErrs := ps.FitSet(set)
		for i, g := range idx {
			if errs[g] = setErrs[i]; setErrs[i] == nil {
				ws[g] = res[i].W
			}
		}
	}
	return ws, errs
}

// foldScore is one setting's fit on one fold, scored on its validation
// rows: the MSE and the sum of the squared predictions (both NaN when the
// fit diverged: an error wrapping lao.ErrNotFinite, e.g. a step size too
// large for the data, counts as a NaN fold and never wins).
type foldScore struct{ mse, predSq float64 }

// safeEvaluate is evaluate with a panic (a solver bug, or gonum on
// pathological input) turned into an error, so that one grid point cannot
// kill the process from a worker goroutine.
func (c *cvRun) safeEvaluate(p Params, f int) (sc foldScore, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v: %w", r, ErrSolverPanic)
		}
	}()
	return c.evaluate(p, f)
}

// fit returns the weights of s fitted on fold f's training rows: from the
// fold's moments for Ridge and Lasso or its pass for Baseline (fitSet,
// bit-identical), else by lao.Fit.
func (c *cvRun) fit(s lao.Solver, f int) ([]float64, error) {
	if c.fromFold(s) {
		ws, errs := c.fitSet([]lao.Solver{s}, f)
		return ws[0], errs[0]
	}
	r, err := lao.Fit(s, c.trains[f].Stream(), lao.Options{Seed: c.seed})
	if err != nil {
		return nil, err
	}
	return r.W, nil
}

// evaluate fits setting p on fold f's training rows and scores it on its
// validation rows.
func (c *cvRun) evaluate(p Params, f int) (foldScore, error) {
	s, err := c.build(p)
	if err != nil {
		return foldScore{}, err
	}
	w, err := c.fit(s, f)
	return c.scoreWeights(w, err, f)
}

// scoreWeights scores the weights of a fit on fold f's validation rows
// (NaN for a fit that diverged, err wrapping lao.ErrNotFinite).
func (c *cvRun) scoreWeights(w []float64, err error, f int) (foldScore, error) {
	if errors.Is(err, lao.ErrNotFinite) {
		return foldScore{math.NaN(), math.NaN()}, nil
	}
	if err != nil {
		return foldScore{}, fmt.Errorf("fold %d of %d: %w", f+1, len(c.trains), err)
	}
	var sc foldScore
	sc.mse, sc.predSq = validationSums(w, c.tests[f])
	sc.mse /= float64(c.tests[f].Len())
	return sc, nil
}

// validationSums returns Σ(w·x − y)² and Σ(w·x)² over te's rows, in row
// order, w·x summed as te.Dot sums it: a dense table is read in place (on
// a narrow table the calls through lao.Table cost as much as the sums),
// any other through Dot.
func validationSums(w []float64, te lao.Table) (sse, predSq float64) {
	if ds, ok := te.(*lao.Dataset); ok {
		w := w[:ds.Dim()] // one bounds check for the rows' loops
		for i, y := range ds.Labels() {
			var p float64
			for j, v := range ds.Row(i)[:len(w)] {
				p += w[j] * v
			}
			sse += (p - y) * (p - y)
			predSq += p * p
		}
		return sse, predSq
	}
	for i := range te.Len() {
		p := te.Dot(w, i)
		sse += (p - te.Label(i)) * (p - te.Label(i))
		predSq += p * p
	}
	return sse, predSq
}

// meanStd returns the mean and the sample standard deviation of v.
func meanStd(v []float64) (mean, std float64) {
	for _, x := range v {
		mean += x
	}
	n := float64(len(v))
	mean /= n
	for _, x := range v {
		std += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(std / (n - 1))
}

// Frame returns the per-setting table: one Float column per parameter name
// (NaN where a setting lacks it), then "mean_mse" and "std_mse".
func (r *CVResult) Frame() dataframe.DataFrame {
	var names []string
	for _, s := range r.Settings {
		for _, k := range s.Params.Names() {
			if !slices.Contains(names, k) {
				names = append(names, k)
			}
		}
	}
	slices.Sort(names)
	cols := make([]series.Series, 0, len(names)+2)
	for _, k := range names {
		v := make([]float64, len(r.Settings))
		for i, s := range r.Settings {
			x, ok := s.Params[k]
			if !ok {
				x = math.NaN()
			}
			v[i] = x
		}
		cols = append(cols, series.New(v, series.Float, k))
	}
	mean, std := make([]float64, len(r.Settings)), make([]float64, len(r.Settings))
	for i, s := range r.Settings {
		mean[i], std[i] = s.Mean, s.Std
	}
	cols = append(cols, series.New(mean, series.Float, "mean_mse"), series.New(std, series.Float, "std_mse"))
	return dataframe.New(cols...)
}

// WriteCSV writes the table of Frame as CSV with every float in full
// precision ('g' format; gota's own WriteCSV rounds to 6 decimals, which
// turns a step size of 1e-7 into 0): the parameter columns, mean_mse,
// std_mse (in the units the solver saw: scaled, where the data were),
// mse_over_zero_predictor (mean_mse over the zero predictor's on the same
// folds: 1 learns nothing, whatever the units), then best ("yes" on the
// chosen row). With successive halving every rung is written, the earlier
// ones first, and a column rung_rows before best gives the training rows
// per fold each row was evaluated with.
func (r *CVResult) WriteCSV(w io.Writer) error {
	rungs := append(slices.Clone(r.Rungs), CVRung{Examples: r.LastRows, Settings: r.Settings})
	all := &CVResult{}
	var rows []int
	for _, g := range rungs {
		all.Settings = append(all.Settings, g.Settings...)
		for range g.Settings {
			rows = append(rows, g.Examples)
		}
	}
	best := len(all.Settings) - len(r.Settings) + r.BestIndex
	df := all.Frame()
	header := append(df.Names(), "mse_over_zero_predictor")
	if len(r.Rungs) > 0 {
		header = append(header, "rung_rows")
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(append(header, "best")); err != nil {
		return err
	}
	cols := make([][]float64, df.Ncol())
	for j := range cols {
		cols[j] = df.Col(df.Names()[j]).Float()
	}
	for i := range df.Nrow() {
		rec := make([]string, 0, len(cols)+3)
		for _, c := range cols {
			rec = append(rec, strconv.FormatFloat(c[i], 'g', -1, 64))
		}
		ratio := "" // a result made without the zero predictor's folds
		if r.Zero.Mean > 0 {
			ratio = strconv.FormatFloat(all.Settings[i].Mean/r.Zero.Mean, 'g', 6, 64)
		}
		rec = append(rec, ratio)
		if len(r.Rungs) > 0 {
			rec = append(rec, strconv.Itoa(rows[i]))
		}
		chosen := "no"
		if i == best && r.BestIndex >= 0 {
			chosen = "yes"
		}
		if err := cw.Write(append(rec, chosen)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// emptyTable reports whether t is nil (also a typed nil pointer) or has no
// rows.
func emptyTable(t lao.Table) bool {
	switch v := t.(type) {
	case nil:
		return true
	case *lao.Dataset:
		return v == nil || v.Len() == 0
	case *lao.SparseDataset:
		return v == nil || v.Len() == 0
	}
	return t.Len() == 0
}
