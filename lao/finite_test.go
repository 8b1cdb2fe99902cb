package lao

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// nanSolver is a learner whose weights turn NaN after its fifth example.
type nanSolver struct{ Eta float64 }

func (s *nanSolver) Name() string { return "nan-test" }
func (s *nanSolver) Params() []Param {
	return []Param{FloatParam("eta", &s.Eta, "step", nil)}
}
func (s *nanSolver) Start(p Problem) (Learner, Budget, error) {
	return &nanLearner{d: p.D}, Budget{PerExample: 1, Rule: "1"}, nil
}

type nanLearner struct{ d, t int }

func (l *nanLearner) Observe(ex *Example) { l.t++; ex.Attr(0) }
func (l *nanLearner) Weights(dst []float64) {
	clear(dst)
	if l.t >= 5 {
		dst[l.d-1] = math.NaN()
	}
}

func scaledData(t *testing.T, m, d int, scale float64) *Dataset {
	t.Helper()
	rng := NewRand(7)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = scale * rng.NormFloat64()
		}
		y[i] = x[i*d] / scale
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// Fit returns an error, never NaN weights, naming the solver, its
// parameters and when the weights broke: at the end and at a checkpoint.
func TestFitRejectsNonFiniteWeights(t *testing.T) {
	ds := scaledData(t, 10, 3, 1)
	_, err := Fit(&nanSolver{Eta: 0.5}, ds.Stream(), Options{})
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "nan-test (eta=0.5)") || !strings.Contains(err.Error(), "weight 2 is NaN after 10 examples") {
		t.Errorf("final weights: %v", err)
	}
	called := 0
	_, err = Fit(&nanSolver{}, ds.Stream(), Options{Checkpoints: []int{2, 6, 10}, OnCheckpoint: func(Checkpoint) { called++ }})
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "after 6 examples") || called != 1 {
		t.Errorf("checkpoint: %v (%d checkpoints delivered)", err, called)
	}
}

// Values whose squares overflow make the Gram-matrix solvers fail with an
// error naming the solver and parameters, never a panic or a zero model.
func TestHugeValuesAreErrors(t *testing.T) {
	ds := scaledData(t, 50, 4, 1e200)
	for _, s := range []Solver{&Ridge{}, &Ridge{Lambda: 0.1}, &Lasso{}, &Lasso{Lambda: 0.1}, &Baseline{K: 2}} {
		res, err := Fit(s, ds.Stream(), Options{Seed: 1})
		if err == nil {
			for _, v := range res.W {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Errorf("%s: NaN weights without an error", s.Name())
				}
			}
			t.Errorf("%s: no error on values of 1e200 (weights %v)", s.Name(), res.W)
			continue
		}
		if !errors.Is(err, ErrNotFinite) || !strings.HasPrefix(err.Error(), s.Name()+" (") {
			t.Errorf("%s: %v", s.Name(), err)
		}
	}
}

// A step size and radius so large that the iterates overflow is an error
// (not NaN weights, not a model zeroed by an overflowing projection).
func TestDivergingStepIsAnError(t *testing.T) {
	ds := scaledData(t, 200, 5, 1)
	for _, s := range []Solver{&OnlineRidge{B: 1e300, Eta: 1e300}, &AERR{K: 2, B: 1e300, Eta: 1e300}} {
		res, err := Fit(s, ds.Stream(), Options{Seed: 1})
		if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "eta=1e+300") {
			t.Errorf("%s: want an error naming eta, got %v (result %v)", s.Name(), err, res)
		}
	}
}

func TestScoresCheckLengths(t *testing.T) {
	ds := scaledData(t, 5, 3, 1)
	for name, f := range map[string]func(){
		"MSE":                 func() { MSE([]float64{1, 2}, ds) },
		"ClassificationError": func() { ClassificationError([]float64{1, 2, 3, 4}, ds) },
	} {
		msg := func() (msg string) {
			defer func() { msg = fmt.Sprint(recover()) }()
			f()
			return ""
		}()
		if !strings.Contains(msg, name) || !strings.Contains(msg, "weights for 3 attributes") {
			t.Errorf("%s with the wrong length: panic %q", name, msg)
		}
	}
	if _, err := BudgetedMSE([]float64{1}, ds, 3); !errors.Is(err, ErrShape) {
		t.Errorf("BudgetedMSE with the wrong length: %v", err)
	}
}

// startOrFatal starts s on ds's shape.
func startOrFatal(t *testing.T, s Solver, ds *Dataset) (Learner, Budget) {
	t.Helper()
	l, b, err := s.Start(Problem{M: ds.Len(), D: ds.Dim(), Rand: NewRand(1)})
	if err != nil {
		t.Fatal(err)
	}
	return l, b
}

