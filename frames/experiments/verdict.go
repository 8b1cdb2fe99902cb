package experiments

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Outcome is one solver's test error on one split of a comparison (lao
// compare): the test MSE divided by the zero predictor's (the training
// mean's) on the same split.
type Outcome struct {
	Solver string
	K      int  // the budget; for a full-information reference, d
	Full   bool // a full-information reference (reads every attribute)
	Seed   uint64
	Ratio  float64 // test MSE / zero predictor's test MSE
	// Zero marks a fit that is the zero predictor (CV's choice, or a
	// refit's): it read nothing and predicts the training mean.
	Zero bool
	// Rows, when set, are the fit's squared errors on the test rows
	// divided by the zero predictor's test MSE, in the rows' time order
	// (their mean is Ratio), and ZeroRows the zero predictor's likewise
	// (their mean is 1): set when every split tests the same rows, the
	// table's last ones (compare --test-last). The intervals are then over
	// those rows (see har.go), not over the splits, which differ only in
	// the solvers' draws and the training rows' order.
	Rows, ZeroRows []float64
}

// Gap is a paired difference over the splits both solvers ran on (of
// test-MSE ratios in a Verdict, of test MSEs in GapAtCost): Mean ± Half is
// its 95 % confidence interval (Student's t with N−1 degrees of freedom),
// corrected for random splits whose training parts overlap (Nadeau &
// Bengio 2003; see TestOverTrain); or, when every split tested the same
// rows in time order (Outcome.Rows), over those rows (TestRows; see
// har.go). DF 0 means no interval (Half 0): one split, or too few rows.
type Gap struct {
	// Of names the solver whose ratio the gap is of (minus Against's).
	Of      string  `json:"of"`
	Against string  `json:"against"`
	Mean    float64 `json:"mean"`
	Half    float64 `json:"half_width_95"`
	N       int     `json:"splits"`
	// Lower and Higher count the splits on which the first solver's ratio
	// is below and above the other's: a mean can part from the counts when
	// a few splits differ by much (a CV that chose the zero predictor on
	// one).
	Lower  int `json:"splits_lower"`
	Higher int `json:"splits_higher"`
	// TestOverTrain is the correction's n_test/n_train (0: none, the
	// plain t interval).
	TestOverTrain float64 `json:"test_over_train"`
	// TestRows, when not 0, is the number of test rows, in time order,
	// the interval is over (every split tested the same rows): N then
	// counts fits of different seeds on that one split.
	TestRows int `json:"test_rows,omitempty"`
	// RowsLower counts, over rows (TestRows), the test rows on which the
	// first solver's squared error, averaged over the seeds, is below the
	// other's: with few rows the interval is wide (few degrees of
	// freedom) while the rows may all point one way.
	RowsLower int `json:"test_rows_lower,omitempty"`
	// DF is the interval's degrees of freedom: N − 1 over splits; over
	// rows, the EWC estimator's ν, or with two seeds or more the
	// Welch–Satterthwaite combination of ν and N − 1 (see overRows); 0:
	// no interval.
	DF    float64 `json:"df"`
	equal int     // splits of a difference exactly 0 (not NaN)
	// floor is the half-width that no number of splits of the same rows
	// goes below: z_0.975·sd·√TestOverTrain.
	floor float64
	// seedShare is, over rows (TestRows), the seeds' share of the
	// interval's variance (see overRows): what more seeds could narrow.
	seedShare float64
}

// TestOverTrain returns n_test/n_train, the correction of the intervals
// over random splits of one table into mTest test and mTrain training
// rows (0 if either count is not positive: no correction). The splits'
// training parts overlap, so their test errors are correlated and the
// variance of the differences over J splits understates the variance of
// their mean: the plain paired t interval, σ̂·t/√J, excludes 0 far more
// often than 5 % when nothing differs (TestResampledIntervalCalibrated:
// on about 23 % of tables with 10 splits). Nadeau & Bengio (2003,
// "Inference for the generalization error", Machine Learning 52) widen it
// to σ̂·t·√(1/J + n_test/n_train), the "corrected resampled t" (Bouckaert
// & Frank 2004 found it the best calibrated of the tests they compared
// for repeated random splits). Its target is the difference in expected
// error on new data from the same source, not on these rows alone.
func TestOverTrain(mTest, mTrain int) float64 {
	if mTest <= 0 || mTrain <= 0 {
		return 0
	}
	return float64(mTest) / float64(mTrain)
}

