package lao

import (
	"fmt"
	"math"
	"testing"

	"gonum.org/v1/gonum/floats"
)

// learnerOn returns the learner of Ridge or Lasso s with its sums in the
// d×d form (wide false) or the wide form (wide true), after the first n
// rows of ds.
func learnerOn(t *testing.T, s Solver, ds *Dataset, n int, wide bool) Learner {
	t.Helper()
	l, _, err := s.Start(Problem{M: ds.Len(), D: ds.Dim(), Rand: NewRand(1)})
	if err != nil {
		t.Fatal(err)
	}
	m := 0 // the d×d form
	if wide {
		m = ds.Len()
	}
	g := newGram(ds.Dim(), m)
	switch l := l.(type) {
	case *ridgeLearner:
		l.gram = g
	case *lassoLearner:
		l.gram = g
	}
	ex := NewExample(ds.Dim())
	for i := range n {
		ex.Reset(ds.Row(i), ds.Label(i), ds.Dim())
		g.Observe(ex)
	}
	if (g.wide != nil) != wide {
		t.Fatalf("newGram(%d, %d): wide form %v", ds.Dim(), m, g.wide != nil)
	}
	return l
}

// wideTables are tables with fewer rows than attributes: a correlated one,
// one whose columns repeat (XᵀX singular beyond its rank: ridge's
// default penalty and the ball's interior limit), and one whose label
// is a combination of the columns (the least-squares fit is exact).
func wideTables() map[string]*Dataset {
	repeated := correlatedTable(24, 30, 5)
	x := make([]float64, 24*60)
	for i := range 24 {
		copy(x[i*60:], repeated.Row(i))
		copy(x[i*60+30:], repeated.Row(i))
	}
	rep, _ := NewDataset(x, repeated.y, 60, nil)
	exact := correlatedTable(20, 50, 7)
	y := make([]float64, 20)
	for i := range y {
		y[i] = exact.Row(i)[0] - 2*exact.Row(i)[4]
	}
	ex, _ := NewDataset(exact.x, y, 50, nil)
	// rows repeated with other labels: K = XXᵀ/m is singular, and at
	// λ = 1e-14 the dual's Cholesky pivots fall below rounding, so the
	// penalised dual takes its eigenbasis path
	base := correlatedTable(10, 40, 11)
	xr, yr := make([]float64, 20*40), make([]float64, 20)
	for i := range 20 {
		copy(xr[i*40:], base.Row(i%10))
		yr[i] = base.Label(i%10) + float64(i/10) - 0.5
	}
	dup, _ := NewDataset(xr, yr, 40, nil)
	return map[string]*Dataset{"correlated": correlatedTable(30, 80, 3), "repeated columns": rep, "exact": ex, "repeated rows": dup}
}

// The wide form of Ridge (the m×m dual) and of Lasso (quadl1's Rows form)
// gives the d×d form's weights to rounding, for every form of each, on
// the whole table and at a prefix (a checkpoint), and for Lasso the same
// support.
func TestWideMatchesGram(t *testing.T) {
	solvers := []Solver{&Ridge{}, &Ridge{Lambda: 0.05}, &Ridge{Lambda: 1e-14}, &Ridge{B: 0.3}, &Ridge{B: 1e4},
		&Lasso{}, &Lasso{Lambda: 0.05}, &Lasso{B: 0.5}, &Lasso{B: 2}}
	for name, ds := range wideTables() {
		for _, n := range []int{ds.Len(), ds.Len() / 2} {
			for _, s := range solvers {
				what := fmt.Sprintf("%s, %d rows, %s %+v", name, n, s.Name(), s)
				want, got := make([]float64, ds.Dim()), make([]float64, ds.Dim())
				lg, lw := learnerOn(t, s, ds, n, false), learnerOn(t, s, ds, n, true)
				lg.Weights(want)
				lw.Weights(got)
				if err := learnerErr(lg); err != nil {
					t.Fatalf("%s: the d×d form failed: %v", what, err)
				}
				if err := learnerErr(lw); err != nil {
					t.Fatalf("%s: the wide form failed: %v", what, err)
				}
				scale := floats.Norm(want, 2)
				if scale == 0 {
					t.Fatalf("%s: zero weights: not a test", what)
				}
				if dist := floats.Distance(got, want, 2); !(dist <= 1e-7*scale) {
					t.Errorf("%s: ||w_wide − w|| = %.3g, ||w|| = %.3g", what, dist, scale)
				}
				if _, isLasso := s.(*Lasso); isLasso {
					for j := range want {
						if big := 1e-6 * scale; (math.Abs(want[j]) > big) != (math.Abs(got[j]) > big) {
							t.Errorf("%s: coordinate %d is %g in the d×d form, %g in the wide form", what, j, want[j], got[j])
						}
					}
				}
			}
		}
	}
}

