package lao

import (
	"errors"
	"math"
	"strings"
	"testing"
)

// The two budgets of Murata & Suzuki 2018's solvers, and the unbiasedness
// of the reconstructed competitors' estimators.

// sparseSolvers returns the five solvers of this file for d attributes,
// s' = sp and s (RDA and Dantzig need s ≤ s' − 2; Exploitation gets the
// support supp).
func sparseSolvers(d, sp, s int, supp []int) []Solver {
	out := []Solver{&Exploration{K: sp, S: s, Batch: 2}, &Hybrid{K: sp, S: s, Batch: 1, T: 2}, &Exploitation{Support: supp, Batch: 3}}
	if s <= sp-2 {
		out = append(out, &RDA{K: sp, S: s}, &Dantzig{K: sp, S: s, T0: 5, MaxIter: 300})
	}
	if s <= sp-1 {
		out = append(out, &Dantzig{K: sp, S: s, T0: 3, Isotropic: true})
	}
	return out
}

// Budget property: for random d, s', s, data and seeds, no example reveals
// more than s' attributes (|S_0| for Exploitation), the reported totals
// equal what the handles counted, the model has at most s non-zeros, and
// it predicts every test row through a handle with budget s', reading at
// most s attributes.
func TestSparseBudgetProperty(t *testing.T) {
	rng := NewRand(43)
	for trial := range 30 {
		d := 3 + rng.IntN(40)
		sp := 2 + rng.IntN(d-1)
		s := 1 + rng.IntN(sp-1)
		m := 20 + rng.IntN(300)
		p := newGaussProblem(d, 1+rng.IntN(d), 0.5, rng)
		ds := p.sample(m, rng)
		test := p.sample(20, rng)
		supp := rng.Perm(d)[:s]
		for _, sv := range sparseSolvers(d, sp, s, supp) {
			c := &countingSolver{Solver: sv}
			res, err := Fit(c, ds.Stream(), Options{Seed: rng.Uint64()})
			if err != nil {
				t.Fatalf("trial %d d=%d s'=%d s=%d %s: %v", trial, d, sp, s, sv.Name(), err)
			}
			train := sp
			if sv.Name() == "exploitation" {
				train = s
			}
			if res.Budget.PerExample != train || res.MaxPerExample > train {
				t.Errorf("%s d=%d s'=%d s=%d: budget %d, max %d per example", sv.Name(), d, sp, s, res.Budget.PerExample, res.MaxPerExample)
			}
			if res.MaxPerExample != c.maxPer || res.Attributes != c.total {
				t.Errorf("%s: reported max %d total %d, handles counted %d, %d", sv.Name(), res.MaxPerExample, res.Attributes, c.maxPer, c.total)
			}
			if len(res.Support) > s || len(res.Support) != NonZero(res.W) {
				t.Errorf("%s d=%d s'=%d s=%d: %d non-zeros, support %v", sv.Name(), d, sp, s, NonZero(res.W), res.Support)
			}
			ev, err := EvaluateBudgeted(res.W, test, res.PredictionBudget())
			if err != nil || ev.MaxAttributes > s {
				t.Errorf("%s: prediction through a handle of budget %d: %v, %d attributes", sv.Name(), res.PredictionBudget(), err, ev.MaxAttributes)
			}
			if math.Abs(ev.MSE-MSE(res.W, test)) > 1e-9*(1+ev.MSE) {
				t.Errorf("%s: budgeted MSE %g != MSE %g", sv.Name(), ev.MSE, MSE(res.W, test))
			}
		}
	}
}

// The prediction budget is enforced by Fit: a learner whose output has more
// non-zero weights than Budget.Predict is refused.
func TestPredictionBudgetEnforced(t *testing.T) {
	ds := newGaussProblem(6, 2, 0.1, NewRand(1)).sample(10, NewRand(2))
	_, err := Fit(denseOutput{}, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) || !strings.Contains(err.Error(), "prediction budget") {
		t.Fatalf("want ErrBudgetExceeded for a 6-sparse output with prediction budget 2, got %v", err)
	}
}

type denseOutput struct{}

func (denseOutput) Name() string    { return "dense" }
func (denseOutput) Params() []Param { return nil }
func (denseOutput) Start(p Problem) (Learner, Budget, error) {
	return denseOutput{}, Budget{PerExample: 1, Predict: 2, Rule: "test"}, nil
}
func (denseOutput) Observe(*Example) {}
func (denseOutput) Weights(dst []float64) {
	for i := range dst {
		dst[i] = 1
	}
}

