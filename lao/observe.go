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
// behind it except through Attr and TryAttr. Dense rows are lent with
// Reset, sparse rows (sorted indices and values) with ResetSparse; neither
// is copied. An Example is reused across rows so the hot path does not
// allocate; create one with NewExample.
type Example = observe.Example

// NewExample returns a handle for rows of dimension d. The budget is set by
// Reset or ResetSparse.
func NewExample(d int) *Example { return observe.NewExample(d) }

// BudgetError is the panic value of Example.Attr. Fit and Predict convert it
// into their returned error.
type BudgetError = observe.BudgetError

// SolverError is the panic value a Learner uses to report a numerical
// failure from Observe or Weights (which return no error); Fit returns it
// as an error.
type SolverError struct{ Err error }

func (s *SolverError) Error() string { return s.Err.Error() }
func (s *SolverError) Unwrap() error { return s.Err }

// recoverBudget turns a *BudgetError, *SolverError or *SourceError panic
// into *err; other
// panics (bugs) propagate.
func recoverBudget(err *error, where string) {
	if r := recover(); r != nil {
		switch e := r.(type) {
		case *BudgetError:
			*err = fmt.Errorf("%s: %w", where, e)
		case *SolverError:
			*err = fmt.Errorf("%s: %w", where, e)
		case *SourceError:
			*err = fmt.Errorf("%s: %w", where, e)
		default:
			panic(r)
		}
	}
}
