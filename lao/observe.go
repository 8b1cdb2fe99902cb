package lao

import (
	"errors"
	"fmt"
)

// ErrBudgetExceeded is returned (wrapped) by Fit, Predict and Example.TryAttr when
// a solver asks an example for more distinct attributes than its budget allows.
// The refused attribute is never served.
var ErrBudgetExceeded = errors.New("lao: attribute budget exceeded")

// ErrAttrIndex is returned (wrapped) when an attribute index is outside [0, d).
var ErrAttrIndex = errors.New("lao: attribute index out of range")

// Example is the observation handle of the LAO protocol: the only way a solver
// reaches a training (or test) example. It reveals the label freely and at
// most Budget distinct attributes; re-reading an attribute that was already
// revealed is free. Every handle counts what it revealed.
//
// An Example is reused across rows (Reset) so the hot path does not allocate.
// Its zero value is not usable; create one with NewExample.
type Example struct {
	row    []float64 // the full row; never exposed
	y      float64
	budget int      // maximum distinct attributes for the current row
	stamp  []uint32 // stamp[i] == gen means attribute i is revealed for this row
	gen    uint32
	n      int // distinct attributes revealed for the current row
}

// NewExample returns a handle for rows of dimension d. The budget is set by Reset.
func NewExample(d int) *Example {
	return &Example{stamp: make([]uint32, d)}
}

// Reset points the handle at a new row with label y and a fresh budget. It
// does not copy row; the caller must not modify row while the handle is in use.
func (e *Example) Reset(row []float64, y float64, budget int) {
	if len(row) != len(e.stamp) {
		panic(fmt.Sprintf("lao: Example.Reset: row has %d attributes, handle was made for %d", len(row), len(e.stamp)))
	}
	e.row, e.y, e.budget, e.n = row, y, budget, 0
	e.gen++
	if e.gen == 0 { // wrapped around after 2^32 rows: clear the stamps once
		clear(e.stamp)
		e.gen = 1
	}
}

// Dim returns d, the number of attributes of the row.
func (e *Example) Dim() int { return len(e.stamp) }

// Label returns the label y. Labels are always observed in the LAO setting.
func (e *Example) Label() float64 { return e.y }

// Budget returns the maximum number of distinct attributes of this row that
// may be revealed.
func (e *Example) Budget() int { return e.budget }

// Observed returns the number of distinct attributes revealed so far.
func (e *Example) Observed() int { return e.n }

// Remaining returns how many more distinct attributes may be revealed.
func (e *Example) Remaining() int { return e.budget - e.n }

// Revealed reports whether attribute i was already revealed (reading it again is free).
func (e *Example) Revealed(i int) bool { return i >= 0 && i < len(e.stamp) && e.stamp[i] == e.gen }

// TryAttr reveals attribute i (0-based). It returns an error wrapping
// ErrBudgetExceeded if i is new and the budget is spent, or ErrAttrIndex if i
// is out of range; in both cases nothing is revealed.
func (e *Example) TryAttr(i int) (float64, error) {
	if i < 0 || i >= len(e.stamp) {
		return 0, fmt.Errorf("%w: %d not in [0, %d)", ErrAttrIndex, i, len(e.stamp))
	}
	if e.stamp[i] != e.gen {
		if e.n >= e.budget {
			return 0, fmt.Errorf("%w: attribute %d would be number %d, budget is %d", ErrBudgetExceeded, i, e.n+1, e.budget)
		}
		e.stamp[i] = e.gen
		e.n++
	}
	return e.row[i], nil
}

// Attr reveals attribute i like TryAttr but panics with a *BudgetError when
// the request is refused. Solvers use Attr; Fit and Predict recover the panic
// and return it as an error, so a budget violation never escapes as a panic
// from the package's entry points.
func (e *Example) Attr(i int) float64 {
	v, err := e.TryAttr(i)
	if err != nil {
		panic(&BudgetError{Err: err})
	}
	return v
}

// BudgetError is the panic value of Example.Attr. Fit and Predict convert it
// into their returned error.
type BudgetError struct{ Err error }

func (b *BudgetError) Error() string { return b.Err.Error() }
func (b *BudgetError) Unwrap() error { return b.Err }

// SolverError is the panic value a Learner uses to report a numerical
// failure from Observe or Weights (which return no error); Fit returns it
// as an error.
type SolverError struct{ Err error }

func (s *SolverError) Error() string { return s.Err.Error() }
func (s *SolverError) Unwrap() error { return s.Err }

// recoverBudget turns a *BudgetError or *SolverError panic into *err; other
// panics (bugs) propagate.
func recoverBudget(err *error, where string) {
	if r := recover(); r != nil {
		switch e := r.(type) {
		case *BudgetError:
			*err = fmt.Errorf("%s: %w", where, e)
		case *SolverError:
			*err = fmt.Errorf("%s: %w", where, e)
		default:
			panic(r)
		}
	}
}
