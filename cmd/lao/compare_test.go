package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

// compare on a synthetic table: every solver at every k (k > d skipped),
// references once, screen-ridge added, mean ± sd over seeded splits,
// deterministic, with a plot and the splits for other tools.
func TestCompareSynthetic(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(300, -1, ""))
	dir := t.TempDir()
	svg, splits := filepath.Join(dir, "c.svg"), filepath.Join(dir, "splits.csv")
	args := []string{"compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "1,2,5", "--repeat", "3", "--cv", "3", "--quiet"}
	js, err := runCmd(t, append(args, "--json", "--plot", svg, "--splits", splits)...)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		D     int      `json:"d"`
		Seeds []uint64 `json:"seeds"`
		Zero  struct{ Mean, SD float64 }
		Rows  []struct {
			Solver  string `json:"solver"`
			K       int    `json:"k"`
			SolverK int    `json:"solver_k"`
			Full    bool   `json:"full_information"`
			Ratio   struct {
				Mean, SD float64
			} `json:"test_mse_over_zero_predictor"`
			Attrs struct{ Mean float64 } `json:"attributes_observed"`
			Beats *int                   `json:"beats_screen_ridge"`
			Runs  []struct {
				MSE, ZeroMSE float64
			} `json:"runs"`
		} `json:"rows"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	var vr struct {
		M       int `json:"m"`
		Verdict []struct {
			Zero struct {
				TestOverTrain float64 `json:"test_over_train"`
			} `json:"gap_to_zero_predictor"`
		} `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(js), &vr); err != nil || len(vr.Verdict) == 0 || vr.Verdict[0].Zero.TestOverTrain != 60.0/240 {
		t.Errorf("verdict's test_over_train: %+v (%v), want 60/240 (m = %d)", vr.Verdict, err, vr.M)
	}
	var got []string
	for _, r := range rep.Rows {
		got = append(got, r.Solver+":"+strconv.Itoa(r.K))
		if len(r.Runs) != 3 || !(r.Ratio.Mean > 0 && r.Ratio.Mean < 1) || !(r.Ratio.SD >= 0) {
			t.Errorf("%s k=%d: %d runs, ratio %v", r.Solver, r.K, len(r.Runs), r.Ratio)
		}
		if (r.Solver == "aerr") != (r.Beats != nil) {
			t.Errorf("%s k=%d: beats_screen_ridge %v", r.Solver, r.K, r.Beats)
		}
		if r.Solver == "screen-ridge" && r.Attrs.Mean != float64(240*r.K) {
			t.Errorf("screen-ridge k=%d saw %g attributes, want k per training example (240·k)", r.K, r.Attrs.Mean)
		}
		// The same budget for every method: AERR reads its k + 1 (at most
		// d = 2), so at k = 2 = d it runs with its own k = 2, and at k = 1
		// it cannot run (TestCompareEqualBudgets: k < d).
		if r.Solver == "aerr" && (r.SolverK != 2 || r.Attrs.Mean > float64(240*r.K)) {
			t.Errorf("aerr at k=%d: own k %d, %g attributes (at most 240·k)", r.K, r.SolverK, r.Attrs.Mean)
		}
	}
	if strings.Join(got, ",") != "aerr:2,ridge:2,screen-ridge:1,screen-ridge:2" || rep.D != 2 || len(rep.Seeds) != 3 {
		t.Errorf("rows %v, d %d, seeds %v", got, rep.D, rep.Seeds)
	}
	again, err := runCmd(t, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	cut := func(s string) string { return s[:strings.Index(s, `"seconds"`)] }
	if cut(again) != cut(js) {
		t.Error("two runs with the same seeds differ")
	}
	if b, err := os.ReadFile(svg); err != nil || !strings.Contains(string(b), "<svg") || !strings.Contains(string(b), "screen-ridge") {
		t.Errorf("plot: %v, %.100s", err, b)
	}
	f, err := os.Open(splits)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil || len(rows) != 1+3*300 || strings.Join(rows[0], ",") != "repeat,seed,line,part" {
		t.Fatalf("splits: %v, %d rows", err, len(rows))
	}
	tests := 0
	for _, r := range rows[1:] {
		if r[0] == "1" && r[3] == "test" {
			tests++
		}
	}
	if tests != 60 {
		t.Errorf("%d test rows in repeat 1, want 20 %% of 300", tests)
	}
	if rows[1][3] != "train" || rows[240][3] != "train" || rows[241][3] != "test" { // each repeat's training lines, then its test lines
		t.Errorf("splits file rows 1, 240, 241: %v %v %v", rows[1], rows[240], rows[241])
	}
	text, err := runCmd(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"3 seeded splits", "unused column name", "beats screen-ridge", "screen-ridge  2", "all 2",
		"aerr not run at k = 1: reads more than 1 attribute per example even at its smallest k"} {
		if !strings.Contains(text, want) {
			t.Errorf("table lacks %q:\n%s", want, text)
		}
	}
	wantErr(t, []string{"compare", "--data", path, "--target", "y", "--solvers", "nope"}, "unknown solver")
	wantErr(t, []string{"compare", "--data", path, "--target", "y", "--k", "0"}, "--k")
	wantErr(t, []string{"compare", "--data", path, "--target", "y", "--repeat", "0"}, "--repeat")
}

