package frames

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/laoproject/lao/lao"
)

// TestCVFoldsAsCopies: each fold's training part (a view of the rows
// copied once in fold order) and validation part hold the rows of the
// original table that a copy of the other folds and of the fold would
// hold, in the same order, with repeats and with successive halving's
// prefixes; so every fit and score is what it was when each part was a
// copy.
func TestCVFoldsAsCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	const m, d = 103, 5
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		y[i] = float64(i) // the label names the row
		for j := range d {
			x[i*d+j] = r.NormFloat64()
		}
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	o := CVOptions{Folds: 4, Seed: 11, Repeats: 2}
	run, err := newCVRun(ds, nil, o)
	if err != nil {
		t.Fatal(err)
	}
	labels := func(tab lao.Table) []float64 {
		out := make([]float64, tab.Len())
		for i := range out {
			out[i] = tab.Label(i)
			w := make([]float64, d) // reads attribute i mod d of row i
			w[i%d] = 1
			if got, want := tab.Dot(w, i), x[int(out[i])*d+i%d]; got != want {
				t.Fatalf("row %d (label %v): attribute %d is %v, want %v", i, out[i], i%d, got, want)
			}
		}
		return out
	}
	if len(run.trains) != 8 || len(run.tests) != 8 {
		t.Fatalf("%d training parts, %d validation parts; want 8 (4 folds × 2 repeats)", len(run.trains), len(run.tests))
	}
	for rep := range 2 {
		seed := o.Seed
		if rep > 0 {
			seed = lao.SeedFor(o.Seed, "repeat "+strconv.Itoa(rep))
		}
		folds, err := Folds(m, o.Folds, seed)
		if err != nil {
			t.Fatal(err)
		}
		for f := range folds {
			var want []float64
			for g, fold := range folds {
				if g != f {
					for _, i := range fold {
						want = append(want, float64(i))
					}
				}
			}
			k := rep*len(folds) + f
			if got := labels(run.trains[k]); !slices.Equal(got, want) {
				t.Errorf("repeat %d fold %d: training rows %v, want %v", rep, f, got, want)
			}
			var wantTest []float64
			for _, i := range folds[f] {
				wantTest = append(wantTest, float64(i))
			}
			if got := labels(run.tests[k]); !slices.Equal(got, wantTest) {
				t.Errorf("repeat %d fold %d: validation rows %v, want %v", rep, f, got, wantTest)
			}
			if got := labels(run.prefix(20).trains[k]); !slices.Equal(got, want[:20]) {
				t.Errorf("repeat %d fold %d: prefix of 20 %v, want %v", rep, f, got, want[:20])
			}
		}
	}
}

// A view of a table's rows (lao.View) is prepared, transformed and
// cross-validated as the copy of the same rows is.
func TestViewPreparedAsCopy(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	const m, d = 60, 3
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range x {
		x[i] = 10 * r.Float64() * float64(1+i%d)
	}
	for i := range y {
		y[i] = x[i*d] + r.NormFloat64()
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	rows, test := r.Perm(m)[:45], r.Perm(m)[45:]
	opt := Options{Center: true, Scaling: StandardL2}
	pv, err1 := PrepareParts(lao.View(ds, rows), lao.View(ds, test), opt)
	pc, err2 := PrepareParts(lao.Subset(ds, rows), lao.Subset(ds, test), opt)
	if err1 != nil || err2 != nil {
		t.Fatalf("view: %v; copy: %v", err1, err2)
	}
	if !slices.Equal(pv.Transform.Scale, pc.Transform.Scale) || lao.MSE(make([]float64, d), pv.Test) != lao.MSE(make([]float64, d), pc.Test) {
		t.Errorf("prepared differently: scales %v vs %v", pv.Transform.Scale, pc.Transform.Scale)
	}
	build := func(p Params) (lao.Solver, error) { return &lao.Ridge{Lambda: p["lambda"]}, nil }
	grid := []Params{{"lambda": 0.1}, {"lambda": 1}}
	cv, err1 := CrossValidate(lao.View(ds, rows), 3, grid, build, 5)
	cc, err2 := CrossValidate(lao.Subset(ds, rows), 3, grid, build, 5)
	if err1 != nil || err2 != nil {
		t.Fatalf("view: %v; copy: %v", err1, err2)
	}
	for g := range grid {
		if !slices.Equal(cv.Settings[g].FoldMSE, cc.Settings[g].FoldMSE) {
			t.Errorf("setting %v: folds %v, copy's %v", grid[g], cv.Settings[g].FoldMSE, cc.Settings[g].FoldMSE)
		}
	}
}

// Validation folds of a mostly-zero table are held in sparse rows, and
// score every weight vector as their dense rows do, bit for bit.
func TestValidationRowsSparse(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 1))
	const m, d = 200, 30
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range x {
		if r.IntN(4) == 0 { // a quarter non-zero: dense for the training parts, sparse for validation
			x[i] = r.NormFloat64()
		}
	}
	for i := range y {
		y[i] = r.NormFloat64()
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	run, err := newCVRun(ds, nil, CVOptions{Folds: 5, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	for f, te := range run.tests {
		if _, ok := te.(*lao.SparseDataset); !ok {
			t.Fatalf("fold %d: validation rows are a %T, want sparse", f, te)
		}
		w := make([]float64, d)
		for trial := range 20 {
			for j := range w {
				w[j] = r.NormFloat64() * float64(trial)
			}
			sse, pred := validationSums(w, te)
			start := f * (m / 5) // 5 folds of 40 rows, in fold order in the base
			denseRows := lao.Subset(run.bases[f], rangeOf(start, start+te.Len()))
			if _, isDense := denseRows.(*lao.Dataset); !isDense {
				t.Fatalf("base is a %T", run.bases[f])
			}
			wantSSE, wantPred := validationSums(w, denseRows)
			if sse != wantSSE || pred != wantPred {
				t.Errorf("fold %d, trial %d: sparse rows score (%v, %v), dense (%v, %v)", f, trial, sse, pred, wantSSE, wantPred)
			}
		}
	}
}
