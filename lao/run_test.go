package lao

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// A Run fed a source's rows in order takes Fit's steps: the same weights,
// to the bit, for a uniform and a data-dependent solver.
func TestRunMatchesFit(t *testing.T) {
	ds, mom, _ := pricedData(300, 2)
	for _, s := range []Solver{&AERR{K: 3}, &DDAELR{K: 2, Moments: mom}} {
		res, err := Fit(s, ds.Stream(), Options{Seed: 7})
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewRun(s, ds.Len(), ds.Dim(), 7)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ds.Len() {
			if err := r.Step(ds.Row(i), ds.Label(i)); err != nil {
				t.Fatal(err)
			}
		}
		w, err := r.Weights()
		if err != nil || !slices.Equal(w, res.W) {
			t.Errorf("%s: Run's weights %v (%v), Fit's %v", s.Name(), w, err, res.W)
		}
	}
}

// What Fit refuses, a Run refuses by the step: a row of the wrong width, a
// value that is not finite, a diverged iterate (which AERR does not check
// at every step), and nil or empty problems.
func TestRunRefuses(t *testing.T) {
	ds, _, _ := pricedData(50, 3)
	d := ds.Dim()
	r, err := NewRun(&AERR{K: 2}, 50, d, 1)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Step(ds.Row(0)[:d-2], 1); !errors.Is(err, ErrShape) || !strings.Contains(err.Error(), "example 1 has 8 attributes, want d = 10") {
		t.Errorf("a short row: %v", err)
	}
	row := slices.Clone(ds.Row(0))
	row[4] = math.NaN()
	if err := r.Step(row, 1); !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "attribute 4 is NaN") {
		t.Errorf("a NaN cell: %v", err)
	}
	if err := r.Step(ds.Row(0), math.Inf(1)); !errors.Is(err, ErrNotFinite) {
		t.Errorf("an infinite label: %v", err)
	}
	wild, err := NewRun(&AERR{K: 2, Eta: 1e300, B: 1e300}, 500, d, 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 500 {
		if err := wild.Step(ds.Row(i%50), ds.Label(i%50)*1e10); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
	}
	if _, err := wild.Weights(); !errors.Is(err, ErrNotFinite) {
		t.Errorf("a diverged AERR: %v, want ErrNotFinite", err)
	}
	var noSolver *AERR
	if _, err := NewRun(noSolver, 50, d, 1); !errors.Is(err, ErrNotPointer) {
		t.Errorf("a nil solver: %v", err)
	}
	if _, err := NewRun(&AERR{K: 2}, 0, d, 1); !errors.Is(err, ErrEmpty) {
		t.Errorf("m = 0: %v", err)
	}
	if _, err := NewRun(&AERR{K: 20}, 50, d, 1); !errors.Is(err, ErrParam) {
		t.Errorf("k > d: %v", err)
	}
}

// A Run refuses an example beyond the m it was started with (the solver's
// defaults depend on m), and a learner's failure ends it.
func TestRunEnds(t *testing.T) {
	ds, _, _ := pricedData(50, 4)
	r, err := NewRun(&AERR{K: 2}, 3, ds.Dim(), 1)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := r.Step(ds.Row(i), ds.Label(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := r.Step(ds.Row(3), ds.Label(3)); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "example 4 of a run announced with m = 3") {
		t.Errorf("a fourth example: %v", err)
	}
	f, err := NewRun(greedySolver{k: 1}, 50, ds.Dim(), 1) // protocol_test.go: one attribute beyond its budget
	if err != nil {
		t.Fatal(err)
	}
	var first error
	for i := range 50 {
		if first = f.Step(ds.Row(i), ds.Label(i)); first != nil {
			break
		}
	}
	if !errors.Is(first, ErrBudgetExceeded) {
		t.Fatalf("the greedy learner: %v, want ErrBudgetExceeded", first)
	}
	if err := f.Step(ds.Row(0), ds.Label(0)); err != first {
		t.Errorf("after the failure: %v, want it again (%v)", err, first)
	}
}