// Every method compared at k reads at most k attributes per training
// example: the papers' k + 1 family runs with its own k − 1 and says so,
// AER and screen-ridge with k, and AESVR (k + 2·E[GenEst's draws] on
// average) with the largest own k within k, not at k = 2 (an analyst read
// "k = 2: use aelr" bought with a third attribute).
func TestCompareEqualBudgets(t *testing.T) {
	var b strings.Builder
	b.WriteString("x1,x2,x3,x4,x5,x6,x7,x8,y\n")
	rng := lao.NewRand(3)
	for range 200 {
		var x [8]float64
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%g,", x[j])
		}
		fmt.Fprintf(&b, "%g\n", 2*x[0]-x[1]+0.5*x[2]+0.3*rng.NormFloat64())
	}
	path := writeTemp(t, "e.csv", b.String())
	js, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,aelr,ddaerr,aer,aesvr", "--k", "2,7",
		"--repeat", "1", "--cv", "0", "--json", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	var rep compareReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	own := map[string]int{"aerr": -1, "aelr": -1, "ddaerr": -1, "aer": 0, "screen-ridge": 0}
	for _, r := range rep.Rows {
		if r.Full {
			continue
		}
		if r.Solver == "aesvr" {
			if r.K != 7 || r.SolverK < 1 || r.SolverK > 5 || r.PerEx > float64(r.K) { // its expected draws: own k + 2 to + 4
				t.Errorf("aesvr at k = %d: own k %d, %.2f attributes per example", r.K, r.SolverK, r.PerEx)
			}
			continue
		}
		if want := r.K + own[r.Solver]; r.SolverK != want || r.PerEx > float64(r.K) {
			t.Errorf("%s at k = %d: own k %d (want %d), %.2f attributes per example", r.Solver, r.K, r.SolverK, want, r.PerEx)
		}
	}
	if len(rep.NotRun) != 1 || rep.NotRun[0].Solver != "aesvr" || rep.NotRun[0].K != 2 {
		t.Errorf("not run: %+v, want aesvr at k = 2", rep.NotRun)
	}
	text, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr", "--k", "2", "--repeat", "1", "--cv", "0")
	if err != nil || !strings.Contains(text, "aerr          2 (own k 1)") || !strings.Contains(text, "reads k + 1 per example, so it runs with k − 1 below d, and with k at k = d") {
		t.Errorf("%v\n%s", err, text)
	}
}

