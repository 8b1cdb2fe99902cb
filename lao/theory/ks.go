package theory

import (
	"math"

	"github.com/laoproject/lao/lao"
)

const nbKS = "notebooks/05_kukliansky_shamir.ipynb"

// ks39 is Lemma 3.9's bound (4B²/√m₂)·√(2H/k + (2/k)√(5d/3)·√H·√ε + 1),
// with H = p.Half, ε = p.Eps and m₂ = p.M.
func ks39(p BoundParams) float64 {
	k := float64(p.K)
	in := 2*p.Half/k + 2/k*math.Sqrt(5*float64(p.D)/3)*math.Sqrt(p.Half)*math.Sqrt(p.Eps) + 1
	return 4 * p.B * p.B / math.Sqrt(float64(p.M)) * math.Sqrt(in)
}

// phiMoment is Lemmas 3.3 and 4.4's bound on the second moment of φ̃, the
// inner-product estimate minus the label: 4B² in both scenarios.
func phiMoment(p BoundParams) float64 { return 4 * p.B * p.B }

// phiMomentTeX is phiMoment's statement.
const phiMomentTeX = `\mathbb E[\tilde\phi_t^2] \le 4B^2`

func twoPhased(p BoundParams) float64 { return lao.TwoPhasedDDAERRBound(p.D, p.K, p.M, p.B) }

// mwRegret is the multiplicative-weights bound log(2d)/η + ηmG².
func mwRegret(p BoundParams) float64 {
	return math.Log(2*float64(p.D))/p.Eta + p.Eta*float64(p.M)*p.G*p.G
}

