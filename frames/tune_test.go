package frames_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// On pure noise with few rows no setting of ridge predicts the validation
// rows better than the training mean by more than noise: Tune returns the
// zero predictor, which reads nothing and fits w = 0; with a strong signal
// it keeps the model.
func TestTuneChoosesZeroPredictorOnNoise(t *testing.T) {
	tuned, cv, err := frames.TuneSolver(&lao.Ridge{}, linearData(40, 10, 0, 2), 5, 3)
	if err != nil {
		t.Fatal(err)
	}
	z, ok := tuned.(*frames.ZeroPredictor)
	if !ok || !cv.ZeroChosen || z.Of != "ridge" || !strings.Contains(cv.Summary(), "zero predictor") {
		t.Fatalf("noise: tuned %T (zero chosen %v), summary %q", tuned, cv.ZeroChosen, cv.Summary())
	}
	res, err := lao.Fit(tuned, linearData(40, 10, 0, 2).Stream(), lao.Options{})
	if err != nil || res.Attributes != 0 || slices.ContainsFunc(res.W, func(v float64) bool { return v != 0 }) {
		t.Errorf("zero predictor fit: %v, attributes %d, w %v", err, res.Attributes, res.W)
	}
	tuned, cv, err = frames.TuneSolver(&lao.Ridge{}, linearData(200, 5, 1, 2), 5, 3)
	if err != nil || cv.ZeroChosen || tuned.Name() != "ridge" {
		t.Errorf("signal: %v, zero chosen %v, tuned %s", err, cv.ZeroChosen, tuned.Name())
	}
}

// The zero predictor's validation folds are the folds' mean squared
// labels, and RuleMin chooses it exactly when its mean is below every
// setting's.
func TestCrossValidateScoresZeroPredictor(t *testing.T) {
	ds := linearData(60, 3, 0, 8)
	res, err := frames.CrossValidate(ds, 5, lambdaGrid(t), buildRidge, 1)
	if err != nil {
		t.Fatal(err)
	}
	folds, _ := frames.Folds(60, 5, 1)
	for f, fold := range folds {
		var want float64
		for _, i := range fold {
			want += ds.Label(i) * ds.Label(i) / float64(len(fold))
		}
		if math.Abs(res.Zero.FoldMSE[f]-want) > 1e-12 {
			t.Errorf("fold %d: zero predictor MSE %g, want %g", f, res.Zero.FoldMSE[f], want)
		}
	}
	if want := res.Zero.Mean < res.Settings[res.BestIndex].Mean; res.ZeroChosen != want {
		t.Errorf("zero chosen %v, want %v (zero %g, best %g)", res.ZeroChosen, want, res.Zero.Mean, res.Settings[res.BestIndex].Mean)
	}
}

// The one-standard-error rule chooses a setting whose validation error is
// within one standard error of the lowest (paired by fold) and whose
// predictions are no larger than the lowest's; repeated folds multiply the
// folds.
func TestCrossValidateOneSERule(t *testing.T) {
	grid := frames.Grid(map[string][]float64{"lambda": {1e-4, 1e-3, 1e-2, 0.03, 0.1, 0.3, 1}})
	res, err := frames.CrossValidateWith(linearData(80, 8, 0.3, 5), grid, buildRidge, frames.CVOptions{Folds: 5, Seed: 2, Repeats: 3, Rule: frames.RuleOneSE})
	if err != nil {
		t.Fatal(err)
	}
	best, low := res.Settings[res.BestIndex], res.Settings[res.MinIndex]
	if len(best.FoldMSE) != 15 || res.Repeats != 3 {
		t.Fatalf("%d folds, %d repeats; want 15, 3", len(best.FoldMSE), res.Repeats)
	}
	diff := make([]float64, 15)
	for f := range diff {
		diff[f] = best.FoldMSE[f] - low.FoldMSE[f]
	}
	var m, s float64
	for _, v := range diff {
		m += v / 15
	}
	for _, v := range diff {
		s += (v - m) * (v - m) / 14
	}
	if m > math.Sqrt(s/15)+1e-15 || best.PredSq > low.PredSq {
		t.Errorf("chosen %v: mean difference %g > SE %g, or predictions %g > the lowest's %g", best.Params, m, math.Sqrt(s/15), best.PredSq, low.PredSq)
	}
	if res.BestIndex == res.MinIndex {
		t.Logf("the rule kept the lowest (%v)", low.Params)
	}
}

// While the lowest validation error lies on the edge of a range, Tune
// extends the range beyond it: ridge on noise wants a large λ, and a grid
// given by --grid that stops at 0.1 is widened past it.
func TestTuneWidensGridAtItsEdge(t *testing.T) {
	ds := linearData(200, 20, 0.05, 6)
	_, cv, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: 1, Rule: frames.RuleMin,
		Grid: map[string][]float64{"lambda": {1e-3, 1e-2, 0.1}}})
	if err != nil {
		t.Fatal(err)
	}
	var tried []float64
	for _, s := range cv.Settings {
		tried = append(tried, s.Params["lambda"])
	}
	if len(tried) <= 3 || slices.Max(tried) <= 0.1 || cv.Settings[cv.MinIndex].Params["lambda"] <= 0.1 {
		t.Errorf("tried %v, lowest at %v: want the range widened past 0.1", tried, cv.Settings[cv.MinIndex].Params)
	}
	if len(cv.Edges()) > 0 && len(tried) < 3+2*frames.MaxWiden {
		t.Errorf("still on the edge %q after %d values", cv.Edges(), len(tried))
	}
	_, cv, _ = frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: 1, NoWiden: true, Grid: map[string][]float64{"lambda": {1e-3, 1e-2, 0.1}}})
	if len(cv.Settings) != 3 {
		t.Errorf("NoWiden: %d settings, want 3", len(cv.Settings))
	}
}

