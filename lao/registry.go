package lao

import (
	"fmt"
	"math"
	"slices"
)

// Config holds the parameters a user can set on any registered solver from
// outside Go (CLI flags, notebook widgets, CV grids). A zero field selects
// the solver's default (usually the theorem's choice); a field a solver does
// not use is ignored.
type Config struct {
	K      int     // attributes per example (budgeted solvers)
	B      float64 // norm bound of the comparator / constraint radius
	Eta    float64 // step size (AERR, AELR, online references)
	Lambda float64 // regularisation (AER's λ; ridge and lasso penalties)
	// Moments holds the attributes' second moments E[x_i²], the prior
	// knowledge of the data-dependent solvers (DDAERR); see
	// SolverInfo.NeedsMoments and frames.WithPriors, which fills it from
	// training data.
	Moments []float64
}

// SolverInfo describes a registered solver.
type SolverInfo struct {
	Name      string // the paper's name in lower case, e.g. "aerr"
	Paper     string // the seed that defines it
	Algorithm string // algorithm number in that paper
	Budget    string // the budget rule
	Full      bool   // a full-information reference (observes all d attributes)
	// Ball is the constraint set's norm, "l1" or "l2". The theorems for l2
	// solvers assume ||x||₂ ≤ 1, those for l1 solvers ||x||∞ ≤ 1.
	Ball    string
	Tunable []string // Config fields that cross-validation may tune: "B", "Eta", "Lambda"
	// NeedsMoments says the solver needs Config.Moments (prior knowledge of
	// E[x_i²]); without it, fitting fails with ErrParam.
	NeedsMoments bool
	New          func(Config) Solver
}

const (
	paperCSS = "Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010 (seed 001)"
	paperHK  = "Hazan & Koren, ICML 2012 (seed 000)"
	paperKS  = "Kukliansky & Shamir (seed 002)"
)

var registry = []SolverInfo{
	{Name: "baseline", Paper: paperCSS, Algorithm: "Algorithm 1", Budget: "k per example", Ball: "l1", Tunable: []string{"B"},
		New: func(c Config) Solver { return &Baseline{K: c.K, B: c.B} }},
	{Name: "aer", Paper: paperCSS, Algorithm: "Algorithm 2", Budget: "k per example", Ball: "l1", Tunable: []string{"B", "Lambda"},
		New: func(c Config) Solver { return &AER{K: c.K, B: c.B, Lambda: c.Lambda} }},
	{Name: "aerr", Paper: paperHK, Algorithm: "Algorithm 1", Budget: "k+1 per example", Ball: "l2", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &AERR{K: c.K, B: c.B, Eta: c.Eta} }},
	{Name: "aelr", Paper: paperHK, Algorithm: "Algorithm 2", Budget: "k+1 per example", Ball: "l1", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &AELR{K: c.K, B: c.B, Eta: c.Eta} }},
	{Name: "ddaerr", Paper: paperKS, Algorithm: "Section 3.1 (GAERR, Algorithm 1, with q ∝ √E[x_i²])", Budget: "k+1 per example", Ball: "l2",
		Tunable: []string{"B", "Eta"}, NeedsMoments: true,
		New: func(c Config) Solver { return &DDAERR{K: c.K, B: c.B, Eta: c.Eta, Moments: c.Moments} }},
	{Name: "ddaelr", Paper: paperKS, Algorithm: "Section 4.1 (GAELR, Algorithm 3, with q ∝ E[x_i²])", Budget: "k+1 per example", Ball: "l1",
		Tunable: []string{"B", "Eta"}, NeedsMoments: true,
		New: func(c Config) Solver { return &DDAELR{K: c.K, B: c.B, Eta: c.Eta, Moments: c.Moments} }},
	{Name: "twophased-ddaerr", Paper: paperKS, Algorithm: "Algorithm 2 (Two-Phased DDAERR: estimate E[x_i²] on m/10 examples, then GAERR)", Budget: "k+1 per example", Ball: "l2",
		Tunable: []string{"B", "Eta"},
		New:     func(c Config) Solver { return &TwoPhasedDDAERR{K: c.K, B: c.B, Eta: c.Eta} }},
	{Name: "twophased-ddaelr", Paper: paperKS, Algorithm: "Algorithm 4 (Two-Phased DDAELR: estimate E[x_i²] on m/10 examples, then GAELR)", Budget: "k+1 per example", Ball: "l1",
		Tunable: []string{"B", "Eta"},
		New:     func(c Config) Solver { return &TwoPhasedDDAELR{K: c.K, B: c.B, Eta: c.Eta} }},
	{Name: "ridge", Paper: "full-information reference", Algorithm: "offline ridge, exact (penalised λ; constrained ||w||₂ ≤ B by default)",
		Budget: "all d attributes", Full: true, Ball: "l2", Tunable: []string{"Lambda"},
		New: func(c Config) Solver {
			if c.Lambda != 0 {
				return &Ridge{Lambda: c.Lambda}
			}
			return &Ridge{B: c.B}
		}},
	{Name: "lasso", Paper: "full-information reference", Algorithm: "offline lasso, constrained ||w||₁ ≤ B (seed 001 eq. (1), p = 1) or penalised λ",
		Budget: "all d attributes", Full: true, Ball: "l1", Tunable: []string{"B"},
		New: func(c Config) Solver {
			if c.Lambda != 0 {
				return &Lasso{Lambda: c.Lambda}
			}
			return &Lasso{B: c.B}
		}},
	{Name: "online-ridge", Paper: "full-information reference", Algorithm: "online gradient descent on the l2 ball, averaged",
		Budget: "all d attributes", Full: true, Ball: "l2", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &OnlineRidge{B: c.B, Eta: c.Eta} }},
	{Name: "online-lasso", Paper: "full-information reference", Algorithm: "EG± on the l1 ball, averaged",
		Budget: "all d attributes", Full: true, Ball: "l1", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &OnlineLasso{B: c.B, Eta: c.Eta} }},
}