// A solver's result does not depend on which other solvers are compared
// with it: a data-dependent solver sees its own scaling, not the one the
// first solver of its ball got.
func TestCompareResultIndependentOfSolverList(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(200, -1, ""))
	ddaerr := func(solvers string) float64 {
		js, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", solvers, "--k", "2",
			"--repeat", "2", "--cv", "0", "--quiet", "--json")
		if err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Rows []struct {
				Solver string                 `json:"solver"`
				Ratio  struct{ Mean float64 } `json:"test_mse_over_zero_predictor"`
			}
		}
		if err := json.Unmarshal([]byte(js), &rep); err != nil {
			t.Fatal(err)
		}
		for _, r := range rep.Rows {
			if r.Solver == "ddaerr" {
				return r.Ratio.Mean
			}
		}
		t.Fatalf("no ddaerr row in %s", js)
		return 0
	}
	if a, b := ddaerr("ddaerr"), ddaerr("aerr,ddaerr"); a != b {
		t.Errorf("DDAERR's ratio %g alone, %g after AERR", a, b)
	}
}

// compare ends with a verdict per k (text and JSON), and a table whose
// every k is above d fails, saying that nothing ran (it printed a NaN zero
// predictor, then "nothing ran" with exit status 0).
func TestCompareVerdictAndNothingRun(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(120, -1, ""))
	out, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "1,2", "--repeat", "3", "--cv", "3", "--quiet")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "verdict") || !strings.Contains(out, "k = 1: lowest mean ratio") || !strings.Contains(out, "→ k = 1: ") {
		t.Errorf("no verdict:\n%s", out)
	}
	if !strings.Contains(out, "k = 2 (every attribute: no budget)") || !strings.Contains(out, "→ k = 2, all d = 2 attributes (no budget") { // d = 2
		t.Errorf("k = d not marked:\n%s", out)
	}
	// one split: said so, and no "± 0.000" spread printed
	out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "1", "--repeat", "1", "--cv", "3", "--quiet")
	if err != nil || !strings.Contains(out, "; one seeded split (seed 1),") || strings.Contains(out, "±") ||
		!strings.Contains(out, "screen-ridge has the lowest test error of the budgeted methods") || !strings.Contains(out, "(full information, ridge: ") {
		t.Errorf("one split: %v\n%s", err, out)
	}
	out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr", "--k", "5", "--repeat", "2", "--quiet")
	if err == nil || !strings.Contains(err.Error(), "nothing ran: every --k (5) is above the d = 2 attributes") || strings.Contains(out, "NaN") {
		t.Errorf("every k above d: error %v, output:\n%s", err, out)
	}
	// With a full-information reference it ran, but no budgeted method: an
	// error too (a report of ridge alone, no verdict, and exit status 0).
	out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "5", "--repeat", "2", "--quiet")
	if err == nil || !strings.Contains(err.Error(), "no budgeted method ran: every --k (5) is above the d = 2 attributes") {
		t.Errorf("every k above d, ridge beside: error %v, output:\n%s", err, out)
	}
	// The default k (2, 4, 8) on a table of one attribute is lowered to 1,
	// with a note, as fit lowers its default; a --k given is not.
	one := filepath.Join(t.TempDir(), "one.csv")
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d\n", i, 2*i+i%3)
	}
	if err := os.WriteFile(one, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err = runCmd(t, "compare", "--data", one, "--target", "y", "--solvers", "screen-ridge,ridge", "--repeat", "2", "--cv", "3", "--quiet")
	if err != nil || !strings.Contains(out, "note: k = 1, not the default 2, 4, 8: the first split's training part has only d = 1 usable attribute") || !strings.Contains(out, "screen-ridge  1") {
		t.Errorf("default k on d = 1: %v\n%s", err, out)
	}
	_, err = runCmd(t, "compare", "--data", one, "--target", "y", "--solvers", "screen-ridge,ridge", "--k", "2", "--repeat", "2", "--quiet")
	if err == nil || !strings.Contains(err.Error(), "every --k (2) is above the d = 1 attributes") {
		t.Errorf("--k 2 given on d = 1: %v", err)
	}
}

