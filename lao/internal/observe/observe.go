// Package observe is the observation handle of the LAO protocol, kept apart
// from the solvers so that a solver cannot reach a row except through the
// handle: the row is an unexported field of another package, so reading it
// directly is a compile error. Package lao re-exports the handle as
// lao.Example.
//
// A handle reveals the label freely and at most a budget of distinct
// attributes per row; re-reading an attribute that was already revealed is
// free; a request beyond the budget is refused (ErrBudgetExceeded) and never
// served. With prices (SetPrices), each attribute also costs its price and a
// request that would take the row's spend above the cost budget is refused
// in the same way. Rows are dense ([]float64 of length d) or sparse (sorted indices
// and values), lent to the handle, never copied.
package observe

import (
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/lao/internal/errs"
)

// The errors of TryAttr (lao re-exports them).
var (
	// ErrBudgetExceeded: the budget is spent; the attribute is not served.
	ErrBudgetExceeded = errs.ErrBudgetExceeded
	// ErrAttrIndex: the index is outside [0, d).
	ErrAttrIndex = errs.ErrAttrIndex
)

// Example is the observation handle: the only way a solver reaches a
// training (or test) example. It counts what it revealed.
//
// An Example is reused across rows (Reset, ResetSparse) so the hot path does
// not allocate. Its zero value is not usable; create one with NewExample.
//
// Whether an attribute was revealed is answered by a scan of the revealed
// list when the budget is small and d large (at most scanBudget attributes
// among more than stampAlways: the few attributes of a budgeted step, no
// per-attribute memory touched) and by a stamp per attribute otherwise
// (full information, where the offline references read all d, and narrow
// tables, whose stamps stay in the cache). Every request for a new
// attribute passes through admit, the one place that may refuse it.
type Example struct {
	row    []float64 // dense row (nil for a sparse row); never exposed
	idx    []int32   // sparse row: sorted attribute indices
	val    []float64 // sparse row: values at idx
	y      float64
	budget int      // maximum distinct attributes for the current row
	scan   bool     // budget ≤ scanBudget and d > stampAlways: revealed is decided by scanning seen
	stamp  []uint32 // stamp[i] == gen means attribute i is revealed for this row (scan false)
	gen    uint32
	d      int
	seen   []int // the attributes revealed for this row, in order
	all    bool  // every attribute is revealed (All)
	ident  []int // 0, 1, …, d−1 (built by the first All)
	// prices (SetPrices): nil costs means an unpriced protocol
	costs      []float64 // costs[i] is attribute i's price
	costBudget float64   // hard cap on spent per row; +Inf: none
	spent      float64   // the prices of the attributes revealed for this row
	lazy                 // a row fetched on demand (ResetLazy, lazy.go); zero for a lent row
}

// CostSlack is the relative slack of the cost budget: a read is refused when
// the row's spend would exceed the budget by more than CostSlack times the
// budget, so that the order in which prices are summed (by a solver
// planning its draws, and by the handle) cannot refuse a read that fits.
const CostSlack = 1e-9

// SetPrices makes the handle charge costs[i] for revealing attribute i and
// refuse a read that would take a row's spend above budget (budget ≤ 0 or
// +Inf: no cost budget, the spend is only counted). Nil costs remove the
// prices. costs is not copied and must have length d; the prices stay in
// force across Reset and ResetSparse.
func (e *Example) SetPrices(costs []float64, budget float64) {
	if costs != nil && len(costs) != e.d {
		panic(fmt.Sprintf("lao: Example.SetPrices: %d prices, handle was made for %d attributes", len(costs), e.d))
	}
	if budget <= 0 {
		budget = math.Inf(1)
	}
	e.costs, e.costBudget = costs, budget
}

// Spent returns the prices of the attributes revealed for the current row
// (0 for an unpriced handle).
func (e *Example) Spent() float64 { return e.spent }

// CostBudget returns the hard per-row cost budget (+Inf if none).
func (e *Example) CostBudget() float64 {
	if e.costs == nil {
		return math.Inf(1)
	}
	return e.costBudget
}

// Price returns attribute i's price (0 for an unpriced handle or an index
// out of range).
func (e *Example) Price(i int) float64 {
	if e.costs == nil || i < 0 || i >= len(e.costs) {
		return 0
	}
	return e.costs[i]
}

// affords reports whether a further spend of c fits the row's cost budget.
func (e *Example) affords(c float64) bool { return e.spent+c <= e.costBudget*(1+CostSlack) }

// scanBudget is the largest budget for which the handle scans its revealed
// list instead of stamping: up to here a scan is cheaper than a cache miss
// on the stamps.
const scanBudget = 24