// Solvers returns the registered solvers, budgeted ones first, then the
// full-information references.
func Solvers() []SolverInfo { return slices.Clone(registry) }

// Lookup returns the registered solver with the given name.
func Lookup(name string) (SolverInfo, error) {
	for _, s := range registry {
		if s.Name == name {
			return s, nil
		}
	}
	names := make([]string, len(registry))
	for i, s := range registry {
		names[i] = s.Name
	}
	return SolverInfo{}, fmt.Errorf("lao: unknown solver %q (known: %v): %w", name, names, ErrParam)
}

// Grid returns the default cross-validation grid of s for a training set of
// m examples with d attributes and per-example budget k: every tunable
// parameter on a log grid around the theorem's default. B ranges over
// 2^-2 … 2^6; a step size η over 10^-1 … 10^5 times the theorem's value for
// that B and AER's λ over 10^-1 … 10^3 times Theorem 2's, in half decades;
// the full-information penalties over 10^-6 … 1. The grid is a product; its
// size is at most 117.
//
// Why so wide: the theorems' constants are worst-case. On MNIST 3 vs 5 the
// best AELR step is ~10^4 times Theorem 3.4's and the best AERR step ~10^3
// times Theorem 3.1's, while AER's best λ is within a factor 10 of
// Theorem 2's (docs/results.md, "Is the grid wide enough?"). A CV choice on
// the edge of the grid is reported by frames.CVResult.Edges.
func (s SolverInfo) Grid(m, d, k int) []Config {
	Bs := []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}
	etaFactors := []float64{0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000, 3000, 1e4, 3e4, 1e5}
	lambdaFactors := []float64{0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000}
	tunes := func(p string) bool { return slices.Contains(s.Tunable, p) }
	var out []Config
	for _, B := range Bs {
		if !tunes("B") {
			B = 0
		}
		base := Config{K: k, B: B}
		switch {
		case tunes("Eta"):
			def := s.defaultEta(m, d, k, max(B, 1))
			for _, f := range etaFactors {
				c := base
				c.Eta = f * def
				out = append(out, c)
			}
		case tunes("Lambda") && s.Full:
			for _, l := range []float64{1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1} {
				c := base
				c.Lambda = l
				out = append(out, c)
			}
		case tunes("Lambda"):
			def := AERDefaultLambda(d, k, max(m, 2), max(B, 1), max(B, 1))
			for _, f := range lambdaFactors {
				c := base
				c.Lambda = f * def
				out = append(out, c)
			}
		default:
			out = append(out, base)
		}
		if !tunes("B") {
			break
		}
	}
	return out
}

// defaultEta is the theorem's step size of s for the given sizes.
func (s SolverInfo) defaultEta(m, d, k int, B float64) float64 {
	switch s.Name {
	case "aelr", "ddaelr", "twophased-ddaelr": // the DD steps need the moments; centre on AELR's
		return AELRDefaultEta(d, k, m, B)
	case "online-lasso":
		return math.Sqrt(math.Log(2*float64(d))/float64(m)) / (2 * B)
	case "online-ridge":
		return 1 / math.Sqrt(float64(m))
	default: // aerr; also ddaerr, whose Theorem 3.5 step depends on the
		// moments the grid does not see: it is 1 to √(2d/ρ) times AERR's, well
		// inside the grid's 10^-1 … 10^5 range around AERR's step
		return AERRDefaultEta(d, k, m)
	}
}
