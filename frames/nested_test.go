package frames_test

import (
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// On 30 noise tables of 20 rows the one-standard-error rule alone keeps a
// model of ridge on some (9); the default rule runs the nested check on
// each of those and keeps fewer (2), each one its nested CV favoured, and
// every rejection says so in the summary.
func TestNestedCheckOnNoise(t *testing.T) {
	var oneSE, auto, nestedZero int
	for seed := range uint64(30) {
		ds := linearData(20, 3, 0, 100+seed)
		_, plain, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: seed, Rule: frames.RuleOneSE})
		if err != nil {
			t.Fatal(err)
		}
		tuned, cv, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		if plain.Nested != nil {
			t.Fatalf("seed %d: an explicit rule ran the nested check", seed)
		}
		if !plain.ZeroChosen {
			oneSE++
			if cv.Nested == nil || len(cv.Nested.FoldMSE) != 5 {
				t.Fatalf("seed %d: auto rule on 20 rows: no nested check (%+v)", seed, cv.Nested)
			}
		}
		if _, zero := tuned.(*frames.ZeroPredictor); !zero {
			auto++
			if cv.NestedZero || cv.Nested.Mean >= cv.NestedZeroMSE {
				t.Errorf("seed %d: kept a model the nested check did not favour: %.4g against %.4g", seed, cv.Nested.Mean, cv.NestedZeroMSE)
			}
		}
		if cv.NestedZero {
			nestedZero++
			if !cv.ZeroChosen || !strings.Contains(cv.Summary(), "nested CV") {
				t.Errorf("seed %d: nested rejection not reported: %q", seed, cv.Summary())
			}
		}
	}
	t.Logf("models kept on 30 noise tables: one-SE rule %d, with the nested check %d (%d rejected by it)", oneSE, auto, nestedZero)
	if oneSE == 0 || auto >= oneSE || nestedZero != oneSE-auto {
		t.Errorf("models kept: one-SE %d, auto %d, nested rejections %d", oneSE, auto, nestedZero)
	}
}

// With a strong signal the nested check keeps the model, and tables of
// NestedRows rows or more skip it.
func TestNestedCheckKeepsSignal(t *testing.T) {
	tuned, cv, err := frames.Tune(&lao.Ridge{}, linearData(25, 3, 1, 7), frames.TuneOptions{Folds: 5, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if tuned.Name() != "ridge" || cv.Nested == nil || cv.NestedZero || cv.Nested.Mean > 0.5*cv.NestedZeroMSE {
		t.Errorf("signal: tuned %s, nested %+v against zero %.4g", tuned.Name(), cv.Nested, cv.NestedZeroMSE)
	}
	_, cv, err = frames.Tune(&lao.Ridge{}, linearData(frames.NestedRows, 3, 1, 7), frames.TuneOptions{Folds: 5, Seed: 1})
	if err != nil || cv.Nested != nil {
		t.Errorf("%d rows: %v, nested %+v", frames.NestedRows, err, cv.Nested)
	}
}

// On 5 to 9 rows with signal the nested check runs with 5 folds: its inner
// CV takes one fold per row of an outer training part when that has fewer
// rows than 5 (before, "Folds: k = 5 folds for m = 4" failed the fit).
func TestNestedCheckFewRows(t *testing.T) {
	nested := 0
	for m := 5; m <= 9; m++ {
		for seed := range uint64(4) {
			ds := linearData(m, 2, 2, 200+seed)
			_, cv, err := frames.Tune(&lao.Ridge{}, ds, frames.TuneOptions{Folds: 5, Seed: seed})
			if err != nil {
				t.Fatalf("m = %d, seed %d: %v", m, seed, err)
			}
			if cv.Nested != nil {
				nested++
			}
		}
	}
	if nested == 0 {
		t.Error("the nested check never ran: the test does not reach the inner folds")
	}
}

// On 3 rows AER's default λ resolves to 0 on the nested check's one-row
// inner folds, and ScreenRidge needs two rows for its two phases: those
// folds count as the zero predictor instead of failing the whole fit (a
// new user's 4-row table aborted lao compare).
func TestNestedCheckSolverCannotRunOnFold(t *testing.T) {
	ds := linearData(3, 2, 2, 5)
	for _, s := range []lao.Solver{&lao.AER{K: 2}, &lao.ScreenRidge{K: 1}} {
		if _, _, err := frames.Tune(s, ds, frames.TuneOptions{Folds: 3, Seed: 1}); err != nil {
			t.Errorf("%s on 3 rows: %v", s.Name(), err)
		}
	}
}
