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
	FoldMSE []float64 // validation MSE on each fold
	Mean    float64   // mean of FoldMSE
	Std     float64   // sample standard deviation of FoldMSE (k−1 denominator)
}

// CVResult is the outcome of CrossValidate.
type CVResult struct {
	Best      Params      // the setting with the lowest mean validation MSE
	BestIndex int         // its index in the grid and in Settings
	Settings  []CVSetting // one per grid point, in grid order
}

// CrossValidate tunes a solver by k-fold cross-validation, as the papers
// do: for every grid point it builds a solver, fits it with lao.Fit on k−1
// folds of ds (Options.Seed = seed) and measures lao.MSE on the held-out
// fold (all attributes at test time). The folds are Folds(ds.Len(), k, seed),
// the same for every grid point. The best setting has the lowest mean
// validation MSE (the first on ties); settings whose mean is NaN never win,
// and a fit that diverges (an error wrapping lao.ErrNotFinite, e.g. a step
// size too large for the data) counts as a NaN fold.
// Grid points are evaluated concurrently (GOMAXPROCS workers), so build and
// the solvers it returns must not share mutable state; the result is the
// same for any number of workers.
func CrossValidate(ds lao.Table, k int, grid []Params, build func(Params) (lao.Solver, error), seed uint64) (*CVResult, error) {
	if emptyTable(ds) {
		return nil, fmt.Errorf("frames: CrossValidate: %w", lao.ErrEmpty)
	}
	if len(grid) == 0 {
		return nil, fmt.Errorf("frames: CrossValidate: empty parameter grid: %w", lao.ErrParam)
	}
	folds, err := Folds(ds.Len(), k, seed)
	if err != nil {
		return nil, err
	}
	trains, tests := make([]lao.Table, k), make([]lao.Table, k)
	for f := range folds {
		var idx []int
		for g, fold := range folds {
			if g != f {
				idx = append(idx, fold...)
			}
		}
		trains[f], tests[f] = lao.Subset(ds, idx), lao.Subset(ds, folds[f])
	}
	res := &CVResult{BestIndex: -1, Settings: make([]CVSetting, len(grid))}
	errs := make([]error, len(grid))
	// The grid points are independent (each fit draws from its own
	// generator seeded by seed), so they run on GOMAXPROCS workers; the
	// result does not depend on the number of workers.
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(grid)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				res.Settings[g], errs[g] = safeEvaluate(grid[g], build, trains, tests, seed)
			}
		}()
	}
	for g := range grid {
		next <- g
	}
	close(next)
	wg.Wait()
	for g, set := range res.Settings {
		if errs[g] != nil {
			return nil, fmt.Errorf("frames: CrossValidate: setting %d (%v): %w", g, grid[g], errs[g])
		}
		if !math.IsNaN(set.Mean) && (res.BestIndex < 0 || set.Mean < res.Settings[res.BestIndex].Mean) {
			res.BestIndex = g
		}
	}
	if res.BestIndex < 0 {
		return res, fmt.Errorf("frames: CrossValidate: every setting has a NaN validation error: %w", lao.ErrNotFinite)
	}
	res.Best = grid[res.BestIndex]
	return res, nil
}

// safeEvaluate is evaluate with a panic (a solver bug, or gonum on
// pathological input) turned into an error, so that one grid point cannot
// kill the process from a worker goroutine.
func safeEvaluate(p Params, build func(Params) (lao.Solver, error), trains, tests []lao.Table, seed uint64) (set CVSetting, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v: %w", r, ErrSolverPanic)
		}
	}()
	return evaluate(p, build, trains, tests, seed)
}

