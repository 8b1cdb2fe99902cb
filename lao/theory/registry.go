package theory

import (
	"slices"

	"github.com/laoproject/lao/lao"
)

// Papers, cited by authors, venue and year.
const (
	PaperCSS2010 = "Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010"
	PaperHK2012  = "Hazan & Koren, ICML 2012"
	PaperKS2015  = "Kukliansky & Shamir, ICML 2015"
	PaperMS2018  = "Murata & Suzuki, NeurIPS 2018"
)

// BoundParams are the problem sizes a theorem's bound depends on. Fields a
// bound does not use are ignored.
type BoundParams struct {
	D, K, M int
	B, B2   float64 // norm bounds on the comparator (B₂: its l2 norm, Cesa-Bianchi et al. 2010, Thm 2)
	Delta   float64 // failure probability (high-probability bounds)
	Eps     float64 // target excess risk (sample-complexity lower bounds)
	// Half is ||E[x²]||_{1/2} = (Σ_i √E[x_i²])², the data-dependent
	// quantity of Kukliansky & Shamir 2015 (HalfNorm of the second moments; ≤ d).
	Half float64
	// L1 is ||E[x²]||₁ = Σ_i E[x_i²] (≤ d for ||x||∞ ≤ 1), Kukliansky & Shamir's lasso
	// quantity.
	L1 float64
}

// Theorem is one result of the papers, as data: what it says, its bound as a
// function, and where the library and the notebooks exhibit it.
type Theorem struct {
	ID          string // "hk2012/3.1": the paper's short name and the result's number
	Paper       string
	Number      string // as printed, e.g. "Theorem 3.1"
	Statement   string // one line, plain words
	Assumptions string
	BoundTeX    string // the bound in LaTeX
	// Bound evaluates the bound: an excess risk for upper bounds, a number
	// of examples for sample-complexity lower bounds. O(·) constants are 1.
	Bound    func(BoundParams) float64
	Exact    bool   // the constant is the paper's, not an O(·) placeholder
	Kind     string // "upper" (risk bound) or "lower" (sample complexity)
	Solver   string // the registered solver it is about, if any
	Notebook string // the notebook that shows it
}

