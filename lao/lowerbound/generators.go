package lowerbound

import "slices"

// Generator describes an instance generator of this package, for listings
// (the theorem registry and `lao theorems` point at them by Name).
type Generator struct {
	Name     string   // the constructor, e.g. "NewCSS"
	Theorems []string // the registry IDs it exhibits, e.g. "css2010/3"
	Summary  string
}

var generators = []Generator{
	{"NewCSS", []string{"css2010/3", "hk2012/2.1", "css2011/1"},
		"one attribute of bias √ε among d fair signs; w* = 2√ε·e_j, excess ||w − w*||²"},
	{"NewHazanKoren", []string{"hk2012/2.2"},
		"hidden-sign hypercube, x_i = σ_i z_i y/√d with P[z_i = 1] = ½ + 2ε; w* = σ/√d"},
	{"NewActiveL2", []string{"css2011/2"},
		"x uniform signs, y = Σx_i/√d; any k_t-active predictor has risk ≥ 1 − k_t/d"},
	{"NewActiveL1", []string{"css2011/3"},
		"x uniform signs, y = mean of s = ck signs; risk ≥ (1 − 1/c)/(ck) with k attributes"},
	{"NewCSSTheorem4", []string{"css2010/4"},
		"d = 3, y = (x₁ + x₂ + x₃)/3; risk ≥ 1/9 with 2 attributes"},
}

// Generators lists the instance generators.
func Generators() []Generator { return slices.Clone(generators) }
