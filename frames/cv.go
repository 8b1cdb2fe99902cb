package frames

import (
	"fmt"
	"math"
	"slices"
	"strings"

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
// validation MSE (the first on ties); settings whose mean is NaN never win.
func CrossValidate(ds *lao.Dataset, k int, grid []Params, build func(Params) (lao.Solver, error), seed uint64) (*CVResult, error) {
	if ds == nil || ds.Len() == 0 {
		return nil, fmt.Errorf("frames: CrossValidate: %w", lao.ErrEmpty)
	}
	if len(grid) == 0 {
		return nil, fmt.Errorf("frames: CrossValidate: empty parameter grid: %w", lao.ErrParam)
	}
	folds, err := Folds(ds.Len(), k, seed)
	if err != nil {
		return nil, err
	}
	trains, tests := make([]*lao.Dataset, k), make([]*lao.Dataset, k)
	for f := range folds {
		var idx []int
		for g, fold := range folds {
			if g != f {
				idx = append(idx, fold...)
			}
		}
		trains[f], tests[f] = ds.Subset(idx), ds.Subset(folds[f])
	}
	res := &CVResult{BestIndex: -1, Settings: make([]CVSetting, len(grid))}
	for g, p := range grid {
		set, err := evaluate(p, build, trains, tests, seed)
		if err != nil {
			return nil, fmt.Errorf("frames: CrossValidate: setting %d (%v): %w", g, p, err)
		}
		res.Settings[g] = set
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

func evaluate(p Params, build func(Params) (lao.Solver, error), trains, tests []*lao.Dataset, seed uint64) (CVSetting, error) {
	set := CVSetting{Params: p, FoldMSE: make([]float64, len(trains))}
	for f := range trains {
		s, err := build(p)
		if err != nil {
			return set, err
		}
		r, err := lao.Fit(s, trains[f].Stream(), lao.Options{Seed: seed})
		if err != nil {
			return set, fmt.Errorf("fold %d: %w", f, err)
		}
		set.FoldMSE[f] = lao.MSE(r.W, tests[f])
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
