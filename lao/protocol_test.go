package lao

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// countingSolver wraps a solver and counts, independently of Fit, what each
// handle revealed.
type countingSolver struct {
	Solver
	total  int64
	maxPer int
}

type countingLearner struct {
	Learner
	c *countingSolver
}

func (c *countingSolver) Start(p Problem) (Learner, Budget, error) {
	l, b, err := c.Solver.Start(p)
	if err != nil {
		return nil, Budget{}, err
	}
	return &countingLearner{Learner: l, c: c}, b, nil
}

func (l *countingLearner) Observe(ex *Example) {
	l.Learner.Observe(ex)
	l.c.total += int64(ex.Observed())
	l.c.maxPer = max(l.c.maxPer, ex.Observed())
}

// stochasticSolvers returns every budgeted solver of this package at k for
// d attributes (GAERR and DDAERR with uneven, made-up q and moments).
func stochasticSolvers(k, d int) []Solver {
	uneven := make([]float64, d)
	for i := range uneven {
		uneven[i] = 1 / float64(i+1)
	}
	s := []Solver{&AERR{K: k}, &AELR{K: k}, &GAERR{K: k, Sampling: Sampling{Q: uneven}}, &DDAERR{K: k, Moments: uneven}, &TwoPhasedDDAERR{K: k},
		&GAELR{K: k, Sampling: Sampling{Q: uneven}}, &DDAELR{K: k, Moments: uneven}, &TwoPhasedDDAELR{K: k}, &ScreenRidge{K: k},
		// the paper's experimental variants and AdaGrad (variants.go)
		&AERR{K: k, AdaGrad: true, Split: true, Eta: 0.05}, &AELR{K: k, Split: true}, &DDAERR{K: k, Moments: uneven, Paper: true, AdaGrad: true},
		&DDAELR{K: k, Moments: uneven, Paper: true}, &TwoPhasedDDAERR{K: k, TwoPhasedVariants: TwoPhasedVariants{Paper: true}}, &TwoPhasedDDAELR{K: k, TwoPhasedVariants: TwoPhasedVariants{Paper: true}}, &Centroid{K: k},
		&AdaptiveScreen{K: k}}
	if k >= 2 {
		s = append(s, &AER{K: k}, &Baseline{K: k}, &CorrectedRidge{K: k})
	}
	return s
}

// Budget property: for random d, k, data and seeds no solver exceeds its
// budget, and the reported totals equal what the handles counted.
func TestBudgetProperty(t *testing.T) {
	rng := NewRand(20)
	for trial := range 40 {
		d := 2 + rng.IntN(30)
		k := 1 + rng.IntN(d)
		m := 5 + rng.IntN(60)
		p := signProblem{d: d, scale: 1 / math.Sqrt(float64(d)), wstar: randomWStar(d, 1+rng.IntN(d), 0.5, rng), sigma: 0.2}
		ds := p.sample(m, rng)
		for _, s := range stochasticSolvers(k, d) {
			c := &countingSolver{Solver: s}
			res, err := Fit(c, ds.Stream(), Options{Seed: rng.Uint64()})
			if err != nil {
				t.Fatalf("trial %d d=%d k=%d %s: %v", trial, d, k, s.Name(), err)
			}
			if res.MaxPerExample > res.Budget.PerExample {
				t.Errorf("%s d=%d k=%d: max per example %d > budget %d", s.Name(), d, k, res.MaxPerExample, res.Budget.PerExample)
			}
			if res.MaxPerExample != c.maxPer || res.Attributes != c.total {
				t.Errorf("%s: reported max %d total %d, handles counted max %d total %d", s.Name(), res.MaxPerExample, res.Attributes, c.maxPer, c.total)
			}
			want := k + 1
			if s.Name() == "aer" || s.Name() == "baseline" || s.Name() == "screen-ridge" || s.Name() == "centroid" ||
				s.Name() == "adaptive-screen" || s.Name() == "corrected-ridge" {
				want = k
			}
			if res.Budget.PerExample != min(want, d) {
				t.Errorf("%s d=%d k=%d: budget %d, want %d", s.Name(), d, k, res.Budget.PerExample, min(want, d))
			}
		}
	}
}