// MarshalJSON writes the mean as null when there is none (no split
// compared) and the half-width as null when there is no interval (fewer
// than 2 splits), as it does any value that is not finite, since JSON
// has no NaN or infinity: a 0 would read as "exactly equal".
func (g Gap) MarshalJSON() ([]byte, error) {
	finite := func(x float64, ok bool) *float64 {
		if !ok || math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return &x
	}
	return json.Marshal(struct {
		Of      string   `json:"of,omitempty"`
		Against string   `json:"against"`
		Mean    *float64 `json:"mean"`
		Half    *float64 `json:"half_width_95"`
		N       int      `json:"splits"`
		Lower   int      `json:"splits_lower"`
		Higher  int      `json:"splits_higher"`
		TOT     float64  `json:"test_over_train"`
		Rows    int      `json:"test_rows,omitempty"`
		RowsLow int      `json:"test_rows_lower,omitempty"`
		DF      float64  `json:"df"`
	}{g.Of, g.Against, finite(g.Mean, g.N > 0), finite(g.Half, g.DF > 0), g.N, g.Lower, g.Higher, g.TestOverTrain, g.TestRows, g.RowsLower, g.DF})
}

// zeroPredictor names the zero predictor in a Gap's Against.
const zeroPredictor = "zero predictor"

// lowerEnd is the interval's lower end as printed: for a gap to the zero
// predictor, a ratio minus 1, never below −1 (a test MSE is not negative;
// the t interval's symmetric end can be, over few rows of a skewed error).
func (g Gap) lowerEnd() float64 {
	if g.Against == zeroPredictor {
		return max(g.Mean-g.Half, -1)
	}
	return g.Mean - g.Half
}

// lowerText is lowerEnd printed with verb (%+.2g, %+.3g), saying so when
// the t interval's end was cut at −1 (an interval that looks lopsided
// otherwise), with three digits of the t end when verb's would print −1
// for it too.
func (g Gap) lowerText(verb string) string {
	end, t := fmt.Sprintf(verb, g.lowerEnd()), fmt.Sprintf(verb, g.Mean-g.Half)
	if end == t && g.Mean-g.Half < g.lowerEnd() { // cut by less than the digits show: more digits, so that −1 does not read as uncut
		t = fmt.Sprintf("%+.3g", g.Mean-g.Half)
	}
	if end != t {
		end += fmt.Sprintf(" (the t interval's %s, cut: a test MSE is not negative)", t)
	}
	return end
}

// Clear reports whether the interval excludes 0.
func (g Gap) Clear() bool { return g.DF > 0 && math.Abs(g.Mean) > g.Half }

// onSplits is "n of the N splits", with ", equal on e" when e splits gave
// both solvers the same ratio (neither lower nor higher: a count of lower
// splits alone reads as a loss on the rest).
func (g Gap) onSplits(n int) string {
	line := fmt.Sprintf("%d of the %d %s", n, g.N, g.counted())
	if g.equal > 0 {
		line += fmt.Sprintf(", equal on %d", g.equal)
	}
	return line
}

// counted is what N counts: "splits", or "seeds" when every split tested
// the same rows (TestRows).
func (g Gap) counted() string {
	if g.TestRows > 0 {
		return "seeds"
	}
	return "splits"
}

// spreadOver is what the interval is over: "splits", or "test rows".
func (g Gap) spreadOver() string {
	if g.TestRows > 0 {
		return "test rows"
	}
	return "splits"
}

// ClearlyBelow reports whether the interval lies below 0.
func (g Gap) ClearlyBelow() bool { return g.Mean < 0 && g.Clear() }

