package frames_test

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// TestBlockedFolds: the folds partition the rows, sizes differ by at most
// one, and each fold's places in time are consecutive among all places
// (the rows are given shuffled, as SplitLast's training part is).
func TestBlockedFolds(t *testing.T) {
	for _, c := range []struct{ m, k int }{{10, 10}, {103, 10}, {7, 2}, {50, 3}} {
		rows := frames.Permutation(c.m+5, 3)[:c.m] // rows of a table, in SplitLast's shuffled order
		folds, err := frames.BlockedFolds(rows, c.k)
		if err != nil {
			t.Fatal(err)
		}
		sorted := slices.Sorted(slices.Values(rows))
		var all []int
		next := 0 // the first place in time the next fold must start at
		for f, fold := range folds {
			if n := len(fold); n < c.m/c.k || n > c.m/c.k+1 {
				t.Errorf("m=%d k=%d: fold %d has %d rows", c.m, c.k, f, n)
			}
			if !slices.IsSorted(fold) {
				t.Errorf("m=%d k=%d: fold %d not in increasing row order: %v", c.m, c.k, f, fold)
			}
			places := make([]int, len(fold))
			for i, r := range fold {
				places[i] = rows[r]
			}
			slices.Sort(places)
			if !slices.Equal(places, sorted[next:next+len(fold)]) {
				t.Errorf("m=%d k=%d: fold %d holds places %v, want the consecutive %v", c.m, c.k, f, places, sorted[next:next+len(fold)])
			}
			next += len(fold)
			all = append(all, fold...)
		}
		if !isPermutation(all, c.m) {
			t.Errorf("m=%d k=%d: folds do not partition the rows", c.m, c.k)
		}
	}
	for _, c := range []struct {
		order []int
		k     int
		want  error
	}{{[]int{3, 1, 2}, 1, lao.ErrParam}, {[]int{3, 1, 2}, 4, lao.ErrParam}, {nil, 2, lao.ErrEmpty}, {[]int{5, 2, 5, 1}, 2, lao.ErrParam}} {
		if _, err := frames.BlockedFolds(c.order, c.k); !errors.Is(err, c.want) {
			t.Errorf("BlockedFolds(%v, %d): %v, want %v", c.order, c.k, err, c.want)
		}
	}
}

// TestTuneFitBlockedUnderTestLast: a split holding out the last rows
// keeps the training rows' places (Prepared.TrainOrder) and TuneFit's CV
// is blocked; a random split's is not; an Order of the wrong length is
// refused.
func TestTuneFitBlockedUnderTestLast(t *testing.T) {
	const m = 120
	x, y := make([]float64, m), make([]float64, m)
	for i := range x {
		x[i] = float64(i%7) - 3
		y[i] = 0.5*x[i] + 0.01*float64(i)
	}
	df := dataframe.New(series.New(x, series.Float, "x"), series.New(y, series.Float, "y"))
	for _, last := range []bool{true, false} {
		train, test, err := frames.Split(m, 0.2, 4)
		if last {
			train, test, err = frames.SplitLast(m, 0.2, 4)
		}
		if err != nil {
			t.Fatal(err)
		}
		p, err := frames.PrepareFrameRows(df, "y", frames.Options{}, train, test)
		if err != nil {
			t.Fatal(err)
		}
		if last != (p.TrainOrder != nil) || last && !slices.Equal(p.TrainOrder, train) {
			t.Errorf("test-last %v: TrainOrder %v", last, p.TrainOrder)
		}
		fit, err := p.TuneFit(&lao.Ridge{}, frames.TuneOptions{Folds: 5, Seed: 2}, 1)
		if err != nil {
			t.Fatal(err)
		}
		if fit.CV.Blocked != last {
			t.Errorf("test-last %v: CV blocked %v", last, fit.CV.Blocked)
		}
	}
	ds, _ := lao.NewDataset(x, y, 1, nil)
	_, _, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: 2, Order: make([]int, m-1)})
	if !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), "119 places in time for 120 rows") {
		t.Errorf("Order of the wrong length: %v", err)
	}
}
