// Package observe is the observation handle of the LAO protocol, kept apart
// from the solvers so that a solver cannot reach a row except through the
// handle: the row is an unexported field of another package, so reading it
// directly is a compile error. Package lao re-exports the handle as
// lao.Example.
//
// A handle reveals the label freely and at most a budget of distinct
// attributes per row; re-reading an attribute that was already revealed is
// free; a request beyond the budget is refused (ErrBudgetExceeded) and never
// served. Rows are dense ([]float64 of length d) or sparse (sorted indices
// and values), lent to the handle, never copied.
package observe

import (
	"fmt"
	"slices"

	"github.com/laoproject/lao/lao/internal/errs"
)

// The errors of TryAttr (lao re-exports them).
var (
	// ErrBudgetExceeded: the budget is spent; the attribute is not served.
	ErrBudgetExceeded = errs.BudgetExceeded
	// ErrAttrIndex: the index is outside [0, d).
	ErrAttrIndex = errs.AttrIndex
)

// Example is the observation handle: the only way a solver reaches a
// training (or test) example. It counts what it revealed.
//
// An Example is reused across rows (Reset, ResetSparse) so the hot path does
// not allocate. Its zero value is not usable; create one with NewExample.
type Example struct {
	row    []float64 // dense row (nil for a sparse row); never exposed
	idx    []int32   // sparse row: sorted attribute indices
	val    []float64 // sparse row: values at idx
	y      float64
	budget int      // maximum distinct attributes for the current row
	stamp  []uint32 // stamp[i] == gen means attribute i is revealed for this row
	gen    uint32
	seen   []int // the attributes revealed for this row, in order
	lazy         // a row fetched on demand (ResetLazy); zero for a lent row
}

// NewExample returns a handle for rows of dimension d. The budget is set by
// Reset or ResetSparse.
func NewExample(d int) *Example {
	return &Example{stamp: make([]uint32, d)}
}

// Reset points the handle at a dense row with label y and a fresh budget. It
// does not copy row; the caller must not modify row while the handle is in use.
func (e *Example) Reset(row []float64, y float64, budget int) {
	if len(row) != len(e.stamp) {
		panic(fmt.Sprintf("lao: Example.Reset: row has %d attributes, handle was made for %d", len(row), len(e.stamp)))
	}
	e.row, e.idx, e.val, e.fetch = row, nil, nil, nil
	e.next(y, budget)
}

// ResetSparse points the handle at a sparse row: the attributes idx
// (strictly increasing, in [0, d)) have the values val, every other
// attribute is 0. Neither slice is copied.
func (e *Example) ResetSparse(idx []int32, val []float64, y float64, budget int) {
	if len(idx) != len(val) {
		panic(fmt.Sprintf("lao: Example.ResetSparse: %d indices, %d values", len(idx), len(val)))
	}
	if n := len(idx); n > 0 && (idx[0] < 0 || int(idx[n-1]) >= len(e.stamp)) {
		panic(fmt.Sprintf("lao: Example.ResetSparse: index outside [0, %d)", len(e.stamp)))
	}
	e.row, e.idx, e.val, e.fetch = nil, idx, val, nil
	e.next(y, budget)
}

func (e *Example) next(y float64, budget int) {
	e.y, e.budget = y, budget
	e.seen = e.seen[:0]
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
func (e *Example) Observed() int { return len(e.seen) }

// Remaining returns how many more distinct attributes may be revealed.
func (e *Example) Remaining() int { return e.budget - len(e.seen) }

// Revealed reports whether attribute i was already revealed (reading it again is free).
func (e *Example) Revealed(i int) bool { return i >= 0 && i < len(e.stamp) && e.stamp[i] == e.gen }

// RevealedList returns the attributes revealed for the current row, in the
// order they were first read. The slice is valid until the next Reset.
func (e *Example) RevealedList() []int { return e.seen }

// TryAttr reveals attribute i (0-based). It returns an error wrapping
// ErrBudgetExceeded if i is new and the budget is spent, or ErrAttrIndex if i
// is out of range; in both cases nothing is revealed.
func (e *Example) TryAttr(i int) (float64, error) {
	if i < 0 || i >= len(e.stamp) {
		return 0, fmt.Errorf("%w: %d not in [0, %d)", ErrAttrIndex, i, len(e.stamp))
	}
	if e.stamp[i] != e.gen {
		if len(e.seen) >= e.budget {
			return 0, fmt.Errorf("%w: attribute %d would be number %d, budget is %d", ErrBudgetExceeded, i, len(e.seen)+1, e.budget)
		}
		e.stamp[i] = e.gen
		e.seen = append(e.seen, i)
		if e.fetch != nil {
			if err := e.fetchNew(len(e.seen) - 1); err != nil {
				return 0, err
			}
		}
	}
	return e.value(i), nil
}

// value returns attribute i of the current row.
func (e *Example) value(i int) float64 {
	if e.row != nil {
		return e.row[i]
	}
	if j, ok := slices.BinarySearch(e.idx, int32(i)); ok {
		return e.val[j]
	}
	return 0
}

// Attr reveals attribute i like TryAttr but panics with a *BudgetError when
// the request is refused. Solvers use Attr; lao.Fit and lao.Predict recover
// the panic and return it as an error, so a budget violation never escapes
// as a panic from the package's entry points.
func (e *Example) Attr(i int) float64 {
	v, err := e.TryAttr(i)
	if err != nil {
		panicOn(err)
	}
	return v
}

// BudgetError is the panic value of Example.Attr.
type BudgetError struct{ Err error }

func (b *BudgetError) Error() string { return b.Err.Error() }
func (b *BudgetError) Unwrap() error { return b.Err }
