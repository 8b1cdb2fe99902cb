package lao

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
)

// GradientEstimate is one draw of a stochastic solver's gradient estimate
// for one example at a fixed w, and what it cost.
type GradientEstimate struct {
	// G is the estimate, dense (length d) and zero off the sampled
	// coordinates.
	G []float64
	// Attributes is the number of distinct attributes revealed to form it
	// (at most the solver's per-example budget).
	Attributes int
}

// EstimateGradient draws one gradient estimate of a stochastic solver at w
// for the example (x, y), through the same code the solver runs and under
// the same per-example budget, so its statistics can be studied directly
// (the notebooks check Lemma 3.3 of Hazan & Koren 2012 with it):
//
//	"aerr"  Hazan & Koren 2012 Alg. 1 lines 3-10: g̃ = φ̃x̃, φ̃ = ||w||₂²x_j/w_j − y with
//	        P[j] = w_j²/||w||₂², x̃ from k uniform draws; k + 1 attributes.
//	"aelr"  Hazan & Koren 2012 Alg. 2 lines 4-11: the same with φ̃ = ||w||₁sgn(w_j)x_j − y,
//	        P[j] = |w_j|/||w||₁; k + 1 attributes.
//	"aer"   Cesa-Bianchi et al. 2010 Alg. 2 / eq. (4): 2(ŷ − y)v with v from k/2 attributes
//	        without replacement and ŷ from k/2 draws P[i] = |w_i|/||w||₁;
//	        k attributes.
//
// Each is unbiased for ExactGradient(solver, w, x, y). k must be in
// [1, d] (AER: [2, d]); x and w must have the same length d ≥ 1.
func EstimateGradient(solver string, k int, w, x []float64, y float64, rng *rand.Rand) (GradientEstimate, error) {
	d := len(x)
	if d == 0 || len(w) != d {
		return GradientEstimate{}, fmt.Errorf("lao: EstimateGradient: len(x) = %d, len(w) = %d: want equal and ≥ 1: %w", d, len(w), ErrShape)
	}
	if rng == nil {
		return GradientEstimate{}, fmt.Errorf("lao: EstimateGradient: nil random generator: %w", ErrParam)
	}
	if solver != "aerr" && solver != "aelr" && solver != "aer" {
		return GradientEstimate{}, fmt.Errorf("lao: EstimateGradient: solver %q has no single-example gradient estimate (want aerr, aelr or aer): %w", solver, ErrParam)
	}
	if err := finiteAll(w, x, y); err != nil {
		return GradientEstimate{}, fmt.Errorf("lao: EstimateGradient: %w", err)
	}
	if err := checkK(solver, k, d); err != nil {
		return GradientEstimate{}, err
	}
	ex := NewExample(d)
	g := make([]float64, d)
	xt := newSparseVec(d)
	switch solver {
	case "aerr", "aelr":
		ex.Reset(x, y, k+1)
		if solver == "aerr" {
			aerrGradient(ex, core.NewBall(w), k, nil, rng, xt)
		} else {
			aelrGradient(ex, newDenseL1(w), k, nil, rng, xt)
		}
		for _, i := range xt.idx {
			g[i] = xt.at(i)
		}
	case "aer":
		if k < 2 {
			return GradientEstimate{}, paramErr("aer", "K", "= %d: AER needs k ≥ 2 (k/2 attributes for x and k/2 for w·x)", k)
		}
		ex.Reset(x, y, k)
		kx, ky := (k+1)/2, k/2
		perm, swaps, out := subsetScratch(d, kx)
		yhat := aerEstimates(ex, newDenseL1(w), kx, ky, rng, perm, swaps, out, xt)
		for _, i := range xt.idx {
			g[i] = 2 * (yhat - y) * xt.at(i)
		}
	}
	return GradientEstimate{G: g, Attributes: ex.Observed()}, nil
}

// ExactGradient is the gradient that EstimateGradient's draws estimate:
// (w·x − y)x for "aerr" and "aelr" (Hazan & Koren 2012 writes the loss as
// ½(w·x − y)²), 2(w·x − y)x for "aer" (Cesa-Bianchi et al.'s (w·x − y)²).
func ExactGradient(solver string, w, x []float64, y float64) ([]float64, error) {
	if len(x) == 0 || len(w) != len(x) {
		return nil, fmt.Errorf("lao: ExactGradient: len(x) = %d, len(w) = %d: want equal and ≥ 1: %w", len(x), len(w), ErrShape)
	}
	c := 1.0
	switch solver {
	case "aerr", "aelr":
	case "aer":
		c = 2
	default:
		return nil, fmt.Errorf("lao: ExactGradient: unknown solver %q (want aerr, aelr or aer): %w", solver, ErrParam)
	}
	r := c * (dot(w, x) - y)
	g := make([]float64, len(x))
	for i, v := range x {
		g[i] = r * v
	}
	return g, nil
}

// finiteAll reports an ErrNotFinite error naming the first NaN or ±Inf
// among w, x and y.
func finiteAll(w, x []float64, y float64) error {
	for i, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("w[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("x[%d] = %g: %w", i, v, ErrNotFinite)
		}
	}
	if math.IsNaN(y) || math.IsInf(y, 0) {
		return fmt.Errorf("y = %g: %w", y, ErrNotFinite)
	}
	return nil
}
