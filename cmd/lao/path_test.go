package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/kernel"
	"github.com/laoproject/lao/lao"
)

// surveyCSV writes a survey-like table with mixed units: an income in the
// tens to hundreds of thousands and four answers on a 0-7 scale; the ±1
// label depends mostly on the answers.
func surveyCSV(t *testing.T, m int, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 11))
	var b strings.Builder
	b.WriteString("income,q1,q2,q3,q4,satisfied\n")
	for range m {
		inc := math.Round(math.Exp(11.5 + 0.6*r.NormFloat64()))
		q := [4]float64{float64(r.IntN(8)), float64(r.IntN(8)), float64(r.IntN(8)), float64(r.IntN(8))}
		s := 0.6*(q[0]-3.5) - 0.5*(q[1]-3.5) + 0.4*(q[2]-3.5) + 0.3*(q[3]-3.5) + 0.2*(math.Log(inc)-11.5) + 1.5*r.NormFloat64()
		y := -1
		if s > 0 {
			y = 1
		}
		fmt.Fprintf(&b, "%g,%g,%g,%g,%g,%d\n", inc, q[0], q[1], q[2], q[3], y)
	}
	return writeTemp(t, fmt.Sprintf("survey%d.csv", seed), b.String())
}

// fitJSON runs `lao fit --json` and returns its report.
func fitJSON(t *testing.T, args ...string) fitReport {
	t.Helper()
	out, err := runCmd(t, append([]string{"fit", "--json"}, args...)...)
	if err != nil {
		t.Fatalf("fit %v: %v", args, err)
	}
	var rep fitReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return rep
}

// With default flags, on a table with mixed units, the data-dependent
// solvers do no worse than their uniform counterparts (DDAERR vs AERR,
// DDAELR vs AELR): over seeded tables, splits and fits, the mean paired
// difference of the test MSE ratios (to the zero predictor's) is below 5
// standard errors of the differences. The scaling policy standardises
// their columns here and says why. With one common factor on the raw units
// (--scale l2, the former default) DDAERR reads mostly the income column
// and is far worse, which the same criterion detects.
func TestMixedUnitsDefaultIsSafe(t *testing.T) {
	if testing.Short() {
		t.Skip("cross-validated fits")
	}
	const seeds = 5
	var ridge, lasso, raw []float64
	for seed := uint64(1); seed <= seeds; seed++ {
		path := surveyCSV(t, 1500, seed)
		ratio := func(solver string, extra ...string) float64 {
			rep := fitJSON(t, append([]string{"--data", path, "--target", "satisfied", "--solver", solver, "--k", "4", "--seed", fmt.Sprint(seed)}, extra...)...)
			if strings.HasPrefix(solver, "dd") && len(extra) == 0 && !strings.HasPrefix(rep.Scaling, "std-") {
				t.Errorf("seed %d, %s: scaling %s on mixed units, want a standardisation", seed, solver, rep.Scaling)
			}
			return float64(rep.TestMSE / rep.ZeroMSE)
		}
		aerr, ddaerr, aelr, ddaelr := ratio("aerr"), ratio("ddaerr"), ratio("aelr"), ratio("ddaelr")
		common := ratio("ddaerr", "--scale", "l2")
		t.Logf("seed %d: test MSE / zero predictor's: AERR %.3f, DDAERR %.3f (l2: %.3f); AELR %.3f, DDAELR %.3f", seed, aerr, ddaerr, common, aelr, ddaelr)
		ridge, lasso, raw = append(ridge, ddaerr-aerr), append(lasso, ddaelr-aelr), append(raw, common-aerr)
	}
	for name, d := range map[string][]float64{"DDAERR − AERR": ridge, "DDAELR − AELR": lasso} {
		if mean, se := meanSE(d); mean > 5*se {
			t.Errorf("%s: mean paired difference %.4f above 5 standard errors (%.4f): %v", name, mean, 5*se, d)
		}
	}
	if mean, se := meanSE(raw); !(mean > 5*se) {
		t.Errorf("DDAERR with --scale l2 − AERR: mean %.4f within 5 standard errors (%.4f): the test cannot tell a bad scaling", mean, 5*se)
	}
}

// meanSE returns the mean of v and its standard error.
func meanSE(v []float64) (mean, se float64) {
	for _, x := range v {
		mean += x / float64(len(v))
	}
	var ss float64
	for _, x := range v {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / float64(len(v)-1) / float64(len(v)))
}