// learnerErr returns the failure a learner recorded, if any.
func learnerErr(l Learner) error {
	switch l := l.(type) {
	case *ridgeLearner:
		return l.err
	case *lassoLearner:
		return l.err
	}
	return nil
}

// Fit takes the wide form exactly when the table has fewer rows than
// attributes, and FitMoments, whose Moments then keep the rows, gives
// Fit's weights bit for bit.
func TestWideFitMomentsIsFit(t *testing.T) {
	ds := correlatedTable(30, 80, 3)
	mo, err := TableMoments(ds)
	if err != nil {
		t.Fatal(err)
	}
	if mo.g.wide == nil || mo.g.acc != nil {
		t.Fatal("TableMoments of 30 rows × 80 attributes: not the wide form")
	}
	if long, _ := TableMoments(correlatedTable(80, 30, 3)); long.g.wide != nil {
		t.Fatal("TableMoments of 80 rows × 30 attributes: the wide form")
	}
	solvers := []Solver{&Ridge{}, &Ridge{Lambda: 0.05}, &Ridge{B: 0.3}, &Lasso{}, &Lasso{B: 0.5}, &Lasso{B: 1}, &Lasso{B: 2}}
	ws, ok, errs := FitMomentsSet(solvers, mo)
	for i, s := range solvers {
		want, err := Fit(s, ds.Stream(), Options{})
		if err != nil || errs[i] != nil || !ok[i] {
			t.Fatalf("%s %+v: Fit %v, FitMomentsSet %v (ok %v)", s.Name(), s, err, errs[i], ok[i])
		}
		for j := range want.W {
			if math.Float64bits(ws[i][j]) != math.Float64bits(want.W[j]) {
				t.Fatalf("%s %+v: w[%d] = %v from the moments, %v from Fit", s.Name(), s, j, ws[i][j], want.W[j])
			}
		}
	}
}

