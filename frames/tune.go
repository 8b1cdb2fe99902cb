package frames

import (
	"github.com/laoproject/lao/lao"
)

// TuneSolver picks a registered solver's tunable parameters (B, η or λ;
// see lao.SolverInfo.Tunable) by folds-fold cross-validation on ds over the
// solver's default grid (lao.SolverInfo.Grid). Parameters set (non-zero) in
// fixed are not tuned. It returns the chosen configuration and the CV table.
func TuneSolver(info lao.SolverInfo, fixed lao.Config, ds *lao.Dataset, folds int, seed uint64) (lao.Config, *CVResult, error) {
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
	build := func(p Params) (lao.Solver, error) { return info.New(ParamsConfig(p, fixed.K)), nil }
	res, err := CrossValidate(ds, folds, grid, build, seed)
	if err != nil {
		return lao.Config{}, nil, err
	}
	return ParamsConfig(res.Best, fixed.K), res, nil
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
