package frames

import (
	"fmt"
	"math"
	"strings"

	"github.com/laoproject/lao/lao"
)

// OptionsFor returns the options a table gets by default for solver s: the
// scaling policy, decided once per solver family. The reason for each
// choice is below; the Transform records what was done, so coefficients
// map back to the table's units (Data.Model), and Data.Scaling says which
// scaling was chosen and why.
//
//   - Labels are centred on their training mean (the model's intercept, so
//     that the zero weight vector predicts the training mean) and scaled to
//     |y| ≤ 1: every theorem assumes |y| ≤ B, and B is 1 by default.
//     Constant columns are dropped (centring makes them zero).
//   - Ridge-type solvers (ball l2: AERR, Ridge, OnlineRidge, AESVR) get
//     StandardL2: every column standardised, so that each weighs alike in
//     the ball ||w||₂ ≤ B whatever its unit, then one common factor to
//     ||x||₂ ≤ 1, which Hazan & Koren 2012 Thm 3.1 assumes.
//   - Lasso-type solvers (ball l1: AELR, AER, Baseline, Lasso) and Murata &
//     Suzuki 2018's sparse solvers (l0; their analysis assumes
//     ||x||∞ ≤ R∞) get StandardLinf: standardised, then one common factor
//     to ||x||∞ ≤ 1.
//   - The data-dependent solvers (DataDependent: DDAERR, DDAELR, GAERR,
//     GAELR and the two-phased ones of Kukliansky & Shamir 2015) draw
//     attribute j with a probability that grows with E[x_j²];
//     standardising makes every E[x_j²] equal and them uniform, so they
//     keep the columns' own scales (one common factor, ScaleL2 or
//     CommonLinf) where the columns are commensurate — pixels, counts,
//     indicators: Options.KeepUnits — and are standardised otherwise. On a
//     table with mixed units (one column in the hundreds of thousands, the
//     rest 0-7) a common factor would have them sample almost only the
//     large column and do worse than their uniform counterparts.
func OptionsFor(s lao.Solver) Options {
	opt := Options{Center: true, Scaling: StandardL2, LabelBound: 1, DropConstant: true}
	if b := lao.Describe(s).Ball; b == "l1" || b == "l0" {
		opt.Scaling = StandardLinf
	}
	opt.KeepUnits = DataDependent(s)
	return opt
}

// ScaleOptions returns the options for solver s under a scaling named on
// the command line: "auto" (or "") is OptionsFor(s); a Scaling name
// (ParseScaling) applies that scaling, with the labels centred and scaled
// to |y| ≤ 1 as under "auto", except "none", which leaves the labels'
// scale too (they are still centred).
func ScaleOptions(s lao.Solver, name string) (Options, error) {
	if n := strings.TrimSpace(name); n == "" || strings.EqualFold(n, "auto") {
		return OptionsFor(s), nil
	}
	sc, err := ParseScaling(name)
	if err != nil {
		return Options{}, err
	}
	opt := Options{Center: true, Scaling: sc, LabelBound: 1, DropConstant: true}
	if sc == NoScaling {
		opt.LabelBound = 0
	}
	return opt, nil
}

// DataDependent reports whether s samples attributes by their second
// moments (Kukliansky & Shamir 2015): a solver that takes the moments as
// prior knowledge (lao.MomentsUser: GAERR, GAELR, DDAERR, DDAELR) or
// estimates them in a first phase (the two-phased ones).
func DataDependent(s lao.Solver) bool {
	switch s.(type) {
	case lao.MomentsUser, *lao.TwoPhasedDDAERR, *lao.TwoPhasedDDAELR:
		return true
	}
	return false
}

// commensurateRatio is the rule of Options.KeepUnits: the columns are
// commensurate when ρ on their own scales is at least this fraction of ρ
// with each column divided by its largest deviation from its mean. On the
// 16 real tables measured (docs/results.md, "The scaling rule"), the
// one-unit ones are at 0.81 (iris, centimetres) and 1.07 (digits, pixel
// counts), the mixed ones at 0.7475 (ccard's age, income and its square,
// just under the threshold) and below (a students' survey of hand spans, pulse and age: 0.54); the
// first threshold, 0.5, let the survey keep its units, where DDAERR then
// drew the pulse, unrelated to the label, on 93 % of the examples and did
// worse than AERR.
const commensurateRatio = 0.75

// ScalingChoice is the scaling a table got and why: what `lao describe` and
// `lao fit` print.
type ScalingChoice struct {
	Scaling Scaling
	Reason  string
	// RhoOwn and RhoLinf are Kukliansky & Shamir's ρ_ridge (eq. (11)) of
	// the centred training columns on their own scales and with each
	// divided by its largest |x − mean|: the commensurability check of
	// Options.KeepUnits (NaN when it was not made).
	RhoOwn, RhoLinf float64
}

