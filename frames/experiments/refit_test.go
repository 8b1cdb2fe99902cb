package experiments

import (
	"strings"
	"testing"

	"github.com/laoproject/lao/datasets"
)

// On Kukliansky & Shamir's power-law data (α = −2, lasso model, d = 500,
// k + 1 = 10), 3-fold CV on the 2400 training examples of each split chose
// Two-phased DDAELR settings (B = 32 or 64, η ≈ 0.04) that were stable on
// the folds' 1600 examples and blew up on all 2400: test errors 3.8 and 5.2
// against the zero predictor's 1.29 (notebook 05 with k = 9). The fits are
// worse than the zero predictor on their own training data, so Run refits
// with CV's next settings and says so.
func TestRunRefitsFitsWorseThanZero(t *testing.T) {
	model, err := datasets.NewPowerLawModel(500, -2, true, 1)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := model.Sample(3000, 2)
	if err != nil {
		t.Fatal(err)
	}
	spec := Spec{Splits: 2, TestFrac: 0.2, CVFolds: 3, Points: 1, Seed: 1, PerPrefix: true,
		Entries: []Entry{{Label: "Two-phased DDAELR", Solver: "twophased-ddaelr", Tune: true, Params: map[string]float64{"k": 9}}}}
	rep, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	notes := rep.RefitNotes()
	if len(notes) == 0 {
		t.Fatal("no refit reported: CV's settings no longer blow up here, so this test lost its case")
	}
	for _, n := range notes {
		if !strings.Contains(n, "worse than the zero predictor on its own training data") || !strings.Contains(n, "refitted with") {
			t.Errorf("note %q", n)
		}
	}
	if p := rep.Curves[0].Final(); !(p.MSE < p.ZeroMSE) {
		t.Errorf("after the refits the test error is %.3f, the zero predictor's %.3f", p.MSE, p.ZeroMSE)
	}
}