var theorems = []Theorem{
	{ID: "css2010/1", Paper: PaperCSS2010, Number: "Theorem 1", Kind: "upper", Solver: "baseline",
		Statement:   "Baseline's minimiser of the estimated loss is competitive with the best l1-bounded predictor, with an extra d²/k factor over Lasso.",
		Assumptions: "x ∈ [−1,1]^d, y ∈ [−1,1]; loss (w·x − y)²; with probability 1 − δ",
		BoundTeX:    `L_D(\hat w) \le \min_{\|w\|_1\le B} L_D(w) + O\!\left(\frac{(dB)^2}{k}\sqrt{\frac{\ln(d/\delta)}{m}}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.BaselineBound(p.D, p.K, p.M, p.B, p.Delta) },
		Notebook:    "notebooks/02_cesa_bianchi_2010.ipynb"},
	{ID: "css2010/2", Paper: PaperCSS2010, Number: "Theorem 2", Kind: "upper", Solver: "aer",
		Statement:   "AER needs only a d/√k factor over full information (instead of Baseline's d²/k).",
		Assumptions: "x ∈ [−1,1]^d, y ∈ [−1,1]; ||w*||₁ ≤ B, ||w*||₂ ≤ B₂; λ = ((B+1)d/B₂)√(log m/(mk)); loss (w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^\star) + O\!\left(\frac{d(B+1)B_2}{\sqrt k}\sqrt{\frac{\ln m}{m}}\right)`,
		Bound:       func(p BoundParams) float64 { return lao.AERBound(p.D, p.K, p.M, p.B, p.B2) },
		Notebook:    "notebooks/02_cesa_bianchi_2010.ipynb"},
	{ID: "css2010/3", Paper: PaperCSS2010, Number: "Theorem 3", Kind: "lower",
		Statement:   "Any algorithm seeing k attributes per example needs Ω(d/(kε)) examples to reach excess risk ε on some sparse problem.",
		Assumptions: "ε ∈ (0, 1/16), d ≥ 4k; ||w*||₀ = 1, ||w*||₁ = ||w*||₂ = 2√ε",
		BoundTeX:    `m = \Omega\!\left(\frac{d}{k\varepsilon}\right)`,
		Bound:       func(p BoundParams) float64 { return float64(p.D) / (float64(p.K) * p.Eps) }},
	{ID: "css2010/4", Paper: PaperCSS2010, Number: "Theorem 4", Kind: "lower",
		Statement:   "Predicting from only 2 attributes of each test example can have risk ≥ 1/9 even when the best linear predictor has zero risk.",
		Assumptions: "a specific distribution and w* with L_D(w*) = 0",
		BoundTeX:    `L_D(A) \ge 1/9`,
		Bound:       func(BoundParams) float64 { return 1.0 / 9 }, Exact: true},
	{ID: "hk2012/2.2", Paper: PaperHK2012, Number: "Theorem 2.2", Kind: "lower",
		Statement:   "Any ridge algorithm seeing k attributes per example needs Ω(d/(kε²)) examples: AERR is optimal up to constants.",
		Assumptions: "ε = Ω(1/√d); ||x||₂ ≤ 1, y ∈ {±1}, ||w*||₂ ≤ 1",
		BoundTeX:    `m = \Omega\!\left(\frac{d}{k\varepsilon^2}\right)`,
		Bound:       func(p BoundParams) float64 { return float64(p.D) / (float64(p.K) * p.Eps * p.Eps) }},
	{ID: "hk2012/3.1", Paper: PaperHK2012, Number: "Theorem 3.1", Kind: "upper", Solver: "aerr", Exact: true,
		Statement:   "AERR with η = √(k/(2dm)) is within 4B²√(2d/(km)) of the best l2-bounded predictor.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w_\star) + 4B^2\sqrt{\frac{2d}{km}}`,
		Bound:       func(p BoundParams) float64 { return lao.AERRBound(p.D, p.K, p.M, p.B) },
		Notebook:    "notebooks/03_hazan_koren_2012.ipynb"},
	{ID: "hk2012/3.4", Paper: PaperHK2012, Number: "Theorem 3.4", Kind: "upper", Solver: "aelr", Exact: true,
		Statement:   "AELR is within 4B²√(10 d log(2d)/(km)) of the best l1-bounded predictor.",
		Assumptions: "||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m ≥ log 2d; η = (1/(4B²))√(2k log(2d)/(5md)); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\tilde w)] \le L_D(w_\star) + 4B^2\sqrt{\frac{10\,d\log 2d}{km}}`,
		Bound:       func(p BoundParams) float64 { return lao.AELRBound(p.D, p.K, p.M, p.B) },
		Notebook:    "notebooks/03_hazan_koren_2012.ipynb"},
	{ID: "ks2015/3.5", Paper: PaperKS2015, Number: "Theorem 3.5", Kind: "upper", Solver: "ddaerr", Exact: true,
		Statement:   "DDAERR, sampling attribute i with probability ∝ √E[x_i²], replaces AERR's d by ||E[x²]||_{1/2} ≤ d in the bound.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B, E[x_i²] known; η = 1/√(m(||E[x²]||_{1/2}/k + 1)); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + \frac{4B^2}{\sqrt m}\sqrt{\frac{\|\mathbb E[x^2]\|_{1/2}}{k} + 1}`,
		Bound:       func(p BoundParams) float64 { return lao.DDAERRBound(p.K, p.M, p.B, p.Half) }},
	{ID: "ks2015/4.6", Paper: PaperKS2015, Number: "Theorem 4.6", Kind: "upper", Solver: "ddaelr", Exact: true,
		Statement:   "DDAELR, sampling attribute i with probability ∝ E[x_i²], replaces AELR's d by ||E[x²]||₁ ≤ d in the bound.",
		Assumptions: "||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m ≥ log 2d, E[x_i²] known; η = (1/(2B))√(log(2d)/(5m(||E[x²]||₁/k + 1))); loss ½(w·x − y)²",
		BoundTeX:    `\mathbb E[L_D(\bar w)] \le L_D(w^*) + 4B^2\sqrt{\frac{5\log(2d)\,(\|\mathbb E[x^2]\|_1/k + 1)}{m}}`,
		Bound:       func(p BoundParams) float64 { return lao.DDAELRBound(p.D, p.K, p.M, p.B, p.L1) }},
	{ID: "ks2015/4.7", Paper: PaperKS2015, Number: "Theorem 4.7", Kind: "upper", Solver: "twophased-ddaelr", Exact: true,
		Statement:   "Two-Phased DDAELR is never worse than 61B²√(d log(2d)/(k m2)) (with probability 1) and approaches DDAELR as the first phase grows.",
		Assumptions: "||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B, m2 ≥ log 2d; Algorithm 4's η; loss ½(w·x − y)²; the probability-1 bound (M = m2 here)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le 61B^2\sqrt{\frac{d\log 2d}{k\,m_2}}`,
		Bound:       func(p BoundParams) float64 { return lao.TwoPhasedDDAELRBound(p.D, p.K, p.M, p.B) }},
	{ID: "ks2015/3.12", Paper: PaperKS2015, Number: "Theorem 3.12", Kind: "upper", Solver: "twophased-ddaerr", Exact: true,
		Statement:   "Two-Phased DDAERR, estimating the second moments on a first phase, is never worse than AERR's rate (with probability 1) and approaches DDAERR's as the first phase grows.",
		Assumptions: "||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B; m = m1 + m2; Algorithm 2's η; loss ½(w·x − y)²; the probability-1 bound (M = m2 here)",
		BoundTeX:    `\mathbb E[L_D(\bar w)] - L_D(w^*) \le \frac{4B^2}{\sqrt{m_2}}\sqrt{\frac{6d}{k}}`,
		Bound:       func(p BoundParams) float64 { return lao.TwoPhasedDDAERRBound(p.D, p.K, p.M, p.B) }},
}

// Theorems returns the theorem registry.
func Theorems() []Theorem { return slices.Clone(theorems) }

// TheoremByID returns the theorem with the given ID ("hk2012/3.1"), or false.
func TheoremByID(id string) (Theorem, bool) {
	for _, t := range theorems {
		if t.ID == id {
			return t, true
		}
	}
	return Theorem{}, false
}
