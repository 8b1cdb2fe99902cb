package frames

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/laoproject/lao/lao"
)

// BudgetCheck is a fitted budgeted solver beside the practical baseline
// under the same training budget, both scored on the same test rows: the
// check that tells an analyst when the papers' solver learns much less
// from its k attributes per example than screening them would (AERR's
// defaults did, clearly, on 490 of 2,728 tables of R's Rdatasets, and
// nothing said so: docs/results.md).
type BudgetCheck struct {
	// Baseline is "screen-ridge" (lao.ScreenRidge at the fit's budget:
	// screen the attributes on the first examples, then ridge on the K
	// best), or "ridge" when K ≥ D, where the budget hides nothing and full
	// information is within it. Its parameters are the defaults, not
	// tuned: a baseline that wins untuned is not a tuning artefact.
	Baseline string
	K        int    // the training budget, attributes per example
	D        int    // the attributes
	Test     Scores // the baseline's test scores
	// Diff is the mean over the test rows of the fit's squared error less
	// the baseline's (the difference of their test MSEs), SE its standard
	// error from the rows' spread (paired: both on the same rows; NaN for
	// one row).
	Diff, SE float64
	// TestLast: the test rows are the table's last ones (Prepared.TestLast),
	// consecutive, whose errors may be correlated: SE then understates the
	// uncertainty, and Warning says so.
	TestLast bool
}

// BaselineMSEFactor is how much worse than the baseline a fit must be for
// BudgetCheck.Warning: its test MSE above the baseline's by this factor,
// and the paired difference's 95 % interval (Student's t on n − 1 degrees
// of freedom, n ≥ MinTestRows test rows) above 0.
const BaselineMSEFactor = 1.25

// CheckBudget fits the practical baseline (BudgetCheck.Baseline) on p's
// training part at the budget of f's fit (PerExample: the k + 1 family's
// k + 1, AESVR's mean rounded up) and the same seed, and compares their
// test errors row by row (TestErrors, each model within its own
// prediction budget). A fit that read no attribute (the zero predictor that
// cross-validation chose: ZeroPredictor) has no budget of its own: compare
// it at the budget of the solver it replaced with CheckBudgetAt. With
// prices (p.Costs) the comparison would mix budgets in count and in price;
// then, and for a fit without a budget, CheckBudget returns nil.
func (p *Prepared) CheckBudget(f *Fitted, seed uint64) (*BudgetCheck, error) {
	if f == nil || f.Result == nil {
		return nil, nil
	}
	k := PerExample(f.Result.Budget)
	if k <= 0 {
		return nil, nil
	}
	return p.CheckBudgetAt(f, k, seed)
}

// PerExample is a budget's attributes per example: PerExample, or for a
// budget that holds in expectation (Budget.Mean: AESVR, whose PerExample
// is only a safety cap) its mean rounded up.
func PerExample(b lao.Budget) int {
	if b.Mean > 0 {
		return int(math.Ceil(b.Mean))
	}
	return b.PerExample
}

// CheckBudgetAt is CheckBudget at a budget of k attributes per example.
func (p *Prepared) CheckBudgetAt(f *Fitted, k int, seed uint64) (*BudgetCheck, error) {
	if err := p.ready("CheckBudget"); err != nil {
		return nil, err
	}
	if f == nil || f.Result == nil || p.Costs != nil {
		return nil, nil
	}
	d := p.Train.Dim()
	if k <= 0 {
		return nil, fmt.Errorf("frames: CheckBudget: a budget of %d attributes per example: %w", k, lao.ErrParam)
	}
	c := &BudgetCheck{Baseline: "screen-ridge", K: k, D: d, TestLast: p.TestLast}
	var s lao.Solver = &lao.ScreenRidge{K: k}
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
	d := make([]float64, len(a))
	for i := range a {
		d[i] = a[i] - b[i]
	}
	mean, sd := meanStd(d)
	return mean, sd / math.Sqrt(float64(len(d)))
}

// Worse reports whether a fit whose test scores are ours is clearly worse
// than the baseline: test MSE above BaselineMSEFactor times the
// baseline's, and the paired difference's 95 % interval above 0, on at
// least MinTestRows test rows.
func (c *BudgetCheck) Worse(ours Scores) bool {
	if c == nil || c.Test.N < MinTestRows || !(ours.MSE > BaselineMSEFactor*c.Test.MSE) {
		return false
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(c.Test.N - 1)}.Quantile(0.975)
	return c.Diff-t*c.SE > 0
}

// Text is one line for a report: the baseline's test MSE and ratio to the
// zero predictor's under the same budget ("" for a nil check).
func (c *BudgetCheck) Text() string {
	if c == nil {
		return ""
	}
	what := fmt.Sprintf("screen-ridge (screening on the first examples, then ridge on the %d best columns; untuned)", c.K)
	if c.Baseline == "ridge" {
		what = fmt.Sprintf("ridge on every attribute (a budget of %d per example, d = %d: nothing is hidden; untuned)", c.K, c.D)
	}
	return fmt.Sprintf("same training budget, %s: test MSE %.6g (ratio %s)", what, c.Test.MSE, FormatRatio(c.Test.Ratio(), 4))
}

// Warning returns a one-line warning when the fit named name, whose test
// scores are ours, is clearly worse than the baseline (Worse), else "" (and
// for a nil check). The warning begins "name's test MSE".
func (c *BudgetCheck) Warning(name string, ours Scores) string {
	if c == nil || !c.Worse(ours) {
		return ""
	}
	order := ""
	if c.TestLast {
		order = "; the test rows are the last ones, consecutive, whose errors may be correlated: the interval is then too narrow"
	}
	return fmt.Sprintf("%s test MSE %.6g is %.2f times that of %s under the same budget of %s per example (%.6g; the difference %.3g ± %.2g over the %d test rows%s): "+
		"on this table the baseline learns more from what the budget reveals; lao compare ranks the solvers over several splits",
		possessive(name), ours.MSE, ours.MSE/c.Test.MSE, c.Baseline, plural(c.K, "attribute", "attributes"), c.Test.MSE, c.Diff, c.SE, c.Test.N, order)
}

// possessive returns "aerr's", or for a name ending in a comma (a phrase:
// "the zero predictor, which … for aerr,") "the zero predictor, …, whose".
func possessive(name string) string {
	if strings.HasSuffix(name, ",") {
		return name + " whose"
	}
	return name + "'s"
}