func evaluate(p Params, build func(Params) (lao.Solver, error), trains, tests []lao.Table, seed uint64) (CVSetting, error) {
	set := CVSetting{Params: p, FoldMSE: make([]float64, len(trains))}
	for f := range trains {
		s, err := build(p)
		if err != nil {
			return set, err
		}
		r, err := lao.Fit(s, trains[f].Stream(), lao.Options{Seed: seed})
		switch {
		case errors.Is(err, lao.ErrNotFinite): // the setting diverges (e.g. a step size too large): it never wins
			set.FoldMSE[f] = math.NaN()
		case err != nil:
			return set, fmt.Errorf("fold %d: %w", f, err)
		default:
			set.FoldMSE[f] = lao.MSE(r.W, tests[f])
		}
		set.Mean += set.FoldMSE[f]
	}
	n := float64(len(trains))
	set.Mean /= n
	for _, v := range set.FoldMSE {
		set.Std += (v - set.Mean) * (v - set.Mean)
	}
	set.Std = math.Sqrt(set.Std / (n - 1))
	return set, nil
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

// FlatEdge is the relative change of the mean validation error below which
// an edge choice is not reported by Edges: the error has levelled off (as a
// ridge penalty does once it is negligible), so a wider grid cannot help.
const FlatEdge = 1e-3

// Edges reports the parameters whose chosen value lies on the edge of the
// grid: for each parameter of Best, the settings that agree with Best on
// every other parameter are compared, and if Best holds the smallest or the
// largest of at least three distinct values and its mean validation error
// is more than FlatEdge (relative) below that of the next value inward, one
// line names it, e.g. "eta = 17.4 is the largest value tried (with B = 4)".
// Such an edge choice means the optimum may lie outside the grid: widen it
// before trusting the result.
func (r *CVResult) Edges() []string {
	if r == nil || r.BestIndex < 0 {
		return nil
	}
	best := r.Settings[r.BestIndex].Params
	bestMean := r.Settings[r.BestIndex].Mean
	var out []string
	for _, name := range best.Names() {
		var vals, means []float64
		for _, s := range r.Settings {
			if v, ok := s.Params[name]; ok && sameExcept(s.Params, best, name) && !slices.Contains(vals, v) {
				vals, means = append(vals, v), append(means, s.Mean)
			}
		}
		if len(vals) < 3 {
			continue
		}
		lo, hi := slices.Min(vals), slices.Max(vals)
		var where string
		next := math.Inf(1) // the value next to the edge, inward
		switch best[name] {
		case hi:
			where = "largest"
			next = math.Inf(-1)
			for _, v := range vals {
				if v < hi {
					next = max(next, v)
				}
			}
		case lo:
			where = "smallest"
			for _, v := range vals {
				if v > lo {
					next = min(next, v)
				}
			}
		default:
			continue
		}
		if m := means[slices.Index(vals, next)]; m-bestMean <= FlatEdge*math.Abs(bestMean) {
			continue // levelled off: a wider grid would not change the fit
		}
		var others []string
		for _, o := range best.Names() {
			if o != name {
				others = append(others, fmt.Sprintf("%s = %.3g", o, best[o]))
			}
		}
		line := fmt.Sprintf("%s = %.3g is the %s value tried", name, best[name], where)
		if len(others) > 0 {
			line += " (with " + strings.Join(others, ", ") + ")"
		}
		out = append(out, line)
	}
	return out
}

// sameExcept reports whether p and q hold the same parameters with equal
// values, except for name.
func sameExcept(p, q Params, name string) bool {
	if len(p) != len(q) {
		return false
	}
	for k, v := range p {
		if k == name {
			continue
		}
		if w, ok := q[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// WriteCSV writes the table of Frame as CSV with every float in full
// precision ('g' format; gota's own WriteCSV rounds to 6 decimals, which
// turns a step size of 1e-7 into 0): the parameter columns, mean_mse,
// std_mse, then best ("yes" on the chosen row).
func (r *CVResult) WriteCSV(w io.Writer) error {
	df := r.Frame()
	cw := csv.NewWriter(w)
	if err := cw.Write(append(df.Names(), "best")); err != nil {
		return err
	}
	cols := make([][]float64, df.Ncol())
	for j := range cols {
		cols[j] = df.Col(df.Names()[j]).Float()
	}
	for i := range df.Nrow() {
		rec := make([]string, 0, len(cols)+1)
		for _, c := range cols {
			rec = append(rec, strconv.FormatFloat(c[i], 'g', -1, 64))
		}
		best := "no"
		if i == r.BestIndex {
			best = "yes"
		}
		if err := cw.Write(append(rec, best)); err != nil {
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
