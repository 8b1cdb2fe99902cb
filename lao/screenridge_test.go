package lao

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"
)

// screenData has d attributes, standard normal, and y = 3x_2 − 2x_7 + x_11
// + noise: three informative columns.
func screenData(t *testing.T, m, d int, seed uint64) *Dataset {
	t.Helper()
	rng := NewRand(seed)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = rng.NormFloat64()
		}
		y[i] = 3*row[2] - 2*row[7] + row[11] + 0.5*rng.NormFloat64()
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// The budget is k per example in both phases, counted independently of
// Fit; the phase-2 columns are revealed on every phase-2 example.
func TestScreenRidgeBudget(t *testing.T) {
	const m, d, k = 1000, 20, 3
	ds := screenData(t, m, d, 1)
	c := &countingSolver{Solver: &ScreenRidge{K: k, M1: 400}}
	res, err := Fit(c, ds.Stream(), Options{Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	if res.Budget.PerExample != k || c.maxPer != k || c.total != m*k || res.Attributes != m*k {
		t.Errorf("budget %d, max %d, total %d (reported %d); want exactly k = %d per example", res.Budget.PerExample, c.maxPer, c.total, res.Attributes, k)
	}
	var phase2 []int
	for j, n := range res.AttributeCounts {
		if n >= m-400 {
			phase2 = append(phase2, j)
		}
	}
	if len(phase2) != k {
		t.Errorf("attribute counts %v: %d columns read on every phase-2 example, want k = %d", res.AttributeCounts, len(phase2), k)
	}
	if NonZero(res.W) > k {
		t.Errorf("%d non-zero weights > k = %d", NonZero(res.W), k)
	}
	if _, err := BudgetedMSE(res.W, ds, k); err != nil {
		t.Errorf("the model does not predict within a budget of k: %v", err)
	}
}

// Screening finds the informative columns, and phase 2 is exactly Ridge on
// the phase-2 examples restricted to them.
func TestScreenRidgeSelectsAndFits(t *testing.T) {
	const m, d, k, m1 = 2000, 20, 3, 600
	ds := screenData(t, m, d, 3)
	res, err := Fit(&ScreenRidge{K: k, M1: m1, Lambda: 1e-3}, ds.Stream(), Options{Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	var chosen []int
	for j, w := range res.W {
		if w != 0 {
			chosen = append(chosen, j)
		}
	}
	if !slices.Equal(chosen, []int{2, 7, 11}) {
		t.Fatalf("chosen columns %v, want [2 7 11]", chosen)
	}
	// Ridge on the phase-2 rows, columns 2, 7, 11.
	var x, y []float64
	for i := m1; i < m; i++ {
		r := ds.Row(i)
		x = append(x, r[2], r[7], r[11])
		y = append(y, ds.Label(i))
	}
	sub, err := NewDataset(x, y, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	ref, err := Fit(&Ridge{Lambda: 1e-3}, sub.Stream(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for a, j := range chosen {
		if math.Abs(res.W[j]-ref.W[a]) > 1e-9*math.Abs(ref.W[a]) {
			t.Errorf("w[%d] = %.12g, ridge on the chosen columns gives %.12g", j, res.W[j], ref.W[a])
		}
	}
	if math.Abs(res.W[2]-3) > 0.1 || math.Abs(res.W[7]+2) > 0.1 || math.Abs(res.W[11]-1) > 0.1 {
		t.Errorf("weights %v, want about 3, −2, 1 on columns 2, 7, 11", res.W)
	}
	if res.Params["m1"] != m1 || res.Params["lambda"] != 1e-3 {
		t.Errorf("params %v", res.Params)
	}
	if dg := res.Diagnostics; !(dg["min_chosen_abs_correlation"] > dg["max_other_abs_correlation"]) {
		t.Errorf("diagnostics %v", dg)
	}
}

// Before phase 2 the model is 0; the default m1 and λ resolve as documented.
func TestScreenRidgeDefaults(t *testing.T) {
	const m, d, k = 500, 20, 4
	ds := screenData(t, m, d, 5)
	var early []float64
	res, err := Fit(&ScreenRidge{K: k}, ds.Stream(), Options{Seed: 1, Checkpoints: []int{100, m}, OnCheckpoint: func(c Checkpoint) {
		if c.Examples == 100 {
			early = slices.Clone(c.W)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if NonZero(early) != 0 {
		t.Errorf("weights during screening: %v, want 0", early)
	}
	if m1 := res.Params["m1"]; m1 != 150 { // min(⌈30·20/4⌉, 250)
		t.Errorf("default m1 = %g, want 150", m1)
	}
	if !(res.Params["lambda"] > 0) {
		t.Errorf("default lambda %g", res.Params["lambda"])
	}
}

func TestScreenRidgeBadParameters(t *testing.T) {
	ds := screenData(t, 10, 12, 1)
	for _, c := range []struct {
		s    *ScreenRidge
		want string
	}{
		{&ScreenRidge{K: 0}, "k"}, {&ScreenRidge{K: 13}, "k"}, {&ScreenRidge{K: 2, M1: 10}, "m1"},
		{&ScreenRidge{K: 2, M1: -1}, "m1"}, {&ScreenRidge{K: 2, Lambda: -1}, "lambda"}, {&ScreenRidge{K: 2, Lambda: math.NaN()}, "lambda"},
	} {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "screen-ridge: "+c.want) {
			t.Errorf("%+v: %v", c.s, err)
		}
	}
	if _, err := Fit(&ScreenRidge{K: 1}, ds.Head(1).Stream(), Options{}); !errors.Is(err, ErrParam) {
		t.Errorf("m = 1: %v", err)
	}
}
