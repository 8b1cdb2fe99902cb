package lao

import (
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
)

// This file holds the options that change how the AERR/AELR family
// estimates the gradient or steps, beyond the algorithms as specified:
//
//   - the variants Kukliansky & Shamir (2015) used in their experiments
//     (Section 5): "the improved inner product estimation as well as the
//     improved data point estimation, as discussed in page 8" — page 8
//     discusses exactly two sampling choices: q_i ∝ √E[x_i²] for the data
//     point x̃ (eq. (4), which DDAERR is) and, after Lemma 3.3, the
//     inner-product distribution p_j ∝ √(w_j² E[x_j²]) = |w_j|√E[x_j²]
//     (InnerDD); the attribute budget "split evenly between the data point
//     estimation and the inner product estimation" (Split); and, for the
//     two-phased algorithms, ε = 0 and a first phase that runs AERR/AELR
//     and warm-starts the second (two_phased_variants.go);
//   - AdaGrad's per-coordinate step sizes (their Appendix A, eq. (13)).
//
// Every option is off by default: the solvers run the algorithms as
// specified unless asked.

// estOpts are a learner's estimator and step options.
type estOpts struct {
	r      int       // draws of the inner-product estimate (1: the algorithms as specified)
	innerC []float64 // nil: p_j ∝ w_j² (ridge) or |w_j| (lasso); else p_j ∝ |w_j|·innerC_j
	ada    bool      // AdaGrad steps (ridge only)
}

// splitBudget returns the draws for x̃ and for the inner product: k and 1
// as specified, or the budget k+1 split evenly, ⌈(k+1)/2⌉ and ⌊(k+1)/2⌋
// (the paper does not say which part gets the odd attribute; x̃ does here,
// as AER's v does).
func splitBudget(k int, split bool) (kx, r int) {
	if !split {
		return k, 1
	}
	return (k + 2) / 2, (k + 1) / 2
}

// flag01 validates a 0/1 option.
func flag01(solver, name string, v int) (bool, error) {
	if v != 0 && v != 1 {
		return false, paramErr(solver, name, "= %d, want 0 (off) or 1 (on)", v)
	}
	return v == 1, nil
}

// rootsOf returns √v_i.
func rootsOf(v []float64) []float64 {
	r := make([]float64, len(v))
	for i, x := range v {
		r[i] = math.Sqrt(x)
	}
	return r
}

// weightedInnerEstimate returns an unbiased estimate of w·x from r
// attributes drawn independently with p_j = |w_j|c_j/Σ_i|w_i|c_i
// (Kukliansky & Shamir 2015, the paragraph after Lemma 3.3, with
// c_j = √E[x_j²]): the mean of w_j x_j/p_j = sgn(w_j)·x_j·Σ_i|w_i|c_i/c_j.
// It is unbiased when x_j = 0 wherever c_j = 0 and w_j ≠ 0 (true almost
// surely for c_j = √E[x_j²]). If Σ_i|w_i|c_i = 0 it returns 0 and reveals
// nothing.
func weightedInnerEstimate(ex *Example, w *core.Lazy, c []float64, r int, rng *rand.Rand) float64 {
	W := w.WeightedNorm()
	if W == 0 {
		return 0
	}
	var s float64
	for range r {
		j := w.SampleWeighted(rng.Float64())
		s += math.Copysign(1, w.W(j)) * ex.Attr(j) * W / c[j]
	}
	return s / float64(r)
}

// innerL2 is the inner-product estimate of the ridge learners: the mean of
// r draws with p_j = w_j²/||w||₂² (Hazan & Koren 2012, Alg. 1 lines 8-9),
// or weightedInnerEstimate.
func innerL2(ex *Example, w *core.Ball, o *estOpts, rng *rand.Rand) float64 {
	if o.innerC != nil {
		return weightedInnerEstimate(ex, w.Lazy, o.innerC, o.r, rng)
	}
	var s float64
	for range o.r {
		s += l2InnerEstimate(ex, w, rng)
	}
	return s / float64(o.r)
}

// innerL1 is the inner-product estimate of the lasso learners: the mean of
// r draws with p_j = |w_j|/||w||₁ (Hazan & Koren 2012, Alg. 2 lines 9-10),
// or weightedInnerEstimate.
func innerL1(ex *Example, z *core.EG, o *estOpts, rng *rand.Rand) float64 {
	if o.innerC != nil {
		return weightedInnerEstimate(ex, z.Lazy, o.innerC, o.r, rng)
	}
	var s float64
	for range o.r {
		s += egInnerEstimate(ex, z, rng)
	}
	return s / float64(o.r)
}

// AdaGradDefaultEta is the default base step of the AdaGrad option,
// η = √2·B: diagonal AdaGrad's regret bound (Duchi, Hazan & Singer 2011,
// Theorem 5) is minimised by η = D∞/√2 with D∞ = max||w − w*||∞ ≤ 2B on
// the l2 ball of radius B.
func AdaGradDefaultEta(B float64) float64 { return math.Sqrt2 * B }

// adaGradCenter is the centre of the AdaGrad step's CV grid: the grid's
// factors (10^-1 … 10^5) times √2·B/1000 span √2·B·(10^-4 … 10^2).
func adaGradCenter(B float64) float64 { return AdaGradDefaultEta(B) / 1000 }

// report adds the options in force to a learner's parameter report.
func (o *estOpts) report(m map[string]float64) map[string]float64 {
	if o.ada {
		m["adagrad"] = 1
	}
	if o.r > 1 {
		m["inner_draws"] = float64(o.r)
	}
	if o.innerC != nil {
		m["innerdd"] = 1
	}
	return m
}

// paperFlags validates Paper and returns the Split and InnerDD in force
// (Paper = 1 turns both on).
func paperFlags(solver string, paper, split, inner int) (int, int, error) {
	on, err := flag01(solver, "Paper", paper)
	if err != nil || !on {
		return split, inner, err
	}
	return 1, 1, nil
}
