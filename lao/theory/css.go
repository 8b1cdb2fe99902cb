package theory

import (
	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/lowerbound"
)

// cssLower is the sample complexity d/(kε) of Cesa-Bianchi et al.'s
// Theorem 3, which Hazan & Koren restate as their Theorem 2.1.
func cssLower(p BoundParams) float64 { return float64(p.D) / (float64(p.K) * p.Eps) }

// cssLowerTeX is cssLower's statement.
const cssLowerTeX = `m = \Omega\!\left(\frac{d}{k\varepsilon}\right)`

// cssTheorems: Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010 (all four
// theorems) and the three impossibility results of its JMLR 2011 version
// that the lower-bound generators follow.
var cssTheorems = []Theorem{
	{ID: "css2010/1", Paper: PaperCSS2010, Number: "Theorem 1", Kind: KindUpper, Solver: "baseline",
		Statement:   "Baseline's minimiser of the estimated loss is competitive with the best l1-bounded predictor, with an extra d²/k factor over Lasso.",
		Assumptions: "x ∈ [−1,1]^d, y ∈ [−1,1]; loss (w·x − y)²; with probability 1 − δ",
		BoundTeX:    `L_D(\hat w) \le \min_{\|w\|_1\le B} L_D(w) + O\!\left(\frac{(dB)^2}{k}\sqrt{\frac{\ln(d/\delta)}{m}}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.BaselineBound(p.D, p.K, p.M, p.B, p.Delta) },
		Unit:        "excess risk",
		Notebook:    "notebooks/02_cesa_bianchi_2010.ipynb", Experiment: "css2010-3v5",
		Tests: []string{"lao.TestBaselineBelowTheorem1", "lao.TestBaselineEstimateUnbiased"}},
	{ID: "css2010/2", Paper: PaperCSS2010, Number: "Theorem 2", Kind: KindUpper, Solver: "aer",
		Statement:   "AER needs only a d/√k factor over full information (instead of Baseline's d²/k).",
		Assumptions: "x ∈ [−1,1]^d, y ∈ [−1,1]; ||w*||₁ ≤ B, ||w*||₂ ≤ B₂; λ = ((B+1)d/B₂)√(log m/(mk)); loss (w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^\star) + O\!\left(\frac{d(B+1)B_2}{\sqrt k}\sqrt{\frac{\ln m}{m}}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.AERBound(p.D, p.K, p.M, p.B, p.B2) },
		Unit:        "excess risk",
		Notebook:    "notebooks/02_cesa_bianchi_2010.ipynb", Experiment: "css2010-3v5",
		Tests: []string{"lao.TestAERBelowTheorem2", "lao.TestAERGradientUnbiased", "lao.TestAERMatchesReference"}},
	{ID: "css2010/3", Notebook: nb07, Experiment: "lower-bounds", Paper: PaperCSS2010, Number: "Theorem 3", Kind: KindLower, Generator: "lowerbound.NewCSS",
		Statement:   "Any algorithm seeing k attributes per example needs Ω(d/(kε)) examples to reach excess risk ε on some sparse problem.",
		Assumptions: "ε ∈ (0, 1/16), d ≥ 4k; ||w*||₀ = 1, ||w*||₁ = ||w*||₂ = 2√ε",
		BoundTeX:    cssLowerTeX, Bound: cssLower, Unit: "examples",
		Tests: []string{"lao/lowerbound.TestCSSPopulation", "lao/lowerbound.TestMeasureSamplesCoinCounter", "lao/lowerbound.ExampleNewCSS"},
		Note:  "Proved in the journal version (Theorem 1, Appendix A) under a global budget, with the explicit constant of css2011/1."},
	{ID: "css2010/4", Notebook: nb07, Experiment: "lower-bounds", Paper: PaperCSS2010, Number: "Theorem 4", Kind: KindLower, Generator: "lowerbound.NewCSSTheorem4",
		Statement:   "Predicting from only 2 attributes of each test example can have risk ≥ 1/9 even when the best linear predictor has zero risk.",
		Assumptions: "x uniform on {±1}³, y = (x₁ + x₂ + x₃)/3, L_D(w*) = 0; loss (w·x − y)²",
		BoundTeX:    `L_D(A) \ge 1/9`,
		Bound:       func(BoundParams) float64 { return 1.0 / 9 }, Exact: true, Unit: "risk",
		Tests: []string{"lao/lowerbound.TestActiveFloorExhaustive", "lao/lowerbound.TestActiveLearnOnBudgetPredictOnBudget", "lao/lowerbound.ExampleActive_BestActiveRisk"},
		Note:  "The journal's Theorem 3 (css2011/3) with c = 3/2, k = 2; the conference text gives no construction."},

	{ID: "css2011/1", Notebook: nb07, Experiment: "lower-bounds", Paper: PaperCSS2011, Number: "Theorem 1", Kind: KindLower, Generator: "lowerbound.NewCSS", Exact: true,
		Statement:   "Even with a global budget, a learner must read at least ½⌊d/(96ε)⌋ attributes in total to reach excess risk ε; with k per example that is ⌊d/(96ε)⌋/(2k) examples.",
		Assumptions: "d ≥ 4, ε ∈ (0, 1/16); one attribute with P[x_j = y] = ½ + √ε, the others fair; loss (w·x − y)²",
		BoundTeX:    `m \ge \frac{1}{2k}\left\lfloor\frac{d}{96\varepsilon}\right\rfloor`,
		Bound:       func(p BoundParams) float64 { return lowerbound.CSSMinExamples(p.D, p.K, p.Eps) },
		Unit:        "examples",
		Tests:       []string{"lao/lowerbound.TestCSSPopulation", "lao/lowerbound.TestMeasureSamplesCoinCounter"}},
	{ID: "css2011/2", Notebook: nb07, Experiment: "lower-bounds", Paper: PaperCSS2011, Number: "Theorem 2", Kind: KindLower, Generator: "lowerbound.NewActiveL2", Exact: true,
		Statement:   "With ||w*||₂ = 1 and zero risk, any predictor reading k of the d attributes of a test example has risk at least 1 − k/d.",
		Assumptions: "x uniform on {±1}^d, y = Σ x_i/√d; loss (w·x − y)²; K = k test attributes",
		BoundTeX:    `L_D(A) \ge 1 - \frac{k}{d}`,
		Bound:       func(p BoundParams) float64 { return 1 - float64(p.K)/float64(p.D) },
		Unit:        "risk",
		Tests:       []string{"lao/lowerbound.TestActiveFloorExhaustive"}},
	{ID: "css2011/3", Notebook: nb07, Experiment: "lower-bounds", Paper: PaperCSS2011, Number: "Theorem 3", Kind: KindLower, Generator: "lowerbound.NewActiveL1", Exact: true,
		Statement:   "Even with ||w*||₁ = 1, zero risk and ck non-zero weights (c > 1), any predictor reading k attributes of a test example has risk at least (1 − 1/c)/(ck).",
		Assumptions: "x uniform on {±1}^d, y the mean of s = ck of them; loss (w·x − y)²; K = k test attributes, S = ck",
		BoundTeX:    `L_D(A) \ge \left(1 - \frac1c\right)\frac{1}{ck}`,
		Bound: func(p BoundParams) float64 {
			s := float64(p.S)
			return max(s-float64(p.K), 0) / (s * s)
		},
		Unit:  "risk",
		Tests: []string{"lao/lowerbound.TestActiveFloorExhaustive"},
		Note:  "The proofs fix the first k attributes without loss of generality; lowerbound.BestActiveRisk confirms the floor over adaptive predictors by exhaustive search."},
}