// chooseScaling resolves opt.Scaling for the kept columns (offset: their
// centring) and says why.
func chooseScaling(cols []ColumnStats, offset []float64, opt Options) ScalingChoice {
	c := ScalingChoice{Scaling: opt.Scaling, RhoOwn: math.NaN(), RhoLinf: math.NaN()}
	bound := "||x||₂ ≤ 1 (ridge-type bounds)"
	if opt.Scaling == StandardLinf || opt.Scaling == ScaleLinf || opt.Scaling == CommonLinf {
		bound = "||x||∞ ≤ 1 (lasso-type bounds)"
	}
	if opt.Scaling.KeepsUnits() || opt.KeepUnits && opt.Scaling.Standard() {
		c.RhoOwn, c.RhoLinf = unitRatios(cols, offset)
	}
	if !opt.KeepUnits || !opt.Scaling.Standard() {
		c.Reason = scalingReason(opt.Scaling, bound)
		return c
	}
	common := ScaleL2
	if opt.Scaling == StandardLinf {
		common = CommonLinf
	}
	if c.RhoOwn >= commensurateRatio*c.RhoLinf {
		c.Scaling = common
		c.Reason = fmt.Sprintf("the columns are commensurate (rho_ridge %.3g on their own scales, %.3g with each divided by its largest |x − mean|), "+
			"so one common factor to %s keeps the uneven second moments that data-dependent sampling exploits", c.RhoOwn, c.RhoLinf, bound)
		return c
	}
	c.Reason = fmt.Sprintf("the columns are in different units (rho_ridge %.3g on their own scales but %.3g with each divided by its largest |x − mean|: "+
		"the unevenness comes from the units), so they are standardised, then scaled to %s; data-dependent sampling on their own scales would chase "+
		"the column with the largest unit (scaling %s keeps them)", c.RhoOwn, c.RhoLinf, bound, common.Name())
	return c
}

// unitRatios returns Kukliansky & Shamir's ρ_ridge of the centred columns
// (offset: their centring) on their own scales and with each divided by
// its largest |x − mean| (ScalingChoice.RhoOwn, RhoLinf).
func unitRatios(cols []ColumnStats, offset []float64) (own, linf float64) {
	var o, l []float64
	for j, st := range cols {
		if st.SD > 0 { // a constant column kept has no second moment to compare
			v := st.SD * st.SD
			o, l = append(o, v), append(l, v/(st.dev(offset[j])*st.dev(offset[j])))
		}
	}
	return ImprovementRatios(o).Ridge, ImprovementRatios(l).Ridge
}

// MixedUnitsKept reports that the scaling keeps the columns' relative
// scales (ScaleL2, CommonLinf, NoScaling) while they are in different
// units by the rule of Options.KeepUnits (RhoOwn below commensurateRatio
// times RhoLinf): the columns of the largest units then dominate the norm
// ball, and the others are barely learned (R's state.x77: Area up to
// 566,432 beside Illiteracy, 0.5 to 2.8; cross-validation chose the zero
// predictor under --scale l2 and none).
func (c ScalingChoice) MixedUnitsKept() bool {
	return c.Scaling.KeepsUnits() && c.RhoOwn < commensurateRatio*c.RhoLinf // false when either is NaN
}

// mixedUnitsWarning is the warning for MixedUnitsKept ("" otherwise).
func (c ScalingChoice) mixedUnitsWarning() string {
	if !c.MixedUnitsKept() {
		return ""
	}
	return fmt.Sprintf("the columns are in different units (rho_ridge %.3g on their own scales but %.3g with each divided by its largest |x − mean|) "+
		"and scaling %s keeps them: the columns of the largest units dominate the norm ball and the others are barely learned; "+
		"--scale auto (std-l2 or std-linf; Options.Scaling in Go) standardises every column first", c.RhoOwn, c.RhoLinf, c.Scaling.Name())
}

// scalingReason says what a scaling does, for a ScalingChoice.
func scalingReason(s Scaling, bound string) string {
	switch s {
	case StandardL2, StandardLinf:
		return "every column standardised, so that each weighs alike in the norm ball whatever its unit, then one common factor to " + bound
	case ScaleL2, CommonLinf:
		return "one common factor to " + bound + "; the columns keep their relative scales"
	case ScaleLinf:
		return "each column divided by its largest |x − mean|, so that " + bound
	}
	return "the columns are used in their own units"
}
