package lao

import (
	"math"
	"strconv"
)

// This file declares the parameters that several solvers share, each once:
// its name, what it is, its default (the constant that resolve also uses)
// and its cross-validation range. The variant options of Kukliansky &
// Shamir's experiments are declared in variants.go.

// DefaultK is the attribute budget k that front ends use when the user
// gives none (the command line's --k, the demo), lowered to d on a table
// with fewer attributes. A solver's K has no default of its own: k is the
// budget the user pays for, so K = 0 is an error.
const DefaultK = 4

// The constant defaults that several solvers share. Each is what a zero
// field selects; the Param declarations below print it and resolve uses it.
const (
	defaultRadius = 1.0  // a norm bound B
	defaultGrowth = 2.0  // a geometric schedule's factor γ (mini-batches, re-solves)
	defaultDelta  = 0.05 // the two-phased solvers' failure probability δ
)

// num formats a constant default for a usage string.
func num(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// radiusParam declares a norm bound B of the given ball ("l1" or "l2"):
// default defaultRadius, tuned over radiusValues.
func radiusParam(v *float64, ball string) Param {
	return FloatParam("B", v, "radius of the "+ball+" ball", radiusTune()).withDefault(num(defaultRadius))
}

// stepParam declares a step size η whose zero selects def and whose CV
// range is stepFactors times center.
func stepParam(v *float64, what, def string, center func(Problem) float64) Param {
	return FloatParam("eta", v, what, stepTune(center)).withDefault(def)
}

// sparsityParam declares s, the non-zero weights of a Murata & Suzuki 2018
// model: default ⌊s'/2⌋ (resolveSparsity).
func sparsityParam(v *int, what string) Param {
	return IntParam("s", v, "s, "+what).withDefault("⌊s'/2⌋")
}

// growthParam declares a geometric schedule's factor γ: default
// defaultGrowth.
func growthParam(v *float64, what string) Param {
	return FloatParam("growth", v, what, nil).withDefault(num(defaultGrowth))
}

// maxMemParam declares the memory bound of the solvers with d×d matrices:
// default DefaultMaxMemoryMiB.
func maxMemParam(v *int) Param {
	return IntParam("maxmem", v, "MiB the d×d matrices may use").withDefault(strconv.Itoa(DefaultMaxMemoryMiB))
}

// checkK validates the per-example attribute count k against d.
func checkK(solver string, k, d int) error {
	if k < 1 {
		return paramErr(solver, "k", "= %d must be at least 1 (k is the budget, the attributes read per example)", k)
	}
	if k > d {
		return paramErr(solver, "k", "= %d exceeds the number of attributes d = %d", k, d)
	}
	return nil
}

// positiveOr returns v if it is a positive finite number, def if v is 0,
// and an error naming the parameter otherwise (negative, NaN or Inf). It
// also rejects a default that is not positive and finite (e.g. a step size
// that m = 1 makes zero).
func positiveOr(solver, name string, v, def float64) (float64, error) {
	if v == 0 {
		v = def
		if !(v > 0) || math.IsInf(v, 0) {
			return 0, paramErr(solver, name, "default resolves to %g for this problem; set %s explicitly", v, name)
		}
		return v, nil
	}
	if !(v > 0) || math.IsInf(v, 0) {
		return 0, paramErr(solver, name, "= %g must be positive and finite", v)
	}
	return v, nil
}

// kPlusOne is the budget of the AERR/AELR family: k+1 distinct attributes
// per example (at most d).
func kPlusOne(k, d int) Budget {
	return Budget{PerExample: min(k+1, d), Rule: "k+1 per example"}
}
