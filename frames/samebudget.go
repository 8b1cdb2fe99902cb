package frames

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// BudgetCheck is a fitted budgeted solver beside the practical baseline
// under the same training budget, both scored on the same test rows: the
// check that tells an analyst when the papers' solver learns much less
// from its k attributes per example than screening them would (on five of
// seven real tables a new user tried, it did; nothing said so).
type BudgetCheck struct {
	// Baseline is "screen-ridge" (lao.ScreenRidge at the fit's k: screen
	// the attributes on the first examples, then ridge on the k best), or
	// "ridge" when k ≥ d, where the budget hides nothing and full
	// information is within it. Its parameters are the defaults, not
	// tuned: a baseline that wins untuned is not a tuning artefact.
	Baseline string
	K        int    // the training budget, attributes per example
	Test     Scores // the baseline's test scores
	// Diff is the mean over the test rows of the fit's squared error less
	// the baseline's (the difference of their test MSEs), SE its standard
	// error from the rows' spread (paired: both on the same rows).
	Diff, SE float64
}

// BaselineMSEFactor and BaselineSEs are how much worse than the baseline a
// fit must be for BudgetCheck.Warning: its test MSE above the baseline's by
// this factor and by this many standard errors of the paired difference.
const (
	BaselineMSEFactor = 1.25
	BaselineSEs       = 2
)

// CheckBudget fits the practical baseline (BudgetCheck.Baseline) on p's
// training part with the budget of f's fit, k attributes per example
// (lao.Result.Budget.PerExample: the k + 1 family's k + 1), and the same
// seed, and compares their test errors row by row (TestErrors, each model
// within its own prediction budget). f must be a fit of a solver with a
// per-example budget on p; with prices (p.Costs) the comparison would mix
// budgets in count and in price, and CheckBudget returns nil.
func (p *Prepared) CheckBudget(f *Fitted, seed uint64) (*BudgetCheck, error) {
	if err := p.ready("CheckBudget"); err != nil {
		return nil, err
	}
	if f == nil || f.Result == nil || p.Costs != nil {
		return nil, nil
	}
	d, k := p.Train.Dim(), f.Result.Budget.PerExample
	if k <= 0 {
		return nil, fmt.Errorf("frames: CheckBudget: the fit of %s has no per-example budget: %w", f.Solver.Name(), lao.ErrParam)
	}
	c := &BudgetCheck{Baseline: "screen-ridge", K: min(k, d)}
	var s lao.Solver = &lao.ScreenRidge{K: c.K}
	if k >= d {
		c.Baseline, s = "ridge", &lao.Ridge{}
	}
	base, err := p.Fit(s, seed)
	if err != nil {
		return nil, fmt.Errorf("frames: CheckBudget: %s: %w", c.Baseline, err)
	}
	c.Test = base.Test
	ours, _, err := p.TestErrors(f.Result.W, PredictBudgetOf(f.Result))
	if err != nil {
		return nil, err
	}
	theirs, _, err := p.TestErrors(base.Result.W, PredictBudgetOf(base.Result))
	if err != nil {
		return nil, err
	}
	c.Diff, c.SE = pairedDiff(ours, theirs)
	return c, nil
}

// pairedDiff returns the mean of a_i − b_i and its standard error (NaN for
// fewer than two rows).
func pairedDiff(a, b []float64) (mean, se float64) {
	n := float64(len(a))
	for i := range a {
		mean += a[i] - b[i]
	}
	mean /= n
	var ss float64
	for i := range a {
		dv := a[i] - b[i] - mean
		ss += dv * dv
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// Worse reports whether a fit whose test scores are ours is clearly worse
// than the baseline: test MSE above BaselineMSEFactor times the
// baseline's and the paired difference above BaselineSEs standard errors.
func (c *BudgetCheck) Worse(ours Scores) bool {
	return ours.MSE > BaselineMSEFactor*c.Test.MSE && c.Diff > BaselineSEs*c.SE
}

// Text is one line for a report: the baseline's test MSE and ratio to the
// zero predictor's under the same budget.
func (c *BudgetCheck) Text() string {
	what := fmt.Sprintf("screen-ridge (screening on the first examples, then ridge on the %d best columns; untuned)", c.K)
	if c.Baseline == "ridge" {
		what = fmt.Sprintf("ridge on every attribute (k = %d ≥ d hides nothing; untuned)", c.K)
	}
	return fmt.Sprintf("same training budget, %s: test MSE %.6g (ratio %.4f)", what, c.Test.MSE, c.Test.Ratio())
}

// Warning returns a one-line warning when the fit named name, whose test
// scores are ours, is clearly worse than the baseline (Worse), else "".
func (c *BudgetCheck) Warning(name string, ours Scores) string {
	if !c.Worse(ours) {
		return ""
	}
	return fmt.Sprintf("%s's test MSE %.6g is %.2f times that of %s under the same budget of %d attributes per example (%.6g; the difference %.3g ± %.2g over the %d test rows): "+
		"on this table the baseline learns more from what the budget reveals; lao compare ranks the solvers over several splits",
		name, ours.MSE, ours.MSE/c.Test.MSE, c.Baseline, c.K, c.Test.MSE, c.Diff, c.SE, c.Test.N)
}
