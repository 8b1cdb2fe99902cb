package frames

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/laoproject/lao/lao"
)

// twoAttributeTable is m rows of d standard normal attributes (seed) and
// the label x_0 + b·x_1 + noise·N(0, 1), as a table and its rows.
func twoAttributeTable(seed uint64, m, d int, b, noise float64) (*lao.Dataset, []float64) {
	r := rand.New(rand.NewPCG(seed, 2))
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = r.NormFloat64()
		}
		y[i] = x[i*d] + b*x[i*d+1] + noise*r.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds, x
}

// readsRows is Ridge, Lasso or Baseline as a type of its own:
// lao.FitMoments and lao.PassKey do not take it, so cross-validation fits
// it by reading the rows.
type readsRows struct{ lao.Solver }

// Cross-validating Ridge and Lasso from each fold's moments, and Baseline
// from each fold's pass (made once, shared by the settings), gives every
// fold's validation error bit for bit as fitting every setting on the rows
// does, with and without successive halving's prefixes (each rung its own
// moments and passes).
func TestCrossValidateMomentsSameScores(t *testing.T) {
	const m, d = 4500, 12
	ds, _ := twoAttributeTable(4, m, d, -0.5, 1)
	for _, solver := range []string{"ridge", "lasso", "baseline"} {
		s, _ := lao.New(solver)
		var grid []Params
		for _, p := range lao.Grid(s, lao.Problem{M: m, D: d}) {
			if solver == "baseline" {
				p["k"] = 4
			}
			grid = append(grid, Params(p))
		}
		build := func(wrap bool) func(Params) (lao.Solver, error) {
			return func(p Params) (lao.Solver, error) {
				s, _ := lao.New(solver)
				if err := lao.SetParams(s, p); err != nil {
					return nil, err
				}
				if wrap {
					return readsRows{s}, nil
				}
				return s, nil
			}
		}
		for _, halving := range []string{"off", "on"} {
			var res [2]*CVResult
			for i, wrap := range []bool{false, true} {
				cv, err := tuneRun(ds, grid, build(wrap), CVOptions{Folds: 3, Seed: 2, Rule: RuleMin}, TuneOptions{Halving: halving, NoWiden: true})
				if err != nil {
					t.Fatal(err)
				}
				res[i] = cv
			}
			if halving == "on" && len(res[0].Rungs) == 0 {
				t.Fatalf("%s: no rungs with halving on", solver)
			}
			if !reflect.DeepEqual(res[0].Settings, res[1].Settings) || !reflect.DeepEqual(res[0].Rungs, res[1].Rungs) {
				t.Errorf("%s, halving %s: scores from moments differ from fits on the rows:\n%+v\n%+v", solver, halving, res[0].Settings, res[1].Settings)
			}
		}
	}
}
