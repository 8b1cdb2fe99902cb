package observe

import (
	"errors"
	"math/rand/v2"
	"testing"
)

// The handle against an independent model of the protocol (a map of what
// was revealed), in both of its modes (a scanned list for small budgets,
// stamps for large ones) and across rows that switch between them: a new
// attribute is served while the budget lasts and refused after, a revealed
// one is free, the count and the list are exact, a refusal reveals nothing.
func TestHandleMatchesModel(t *testing.T) {
	for _, d := range []int{300, stampAlways + 300} { // stamps only; scans for small budgets
		if scans := handleMatchesModel(t, d); (scans > 0) != (d > stampAlways) {
			t.Errorf("d = %d: %d rows scanned", d, scans)
		}
	}
}

// handleMatchesModel runs the check on d attributes and returns the number
// of rows the handle answered by scanning.
func handleMatchesModel(t *testing.T, d int) (scans int) {
	rng := rand.New(rand.NewPCG(1, 2))
	row := make([]float64, d)
	for i := range row {
		row[i] = float64(i) + 0.5
	}
	sIdx := []int32{3, 40, 41, 299}
	sVal := []float64{1, 2, 3, 4}
	e := NewExample(d)
	for r := range 400 {
		budget := []int{0, 1, 5, scanBudget, scanBudget + 1, 100, d}[rng.IntN(7)]
		sparse := r%3 == 0
		if sparse {
			e.ResetSparse(sIdx, sVal, float64(r), budget)
		} else {
			e.Reset(row, float64(r), budget)
		}
		if e.scan {
			scans++
		}
		if e.Label() != float64(r) || e.Budget() != budget || e.Observed() != 0 {
			t.Fatalf("row %d: fresh handle reports label %g, budget %d, observed %d", r, e.Label(), e.Budget(), e.Observed())
		}
		model := map[int]bool{}
		var order []int
		for range 4*budget + 4 {
			i := rng.IntN(d)
			if budget > 30 {
				i = rng.IntN(min(budget+10, d)) // repeats are likely
			}
			if got := e.Revealed(i); got != model[i] {
				t.Fatalf("row %d: Revealed(%d) = %v, model %v", r, i, got, model[i])
			}
			v, err := e.TryAttr(i)
			switch {
			case model[i] || len(order) < budget:
				if err != nil {
					t.Fatalf("row %d (budget %d, %d seen): TryAttr(%d) refused: %v", r, budget, len(order), i, err)
				}
				if want := valueOf(sparse, row, sIdx, sVal, i); v != want {
					t.Fatalf("row %d: attribute %d = %g, want %g", r, i, v, want)
				}
				if !model[i] {
					model[i] = true
					order = append(order, i)
				}
			default:
				if !errors.Is(err, ErrBudgetExceeded) {
					t.Fatalf("row %d (budget %d): TryAttr(%d) beyond the budget gave %v", r, budget, i, err)
				}
			}
			if e.Observed() != len(order) || e.Remaining() != budget-len(order) {
				t.Fatalf("row %d: observed %d, remaining %d; model %d of %d", r, e.Observed(), e.Remaining(), len(order), budget)
			}
		}
		if r%5 == 0 {
			order = checkAll(t, e, order, sparse, row, sIdx, sVal)
		}
		list := e.RevealedList()
		if len(list) != len(order) {
			t.Fatalf("row %d: RevealedList %v, model %v", r, list, order)
		}
		for j := range list {
			if list[j] != order[j] {
				t.Fatalf("row %d: RevealedList %v, model %v", r, list, order)
			}
		}
	}
	if _, err := e.TryAttr(d); !errors.Is(err, ErrAttrIndex) {
		t.Errorf("TryAttr(d) gave %v, want ErrAttrIndex", err)
	}
	if e.Revealed(-1) || e.Revealed(d) {
		t.Error("Revealed outside [0, d) reported true")
	}
	return scans
}

func valueOf(sparse bool, row []float64, idx []int32, val []float64, i int) float64 {
	if !sparse {
		return row[i]
	}
	for k, j := range idx {
		if int(j) == i {
			return val[k]
		}
	}
	return 0
}

// checkAll calls All: with a budget of d it reveals every attribute (the
// revealed list: those before, then the others by index) and copies the
// row; below d it panics with ErrBudgetExceeded and reveals nothing.
func checkAll(t *testing.T, e *Example, order []int, sparse bool, row []float64, idx []int32, val []float64) []int {
	t.Helper()
	d := e.Dim()
	dst := make([]float64, d)
	func() {
		defer func() {
			r := recover()
			be, ok := r.(*BudgetError)
			if (e.Budget() >= d) != (r == nil) || (r != nil && (!ok || !errors.Is(be, ErrBudgetExceeded))) {
				t.Fatalf("All with budget %d of d = %d: panic %v", e.Budget(), d, r)
			}
		}()
		e.All(dst)
	}()
	if e.Budget() < d {
		if e.Observed() != len(order) {
			t.Fatalf("a refused All revealed %d attributes (had %d)", e.Observed(), len(order))
		}
		return order
	}
	seen := map[int]bool{}
	for _, i := range order {
		seen[i] = true
	}
	for i := range d {
		if !seen[i] {
			order = append(order, i)
		}
		if want := valueOf(sparse, row, idx, val, i); dst[i] != want || !e.Revealed(i) {
			t.Fatalf("All: attribute %d = %g (revealed %v), want %g", i, dst[i], e.Revealed(i), want)
		}
	}
	return order
}