// ksTheorems: every theorem and lemma of Kukliansky & Shamir, ICML 2015
// (with its appendix B), numbered as in the arXiv version 1410.6382.
var ksTheorems = []Theorem{
	{ID: "ks2015/3.1", Paper: PaperKS2015, Number: "Theorem 3.1", Kind: KindUpper, Solver: "gaerr", Exact: true,
		Statement:   "GAERR, with any sampling distribution q for x̃, is within 2B²/(ηm) + ηG²/2 of the best l2-bounded predictor, where G² bounds E||g̃||².",
		Assumptions: "||x||₂ ≤ 1, |y| < B, ||w*||₂ ≤ B; max_t E||g̃_t||² ≤ G²; loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + \frac{2B^2}{\eta m} + \frac{\eta}{2}G^2`,
		Bound:       func(p BoundParams) float64 { return 2*p.B*p.B/(p.Eta*float64(p.M)) + p.Eta/2*p.G*p.G },
		Unit:        "excess risk",
		Tests:       []string{"lao.TestGAERRMatchesReference"}},
	{ID: "ks2015/3.2", Paper: PaperKS2015, Number: "Lemma 3.2", Kind: KindEstimator, Solver: "gaerr",
		Statement: "The second moment of x̃ (k independent draws from q) is (1/k)E||x̃_r||² plus (k−1)/k times E||x||².",
		BoundTeX:  `\mathbb E\|\tilde x_t\|_2^2 = \tfrac1k\mathbb E\|\tilde x_{t,r}\|_2^2 + \tfrac{k-1}{k}\mathbb E\|x\|_2^2`,
		Tests:     []string{"lao.TestGAERRGradientUnbiased"}},
	{ID: "ks2015/3.3", Paper: PaperKS2015, Number: "Lemma 3.3", Kind: KindEstimator, Solver: "gaerr", Exact: true,
		Statement:   "The inner-product estimate minus the label, φ̃, has second moment at most 4B².",
		Assumptions: "||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B",
		BoundTeX:    phiMomentTeX, Bound: phiMoment, Unit: "second moment"},
	{ID: "ks2015/3.4", Paper: PaperKS2015, Number: "Lemma 3.4", Kind: KindEstimator, Solver: "gaerr", Exact: true,
		Statement:   "GAERR's gradient estimate has E||g̃||² ≤ 4B²((1/k)E||x̃_r||² + 1); with DDAERR's q, E||x̃_r||² = ||E[x²]||_{1/2}.",
		Assumptions: "||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B; Half = Σ_i E[x_i²]/q_i (||E[x²]||_{1/2} for q_i ∝ √E[x_i²], d·E||x||² for uniform q)",
		BoundTeX:    `\mathbb E\|\tilde g_t\|_2^2 \le 4B^2\left(\tfrac1k\mathbb E\|\tilde x_{t,r}\|_2^2 + 1\right)`,
		Bound:       func(p BoundParams) float64 { return 4 * p.B * p.B * (p.Half/float64(p.K) + 1) }, Unit: "second moment",
		Tests: []string{"lao.TestGAERRGradientUnbiased", "lao.TestSamplingCostAndHalfNorm"}},
	{ID: "ks2015/3.5", Paper: PaperKS2015, Number: "Theorem 3.5", Kind: KindUpper, Solver: "ddaerr", Exact: true,
		Statement:   "DDAERR, sampling attribute i with probability ∝ √E[x_i²], replaces AERR's d by ||E[x²]||_{1/2} ≤ d in the bound.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B, E[x_i²] known; η = 1/√(m(||E[x²]||_{1/2}/k + 1)); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + \frac{4B^2}{\sqrt m}\sqrt{\frac{\|\mathbb E[x^2]\|_{1/2}}{k} + 1}`,
		Bound:       func(p BoundParams) float64 { return lao.DDAERRBound(p.K, p.M, p.B, p.Half) },
		Unit:        "excess risk", Notebook: nbKS, Experiment: "ks-fig3",
		Tests: []string{"lao.TestDDAERRTheorem35", "lao.ExampleDDAERR"}},
	{ID: "ks2015/3.6", Paper: PaperKS2015, Number: "Theorem 3.6", Kind: KindUpper, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "Two-Phased DDAERR with ||E[x²]||_{1/2} known is never worse than AERR's rate (with probability 1) and approaches DDAERR's as the first phase grows.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; ||E[x²]||_{1/2} known; the probability-1 bound (M = m₂ here)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le \frac{4B^2}{\sqrt{m_2}}\sqrt{\frac{6d}{k}}`,
		Bound:       twoPhased, Unit: "excess risk", Experiment: "ks-fig3",
		Tests: []string{"lao.TestTwoPhasedDDAERRMatchesReference"}},
	{ID: "ks2015/3.7", Paper: PaperKS2015, Number: "Lemma 3.7", Kind: KindEstimator, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "In the second phase, the single-draw estimate of x has E||x̃_r||² ≤ 5d always, and about 2||E[x²]||_{1/2} with probability ≥ 1 − δ once the first phase is long enough.",
		Assumptions: "||x||₂ ≤ 1; q from the first phase's estimates A plus 13ε/6",
		BoundTeX:    `\mathbb E\|\tilde x_{t,r}\|_2^2 \le 5d`,
		Bound:       func(p BoundParams) float64 { return 5 * float64(p.D) }, Unit: "second moment"},
	{ID: "ks2015/3.8", Paper: PaperKS2015, Number: "Lemma 3.8", Kind: KindUpper, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "With η = √(k/(6dm₂)), Two-Phased DDAERR's excess is at most 4B²√(6d/(km₂)) whatever the first phase gave.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; with probability 1 over the first phase (M = m₂)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le 4B^2\sqrt{\frac{6d}{km_2}}`,
		Bound:       twoPhased, Unit: "excess risk"},
	{ID: "ks2015/3.9", Paper: PaperKS2015, Number: "Lemma 3.9", Kind: KindUpper, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "Given H ≥ ||E[x²]||_{1/2}, Two-Phased DDAERR with the step size built from H is within (4B²/√m₂)√(2H/k + (2/k)√(5d/3)√(Hε) + 1) with probability ≥ 1 − δ.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; Half = H, Eps = the first phase's ε = d log(2d/δ)/((k+1)m₁), M = m₂",
		BoundTeX:    `\frac{4B^2}{\sqrt{m_2}}\sqrt{\frac{2H}{k} + \frac2k\sqrt{\frac{5d}{3}}\sqrt{H\varepsilon} + 1}`,
		Bound:       ks39, Unit: "excess risk"},
	{ID: "ks2015/3.10", Paper: PaperKS2015, Number: "Lemma 3.10", Kind: KindUpper, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "Taking the larger of the two step sizes gets the better of Lemma 3.8 (always) and Lemma 3.9 (with probability ≥ 1 − δ).",
		Assumptions: "as Lemmas 3.8 and 3.9",
		BoundTeX:    `\min\left\{4B^2\sqrt{\tfrac{6d}{km_2}},\ \frac{4B^2}{\sqrt{m_2}}\sqrt{\tfrac{2H}{k} + \tfrac2k\sqrt{\tfrac{5d}{3}}\sqrt{H\varepsilon} + 1}\right\}`,
		Bound:       func(p BoundParams) float64 { return min(twoPhased(p), ks39(p)) }, Unit: "excess risk"},
	{ID: "ks2015/3.11", Paper: PaperKS2015, Number: "Lemma 3.11", Kind: KindEstimator, Solver: "twophased-ddaerr",
		Statement: "The first phase's H = ||2A + (10/3)ε||_{1/2} over-estimates ||E[x²]||_{1/2} by at most a constant factor (plus an ε term), with probability ≥ 1 − δ.",
		BoundTeX:  `\|\mathbb E[x^2]\|_{1/2} \le \left\|2A + \tfrac{10}{3}\varepsilon\right\|_{1/2}`,
		Tests:     []string{"lao.TestTwoPhasedDDAERRBound"}},
	{ID: "ks2015/3.12", Paper: PaperKS2015, Number: "Theorem 3.12", Kind: KindUpper, Solver: "twophased-ddaerr", Exact: true,
		Statement:   "Two-Phased DDAERR, estimating the second moments on a first phase, is never worse than AERR's rate (with probability 1) and approaches DDAERR's as the first phase grows.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; m = m1 + m2; Algorithm 2's η; loss ½(w·x − y)²; the probability-1 bound (M = m2 here)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le \frac{4B^2}{\sqrt{m_2}}\sqrt{\frac{6d}{k}}`,
		Bound:       twoPhased, Unit: "excess risk", Notebook: nbKS, Experiment: "ks-fig3",
		Tests: []string{"lao.TestTwoPhasedDDAERRBound", "lao.TestTwoPhasedDDAERRMatchesReference"}},
	{ID: "ks2015/4.1", Paper: PaperKS2015, Number: "Theorem 4.1", Kind: KindUpper, Solver: "gaelr", Exact: true,
		Statement:   "GAELR, with any sampling distribution q, is within B(log(2d)/(ηm) + 5ηG²) of the best l1-bounded predictor when η ≤ 1/(2G).",
		Assumptions: "||x||∞ ≤ 1, |y| < B, ||w*||₁ ≤ B; max_t ||E[g̃_t²]||∞ ≤ G², η ≤ 1/(2G); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + B\left(\frac{\log 2d}{\eta m} + 5\eta G^2\right)`,
		Bound: func(p BoundParams) float64 {
			return p.B * (math.Log(2*float64(p.D))/(p.Eta*float64(p.M)) + 5*p.Eta*p.G*p.G)
		},
		Unit:  "excess risk",
		Tests: []string{"lao.TestGAELRMatchesReference"}},
	{ID: "ks2015/4.2", Paper: PaperKS2015, Number: "Lemma 4.2", Kind: KindEstimator, Solver: "gaelr",
		Statement: "Coordinate-wise, E[x̃²] is (1/k) times the single-draw second moment plus (k−1)/k times E[x_i²]; its largest entry governs GAELR.",
		BoundTeX:  `\|\mathbb E[\tilde x_t^2]\|_\infty = \max_i \tfrac1k\mathbb E[\tilde x_{t,r}[i]^2] + \tfrac{k-1}{k}\mathbb E[x_i^2]`,
		Tests:     []string{"lao.TestGAELRGradientUnbiased"}},
	{ID: "ks2015/4.3", Paper: PaperKS2015, Number: "Lemma 4.3", Kind: KindTool, Solver: "ddaelr",
		Statement: "The sampling distribution minimising that largest entry is q_i ∝ E[x_i²] (DDAELR's choice).",
		BoundTeX:  `q_i = \frac{\mathbb E[x_i^2]}{\sum_j \mathbb E[x_j^2]}`,
		Notebook:  nbKS},
	{ID: "ks2015/4.4", Paper: PaperKS2015, Number: "Lemma 4.4", Kind: KindEstimator, Solver: "gaelr", Exact: true,
		Statement:   "In the lasso scenario too, φ̃ has second moment at most 4B².",
		Assumptions: "||x||∞ ≤ 1, ||w||₁ ≤ B, |y| ≤ B",
		BoundTeX:    phiMomentTeX, Bound: phiMoment, Unit: "second moment"},
	{ID: "ks2015/4.5", Paper: PaperKS2015, Number: "Lemma 4.5", Kind: KindEstimator, Solver: "gaelr", Exact: true,
		Statement:   "GAELR's gradient estimate has ||E[g̃²]||∞ ≤ 4B²((1/k)||E[x̃_r²]||∞ + 1); with DDAELR's q this is 4B²(||E[x²]||₁/k + 1).",
		Assumptions: "||x||∞ ≤ 1, ||w||₁ ≤ B, |y| ≤ B; L1 = max_i E[x_i²]/q_i (||E[x²]||₁ for q_i ∝ E[x_i²])",
		BoundTeX:    `\|\mathbb E[\tilde g_t^2]\|_\infty \le 4B^2\left(\tfrac1k\|\mathbb E[\tilde x_{t,r}^2]\|_\infty + 1\right)`,
		Bound:       func(p BoundParams) float64 { return 4 * p.B * p.B * (p.L1/float64(p.K) + 1) }, Unit: "second moment",
		Tests: []string{"lao.TestGAELRGradientUnbiased"}},
	{ID: "ks2015/4.6", Paper: PaperKS2015, Number: "Theorem 4.6", Kind: KindUpper, Solver: "ddaelr", Exact: true,
		Statement:   "DDAELR, sampling attribute i with probability ∝ E[x_i²], replaces AELR's d by ||E[x²]||₁ ≤ d in the bound.",
		Assumptions: "||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m ≥ log 2d, E[x_i²] known; η = (1/(2B))√(log(2d)/(5m(||E[x²]||₁/k + 1))); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + 4B^2\sqrt{\frac{5\log(2d)\,(\|\mathbb E[x^2]\|_1/k + 1)}{m}}`,
		Bound:       func(p BoundParams) float64 { return lao.DDAELRBound(p.D, p.K, p.M, p.B, p.L1) },
		Unit:        "excess risk", Notebook: nbKS, Experiment: "ks-fig4",
		Tests: []string{"lao.TestDDAELRTheorem46"}},
	{ID: "ks2015/4.7", Paper: PaperKS2015, Number: "Theorem 4.7", Kind: KindUpper, Solver: "twophased-ddaelr", Exact: true,
		Statement:   "Two-Phased DDAELR is never worse than 61B²√(d log(2d)/(k m2)) (with probability 1) and approaches DDAELR as the first phase grows.",
		Assumptions: "||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m2 ≥ log 2d; Algorithm 4's η; loss ½(w·x − y)²; the probability-1 bound (M = m2 here)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le 61B^2\sqrt{\frac{d\log 2d}{k\,m_2}}`,
		Bound:       func(p BoundParams) float64 { return lao.TwoPhasedDDAELRBound(p.D, p.K, p.M, p.B) },
		Unit:        "excess risk", Experiment: "ks-fig4",
		Tests: []string{"lao.TestTwoPhasedDDAELRBound", "lao.TestTwoPhasedDDAELRMatchesReference"}},
	{ID: "ks2015/4.8", Paper: PaperKS2015, Number: "Lemma 4.8", Kind: KindEstimator, Solver: "twophased-ddaelr", Exact: true,
		Statement:   "In the second phase of Two-Phased DDAELR, ||E[x̃_r²]||∞ ≤ 4||E[x²]||₁ + (20/3)dε (always when ε = 1, with probability ≥ 1 − δ when ε ≤ 1).",
		Assumptions: "||x||∞ ≤ 1; ε the first phase's error, capped at 1",
		BoundTeX:    `\|\mathbb E[\tilde x_{t,r}^2]\|_\infty \le 4\|\mathbb E[x^2]\|_1 + \tfrac{20}{3}d\varepsilon`,
		Bound:       func(p BoundParams) float64 { return 4*p.L1 + 20.0/3*float64(p.D)*p.Eps }, Unit: "second moment"},
	{ID: "ks2015/B.1", Paper: PaperKS2015, Number: "Lemma B.1", Kind: KindRegret, Solver: "gaerr", Exact: true,
		Statement: "Online gradient descent regret 2B²/η + (η/2)Σ||g̃_t||² (Zinkevich 2003), as in Hazan & Koren's Lemma 3.2.",
		BoundTeX:  `\sum_t \tilde g_t^\top(w_t - w^*) \le \frac{2B^2}{\eta} + \frac{\eta}{2}\sum_t\|\tilde g_t\|_2^2`,
		Bound:     ogdRegret, Unit: "regret"},
	{ID: "ks2015/B.2", Paper: PaperKS2015, Number: "Lemma B.2", Kind: KindEstimator, Solver: "gaerr",
		Statement: "GAERR's (and GAELR's) gradient estimate is unbiased for (w·x − y)x, whatever the sampling distribution q.",
		BoundTeX:  `\mathbb E_A[\tilde g_t] = (w_t^\top x_t - y_t)\,x_t`,
		Tests:     []string{"lao.TestGAERRGradientUnbiased", "lao.TestGAELRGradientUnbiased"}},
	{ID: "ks2015/B.3", Paper: PaperKS2015, Number: "Lemma B.3", Kind: KindTool,
		Statement: "For n i.i.d. variables in [0, 1], the sample mean is at most 2E[Z] + 7log(1/δ)/(6n) and at least E[Z]/2 − 5log(1/δ)/(3n), each with probability ≥ 1 − δ.",
		BoundTeX:  `\hat{\mathbb E}[Z] \le 2\mathbb E[Z] + \frac{7\log(1/\delta)}{6n}`},
	{ID: "ks2015/B.4", Paper: PaperKS2015, Number: "Lemma B.4", Kind: KindTool,
		Statement: "For f(η) = A/η + ηBG², the larger of the step sizes tuned for two bounds G₁, G₂ ≥ G is no worse than either.",
		BoundTeX:  `f(\max(\eta_1,\eta_2)) \le \min(f(\eta_1), f(\eta_2))`},
	{ID: "ks2015/B.5", Paper: PaperKS2015, Number: "Lemma B.5", Kind: KindRegret, Exact: true,
		Statement: "Multiplicative weights on n experts with losses ≥ −1/η have second-order regret log(n)/η + ηΣ p_tᵀc_t² (simplified from Clarkson et al.).",
		BoundTeX:  `\sum_t p_t^\top c_t \le \min_i\sum_t c_t[i] + \frac{\log n}{\eta} + \eta\sum_t p_t^\top c_t^2`,
		Bound:     func(p BoundParams) float64 { return math.Log(float64(p.D))/p.Eta + p.Eta*float64(p.M)*p.G*p.G },
		Unit:      "regret (D = n experts)"},
	{ID: "ks2015/B.6", Paper: PaperKS2015, Number: "Lemma B.6", Kind: KindRegret, Solver: "gaelr", Exact: true,
		Statement: "Lemma 3.5 of Hazan & Koren 2012 for the clipped estimates: second-order regret log(2d)/η + ηΣ p_tᵀ(ḡ'_t)².",
		BoundTeX:  `\sum_t p_t^\top\bar g'_t \le \min_{i\in[2d]}\sum_t \bar g'_t[i] + \frac{\log 2d}{\eta} + \eta\sum_t p_t^\top(\bar g'_t)^2`,
		Bound:     mwRegret, Unit: "regret"},
	{ID: "ks2015/B.7", Paper: PaperKS2015, Number: "Lemma B.7", Kind: KindRegret, Solver: "gaelr", Exact: true,
		Statement: "Lemma 3.6 of Hazan & Koren 2012: against the clipped linear losses the regret is at most B(log(2d)/η + ηG²m).",
		BoundTeX:  `\mathbb E\sum_t \bar g_t^\top(w_t - w^*) \le B\left(\frac{\log 2d}{\eta} + \eta G^2 m\right)`,
		Bound: func(p BoundParams) float64 {
			return p.B * (math.Log(2*float64(p.D))/p.Eta + p.Eta*p.G*p.G*float64(p.M))
		},
		Unit: "regret"},
	{ID: "ks2015/B.8", Paper: PaperKS2015, Number: "Lemma B.8", Kind: KindTool,
		Statement: "Clipping a random variable at C, when |E[X]| ≤ C/2, moves its mean by at most 2Var[X]/C.",
		BoundTeX:  `\left|\mathbb E[\bar X] - \mathbb E[X]\right| \le \frac{2\,\mathrm{Var}[X]}{C}`},
	{ID: "ks2015/B.9", Paper: PaperKS2015, Number: "Lemma B.9", Kind: KindRegret, Solver: "gaelr", Exact: true,
		Statement: "A correction of Hazan & Koren's Lemma 3.7: for η ≤ 1/(2G), clipping at 1/η costs at most 4BηG²m in the expected regret.",
		BoundTeX:  `\mathbb E\sum_t \tilde g_t^\top(w_t - w^*) \le \mathbb E\sum_t \bar g_t^\top(w_t - w^*) + 4B\eta G^2 m`,
		Bound:     func(p BoundParams) float64 { return 4 * p.B * p.Eta * p.G * p.G * float64(p.M) }, Unit: "regret"},
}
