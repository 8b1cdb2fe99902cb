package lao

import (
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"time"
)

// Options control a fit. The zero value is valid (seed 0, no checkpoints).
type Options struct {
	// Seed seeds the solver's PCG generator; the same seed gives
	// bit-identical weights.
	Seed uint64
	// Checkpoints lists example counts t (1 ≤ t ≤ m, increasing) at which
	// OnCheckpoint receives the solver's current output.
	Checkpoints []int
	// OnCheckpoint is called at each checkpoint. W is only valid during the call.
	OnCheckpoint func(Checkpoint)
	// Costs, if not nil, are the attributes' prices (length d, each
	// positive) at which the fit is accounted (Result.CostSpent, ...) when
	// the solver has no prices of its own (an unpriced solver, or a
	// full-information reference, put on the cost axis). A priced solver's
	// own prices (Budget.Costs) must then be the same.
	Costs []float64
}

// Checkpoint is the state of a fit after Examples training examples.
type Checkpoint struct {
	Examples   int
	Attributes int64 // attributes revealed so far (the papers' x-axis)
	// Cost is the prices of the attributes revealed so far (0 without
	// prices): the x-axis when attributes have prices.
	Cost float64
	W    []float64
}

// Result is a fitted linear predictor with the attribute accounting of the fit.
type Result struct {
	Solver        string
	W             []float64
	Examples      int    // m
	Attributes    int64  // total distinct attributes revealed, summed over examples
	MaxPerExample int    // the largest number revealed on any single example
	Budget        Budget // the rule the handles enforced
	// AttributeCounts[i] is how many training examples revealed attribute
	// i: which attributes the learner paid for, and how often.
	AttributeCounts []int64
	Seconds         float64 // wall time of the fit
	// Params holds the parameters the solver actually used, defaults
	// resolved (e.g. "B", "eta", "lambda"), if the learner reports them.
	Params map[string]float64
	// Diagnostics holds solver-specific numbers about the fit, e.g.
	// Baseline's "min_eigenvalue" of its estimated second-moment matrix.
	Diagnostics map[string]float64
	// Support lists the attributes with a non-zero weight, increasing: what
	// the model reads of a test example. The training budget is
	// Budget.PerExample, the prediction budget PredictionBudget().
	Support []int
	// Costs are the prices the fit was charged at (Budget.Costs or
	// Options.Costs; nil: unpriced, and every cost below is 0).
	Costs []float64
	// CostSpent is the total price of the attributes revealed, summed over
	// the examples; MaxCostPerExample the largest spend on one example.
	CostSpent         float64
	MaxCostPerExample float64
	// AttributeCosts[i] = AttributeCounts[i]·Costs[i]: what attribute i
	// cost over the fit (nil without prices).
	AttributeCosts []float64
	// Unlearned lists, in a priced fit, the attributes whose weight no
	// step of the learner moved: the solver's starting value (AERR's
	// w₁ ≠ 0, which the paper leaves arbitrary), not learned from the
	// data, on an attribute whose draws the prices made rare. Predicting
	// with it would pay the attribute's price on every test example, so Fit
	// sets those weights to 0 (a W1 the caller gave included), in the result
	// and at every checkpoint. Unpriced fits keep the solver's output as it
	// is (the papers' experiments).
	Unlearned []int
}

// unlearner is implemented by the learners that start from a non-zero
// w₁: after trackUnlearned (before the first example), unlearned returns,
// increasing, the attributes whose weight still holds w₁'s value because
// no step moved it.
type unlearner interface {
	trackUnlearned()
	unlearned() []int
}

// dropUnlearned sets to 0 the weights l reports unlearned and returns
// their attributes.
func dropUnlearned(l Learner, w []float64) []int {
	u, ok := l.(unlearner)
	if !ok {
		return nil
	}
	idx := u.unlearned()
	for _, i := range idx {
		w[i] = 0
	}
	return idx
}

// ParamReporter is implemented by learners that report the parameters they
// run with, defaults resolved (copied into Result.Params).
type ParamReporter interface {
	Params() map[string]float64
}

