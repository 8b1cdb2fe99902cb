package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/laoproject/lao/datasets"
)

// writePowerLawCSV writes Kukliansky & Shamir's simulated ridge data
// (Section 5.1: Bernoulli attributes with means ∝ i^α, y = w*·x) as a CSV
// table with columns x1..xd, y.
func writePowerLawCSV(t *testing.T, path string, d, m int, alpha float64, seed uint64) {
	t.Helper()
	model, err := datasets.NewPowerLawModel(d, alpha, false, seed)
	if err != nil {
		t.Fatal(err)
	}
	ds, err := model.Sample(m, seed+100)
	if err != nil {
		t.Fatal(err)
	}
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(fh)
	for j := range d {
		fmt.Fprintf(w, "x%d,", j+1)
	}
	fmt.Fprintln(w, "y")
	for i := range ds.Len() {
		for _, v := range ds.Row(i) {
			fmt.Fprintf(w, "%g,", v)
		}
		fmt.Fprintf(w, "%g\n", ds.Label(i))
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
}

// The data-dependent advantage through the command line, on a power-law
// table of our own (d = 200, α = −2, m = 3,333; `lao fit` centres it and,
// for DDAERR, scales it by one common factor: its 0/1 columns are
// commensurate, frames.OptionsFor): with the paper's
// experimental variant (--param paper=1: inner-product draws
// p_j ∝ |w_j|√E[x_j²] and the budget split evenly), DDAERR's test error,
// relative to the zero predictor's, is below AERR's (with AERR's default
// scaling) on every one of three seeds (table, split, folds and solver all
// differ), and the mean paired difference exceeds 2 standard errors of the
// paired differences. (DDAERR as specified gains less, 0.36 of the zero
// predictor's error on average against AERR's 0.41 on the same scaling: at
// k = 4 the variance of its inner-product estimate, which data-dependent
// sampling of x̃ does not reduce, dominates; docs/results.md.)
func TestFitPowerLawDataDependentAdvantage(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-validated fits")
	}
	ratio := func(args ...string) float64 {
		out, err := runCmd(t, append([]string{"fit", "--json", "--k", "4", "--cv", "3"}, args...)...)
		if err != nil {
			t.Fatal(err)
		}
		var rep fitReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		return float64(rep.TestMSE) / float64(rep.ZeroMSE)
	}
	dir := t.TempDir()
	var diffs []float64
	for seed := uint64(1); seed <= 3; seed++ {
		path := filepath.Join(dir, fmt.Sprintf("pl%d.csv", seed))
		writePowerLawCSV(t, path, 200, 3333, -2, seed)
		s := fmt.Sprint(seed)
		aerr := ratio("--data", path, "--target", "y", "--solver", "aerr", "--seed", s)
		dd := ratio("--data", path, "--target", "y", "--solver", "ddaerr", "--param", "paper=1", "--seed", s)
		t.Logf("seed %d: test MSE / zero predictor's: AERR %.3f, DDAERR (paper=1) %.3f", seed, aerr, dd)
		if !(dd < aerr) {
			t.Errorf("seed %d: DDAERR (paper=1) %.3f is not below AERR %.3f", seed, dd, aerr)
		}
		diffs = append(diffs, aerr-dd)
	}
	var mean, sd float64
	for _, v := range diffs {
		mean += v / 3
	}
	for _, v := range diffs {
		sd += (v - mean) * (v - mean) / 2
	}
	if se := math.Sqrt(sd / 3); mean < 2*se {
		t.Errorf("mean paired difference %.3f is below 2 standard errors (%.3f)", mean, 2*se)
	}
}
