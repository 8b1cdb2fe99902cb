package observe

import (
	"errors"
	"fmt"
)

// Fetcher delivers the cells of a row that is not held in memory (a row of
// a database table): Fetch writes the values of the attributes attrs
// (distinct, in [0, d), not fetched before for the current row) into vals
// (len(attrs)). A handle calls it only for attributes it has just
// revealed, so what a Fetcher delivers is exactly what was revealed.
type Fetcher interface {
	Fetch(attrs []int, vals []float64) error
}

// lazy is the state of a handle pointed at a row fetched on demand.
type lazy struct {
	fetch  Fetcher
	cells  []float64 // len d: the cells fetched for the current row (row points here)
	buf    []float64 // a batch's values
	failed error     // the fetch error of the last refused admit, for refusal
}

// ResetLazy points the handle at a row that is fetched on demand: the
// label y is known, and an attribute's value is fetched from f when the
// attribute is first revealed (TryAttr, Attr), or in one batch (Prefetch,
// All). A failed fetch reveals nothing and is a *SourceError.
func (e *Example) ResetLazy(y float64, budget int, f Fetcher) {
	if e.cells == nil {
		e.cells = make([]float64, e.d)
	}
	e.row, e.idx, e.val, e.fetch = e.cells, nil, nil, f
	e.next(y, budget)
}

// Lazy reports whether the current row is fetched on demand (ResetLazy):
// a solver that knows several attributes it will read may then Prefetch
// them in one batch.
func (e *Example) Lazy() bool { return e.fetch != nil }

// admitLazy grants attribute i (not revealed) and fetches it; a failed
// fetch un-reveals it, keeps the error for refusal and reports false.
func (e *Example) admitLazy(i int) bool {
	n, spent := len(e.seen), e.spent
	if !e.grant(i) {
		return false
	}
	if err := e.fetch.Fetch(e.seen[n:n+1], e.cells[i:i+1]); err != nil {
		e.unreveal(n, spent)
		e.failed = &SourceError{Err: fmt.Errorf("fetching attribute %d: %w", i, err)}
		return false
	}
	return true
}

// fetchFrom fetches the attributes seen[n:], just revealed, in one batch;
// on failure it un-reveals them and restores the spend to spent.
func (e *Example) fetchFrom(n int, spent float64) error {
	add := e.seen[n:]
	if len(add) == 0 {
		return nil
	}
	if cap(e.buf) < len(add) {
		e.buf = make([]float64, len(add), 2*len(add))
	}
	e.buf = e.buf[:len(add)]
	if err := e.fetch.Fetch(add, e.buf); err != nil {
		e.unreveal(n, spent)
		return &SourceError{Err: fmt.Errorf("fetching attributes %v: %w", add, err)}
	}
	for a, i := range add {
		e.cells[i] = e.buf[a]
	}
	return nil
}

// unreveal forgets the attributes seen[n:] and restores the spend.
func (e *Example) unreveal(n int, spent float64) {
	if !e.scan {
		for _, i := range e.seen[n:] {
			e.stamp[i] = 0 // gen is never 0
		}
	}
	e.seen, e.spent, e.all = e.seen[:n], spent, false
}

// Prefetch reveals the attributes attrs that are not revealed yet, in
// order, as successive TryAttr calls would, passing over silently those the
// budget refuses (the TryAttr or Attr that then asks for one is refused as
// usual). A row fetched on demand (ResetLazy) fetches them in
// one batch: a solver that knows the attributes it is about to read saves
// round trips. Reading them afterwards is free. It returns an error
// wrapping ErrAttrIndex for an index out of range, or a *SourceError when
// the fetch fails; then nothing of attrs is revealed.
func (e *Example) Prefetch(attrs []int) error {
	n, spent := len(e.seen), e.spent
	for _, i := range attrs {
		if i < 0 || i >= e.d {
			e.unreveal(n, spent)
			return fmt.Errorf("%w: %d not in [0, %d)", ErrAttrIndex, i, e.d)
		}
		if !e.revealed(i) {
			e.grant(i) // refused: the Attr that asks for it is refused as usual
		}
	}
	if e.fetch == nil {
		return nil
	}
	return e.fetchFrom(n, spent)
}

// SourceError is a failure of the source of a row fetched on demand: the
// error of TryAttr and Prefetch, and the panic value of Attr, which
// lao.Fit and lao.Predict return as their error.
type SourceError struct{ Err error }

func (s *SourceError) Error() string { return s.Err.Error() }
func (s *SourceError) Unwrap() error { return s.Err }

// panicOn panics with the error of a refused Attr: a *SourceError as it
// is, anything else as a *BudgetError.
func panicOn(err error) {
	var se *SourceError
	if errors.As(err, &se) {
		panic(se)
	}
	panic(&BudgetError{Err: err})
}