// Baseline on a table whose examples draw fewer attributes than d keeps
// Ā on the attributes drawn: the weights are the d×d form's to rounding
// (the same draws, the same estimates), zero on every attribute never
// drawn, for several radii; and a Pass fits what Fit does, bit for bit.
func TestBaselineCompactMatchesDense(t *testing.T) {
	ds := correlatedTable(20, 120, 9) // k·m = 4·20 = 80 < 120
	for _, B := range []float64{0.3, 1, 4} {
		s := &Baseline{K: 4, B: B}
		var ws [2][]float64
		var drawn map[int]bool
		for f, m := range []int{0, ds.Len()} { // M = 0: the d×d form
			l, _, err := s.Start(Problem{M: m, D: ds.Dim(), Rand: NewRand(5)})
			if err != nil {
				t.Fatal(err)
			}
			bl := l.(*baselineLearner)
			if (bl.pos != nil) != (f == 1) {
				t.Fatalf("M = %d: compact form %v", m, bl.pos != nil)
			}
			observeAll(l, ds, 4)
			ws[f] = make([]float64, ds.Dim())
			l.Weights(ws[f])
			if bl.err != nil {
				t.Fatalf("M = %d, B = %g: %v", m, B, bl.err)
			}
			if f == 1 {
				drawn = map[int]bool{}
				for _, i := range bl.cols {
					drawn[i] = true
				}
			}
		}
		scale := floats.Norm(ws[0], 1)
		if scale == 0 || floats.Distance(ws[0], ws[1], 1) > 1e-8*scale {
			t.Errorf("B = %g: ||w_compact − w||₁ = %g, ||w||₁ = %g", B, floats.Distance(ws[0], ws[1], 1), scale)
		}
		for j, w := range ws[1] {
			if w != 0 && !drawn[j] {
				t.Errorf("B = %g: attribute %d never drawn has weight %g", B, j, w)
			}
		}
		want, err := Fit(s, ds.Stream(), Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		ps, err := NewPass(s, ds.Stream(), Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		got, err := ps.Fit(s)
		if err != nil {
			t.Fatal(err)
		}
		for j := range want.W {
			if math.Float64bits(got.W[j]) != math.Float64bits(want.W[j]) {
				t.Fatalf("B = %g: Pass w[%d] = %v, Fit %v", B, j, got.W[j], want.W[j])
			}
		}
	}
}

// CorrectedRidge and AdaptiveScreen on a table whose examples reveal fewer
// attributes than d keep their sums on the attributes revealed: the
// weights are the d×d form's to rounding, zero where nothing was revealed.
func TestRevealedCompactMatchesDense(t *testing.T) {
	ds := correlatedTable(20, 120, 9) // k·m = 3·20 = 60 < 120
	for _, s := range []Solver{&CorrectedRidge{K: 3}, &CorrectedRidge{K: 3, Lambda: 0.01, Shrink: 0.3}, &AdaptiveScreen{K: 3}} {
		var ws [2][]float64
		for f, m := range []int{0, ds.Len()} { // M = 0: the d×d form
			p := Problem{M: m, D: ds.Dim(), Rand: NewRand(5)}
			if m == 0 { // the parameters' defaults read M: resolve them on the real m
				p.M = ds.Len()
			}
			l, b, err := s.Start(p)
			if err != nil {
				t.Fatal(err)
			}
			cells := map[bool]*revealedCells{}
			switch l := l.(type) {
			case *correctedRidgeLearner:
				if m == 0 {
					l.cells = newRevealedCells(ds.Dim(), 0, 3)
				}
				cells[true] = l.cells
			case *adaptiveScreenLearner:
				if m == 0 {
					l.cells = newRevealedCells(ds.Dim(), 0, 3)
				}
				cells[true] = l.cells
			}
			if (cells[true].pos != nil) != (f == 1) {
				t.Fatalf("%s, M = %d: compact form %v", s.Name(), m, cells[true].pos != nil)
			}
			observeAll(l, ds, b.PerExample)
			ws[f] = make([]float64, ds.Dim())
			l.Weights(ws[f])
			if f == 1 {
				for j, w := range ws[f] {
					if _, ok := cells[true].pos[j]; w != 0 && !ok {
						t.Errorf("%s: attribute %d never revealed has weight %g", s.Name(), j, w)
					}
				}
			}
		}
		scale := floats.Norm(ws[0], 2)
		if scale == 0 || floats.Distance(ws[0], ws[1], 2) > 1e-8*scale {
			t.Errorf("%s %+v: ||w_compact − w|| = %g, ||w|| = %g", s.Name(), s, floats.Distance(ws[0], ws[1], 2), scale)
		}
	}
}

// A compact form made for M examples that sees more (a Learner driven by
// hand) grows instead of failing, and gives the weights of one made for
// them all.
func TestCompactFormsGrow(t *testing.T) {
	ds := correlatedTable(40, 200, 2)
	for _, s := range []Solver{&Baseline{K: 4, B: 1}, &CorrectedRidge{K: 4}} {
		var ws [2][]float64
		for f, m := range []int{5, ds.Len()} {
			l, b, err := s.Start(Problem{M: m, D: ds.Dim(), Rand: NewRand(8)})
			if err != nil {
				t.Fatal(err)
			}
			observeAll(l, ds, b.PerExample)
			ws[f] = make([]float64, ds.Dim())
			l.Weights(ws[f])
		}
		if scale := floats.Norm(ws[1], 2); scale == 0 || floats.Distance(ws[0], ws[1], 2) > 1e-9*scale {
			t.Errorf("%s: made for 5 examples, fed 40: ||Δw|| = %g, ||w|| = %g", s.Name(), floats.Distance(ws[0], ws[1], 2), scale)
		}
	}
}

// observeAll shows l every row of ds in order, each through a handle
// revealing at most budget attributes.
func observeAll(l Learner, ds *Dataset, budget int) {
	ex := NewExample(ds.Dim())
	for i := range ds.Len() {
		ex.Reset(ds.Row(i), ds.Label(i), budget)
		l.Observe(ex)
	}
}
