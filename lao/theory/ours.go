package theory

import (
	"math"

	"github.com/laoproject/lao/lao"
)

const nbCosts = "notebooks/08_costs.ipynb"

// ourTheorems: this project's results on attributes with prices (ours, not
// the papers'; the proofs are in docs/costs.md). They extend Kukliansky &
// Shamir 2015's variance analysis (their Lemmas 3.2-3.4 and 4.2-4.5) to a
// price per attribute.
var ourTheorems = []Theorem{
	{ID: "ours/c1", Paper: PaperOurs, Notebook: nbCosts, Number: "Proposition C.1", Kind: KindTool, Solver: "ddaerr", Exact: true,
		Statement:   "For one importance-weighted draw x̃ = x_i/q_i·e_i, the second moment times the expected price, (Σ_j E[x_j²]/q_j)(Σ_j q_j c_j), is at least Γ = (Σ_j √(E[x_j²]c_j))², with equality exactly for q_j ∝ √(E[x_j²]/c_j).",
		Assumptions: "prices c_j > 0; E[x_j²] the second moments; repeats charged again (an upper bound on the spend when re-reading is free)",
		BoundTeX:    `\Big(\sum_j \tfrac{\mathbb E[x_j^2]}{q_j}\Big)\Big(\sum_j q_j c_j\Big) \ge \Big(\sum_j \sqrt{\mathbb E[x_j^2]\,c_j}\Big)^2`,
		Tests:       []string{"lao.TestPricedSamplingOptimal", "lao.TestPricedEstimatorStatistics"},
		Note:        "Cauchy-Schwarz on (√(E[x_j²]/q_j))·(√(q_j c_j)); Γ is lao.PricedProduct. With equal prices it is Kukliansky & Shamir 2015's eq. (4) times the price."},
	{ID: "ours/c2", Paper: PaperOurs, Notebook: nbCosts, Number: "Theorem C.2", Kind: KindUpper, Solver: "ddaerr", Exact: true,
		Statement:   "GAERR (DDAERR with prices) after examples of total expected cost T, with k = √(S·c_in/c̄) draws for x̃ and Theorem 3.1's step, is within 4B²(√(S·c̄) + √c_in)/√T of the best l2-bounded predictor; the priced q makes S·c̄ = Γ, the smallest possible.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; S·c̄: the x̃ draw's second moment times its expected price; c_in ≥ the inner-product draw's expected price on every example (at most the largest price); T: the total expected cost (the bound's parameters Product, InnerCost and Cost); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le \frac{4B^2\left(\sqrt{\Gamma} + \sqrt{c_{in}}\right)}{\sqrt T}`,
		Bound: func(p BoundParams) float64 {
			return lao.PricedRidgeBound(p.Cost, p.B, p.Product, p.InnerCost)
		},
		Unit: "excess risk", Tests: []string{"lao.TestPricedRidgeBound"},
		Note: "From Kukliansky & Shamir 2015's Theorem 3.1 and Lemma 3.4 with m = T/(k·c̄ + c_in) and k minimising (S/k + 1)(k·c̄ + c_in). At a fixed k the ratio of the costs at which a cost-blind and the priced sampler reach the same bound is lao.PricedGainAtK; for large S it tends to lao.PricedGain."},
	{ID: "ours/c3", Paper: PaperOurs, Number: "Proposition C.3", Kind: KindTool, Exact: true,
		Statement:   "The inner-product draw w_j x_j/p_j: its second moment times expected price is smallest for p_j ∝ |w_j|√(E[x_j²]/c_j) (given the moments); for the worst x with ||x||₂ ≤ 1 it is p ∝ w², whatever the prices; for the worst x with ||x||∞ ≤ 1 it is p_j ∝ |w_j|/√c_j, which raises E[(w_j x_j/p_j)²] by at most Kantorovich's (r^{1/4} + r^{-1/4})²/4, r = max c/min c.",
		Assumptions: "prices c_j > 0; w fixed",
		BoundTeX:    `\max_x \sum_j \tfrac{w_j^2x_j^2}{p_j}\cdot\sum_j p_jc_j \ge \sum_j w_j^2 c_j\ (\|x\|_2\le1),\quad \ge \Big(\sum_j|w_j|\sqrt{c_j}\Big)^2\ (\|x\|_\infty\le1)`,
		Tests:       []string{"lao.TestPricedSamplingOptimal"}},
	{ID: "ours/c4", Paper: PaperOurs, Notebook: nbCosts, Number: "Proposition C.4", Kind: KindTool, Solver: "ddaelr", Exact: true,
		Statement:   "Under the l1 analysis' criterion max_i E[x̃_i²], the draw's criterion times expected price is at least Σ_i E[x_i²]c_i, with equality exactly for DDAELR's q ∝ E[x_i²]: prices do not change the x̃ distribution of the l1 solvers; with k chosen for the cost they only change k.",
		Assumptions: "prices c_i > 0; Kukliansky & Shamir 2015's Lemma 4.2 criterion",
		BoundTeX:    `\max_i \tfrac{\mathbb E[x_i^2]}{q_i}\cdot\sum_i q_ic_i \ge \sum_i \mathbb E[x_i^2]\,c_i`,
		Tests:       []string{"lao.TestPricedSamplingOptimal"}},
	{ID: "ours/c5", Paper: PaperOurs, Notebook: nbCosts, Number: "Corollary C.5", Kind: KindTool, Solver: "aerr", Exact: true,
		Statement:   "Predicted gain of priced over cost-blind sampling: the cost-blind draw's second moment times price over Γ, at least 1 and 1 at equal prices; on standardised columns (equal moments) AERR's uniform draw gives d·Σc_j/(Σ√c_j)², DDAERR's q ∝ √E[x²] gives (Σ√E[x_j²])(Σ√E[x_j²]·c_j)/Γ.",
		Assumptions: "as Theorem C.2; the ratio of total costs for the same bound when the x̃ draws dominate (S/k ≫ 1, k·c̄ ≫ c_in)",
		BoundTeX:    `\rho_c = \frac{S(q_{blind})\,\bar c(q_{blind})}{\Gamma} \ge 1`,
		Bound: func(p BoundParams) float64 {
			if p.Product == 0 {
				return math.NaN()
			}
			return p.BlindProduct / p.Product
		},
		Unit:  "ratio",
		Tests: []string{"lao.TestPricedSamplingOptimal"},
		Note:  "Bound evaluates BlindProduct/Product (the cost-blind draw's S·c̄ over Γ) (lao.PricedGain computes it from moments and prices). The predicted ratio of docs/results.md."},
}
