package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
)

// The refits of frames.Refit reach fit's text and JSON: each note on a
// "refit:" line, the parameters called those after the refits, not CV's
// choice.
func TestFitPrintsRefits(t *testing.T) {
	note := "the fit with CV's setting eta=1 fitted worse than the zero predictor on its own training data (training MSE 9 against 1), refitted with setting eta=0.6"
	rep := &fitReport{Solver: "aerr", Tuned: true, CVFolds: 5, Params: map[string]float64{"eta": 0.6}, Refits: []string{note}, ZeroMSE: 1, TestMSE: 0.5}
	var buf bytes.Buffer
	if err := printFit(&buf, rep); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if !strings.Contains(out, "refit: "+note) || !strings.Contains(out, "parameters after the refits (CV's next choice): eta=0.6") || strings.Contains(out, "parameters chosen by") {
		t.Errorf("fit's text:\n%s", out)
	}
	js, err := json.Marshal(rep)
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ Refits []string }
	if err := json.Unmarshal(js, &back); err != nil || len(back.Refits) != 1 || back.Refits[0] != note {
		t.Errorf("fit's JSON refits: %v %q", err, back.Refits)
	}
}

// compare collects every run's refits, naming solver, k and split, in its
// JSON (refits) and its text ("refit:" lines).
func TestCompareCollectsRefits(t *testing.T) {
	note := "the fit with CV's setting eta=1 fitted worse than the zero predictor on its own training data (training MSE 9 against 1), refitted with setting eta=0.6"
	row := &compareRow{Solver: "aerr", K: 2, Runs: []compareRun{{Seed: 1, MSE: 0.5, ZeroMSE: 1}, {Seed: 2, MSE: 0.4, ZeroMSE: 1, Refits: []string{note}}}}
	c := &comparison{f: &compareFlags{testFrac: 0.2}, jobs: []compareJob{{"aerr", 2}}, rows: []*compareRow{row}, zero: []float64{1, 1},
		rep: &compareReport{M: 100, D: 3, Repeats: 2, Seeds: []uint64{1, 2}, CVFolds: 5}, progress: io.Discard}
	c.finish()
	want := "aerr (k = 2), split of seed 2: " + note
	if len(c.rep.Refits) != 1 || c.rep.Refits[0] != want {
		t.Fatalf("refits %q", c.rep.Refits)
	}
	var buf bytes.Buffer
	if err := printCompare(&buf, c.rep, c.f); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "refit: "+want) {
		t.Errorf("compare's text:\n%s", buf.String())
	}
}

// Beyond three refits compare's text counts them by row in one line
// (--json lists each), and the rows above the zero predictor on some
// split, or fitted as it, share one warning and one note: a table without
// signal printed a dozen of each before its verdict. Under --test-last the
// runs are counted in seeds.
func TestCompareCondensedLines(t *testing.T) {
	n := "the fit with CV's setting eta=1 fitted worse than the zero predictor on its own training data, refitted with setting eta=0.6"
	for _, last := range []bool{false, true} {
		rows := []*compareRow{
			{Solver: "aerr", K: 2, Runs: []compareRun{{Seed: 1, MSE: 1.2, ZeroMSE: 1, Refits: []string{n, n}}, {Seed: 2, MSE: 0.4, ZeroMSE: 1, Refits: []string{n}}}},
			{Solver: "aelr", K: 2, Runs: []compareRun{{Seed: 1, MSE: 1.1, ZeroMSE: 1, Refits: []string{n}}, {Seed: 2, MSE: 1, ZeroMSE: 1, CVZero: true}}},
		}
		c := &comparison{f: &compareFlags{testFrac: 0.2, testLast: last}, jobs: []compareJob{{"aerr", 2}, {"aelr", 2}}, rows: rows, zero: []float64{1, 1},
			rep: &compareReport{M: 100, D: 3, Repeats: 2, Seeds: []uint64{1, 2}, CVFolds: 5, TestLast: last}, progress: io.Discard}
		c.finish()
		var buf bytes.Buffer
		if err := printCompare(&buf, c.rep, c.f); err != nil {
			t.Fatal(err)
		}
		unit := map[bool]string{false: "split", true: "seed"}[last]
		out := buf.String()
		for _, want := range []string{
			fmt.Sprintf("refit: 4 times a tuned fit was worse than the zero predictor on its own training data and was refitted with CV's next setting (or, last, the zero predictor), for aerr (k = 2) on 2 %ss (3 steps), aelr (k = 2) on 1 %s (1 step); --json lists each (refits)\n", unit, unit),
			fmt.Sprintf("warning: test MSE above the zero predictor's (the training mean) for aerr (k = 2) on 1 of 2 %ss (up to 1.2 times it, seed 1; mean ratio over all %ss 0.800); aelr (k = 2) on 1 of 2 %ss", unit, unit, unit),
			fmt.Sprintf("the fit was the zero predictor (the training mean), which reads no attribute, for aelr (k = 2) on 1 of 2 %ss (cross-validation's choice)", unit),
		} {
			if !strings.Contains(out, want) {
				t.Errorf("--test-last %v: no %q in\n%s", last, want, out)
			}
		}
		if len(c.rep.Refits) != 4 || strings.Count(out, "refit:") != 1 {
			t.Errorf("--test-last %v: %d refits in JSON, %d refit lines", last, len(c.rep.Refits), strings.Count(out, "refit:"))
		}
	}
}
