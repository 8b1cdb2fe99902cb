package lao

import (
	"fmt"
	"math/rand/v2"
)

// Solver is an LAO (or full-information) regression algorithm with its
// parameters. Implementations are structs whose exported fields are the
// paper's parameters; zero values select the theorems' defaults. The struct
// is the single source of truth for a parameter: Params binds each one by
// name to its field.
type Solver interface {
	// Name is the paper's name in lower case: "aerr", "aelr", "aer", ...
	Name() string
	// Params lists the solver's parameters, bound to its fields.
	Params() []Param
	// Start validates the parameters against p, resolves the defaults
	// (once per fit) and returns a fresh Learner with the budget rule the
	// observation handles will enforce.
	Start(p Problem) (Learner, Budget, error)
}

// Learner is a solver in the middle of a fit. Observe is called once per
// training example, in order; Weights writes the solver's current output
// predictor (for averaged algorithms, the average so far).
//
// The contract, for Fit and for anyone who drives a learner by hand (Step):
// Observe and Weights never panic on data. A learner that can fail
// numerically (a diverging iterate, a singular matrix) implements Failer:
// it records the failure and reports it through Err. The one panic is the protocol's: ex must have at least the budget
// Start returned, and a request beyond it makes Example.Attr panic with a
// *BudgetError, which Fit and Step return as ErrBudgetExceeded. (A solver
// whose budget holds only in expectation, AESVR, may meet that refusal by
// chance: drive it with Fit or Step.)
type Learner interface {
	Observe(ex *Example)
	Weights(dst []float64)
}

// Failer is implemented by learners that can fail numerically. Err returns
// the first failure (nil if none); after it, Err keeps returning it, later
// examples may be ignored and the output of Weights is meaningless. Fit
// checks Err after every Observe and Weights; Step after Observe.
type Failer interface {
	Err() error
}

// failure is embedded by the learners that can fail: it implements Failer.
type failure struct{ err error }

// Err returns the learner's first failure.
func (f *failure) Err() error { return f.err }

// fail records err if it is the first failure and reports whether the
// learner has failed.
func (f *failure) fail(err error) bool {
	if f.err == nil {
		f.err = err
	}
	return f.err != nil
}

// Problem is what a solver knows before it sees the first example.
type Problem struct {
	M    int        // number of training examples (m); Fit fails if the source length is unknown
	D    int        // number of attributes (d)
	Rand *rand.Rand // the solver's only source of randomness, seeded by Options.Seed; must not be nil (NewRun and Fit set it)
}

// Budget is the attribute budget rule of a solver on a given problem.
type Budget struct {
	// PerExample is the hard cap on distinct attributes revealed per
	// training example; the handle refuses any request beyond it.
	PerExample int
	// Mean, if positive, is a budget that holds only in expectation (AESVR
	// of Hazan & Koren 2012 observes k+6 attributes on average). Fit
	// reports the realised mean; PerExample is then a safety cap.
	Mean float64
	// Predict, if positive, is the prediction-time budget: the fitted
	// model reads at most Predict attributes of a test example (Murata &
	// Suzuki 2018's s'), so Fit refuses an output with more non-zero
	// weights. Zero means no prediction budget (the model may read all d).
	Predict int
	// Rule is the budget as the paper states it, e.g. "k+1 per example".
	Rule string
	// Full marks a full-information reference: every example reveals all
	// d attributes by design (About.Full), not a budget that happens to
	// reach d.
	Full bool
	// Costs, if not nil, are the attributes' prices (length d, each
	// positive): the handles charge Costs[i] for revealing attribute i.
	// Priced solvers (Prices) set them; see Options.Costs for an unpriced
	// solver's accounting.
	Costs []float64
	// Cost, if positive, is the hard per-example cost budget C: a read
	// that would take an example's spend above it is refused like a read
	// beyond PerExample.
	Cost float64
	// PredictCost, if positive, is the prediction-time cost budget C': the
	// fitted model's support may cost at most C', so Fit refuses an
	// output whose non-zero weights cost more.
	PredictCost float64
}

// About describes a solver for listings: where it comes from and what it
// assumes.
type About struct {
	Paper     string // authors, venue and year
	Algorithm string // the algorithm's number or section in that paper
	Budget    string // the budget rule, e.g. "k+1 per example"
	// Full marks a full-information reference (observes all d attributes).
	Full bool
	// Ball is the constraint set's norm, "l1" or "l2", or "l0" for the
	// sparse solvers of Murata & Suzuki 2018 (at most s non-zero weights).
	// The theorems for l2 solvers assume ||x||₂ ≤ 1, those for l1 solvers
	// ||x||∞ ≤ 1, those for l0 solvers ||x||∞ ≤ R∞.
	Ball string
}

// Describer is implemented by solvers that describe themselves (every
// registered solver does).
type Describer interface {
	About() About
}

// MomentsUser is implemented by the data-dependent solvers, which take the
// attributes' second moments E[x_i²] as prior knowledge (Kukliansky &
// Shamir). NeedsMoments reports whether the solver still lacks them;
// SetMoments supplies them (frames.WithPriors computes them from training
// data).
type MomentsUser interface {
	NeedsMoments() bool
	SetMoments(m []float64)
}

// ParamError is a solver's complaint about one of its parameters, named as
// Params names it (the name users type in --param and ParseParams), so that
// a front end can say it in its own words (the CLI names its flag where it
// has one). It wraps ErrParam.
type ParamError struct {
	Solver string // the solver's Name
	Param  string // the parameter's name in Params
	Msg    string // what is wrong, after the name: "= 3 is below ..."
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("%s: %s %s: %v", e.Solver, e.Param, e.Msg, ErrParam)
}

// Unwrap returns ErrParam.
func (e *ParamError) Unwrap() error { return ErrParam }

// paramErr formats a parameter error naming the solver and parameter.
func paramErr(solver, param string, format string, args ...any) error {
	return &ParamError{Solver: solver, Param: param, Msg: fmt.Sprintf(format, args...)}
}
