package lao

import (
	"github.com/laoproject/lao/lao/internal/core"

	"errors"
	"math"
	"slices"
	"testing"
)

// TestEstimateGradientIsTheSolversDraw: with the same generator state,
// EstimateGradient returns exactly the estimate the solvers' internal
// routines compute (so what a notebook studies is what the solver uses).
func TestEstimateGradientIsTheSolversDraw(t *testing.T) {
	d, k := 12, 3
	x, y, w := fixedExample(d, NewRand(9))
	for _, solver := range []string{"aerr", "aelr", "aer"} {
		got, err := EstimateGradient(solver, k, w, x, y, NewRand(21))
		if err != nil {
			t.Fatal(err)
		}
		rng := NewRand(21)
		ex, xt := NewExample(d), newSparseVec(d)
		want := make([]float64, d)
		budget := k + 1
		switch solver {
		case "aerr":
			ex.Reset(x, y, budget)
			aerrGradient(ex, core.NewBall(w), k, nil, rng, xt)
			want = denseOf(xt)
		case "aelr":
			ex.Reset(x, y, budget)
			aelrGradient(ex, newDenseL1(w), k, nil, rng, xt)
			want = denseOf(xt)
		case "aer":
			budget = k
			ex.Reset(x, y, budget)
			yhat := aerEstimates(ex, newDenseL1(w), 2, 1, rng, identity(d), make([]int, d), make([]int, d), xt)
			for _, i := range xt.idx {
				want[i] = 2 * (yhat - y) * xt.at(i)
			}
		}
		if !slices.Equal(got.G, want) || got.Attributes != ex.Observed() || got.Attributes > budget {
			t.Errorf("%s: EstimateGradient %v (%d attributes), solver's draw %v (%d)", solver, got.G, got.Attributes, want, ex.Observed())
		}
	}
}

// TestEstimateGradientUnbiased: the mean of many draws is ExactGradient
// (5 standard errors per coordinate).
func TestEstimateGradientUnbiased(t *testing.T) {
	d, k := 8, 2
	x, y, w := fixedExample(d, NewRand(10))
	rng := NewRand(11)
	for _, solver := range []string{"aerr", "aelr", "aer"} {
		exact, err := ExactGradient(solver, w, x, y)
		if err != nil {
			t.Fatal(err)
		}
		c := newMeanChecker(d)
		for range 50000 {
			g, err := EstimateGradient(solver, k, w, x, y, rng)
			if err != nil {
				t.Fatal(err)
			}
			c.add(g.G)
		}
		c.check(t, solver, exact, 5)
	}
}

func TestEstimateGradientErrors(t *testing.T) {
	x, w := []float64{1, 2, 3}, []float64{0.1, 0.2, 0.3}
	rng := NewRand(1)
	cases := []struct {
		name   string
		solver string
		k      int
		w, x   []float64
		y      float64
		want   error
	}{
		{"unknown solver", "ridge", 1, w, x, 0, ErrParam},
		{"k too large", "aerr", 4, w, x, 0, ErrParam},
		{"k zero", "aelr", 0, w, x, 0, ErrParam},
		{"aer k = 1", "aer", 1, w, x, 0, ErrParam},
		{"shape", "aerr", 1, w[:2], x, 0, ErrShape},
		{"empty", "aerr", 1, nil, nil, 0, ErrShape},
		{"NaN x", "aerr", 1, w, []float64{1, math.NaN(), 3}, 0, ErrNotFinite},
		{"Inf y", "aer", 2, w, x, math.Inf(1), ErrNotFinite},
	}
	for _, c := range cases {
		if _, err := EstimateGradient(c.solver, c.k, c.w, c.x, c.y, rng); !errors.Is(err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
	if _, err := EstimateGradient("aerr", 1, w, x, 0, nil); !errors.Is(err, ErrParam) {
		t.Errorf("nil rng: %v", err)
	}
	if _, err := ExactGradient("baseline", w, x, 0); !errors.Is(err, ErrParam) {
		t.Errorf("ExactGradient unknown solver: %v", err)
	}
	if _, err := ExactGradient("aer", w, x[:1], 0); !errors.Is(err, ErrShape) {
		t.Errorf("ExactGradient shape: %v", err)
	}
}
