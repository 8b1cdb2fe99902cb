package frames

import (
	"fmt"
	"math"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// choose sets MinIndex, BestIndex, Best and ZeroChosen by the rule.
func (r *CVResult) choose() error {
	r.MinIndex, r.BestIndex, r.ZeroChosen = -1, -1, false
	for g, set := range r.Settings {
		if !math.IsNaN(set.Mean) && (r.MinIndex < 0 || set.Mean < r.Settings[r.MinIndex].Mean) {
			r.MinIndex = g
		}
	}
	if r.MinIndex < 0 {
		return fmt.Errorf("frames: CrossValidate: every setting has a NaN validation error: %w", lao.ErrNotFinite)
	}
	best := r.Settings[r.MinIndex]
	r.BestIndex, r.Best = r.MinIndex, best.Params
	switch r.Rule {
	case RuleMin:
		r.ZeroChosen = len(r.Zero.FoldMSE) > 0 && r.Zero.Mean < best.Mean
	case RuleMinZeroSE:
		r.ZeroChosen = len(r.Zero.FoldMSE) > 0 && withinOneSE(r.Zero, best)
	case RuleOneSE:
		for g, set := range r.Settings {
			if withinOneSE(set, best) && set.PredSq < r.Settings[r.BestIndex].PredSq {
				r.BestIndex = g
			}
		}
		r.Best = r.Settings[r.BestIndex].Params
		r.ZeroChosen = len(r.Zero.FoldMSE) > 0 && withinOneSE(r.Zero, best)
	default:
		return fmt.Errorf("frames: CrossValidate: rule %q: want %q, %q or %q: %w", r.Rule, RuleMin, RuleOneSE, RuleMinZeroSE, lao.ErrParam)
	}
	return nil
}

// withinOneSE reports whether set's validation error exceeds best's by at
// most one standard error of their fold-by-fold difference.
func withinOneSE(set, best CVSetting) bool {
	if len(set.FoldMSE) != len(best.FoldMSE) || math.IsNaN(set.Mean) {
		return false
	}
	diff := make([]float64, len(set.FoldMSE))
	for f := range diff {
		diff[f] = set.FoldMSE[f] - best.FoldMSE[f]
	}
	mean, std := meanStd(diff)
	if len(diff) < 2 {
		std = 0
	}
	return mean <= std/math.Sqrt(float64(len(diff)))
}

// MinValidationRows is the validation fold size below which CV warns that
// its choice is mostly noise.
const MinValidationRows = 10

// smallTableWarnings returns the warnings of a CV with folds folds on m
// rows of d attributes.
func smallTableWarnings(m, d, folds int) []string {
	var out []string
	if n := m / max(folds, 1); n < MinValidationRows {
		// Not CV at all is no remedy: the theorems' defaults are set for the
		// worst case (on a 20-row table --cv 0 took AERR from about 1 to 1.18
		// times the zero predictor's test error, ridge to 7).
		noCV := "no CV at all (--cv 0, or Prepared.Fit in Go) would use the theorems' worst-case defaults, often worse still"
		advice := "more rows would help; " + noCV
		if f := m / MinValidationRows; f >= 2 && m-m/f >= 2*d { // the most folds that leave MinValidationRows each
			advice = fmt.Sprintf("use at most %d folds (--cv %d; TuneOptions.Folds in Go) or more rows; %s", f, f, noCV)
		} else if f >= 2 { // fewer folds would leave each fit fewer than 2 rows per attribute (mtcars: 29 rows, 10 attributes)
			advice = fmt.Sprintf("no number of folds leaves both %d validation rows and 2 training rows per attribute on %d rows of %d attributes: more rows, or fewer columns (--ignore), would help; %s",
				MinValidationRows, m, d, noCV)
		}
		out = append(out, fmt.Sprintf("%d rows in %d folds leave %s per fold (fewer than %d): the CV choice is mostly noise; %s",
			m, folds, plural(n, "validation row"), MinValidationRows, advice))
	}
	if train := m - m/max(folds, 1); train < 2*d {
		out = append(out, fmt.Sprintf("each fold's fit sees %d of these %d rows for %d attributes (fewer than 2 per attribute): a fit may do little better than the zero predictor, and its test error varies much from split to split",
			train, m, d))
	}
	return out
}

// Summary returns one line saying what CV chose: the setting, or the zero
// predictor and why, with the validation errors (on the table CV ran on,
// e.g. the prepared training part, whose units may not be the test
// MSE's: the ratios to the zero predictor's say how much better).
func (r *CVResult) Summary() string {
	if r == nil || r.BestIndex < 0 {
		return ""
	}
	best := r.Settings[r.BestIndex]
	if r.NestedZero {
		return fmt.Sprintf("the zero predictor (the training mean): tuning and fitting on %d outer folds (nested CV) predicted the held-out rows at MSE %.4g against the zero predictor's %.4g%s, on the data as the solver sees them: not better by more than one standard error (the plain CV's choice %v reached %.4g)",
			len(r.Nested.FoldMSE), r.Nested.Mean, r.NestedZeroMSE, ratioText(r.Nested.Mean, r.NestedZeroMSE), best.Params, best.Mean)
	}
	if r.ZeroChosen {
		return fmt.Sprintf("the zero predictor (the training mean): validation MSE %.4g on the data as the solver sees them; the best setting %v reached %.4g%s, not better by more than noise",
			r.Zero.Mean, r.Settings[r.MinIndex].Params, r.Settings[r.MinIndex].Mean, ratioText(r.Settings[r.MinIndex].Mean, r.Zero.Mean))
	}
	line := fmt.Sprintf("%v: validation MSE %.4g ± %.2g (zero predictor %.4g)", best.Params, best.Mean, best.Std, r.Zero.Mean)
	if r.BestIndex != r.MinIndex {
		line += fmt.Sprintf("; the lowest, %.4g at %v, is within one standard error", r.Settings[r.MinIndex].Mean, r.Settings[r.MinIndex].Params)
	}
	return line
}

// ratioText is " (R times it)" for an MSE beside the zero predictor's, or
// "" when the ratio is not a finite number.
func ratioText(mse, zero float64) string {
	r := mse / zero
	if math.IsNaN(r) || math.IsInf(r, 0) {
		return ""
	}
	return " (" + Times(r) + " times it)"
}

// Times prints a ratio of two MSEs to three significant digits, or to as
// many more as it takes not to round a ratio above or below 1 to "1": a
// warning that a fit is worse than the zero predictor reads "1.0004 times
// it", not "1 times it".
func Times(r float64) string {
	for prec := 3; prec < 17; prec++ {
		if s := strconv.FormatFloat(r, 'g', prec, 64); r == 1 || s != "1" {
			return s
		}
	}
	return strconv.FormatFloat(r, 'g', -1, 64)
}