// Diagnoser is implemented by learners that report solver-specific numbers
// (copied into Result.Diagnostics after the final Weights call).
type Diagnoser interface {
	Diagnostics() map[string]float64
}

// MeanPerExample returns Attributes / Examples.
func (r *Result) MeanPerExample() float64 {
	if r.Examples == 0 {
		return 0
	}
	return float64(r.Attributes) / float64(r.Examples)
}

// NewRand returns a PCG generator for a seed.
func NewRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// SeedFor derives the seed of one named random stream from a user's seed,
// so that the streams one seed drives are independent: Fit draws the
// solver's randomness from SeedFor(seed, "solver"), package frames its
// train/test split from "split", its folds from "folds" and its shuffles
// from "shuffle". (With one stream for all, the split, the folds and the
// solver's draws would be the same random numbers.)
func SeedFor(seed uint64, stream string) uint64 {
	h := uint64(14695981039346656037) // FNV-1a of the stream's name
	for i := range len(stream) {
		h ^= uint64(stream[i])
		h *= 1099511628211
	}
	x := seed ^ h
	x += 0x9e3779b97f4a7c15 // splitmix64's finaliser
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Fit runs solver s over the examples of src under the LAO protocol: each
// example reaches the solver only through an Example handle with the
// solver's per-example budget. A request beyond the budget ends the fit with
// an error wrapping ErrBudgetExceeded; a numerical failure of the learner
// (Failer) ends it with the learner's error.
func Fit(s Solver, src Source, opt Options) (res *Result, err error) {
	m, d, err := fitShape(s, src)
	if err != nil {
		return nil, err
	}
	p := Problem{M: m, D: d, Rand: NewRand(SeedFor(opt.Seed, "solver"))}
	if err := checkCheckpoints(opt.Checkpoints, m); err != nil {
		return nil, err
	}
	l, budget, err := s.Start(p)
	if err != nil {
		return nil, err
	}
	defer func() { // runs after recoverBudget (defers run last-in first-out)
		if err != nil {
			res = nil
		}
	}()
	defer recoverFit(&err, s, l) // recover must be called by the deferred function itself
	start := time.Now()
	res = &Result{Solver: s.Name(), Examples: m, Budget: budget, AttributeCounts: make([]int64, d)}
	if res.Costs, err = fitPrices(s.Name(), budget, opt.Costs, d); err != nil {
		return nil, err
	}
	if u, ok := l.(unlearner); ok && res.Costs != nil {
		u.trackUnlearned()
	}
	if err := feed(s, l, src, res, opt); err != nil {
		return nil, err
	}
	if err := finish(s, l, res); err != nil {
		return nil, err
	}
	res.Seconds = time.Since(start).Seconds()
	return res, nil
}

// finish is Fit's last step, after l has seen res.Examples examples: the
// weights, their checks, and what res reports of them.
func finish(s Solver, l Learner, res *Result) error {
	res.W = make([]float64, len(res.AttributeCounts))
	l.Weights(res.W)
	if err := checkWeights(s, l, res.W, res.Examples); err != nil {
		return err
	}
	if res.Costs != nil {
		res.Unlearned = dropUnlearned(l, res.W)
	}
	res.Support = Support(res.W)
	res.AttributeCosts = attributeCosts(res.AttributeCounts, res.Costs)
	if err := checkPrediction(s.Name(), res); err != nil {
		return err
	}
	if err := checkPredictionCost(s.Name(), res); err != nil {
		return err
	}
	if dg, ok := l.(Diagnoser); ok {
		res.Diagnostics = map[string]float64{}
		maps.Copy(res.Diagnostics, dg.Diagnostics())
	}
	if pr, ok := l.(ParamReporter); ok {
		res.Params = pr.Params()
	}
	return nil
}

// fitShape returns m and d of src, or an error if s or src is nil or src
// has no examples or an unknown number.
func fitShape(s Solver, src Source) (m, d int, err error) {
	if isNil(s) {
		return 0, 0, fmt.Errorf("lao: Fit: the solver is nil: %w", ErrNotPointer)
	}
	if isNil(src) {
		return 0, 0, fmt.Errorf("%s: Fit: the source is nil: %w", s.Name(), ErrEmpty)
	}
	m, d = src.Len(), src.Dim()
	if m == 0 {
		return 0, 0, fmt.Errorf("%s: %w", s.Name(), ErrEmpty)
	}
	if m < 0 {
		return 0, 0, fmt.Errorf("%s: the number of examples must be known before fitting (source length is unknown): %w", s.Name(), ErrParam)
	}
	return m, d, nil
}

// feed passes the m examples of src to l, counting what each revealed into
// res and calling opt.OnCheckpoint at the checkpoints. It stops at the
// first failure of the learner.
func feed(s Solver, l Learner, src Source, res *Result, opt Options) error {
	m, d := res.Examples, len(res.AttributeCounts)
	fail, _ := l.(Failer)
	ex := NewExample(d)
	ex.SetPrices(res.Costs, res.Budget.Cost)
	next := nextExample(src, ex, res.Budget.PerExample)
	var wbuf []float64
	cp := 0
	var full int64 // examples of which every attribute was revealed
	defer func() {
		for i := range res.AttributeCounts {
			res.AttributeCounts[i] += full
		}
	}()
	for t := 1; t <= m; t++ {
		if err := next(); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("%s: reading example %d of %d: %w", s.Name(), t, m, err)
		}
		l.Observe(ex)
		if fail != nil && fail.Err() != nil {
			return fmt.Errorf("%s: %w", solverLabel(s, l), fail.Err())
		}
		seen := ex.RevealedList()
		if len(seen) == d { // every attribute once (full information): counted once, at the end
			full++
		} else {
			for _, i := range seen {
				res.AttributeCounts[i]++
			}
		}
		res.Attributes += int64(len(seen))
		res.MaxPerExample = max(res.MaxPerExample, len(seen))
		res.CostSpent += ex.Spent()
		res.MaxCostPerExample = max(res.MaxCostPerExample, ex.Spent())
		if cp < len(opt.Checkpoints) && opt.Checkpoints[cp] == t {
			cp++
			if opt.OnCheckpoint != nil {
				if wbuf == nil {
					wbuf = make([]float64, d)
				}
				l.Weights(wbuf)
				if err := checkWeights(s, l, wbuf, t); err != nil {
					return err
				}
				if res.Costs != nil {
					dropUnlearned(l, wbuf) // as Fit does for the result: a checkpoint is the model so far
				}
				opt.OnCheckpoint(Checkpoint{Examples: t, Attributes: res.Attributes, Cost: res.CostSpent, W: wbuf})
			}
		}
	}
	return nil
}