// compare runs two jobs of a split at once on two or more cores; what it
// reports (everything but the time taken) is what one core reports.
func TestCompareSameOnOneCore(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(300, -1, ""))
	args := []string{"compare", "--data", path, "--target", "y", "--solvers", "aerr,aelr,ridge", "--k", "1,3", "--repeat", "2", "--cv", "3", "--quiet", "--json"}
	report := func(procs int) map[string]any {
		defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
		js, err := runCmd(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(js), &rep); err != nil {
			t.Fatal(err)
		}
		delete(rep, "seconds")
		return rep
	}
	one, two := report(1), report(2)
	if !reflect.DeepEqual(one, two) {
		t.Errorf("compare on one core and on two differ:\n%v\n%v", one, two)
	}
}

// A solver that chose the zero predictor on every split (0 attributes
// seen) does not pull the full-information reference line's start to
// x = 0 on the log attributes axis, where it would be left with one point.
func TestCompareCurvesZeroAttributes(t *testing.T) {
	r := &compareReport{Rows: []compareRow{
		{Solver: "aerr", K: 2, Attrs: meanSD{Mean: 0}, Ratio: meanSD{Mean: 1}},
		{Solver: "aelr", K: 2, Attrs: meanSD{Mean: 40}, Ratio: meanSD{Mean: 0.9}},
		{Solver: "ridge", K: 6, Full: true, Attrs: meanSD{Mean: 120}, Ratio: meanSD{Mean: 0.5}},
	}}
	_, byAttrs, _ := compareCurves(r)
	for _, c := range byAttrs {
		if strings.HasPrefix(c.Name, "ridge") && (len(c.X) != 2 || !(c.X[0] > 0) || c.X[0] != 40) {
			t.Errorf("reference line X %v, want [40 120]", c.X)
		}
	}
	r.Rows[1].Attrs.Mean = 0 // every budgeted row at 0
	_, byAttrs, _ = compareCurves(r)
	for _, c := range byAttrs {
		if strings.HasPrefix(c.Name, "ridge") && !(c.X[0] > 0) {
			t.Errorf("reference line X %v starts at 0", c.X)
		}
	}
}

