package experiments

import (
	"bytes"
	"encoding/csv"
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao/lowerbound"
)

// A small lower-bound experiment runs end to end: the majority vote's
// sample count on the ridge instance grows with d with a slope near the
// lower bound's 1 (its closed form gives exactly d/k·n(ε)), the CSV files
// hold every point and slope, and the floor table matches the theorems.
func TestRunLowerBoundsSmall(t *testing.T) {
	spec := LowerBoundsSpec{
		Sweeps: []Sweep{
			{Family: FamilyHK, Vary: "d", D: 64, K: 1, Eps: 0.05, Values: []float64{64, 128, 256}, Solvers: []LBSolver{lbVote}},
			{Family: FamilyCSS, Vary: "k", D: 16, K: 1, Eps: 0.05, Values: []float64{1, 2, 3}, Solvers: []LBSolver{lbCoin, lbAER}},
		},
		Measure: lowerbound.MeasureOptions{Seeds: 5, Seed: 1},
		FloorD:  []int{3, 4},
	}
	rep, err := RunLowerBounds(spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	// AER accepts only k = 2 here (even k): 3 + 3 + 1 points.
	if len(rep.Points) != 7 || len(rep.Slopes) != 3 {
		t.Fatalf("%d points, %d slopes", len(rep.Points), len(rep.Slopes))
	}
	s := rep.Slopes[0]
	t.Logf("majority vote, slope in d: %.3f", s.Measured)
	// The vote needs m = d·n/k examples for n reads per coordinate, and the
	// n at which its expected excess crosses ε = 0.05 (about 25) does not
	// depend on d; the median over 21 seeds can move the crossing by a read
	// or two (4% each) at either end, so the slope over a factor 4 in d
	// stays within 2·log(1.08)/log(4) ≈ 0.11 of 1: allow 0.15.
	if s.Solver != "majority-vote" || s.Lower != 1 || math.Abs(s.Measured-1) > 0.15 {
		t.Errorf("slope %+v", s)
	}
	if r := rep.Slopes[2]; r.Solver != "aer" || r.Points != 1 || !math.IsNaN(r.Measured) {
		t.Errorf("AER with one point: %+v", r)
	}
	var b bytes.Buffer
	if err := rep.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&b).ReadAll()
	if err != nil || len(rows) != 8 || rows[0][6] != "examples" {
		t.Errorf("CSV: %v, %d rows", err, len(rows))
	}
	b.Reset()
	rep.WriteSlopesCSV(&b)
	if !strings.Contains(b.String(), "hk,d,majority-vote,") {
		t.Errorf("slopes CSV:\n%s", b.String())
	}
	for _, f := range rep.Floors {
		if math.Abs(f.Floor-f.Best) > 1e-12 {
			t.Errorf("floor row %+v", f)
		}
	}
	if len(rep.SweepSeries(FamilyCSS, "k")) != 2 || len(rep.SweepSeries(FamilyHK, "eps")) != 0 {
		t.Error("SweepSeries")
	}
	bad := spec
	bad.Sweeps = []Sweep{{Family: FamilyCSS, Vary: "d", D: 16, K: 8, Eps: 0.05, Values: []float64{16}, Solvers: []LBSolver{lbCoin}}}
	if _, err := RunLowerBounds(bad, nil); err == nil || !strings.Contains(err.Error(), "d = 16") {
		t.Errorf("d < 4k: %v", err)
	}
}