// One path: the same table through `lao fit`, `lao describe`, `lao compare`,
// an experiment (frames/experiments, Preprocess.Scale "auto") and the
// notebook helpers (frames.PrepareFrames as tutorial 04 calls it,
// kernel.RunEntriesOn, kernel.ScoresTable) gives identical transforms and
// test scores, for a uniform and a data-dependent solver, on a table with
// mixed units and on one with commensurate columns.
func TestOnePath(t *testing.T) {
	pixels := filepath.Join(t.TempDir(), "pl.csv")
	writePowerLawCSV(t, pixels, 30, 600, -1, 5)
	for _, c := range []struct{ path, target, solver, scaling string }{
		{surveyCSV(t, 600, 9), "satisfied", "aerr", "std-l2"},
		{surveyCSV(t, 600, 9), "satisfied", "ddaelr", "std-linf"},
		{pixels, "y", "ddaerr", "l2"},
	} {
		t.Run(c.solver+"/"+c.scaling, func(t *testing.T) {
			onePath(t, c.path, c.target, c.solver, c.scaling)
		})
	}
}

func onePath(t *testing.T, path, target, solver, scaling string) {
	common := []string{"--data", path, "--target", target, "--solver", solver, "--seed", "3", "--test-frac", "0.2"}
	out, err := runCmd(t, "compare", "--json", "--quiet", "--data", path, "--target", target, "--solvers", solver, "--k", "2",
		"--repeat", "1", "--cv", "0", "--seed", "3", "--test-frac", "0.2")
	if err != nil {
		t.Fatal(err)
	}
	var cmp compareReport
	if err := json.Unmarshal([]byte(out), &cmp); err != nil {
		t.Fatal(err)
	}
	model := filepath.Join(t.TempDir(), "m.json")
	// compare's budget 2 is the solver's own k there (1 for the k + 1 family).
	fit := fitJSON(t, append(common, "--k", strconv.Itoa(cmp.Rows[0].SolverK), "--cv", "0", "--save-model", model)...)
	fh, err := os.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	m, err := frames.ReadModel(fh)
	fh.Close()
	if err != nil {
		t.Fatal(err)
	}
	if fit.Scaling != scaling || m.Transform.Scaling.Name() != scaling {
		t.Fatalf("fit: scaling %s (model %v), want %s", fit.Scaling, m.Transform.Scaling, scaling)
	}
	out, err = runCmd(t, append([]string{"describe", "--json"}, common...)...)
	if err != nil {
		t.Fatal(err)
	}
	var desc describeReport
	if err := json.Unmarshal([]byte(out), &desc); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*desc.Transform, *m.Transform) || desc.Scaling != scaling {
		t.Errorf("describe's transform differs from fit's:\n%+v\n%+v", *desc.Transform, *m.Transform)
	}
	run := cmp.Rows[0].Runs[0]
	if cmp.Rows[0].Solver != solver || run.MSE != fit.TestMSE || run.ZeroMSE != fit.ZeroMSE {
		t.Errorf("compare: %s test MSE %v, zero %v; fit: %v, %v", cmp.Rows[0].Solver, run.MSE, run.ZeroMSE, fit.TestMSE, fit.ZeroMSE)
	}

	// The experiment harness and the notebook helpers, on the same rows.
	tab, err := (&tableFlags{data: path, target: target, missing: "error"}).readTable("test")
	if err != nil {
		t.Fatal(err)
	}
	raw, err := frames.FromDataFrame(tab.DataFrame, target, frames.Options{})
	if err != nil {
		t.Fatal(err)
	}
	spec := experiments.Spec{Entries: []experiments.Entry{{Label: solver, Solver: solver, Params: map[string]float64{"k": float64(cmp.Rows[0].SolverK)}}},
		Splits: 1, TestFrac: 0.2, Points: 1, Seed: 3, Preprocess: experiments.Preprocess{Scale: "auto"}}
	rep, err := experiments.Run(raw.Dataset, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	nb, err := kernel.RunEntriesOn("table", raw.Dataset, spec)
	if err != nil {
		t.Fatal(err)
	}
	for name, r := range map[string]*experiments.Report{"experiment": rep, "kernel.RunEntriesOn": nb} {
		if got := r.Curves[0].Final().MSE; got != float64(fit.TestMSE) {
			t.Errorf("%s: test MSE %v, fit's %v", name, got, fit.TestMSE)
		}
	}
	trainDF, testDF, err := frames.SplitFrame(tab.DataFrame, 0.2, 3)
	if err != nil {
		t.Fatal(err)
	}
	s, err := lao.New(solver)
	if err != nil {
		t.Fatal(err)
	}
	if err := lao.SetParams(s, map[string]float64{"k": float64(cmp.Rows[0].SolverK)}); err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrames(trainDF, testDF, target, frames.OptionsFor(s))
	if err != nil {
		t.Fatal(err)
	}
	f, err := p.Fit(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Transform, *m.Transform) || f.Test.MSE != float64(fit.TestMSE) || f.Test.ZeroMSE != float64(fit.ZeroMSE) {
		t.Errorf("notebook path: MSE %v, zero %v, transform %+v; fit: %v, %v, %+v", f.Test.MSE, f.Test.ZeroMSE, p.Transform, fit.TestMSE, fit.ZeroMSE, *m.Transform)
	}
	tbl, err := kernel.ScoresTable("", []string{solver}, []frames.Scores{f.Test})
	if err != nil || tbl.Rows[0][1] != fmt.Sprintf("%.4g", float64(fit.TestMSE)) {
		t.Errorf("kernel.ScoresTable: %v, %v", tbl.Rows, err)
	}
}

