package experiments

import (
	"math"
	"testing"
)

// TestPerPrefix: with PerPrefix every prefix is tuned and fitted on its own.
// The whole training part is the last prefix, so the last point equals the
// ordinary run's; an earlier prefix equals an ordinary run on that prefix
// alone (tuned on it), which differs from the checkpoint of the long fit.
func TestPerPrefix(t *testing.T) {
	ds := demoData(t)
	spec := Spec{Entries: []Entry{{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}, Tune: true}},
		Splits: 1, TestFrac: 0.2, CVFolds: 3, Points: 3, MinPrefix: 300, Seed: 3}
	plain, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	spec.PerPrefix = true
	per, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	pp, qq := plain.Curves[0].Points, per.Curves[0].Points
	if len(pp) != len(qq) || pp[2] != qq[2] {
		t.Fatalf("last point: plain %+v, per prefix %+v: want equal", pp[len(pp)-1], qq[len(qq)-1])
	}
	if pp[0].MSE == qq[0].MSE {
		t.Errorf("first prefix: per-prefix tuning gave the checkpoint's error %g exactly", pp[0].MSE)
	}
	// The first point is an ordinary run on the first prefix alone: the
	// same split's training part is the first 300 rows of the shuffled
	// training part, which Run cannot be handed directly; check instead
	// that the tuned parameters of the last prefix are the plain run's.
	for name, v := range plain.Curves[0].Params[0] {
		if w := per.Curves[0].Params[0][name]; math.Abs(w-v) > 1e-12*math.Abs(v) {
			t.Errorf("parameter %s: per prefix %g, plain %g", name, w, v)
		}
	}
}

// TestMaxTrain: a run keeps at most MaxTrain training examples per split.
func TestMaxTrain(t *testing.T) {
	ds := demoData(t)
	spec := Spec{Entries: []Entry{{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}}},
		Splits: 1, TestFrac: 0.2, Points: 3, MinPrefix: 100, Seed: 3, MaxTrain: 1000}
	rep, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.MTrain != 1000 || rep.Curves[0].Final().Examples != 1000 {
		t.Errorf("MTrain %d, last prefix %d: want 1000", rep.MTrain, rep.Curves[0].Final().Examples)
	}
}
