package frames_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

func isPermutation(idx []int, m int) bool {
	s := slices.Clone(idx)
	slices.Sort(s)
	for i, v := range s {
		if v != i {
			return false
		}
	}
	return len(s) == m
}

func TestPermutation(t *testing.T) {
	a, b, c := frames.Permutation(100, 7), frames.Permutation(100, 7), frames.Permutation(100, 8)
	if !isPermutation(a, 100) {
		t.Fatalf("not a permutation: %v", a)
	}
	if !slices.Equal(a, b) {
		t.Error("same seed, different permutations")
	}
	if slices.Equal(a, c) {
		t.Error("different seeds, same permutation")
	}
	if len(frames.Permutation(0, 1)) != 0 {
		t.Error("Permutation(0) not empty")
	}
}

func TestShuffle(t *testing.T) {
	x := []float64{0, 10, 1, 11, 2, 12, 3, 13}
	ds, _ := lao.NewDataset(x, []float64{0, 1, 2, 3}, 2, nil)
	s := frames.Shuffle(ds, 3)
	p := frames.Permutation(4, lao.SeedFor(3, "shuffle"))
	for i, j := range p {
		if s.Label(i) != float64(j) || s.Row(i)[0] != float64(j) || s.Row(i)[1] != float64(10+j) {
			t.Errorf("row %d = %v, label %g; want source row %d", i, s.Row(i), s.Label(i), j)
		}
	}
}

func TestSplit(t *testing.T) {
	train, test, err := frames.Split(101, 0.2, 5)
	if err != nil {
		t.Fatal(err)
	}
	if len(test) != 20 || len(train) != 81 {
		t.Errorf("sizes %d/%d, want 81/20", len(train), len(test))
	}
	if !isPermutation(append(slices.Clone(train), test...), 101) {
		t.Error("train and test do not partition 0..100")
	}
	train2, test2, _ := frames.Split(101, 0.2, 5)
	if !slices.Equal(train, train2) || !slices.Equal(test, test2) {
		t.Error("same seed, different split")
	}
	for _, c := range []struct {
		m    int
		frac float64
		want error
	}{{0, 0.5, lao.ErrEmpty}, {10, 0, lao.ErrParam}, {10, 1, lao.ErrParam}, {10, math.NaN(), lao.ErrParam}, {10, 0.01, lao.ErrParam}, {1, 0.5, lao.ErrParam}} {
		if _, _, err := frames.Split(c.m, c.frac, 1); !errors.Is(err, c.want) {
			t.Errorf("Split(%d, %g): %v, want %v", c.m, c.frac, err, c.want)
		}
	}
}

func TestSplitFrame(t *testing.T) {
	id := make([]int, 30)
	for i := range id {
		id[i] = i
	}
	df := dataframe.New(series.New(id, series.Int, "id"), series.New(id, series.Int, "y"))
	train, test, err := frames.SplitFrame(df, 0.3, 9)
	if err != nil {
		t.Fatal(err)
	}
	tr, te, _ := frames.Split(30, 0.3, 9)
	gotTr, _ := train.Col("id").Int()
	gotTe, _ := test.Col("id").Int()
	if !slices.Equal(gotTr, tr) || !slices.Equal(gotTe, te) {
		t.Errorf("SplitFrame rows %v / %v, want %v / %v", gotTr, gotTe, tr, te)
	}
	if _, _, err := frames.SplitFrame(dataframe.LoadRecords(nil), 0.3, 9); !errors.Is(err, frames.ErrFrame) {
		t.Errorf("SplitFrame of a broken frame: %v", err)
	}
	ds, _ := lao.NewDataset(make([]float64, 30), make([]float64, 30), 1, nil)
	a, b, err := frames.SplitDataset(ds, 0.3, 9)
	if err != nil || a.Len() != 21 || b.Len() != 9 {
		t.Errorf("SplitDataset: %d/%d, %v", a.Len(), b.Len(), err)
	}
}

