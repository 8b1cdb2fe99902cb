package frames

import (
	"slices"
	"testing"

	"github.com/laoproject/lao/lao"
)

// labelsOf returns the labels of t's rows, in order.
func labelsOf(t lao.Table) []float64 {
	out := make([]float64, t.Len())
	for i := range out {
		out[i] = t.Label(i)
	}
	return out
}

// The rows of a CV run under Order: each validation part is one block of
// consecutive places in time (labelled by their place), every training
// part holds the other places, not in time order (shuffled, as a fit
// reads SplitLast's training part), so a halving rung's prefix is not the
// earliest blocks; and Tune runs one repeat. Each check fails if the
// blocking, the shuffle or the single repeat is removed.
func TestBlockedCVRun(t *testing.T) {
	const m, k = 60, 4
	order := Permutation(m, 9) // row i's place in time, as SplitLast's shuffled training rows have
	x, y := make([]float64, m), make([]float64, m)
	for i := range m {
		x[i], y[i] = float64(i%5), float64(order[i]) // the label is the place in time
	}
	ds, err := lao.NewDataset(x, y, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	run, err := newCVRun(ds, func(Params) (lao.Solver, error) { return &lao.Ridge{}, nil }, CVOptions{Folds: k, Seed: 3, Order: order})
	if err != nil {
		t.Fatal(err)
	}
	for f := range k {
		val := labelsOf(run.tests[f])
		slices.Sort(val)
		lo := float64(f * m / k)
		for i, v := range val {
			if v != lo+float64(i) {
				t.Fatalf("fold %d validates places %v, want the block %g..%g", f, val, lo, lo+float64(len(val)-1))
			}
		}
		tr := labelsOf(run.trains[f])
		if slices.IsSorted(tr) || slices.IsSortedFunc(tr, func(a, b float64) int { return int(b - a) }) {
			t.Errorf("fold %d's training part is read in time order: %v", f, tr)
		}
		if len(tr)+len(val) != m {
			t.Errorf("fold %d: %d training and %d validation rows of %d", f, len(tr), len(val), m)
		}
	}
	head := labelsOf(run.prefix(m / k).trains[0]) // a rung of one block's size
	if slices.Max(head) < float64(2*m/k) {
		t.Errorf("fold 0's first %d training rows are all from the next block in time: %v", m/k, head)
	}
	_, cv, err := Tune(&lao.Ridge{}, ds, TuneOptions{Folds: k, Seed: 3, Order: order, inner: true})
	if err != nil {
		t.Fatal(err)
	}
	if cv.Repeats != 1 || len(cv.Settings[0].FoldMSE) != k || !cv.Blocked {
		t.Errorf("blocked Tune: %d repeats, %d fold errors per setting, blocked %v; want 1, %d, true", cv.Repeats, len(cv.Settings[0].FoldMSE), cv.Blocked, k)
	}
}

// The nested check's outer training part under Order: its places in time
// are those of its rows, and its rows are not in time order.
func TestBlockedOuterPart(t *testing.T) {
	const m = 40
	order := Permutation(m, 2)
	folds, err := BlockedFolds(order, 4)
	if err != nil {
		t.Fatal(err)
	}
	idx, places := outerPart(folds, 1, TuneOptions{Seed: 5, Order: order})
	if len(idx) != m-len(folds[1]) || len(places) != len(idx) {
		t.Fatalf("outer part of %d rows, %d places, want %d", len(idx), len(places), m-len(folds[1]))
	}
	for i, row := range idx {
		if places[i] != order[row] {
			t.Fatalf("row %d has place %d, want %d", row, places[i], order[row])
		}
		if slices.Contains(folds[1], row) {
			t.Fatalf("row %d of the held-out fold is in the outer training part", row)
		}
	}
	if slices.Equal(idx, slices.Concat(folds[0], folds[2], folds[3])) {
		t.Errorf("the outer training part is read fold by fold, not shuffled: %v", idx)
	}
	if idx2, p2 := outerPart(folds, 1, TuneOptions{Seed: 5}); p2 != nil || slices.Equal(idx2, idx) {
		t.Errorf("without Order: places %v, rows %v (want nil places and the folds' own order)", p2, idx2)
	}
}
