package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// writeFile writes text to a temporary file and returns its path.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// linearCSV returns a CSV text of m rows, y = 3a − 2b + 10 + noise, with a
// text column, a constant one and an empty one; cell (row, "a") may be
// replaced by bad (file line row+2).
func linearCSV(m, row int, bad string) string {
	var b strings.Builder
	b.WriteString("a,b,name,const,empty,y\n")
	rng := lao.NewRand(5)
	for i := range m {
		a, bb := rng.Float64()*4, rng.Float64()*2-1
		cell := fmt.Sprint(a)
		if i == row {
			cell = bad
		}
		fmt.Fprintf(&b, "%q,%g,row%d,7,,%g\n", cell, bb, i, 3*a-2*bb+10+0.1*rng.NormFloat64())
	}
	return b.String()
}

func wantErr(t *testing.T, args []string, want ...string) {
	t.Helper()
	_, err := runCmd(t, args...)
	if err == nil {
		t.Errorf("%v: no error, want one mentioning %q", args, want)
		return
	}
	for _, w := range want {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("%v: error %q does not mention %q", args, err, w)
		}
	}
}

// A bad cell in a numeric column is an error naming the column, the file
// line and the value (not a column dropped silently), for every command.
func TestBadCellsNameLine(t *testing.T) {
	for _, bad := range []string{"?", "n/a", "-", "null", "1,000", ""} {
		path := writeTemp(t, "bad.csv", linearCSV(200, 40, bad))
		for _, cmd := range [][]string{
			{"fit", "--data", path, "--target", "y"},
			{"describe", "--data", path, "--target", "y"},
			{"compare", "--data", path, "--target", "y", "--repeat", "1"},
		} {
			wantErr(t, cmd, `column "a"`, "line 42", fmt.Sprintf("%q", bad), "--missing")
		}
	}
}