// greedySolver asks for one attribute more than its declared budget.
type greedySolver struct{ k int }

func (g greedySolver) Name() string    { return "greedy" }
func (g greedySolver) Params() []Param { return nil }
func (g greedySolver) Start(p Problem) (Learner, Budget, error) {
	return &greedyLearner{k: g.k}, Budget{PerExample: g.k, Rule: "k per example"}, nil
}

type greedyLearner struct {
	k      int
	served []float64
}

func (l *greedyLearner) Observe(ex *Example) {
	for i := range l.k + 1 {
		l.served = append(l.served, ex.Attr(i))
	}
}
func (l *greedyLearner) Weights(dst []float64) { clear(dst) }

func TestBudgetRefusedLoudly(t *testing.T) {
	ds := signProblem{d: 5, scale: 1, wstar: make([]float64, 5)}.sample(3, NewRand(1))
	g := greedySolver{k: 2}
	_, err := Fit(g, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) {
		t.Fatalf("want ErrBudgetExceeded, got %v", err)
	}
	// Re-reading a revealed attribute is free; a new one past the budget is refused and not served.
	ex := NewExample(5)
	ex.Reset(ds.Row(0), 1, 2)
	for range 3 {
		if _, err := ex.TryAttr(3); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := ex.TryAttr(1); err != nil {
		t.Fatal(err)
	}
	if v, err := ex.TryAttr(0); !errors.Is(err, ErrBudgetExceeded) || v != 0 {
		t.Fatalf("third distinct attribute: got %v, %v", v, err)
	}
	if ex.Observed() != 2 || ex.Revealed(0) {
		t.Fatalf("refused attribute was counted or revealed: observed %d", ex.Observed())
	}
	if _, err := ex.TryAttr(5); !errors.Is(err, ErrAttrIndex) {
		t.Fatalf("out of range: %v", err)
	}
}

func TestPredictionBudget(t *testing.T) {
	ds := signProblem{d: 6, scale: 1, wstar: make([]float64, 6)}.sample(4, NewRand(1))
	w := []float64{0, 1, 0, -2, 0, 0}
	if _, err := BudgetedMSE(w, ds, 2); err != nil {
		t.Fatalf("2-sparse model with budget 2: %v", err)
	}
	mse, _ := BudgetedMSE(w, ds, 6)
	if math.Abs(mse-MSE(w, ds)) > 1e-15 {
		t.Fatalf("budgeted MSE %g != MSE %g", mse, MSE(w, ds))
	}
	w[0] = 0.5
	if _, err := BudgetedMSE(w, ds, 2); !errors.Is(err, ErrBudgetExceeded) {
		t.Fatalf("3-sparse model with budget 2: want ErrBudgetExceeded, got %v", err)
	}
}

// Same seed, bit-identical weights; another seed, different weights.
func TestDeterministic(t *testing.T) {
	rng := NewRand(21)
	p := signProblem{d: 8, scale: 1, wstar: randomWStar(8, 3, 0.5, rng), sigma: 0.2}
	ds := p.sample(200, rng)
	for _, s := range stochasticSolvers(4, 8) {
		a, b, c := fitOrFatal(t, s, ds, 5), fitOrFatal(t, s, ds, 5), fitOrFatal(t, s, ds, 6)
		for i := range a.W {
			if math.Float64bits(a.W[i]) != math.Float64bits(b.W[i]) {
				t.Fatalf("%s: same seed, different weights at %d", s.Name(), i)
			}
		}
		if s.Name() == "screen-ridge" { // randomness only in the screening draws, which may pick the same columns
			if slices.Equal(a.AttributeCounts, c.AttributeCounts) {
				t.Errorf("%s: seeds 5 and 6 drew the same attributes", s.Name())
			}
			continue
		}
		if maxAbsDiff(a.W, c.W) == 0 {
			t.Errorf("%s: seeds 5 and 6 gave identical weights", s.Name())
		}
	}
}

func TestBadParameters(t *testing.T) {
	ds := signProblem{d: 4, scale: 1, wstar: make([]float64, 4)}.sample(10, NewRand(1))
	nan := math.NaN()
	cases := []struct {
		s    Solver
		want string
	}{
		{&AERR{K: 0}, "k"}, {&AERR{K: 5}, "k"}, {&AERR{K: 2, B: -1}, "B"}, {&AERR{K: 2, Eta: -0.1}, "eta"},
		{&AERR{K: 2, Eta: nan}, "eta"}, {&AERR{K: 2, B: math.Inf(1)}, "B"}, {&AERR{K: 2, W1: []float64{1}}, "W1"},
		{&AERR{K: 2, W1: make([]float64, 4)}, "W1"},
		{&AELR{K: -1}, "k"}, {&AELR{K: 2, B: -2}, "B"}, {&AELR{K: 2, Eta: -1}, "eta"},
		{&AER{K: 1}, "k"}, {&AER{K: 9}, "k"}, {&AER{K: 2, Lambda: -1}, "lambda"}, {&AER{K: 2, B2: nan}, "B2"},
		{&Baseline{K: 1}, "k"}, {&Baseline{K: 2, B: 0 - 1}, "B"},
	}
	for _, c := range cases {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.s.Name()+": "+c.want+" ") {
			t.Errorf("%s %+v: want an ErrParam naming %s, got %v", c.s.Name(), c.s, c.want, err)
		}
	}
	if _, _, err := (&AER{K: 1}).Start(Problem{M: 10, D: 1, Rand: NewRand(1)}); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "this table has d = 1: use aerr") {
		t.Errorf("AER on one attribute: want the error to name d = 1 and aerr, got %v", err)
	}
	if _, err := Fit(&AERR{K: 1}, ds.Head(0).Stream(), Options{}); !errors.Is(err, ErrEmpty) {
		t.Errorf("empty data set: %v", err)
	}
	if _, err := Fit(&AER{K: 2}, ds.Head(1).Stream(), Options{}); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "aer: lambda ") {
		t.Errorf("AER default λ at m = 1 must be refused naming lambda, got %v", err)
	}
	if _, err := NewDataset([]float64{1, nan}, []float64{1}, 2, nil); !errors.Is(err, ErrNotFinite) {
		t.Errorf("NaN attribute: %v", err)
	}
	if _, err := NewDataset([]float64{1, 2}, []float64{math.Inf(-1)}, 2, nil); !errors.Is(err, ErrNotFinite) {
		t.Errorf("Inf label: %v", err)
	}
	if _, err := Fit(&AERR{K: 1}, ds.Stream(), Options{Checkpoints: []int{3, 2}}); !errors.Is(err, ErrParam) {
		t.Errorf("decreasing checkpoints: %v", err)
	}
}

// Checkpoints of an online solver are its output on the prefix.
func TestCheckpointsArePrefixFits(t *testing.T) {
	rng := NewRand(22)
	p := signProblem{d: 6, scale: 1, wstar: randomWStar(6, 3, 0.5, rng), sigma: 0.2}
	ds := p.sample(100, rng)
	s := &AERR{K: 2, Eta: 0.05}
	var at40 []float64
	var attrs int64
	_, err := Fit(s, ds.Stream(), Options{Seed: 3, Checkpoints: []int{10, 40}, OnCheckpoint: func(c Checkpoint) {
		if c.Examples == 40 {
			at40 = append([]float64(nil), c.W...)
			attrs = c.Attributes
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	prefix := fitOrFatal(t, s, ds.Head(40), 3)
	if maxAbsDiff(prefix.W, at40) != 0 || prefix.Attributes != attrs {
		t.Errorf("checkpoint at 40 differs from a fit on the first 40 examples")
	}
}
