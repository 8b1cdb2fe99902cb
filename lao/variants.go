package lao

import "math"

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
//     and warm-starts the second (twophased.go);
//   - AdaGrad's per-coordinate step sizes (their Appendix A, eq. (13)).
//
// Every option is off by default: the solvers run the algorithms as
// specified unless asked.

// estOpts are a learner's estimator and step options.
type estOpts struct {
	r      int       // draws of the inner-product estimate (1: the algorithms as specified)
	innerC []float64 // nil: p_j ∝ w_j² (ridge) or |w_j| (lasso); else p_j ∝ |w_j|·innerC_j
	ada    bool      // AdaGrad steps (ridge only)
	// kDerived, if positive, is a k the solver derived from its cost
	// budget (K = 0): the learner reports it as "k".
	kDerived int
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

// ridgeOpts returns the options of the ridge family (AdaGrad, Split,
// InnerDD with the weights c of p_j ∝ |w_j|c_j).
func ridgeOpts(adagrad, split, innerDD bool, c []float64) estOpts {
	o := lassoOpts(split, innerDD, c)
	o.ada = adagrad
	return o
}

// lassoOpts returns the Split and InnerDD options (r = 1 unless split; the
// caller turns r into the x̃/inner split with withSplit).
func lassoOpts(split, innerDD bool, c []float64) estOpts {
	o := estOpts{r: 1}
	if split {
		o.r = -1 // resolved by withSplit once k is known
	}
	if innerDD {
		o.innerC = c
	}
	return o
}

// withSplit returns the x̃ draws for a budget of k+1 and sets o.r.
func (o *estOpts) withSplit(k int) int {
	kx, r := splitBudget(k, o.r < 0)
	o.r = r
	return kx
}

// rootsOf returns √v_i.
func rootsOf(v []float64) []float64 {
	r := make([]float64, len(v))
	for i, x := range v {
		r[i] = math.Sqrt(x)
	}
	return r
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
	if o.kDerived > 0 {
		m["k"] = float64(o.kDerived)
	}
	return m
}

// paperFlags returns the Split and InnerDD in force: both on if paper is.
func paperFlags(paper, split, inner bool) (bool, bool) {
	return split || paper, inner || paper
}

// The variant options, each declared once for every solver that offers it.

// adaGradParam declares the AdaGrad option; where says where it applies
// ("" or " in both phases").
func adaGradParam(v *bool, where string) Param {
	return BoolParam("adagrad", v, "AdaGrad's per-coordinate steps"+where+" (Kukliansky & Shamir 2015, Appendix A); off: one step size")
}

// splitParam declares the Split option.
func splitParam(v *bool, where string) Param {
	return BoolParam("split", v, "the k+1 attributes split evenly between x̃ and w·x"+where+" (Kukliansky & Shamir 2015, Section 5); off: k and 1")
}

// innerDDParam declares the InnerDD option: inner-product draws
// p_j ∝ dd, or as off says.
func innerDDParam(v *bool, dd, off string) Param {
	return BoolParam("innerdd", v, "inner-product draws p_j ∝ "+dd+" (Kukliansky & Shamir 2015, page 8); off: "+off)
}

// paperParam declares the Paper option, which turns on the options named
// in selects.
func paperParam(v *bool, selects string) Param {
	return BoolParam("paper", v, "the paper's experimental variant: "+selects+" on (Kukliansky & Shamir 2015, Section 5)")
}

// adaGradEtaDefault is what a zero η selects with the AdaGrad option on.
const adaGradEtaDefault = ", or with adagrad on its base step √2·B"

// ridgeEtaParam declares the step size η of a solver with the AdaGrad
// option: zero selects def (AdaGrad's base step √2·B with adagrad on,
// ridgeEta); cross-validation searches around center(p), or around
// adaGradCenter(B) with adagrad on, over the split range if split.
func ridgeEtaParam(eta *float64, ada *bool, B *float64, split bool, what, def string, center func(Problem) float64) Param {
	return FloatParam("eta", eta, what, ridgeStepTune(split, func(p Problem) float64 {
		if *ada {
			return adaGradCenter(max(*B, 1e-300))
		}
		return center(p)
	})).withDefault(def + adaGradEtaDefault)
}

// ridgeEta resolves the step size of a solver with the AdaGrad option:
// eta if set, else AdaGrad's base step √2·B if ada, else def.
func ridgeEta(solver string, eta float64, ada bool, B, def float64) (float64, error) {
	if ada {
		def = AdaGradDefaultEta(B)
	}
	return positiveOr(solver, "eta", eta, def)
}
