package lao

import (
	"fmt"

	"github.com/laoproject/lao/lao/internal/observe"
)

// Example is the observation handle of the LAO protocol: the only way a
// solver reaches a training (or test) example. It reveals the label freely
// and at most Budget distinct attributes; re-reading an attribute that was
// already revealed is free; a request beyond the budget is refused with
// ErrBudgetExceeded and never served. Every handle counts what it revealed.
//
// The handle lives in an internal package: a solver cannot reach the row
// behind it except through Attr, TryAttr and Attrs (a batch read as
// successive Attr calls, its reads overlapped), or, when the budget covers
// all d attributes, All, AllRow and AllSparse (the full-information
// references' reads; the last two without a copy). Dense rows are lent with
// Reset, sparse rows (sorted indices and values) with ResetSparse; neither
// is copied. An Example is reused across rows so the hot path does not
// allocate; create one with NewExample.
type Example = observe.Example

// NewExample returns a handle for rows of dimension d. The budget is set by
// Reset or ResetSparse.
func NewExample(d int) *Example { return observe.NewExample(d) }

// BudgetError is the panic value of Example.Attr, the protocol's refusal of
// an attribute beyond the budget. Fit and Step convert it into their
// returned error (wrapping ErrBudgetExceeded).
type BudgetError = observe.BudgetError

// Step feeds one example to l, a learner driven by hand instead of by Fit:
// the handle's refusal of an attribute beyond its budget (ErrBudgetExceeded)
// and the failure a learner reports (Failer) come back as an error instead
// of a panic or a silently stalled learner. That is all Step checks: ex
// must hold a row of the width the learner started with (Problem.D), and a
// learner that is not a Failer (AERR, AELR, AER, DDAERR, DDAELR, ...:
// their iterate is checked only when Fit reads it) may diverge without
// a word. Run makes both checks, and Fit's others.
func Step(l Learner, ex *Example) (err error) {
	if isNil(l) || ex == nil {
		return fmt.Errorf("lao: Step: the learner or the example is nil: %w", ErrParam)
	}
	defer recoverBudget(&err, "lao: Step")
	l.Observe(ex)
	if f, ok := l.(Failer); ok {
		return f.Err()
	}
	return nil
}

// recoverBudget turns a *BudgetError or *SourceError panic into *err,
// prefixed with where; other panics (bugs) propagate.
func recoverBudget(err *error, where string) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: %w", where, budgetPanic(r))
	}
}

// recoverFit is recoverBudget for Fit, naming the solver with its
// parameters (solverLabel) only when there is a panic: building the label
// on every fit cost a third of the time of tuning on a table of 16 rows.
func recoverFit(err *error, s Solver, l Learner) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("%s: %w", solverLabel(s, l), budgetPanic(r))
	}
}

// budgetPanic returns the error of a recovered *BudgetError or
// *SourceError and panics again with anything else.
func budgetPanic(r any) error {
	switch p := r.(type) {
	case *BudgetError:
		return p
	case *SourceError:
		return p
	}
	panic(r)
}