// A target that is a linear function of the columns (a leak) is predicted
// almost exactly: fit and compare warn, compare once for all such rows.
func TestLeakWarning(t *testing.T) {
	var b strings.Builder
	b.WriteString("lo,hi,z,price\n")
	rng := lao.NewRand(9)
	for range 120 {
		lo, hi := 10+5*rng.Float64(), 20+5*rng.Float64()
		fmt.Fprintf(&b, "%g,%g,%g,%g\n", lo, hi, rng.NormFloat64(), (lo+hi)/2)
	}
	data := writeTemp(t, "leak.csv", b.String())
	out, err := runCmd(t, "fit", "--data", data, "--target", "price", "--solver", "ridge")
	if err != nil || !strings.Contains(out, "warning: the model: test MSE") || !strings.Contains(out, "the target in another form") {
		t.Errorf("fit on a leak: %v\n%s", err, out)
	}
	out, err = runCmd(t, "compare", "--quiet", "--data", data, "--target", "price", "--solvers", "screen-ridge", "--k", "2", "--repeat", "2")
	if err != nil || strings.Count(out, "the target in another form") != 1 || !strings.Contains(out, "screen-ridge (k = 2): test MSE") {
		t.Errorf("compare on a leak: %v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", writeTemp(t, "ok.csv", linearCSV(200, -1, "")), "--target", "y", "--solver", "ridge")
	if err != nil || strings.Contains(out, "another form") {
		t.Errorf("fit on a noisy table warned of a leak: %v\n%s", err, out)
	}
}

// When the recommendation names a steadier method than the lowest mean,
// the verdict's first line says so (it read "best budgeted method aerr",
// then "→ use aer", with the reason only in the second line), and a
// steadier method tied with the best is not also named among the spread.
func TestPrintVerdictSteadier(t *testing.T) {
	var b strings.Builder
	printVerdict(&b, []experiments.Verdict{{K: 2, Best: "aerr", Ratio: 0.944, Tied: []string{"aer"}, Steadier: "aer", SteadierRatio: 0.953, Recommendation: "k = 2: use aer"},
		{K: 3, AllAttributes: true, Best: "aelr", Ratio: 0.875, Steadier: "screen-ridge", SteadierRatio: 0.879, Recommendation: "k = 3, all d = 3 attributes: use screen-ridge"}}, nil)
	if out := b.String(); !strings.Contains(out, "k = 2: lowest mean ratio aerr, 0.944, but not clearly below the zero predictor over the splits; recommended instead: aer, 0.953 (→ below)") ||
		!strings.Contains(out, "k = 3 (every attribute: no budget): lowest mean ratio aelr, 0.875, but not clearly below the zero predictor over the splits; recommended instead: screen-ridge, 0.879 (→ below)") ||
		strings.Contains(out, "best") || !strings.Contains(out, `verdict (by the "/ zero predictor" column`) {
		t.Errorf("verdict:\n%s", out)
	}
}

// A fit that a refit took to the zero predictor counts as one, beside CV's
// choices (an analyst's committee table: the note said 3 of 5 where 4 of 5
// fits were the training mean).
func TestCompareZeroFitsCountRefits(t *testing.T) {
	row := &compareRow{Solver: "screen-ridge", K: 2, Runs: []compareRun{
		{MSE: 1, ZeroMSE: 1, CVZero: true, Params: map[string]float64{"zero_predictor": 1}},
		{MSE: 1, ZeroMSE: 1, Params: map[string]float64{"zero_predictor": 1}}, // CV kept a model, the refit fell back
		{MSE: 0.5, ZeroMSE: 1, Params: map[string]float64{"lambda": 0.1}},
	}}
	row.aggregate(100)
	if row.Zero != 1 || row.ZeroFits != 2 || zeroWhy(row.Zero, row.ZeroFits) != "cross-validation's choice on 1, a refit's last resort on 1" {
		t.Errorf("zero %d, zero fits %d, %q", row.Zero, row.ZeroFits, zeroWhy(row.Zero, row.ZeroFits))
	}
}

// The attributes column marks a mean that counts splits where CV chose the
// zero predictor (it read no attribute there), and the legend says so: a
// k = 3 point drawn left of k = 2 was otherwise unexplained.
func TestCompareRowsMarkZeroSplits(t *testing.T) {
	r := &compareReport{Rows: []compareRow{
		{Solver: "aelr", K: 2, Attrs: meanSD{Mean: 47}, PerEx: 1.82, Zero: 1, ZeroFits: 1, Runs: make([]compareRun, 10)},
		{Solver: "aerr", K: 2, Attrs: meanSD{Mean: 56}, PerEx: 2.17, Runs: make([]compareRun, 10)},
	}}
	var b strings.Builder
	if err := printCompareRows(&b, r); err != nil {
		t.Fatal(err)
	}
	if out := b.String(); !strings.Contains(out, "47 (1.82)*") || strings.Contains(out, "56 (2.17)*") {
		t.Errorf("rows:\n%s", out)
	}
}

// The warning on splits above the zero predictor gives the worst of them,
// with its seed, beside the mean (a mean of 0.77 hid a split at 2.53).
func TestCompareRowWarningWorst(t *testing.T) {
	row := &compareRow{Solver: "aerr", K: 2, Ratio: meanSD{Mean: 0.772}, Runs: []compareRun{
		{Seed: 1, MSE: 0.5, ZeroMSE: 1}, {Seed: 2, MSE: 2.53, ZeroMSE: 1}, {Seed: 3, MSE: 1.2, ZeroMSE: 1}, {Seed: 4, MSE: 0.1, ZeroMSE: 1}}}
	want := "aerr (k = 2) on 2 of 4 splits (up to 2.53 times it, seed 2; mean ratio over all splits 0.772)"
	if got := row.warning("splits"); got != want {
		t.Errorf("warning %q\nwant %q", got, want)
	}
	row.Runs = row.Runs[:1]
	if got := row.warning("splits"); got != "" {
		t.Errorf("no split above: %q", got)
	}
}

// A table whose rows follow a time column gets a verdict that says its
// lines measure interpolation (the JSON lists the column); a shuffled
// copy does not.
func TestCompareVerdictTimeOrder(t *testing.T) {
	var b, shuffled strings.Builder
	b.WriteString("year,x,y\n")
	shuffled.WriteString("year,x,y\n")
	rng := lao.NewRand(4)
	var rows []string
	for i := range 60 {
		x := rng.Float64()
		rows = append(rows, fmt.Sprintf("%d,%.4f,%.4f\n", 1950+i, x, 0.05*float64(i)+x+0.1*rng.NormFloat64()))
		b.WriteString(rows[i])
	}
	for _, i := range rng.Perm(len(rows)) {
		shuffled.WriteString(rows[i])
	}
	args := []string{"--target", "y", "--solvers", "ridge,screen-ridge", "--k", "1", "--repeat", "2", "--cv", "2", "--quiet"}
	out, err := runCmd(t, append([]string{"compare", "--data", writeTemp(t, "t.csv", b.String())}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "(the rows are in the order of year: if they are a time series, every line below measures interpolation") {
		t.Errorf("no time-order line in the verdict:\n%s", out)
	}
	out, err = runCmd(t, append([]string{"compare", "--data", writeTemp(t, "s.csv", shuffled.String())}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "measures interpolation between neighbouring rows") {
		t.Errorf("a time-order line for shuffled rows:\n%s", out)
	}
}

// The verdict prints the best method's gap to the zero predictor, whether
// it beats predicting the mean, before its other gaps.
func TestPrintVerdictZeroLine(t *testing.T) {
	var b strings.Builder
	zero := experiments.Gap{Against: "zero predictor", Mean: -0.1, Half: 0.04, N: 3, Lower: 3, DF: 2}
	printVerdict(&b, []experiments.Verdict{{K: 2, Best: "aerr", Ratio: 0.9, Zero: zero, Recommendation: "k = 2: use aerr"}}, nil)
	if out := b.String(); !strings.Contains(out, "    aerr: -0.100 vs zero predictor (95 % interval -0.14 to -0.06 over 3 splits: lower: the interval excludes 0)\n") {
		t.Errorf("%s", out)
	}
}

// compare --test-last tests every seed on the same last rows: the zero
// predictor's test MSE is the same on every seed, the --splits file holds
// out the last file lines on every repeat, the verdict's intervals are
// over the test rows (test_rows, EWC's df) and say so, and prices are
// refused.
func TestCompareTestLast(t *testing.T) {
	const m = 200
	var b strings.Builder
	b.WriteString("year,x1,x2,y\n")
	for i := range m {
		x1, x2 := math.Sin(float64(7*i)), math.Cos(float64(5*i))
		fmt.Fprintf(&b, "%d,%.17g,%.17g,%.17g\n", 1800+i, x1, x2, 2*x1+0.02*float64(i)+0.5*math.Sin(float64(i)/3))
	}
	path := writeTemp(t, "series.csv", b.String())
	splits := filepath.Join(t.TempDir(), "splits.csv")
	out, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "1", "--repeat", "2",
		"--test-last", "--quiet", "--json", "--splits", splits)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		TestLast bool `json:"test_last"`
		Zero     struct {
			Mean, SD float64
		} `json:"zero_predictor_mse"`
		Verdict []struct {
			Zero experiments.Gap `json:"gap_to_zero_predictor"`
		} `json:"verdict"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err, out)
	}
	// The training mean is summed in each seed's order of the rows: equal up to rounding.
	if !rep.TestLast || rep.Zero.SD > 1e-12*rep.Zero.Mean || len(rep.Verdict) != 1 {
		t.Fatalf("test_last %v, zero predictor's MSE %v ± %v over the seeds (want no spread: the same rows), %d verdicts", rep.TestLast, rep.Zero.Mean, rep.Zero.SD, len(rep.Verdict))
	}
	// ν = ⌊0.4·40^(2/3)⌋ = 4 for the rows, 1 for 2 seeds: Welch–Satterthwaite's df lies between 1 and 5.
	if g := rep.Verdict[0].Zero; g.TestRows != 40 || g.DF < 1 || g.DF > 5 || g.TestOverTrain != 0 || g.N != 2 {
		t.Errorf("gap to the zero predictor %+v: want 40 test rows, df in [1, 5], no resampling correction, 2 seeds", g)
	}
	f, err := os.Open(splits)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range recs[1:] { // repeat, seed, line, part: data line L is file line L+1 (the header is line 1)
		line, _ := strconv.Atoi(r[2])
		if test := line > m+1-40; test != (r[3] == "test") {
			t.Fatalf("--splits: file line %d is %s on repeat %s; the last 40 rows are lines %d..%d", line, r[3], r[0], m+2-40, m+1)
		}
	}
	text, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "ridge", "--k", "1", "--repeat", "2", "--test-last", "--quiet")
	if err != nil || !strings.Contains(text, "one split, the last 20 % of the rows held out for testing (--test-last), fitted with 2 seeds (1..2)") ||
		!strings.Contains(text, "over the 40 test rows in the table's order (lower on ") || !strings.Contains(text, " of them), 2 seeds") || !strings.Contains(text, "every line below measures predicting them from models fitted on the rows before") {
		t.Errorf("compare --test-last text: %v\n%s", err, text)
	}
	if _, err := runCmd(t, "compare", "--data", path, "--target", "y", "--test-last", "--cost", "x1=1,x2=2"); err == nil || !strings.Contains(err.Error(), "--test-last with prices") {
		t.Errorf("compare --test-last --cost: %v", err)
	}
}

// A --k above d is refused before any fit when every split has the first
// split's d: no column left out as constant or empty (they might be
// features on another split's training rows), or --test-last (every split
// trains on the same rows, so a column constant there, like a law in force
// only in the held-out rows, is never a feature). Otherwise the splits run
// and the error comes after them (TestCompareVerdictAndNothingRun), and a
// column empty on the first split's training rows may make k = 2 usable
// on another.
func TestCompareRefusesKAboveDEarly(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(120, -1, ""))
	_, err := runCmd(t, "compare", "--data", path, "--target", "y", "--ignore", "name,const,empty", "--solvers", "aerr,ridge", "--k", "3", "--repeat", "2", "--quiet")
	if err == nil || err.Error() != "compare: every --k (3) is above the d = 2 attributes: give a k of at most 2" {
		t.Errorf("every column a feature: %v", err)
	}
	var b strings.Builder
	b.WriteString("x,law,y\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%d,%d\n", i%5, i/32, i%5+i/32)
	}
	law := writeTemp(t, "law.csv", b.String())
	_, err = runCmd(t, "compare", "--data", law, "--target", "y", "--test-last", "--test-frac", "0.25", "--solvers", "aerr,ridge", "--k", "2", "--repeat", "2", "--quiet")
	if err == nil || err.Error() != "compare: every --k (2) is above the d = 1 attributes: give a k of at most 1" {
		t.Errorf("--test-last, law constant on the training rows: %v", err)
	}
	// e has values on two rows only, both held out by split 1 and trained
	// on by split 2: empty on split 1's training rows, a feature on split 2's.
	both := testedThenTrained(t, 30, 1, 2)
	if len(both) < 2 {
		t.Fatalf("split 1 tests and split 2 trains only rows %v", both)
	}
	b.Reset()
	b.WriteString("x,e,y\n")
	for i := range 30 {
		e := ""
		if i == both[0] || i == both[1] {
			e = fmt.Sprint(slices.Index(both, i) + 1)
		}
		fmt.Fprintf(&b, "%d,%s,%d\n", i%5, e, i%5)
	}
	sparse := writeTemp(t, "e.csv", b.String())
	out, err := runCmd(t, "compare", "--data", sparse, "--target", "y", "--missing", "mean", "--solvers", "aerr", "--k", "2", "--repeat", "2", "--quiet", "--json")
	if err != nil || !strings.Contains(out, `"k": 2`) {
		t.Errorf("a column empty on split 1's training rows, a feature on split 2's: %v\n%s", err, out)
	}
}

// A column constant on a later split's training rows but not on its test
// rows (a rare value whose only row that split holds out) is left out
// there, and compare says so (only the first split's warnings were shown).
func TestCompareWarnsOfShiftedColumnOnLaterSplits(t *testing.T) {
	rows := testedThenTrained(t, 60, 2, 1)
	if len(rows) == 0 {
		t.Fatal("split 2 holds out no row split 1 trains on")
	}
	var b strings.Builder
	b.WriteString("x,rare,y\n")
	for r := range 60 {
		rare := 0
		if r == rows[0] {
			rare = 7
		}
		fmt.Fprintf(&b, "%d,%d,%d\n", r%7, rare, r%7+rare)
	}
	path := writeTemp(t, "rare.csv", b.String())
	out, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "ridge", "--k", "1", "--repeat", "2", "--quiet")
	if err != nil || !strings.Contains(out, "on some splits a column was constant on the training rows but not on the test rows, and was left out there") ||
		!strings.Contains(out, "rare (seeds 2)") {
		t.Errorf("%v\n%s", err, out)
	}
}

// testedThenTrained returns the rows of a table of m rows that compare's
// split of seed tested holds out (--test-frac 0.2) and the split of seed
// trained trains on.
func testedThenTrained(t *testing.T, m int, tested, trained uint64) []int {
	t.Helper()
	_, test, err := frames.Split(m, 0.2, tested)
	if err != nil {
		t.Fatal(err)
	}
	train, _, err := frames.Split(m, 0.2, trained)
	if err != nil {
		t.Fatal(err)
	}
	return slices.DeleteFunc(slices.Clone(test), func(i int) bool { return !slices.Contains(train, i) })
}

// A column constant on some training parts (non-zero on one row only) is
// left out of those splits, so d differs between the splits: the header,
// the full-information rows and the JSON give the range, not the first
// split's d beside a mean of attributes per example above it.
func TestCompareDRange(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,rare,y\n")
	rng := lao.NewRand(3)
	for i := range 60 {
		a, c := rng.NormFloat64(), rng.NormFloat64()
		rare := 0
		if i == 7 {
			rare = 1
		}
		fmt.Fprintf(&b, "%g,%g,%d,%g\n", a, c, rare, 2*a-c+0.1*rng.NormFloat64())
	}
	path := writeTemp(t, "rare.csv", b.String())
	args := []string{"compare", "--data", path, "--target", "y", "--solvers", "aerr,ridge", "--k", "2", "--repeat", "6", "--cv", "0"}
	js, err := runCmd(t, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var rep compareReport
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.D != 2 || rep.DMax != 3 {
		t.Fatalf("d = %d, d_max = %d; want 2 and 3 (rare is on some training parts only)", rep.D, rep.DMax)
	}
	for _, row := range rep.Rows {
		if row.Full && (row.K != 2 || row.KMax != 3) {
			t.Errorf("%s: k = %d, k_max = %d; want 2 and 3", row.Solver, row.K, row.KMax)
		}
	}
	text, err := runCmd(t, args...)
	if err != nil || !strings.Contains(text, "d = 2-3 (over the splits") || !strings.Contains(text, "all 2-3") {
		t.Errorf("%v\n%s", err, text)
	}
}

// CV's size warning of each split is reported once, though a split whose d
// differs words it with another number.
func TestCompareCVWarningOnce(t *testing.T) {
	c := &comparison{rep: &compareReport{}}
	c.warnCV("each fold's fit sees 106 of these 132 rows for 928 attributes (fewer than 2 per attribute)")
	c.warnCV("each fold's fit sees 106 of these 132 rows for 1013 attributes (fewer than 2 per attribute)", "12 rows in 5 folds leave 2 validation rows per fold")
	if len(c.rep.Warnings) != 2 || !strings.Contains(c.rep.Warnings[0], "928 attributes") {
		t.Errorf("warnings: %q", c.rep.Warnings)
	}
}