// A learner driven by hand (Step, not Fit) reports its failures as errors:
// a diverging iterate (Observe), an overflowing Gram matrix (Weights) and a
// handle whose budget is below the learner's; no panic crosses Observe.
func TestLearnerFailuresAreErrors(t *testing.T) {
	ds := newGaussProblem(10, 2, 0.1, NewRand(1)).sample(2000, NewRand(2))
	l, b := startOrFatal(t, &Exploration{K: 6, S: 3, Eta: 50, Batch: 1, Growth: 1}, ds)
	ex := NewExample(ds.Dim())
	var err error
	var at int
	for i := range ds.Len() {
		ex.Reset(ds.Row(i), ds.Label(i), b.PerExample)
		if err = Step(l, ex); err != nil {
			at = i
			break
		}
	}
	if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "diverged") {
		t.Fatalf("diverging exploration driven by Step: %v", err)
	}
	ex.Reset(ds.Row(at+1), ds.Label(at+1), b.PerExample)
	if err2 := Step(l, ex); err2 != err || ex.Observed() != 0 {
		t.Errorf("after the failure: Step gave %v and revealed %d attributes; want the same error, none", err2, ex.Observed())
	}

	huge := scaledData(t, 50, 4, 1e200)
	l, b = startOrFatal(t, &Ridge{}, huge)
	ex = NewExample(huge.Dim())
	for i := range huge.Len() {
		ex.Reset(huge.Row(i), huge.Label(i), b.PerExample)
		if err := Step(l, ex); err != nil {
			t.Fatalf("ridge, example %d: %v", i, err)
		}
	}
	l.Weights(make([]float64, huge.Dim()))
	if f, ok := l.(Failer); !ok || !errors.Is(f.Err(), ErrNotFinite) {
		t.Errorf("ridge on values of 1e200: Failer %v, want ErrNotFinite", ok)
	}

	l, b = startOrFatal(t, &AERR{K: 3}, ds)
	ex = NewExample(ds.Dim())
	ex.Reset(ds.Row(0), ds.Label(0), b.PerExample-3) // one attribute for k+1 = 4 draws
	if err := Step(l, ex); !errors.Is(err, ErrBudgetExceeded) {
		t.Errorf("a handle below the budget: %v, want ErrBudgetExceeded", err)
	}
}

// Arguments left nil are errors, not panics: a nil solver or source for
// Fit (a nil interface or a typed nil pointer), a nil learner or example
// for Step.
func TestNilArguments(t *testing.T) {
	ds, _, _ := pricedData(20, 1)
	var noSolver *AERR
	var noData *datasetStream
	for name, f := range map[string]func() error{
		"Fit(nil, ds)":                     func() error { _, err := Fit(nil, ds.Stream(), Options{}); return err },
		"Fit((*AERR)(nil))":                func() error { _, err := Fit(noSolver, ds.Stream(), Options{}); return err },
		"Fit(aerr, nil)":                   func() error { _, err := Fit(&AERR{K: 2}, nil, Options{}); return err },
		"Fit(aerr, (*datasetStream)(nil))": func() error { _, err := Fit(&AERR{K: 2}, noData, Options{}); return err },
		"Step(nil, ex)":                    func() error { return Step(nil, NewExample(5)) },
		"Fit(aerr, (*Dataset)(nil).Stream())": func() error {
			var none *Dataset
			_, err := Fit(&AERR{K: 2}, none.Stream(), Options{})
			return err
		},
		"SetParams(nil)": func() error { return SetParams(nil, map[string]float64{"k": 2}) },
		"Step(l, nil)": func() error {
			l, _, err := (&AERR{K: 2}).Start(Problem{M: 20, D: ds.Dim(), Rand: NewRand(1)})
			if err != nil {
				t.Fatal(err)
			}
			return Step(l, nil)
		},
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "nil") {
			t.Errorf("%s: %v, want an error saying what is nil", name, err)
		}
	}
}

// The functions that return no error give NaN (or nil) for a nil table
// rather than panicking.
func TestNilTableNoError(t *testing.T) {
	var none *Dataset
	if v := MSE([]float64{1}, nil); !math.IsNaN(v) {
		t.Errorf("MSE(w, nil) = %g", v)
	}
	if v := MSE([]float64{1}, none); !math.IsNaN(v) {
		t.Errorf("MSE(w, (*Dataset)(nil)) = %g", v)
	}
	if v := ClassificationError([]float64{1}, none); !math.IsNaN(v) {
		t.Errorf("ClassificationError(w, nil) = %g", v)
	}
	if m := SecondMoments(none); m != nil {
		t.Errorf("SecondMoments(nil) = %v", m)
	}
}
