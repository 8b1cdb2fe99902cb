package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// The parameters line of a tuned fit says which CV chose, which the
// command line set and which the solver resolved (a Two-Phased DDAERR fit
// listed m1 and delta, typed by the user, as chosen by CV).
func TestTunedParamsLine(t *testing.T) {
	got := tunedParams(map[string]float64{"B": 0.5, "eta": 0.9, "m1": 20, "delta": 0.05, "k": 3}, "", []string{"B", "eta"}, []string{"m1", "k"})
	if want := "B=0.5 eta=0.9; set on the command line: k=3 m1=20; the others as resolved: delta=0.05"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	got = tunedParams(map[string]float64{"B": 4, "eta": 0.2, "k": 3}, "the largest k the cost budget pays for", []string{"B", "eta"}, nil)
	if want := "B=4 eta=0.2; k = 3: the largest k the cost budget pays for"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A named data set is used at its own scale, as the papers use it, unless
// --scale names a scaling: then fit and describe apply it (the flag was
// ignored without a word before).
func TestScaleNamedDataSet(t *testing.T) {
	const data = "ms2018:500" // Murata & Suzuki's synthetic table, 500 rows
	out, err := runCmd(t, "fit", "--data", data, "--solver", "aerr", "--k", "2", "--cv", "0")
	if err != nil || !strings.Contains(out, "scaling none (the data set's own, as the papers use it; --scale chooses another)") {
		t.Fatalf("default: %v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", data, "--solver", "aerr", "--k", "2", "--cv", "0", "--scale", "l2")
	if err != nil || !strings.Contains(out, "scaling l2 (--scale: centred and scaled on the training part as a CSV's columns and labels are)") {
		t.Fatalf("--scale l2: %v\n%s", err, out)
	}
	out, err = runCmd(t, "describe", "--data", data, "--solver", "aerr", "--scale", "l2")
	if err != nil || !strings.Contains(out, "(scaling l2 (--scale: centred and scaled on the training part") {
		t.Errorf("describe --scale l2: %v\n%s", err, out)
	}
}

// fit --test-last holds out the last rows in the file's order: the zero
// predictor's test MSE is that of the first rows' mean on the last rows,
// and the time-order warning speaks of forecasting; describe --test-last
// centres on the same first rows; a streamed or database table is refused
// by name (it is split by a hash of each row).
func TestFitTestLast(t *testing.T) {
	const m, nTest = 200, 20
	var b strings.Builder
	b.WriteString("year,x,y\n")
	y := make([]float64, m)
	for i := range m {
		x := math.Sin(float64(7 * i))
		y[i] = x + 0.05*float64(i) + 0.3*math.Cos(float64(11*i))
		fmt.Fprintf(&b, "%d,%.17g,%.17g\n", 1800+i, x, y[i])
	}
	path := writeTemp(t, "series.csv", b.String())
	mean := 0.0
	for _, v := range y[:m-nTest] {
		mean += v / (m - nTest)
	}
	zero := 0.0
	for _, v := range y[m-nTest:] {
		zero += (v - mean) * (v - mean) / nTest
	}
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "ridge", "--test-frac", "0.1", "--test-last", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		MTest    int      `json:"m_test"`
		TestLast bool     `json:"test_last"`
		Zero     float64  `json:"zero_predictor_mse"`
		Warnings []string `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err, out)
	}
	if rep.MTest != nTest || !rep.TestLast || math.Abs(rep.Zero-zero) > 1e-9*zero {
		t.Errorf("m_test %d, test_last %v, zero predictor's MSE %v, want %d, true, %v (the first rows' mean on the last rows)", rep.MTest, rep.TestLast, rep.Zero, nTest, zero)
	}
	if w := strings.Join(rep.Warnings, "\n"); !strings.Contains(w, "the test error measures predicting later rows") {
		t.Errorf("warnings: %s", w)
	}
	out, err = runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "ridge", "--test-last")
	if err != nil || !strings.Contains(out, "180 training / 20 test examples (the test part: the last rows), seed 1") {
		t.Errorf("fit --test-last text: %v\n%s", err, out)
	}
	if strings.Contains(out, "no column shows the rows' order") || !strings.Contains(out, "note: --test-last: cross-validation tunes the parameters on blocked folds") ||
		!strings.Contains(out, "5-fold blocked CV (each fold a stretch of consecutive training rows") {
		t.Errorf("fit --test-last notes (a year column shows the order; CV is on):\n%s", out)
	}
	// Without the year column, the label's trend along the rows shows their
	// order: a warning says the earlier rows' mean lags the later ones.
	var nb, flat strings.Builder
	flat.WriteString("x,y\n")
	for i, line := range strings.SplitAfter(b.String(), "\n") {
		_, rest, _ := strings.Cut(line, ",") // the line without its first field, year
		nb.WriteString(rest)
		if i > 0 && rest != "" { // and without the trend: nothing shows the order
			fmt.Fprintf(&flat, "%.17g,%.17g\n", math.Sin(float64(7*(i-1))), math.Sin(float64(7*(i-1)))+0.3*math.Cos(float64(11*(i-1))))
		}
	}
	out, err = runCmd(t, "fit", "--data", writeTemp(t, "noyear.csv", nb.String()), "--target", "y", "--solver", "ridge", "--test-last", "--cv", "0")
	if err != nil || !strings.Contains(out, "warning: the label trends along the rows (correlation 0.97 between a row's position and its label), and the test part is the last rows: "+
		"the zero predictor, the earlier rows' mean, is a weak yardstick for later rows") || strings.Contains(out, "no column was recognised") || strings.Contains(out, "cross-validation tunes") {
		t.Errorf("fit --test-last without a time column but a trending label, --cv 0: %v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", writeTemp(t, "flat.csv", flat.String()), "--target", "y", "--solver", "ridge", "--test-last", "--cv", "0")
	if err != nil || !strings.Contains(out, "note: --test-last: no column was recognised as showing the rows' order") || strings.Contains(out, "label trends") {
		t.Errorf("fit --test-last with nothing in order: %v\n%s", err, out)
	}
	// Rows dropped by --missing inside the series leave gaps: a note says how many.
	var gappy strings.Builder
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if f := strings.Split(line, ","); f[0] == "1803" || f[0] == "1850" {
			f[1] = "" // x missing on two rows inside the series
			line = strings.Join(f, ",")
		}
		gappy.WriteString(line)
	}
	out, err = runCmd(t, "fit", "--data", writeTemp(t, "gappy.csv", gappy.String()), "--target", "y", "--solver", "ridge", "--test-last", "--cv", "0", "--missing", "drop-rows")
	if err != nil || !strings.Contains(out, "note: --test-last: 2 of the 2 lines dropped by --missing lay between kept ones, so the series has gaps; the test part is the last lines kept") {
		t.Errorf("fit --test-last with rows dropped inside: %v\n%s", err, out)
	}
	out, err = runCmd(t, "describe", "--data", path, "--target", "y", "--test-last")
	if err != nil || !strings.Contains(out, "(180 rows; --seed 1, --test-frac 0.1, --test-last)") {
		t.Errorf("describe --test-last: %v\n%s", err, out)
	}
	for _, args := range [][]string{{"--stream", "on"}, {"--lazy"}} {
		_, err := runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--test-last"}, args...)...)
		if err == nil || !strings.Contains(err.Error(), "fit: --test-last holds out the last rows of a table read in its file") {
			t.Errorf("fit --test-last %v: %v", args, err)
		}
	}
}

// A table left without a feature says why each other column is not one
// (statsmodels' sunspots with --ignore YEAR said only "no numeric feature
// columns besides the target").
func TestNoFeaturesSaysWhy(t *testing.T) {
	path := writeTemp(t, "t.csv", "YEAR,when,y\n1700,1700-01-01,5\n1701,1701-01-01,11\n1702,1702-01-01,16\n1703,1703-01-01,23\n")
	for _, cmd := range []string{"fit", "compare", "describe"} {
		_, err := runCmd(t, cmd, "--data", path, "--target", "y", "--ignore", "YEAR", "--test-frac", "0.25")
		if err == nil || !errors.Is(err, frames.ErrNoFeatures) || !strings.Contains(err.Error(), "(the other columns are not features: YEAR: ignored as requested; when: text: 4 of 4 cells are not numbers") {
			t.Errorf("%s: %v", cmd, err)
		}
	}
	path = writeTemp(t, "y.csv", "y\n1\n2\n3\n4\n")
	if _, err := runCmd(t, "fit", "--data", path, "--target", "y", "--test-frac", "0.25"); err == nil || !strings.Contains(err.Error(), `(the table has no column besides the target "y")`) {
		t.Errorf("a table of the target alone: %v", err)
	}
}

// A ratio far below 1 keeps two significant digits (macrodata's infl,
// predicted from the two columns it is the difference of, printed "ratio
// 0.0002").
func TestRatioText(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want string
	}{{0.000173, "0.00017"}, {0.8599, "0.8599"}, {1.0201, "1.0201"}, {0, "0.0000"}, {0.01, "0.0100"}} {
		if got := ratioText(c.r); got != c.want {
			t.Errorf("ratioText(%g) = %q, want %q", c.r, got, c.want)
		}
	}
}

// fit's note on the k + 1 family's own k points to compare's row, and
// says which --k runs it when compare's default budgets do not (an
// analyst looked for AERR's row at k = 5 among 2, 4 and 8).
func TestOwnKNoteNamesCompareK(t *testing.T) {
	b := lao.Budget{Rule: "k+1 per example"}
	if n := ownKNote("aerr", b, 4, 10); !strings.Contains(n, "aerr's row at k = 5 there") || !strings.Contains(n, "compare runs k = 5 with --k 5 (its default is 2,4,8)") {
		t.Errorf("k = 4: %q", n)
	}
	if n := ownKNote("aerr", b, 3, 10); !strings.Contains(n, "aerr's row at k = 4 there") || strings.Contains(n, "--k 4") {
		t.Errorf("k = 3: %q", n)
	}
}

// fit's header names the budget: k below d, k ≥ d for a budgeted solver
// (which may still read fewer, as AERR's k + 1 draws repeat), every
// attribute for full information, nothing for a solver without k.
func TestFitBudgetText(t *testing.T) {
	for _, c := range []struct {
		r    fitReport
		want string
	}{
		{fitReport{K: 2, D: 5, BudgetCap: 3}, ", k = 2"},
		{fitReport{K: 5, D: 4, BudgetCap: 6}, ", k = 5 ≥ d (each example may reveal every attribute)"},
		{fitReport{K: 4, D: 4}, ", every attribute of each example"},
		{fitReport{K: 0, D: 4}, ""},
	} {
		if got := fitBudgetText(&c.r); got != c.want {
			t.Errorf("K %d, D %d, cap %d: %q, want %q", c.r.K, c.r.D, c.r.BudgetCap, got, c.want)
		}
	}
}

// describe's warning on a norm the theorem assumes names the scaling that
// makes it hold.
func TestBoundWarningsNameTheScaling(t *testing.T) {
	w := strings.Join(boundWarnings(&lao.AERR{}, figures{MaxL2: 15, MaxLinf: 1, MaxAbsY: 1}), "\n")
	if !strings.Contains(w, "rows have ||x||₂ up to 15 > 1, which aerr's theorem assumes (--scale l2 divides every column by one common factor") {
		t.Errorf("aerr: %s", w)
	}
	w = strings.Join(boundWarnings(&lao.AELR{}, figures{MaxL2: 15, MaxLinf: 3, MaxAbsY: 1}), "\n")
	if !strings.Contains(w, "cells reach |x| = 3 > 1, which aelr's theorem assumes (||x||∞ ≤ 1; --scale common-linf divides every column by one common factor") {
		t.Errorf("aelr: %s", w)
	}
}

// fit's coefficient table lists every column of a table of up to 100,
// and on a wider one the 100 of the largest |coefficient|, saying how many
// more there are (a 30,000-column table printed 30,000 lines).
func TestCoefficientTableCapped(t *testing.T) {
	r := &fitReport{MTrain: 10, Weights: map[string]jfloat{}, AttributeCounts: map[string]int64{}}
	for j := range 150 {
		n := fmt.Sprintf("c%d", j)
		r.Columns = append(r.Columns, n)
		r.Weights[n] = jfloat(float64(j%50) - 20) // |w| at most 29, 50 columns tie at each of three values
	}
	var b strings.Builder
	if err := printCoefficients(&b, r); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	if got := strings.Count(out, "\nc"); got != 100 {
		t.Errorf("%d column rows, want 100:\n%s", got, out)
	}
	if !strings.Contains(out, "\nc49 ") || !strings.Contains(out, "(the 100 columns, largest |coefficient| first; 50 more columns, none larger than") {
		t.Errorf("the largest coefficient (c49: 29) or the count is missing:\n%s", out)
	}
	r.Columns = r.Columns[:100]
	b.Reset()
	if err := printCoefficients(&b, r); err != nil || strings.Count(b.String(), "\nc") != 100 || strings.Contains(b.String(), "more columns") {
		t.Errorf("100 columns, all listed in file order:\n%s", b.String())
	}
	// a wide table with 7 non-zero coefficients (a lasso): those 7, and the count of zeros
	r.Columns = r.Columns[:0]
	for j := range 300 {
		n := fmt.Sprintf("z%d", j)
		r.Columns = append(r.Columns, n)
		r.Weights[n] = 0
		if j%40 == 3 {
			r.Weights[n] = jfloat(j)
		}
	}
	b.Reset()
	if err := printCoefficients(&b, r); err != nil || strings.Count(b.String(), "\nz") != 8 || !strings.Contains(b.String(), "(the 8 columns with a non-zero coefficient, largest |coefficient| first; the other 292 columns have coefficient 0;") {
		t.Errorf("a wide table of 8 non-zero coefficients:\n%s", b.String())
	}
	// every coefficient 0
	allZero := &fitReport{MTrain: 10, Weights: map[string]jfloat{}, AttributeCounts: map[string]int64{}}
	for j := range 150 {
		n := fmt.Sprintf("c%d", j)
		allZero.Columns, allZero.Weights[n] = append(allZero.Columns, n), 0
	}
	b.Reset()
	if err := printCoefficients(&b, allZero); err != nil || !strings.Contains(b.String(), "(every one of the 150 coefficients is 0;") {
		t.Errorf("every coefficient 0:\n%s", b.String())
	}
	// with the columns' standard deviations the order is by |coefficient| × sd
	r.sd = map[string]float64{}
	for _, n := range r.Columns {
		r.sd[n] = 1
	}
	r.sd["z3"] = 1000 // the smallest non-zero coefficient, 3, on a column of sd 1000: the largest effect
	b.Reset()
	if err := printCoefficients(&b, r); err != nil || !strings.Contains(b.String(), "\nz3 ") || strings.Index(b.String(), "\nz3 ") > strings.Index(b.String(), "\nz283 ") ||
		!strings.Contains(b.String(), "largest |coefficient| × standard deviation first") {
		t.Errorf("ranked by effect: z3 (3 × 1000) before z283 (283 × 1):\n%s", b.String())
	}
}

// fit's and describe's JSON write their lists as [] when they are empty,
// never null (an analyst's JSON reader found unused_columns null on a table
// without an unused column, first in fit, then in describe).
func TestFitJSONListsNeverNull(t *testing.T) {
	var b strings.Builder // every column numeric: no unused column
	b.WriteString("a,b,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%d,%d,%d\n", i%7, i%5, 2*(i%7)-(i%5))
	}
	data := filepath.Join(t.TempDir(), "numeric.csv")
	if err := os.WriteFile(data, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	for cmd, keys := range map[string][]string{
		"fit":      {"unused_columns", "warnings", "notes", "refits"},
		"describe": {"unused_columns", "notes"},
	} {
		out, err := runCmd(t, cmd, "--data", data, "--target", "y", "--json")
		if err != nil {
			t.Fatal(err)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		for _, key := range keys {
			if v, ok := rep[key]; !ok || v == nil {
				t.Errorf("%s: %s = %v, want a list", cmd, key, v)
			}
		}
	}
}

// fit puts the practical baseline under the same training budget beside a
// budgeted solver of the papers (frames.CheckBudget): screen-ridge at the
// fit's budget, or ridge when the budget is every attribute; not beside
// full information, screen-ridge itself, or a priced fit.
func TestFitSameBudgetBaseline(t *testing.T) {
	data := writeCSV(t, 300) // d = 3 (a, b, c), the label 3a − 2b + 10 + noise
	for _, c := range []struct {
		args     []string
		baseline string // "" for none
		k        int
	}{
		{[]string{"--solver", "aerr", "--k", "1"}, "screen-ridge", 2}, // k + 1 = 2 per example
		{[]string{"--solver", "aer", "--k", "2", "--cv", "0"}, "screen-ridge", 2},
		{[]string{"--solver", "aelr"}, "ridge", 3}, // k = 4 ≥ d = 3
		{[]string{"--solver", "ridge"}, "", 0},
		{[]string{"--solver", "screen-ridge", "--k", "2"}, "", 0},
	} {
		out, err := runCmd(t, append([]string{"fit", "--data", data, "--target", "y", "--json"}, c.args...)...)
		if err != nil {
			t.Fatalf("%v: %v", c.args, err)
		}
		var rep struct {
			TestMSE float64 `json:"test_mse"`
			Same    *struct {
				Baseline string
				K        int
				TestMSE  float64 `json:"test_mse"`
				Diff     float64 `json:"mse_difference"`
			} `json:"same_budget_baseline"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		switch s := rep.Same; {
		case c.baseline == "" && s != nil:
			t.Errorf("%v: a baseline %+v, want none", c.args, *s)
		case c.baseline == "":
		case s == nil:
			t.Errorf("%v: no baseline, want %s", c.args, c.baseline)
		case s.Baseline != c.baseline || s.K != c.k || math.Abs(s.Diff-(rep.TestMSE-s.TestMSE)) > 1e-9*rep.TestMSE:
			t.Errorf("%v: baseline %+v (fit's test MSE %g), want %s at k = %d", c.args, *s, rep.TestMSE, c.baseline, c.k)
		}
	}
	// A label of pure noise: CV chooses the zero predictor, which reads
	// nothing; the baseline runs at the budget of the solver it replaced
	// (AERR's k + 1 = 5), and does not warn. (CV chooses the mean on 10 of
	// the first 17 seeds of such tables; seed 1 is one.)
	var b strings.Builder
	b.WriteString("a,b,c,d,e,f,y\n")
	rng := lao.NewRand(1)
	for range 120 {
		for j := range 7 {
			fmt.Fprintf(&b, "%.4f%s", rng.NormFloat64(), map[bool]string{true: "\n", false: ","}[j == 6])
		}
	}
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "noise.csv", b.String()), "--target", "y", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var zero struct {
		Attributes int64 `json:"attributes_observed"`
		Same       *struct {
			Baseline string
			K        int
		} `json:"same_budget_baseline"`
		Warnings []string
	}
	if err := json.Unmarshal([]byte(out), &zero); err != nil {
		t.Fatal(err)
	}
	if zero.Attributes != 0 || zero.Same == nil || zero.Same.Baseline != "screen-ridge" || zero.Same.K != 5 || strings.Contains(strings.Join(zero.Warnings, " "), "under the same budget") {
		t.Errorf("noise: %d attributes read, baseline %+v, warnings %q; want the zero predictor beside screen-ridge at 5, no warning", zero.Attributes, zero.Same, zero.Warnings)
	}
	text, err := runCmd(t, "fit", "--data", data, "--target", "y", "--solver", "aer", "--k", "2", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text, "same training budget, screen-ridge (screening on the first examples, then ridge on the 2 best columns; untuned): test MSE") ||
		!strings.Contains(text, "warning: aer's test MSE") {
		t.Errorf("untuned AER beside screen-ridge at k = 2:\n%s", text)
	}
}

// A column no training example revealed but with a non-zero weight (what
// is left of AERR's start w₁) is counted in a note; without such columns,
// with prices or for a full-information fit there is none.
func TestUnrevealedNote(t *testing.T) {
	res := &lao.Result{W: []float64{0.5, 1e-6, 0, -2e-6}, AttributeCounts: []int64{9, 0, 0, 0}}
	note := unrevealedNote(res, "aerr")
	if !strings.HasPrefix(note, "2 columns that no training example revealed have a non-zero weight: aerr starts") || !strings.Contains(note, "at most 4e-06 of the largest weight") {
		t.Errorf("note: %s", note)
	}
	res.W[1], res.W[3] = 0, 0
	if note := unrevealedNote(res, "aerr"); note != "" {
		t.Errorf("no such column: %s", note)
	}
	res.W[1] = 1e-6
	res.Costs = []float64{1, 1, 1, 1}
	if note := unrevealedNote(res, "aerr"); note != "" {
		t.Errorf("with prices: %s", note)
	}
	res.Costs, res.Budget.Full = nil, true
	if note := unrevealedNote(res, "ridge"); note != "" {
		t.Errorf("full information: %s", note)
	}
}