// For ±1 labels compare prints the zero predictor's classification error
// (the training part's majority class), which a budgeted solver that
// predicts one class everywhere equals; it is the majority class's error
// counted on the test rows of each split.
func TestCompareMajorityClassError(t *testing.T) {
	path := surveyCSV(t, 300, 3)
	out, err := runCmd(t, "compare", "--json", "--quiet", "--data", path, "--target", "satisfied", "--solvers", "aerr", "--k", "2", "--cv", "0", "--repeat", "2")
	if err != nil {
		t.Fatal(err)
	}
	var rep compareReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.ZeroClass == nil {
		t.Fatalf("no zero-predictor classification error in %s", out)
	}
	for _, row := range rep.Rows {
		for _, r := range row.Runs {
			if r.ZeroClassErr == nil || *r.ZeroClassErr <= 0 || *r.ZeroClassErr >= 1 {
				t.Errorf("%s seed %d: zero classification error %v", row.Solver, r.Seed, r.ZeroClassErr)
			}
		}
	}
	text, err := runCmd(t, "compare", "--quiet", "--data", path, "--target", "satisfied", "--solvers", "aerr", "--k", "2", "--cv", "0", "--repeat", "2")
	if err != nil || !strings.Contains(text, "classification error") || !strings.Contains(text, "(the training part's majority class)") {
		t.Errorf("%v\n%s", err, text)
	}
	// fit prints it beside the model's (it printed the model's alone)
	fit := fitJSON(t, "--data", path, "--target", "satisfied", "--k", "2", "--cv", "0", "--seed", "1", "--test-frac", fmt.Sprint(rep.TestFrac))
	if fit.ZeroClassErr == nil || *fit.ZeroClassErr != *rep.Rows[0].Runs[0].ZeroClassErr {
		t.Fatalf("fit's zero-predictor classification error %v, compare's on the same split (seed %d) %v", fit.ZeroClassErr, rep.Rows[0].Runs[0].Seed, *rep.Rows[0].Runs[0].ZeroClassErr)
	}
	text, err = runCmd(t, "fit", "--data", path, "--target", "satisfied", "--k", "2", "--cv", "0")
	if err != nil || !strings.Contains(text, "; zero predictor 0.") {
		t.Errorf("%v\n%s", err, text)
	}
}

// compare says which scaling the data-dependent solvers got, as fit does,
// once per solver and scaling; on standardised columns it adds that their
// draws are the uniform ones (priced compares show such rows alike).
func TestCompareDataDependentScalingNote(t *testing.T) {
	pixels := filepath.Join(t.TempDir(), "pl.csv")
	writePowerLawCSV(t, pixels, 30, 300, -1, 5)
	for _, c := range []struct {
		path, target, scaling string
		uniform               bool
	}{{surveyCSV(t, 300, 4), "satisfied", "std-l2", true}, {pixels, "y", "l2", false}} {
		out, err := runCmd(t, "compare", "--data", c.path, "--target", c.target, "--solvers", "aerr,ddaerr", "--k", "2", "--repeat", "2", "--cv", "0", "--json", "--quiet")
		if err != nil {
			t.Fatal(err)
		}
		var rep compareReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range rep.Notes {
			if strings.Contains(n, "scaling ") {
				got = append(got, n)
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], "ddaerr: scaling "+c.scaling+" (auto): ") ||
			strings.Contains(got[0], "draw their attributes as their uniform counterparts do") != c.uniform {
			t.Errorf("%s: scaling notes %q, want one for ddaerr, %s", c.path, got, c.scaling)
		}
	}
}