func TestParseGridSpec(t *testing.T) {
	name, v, err := frames.ParseGridSpec("eta=0.01:100:5")
	if err != nil || name != "eta" || len(v) != 5 || v[0] != 0.01 || v[4] != 100 || math.Abs(v[2]-1) > 1e-12 {
		t.Errorf("log range: %s %v %v", name, v, err)
	}
	if name, v, err = frames.ParseGridSpec("B = 1, 2,4"); err != nil || name != "B" || !slices.Equal(v, []float64{1, 2, 4}) {
		t.Errorf("list: %s %v %v", name, v, err)
	}
	for _, bad := range []string{"eta", "eta=", "=1", "eta=0:1:3", "eta=a:1:3", "eta=1,x", "eta=1:2:0"} {
		if _, _, err := frames.ParseGridSpec(bad); !errors.Is(err, lao.ErrParam) {
			t.Errorf("%q: error %v, want ErrParam", bad, err)
		}
	}
	if _, _, err := frames.Tune(&lao.AERR{K: 1}, linearData(50, 3, 1, 1), frames.TuneOptions{Folds: 5, Grid: map[string][]float64{"k": {1, 2}}}); !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), "k") {
		t.Errorf("--grid on a parameter that is not tuned: %v", err)
	}
	if _, _, err := frames.Tune(&lao.AERR{K: 1}, linearData(50, 3, 1, 1), frames.TuneOptions{Folds: 5, Grid: map[string][]float64{"nope": {1}}}); !errors.Is(err, lao.ErrParam) {
		t.Errorf("--grid on an unknown parameter: %v", err)
	}
}

// A 16-row table with 5 folds warns that its validation folds are too
// small; repeated folds are the default on small tables.
func TestTuneWarnsOnSmallTables(t *testing.T) {
	_, cv, err := frames.TuneSolver(&lao.Ridge{}, linearData(16, 3, 1, 1), 5, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(cv.Warnings) == 0 || !strings.Contains(cv.Warnings[0], "3 validation rows") || cv.Repeats != 5 {
		t.Errorf("warnings %q, repeats %d", cv.Warnings, cv.Repeats)
	}
	if _, cv, _ = frames.TuneSolver(&lao.Ridge{}, linearData(2000, 3, 1, 1), 5, 1); len(cv.Warnings) != 0 || cv.Repeats != 1 {
		t.Errorf("2000 rows: warnings %q, repeats %d", cv.Warnings, cv.Repeats)
	}
}

// Successive halving: on 15000 rows the first rung fits every setting on a
// ninth of each training part (a 27th would be below HalvingMinRows), the next the best third on a third, the
// last the best third of those on the whole part; its choice is as good
// (to 0.1 % of validation error) as the full CV's.
func TestTuneHalving(t *testing.T) {
	ds := linearData(15000, 4, 0.5, 3)
	grid := map[string][]float64{"lambda": {1e-6, 1e-4, 1e-2, 1, 100, 1e4, 1e6, 1e8, 1e10}}
	_, on, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 3, Seed: 1, Halving: "on", Grid: grid, NoWiden: true})
	if err != nil {
		t.Fatal(err)
	}
	_, off, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 3, Seed: 1, Halving: "off", Grid: grid, NoWiden: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(on.Rungs) != 2 || on.Rungs[0].Examples != 10000/9 || len(on.Rungs[0].Settings) != 9 || len(on.Rungs[1].Settings) != 3 || len(on.Settings) != 1 {
		t.Fatalf("rungs %d (first %d rows, %d settings), last rung %d settings", len(on.Rungs), on.Rungs[0].Examples, len(on.Rungs[0].Settings), len(on.Settings))
	}
	var chosen float64 // the full CV's validation error at halving's choice
	for _, s := range off.Settings {
		if s.Params["lambda"] == on.Best["lambda"] {
			chosen = s.Mean
		}
	}
	if low := off.Settings[off.MinIndex].Mean; chosen > low*(1+1e-3) || len(off.Rungs) != 0 || off.LastRows != 0 || len(off.Settings) != 9 {
		t.Errorf("halving chose %v (full-CV error %g), full CV %v (%g; %d settings)", on.Best, chosen, off.Best, low, len(off.Settings))
	}
	// 36000 rows: training parts of 24000, rungs on 888, 2666 and 8000 rows
	// (296 would be below HalvingMinRows).
	_, four, err := frames.Tune(&lao.Ridge{}, linearData(36000, 4, 0.5, 3), frames.TuneOptions{Folds: 3, Seed: 1, Halving: "on", Grid: grid, NoWiden: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(four.Rungs) != 3 || four.Rungs[0].Examples != 24000/27 || four.Rungs[1].Examples != 24000/9 || four.Rungs[2].Examples != 24000/3 || four.LastRows != 24000 ||
		len(four.Rungs[0].Settings) != 9 || len(four.Rungs[1].Settings) != 3 || len(four.Rungs[2].Settings) != 1 {
		t.Errorf("36000 rows: %d rungs %+v", len(four.Rungs), four.Rungs)
	}
	if _, _, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 3, Halving: "maybe"}); !errors.Is(err, lao.ErrParam) {
		t.Errorf("halving maybe: %v", err)
	}
}
