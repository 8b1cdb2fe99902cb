package main

import (
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// tune picks the solver's tunable parameters by cross-validation on train
// over the solver's default grid (lao.SolverInfo.Grid); parameters the user
// set explicitly stay fixed.
func tune(info lao.SolverInfo, fixed lao.Config, train *lao.Dataset, f *fitFlags) (lao.Config, error) {
	mFold := train.Len() - train.Len()/f.cv
	var grid []frames.Params
	seen := map[string]bool{}
	for _, c := range info.Grid(mFold, train.Dim(), f.k) {
		if fixed.B != 0 {
			c.B = fixed.B
		}
		if fixed.Eta != 0 {
			c.Eta = fixed.Eta
		}
		if fixed.Lambda != 0 {
			c.Lambda = fixed.Lambda
		}
		p := configParams(info, c)
		if key := p.String(); !seen[key] {
			seen[key] = true
			grid = append(grid, p)
		}
	}
	build := func(p frames.Params) (lao.Solver, error) { return info.New(paramsConfig(p, fixed.K)), nil }
	res, err := frames.CrossValidate(train, f.cv, grid, build, f.seed)
	if err != nil {
		return lao.Config{}, err
	}
	return paramsConfig(res.Best, fixed.K), nil
}

// configParams lists the tunable parameters of c that info uses.
func configParams(info lao.SolverInfo, c lao.Config) frames.Params {
	p := frames.Params{}
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

func paramsConfig(p frames.Params, k int) lao.Config {
	return lao.Config{K: k, B: p["B"], Eta: p["eta"], Lambda: p["lambda"]}
}