func TestFolds(t *testing.T) {
	for _, c := range []struct{ m, k int }{{10, 10}, {103, 10}, {7, 2}, {50, 3}} {
		folds, err := frames.Folds(c.m, c.k, 11)
		if err != nil {
			t.Fatal(err)
		}
		if len(folds) != c.k {
			t.Fatalf("m=%d k=%d: %d folds", c.m, c.k, len(folds))
		}
		var all []int
		for _, f := range folds {
			if n := len(f); n < c.m/c.k || n > c.m/c.k+1 {
				t.Errorf("m=%d k=%d: fold of size %d", c.m, c.k, n)
			}
			all = append(all, f...)
		}
		if !isPermutation(all, c.m) {
			t.Errorf("m=%d k=%d: folds do not partition the rows (each row in exactly one fold)", c.m, c.k)
		}
		again, _ := frames.Folds(c.m, c.k, 11)
		for f := range folds {
			if !slices.Equal(folds[f], again[f]) {
				t.Errorf("m=%d k=%d: folds differ for the same seed", c.m, c.k)
			}
		}
	}
	for _, c := range []struct {
		m, k int
		want error
	}{{10, 1, lao.ErrParam}, {10, 0, lao.ErrParam}, {10, 11, lao.ErrParam}, {0, 2, lao.ErrEmpty}} {
		if _, err := frames.Folds(c.m, c.k, 1); !errors.Is(err, c.want) {
			t.Errorf("Folds(%d, %d): %v, want %v", c.m, c.k, err, c.want)
		}
	}
}

// One seed drives the split, the folds and the solver through independent
// streams: the split's permutation is not the folds'.
func TestSeedStreamsIndependent(t *testing.T) {
	tr, te, err := frames.Split(50, 0.2, 7)
	if err != nil {
		t.Fatal(err)
	}
	folds, err := frames.Folds(50, 5, 7)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Equal(append(append([]int{}, te...), tr...), slices.Concat(folds...)) {
		t.Error("split and folds drawn from the same permutation")
	}
	if lao.SeedFor(7, "split") == lao.SeedFor(7, "folds") || lao.SeedFor(7, "solver") == 7 {
		t.Error("SeedFor does not separate the streams")
	}
}

func TestSplitLast(t *testing.T) {
	train, test, err := frames.SplitLast(101, 0.2, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, 20)
	for i := range want {
		want[i] = 81 + i
	}
	if !slices.Equal(test, want) {
		t.Errorf("test rows %v, want the last 20 in order %v", test, want)
	}
	if !isPermutation(train, 81) {
		t.Errorf("training rows %v are not the first 81 rows", train)
	}
	// The training part's order is drawn from the split's stream: the seed
	// decides it, and rows 0..80 are not left in the file's order.
	again, _, _ := frames.SplitLast(101, 0.2, 5)
	other, _, _ := frames.SplitLast(101, 0.2, 6)
	if !slices.Equal(train, again) || slices.Equal(train, other) || slices.IsSorted(train) {
		t.Errorf("training order: seed 5 %v, again %v, seed 6 %v", train, again, other)
	}
	if !frames.TestAfterTrain(train, test) {
		t.Error("TestAfterTrain(SplitLast) is false")
	}
	if tr, te, _ := frames.Split(101, 0.2, 5); frames.TestAfterTrain(tr, te) {
		t.Error("TestAfterTrain of a random split is true")
	}
	if frames.TestAfterTrain(nil, test) || frames.TestAfterTrain(train, nil) {
		t.Error("TestAfterTrain of an empty part is true")
	}
	// The same sizes and errors as Split's, named by SplitLast.
	for _, c := range []struct {
		m    int
		frac float64
		want error
	}{{0, 0.5, lao.ErrEmpty}, {10, 0, lao.ErrParam}, {10, 1, lao.ErrParam}, {10, math.NaN(), lao.ErrParam}, {10, 0.01, lao.ErrParam}, {1, 0.5, lao.ErrParam}} {
		_, _, err := frames.SplitLast(c.m, c.frac, 1)
		if !errors.Is(err, c.want) || !strings.HasPrefix(err.Error(), "frames: SplitLast: ") {
			t.Errorf("SplitLast(%d, %g): %v, want %v", c.m, c.frac, err, c.want)
		}
	}
	if _, _, err := frames.SplitLast(10, 0.01, 1); err == nil || !strings.Contains(err.Error(), "a test fraction of at least 0.1") {
		t.Errorf("SplitLast(10, 0.01): %v, want the fraction that works", err)
	}
}
