package lao

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestViewSameAsSubset: a View of a dense table's rows reads, fits and
// evaluates bit for bit as the copy Subset makes of the same rows, for
// every stochastic solver and the full-information ones; a view of a
// sparse table is its Subset.
func TestViewSameAsSubset(t *testing.T) {
	rng := NewRand(7)
	d, m := 9, 400
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range x {
		x[i] = rng.Float64()*2 - 1
	}
	for i := range y {
		y[i] = rng.Float64() - 0.5
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	rows := rng.Perm(m)[:300]
	v, c := View(ds, rows), Subset(ds, rows)
	if _, ok := v.(*rowView); !ok {
		t.Fatalf("View of a dense table is a %T, want a view", v)
	}
	if v.Len() != c.Len() || v.Dim() != c.Dim() || !slices.Equal(SecondMoments(v), SecondMoments(c)) {
		t.Fatalf("view: %d×%d, copy %d×%d; second moments differ", v.Len(), v.Dim(), c.Len(), c.Dim())
	}
	for _, s := range append(stochasticSolvers(3, d), &Ridge{}, &Lasso{}, &OnlineRidge{}, &Centroid{K: 3}, &Baseline{K: 3}) {
		a := fitOrFatal(t, s, v, 4)
		cl, err := Clone(s)
		if err != nil {
			t.Fatal(err)
		}
		b := fitOrFatal(t, cl, c, 4)
		if !slices.Equal(a.W, b.W) || !slices.Equal(a.AttributeCounts, b.AttributeCounts) {
			t.Errorf("%s: view and copy fits differ: %v vs %v", s.Name(), a.W[:3], b.W[:3])
		}
		if MSE(a.W, v) != MSE(b.W, c) || ClassificationError(a.W, v) != ClassificationError(b.W, c) {
			t.Errorf("%s: view and copy evaluate differently", s.Name())
		}
	}
	w := []float64{0.5, 0, -1, 0, 0, 0, 0, 0, 2}
	ev, err1 := EvaluateBudgeted(w, v, 3)
	ec, err2 := EvaluateBudgeted(w, c, 3)
	if err1 != nil || err2 != nil || ev != ec {
		t.Errorf("EvaluateBudgeted: view %+v (%v), copy %+v (%v)", ev, err1, ec, err2)
	}
	sub := []int{5, 0, 299}
	if a, b := Subset(v, sub), Subset(c, sub); !slices.Equal(a.(*Dataset).x, b.(*Dataset).x) || !slices.Equal(a.(*Dataset).y, b.(*Dataset).y) {
		t.Error("Subset of a view differs from Subset of the copy")
	}
	sp := ds.Sparse(1)
	if _, ok := View(sp, rows).(*SparseDataset); !ok {
		t.Error("View of a sparse table is not its Subset")
	}
}

// A view of a view lists the rows beneath; a row out of range panics at
// once, naming View.
func TestViewOfView(t *testing.T) {
	ds, err := NewDataset([]float64{0, 1, 2, 3, 4}, []float64{10, 11, 12, 13, 14}, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := View(View(ds, []int{4, 2, 0, 3}), []int{3, 1})
	if rv, ok := v.(*rowView); !ok || rv.ds != ds || v.Label(0) != 13 || v.Label(1) != 12 {
		t.Errorf("view of a view: %T %v", v, v)
	}
	defer func() {
		if r := recover(); r == nil || !strings.Contains(fmt.Sprint(r), "lao: View: row 5 not in [0, 5)") {
			t.Errorf("panic %v", r)
		}
	}()
	View(ds, []int{1, 5})
}
