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