// RDA's gradient estimate 2·res·x̂ is unbiased for ∇(w·x − y)² = 2(w·x − y)x
// at a fixed w and example (the two probes I and J are independent): each
// coordinate's mean over N draws is within 5 standard errors.
func TestRDAEstimateUnbiased(t *testing.T) {
	rng := NewRand(44)
	d, sp, s := 12, 7, 3
	w := make([]float64, d)
	for j := range w {
		if j%3 != 2 {
			w[j] = rng.NormFloat64()
		}
	}
	x := make([]float64, d)
	for j := range x {
		x[j] = rng.NormFloat64()
	}
	y := 0.7
	K := topS(w, s, nil)
	inK := make([]bool, d)
	for _, j := range K {
		inK[j] = true
	}
	var comp []int
	for j := range d {
		if !inK[j] {
			comp = append(comp, j)
		}
	}
	r1 := (sp - s) / 2
	r2 := sp - s - r1
	exact := 2 * (dot(w, x) - y)
	ex := NewExample(d)
	xhat := newSparseVec(d)
	const N = 400000
	sum, sq := make([]float64, d), make([]float64, d)
	g := make([]float64, d)
	for range N {
		ex.Reset(x, y, sp)
		res, _ := rdaEstimate(ex, w, K, comp, r1, r2, rng, xhat)
		if ex.Observed() > sp {
			t.Fatalf("%d attributes read, budget %d", ex.Observed(), sp)
		}
		clear(g)
		for _, j := range xhat.idx {
			g[j] = 2 * res * xhat.at(j)
		}
		for j, v := range g {
			sum[j] += v
			sq[j] += v * v
		}
	}
	for j := range d {
		mean := sum[j] / N
		se := math.Sqrt((sq[j]/N - mean*mean) / N)
		if want := exact * x[j]; math.Abs(mean-want) > 5*se {
			t.Errorf("coordinate %d: mean %.5g, want %.5g (SE %.3g)", j, mean, want, se)
		}
	}
}

// Dantzig's per-example estimates (d/r)x_i y, (d/r)x_i² and
// d(d−1)/(r(r−1))x_i x_j over S drawn without replacement are unbiased for
// x_i y and x_i x_j: every entry's mean over N draws is within 5 standard
// errors.
func TestDantzigEstimatesUnbiased(t *testing.T) {
	rng := NewRand(45)
	d, r := 8, 3
	x := make([]float64, d)
	for j := range x {
		x[j] = rng.NormFloat64()
	}
	y := -1.3
	ex := NewExample(d)
	perm := identity(d)
	xs := make([]float64, r)
	const N = 300000
	A, A2 := make([]float64, d*d), make([]float64, d*d)
	b, b2 := make([]float64, d), make([]float64, d)
	oneA, oneB := make([]float64, d*d), make([]float64, d)
	for range N {
		ex.Reset(x, y, r)
		dantzigSample(ex, perm, xs, rng)
		clear(oneA)
		clear(oneB)
		dantzigAccumulate(oneA, nil, oneB, perm, xs, y)
		for i, v := range oneA {
			A[i] += v
			A2[i] += v * v
		}
		for i, v := range oneB {
			b[i] += v
			b2[i] += v * v
		}
	}
	check := func(name string, sum, sq float64, want float64) {
		mean := sum / N
		se := math.Sqrt((sq/N - mean*mean) / N)
		if math.Abs(mean-want) > 5*se {
			t.Errorf("%s: mean %.5g, want %.5g (SE %.3g)", name, mean, want, se)
		}
	}
	for i := range d {
		check("b", b[i], b2[i], x[i]*y)
		for j := range d {
			check("A", A[i*d+j], A2[i*d+j], x[i]*x[j])
		}
	}
}

// A budget too small for the sparse solvers names the k they need, not the
// unsatisfiable "need s ≤ s' − 2" (new-user trial: rda at k = 2).
func TestSparseSolversNameTheirSmallestK(t *testing.T) {
	for _, c := range []struct {
		s    Solver
		want string
	}{{&RDA{K: 2}, "rda needs k ≥ 3"}, {&Dantzig{K: 2}, "dantzig needs k ≥ 3"}, {&Exploration{K: 1}, "exploration needs k ≥ 2"}, {&Hybrid{K: 1}, "hybrid needs k ≥ 2"}} {
		_, _, err := c.s.Start(Problem{M: 100, D: 10, Rand: NewRand(1)})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.s.Name(), err, c.want)
		}
	}
}