// Verdict is the answer of a comparison at one budget k.
type Verdict struct {
	K int `json:"k"`
	// Best is the budgeted method of the lowest mean ratio at k, Ratio its
	// mean; Tied the other methods of the same mean (ties: by name; on a
	// table without signal several choose the zero predictor, ratio 1).
	Best  string   `json:"best"`
	Ratio float64  `json:"ratio"`
	Tied  []string `json:"tied_with,omitempty"`
	// BestIsZero marks a Best whose fit was the zero predictor on every
	// split: its ratio is the training mean's, not a model's.
	BestIsZero bool `json:"best_is_zero_predictor,omitempty"`
	// Full is Best's gap to the best full-information reference (nil if
	// none ran); Screen its gap to the screening baseline at the same k,
	// or, when the baseline is Best, the runner-up's gap to it (nil if
	// the baseline did not run).
	Full   *Gap `json:"gap_to_full_information,omitempty"`
	Screen *Gap `json:"gap_to_baseline,omitempty"`
	// FullZero is the full-information reference's own gap to the zero
	// predictor (nil if none ran): a reference that does not beat
	// predicting the mean is no yardstick.
	FullZero *Gap `json:"full_information_gap_to_zero_predictor,omitempty"`
	// ScreenRatio is the baseline's mean ratio at k (0 if it did not run).
	ScreenRatio float64 `json:"baseline_ratio,omitempty"`
	// RunnerUp is the second-best budgeted method when Best is the
	// baseline (Screen is then its gap), RunnerUpRatio its mean ratio.
	RunnerUp      string  `json:"runner_up,omitempty"`
	RunnerUpRatio float64 `json:"runner_up_ratio,omitempty"`
	// Zero is Best's gap to the zero predictor (ratio 1).
	Zero Gap `json:"gap_to_zero_predictor"`
	// Steadier, when Best does not clearly beat the zero predictor, is the
	// best-ranked budgeted method that does, and SteadierRatio its mean
	// ratio: Best's lower mean comes with a spread over the splits too wide
	// to tell it from predicting the mean. SteadierZero is its gap to the
	// zero predictor with the interval widened for the search over
	// SteadierSearched methods (Bonferroni's), which excludes 0: its JSON
	// half_width_95 is the widened half-width.
	Steadier         string  `json:"steadier,omitempty"`
	SteadierRatio    float64 `json:"steadier_ratio,omitempty"`
	SteadierZero     *Gap    `json:"steadier_gap_to_zero_predictor,omitempty"`
	SteadierSearched int     `json:"steadier_methods_searched,omitempty"`
	// Recommendation is one line for the user.
	Recommendation string `json:"recommendation"`
	// AllAttributes marks a k of at least d, the table's attributes: every
	// training row reveals every attribute, nothing is hidden, and the
	// "budgeted" methods are compared there with no budget at all.
	AllAttributes bool `json:"k_reads_every_attribute,omitempty"`
}

