package theory

import (
	"slices"
	"strings"

	"github.com/laoproject/lao/lao"
)

// Papers, cited by authors, venue and year.
const (
	PaperCSS2010 = "Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010"
	PaperCSS2011 = "Cesa-Bianchi, Shalev-Shwartz & Shamir, JMLR 2011" // the journal version of PaperCSS2010
	PaperHK2012  = "Hazan & Koren, ICML 2012"
	// PaperKS2015's numbers (theorems, lemmas, equations, pages) are those
	// of the arXiv version, the text this module follows.
	PaperKS2015 = "Kukliansky & Shamir, ICML 2015 (numbered as arXiv:1410.6382)"
	PaperMS2018 = "Murata & Suzuki, NeurIPS 2018"
	// PaperOurs marks this project's own results (attributes with prices,
	// docs/costs.md): none of the four papers prices attributes.
	PaperOurs = "this project (ours), docs/costs.md"
)

// BoundParams are the problem sizes a theorem's bound depends on. Fields a
// bound does not use are ignored.
type BoundParams struct {
	D, K, M int
	B, B2   float64 // norm bounds on the comparator (B₂: its l2 norm, Cesa-Bianchi et al. 2010, Thm 2)
	Delta   float64 // failure probability (high-probability bounds)
	// Eps is the target excess risk (sample-complexity bounds), the
	// accuracy of an approximation (Hazan & Koren 2012, Claim 4.2), or a
	// first phase's estimation error (Kukliansky & Shamir 2015).
	Eps float64
	// Half is ||E[x²]||_{1/2} = (Σ_i √E[x_i²])², the data-dependent
	// quantity of Kukliansky & Shamir 2015 (HalfNorm of the second moments; ≤ d),
	// or an upper estimate H of it (their Lemmas 3.9-3.10).
	Half float64
	// L1 is ||E[x²]||₁ = Σ_i E[x_i²] (≤ d for ||x||∞ ≤ 1), Kukliansky & Shamir's lasso
	// quantity.
	L1 float64
	// Eta and G are a step size and a bound on the gradient estimates'
	// second moment (E||g̃||² ≤ G², or ||E[g̃²]||∞ ≤ G² for the l1
	// solvers), for the regret lemmas and the general theorems.
	Eta, G float64
	// S is the support size ||w*||₀ = ck of Cesa-Bianchi et al. 2011,
	// Theorem 3 (prediction on a budget); K is then the number of test
	// attributes.
	S int
	// Murata & Suzuki 2018: K is s' (attributes per example, at training
	// and prediction time); Sparse holds s, s_* and the constants of their
	// Assumptions 1-3 (zero fields: s = ⌊s'/2⌋, s_* = s, and κ_s, μ_s, R_∞,
	// σ, r_min = 1, as Table 1 treats them). Alpha is ᾰ = Θ(1/κ_s), the
	// contraction per update (per round for Hybrid; zero: 1/2); Updates is
	// T (Theorems 4.1, 4.3) or the rounds K (Theorem 4.4); Gap0 is
	// L(θ_0) − L(θ_*) (zero: 1, the bound as a fraction of the initial
	// gap); Ttilde is Hybrid's T̃.
	Sparse  lao.SparseConstants
	Alpha   float64
	Updates int
	Gap0    float64
	Ttilde  int
	// Our results on priced attributes (docs/costs.md): Cost is T, the
	// total expected cost spent; Product is the x̃ draw's second moment
	// times its expected cost, S(q)·c̄(q) (Γ = (Σ_j √(E[x_j²]c_j))² for the
	// priced q); BlindProduct the same for a cost-blind q; InnerCost is the
	// expected cost of the inner-product draw.
	Cost, Product, BlindProduct, InnerCost float64
}

// Kinds of results.
const (
	KindUpper     = "upper"     // an excess-risk (or sample-size) guarantee for an algorithm
	KindLower     = "lower"     // a lower bound: no algorithm does better
	KindEstimator = "estimator" // unbiasedness or moments of a gradient or loss estimate
	KindRegret    = "regret"    // an online regret inequality
	KindApprox    = "approx"    // an approximation of a loss
	KindTool      = "tool"      // an auxiliary probability or optimisation fact
)

// Theorem is one result of the papers, as data: what it says, its bound as a
// function, and where the library, the notebooks and the command line
// exhibit it.
type Theorem struct {
	ID          string // "hk2012/3.1": the paper's short name and the result's number
	Paper       string
	Number      string // as printed, e.g. "Theorem 3.1", "Lemma B.9", "Claim 4.2"
	Kind        string // KindUpper, KindLower, ...
	Statement   string // one line, plain words
	Assumptions string
	BoundTeX    string // the bound in LaTeX
	// Bound evaluates the bound where the result has one (nil otherwise);
	// Unit says what it measures ("excess risk", "examples", ...). O(·)
	// constants are 1 unless Exact.
	Bound func(BoundParams) float64
	Unit  string
	Exact bool // the constant is the paper's, not an O(·) placeholder
	// Where it can be seen: a registered solver (lao.New name), a generator
	// of package lao/lowerbound ("lowerbound.NewCSS"), a notebook (path from
	// the repository root), a CLI experiment (`lao experiment NAME`) and
	// the Go tests or examples that check it ("lao.TestAERRBelowTheorem31",
	// "lao/lowerbound.TestCSSPopulation":
	// package directory and function).
	Solver     string
	Generator  string
	Notebook   string
	Experiment string
	Tests      []string
	// Note records what a reader should know: a restatement, a correction
	// by a later paper, a discrepancy we found.
	Note string
}

var theorems = slices.Concat(cssTheorems, hkTheorems, ksTheorems, msTheorems, ourTheorems)

// Theorems returns the theorem registry, ordered by paper and number.
func Theorems() []Theorem { return slices.Clone(theorems) }

// TheoremByID returns the theorem with the given ID ("hk2012/3.1", in any
// case), or false.
func TheoremByID(id string) (Theorem, bool) {
	for _, t := range theorems {
		if strings.EqualFold(t.ID, strings.TrimSpace(id)) {
			return t, true
		}
	}
	return Theorem{}, false
}

// ByPaper returns the registry entries of one paper (a prefix of its ID,
// e.g. "hk2012", or a substring of its Paper field, e.g. "Hazan").
func ByPaper(paper string) []Theorem {
	var out []Theorem
	for _, t := range theorems {
		if strings.HasPrefix(t.ID, paper+"/") || (paper != "" && strings.Contains(t.Paper, paper)) {
			out = append(out, t)
		}
	}
	return out
}
