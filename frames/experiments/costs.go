package experiments

import (
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// This file runs the comparisons of attributes with prices (ours,
// docs/costs.md): test error against the cost spent in training, for
// priced solvers beside their cost-blind versions at the same cost budget.

// CostEntry is one curve of a cost comparison: a fresh solver with its
// parameters (prices are set by the split, WithPrices).
type CostEntry struct {
	Label string
	New   func() (lao.Solver, error)
}

// CostSpec describes a cost comparison: each entry fitted on Splits
// seeded splits, checkpointed at Points log-spaced training sizes, test
// error against cost spent.
type CostSpec struct {
	// Prepare returns the split of seed for solver s, its prices set
	// (frames.Prepared.SetPrices): the solver's scaling, fit's split.
	Prepare func(s lao.Solver, seed uint64) (*frames.Prepared, error)
	Entries []CostEntry
	Splits  int
	Seed    uint64
	Points  int // checkpoints per curve, log-spaced from 10 to the training size; 0 selects 12
	// CVFolds, if at least 2, tunes each entry's free parameters on each
	// training part (frames.Tune, with Tune's rule, ranges and halving;
	// its Folds and Seed are CVFolds and the split's seed, and a range of
	// Tune.Grid applies to the entries that tune that parameter).
	CVFolds int
	Tune    frames.TuneOptions
	// Progress, if not nil, is called after each (entry, split) fit.
	Progress Progress
}

// CostPoint is a curve at one training size, over the splits.
type CostPoint struct {
	Examples    int     `json:"examples"`
	Cost        float64 `json:"cost"`             // mean cost spent in training so far
	MSE         float64 `json:"mse"`              // test squared error: mean over the splits
	MSESD       float64 `json:"mse_sd"`           // and its standard deviation (0 on one split's curve)
	Ratio       float64 `json:"mse_over_zero"`    // mean of MSE / zero predictor's MSE
	Attributes  float64 `json:"attributes"`       // mean attributes seen so far
	CostPerStep float64 `json:"cost_per_example"` // mean cost per training example so far
}

// CostCurve is one entry's result.
type CostCurve struct {
	Label  string      `json:"label"`
	Points []CostPoint `json:"points"`
	// Final is the last point; K the k the solver ran with (its "k"
	// parameter, derived from a cost budget if it was 0); CostBudget its
	// hard cost budget per example (0: none).
	Final      CostPoint `json:"final"`
	K          int       `json:"k"`
	CostBudget float64   `json:"cost_budget"`
	// Params lists the parameters of each split's fit.
	Params []map[string]float64 `json:"params"`
	// Refits lists the tuned fits refitted by frames.Refit's rule (worse
	// than the zero predictor on their own training data), by split.
	Refits []string `json:"refits,omitempty"`
	// Splits holds each split's curve (Cost, MSE and Examples set), in the
	// order of the seeds, for paired comparisons (GapAtCost).
	Splits [][]CostPoint `json:"splits"`
}

// GapAtCost compares c with other split by split: on each split, c's final
// test MSE minus other's MSE at c's final cost on the same split
// (MSEAtCost; a split where other's curve does not reach that cost is left
// out, and Gap.N counts the splits compared). It returns the mean
// difference with its 95 % interval over those splits (negative: c is
// lower at the same total cost), corrected for random splits of one table
// with testOverTrain = n_test/n_train (TestOverTrain; 0: the plain t).
func (c CostCurve) GapAtCost(other CostCurve, against string, testOverTrain float64) Gap {
	var diff []float64
	for r, pts := range c.Splits {
		if r >= len(other.Splits) {
			break
		}
		if len(pts) == 0 {
			continue
		}
		last := pts[len(pts)-1]
		if v, ok := (CostCurve{Points: other.Splits[r]}).MSEAtCost(last.Cost); ok {
			diff = append(diff, last.MSE-v)
		}
	}
	return gapOf(diff, against, testOverTrain)
}

// RunCosts runs a cost comparison.
func RunCosts(spec CostSpec) ([]CostCurve, error) {
	if spec.Splits < 1 || spec.Prepare == nil || len(spec.Entries) == 0 {
		return nil, fmt.Errorf("experiments: RunCosts: need splits ≥ 1, Prepare and entries: %w", lao.ErrParam)
	}
	points := spec.Points
	if points == 0 {
		points = 12
	}
	var out []CostCurve
	done := 0
	for _, e := range spec.Entries {
		c := CostCurve{Label: e.Label}
		var runs [][]costObs
		for r := range spec.Splits {
			obs, res, s, notes, err := costRun(spec, e, spec.Seed+uint64(r), points)
			if err != nil {
				return nil, fmt.Errorf("%s: split %d of %d: %w", e.Label, r+1, spec.Splits, err)
			}
			if spec.Progress != nil {
				done++
				spec.Progress(done, len(spec.Entries)*spec.Splits, fmt.Sprintf("split %d/%d: %s", r+1, spec.Splits, e.Label))
			}
			for _, n := range notes {
				c.Refits = append(c.Refits, fmt.Sprintf("split %d: %s", r+1, n))
			}
			runs = append(runs, obs)
			c.Params = append(c.Params, res.Params)
			c.CostBudget = res.Budget.Cost
			c.K = runK(s, res)
		}
		c.Points = meanCostPoints(runs)
		for _, obs := range runs {
			pts := make([]CostPoint, len(obs))
			for i, o := range obs {
				pts[i] = CostPoint{Examples: o.examples, Cost: o.cost, MSE: o.mse, Ratio: o.ratio, Attributes: o.attrs}
			}
			c.Splits = append(c.Splits, pts)
		}
		c.Final = c.Points[len(c.Points)-1]
		out = append(out, c)
	}
	return out, nil
}

// runK returns the k a fit ran with: derived from a cost budget (the
// learner's "k"), the solver's k, or the attributes per example.
func runK(s lao.Solver, res *lao.Result) int {
	if v, ok := res.Params["k"]; ok {
		return int(v)
	}
	if q, err := lao.FindParam(s, "k"); err == nil && q.Get() > 0 {
		return int(q.Get())
	}
	return res.Budget.PerExample
}

// costObs is one checkpoint of one split.
type costObs struct {
	examples         int
	cost, mse, ratio float64
	attrs            float64
}

// costRun tunes (with spec.CVFolds) and fits entry e on the split of seed
// with checkpoints, scores each checkpoint's weights on the test part, and
// returns the refit notes of frames.Refit's rule.
func costRun(spec CostSpec, e CostEntry, seed uint64, points int) ([]costObs, *lao.Result, lao.Solver, []string, error) {
	s, err := e.New()
	if err != nil {
		return nil, nil, nil, nil, err
	}
	p, err := spec.Prepare(s, seed)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	s = frames.WithPrices(frames.WithPriors(s, p.Train), p.Costs, p.Train.Names())
	base := s
	var cv *frames.CVResult
	if spec.CVFolds >= 2 && lao.Tunable(s) {
		o := spec.Tune
		o.Folds, o.Seed, o.Grid = spec.CVFolds, seed, frames.GridFor(s, o.Grid)
		if s, cv, err = frames.Tune(s, p.Train, o); err != nil {
			return nil, nil, nil, nil, err
		}
	}
	var obs []costObs
	fit := func(s lao.Solver) (*lao.Result, error) {
		obs = nil // a refit scores its checkpoints afresh
		return costFit(s, p, seed, points, &obs)
	}
	res, s, notes, err := frames.Refit(p.Train, s, base, cv, fit)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	return obs, res, s, notes, nil
}

// costFit fits s on p's training part at p's prices, appending to obs the
// test scores of about points checkpoints.
func costFit(s lao.Solver, p *frames.Prepared, seed uint64, points int, obs *[]costObs) (*lao.Result, error) {
	var scoreErr error
	res, err := lao.Fit(s, p.Train.Stream(), lao.Options{Seed: seed, Costs: p.Costs, Checkpoints: logCheckpoints(p.Train.Len(), points), OnCheckpoint: func(c lao.Checkpoint) {
		sc, err := frames.Score(c.W, p.Test.Stream(), &p.Transform, 0)
		if err != nil {
			scoreErr = err
			return
		}
		*obs = append(*obs, costObs{examples: c.Examples, cost: c.Cost, mse: sc.MSE, ratio: sc.Ratio(), attrs: float64(c.Attributes)})
	}})
	if err != nil {
		return nil, err
	}
	return res, scoreErr
}

// logCheckpoints returns about n distinct training sizes log-spaced from
// min(10, m) to m.
func logCheckpoints(m, n int) []int {
	lo := min(10, m)
	var cps []int
	for i := range n {
		t := float64(lo)
		if n > 1 {
			t = float64(lo) * math.Pow(float64(m)/float64(lo), float64(i)/float64(n-1))
		}
		v := min(m, max(1, int(math.Round(t))))
		if len(cps) == 0 || v > cps[len(cps)-1] {
			cps = append(cps, v)
		}
	}
	if cps[len(cps)-1] != m {
		cps = append(cps, m)
	}
	return cps
}

// meanCostPoints averages the splits' checkpoints (the same training sizes
// on every split).
func meanCostPoints(runs [][]costObs) []CostPoint {
	n := len(runs[0])
	for _, r := range runs {
		n = min(n, len(r))
	}
	out := make([]CostPoint, n)
	for i := range n {
		var mse []float64
		p := &out[i]
		p.Examples = runs[0][i].examples
		for _, r := range runs {
			o := r[i]
			p.Cost += o.cost / float64(len(runs))
			p.Ratio += o.ratio / float64(len(runs))
			p.Attributes += o.attrs / float64(len(runs))
			mse = append(mse, o.mse)
		}
		p.MSE, p.MSESD = meanSD(mse)
		p.CostPerStep = p.Cost / float64(p.Examples)
	}
	return out
}

func meanSD(v []float64) (mean, sd float64) {
	for _, x := range v {
		mean += x / float64(len(v))
	}
	if len(v) < 2 {
		return mean, 0
	}
	for _, x := range v {
		sd += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(sd / float64(len(v)-1))
}

// CostToReach returns the training cost at which curve c's mean test MSE
// first reaches target (linear interpolation in log cost between
// checkpoints), and false if it never does.
func (c CostCurve) CostToReach(target float64) (float64, bool) {
	for i, p := range c.Points {
		if p.MSE > target {
			continue
		}
		if i == 0 || p.Cost <= 0 {
			return p.Cost, true
		}
		q := c.Points[i-1]
		if q.Cost <= 0 || q.MSE == p.MSE {
			return p.Cost, true
		}
		f := (q.MSE - target) / (q.MSE - p.MSE)
		return math.Exp(math.Log(q.Cost) + f*(math.Log(p.Cost)-math.Log(q.Cost))), true
	}
	return 0, false
}

// MSEAtCost returns curve c's mean test MSE at training cost T
// (interpolated linearly in log cost; false outside the curve's costs).
func (c CostCurve) MSEAtCost(T float64) (float64, bool) {
	i := slices.IndexFunc(c.Points, func(p CostPoint) bool { return p.Cost >= T })
	switch {
	case i < 0:
		return 0, false
	case i == 0:
		return c.Points[0].MSE, c.Points[0].Cost == T
	}
	q, p := c.Points[i-1], c.Points[i]
	if q.Cost <= 0 {
		return p.MSE, true
	}
	f := (math.Log(T) - math.Log(q.Cost)) / (math.Log(p.Cost) - math.Log(q.Cost))
	return q.MSE + f*(p.MSE-q.MSE), true
}