// Verdicts returns, for every budget k in the outcomes (increasing), the
// best budgeted method, its gaps (paired by split) to the best
// full-information reference and to the baseline (e.g. "screen-ridge"),
// and a one-line recommendation; d is the table's number of attributes
// (a k of at least d is marked AllAttributes, and its recommendation says
// that nothing was hidden; d ≤ 0, unknown, marks none). testOverTrain is
// n_test/n_train of the random splits of one table the outcomes came
// from (TestOverTrain): the intervals are corrected for the overlap of
// their training parts; 0 gives the plain t intervals, for comparisons
// over independent samples.
func Verdicts(outcomes []Outcome, baseline string, d int, testOverTrain float64) []Verdict {
	bySolverK := map[[2]string][]Outcome{}
	var ks []int
	for _, o := range outcomes {
		key := [2]string{o.Solver, fmt.Sprint(o.K)}
		if o.Full {
			key[1] = "full"
		} else if !slices.Contains(ks, o.K) {
			ks = append(ks, o.K)
		}
		bySolverK[key] = append(bySolverK[key], o)
	}
	slices.Sort(ks)
	full := bestOf(bySolverK, "full")
	rho := testOverTrain // the intervals' correction
	var out []Verdict
	for _, k := range ks {
		ranked := rankAt(bySolverK, fmt.Sprint(k))
		best := ranked[0]
		v := Verdict{K: k, Best: best, Ratio: meanRatio(bySolverK[[2]string{best, fmt.Sprint(k)}]), AllAttributes: d > 0 && k >= d}
		for _, name := range ranked[1:] {
			if r := meanRatio(bySolverK[[2]string{name, fmt.Sprint(k)}]); tied(r, v.Ratio) {
				v.Tied = append(v.Tied, name)
			}
		}
		runs := bySolverK[[2]string{best, fmt.Sprint(k)}]
		v.BestIsZero = !slices.ContainsFunc(runs, func(o Outcome) bool { return !o.Zero })
		v.Zero = pairedGap(best, runs, nil, zeroPredictor, rho)
		if !v.Zero.ClearlyBelow() {
			v.steadier(ranked[1:], bySolverK, fmt.Sprint(k), rho)
		}
		if full != "" {
			g := pairedGap(best, runs, bySolverK[[2]string{full, "full"}], full, rho)
			fz := pairedGap(full, bySolverK[[2]string{full, "full"}], nil, zeroPredictor, rho)
			v.Full, v.FullZero = &g, &fz
		}
		if sr, ok := bySolverK[[2]string{baseline, fmt.Sprint(k)}]; ok {
			v.ScreenRatio = meanRatio(sr)
			who, whoName := runs, best
			if best == baseline && len(ranked) > 1 {
				v.RunnerUp = ranked[1]
				who, whoName = bySolverK[[2]string{ranked[1], fmt.Sprint(k)}], ranked[1]
				v.RunnerUpRatio = meanRatio(who)
			}
			if best != baseline || len(ranked) > 1 {
				g := pairedGap(whoName, who, sr, baseline, rho)
				v.Screen = &g
			}
		}
		v.Recommendation = recommend(v, full, baseline, d)
		out = append(out, v)
	}
	return out
}

// steadier sets Steadier to the best-ranked of others whose gap to the zero
// predictor lies below 0 by an interval adjusted for the search: the search
// may stop at any of the len(others) methods, so each interval is
// Bonferroni's, at 1 − 0.05/len(others) (with five splits and a dozen
// methods, some 95 % interval would exclude 0 by chance alone).
func (v *Verdict) steadier(others []string, by map[[2]string][]Outcome, k string, rho float64) {
	for _, name := range others {
		runs := by[[2]string{name, k}]
		g := adjusted(pairedGap(name, runs, nil, zeroPredictor, rho), len(others))
		if g.ClearlyBelow() {
			v.Steadier, v.SteadierRatio, v.SteadierZero, v.SteadierSearched = name, meanRatio(runs), &g, len(others)
			return
		}
	}
}

// adjusted widens g's 95 % interval to Bonferroni's for m comparisons: the
// two-sided 1 − 0.05/m quantile of Student's t in place of the 0.975 one.
func adjusted(g Gap, m int) Gap {
	if !(g.DF > 0) || m < 2 {
		return g
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: g.DF}
	g.Half *= t.Quantile(1-0.025/float64(m)) / t.Quantile(0.975)
	return g
}

// rankAt returns the solvers at key k, by increasing mean ratio (ties: by
// name).
func rankAt(by map[[2]string][]Outcome, k string) []string {
	var names []string
	for key := range by {
		if key[1] == k {
			names = append(names, key[0])
		}
	}
	slices.SortFunc(names, func(a, b string) int {
		if ra, rb := meanRatio(by[[2]string{a, k}]), meanRatio(by[[2]string{b, k}]); !tied(ra, rb) {
			return cmp.Compare(ra, rb)
		}
		return cmp.Compare(a, b)
	})
	return names
}

