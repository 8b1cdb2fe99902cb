package quadl1_test

import (
	"errors"
	"os"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao/internal/quadl1"
)

// TestMinBallNearSingularMNIST is the case where the exact path meets a
// near-singular support before ||w||₁ reaches B: the lasso of one
// cross-validation fold of MNIST 3 vs 5 (the training half of frames.Folds
// (4000, 2, 1)'s first fold, raw pixels, labels ±1) at B = 256. MinBall
// used to return the path's point at λ = 1.2e-4 (||w||₁ = 93), whose
// objective is worse than the exact minimiser's at B = 128; it now returns
// the exact path point at the smallest λ reached, certified by the gap.
func TestMinBallNearSingularMNIST(t *testing.T) {
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
	m, d := train.Len(), train.Dim()
	A, v := make([]float64, d*d), make([]float64, d)
	for i := range m {
		x, y := train.Row(i), train.Label(i)
		for a, xa := range x {
			if xa == 0 {
				continue
			}
			for b, xb := range x {
				A[a*d+b] += xa * xb / float64(m)
			}
			v[a] -= 2 * y * xa / float64(m)
		}
	}
	f := func(w []float64) float64 {
		var s float64
		for a, wa := range w {
			var r float64
			for b, wb := range w {
				r += A[a*d+b] * wb
			}
			s += wa * (r + v[a])
		}
		return s
	}
	const B = 256
	w, _, err := quadl1.MinBall(quadl1.Dense(A, d), v, B)
	var ie *quadl1.InexactError
	switch {
	case err == nil:
		if err := quadl1.KKTBall(quadl1.Dense(A, d), v, B, w, 1e-8); err != nil {
			t.Fatalf("exact result fails its KKT check: %v", err)
		}
		t.Log("the path reached B exactly: the near-singular case is gone")
		return
	case !errors.As(err, &ie):
		t.Fatalf("MinBall: %v, want nil or an *InexactError", err)
	case !errors.Is(err, quadl1.ErrNoConvergence):
		t.Errorf("%v does not wrap ErrNoConvergence", err)
	}
	n1 := 0.0
	for _, x := range w {
		n1 += max(x, -x)
	}
	if n1 > B || n1 != ie.Norm {
		t.Errorf("||w||₁ = %g, reported %g, B = %d", n1, ie.Norm, B)
	}
	if want := ie.Lambda * (B - n1); ie.Gap != want {
		t.Errorf("gap %g, want λ(B − ||w||₁) = %g", ie.Gap, want)
	}
	// The certificate: w is the exact penalised minimiser at λ.
	if err := quadl1.KKTPenalised(quadl1.Dense(A, d), v, ie.Lambda, w, 1e-8); err != nil {
		t.Errorf("not the penalised minimiser at λ = %g: %v", ie.Lambda, err)
	}
	// A larger ball cannot do worse than a smaller one's exact minimum.
	w128, _, err := quadl1.MinBall(quadl1.Dense(A, d), v, 128)
	if err != nil {
		t.Fatalf("B = 128: %v", err)
	}
	if f(w) > f(w128) {
		t.Errorf("f at B = 256 is %.12g, above the exact minimum at B = 128, %.12g", f(w), f(w128))
	}
	if rel := ie.Gap / -f(w); !(rel < 1e-4) {
		t.Errorf("relative gap %g: lao's minBall would refuse it", rel)
	}
	t.Logf("λ = %.3g, ||w||₁ = %.6g, gap %.3g (relative %.3g), f = %.12g (B = 128: %.12g)", ie.Lambda, n1, ie.Gap, ie.Gap/-f(w), f(w), f(w128))
}
