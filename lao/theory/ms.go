package theory

import "github.com/laoproject/lao/lao"

const nbMS = "notebooks/06_murata_suzuki_2018.ipynb"

// sparse returns the constants of Murata & Suzuki 2018's bounds with the
// defaults of BoundParams.Sparse filled in.
func (p BoundParams) sparse() lao.SparseConstants {
	c := p.Sparse
	if c.D == 0 {
		c.D = p.D
	}
	if c.SPrime == 0 {
		c.SPrime = p.K
	}
	if c.S == 0 {
		c.S = max(c.SPrime/2, 1)
	}
	if c.SStar == 0 {
		c.SStar = c.S
	}
	for _, v := range []*float64{&c.Kappa, &c.Mu, &c.RInf, &c.Sigma, &c.RMin} {
		if *v == 0 {
			*v = 1
		}
	}
	return c
}

// alpha and gap0 return Alpha and Gap0 with their defaults (1/2, 1).
func (p BoundParams) alpha() float64 {
	if p.Alpha == 0 {
		return 0.5
	}
	return p.Alpha
}

func (p BoundParams) gap0() float64 {
	if p.Gap0 == 0 {
		return 1
	}
	return p.Gap0
}

// msTheorems: every theorem and corollary of Murata & Suzuki, NeurIPS 2018.
var msTheorems = []Theorem{
	{ID: "ms2018/4.1", Paper: PaperMS2018, Number: "Theorem 4.1", Kind: KindUpper, Solver: "exploration", Notebook: nbMS, Experiment: "ms2018-fig1",
		Statement:   "Exploration (stochastic gradient iterative hard thresholding on s'-attribute examples) converges linearly, up to a term Δ, an accuracy the user picks and pays for with larger mini-batches.",
		Assumptions: "||x||∞ ≤ R∞; restricted smoothness L_s and strong convexity μ_s, κ_s = L_s/μ_s; s = O(κ_s² s_*), η = Θ(1/L_s), ᾰ = Θ(1/κ_s), B_t large enough; probability 1 − δ; loss (θ·x − y)²; Δ and T are the registry's parameters eps and updates",
		BoundTeX:    `\mathcal L(\theta_T) - \mathcal L(\theta_*) \le (1-\breve\alpha)^T\left(\mathcal L(\theta_0) - \mathcal L(\theta_*) + \Delta\right)`,
		Bound:       func(p BoundParams) float64 { return lao.ExplorationBound(p.alpha(), p.Updates, p.gap0(), p.Eps) },
		Unit:        "excess risk",
		Tests:       []string{"lao.TestExplorationLinearRate", "lao.TestExplorationMatchesReference"}},
	{ID: "ms2018/4.2", Paper: PaperMS2018, Number: "Corollary 4.2", Kind: KindUpper, Solver: "exploration", Notebook: nbMS, Experiment: "ms2018-fig1",
		Statement:   "Exploration reaches excess risk ε from Õ(d s²/(s'−s) + (d s/(s'−s))σ²/ε) examples: O(1/ε), but the noise term pays d/(s'−s).",
		Assumptions: "Theorem 4.1's; Δ = L(θ_0) − L(θ_*); Õ hides log(κ_s d/δ)",
		BoundTeX:    `\widetilde O\!\left(\frac{\kappa_s R_\infty^4}{\mu_s^2}\frac{ds^2}{s'-s} + \frac{\kappa_s R_\infty^2}{\mu_s}\frac{ds}{s'-s}\frac{\sigma^2}{\varepsilon}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.ExplorationSamples(p.sparse(), p.Eps) },
		Unit:        "examples",
		Tests:       []string{"lao.theory.TestMS2018Entries"}},
	{ID: "ms2018/4.3", Paper: PaperMS2018, Number: "Theorem 4.3", Kind: KindUpper, Solver: "exploitation", Notebook: nbMS,
		Statement:   "Exploitation (mini-batch gradient descent on the fixed support of θ_0) converges linearly when supp θ_* ⊆ supp θ_0, and in general does not increase the excess risk by more than a factor 1/(1−ᾰ) plus Δ.",
		Assumptions: "s ≥ |supp θ_0| ∨ s_*; η = Θ(1/L_s), ᾰ = Θ(1/κ_s), B_t large enough; probability 1 − δ; the bound drawn is the supp θ_* ⊆ supp θ_0 case",
		BoundTeX:    `\mathcal L(\theta_T) - \mathcal L(\theta_*) \le (1-\breve\alpha)^T\left(\mathcal L(\theta_0) - \mathcal L(\theta_*) + \Delta\right)`,
		Bound:       func(p BoundParams) float64 { return lao.ExplorationBound(p.alpha(), p.Updates, p.gap0(), p.Eps) },
		Unit:        "excess risk",
		Tests:       []string{"lao.TestExploitationLinearRate", "lao.TestExploitationMatchesReference"},
		Note:        "The general case is lao.ExploitationGeneralBound; the test also shows that a support missing a coordinate of θ_* cannot converge."},
	{ID: "ms2018/4.4", Paper: PaperMS2018, Number: "Theorem 4.4", Kind: KindUpper, Solver: "hybrid", Notebook: nbMS, Experiment: "ms2018-fig1",
		Statement:   "Hybrid (rounds of 3 Exploration and T̃ Exploitation updates) contracts by (1−ᾰ) per round: 2(1−ᾰ)^K in general, and once the support is found (K ≥ ǩ + 1 rounds, ǩ depending on r_min) the bound gains one factor (1−ᾰ)^{T̃} in all, 2(1−ᾰ)^{K+T̃}.",
		Assumptions: "Theorem 4.1's; T_k⁻ = 3, T̃ = ⌈log(d/(Θ(κ_s²)(s'−s)) ∨ 1)/log(1/(1−ᾰ))⌉; probability 1 − 2δ; K rounds (the registry's parameter updates)",
		BoundTeX:    `\mathcal L(\widetilde\theta_K) - \mathcal L(\theta_*) \le 2(1-\breve\alpha)^{K + \widetilde T\,\mathbb 1[K > \check k]}\left(\mathcal L(\widetilde\theta_0) - \mathcal L(\theta_*)\right)`,
		Bound: func(p BoundParams) float64 {
			c := p.sparse()
			return lao.HybridBound(p.alpha(), p.Updates, p.Ttilde, p.gap0(), c.RMin, c.Mu)
		},
		Unit:  "excess risk",
		Tests: []string{"lao.TestHybridRecoversSupport", "lao.TestHybridMatchesReference", "lao.theory.TestMS2018Entries"},
		Note:  "The paper's Algorithm 3 writes the Exploitation output as θ̃_k⁻; its loop and return show it is θ̃_k."},
	{ID: "ms2018/4.5", Paper: PaperMS2018, Number: "Corollary 4.5", Kind: KindUpper, Solver: "hybrid", Notebook: nbMS, Experiment: "ms2018-fig1",
		Statement:   "Hybrid reaches excess risk ε from Õ(κ³s² + d s²/(s'−s) + (κ²s/(μ r_min²) ∧ d s/(s'−s))σ²/ε) examples: near the full-information minimax rate s σ²/ε when r_min is not too small.",
		Assumptions: "Theorem 4.4's; Õ hides log factors; κ_s, R_∞, μ_s as in Sparse",
		BoundTeX:    `\widetilde O\!\left(\frac{\kappa_s^3R_\infty^4}{\mu_s^2}s^2 + \frac{\kappa_sR_\infty^4}{\mu_s^2}\frac{ds^2}{s'-s} + \frac{\kappa_sR_\infty^2}{\mu_s}\left(\frac{\kappa_s^2 s}{\mu_s r_{\min}^2}\wedge\frac{ds}{s'-s}\right)\frac{\sigma^2}{\varepsilon}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.HybridSamples(p.sparse(), p.Eps) },
		Unit:        "examples",
		Tests:       []string{"lao.theory.TestMS2018Entries"},
		Note:        "The corollary says \"under the settings of Theorem 4.5\"; it means Theorem 4.4."},
}