// tied reports whether two mean ratios are equal up to rounding (the
// means of the same per-split ratios summed in another order).
func tied(a, b float64) bool { return math.Abs(a-b) <= 1e-12*max(1, math.Abs(a)) }

func bestOf(by map[[2]string][]Outcome, k string) string {
	if r := rankAt(by, k); len(r) > 0 {
		return r[0]
	}
	return ""
}

func meanRatio(runs []Outcome) float64 {
	var s float64
	for _, r := range runs {
		s += r.Ratio
	}
	return s / float64(len(runs))
}

// pairedGap is the gap of the solver named of, whose runs are a: the mean
// of a's ratio minus b's over the splits (seeds) both ran on, with its 95 %
// half-width, corrected by rho = n_test/n_train (TestOverTrain); b nil means
// the zero predictor (ratio 1 on every split).
func pairedGap(of string, a, b []Outcome, against string, rho float64) Gap {
	other := map[uint64]*Outcome{}
	for i := range b {
		other[b[i].Seed] = &b[i]
	}
	var pairs []seedPair
	var diff []float64
	for i := range a {
		if b == nil {
			pairs, diff = append(pairs, seedPair{&a[i], nil}), append(diff, a[i].Ratio-1)
		} else if o, ok := other[a[i].Seed]; ok {
			pairs, diff = append(pairs, seedPair{&a[i], o}), append(diff, a[i].Ratio-o.Ratio)
		}
	}
	g := gapOf(diff, against, rho)
	g.Of = of
	if onRows(a, b) {
		g = overRows(g, len(a[0].Rows), pairs, diff)
	}
	return g
}

// seedPair is two solvers' outcomes on the same seed (against nil: the
// zero predictor).
type seedPair struct{ of, against *Outcome }

// gapOf is the mean of the paired differences diff with its 95 %
// half-width: Student's t with N − 1 degrees of freedom times
// σ̂·√(1/N + rho), where σ̂² is the sample variance of diff and rho the
// resampling correction's n_test/n_train (0: the plain σ̂/√N).
func gapOf(diff []float64, against string, rho float64) Gap {
	g := Gap{Against: against, N: len(diff), TestOverTrain: rho}
	if g.N == 0 {
		return g // no common split: N = 0 says so (JSON has no NaN)
	}
	for _, d := range diff {
		g.Mean += d / float64(g.N)
		switch {
		case d < 0:
			g.Lower++
		case d > 0:
			g.Higher++
		case d == 0:
			g.equal++
		}
	}
	if g.N < 2 {
		return g // one split: no interval (Half 0, Clear false)
	}
	var ss float64
	for _, d := range diff {
		ss += (d - g.Mean) * (d - g.Mean)
	}
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(g.N - 1)}.Quantile(0.975)
	variance := ss / float64(g.N-1)
	g.Half, g.DF = t*math.Sqrt(variance*(1/float64(g.N)+rho)), float64(g.N-1)
	g.floor = distuv.UnitNormal.Quantile(0.975) * math.Sqrt(variance*rho)
	return g
}