// rowFetcher serves a dense row on demand and counts its batches.
type rowFetcher struct {
	row     []float64
	batches int
}

func (f *rowFetcher) Fetch(idx []int, dst []float64) error {
	f.batches++
	for a, i := range idx {
		dst[a] = f.row[i]
	}
	return nil
}

// Attrs against successive Attr calls on a twin handle: the same values,
// the same refusal (the same error, at the same index, with the same
// attributes revealed before it), the same revealed list, on dense, sparse,
// priced and fetched-on-demand rows, with repeats and indices out of range.
func TestAttrsMatchesAttr(t *testing.T) {
	for _, d := range []int{50, stampAlways + 50} {
		attrsMatchesAttr(t, d)
	}
}

func attrsMatchesAttr(t *testing.T, d int) {
	rng := rand.New(rand.NewPCG(3, 4))
	row := make([]float64, d)
	prices := make([]float64, d)
	for i := range row {
		row[i], prices[i] = float64(i)+0.25, float64(1+i%3)
	}
	sIdx, sVal := []int32{2, 7, 30}, []float64{-1, 2, 5}
	a, b := NewExample(d), NewExample(d)
	refusals, outOfRange := 0, 0
	for r := range 600 {
		budget := []int{1, 3, 8, scanBudget + 2, d}[rng.IntN(5)]
		kind := r % 5 // dense, sparse, on demand, priced, priced on demand
		fa, fb := &rowFetcher{row: row}, &rowFetcher{row: row}
		for _, e := range []*Example{a, b} {
			f := fa
			if e == b {
				f = fb
			}
			switch kind {
			case 0:
				e.Reset(row, 1, budget)
			case 1:
				e.ResetSparse(sIdx, sVal, 1, budget)
			case 2:
				e.ResetLazy(1, budget, f)
			case 3:
				e.Reset(row, 1, budget)
			case 4:
				e.ResetLazy(1, budget, f)
			}
			if kind >= 3 {
				e.SetPrices(prices, float64(budget)*1.5)
			} else {
				e.SetPrices(nil, 0)
			}
		}
		idx := make([]int, 1+rng.IntN(12))
		for j := range idx {
			idx[j] = rng.IntN(d)
			if rng.IntN(40) == 0 {
				idx[j] = d + rng.IntN(3) // out of range
			}
		}
		got := make([]float64, len(idx))
		errA := catch(func() { a.Attrs(idx, got) })
		want := make([]float64, 0, len(idx))
		errB := catch(func() {
			for _, i := range idx {
				want = append(want, b.Attr(i))
			}
		})
		if (errA == nil) != (errB == nil) || (errA != nil && errA.Error() != errB.Error()) {
			t.Fatalf("row %d (kind %d, budget %d, %v): Attrs refused with %v, Attr with %v", r, kind, budget, idx, errA, errB)
		}
		if errA == nil {
			for j := range idx {
				if got[j] != want[j] {
					t.Fatalf("row %d: Attrs(%v) = %v, Attr gave %v", r, idx, got, want)
				}
			}
		} else {
			refusals++
			if errors.Is(errA, ErrAttrIndex) {
				outOfRange++
			}
		}
		la, lb := a.RevealedList(), b.RevealedList()
		if len(la) != len(lb) || a.Spent() != b.Spent() {
			t.Fatalf("row %d: Attrs revealed %v (spent %g), Attr %v (spent %g)", r, la, a.Spent(), lb, b.Spent())
		}
		for j := range la {
			if la[j] != lb[j] {
				t.Fatalf("row %d: Attrs revealed %v, Attr %v", r, la, lb)
			}
		}
		if (kind == 2 || kind == 4) && errA == nil && fa.batches > 1 {
			t.Fatalf("row %d: Attrs fetched %d batches on a row fetched on demand, want 1", r, fa.batches)
		}
	}
	if refusals < 50 || outOfRange < 5 {
		t.Fatalf("only %d refusals (%d out of range): the test does not exercise them", refusals, outOfRange)
	}
}

// catch runs f and returns the error its panic carried (nil if none).
func catch(f func()) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = r.(error)
		}
	}()
	f()
	return nil
}
