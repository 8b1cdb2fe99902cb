package lao

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// sparseOf returns the CSR form of a dense data set (Dataset.Sparse).
func sparseOf(t *testing.T, ds *Dataset) *SparseDataset {
	t.Helper()
	sp := ds.Sparse(1)
	if sp == nil {
		t.Fatal("Dataset.Sparse(1) returned nil")
	}
	if _, err := NewSparseDataset(sp.ptr, sp.idx, sp.val, sp.y, sp.d, nil); err != nil {
		t.Fatalf("Dataset.Sparse built an invalid table: %v", err)
	}
	return sp
}

// Every solver gives bit-identical weights and accounting on a data set and
// on its sparse form: the handle serves the same values either way.
func TestSparseRowsSameFit(t *testing.T) {
	rng := NewRand(5)
	d, m := 12, 300
	// A third of the cells non-zero, then one in twenty: most rows have at
	// most d/sparseShare = 1 non-zero, so the full-information solvers
	// switch between their sparse and dense updates from row to row.
	for _, every := range []int{3, 20} {
		x := make([]float64, m*d)
		y := make([]float64, m)
		for i := range x {
			if rng.IntN(every) == 0 {
				x[i] = rng.Float64()*2 - 1
			}
		}
		for i := range y {
			y[i] = rng.Float64() - 0.5
		}
		ds, err := NewDataset(x, y, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		sp := sparseOf(t, ds)
		for _, s := range append(stochasticSolvers(4, d), &Ridge{}, &Lasso{}, &OnlineRidge{}, &OnlineLasso{}, &OnlineRidge{AdaGrad: true}) {
			a := fitOrFatal(t, s, ds, 9)
			c, err := Clone(s)
			if err != nil {
				t.Fatal(err)
			}
			b := fitOrFatal(t, c, sp, 9)
			if !slices.Equal(a.W, b.W) || a.Attributes != b.Attributes || !slices.Equal(a.AttributeCounts, b.AttributeCounts) {
				t.Errorf("one cell in %d: %s: dense and sparse fits differ: %v vs %v", every, s.Name(), a.W[:3], b.W[:3])
			}
			if MSE(a.W, ds) != MSE(a.W, sp) {
				t.Errorf("one cell in %d: %s: MSE dense %g, sparse %g", every, s.Name(), MSE(a.W, ds), MSE(a.W, sp))
			}
		}
		if every == 3 {
			if ds.Sparse(2) == nil || ds.Sparse(4) != nil {
				t.Error("Dataset.Sparse does not follow its share")
			}
			if n := sp.NonZeros(); n < m*d/4 || n > m*d/2 || !slices.Equal(sp.Names(), ds.Names()) {
				t.Errorf("Dataset.Sparse: %d non-zeros of %d cells, names %v", n, m*d, sp.Names()[:2])
			}
			sub := sp.Subset([]int{5, 2})
			if sub.Len() != 2 || sub.Label(0) != ds.Label(5) || sub.Dot(ds.Row(2), 1) != dot(ds.Row(2), ds.Row(2)) {
				t.Error("Subset does not hold the chosen rows")
			}
		}
	}
}

func TestSparseDatasetErrors(t *testing.T) {
	for _, c := range []struct {
		ptr []int
		idx []int32
		val []float64
		y   []float64
	}{
		{[]int{0, 2}, []int32{3, 1}, []float64{1, 1}, []float64{0}}, // not increasing
		{[]int{0, 1}, []int32{5}, []float64{1}, []float64{0}},       // index ≥ d
		{[]int{0, 2}, []int32{1}, []float64{1}, []float64{0}},       // ptr beyond idx
		{[]int{1, 1}, nil, nil, []float64{0}},                       // ptr[0] ≠ 0
	} {
		if _, err := NewSparseDataset(c.ptr, c.idx, c.val, c.y, 5, nil); !errors.Is(err, ErrShape) {
			t.Errorf("%v: %v, want ErrShape", c, err)
		}
	}
}

// Two attributes with one name are refused, dense and sparse: a model finds
// its columns by name and would read one of them for both.
func TestDatasetDuplicateNames(t *testing.T) {
	names := []string{"a", "q", "q"}
	if _, err := NewDataset(make([]float64, 6), make([]float64, 2), 3, names); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), `attributes 1 and 2 are both named "q"`) {
		t.Errorf("NewDataset: %v", err)
	}
	if _, err := NewSparseDataset([]int{0, 0}, nil, nil, []float64{0}, 3, names); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), `attributes 1 and 2 are both named "q"`) {
		t.Errorf("NewSparseDataset: %v", err)
	}
}