// recommend writes the one-line recommendation of a verdict.
func recommend(v Verdict, full, baseline string, d int) string {
	at := fmt.Sprintf("k = %d: ", v.K)
	if v.AllAttributes {
		at = fmt.Sprintf("k = %d, all d = %d attributes (no budget: nothing is hidden from the learner, so this says nothing about learning from fewer): ", v.K, d)
	}
	best := v.BestNamed()
	if v.Zero.DF == 0 {
		return at + oneSplitLine(v, best, full)
	}
	if !v.Zero.ClearlyBelow() {
		if v.Steadier != "" {
			g, searched := v.SteadierZero, "of the gap"
			if v.SteadierSearched > 1 {
				searched = fmt.Sprintf("of the gap, widened for the %d methods searched,", v.SteadierSearched)
			}
			return at + fmt.Sprintf("use %s (%s of the zero predictor's test error, below it on average, lower on %s: the 95 %% interval %s %s to %+.3g, excludes 0); "+
				"%s has the lowest mean (%s) but varies too much over the %s to tell it from predicting the mean",
				v.Steadier, RatioNumber(v.SteadierRatio), g.onSplits(g.Lower), searched, g.lowerText("%+.3g"), g.Mean+g.Half, v.BestNamedWithout(v.Steadier), RatioNumber(v.Ratio), v.Zero.spreadOver())
		}
		line := at + fmt.Sprintf("no budgeted method clearly beats predicting the training mean (best: %s, %s of its error)", best, RatioNumber(v.Ratio))
		switch {
		case v.Zero.TestRows > 0 && v.Zero.Clear(): // above the mean, clearly: what was learnt does not carry over
			return line + fmt.Sprintf("; %s is clearly worse than it on these %d test rows (95 %% interval %s to %+.2g): what the models learnt from the earlier rows does not carry over to the later ones",
				v.Best, v.Zero.TestRows, v.Zero.lowerText("%+.2g"), v.Zero.Mean+v.Zero.Half)
		case v.Zero.TestRows > 0 && v.Zero.Half > 0: // the interval is the test rows' (and the seeds')
			return line + fmt.Sprintf("; the 95 %% interval over the %d test rows (%.3g degree%s of freedom) is %s to %+.2g%s",
				v.Zero.TestRows, v.Zero.DF, map[bool]string{true: "s"}[v.Zero.DF != 1], v.Zero.lowerText("%+.2g"), v.Zero.Mean+v.Zero.Half, v.Zero.narrower())
		case v.noYardstick():
			return line + fmt.Sprintf(", and neither does full information (%s, %s): the columns may carry too little signal for this target to tell on these rows; more rows, or other columns, would tell",
				full, RatioNumber(1+v.FullZero.Mean))
		case v.AllAttributes:
			return line + "; every attribute was read already: more rows would tell"
		}
		return line + "; read more attributes per row or collect more rows"
	}
	line := at + fmt.Sprintf("use %s (%s of the zero predictor's test error)", best, RatioNumber(v.Ratio)) + fullClause(v, full)
	g := v.Screen
	switch {
	case g == nil || g.Clear():
	case v.Best == baseline && 2*g.Lower >= g.N: // g is the runner-up's gap to the baseline
		line += fmt.Sprintf("; %s is as good within noise (%s, lower than %s on %s)", v.RunnerUp, RatioNumber(v.RunnerUpRatio), baseline, g.onSplits(g.Lower))
	case v.Best == baseline:
		line += fmt.Sprintf("; the runner-up, %s (%s), is not clearly worse (higher than %s on %s)", v.RunnerUp, RatioNumber(v.RunnerUpRatio), baseline, g.onSplits(g.Higher))
	case 2*g.Higher > g.N: // the mean and the count part: say so, without taking sides
		line += fmt.Sprintf("; %s (%s) is as good within noise and lower on %s: a few %s decide the means, so neither is clearly better",
			baseline, RatioNumber(v.ScreenRatio), g.onSplits(g.Higher), g.counted())
	default:
		line += fmt.Sprintf("; %s is as good within noise (%s lower on %s)", baseline, v.Best, g.onSplits(g.Lower))
	}
	return line
}

// BestNamed is Best with the methods tied with it, and whether it was the
// zero predictor on every split: "aelr (tied with aer, aerr)", "aelr (the
// training mean on every split)".
func (v Verdict) BestNamed() string {
	var notes []string
	if len(v.Tied) > 0 {
		notes = append(notes, "tied with "+strings.Join(v.Tied, ", "))
	}
	if v.BestIsZero {
		notes = append(notes, "the training mean on every "+strings.TrimSuffix(v.Zero.counted(), "s"))
	}
	if len(notes) == 0 {
		return v.Best
	}
	return v.Best + " (" + strings.Join(notes, "; ") + ")"
}

// BestNamedWithout is BestNamed without the method name: the steadier
// method, when it is one of those tied with Best, is recommended on its
// own and is not also named among those that vary too much.
func (v Verdict) BestNamedWithout(name string) string {
	w := v
	w.Tied = slices.DeleteFunc(slices.Clone(v.Tied), func(t string) bool { return t == name })
	return w.BestNamed()
}

