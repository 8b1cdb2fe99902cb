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
	const d = 300
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
