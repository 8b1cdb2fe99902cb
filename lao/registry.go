package lao

import (
	"fmt"
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
}

// SolverInfo describes a registered solver.
type SolverInfo struct {
	Name      string   // the paper's name in lower case, e.g. "aerr"
	Paper     string   // the seed that defines it
	Algorithm string   // algorithm number in that paper
	Budget    string   // the budget rule
	Full      bool     // a full-information reference (observes all d attributes)
	Tunable   []string // Config fields that cross-validation may tune: "B", "Eta", "Lambda"
	New       func(Config) Solver
}

const (
	paperCSS = "Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010 (seed 001)"
	paperHK  = "Hazan & Koren, ICML 2012 (seed 000)"
)

var registry = []SolverInfo{
	// BASELINE
	{Name: "aer", Paper: paperCSS, Algorithm: "Algorithm 2", Budget: "k per example", Tunable: []string{"B", "Lambda"},
		New: func(c Config) Solver { return &AER{K: c.K, B: c.B, Lambda: c.Lambda} }},
	{Name: "aerr", Paper: paperHK, Algorithm: "Algorithm 1", Budget: "k+1 per example", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &AERR{K: c.K, B: c.B, Eta: c.Eta} }},
	{Name: "aelr", Paper: paperHK, Algorithm: "Algorithm 2", Budget: "k+1 per example", Tunable: []string{"B", "Eta"},
		New: func(c Config) Solver { return &AELR{K: c.K, B: c.B, Eta: c.Eta} }},
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