// noYardstick reports whether the full-information reference ran on two
// splits or more and does not clearly beat the zero predictor itself.
func (v Verdict) noYardstick() bool {
	return v.FullZero != nil && v.FullZero.DF > 0 && !v.FullZero.ClearlyBelow()
}

// oneSplitLine is the recommendation of a verdict on one split.
func oneSplitLine(v Verdict, best, full string) string {
	side := "below"
	if v.Ratio >= 1 {
		side = "not below"
	}
	line := fmt.Sprintf("%s has the lowest test error of the budgeted methods (%s of the zero predictor's, %s predicting the mean) on the one split this k ran on",
		best, RatioNumber(v.Ratio), side)
	if v.Full != nil && v.Full.N == 1 {
		line += fmt.Sprintf(" (full information, %s: %s)", full, RatioNumber(v.Ratio-v.Full.Mean))
	}
	if v.Zero.TestRows > 0 {
		return line + fmt.Sprintf("; %d test rows give no interval to tell a method from predicting the mean: hold out more rows (--test-frac)", v.Zero.TestRows)
	}
	return line + "; one split gives no interval to tell a method from predicting the mean: run more splits (compare's --repeat)"
}

// weak says, for splits of one table, why every split agreeing is weak
// evidence ("" for independent samples).
func (g Gap) weak() string {
	if g.TestRows > 0 {
		return " (weak evidence: every seed tests the same rows)"
	}
	if g.TestOverTrain > 0 {
		return " (weak evidence: the splits share most training rows)"
	}
	return ""
}

// moreSplits says whether more splits of the same rows could make g's
// interval exclude 0: not when |mean| is within the floor no number of
// splits goes below (their training rows overlap), only more rows; ""
// when the splits did not differ at all (no spread, nothing to tell).
func (g Gap) moreSplits() string {
	switch {
	case g.TestRows > 0 && g.equal < g.N:
		return g.narrower()
	case g.floor == 0 && g.TestOverTrain > 0 || g.equal == g.N:
		return ""
	case g.TestOverTrain > 0 && math.Abs(g.Mean) <= g.floor:
		return fmt.Sprintf(": more splits of these rows cannot narrow the interval below about ±%.2g; more rows might tell", g.floor)
	}
	return ": more splits may tell (compare's --repeat)"
}

// narrower says, for an interval over the test rows, what would narrow
// it: a longer test part (--test-frac) the rows' part of its variance,
// more seeds (--repeat) the seeds' part, named when it is a fifth or more.
func (g Gap) narrower() string {
	if g.seedShare >= 0.2 {
		return fmt.Sprintf(": a longer test part (--test-frac) would narrow the rows' part of its variance, more seeds (--repeat) the seeds' part (%.0f %%)", 100*g.seedShare)
	}
	return ": every seed tests the same rows, so more seeds would not narrow it much; a longer test part (--test-frac) might"
}

