package lao_test

import (
	"os"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// TestLassoLargeBallMNIST fits Lasso at B = 256 on the MNIST fold where
// the exact l1-ball path once stopped at a near-singular support
// (quadl1's TestMinBallNearSingularMNIST) and the fit silently used the
// search's early point (||w||₁ = 93, an objective worse than B = 128's):
// its training loss must not exceed the fit's at B = 128, and a certified
// (inexact) point must say so in its diagnostics.
func TestLassoLargeBallMNIST(t *testing.T) {
	if os.Getenv("LAO_DATA_DIR") == "" {
		t.Skip("LAO_DATA_DIR not set")
	}
	if testing.Short() {
		t.Skip("d = 784 path")
	}
	mn, err := datasets.LoadMNIST(datasets.Train)
	if err != nil {
		t.Skip(err)
	}
	pair, err := mn.Pair(3, 5)
	if err != nil {
		t.Fatal(err)
	}
	folds, err := frames.Folds(4000, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	train := pair.Head(4000).Subset(folds[1])
	fit := func(B float64) (*lao.Result, float64) {
		res, err := lao.Fit(&lao.Lasso{B: B}, train.Stream(), lao.Options{})
		if err != nil {
			t.Fatal(err)
		}
		return res, lao.MSE(res.W, train)
	}
	res, mse := fit(256)
	_, mse128 := fit(128)
	var n1 float64
	for _, w := range res.W {
		n1 += max(w, -w)
	}
	if gap, inexact := res.Diagnostics["ball_gap_bound"]; inexact && !(gap > 0 && res.Diagnostics["ball_path_lambda"] > 0) {
		t.Errorf("diagnostics %v: a certified point needs its gap and λ", res.Diagnostics)
	}
	if n1 > 256*(1+1e-9) {
		t.Errorf("||w||₁ = %g > B = 256", n1)
	}
	if mse > mse128+1e-12 {
		t.Errorf("training MSE %.12g at B = 256 above %.12g at B = 128", mse, mse128)
	}
	t.Logf("||w||₁ = %.6g, training MSE %.6g (B = 128: %.6g), diagnostics %v", n1, mse, mse128, res.Diagnostics)
}

// TestLassoRankDeficientBall fits Lasso at B = 64 on the 10 examples (of
// d = 500 power-law attributes) where the exact path stalled at λ = 0.2
// with a gap 10⁵ times the tolerance and failed Kukliansky & Shamir's
// Figure 2 under the paper's protocol (split 96, its first prefix): the
// ridge-perturbed solve (minBall) must give a certified point, no worse
// than the fit at B = 32 (feasible at 64), and say so in the diagnostics.
func TestLassoRankDeficientBall(t *testing.T) {
	ds, err := datasets.Open("powerlaw:lasso:-2")
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := frames.SplitDataset(ds, 0.1, 96)
	if err != nil {
		t.Fatal(err)
	}
	ten := train.Head(10)
	fit := func(B float64) (*lao.Result, float64) {
		res, err := lao.Fit(&lao.Lasso{B: B}, ten.Stream(), lao.Options{})
		if err != nil {
			t.Fatalf("B = %g: %v", B, err)
		}
		return res, lao.MSE(res.W, ten)
	}
	res, mse := fit(64)
	_, mse32 := fit(32)
	if mse > mse32+1e-4*lao.MSE(make([]float64, ten.Dim()), ten) {
		t.Errorf("training MSE %g at B = 64, above B = 32's %g", mse, mse32)
	}
	if res.Diagnostics["ball_ridge"] <= 0 || res.Diagnostics["ball_gap_bound"] <= 0 {
		t.Errorf("diagnostics %v: want the ridge-perturbed solve's ε and its certified gap", res.Diagnostics)
	}
}
