package lao

import (
	"fmt"
	"strings"
)

const (
	paperCSS = "Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010"
	paperHK  = "Hazan & Koren, ICML 2012"
	paperKS  = "Kukliansky & Shamir, ICML 2015 (numbered as arXiv:1410.6382)"
)

// constructors lists every registered solver, budgeted ones first, then the
// full-information references. A solver's parameters, defaults and CV
// ranges live in its own struct (Params); this list only makes it
// reachable by name, and is the compile-time check that each type
// implements Solver (TestRegistryComplete: every Solver type of the
// package is listed).
var constructors = []func() Solver{
	func() Solver { return new(Baseline) },
	func() Solver { return new(AER) },
	func() Solver { return new(Centroid) },
	func() Solver { return new(AERR) },
	func() Solver { return new(AELR) },
	func() Solver { return new(GAERR) },
	func() Solver { return new(GAELR) },
	func() Solver { return new(DDAERR) },
	func() Solver { return new(DDAELR) },
	func() Solver { return new(TwoPhasedDDAERR) },
	func() Solver { return new(TwoPhasedDDAELR) },
	func() Solver { return new(AESVR) },
	func() Solver { return new(ScreenRidge) },
	func() Solver { return new(AdaptiveScreen) },
	func() Solver { return new(CorrectedRidge) },
	func() Solver { return new(Exploration) },
	func() Solver { return new(Exploitation) },
	func() Solver { return new(Hybrid) },
	func() Solver { return new(RDA) },
	func() Solver { return new(Dantzig) },
	func() Solver { return new(Ridge) },
	func() Solver { return new(Lasso) },
	func() Solver { return new(OnlineRidge) },
	func() Solver { return new(OnlineLasso) },
}

// Info describes a registered solver.
type Info struct {
	Name string
	About
	// Params lists the parameters of a fresh solver (all zero: defaults),
	// for listings: they are bound to a throwaway instance, so setting
	// them changes nothing; set parameters on a solver from New.
	Params []Param
	// New returns a fresh solver with every parameter at its default.
	New func() Solver
}

// Solvers returns the registered solvers, budgeted ones first, then the
// full-information references.
func Solvers() []Info {
	out := make([]Info, len(constructors))
	for i, c := range constructors {
		s := c()
		out[i] = Info{Name: s.Name(), Params: s.Params(), New: c}
		if d, ok := s.(Describer); ok {
			out[i].About = d.About()
		}
	}
	return out
}

// New returns a fresh registered solver by name (case-insensitive), every
// parameter at its default; set them with SetParams or through Params.
func New(name string) (Solver, error) {
	var names []string
	for _, c := range constructors {
		s := c()
		if strings.EqualFold(s.Name(), strings.TrimSpace(name)) {
			return s, nil
		}
		names = append(names, s.Name())
	}
	hint := ""
	if near := nearest(strings.ToLower(strings.TrimSpace(name)), names, 2); len(near) > 0 {
		hint = fmt.Sprintf("; did you mean %s?", strings.Join(near, " or "))
	}
	return nil, fmt.Errorf("lao: unknown solver %q%s (known: %s): %w", name, hint, strings.Join(names, ", "), ErrParam)
}

// nearest returns the names within edit distance most of s (insertions,
// deletions and substitutions of one character), the closest ones only.
func nearest(s string, names []string, most int) []string {
	var out []string
	best := most + 1
	for _, n := range names {
		switch d := editDistance(s, n); {
		case d < best:
			best, out = d, []string{n}
		case d == best:
			out = append(out, n)
		}
	}
	return out
}

// editDistance is Levenshtein's distance between a and b (bytes).
func editDistance(a, b string) int {
	prev, cur := make([]int, len(b)+1), make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Describe returns s's About, or a zero About if s does not describe itself.
func Describe(s Solver) About {
	if d, ok := s.(Describer); ok {
		return d.About()
	}
	return About{}
}
