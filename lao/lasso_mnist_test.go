package lao_test

import (
	"os"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// TestLassoReportsInexactBall fits Lasso at B = 256 on the MNIST fold where
// the exact l1-ball path stops at a near-singular support (quadl1's
// TestMinBallNearSingularMNIST): the fit succeeds with the certified point
// and says so in its diagnostics instead of using an earlier point silently.
func TestLassoReportsInexactBall(t *testing.T) {
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
	res, err := lao.Fit(&lao.Lasso{B: 256}, train.Stream(), lao.Options{})
	if err != nil {
		t.Fatal(err)
	}
	gap, lambda := res.Diagnostics["ball_gap_bound"], res.Diagnostics["ball_path_lambda"]
	if !(gap > 0 && lambda > 0) {
		t.Fatalf("diagnostics %v: want ball_gap_bound and ball_path_lambda", res.Diagnostics)
	}
	var n1 float64
	for _, w := range res.W {
		n1 += max(w, -w)
	}
	if n1 > 256 || n1 < 128 {
		t.Errorf("||w||₁ = %g: want the path's point past B = 128 (the old early stop gave 93)", n1)
	}
	t.Logf("||w||₁ = %.6g, gap %.3g at λ = %.3g", n1, gap, lambda)
}
