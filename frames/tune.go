package frames

import (
	"fmt"

	"github.com/laoproject/lao/lao"
)

// TuneSolver picks a registered solver's tunable parameters (B, η or λ;
// see lao.SolverInfo.Tunable) by folds-fold cross-validation on ds over the
// solver's default grid (lao.SolverInfo.Grid). Parameters set (non-zero) in
// fixed are not tuned. It returns the chosen configuration and the CV table.
//
// A data-dependent solver's prior knowledge (lao.SolverInfo.NeedsMoments) is
// taken from fixed or, if absent, computed once from all of ds (WithPriors):
// the papers treat it as known before learning, so it is not re-estimated
// per fold.
func TuneSolver(info lao.SolverInfo, fixed lao.Config, ds *lao.Dataset, folds int, seed uint64) (lao.Config, *CVResult, error) {
	if ds == nil || ds.Len() == 0 {
		return lao.Config{}, nil, fmt.Errorf("frames: TuneSolver: %w", lao.ErrEmpty)
	}
	fixed = WithPriors(info, fixed, ds)
	mFold := ds.Len() - ds.Len()/max(folds, 1)
	var grid []Params
	seen := map[string]bool{}
	for _, c := range info.Grid(mFold, ds.Dim(), fixed.K) {
		if fixed.B != 0 {
			c.B = fixed.B
		}
		if fixed.Eta != 0 {
			c.Eta = fixed.Eta
		}
		if fixed.Lambda != 0 {
			c.Lambda = fixed.Lambda
		}
		p := ConfigParams(info, c)
		if key := p.String(); !seen[key] {
			seen[key] = true
			grid = append(grid, p)
		}
	}
	withFixed := func(p Params) lao.Config {
		c := ParamsConfig(p, fixed.K)
		c.Moments = fixed.Moments
		return c
	}
	build := func(p Params) (lao.Solver, error) { return info.New(withFixed(p)), nil }
	res, err := CrossValidate(ds, folds, grid, build, seed)
	if err != nil {
		return lao.Config{}, nil, err
	}
	return withFixed(res.Best), res, nil
}

// WithPriors returns cfg with the prior knowledge a data-dependent solver
// needs filled in from the training data ds, unless cfg already has it:
// for lao.SolverInfo.NeedsMoments (DDAERR), Moments = SecondMoments(ds).
// Other solvers get cfg unchanged.
func WithPriors(info lao.SolverInfo, cfg lao.Config, ds *lao.Dataset) lao.Config {
	if info.NeedsMoments && cfg.Moments == nil && ds != nil && ds.Len() > 0 {
		cfg.Moments = SecondMoments(ds)
	}
	return cfg
}

// ConfigParams lists the tunable parameters of c that info uses, under the
// names "B", "eta" and "lambda".
func ConfigParams(info lao.SolverInfo, c lao.Config) Params {
	p := Params{}
	for _, name := range info.Tunable {
		switch name {
		case "B":
			p["B"] = c.B
		case "Eta":
			p["eta"] = c.Eta
		case "Lambda":
			p["lambda"] = c.Lambda
		}
	}
	return p
}

// ParamsConfig is the inverse of ConfigParams, with K set to k.
func ParamsConfig(p Params, k int) lao.Config {
	return lao.Config{K: k, B: p["B"], Eta: p["eta"], Lambda: p["lambda"]}
}