// nextExample returns a function that points ex at the next example of
// src. Sources that lend their rows (RowLender, SparseLender) are read
// without copying; a CellSource's cells are fetched when revealed; others
// are copied into one reused row.
func nextExample(src Source, ex *Example, budget int) func() error {
	switch s := src.(type) {
	case CellSource:
		return func() error {
			y, err := s.NextLabel()
			if err == nil {
				ex.ResetLazy(y, budget, s)
			}
			return err
		}
	case SparseLender:
		return func() error {
			idx, val, y, err := s.NextSparse()
			if err == nil {
				ex.ResetSparse(idx, val, y, budget)
			}
			return err
		}
	case RowLender:
		return func() error {
			row, y, err := s.NextRow()
			if err == nil {
				ex.Reset(row, y, budget)
			}
			return err
		}
	}
	row := make([]float64, src.Dim())
	return func() error {
		y, err := src.Next(row)
		if err == nil {
			ex.Reset(row, y, budget)
		}
		return err
	}
}

func checkCheckpoints(cp []int, m int) error {
	prev := 0
	for _, t := range cp {
		if t <= prev || t > m {
			return fmt.Errorf("lao: checkpoints must be increasing in [1, %d], got %v: %w", m, cp, ErrParam)
		}
		prev = t
	}
	return nil
}
