package frames

import (
	"fmt"
	"slices"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// FitAll refits s, a solver whose parameters were chosen and whose test
// error was estimated on p's split (Fitted.Solver of TuneFit or Fit), on
// every row of df, the frame p was split from, with the parameters params
// (the split fit's Result.Params: defaults resolved, so that a step size
// derived from m is the split's): the transform of p.Options with the
// split's scaling is fitted on all rows, a data-dependent solver's moments
// are recomputed on them, and the fit is priced at p.Costs. This is the final model the
// split's estimate speaks for; it has no test part and no score of its own.
// The features are p's: a column constant on the training part, and so
// left out of the split's fit, is left out of the refit too (it is not
// one of the model's features).
func (p *Prepared) FitAll(df dataframe.DataFrame, s lao.Solver, params map[string]float64, seed uint64) (*Fitted, lao.Table, error) {
	if err := p.ready("FitAll"); err != nil {
		return nil, nil, err
	}
	opt := p.Options
	opt.Scaling, opt.KeepUnits = p.ScalingChoice.Scaling, false // the split's choice: a data-dependent policy may decide otherwise on all rows
	data, err := FromDataFrame(df, p.Target, opt)
	if err != nil {
		return nil, nil, err
	}
	if got, want := data.Names(), p.Train.Names(); !slices.Equal(got, want) { // columns constant on the training part only
		if data, err = FromDataFrame(df.Select(append(slices.Clone(want), p.Target)), p.Target, opt); err != nil {
			return nil, nil, err
		}
		if got := data.Names(); !slices.Equal(got, want) { // a subset of want: a column varying on the training part varies on all rows
			lost := slices.DeleteFunc(slices.Clone(want), func(n string) bool { return slices.Contains(got, n) })
			return nil, nil, fmt.Errorf("frames: FitAll: the features of all rows lack %s of the training part's %d: %w",
				QuoteFew(lost, 8), len(want), lao.ErrParam)
		}
	}
	c, err := lao.Clone(s)
	if err != nil {
		return nil, nil, err
	}
	if mu, ok := c.(lao.MomentsUser); ok {
		mu.SetMoments(nil) // the training part's: WithPriors computes them on all rows
	}
	for name, v := range params { // the split fit's values, defaults resolved (a default step depends on m)
		if q, err := lao.FindParam(c, name); err == nil {
			if err := q.Set(v); err != nil {
				return nil, nil, err
			}
		}
	}
	c = WithPrices(WithPriors(c, data.Dataset), p.Costs, data.Names())
	res, err := lao.Fit(c, data.Dataset.Stream(), lao.Options{Seed: seed, Costs: p.Costs})
	if err != nil {
		return nil, nil, err
	}
	m, err := NewModel(res.W, data.Names(), p.Target, &data.Transform, p.Binary)
	if err != nil {
		return nil, nil, err
	}
	m.Fit = NewFitInfo(c, res, seed, "")
	return &Fitted{Solver: c, Result: res, Model: m}, data.Dataset, nil
}
