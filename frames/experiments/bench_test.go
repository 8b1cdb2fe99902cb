package experiments

import "testing"

// Bench runs at a k above 10 (Kukliansky & Shamir's k + 1 = 57 on MNIST;
// the check that a solver accepts k once ran at d = 10 and refused it), and
// every row counts at most k + 1 attributes per example and no allocation
// per example after setup.
func TestBenchLargeK(t *testing.T) {
	rows, err := Bench(BenchSpec{Solvers: []string{"aerr", "ddaerr"}, Dims: []int{120}, K: 56, Seconds: 0.005, Rounds: 1, MatrixBytes: 1 << 20, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 {
		t.Fatalf("%d rows, want 2", len(rows))
	}
	for _, r := range rows {
		if r.K != 56 || r.D != 120 || r.AttributesPerExample > 57 || r.AttributesPerExample < 40 || r.ExamplesPerSec <= 0 || r.AllocsPerExample >= 0.5 { // one allocation per example would show as ≥ 1
			t.Errorf("%+v", r)
		}
	}
	if _, err := Bench(BenchSpec{Solvers: []string{"aerr"}, Dims: []int{50}, K: 56, Seconds: 0.005, Rounds: 1, MatrixBytes: 1 << 20}, nil); err == nil {
		t.Error("d = 50 below k + 1 = 57 accepted")
	}
}