func TestMissingPolicies(t *testing.T) {
	path := writeTemp(t, "bad.csv", linearCSV(300, 40, "?"))
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--missing", "drop-rows", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "1 row dropped (file line 42)") || !strings.Contains(out, "269 training / 30 test") {
		t.Errorf("drop-rows report:\n%s", out)
	}
	js, err := runCmd(t, "fit", "--data", path, "--target", "y", "--missing", "mean", "--cv", "0", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Missing struct {
			Policy      string         `json:"policy"`
			CellsFilled map[string]int `json:"cells_filled"`
		} `json:"missing"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Missing.Policy != "mean" || rep.Missing.CellsFilled["a"] != 1 {
		t.Errorf("mean report: %+v", rep.Missing)
	}
	wantErr(t, []string{"fit", "--data", path, "--target", "y", "--missing", "guess"}, "--missing", "drop-rows")
}

// Columns that are not used are listed with the reason, in text and JSON.
func TestUnusedColumnsListed(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(200, -1, ""))
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"unused column name: text", "unused column empty: empty: every cell is missing", "unused column const: constant on the training rows: every value is 7"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	js, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Unused []struct{ Column, Reason string } `json:"unused_columns"`
	}
	if err := json.Unmarshal([]byte(js), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Unused) != 3 {
		t.Errorf("JSON unused_columns = %+v, want name, empty and const", rep.Unused)
	}
}

func TestLeftoverArguments(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(50, -1, ""))
	for _, args := range [][]string{
		{"fit", "--data", path, "--target", "y", "extra", "--k", "3"},
		{"describe", "--data", path, "--target", "y", "extra"},
		{"compare", "--data", path, "--target", "y", "extra"},
		{"demo", "extra"},
		{"solvers", "extra"},
	} {
		wantErr(t, args, `unexpected argument "extra"`)
	}
}

// Data set names are parsed by datasets.ParseName in any case; an existing
// file of that name wins.
func TestDataSetNames(t *testing.T) {
	t.Setenv("LAO_DATA_DIR", t.TempDir()) // no files: nothing is downloaded
	for _, name := range []string{"MNIST:3v5", "ctslice:scaled", "covtype:1", "CoverType:2:scaled"} {
		for _, cmd := range []string{"fit", "describe"} {
			_, err := runCmd(t, cmd, "--data", name)
			if err == nil || strings.Contains(err.Error(), "no such file") || !strings.Contains(err.Error(), "datasets:") {
				t.Errorf("%s --data %s: %v", cmd, name, err)
			}
		}
	}
	wantErr(t, []string{"fit", "--data", "MNIST:3v3"}, "the two digits must differ")
	wantErr(t, []string{"fit", "--data", "covtype:9"}, "class")
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.WriteFile("ctslice", []byte(linearCSV(60, -1, "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := runCmd(t, "fit", "--data", "ctslice", "--target", "y", "--cv", "0"); err != nil {
		t.Errorf("a file named ctslice: %v", err)
	}
}

// gzip is recognised by content, whatever the name; a BOM is dropped.
func TestCSVEncodings(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(linearCSV(100, -1, "")))
	zw.Close()
	for name, text := range map[string]string{"data.csv": gz.String(), "data.GZ": gz.String(), "bom.csv": "\ufeff" + linearCSV(100, -1, "")} {
		path := writeTemp(t, name, text)
		out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0")
		if err != nil || !strings.Contains(out, "\na ") {
			t.Errorf("%s: %v\n%s", name, err, out)
		}
	}
}

// Huge --B or --eta end in an error naming the parameter, never NaN
// weights with exit 0; values near MaxFloat64 never panic.
func TestOverflowIsAnError(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(200, -1, ""))
	wantErr(t, []string{"fit", "--data", path, "--target", "y", "--solver", "online-ridge", "--B", "1e300", "--eta", "1e300", "--json"}, "online-ridge (B=1e+300 adagrad=0 eta=1e+300)", "NaN")
	huge := writeTemp(t, "h.csv", linearCSV(200, 3, "1.7e308"))
	for _, s := range []string{"ridge", "baseline", "lasso", "aerr", "aelr"} {
		for _, scale := range []string{"auto", "none"} {
			out, err := runCmd(t, "fit", "--data", huge, "--target", "y", "--solver", s, "--scale", scale, "--cv", "0", "--json")
			if err != nil {
				if !strings.Contains(err.Error(), "NaN or Inf") && !strings.Contains(err.Error(), "not a finite number") {
					t.Errorf("%s --scale %s: %v", s, scale, err)
				}
				continue
			}
			var rep map[string]any
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Errorf("%s --scale %s: bad JSON %v", s, scale, err)
			}
		}
	}
}

func TestCVOffSaysDefaults(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(200, -1, ""))
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0")
	if err != nil || !strings.Contains(out, "not tuned: the theorems' defaults") {
		t.Errorf("--cv 0: %v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", path, "--target", "y")
	if err != nil || !strings.Contains(out, "parameters chosen by 5-fold CV") {
		t.Errorf("default: %v\n%s", err, out)
	}
}

// describe shows the raw figures beside the data as the solver sees it
// after the default standardisation: ||x||₂ ≤ 1 for an l2 solver,
// ||x||∞ ≤ 1 for an l1 solver, |y| ≤ 1.
func TestDescribeRawAndScaled(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(300, -1, ""))
	for solver, key := range map[string]string{"aerr": "max_row_l2", "aelr": "max_row_linf"} {
		js, err := runCmd(t, "describe", "--data", path, "--target", "y", "--solver", solver, "--json")
		if err != nil {
			t.Fatal(err)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(js), &rep); err != nil {
			t.Fatal(err)
		}
		scaled := rep["as_the_solver_sees_it"].(map[string]any)
		if v := scaled[key].(float64); math.Abs(v-1) > 1e-12 {
			t.Errorf("%s: scaled %s = %g, want 1", solver, key, v)
		}
		if v := scaled["max_abs_label"].(float64); math.Abs(v-1) > 1e-12 {
			t.Errorf("%s: scaled max |y| = %g, want 1", solver, v)
		}
		if raw := rep["max_abs_label"].(float64); raw < 10 {
			t.Errorf("%s: raw max |y| = %g, want the label's own units (≥ 10)", solver, raw)
		}
		if rep["scaling"] != map[string]string{"aerr": "std-l2", "aelr": "std-linf"}[solver] {
			t.Errorf("%s: scaling %v", solver, rep["scaling"])
		}
	}
	out, err := runCmd(t, "describe", "--data", path, "--target", "y")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"raw", "as aerr sees it (scaling std-l2)", "unused column name", "scaled_max"} {
		if !strings.Contains(out, want) {
			t.Errorf("describe lacks %q:\n%s", want, out)
		}
	}
}

// An explicit --k above d is an error naming it (the default k is lowered
// to d instead, with a note); compare skips such budgets and says so.
func TestKAboveD(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(100, -1, ""))
	wantErr(t, []string{"fit", "--data", path, "--target", "y", "--k", "5"}, "--k 5 exceeds the number of attributes d = 2")
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0")
	if err != nil || !strings.Contains(out, "note: k = 2, not the default 4: the table has only d = 2 attributes") {
		t.Errorf("fit with the default k above d: %v, want a note:\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0", "--ignore", "b")
	if err != nil || !strings.Contains(out, "note: k = 1, not the default 4: the table has only d = 1 attribute, so every example reveals all of it") {
		t.Errorf("fit on one attribute: %v, want the d = 1 note:\n%s", err, out)
	}
	wantErr(t, []string{"describe", "--data", path, "--target", "y", "--k", "5"}, "--k 5 exceeds the number of attributes d = 2")
	out, err = runCmd(t, "describe", "--data", path, "--target", "y")
	if err != nil || !strings.Contains(out, "k = 2, not the default 4") || strings.Contains(out, "k = 4") {
		t.Errorf("describe with the default k above d: %v, want a note and k = 2 throughout:\n%s", err, out)
	}
	progress := captureStderr(t, func() {
		out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--k", "2,5", "--solvers", "aerr", "--repeat", "2", "--cv", "0")
	})
	if err != nil || !strings.Contains(out, "k = 5 skipped: more than the d = 2 attributes") {
		t.Errorf("compare with k > d: %v\n%s", err, out)
	}
	// The progress counts the runs that run: aerr and screen-ridge at
	// k = 2 on each of the 2 splits.
	if !strings.Contains(progress, "compare: [1/4]") || !strings.Contains(progress, "compare: [4/4]") {
		t.Errorf("compare's progress does not count 4 runs:\n%s", progress)
	}
}

// A flag that cannot be parsed is one error naming where the flags are
// listed, with no usage dump; -h still prints the usage.
func TestFlagErrorOnce(t *testing.T) {
	var errGrid, errExp, errHelp error
	printed := captureStderr(t, func() {
		_, errGrid = runCmd(t, "fit", "--data", "x.csv", "--target", "y", "--grid", "B=1:0:3")
		_, errExp = runCmd(t, "experiment", "--bogus", "ks-fig1")
		_, errHelp = runCmd(t, "fit", "-h")
	})
	if errGrid == nil || !strings.Contains(errGrid.Error(), "'lao fit -h' lists its flags") ||
		!strings.Contains(errGrid.Error(), "lo and hi must be positive") || strings.Count(errGrid.Error(), "B=1:0:3") != 1 ||
		strings.Contains(userMessage(errGrid), "invalid parameter") {
		t.Errorf("fit --grid B=1:0:3: %v", errGrid)
	}
	if errExp == nil || !strings.Contains(errExp.Error(), "'lao experiment -h' lists its flags") {
		t.Errorf("experiment --bogus: %v", errExp)
	}
	if !errors.Is(errHelp, flag.ErrHelp) || strings.Count(printed, "Usage of fit") != 1 || strings.Contains(printed, "invalid value") {
		t.Errorf("-h: %v; printed:\n%s", errHelp, printed)
	}
}

// A numeric flag's value that does not parse says what the flag takes
// (the flag package says "parse error").
func TestNumberFlagError(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"fit", "--seed", "-5"}, "--seed -5: want a non-negative integer"},
		{[]string{"compare", "--cv", "2.5"}, "--cv 2.5: want an integer"},
		{[]string{"compare", "--test-frac", "x"}, "--test-frac x: want a number"},
	} {
		_, err := runCmd(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "parse error") {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// --k given to a full-information solver says why it does not apply
// (it said only "ridge has no parameter k").
func TestFitFullInformationK(t *testing.T) {
	path := writeTemp(t, "d.csv", linearCSV(40, -1, ""))
	_, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "ridge", "--k", "1")
	if err == nil || !strings.Contains(err.Error(), "ridge reads every attribute (full information), so --k does not apply") {
		t.Errorf("fit --solver ridge --k 1: %v", err)
	}
}

// fit's k for the papers' k + 1 family is the solver's own k, not
// compare's budget per example: a note says so, and the budget line says
// the cap on this table; a solver whose k is the budget gets neither.
func TestFitOwnKNote(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,c,d,y\n")
	rng := lao.NewRand(6)
	for range 60 {
		x := []float64{rng.Float64(), rng.Float64(), rng.Float64(), rng.Float64()}
		fmt.Fprintf(&b, "%g,%g,%g,%g,%g\n", x[0], x[1], x[2], x[3], x[0]-2*x[1]+0.1*rng.NormFloat64())
	}
	path := writeTemp(t, "four.csv", b.String())
	out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "aerr", "--k", "2", "--cv", "3")
	if err != nil || !strings.Contains(out, "note: k = 2 is aerr's own k, as in its paper: it reads up to k+1 = 3 attributes per training example") ||
		!strings.Contains(out, "so this fit is aerr's row at k = 3 there (its row at k = 2 runs with own k 1)") ||
		!strings.Contains(out, "budget k+1 per example (at most 3 per training example, of the d = 4 here)") {
		t.Errorf("aerr --k 2: %v\n%s", err, out)
	}
	// k + 1 = d: compare's row at k = d runs own k d, so no row is this fit
	out, err = runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "aerr", "--k", "3", "--cv", "3")
	if err != nil || strings.Contains(out, "own k") {
		t.Errorf("aerr --k 3 on d = 4: %v\n%s", err, out)
	}
	// the JSON's cap: 3 for aerr at k = 2, none for full information
	for _, c := range []struct {
		solver, k string
		want      float64
	}{{"aerr", "2", 3}, {"ridge", "", 0}} {
		args := []string{"fit", "--data", path, "--target", "y", "--solver", c.solver, "--cv", "3", "--json"}
		if c.k != "" {
			args = append(args, "--k", c.k)
		}
		out, err := runCmd(t, args...)
		var got map[string]any
		if err == nil {
			err = json.Unmarshal([]byte(out), &got)
		}
		if v, _ := got["budget_per_example"].(float64); err != nil || v != c.want {
			t.Errorf("%s: budget_per_example %v, want %v (%v)", c.solver, got["budget_per_example"], c.want, err)
		}
	}
	out, err = runCmd(t, "fit", "--data", path, "--target", "y", "--solver", "screen-ridge", "--k", "2", "--cv", "3")
	if err != nil || strings.Contains(out, "own k") || !strings.Contains(out, "(at most 2 per training example, of the d = 4 here)") {
		t.Errorf("screen-ridge --k 2: %v\n%s", err, out)
	}
}

// The default 5-fold CV on a training part of fewer rows uses as many
// folds as rows, with a note; an explicit --cv above them is an error.
func TestCVFoldsAboveRows(t *testing.T) {
	path := writeTemp(t, "five.csv", "a,b,y\n1,2,3\n2,1,4\n3,5,2\n4,4,8\n5,3,1\n")
	out, err := runCmd(t, "fit", "--data", path, "--target", "y")
	if err != nil || !strings.Contains(out, "cross-validation with 4 folds, not the default 5") {
		t.Errorf("fit on 4 training rows: %v\n%s", err, out)
	}
	wantErr(t, []string{"fit", "--data", path, "--target", "y", "--cv", "5"}, "--cv 5 needs at least 5 training rows; the training part has 4")
	out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--repeat", "2", "--solvers", "aerr", "--quiet")
	if err != nil || !strings.Contains(out, "cross-validation with 4 folds, not the default 5") ||
		!strings.Contains(out, "the fit was the zero predictor (the training mean), which reads no attribute, for aerr (k = 2) on 2 of 2 splits (cross-validation's choice)") {
		t.Errorf("compare on 4 training rows: %v\n%s", err, out)
	}
	wantErr(t, []string{"compare", "--data", path, "--target", "y", "--cv", "5", "--quiet"}, "--cv 5 needs at least 5 training rows; each training part has 4")
}

// A budget above d on some splits only (a column non-zero on one row is
// dropped where that row is in the test part) is said as such, and the
// progress ends at its total.
func TestCompareSkipsSomeSplits(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,y\n")
	rng := lao.NewRand(1)
	for i := range 40 {
		a, rare := rng.Float64(), 0
		if i == 0 {
			rare = 1
		}
		fmt.Fprintf(&b, "%g,%d,%g\n", a, rare, 3*a+0.1*rng.Float64())
	}
	path := writeTemp(t, "rare.csv", b.String())
	var out string
	var err error
	progress := captureStderr(t, func() {
		out, err = runCmd(t, "compare", "--data", path, "--target", "y", "--k", "1,2", "--repeat", "20", "--solvers", "aerr", "--cv", "0")
	})
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`k = 2 ran on (\d+) of 20 splits only`).FindStringSubmatch(out)
	if m == nil || strings.Contains(out, "k = 2 skipped") {
		t.Fatalf("no note on the splits that skipped k = 2:\n%s", out)
	}
	ran, _ := strconv.Atoi(m[1])
	lines := strings.Split(strings.TrimSpace(progress), "\n")
	// k = 1: screen-ridge on the 20 splits, aerr (which reads k + 1, at most
	// d) on the 20 − ran where the rare column was dropped and d = 1; k = 2:
	// aerr and screen-ridge where it ran.
	if want := fmt.Sprintf("[%d/%d]", 40+ran, 40+ran); !strings.Contains(lines[len(lines)-1], want) {
		t.Errorf("last progress line %q, want %s", lines[len(lines)-1], want)
	}
}

// --data - reads standard input, and messages name it so (not "-").
func TestStdinNamedInMessages(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stdin
	os.Stdin = r
	defer func() { os.Stdin = saved; r.Close() }()
	go func() {
		w.WriteString("a,b,y\n1,2,3\n4,x,6\n7,8,9\n")
		w.Close()
	}()
	wantErr(t, []string{"fit", "--data", "-", "--target", "y"}, `standard input: column "b" is numeric`, `(line 3: "x")`)
}