// fullClause compares a verdict's best method with the full-information
// reference, or says that the reference does not beat the zero predictor
// itself ("" without a reference).
func fullClause(v Verdict, full string) string {
	switch {
	case v.Full == nil:
		return ""
	case v.noYardstick():
		return fmt.Sprintf("; full information (%s, %s) does not clearly beat predicting the training mean on these %s: no yardstick here", full, RatioNumber(1+v.FullZero.Mean), v.FullZero.spreadOver())
	case !v.Full.Clear() && v.Full.DF > 0 && v.Full.N > 1 && v.Full.Higher == v.Full.N:
		return fmt.Sprintf("; full information (%s, %s) is lower on all %d %s%s, but its 95 %% interval does not exclude 0%s",
			full, RatioNumber(v.Ratio-v.Full.Mean), v.Full.N, v.Full.counted(), v.Full.weak(), v.Full.moreSplits())
	case !v.Full.Clear() && v.Full.DF > 0 && v.Full.N > 1 && v.Full.Lower == v.Full.N:
		return fmt.Sprintf("; lower than full information (%s, %s) on all %d %s%s, but the 95 %% interval does not exclude 0%s",
			full, RatioNumber(v.Ratio-v.Full.Mean), v.Full.N, v.Full.counted(), v.Full.weak(), v.Full.moreSplits())
	case !v.Full.Clear() && v.Full.DF > 0:
		return fmt.Sprintf("; not distinguishable from full information (%s) on these %s (lower than it on %s)%s", full, v.Full.spreadOver(), v.Full.onSplits(v.Full.Lower), v.Full.moreSplits())
	case !v.Full.Clear():
		return fmt.Sprintf("; not distinguishable from full information (%s) on these %s (lower than it on %s)", full, v.Full.spreadOver(), v.Full.onSplits(v.Full.Lower))
	case v.Full.Mean < 0: // CV's choices differ: a budgeted fit can beat the full one
		return fmt.Sprintf("; its ratio is %s lower than full information's (%s) on these %s", RatioNumber(-v.Full.Mean), full, v.Full.spreadOver())
	}
	return fmt.Sprintf("; full information (%s) is %s better", full, RatioNumber(v.Full.Mean))
}

// SmallRatio is the ratio below which RatioNumber prints two significant
// digits instead of three decimals.
const SmallRatio = 0.01

// SmallDecimals is the number of decimals that print r to two significant
// digits (r ≠ 0): 0.00061 needs 5. Fixed decimals never turn into
// exponent notation (6.1e-05), and a spread printed with the same
// decimals lines up with its mean.
func SmallDecimals(r float64) int {
	return max(0, 1-int(math.Floor(math.Log10(math.Abs(r)))))
}

// RatioNumber prints a mean test-error ratio, or a clear (positive) gap
// between two, to three decimals, or to two significant digits below
// 0.01, where three decimals would keep one digit or none (a ratio of
// 0.00061 printed 0.001 beside a gap of 0.00014 and a reference of
// 0.00047, which did not add up).
func RatioNumber(r float64) string {
	if r > 0 && r < SmallRatio {
		return fmt.Sprintf("%.*f", SmallDecimals(r), r)
	}
	return fmt.Sprintf("%.3f", r)
}

// Statement returns a sentence on g: the mean gap with its 95 % interval,
// whose ends are printed to two significant digits (a "± half" rounded to
// the mean's digits could show an interval touching 0 that does not), and
// whether it excludes 0.
func (g Gap) Statement() string {
	mean := fmt.Sprintf("%+.3f", g.Mean)
	if g.Mean != 0 && math.Abs(g.Mean) < SmallRatio { // three decimals would keep one digit or none
		mean = fmt.Sprintf("%+.*f", SmallDecimals(g.Mean), g.Mean)
	}
	switch {
	case g.N == 0:
		return fmt.Sprintf("%s vs %s (no %s in common: no comparison)", mean, g.Against, strings.TrimSuffix(g.counted(), "s"))
	case g.DF == 0 && g.TestRows > 0:
		return fmt.Sprintf("%s vs %s (%d test rows: too few for an interval)", mean, g.Against, g.TestRows)
	case g.DF == 0:
		return fmt.Sprintf("%s vs %s (one split: no interval)", mean, g.Against)
	}
	word := "not distinguishable"
	switch {
	case g.Clear() && g.Mean < 0:
		word = "lower: the interval excludes 0"
	case g.Clear():
		word = "higher: the interval excludes 0"
	}
	over := fmt.Sprintf("%d splits", g.N)
	if g.TestRows > 0 {
		seeds := "seeds"
		if g.N == 1 {
			seeds = "seed"
		}
		over = fmt.Sprintf("the %d test rows in the table's order (lower on %d of them), %d %s", g.TestRows, g.RowsLower, g.N, seeds)
	}
	return fmt.Sprintf("%s vs %s (95 %% interval %s to %+.2g over %s: %s)", mean, g.Against, g.lowerText("%+.2g"), g.Mean+g.Half, over, word)
}