// stampAlways is the largest d for which the handle always stamps: its 16
// KiB of stamps stay in the first-level cache, and a stamp is one load
// where a scan is up to scanBudget.
const stampAlways = 4096

// NewExample returns a handle for rows of dimension d. The budget is set by
// Reset or ResetSparse.
func NewExample(d int) *Example {
	return &Example{d: d}
}

// Reset points the handle at a dense row with label y and a fresh budget. It
// does not copy row; the caller must not modify row while the handle is in use.
func (e *Example) Reset(row []float64, y float64, budget int) {
	if len(row) != e.d {
		panic(fmt.Sprintf("lao: Example.Reset: row has %d attributes, handle was made for %d", len(row), e.d))
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
	if n := len(idx); n > 0 && (idx[0] < 0 || int(idx[n-1]) >= e.d) {
		panic(fmt.Sprintf("lao: Example.ResetSparse: index outside [0, %d)", e.d))
	}
	e.row, e.idx, e.val, e.fetch = nil, idx, val, nil
	e.next(y, budget)
}

func (e *Example) next(y float64, budget int) {
	e.y, e.budget = y, budget
	e.seen, e.all, e.spent = e.seen[:0], false, 0
	e.scan = budget <= scanBudget && e.d > stampAlways
	if e.scan {
		return
	}
	if e.stamp == nil {
		e.stamp = make([]uint32, e.d)
	}
	e.gen++
	if e.gen == 0 { // wrapped around after 2^32 rows: clear the stamps once
		clear(e.stamp)
		e.gen = 1
	}
}

// Dim returns d, the number of attributes of the row.
func (e *Example) Dim() int { return e.d }

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
func (e *Example) Revealed(i int) bool { return i >= 0 && i < e.d && e.revealed(i) }

// revealed reports whether attribute i (in range) was revealed.
func (e *Example) revealed(i int) bool {
	if e.all {
		return true
	}
	if !e.scan {
		return e.stamp[i] == e.gen
	}
	for _, j := range e.seen {
		if j == i {
			return true
		}
	}
	return false
}

// RevealedList returns the attributes revealed for the current row, in the
// order they were first read. The slice is valid until the next Reset.
func (e *Example) RevealedList() []int { return e.seen }

// TryAttr reveals attribute i (0-based). It returns an error wrapping
// ErrBudgetExceeded if i is new and the budget is spent, or ErrAttrIndex if i
// is out of range; in both cases nothing is revealed.
func (e *Example) TryAttr(i int) (float64, error) {
	if !e.admit(i) {
		return 0, e.refusal(i)
	}
	return e.value(i), nil
}

// Attr reveals attribute i like TryAttr but panics with a *BudgetError when
// the request is refused. Solvers use Attr; lao.Fit and lao.Predict recover
// the panic and return it as an error, so a budget violation never escapes
// as a panic from the package's entry points.
func (e *Example) Attr(i int) float64 {
	if !e.admit(i) {
		panicOn(e.refusal(i))
	}
	return e.value(i)
}

// Attrs reads the attributes idx into dst (len(dst) ≥ len(idx)) as
// successive Attr calls would: in order, panicking at the first refused one
// with those before it revealed. The budget grants every index first, then
// a row in memory is read in one tight loop, so the reads overlap their
// cache misses (a solver that knows the attributes it is about to read
// saves most of their latency), and a row fetched on demand fetches them in
// one batch (a failed batch reveals none of them).
func (e *Example) Attrs(idx []int, dst []float64) {
	n, spent := len(e.seen), e.spent
	for _, i := range idx {
		if uint(i) < uint(e.d) && (e.revealed(i) || e.grant(i)) {
			continue
		}
		if e.fetch != nil {
			if err := e.fetchFrom(n, spent); err != nil {
				panicOn(err)
			}
		}
		panicOn(e.refusal(i))
	}
	if e.fetch != nil {
		if err := e.fetchFrom(n, spent); err != nil {
			panicOn(err)
		}
	}
	dst = dst[:len(idx)]
	if e.row == nil {
		for r, i := range idx {
			dst[r] = e.sparseValue(i)
		}
		return
	}
	row := e.row // a row in memory, or the cells fetched for a row on demand
	for r, i := range idx {
		dst[r] = row[i]
	}
}

// admit reveals attribute i if it may be revealed and reports whether it
// was (a revealed attribute is free); a row fetched on demand fetches it.
func (e *Example) admit(i int) bool {
	if uint(i) >= uint(e.d) {
		return false
	}
	if e.revealed(i) {
		return true
	}
	if e.fetch != nil { // a row fetched on demand (lazy.go)
		return e.admitLazy(i)
	}
	return e.grant(i)
}

// grant reveals attribute i (in range, not revealed) if the budget allows
// it and reports whether it did. It is the only place a request is
// decided, so a budget of another kind (a cost per attribute) adds its
// test here and its reason to refusal.
func (e *Example) grant(i int) bool {
	if len(e.seen) >= e.budget {
		return false
	}
	if e.costs != nil {
		if !e.affords(e.costs[i]) {
			return false
		}
		e.spent += e.costs[i]
	}
	if !e.scan {
		e.stamp[i] = e.gen
	}
	e.seen = append(e.seen, i)
	return true
}

// All reveals every attribute of the row into dst (len d): the read of the
// full-information references, one copy instead of d requests. It panics
// with a *BudgetError, revealing nothing, when the budget is below d.
func (e *Example) All(dst []float64) {
	if err := e.admitAll(); err != nil {
		panicOn(err)
	}
	if e.row != nil {
		copy(dst, e.row)
		return
	}
	clear(dst[:e.d])
	for k, j := range e.idx {
		dst[j] = e.val[k]
	}
}

// AllRow reveals every attribute as All does and, for a row in memory
// (Reset), returns the row itself (do not modify; valid until the next
// Reset), sparing All's copy. For a row lent sparse or fetched on demand
// it reveals nothing and returns nil: read it with AllSparse or All.
func (e *Example) AllRow() []float64 {
	if e.row == nil || e.fetch != nil {
		return nil
	}
	if err := e.admitAll(); err != nil {
		panicOn(err)
	}
	return e.row
}

// AllSparse reveals every attribute as All does and, for a row lent sparse
// (ResetSparse), returns its stored indices (increasing) and values (do not
// modify; valid until the next Reset) and true, so a full-information solver
// reads it in O(non-zeros). For any other row it reveals nothing and
// returns false: read it with All.
func (e *Example) AllSparse() (idx []int32, val []float64, ok bool) {
	if e.row != nil || e.fetch != nil {
		return nil, nil, false
	}
	if err := e.admitAll(); err != nil {
		panicOn(err)
	}
	return e.idx, e.val, true
}

// admitAll reveals every attribute if the budget allows all d (the
// revealed list keeps the order of first reads: those revealed before,
// then the others by index).
func (e *Example) admitAll() error {
	if e.all {
		return nil
	}
	if e.budget < e.d {
		return fmt.Errorf("%w: all %d attributes requested, budget is %d", ErrBudgetExceeded, e.d, e.budget)
	}
	spent := e.spent
	if e.costs != nil {
		var rest float64
		for i := range e.d {
			if !e.revealed(i) {
				rest += e.costs[i]
			}
		}
		if !e.affords(rest) {
			return fmt.Errorf("%w: all %d attributes requested, they cost %g more, %g of the cost budget %g is spent", ErrBudgetExceeded, e.d, rest, e.spent, e.costBudget)
		}
		e.spent += rest
	}
	n := len(e.seen)
	if n == 0 {
		if e.ident == nil {
			e.ident = make([]int, e.d)
			for i := range e.ident {
				e.ident[i] = i
			}
		}
		e.seen = append(e.seen, e.ident...)
	} else {
		for i := range e.d {
			if !e.revealed(i) {
				e.seen = append(e.seen, i)
			}
		}
	}
	if e.fetch != nil { // a row fetched on demand: the rest in one batch
		if err := e.fetchFrom(n, spent); err != nil {
			return err
		}
	}
	e.all = true
	return nil
}

// refusal says why admit refused attribute i.
func (e *Example) refusal(i int) error {
	if err := e.failed; err != nil { // the source of a lazy row failed
		e.failed = nil
		return err
	}
	if i < 0 || i >= e.d {
		return fmt.Errorf("%w: %d not in [0, %d)", ErrAttrIndex, i, e.d)
	}
	if len(e.seen) < e.budget && e.costs != nil {
		return fmt.Errorf("%w: attribute %d costs %g, %g of the cost budget %g is spent", ErrBudgetExceeded, i, e.costs[i], e.spent, e.costBudget)
	}
	return fmt.Errorf("%w: attribute %d would be number %d, budget is %d", ErrBudgetExceeded, i, len(e.seen)+1, e.budget)
}

// value returns attribute i of the current row.
func (e *Example) value(i int) float64 {
	if e.row != nil {
		return e.row[i]
	}
	return e.sparseValue(i)
}

func (e *Example) sparseValue(i int) float64 {
	if j, ok := slices.BinarySearch(e.idx, int32(i)); ok {
		return e.val[j]
	}
	return 0
}

// BudgetError is the panic value of Example.Attr.
type BudgetError struct{ Err error }

func (b *BudgetError) Error() string { return b.Err.Error() }
func (b *BudgetError) Unwrap() error { return b.Err }
