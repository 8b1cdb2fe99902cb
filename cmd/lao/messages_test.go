package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Issue 18's messages, each checked through the command line.

// Missing cells in two features and the label: every bad column is named,
// the advice to --ignore lists only the features (ignoring the target is
// refused), and nothing suggests filling a label.
func TestMessageNamesEveryBadColumn(t *testing.T) {
	path := writeTemp(t, "m.csv", "a,b,c,y\n1,,3,1\n2,x,,2\n3,4,5,\n4,5,6,3\n5,6,7,4\n")
	_, err := runCmd(t, "fit", "--data", path, "--target", "y")
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{`column "b"`, `column "c"`, `target column "y"`, "--ignore b,c not to use those columns", "a label is never filled"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Contains(msg, "--ignore b,c,y") || strings.Contains(msg, "Missing policy") {
		t.Errorf("advice to ignore the target, or a Go name:\n%s", msg)
	}
	// Only the label missing: no --ignore, no filling, nothing to fix.
	path = writeTemp(t, "l.csv", "a,b,y\n1,2,1\n2,3,\n3,4,2\n4,5,3\n5,6,4\n")
	_, err = runCmd(t, "fit", "--data", path, "--target", "y")
	if err == nil {
		t.Fatal("no error for a missing label")
	}
	if msg := err.Error(); strings.Contains(msg, "--ignore") || strings.Contains(msg, "fill them") || strings.Contains(msg, "not numbers") ||
		!strings.Contains(msg, "dropped by --missing drop-rows or --missing mean") {
		t.Errorf("a missing label's advice:\n%s", msg)
	}
}

// zeroOneCSV is a 300-row table whose label is 0/1.
func zeroOneCSV() string {
	var b strings.Builder
	b.WriteString("a,b,c,y\n")
	rng := lao.NewRand(3)
	for range 300 {
		a, bb, c := rng.Float64(), rng.Float64(), rng.Float64()
		y := 0
		if a+bb > 1 {
			y = 1
		}
		fmt.Fprintf(&b, "%.3f,%.3f,%.3f,%d\n", a, bb, c, y)
	}
	return b.String()
}

// 0/1 labels get the hint to code them ±1 in the streamed fit's notes and
// in compare's JSON and text (not only on its progress output).
func TestZeroOneHintEverywhere(t *testing.T) {
	const hint = "the labels are 0/1: code them as -1/+1"
	path := writeTemp(t, "b.csv", zeroOneCSV())
	for _, mode := range []string{"off", "on"} {
		js, err := runCmd(t, "fit", "--data", path, "--target", "y", "--stream", mode, "--cv", "0", "--json")
		if err != nil {
			t.Fatal(err)
		}
		var rep struct{ Notes []string }
		if err := json.Unmarshal([]byte(js), &rep); err != nil || !strings.Contains(strings.Join(rep.Notes, "\n"), hint) {
			t.Errorf("fit --stream %s: %v, notes %q", mode, err, rep.Notes)
		}
	}
	args := []string{"compare", "--data", path, "--target", "y", "--solvers", "aerr", "--k", "2", "--repeat", "2", "--cv", "0", "--quiet"}
	js, err := runCmd(t, append(args, "--json")...)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Notes []string }
	if err := json.Unmarshal([]byte(js), &rep); err != nil || len(rep.Notes) != 1 || !strings.HasPrefix(rep.Notes[0], hint) {
		t.Errorf("compare --json: %v, notes %q", err, rep.Notes)
	}
	if out, err := runCmd(t, args...); err != nil || !strings.Contains(out, "note: "+hint) {
		t.Errorf("compare's text: %v\n%s", err, out)
	}
}

// Exploitation without a support names the flag that gives it, not only
// Go fields.
func TestExploitationSupportMessage(t *testing.T) {
	path := writeTemp(t, "b.csv", zeroOneCSV())
	wantErr(t, []string{"fit", "--data", path, "--target", "y", "--solver", "exploitation"}, "lao fit --support", "or use hybrid")
}

// A 16-row table warns that it is small, in fit (tuned or not), compare
// and describe; a 300-row one does not.
func TestSmallTableWarning(t *testing.T) {
	small := writeTemp(t, "s.csv", linearCSV(16, -1, ""))
	for _, cv := range []string{"0", "3"} {
		out, err := runCmd(t, "fit", "--data", small, "--target", "y", "--cv", cv)
		if err != nil || !strings.Contains(out, "warning: small table: the test part holds 2 rows") {
			t.Errorf("fit --cv %s: %v\n%s", cv, err, out)
		}
	}
	js, err := runCmd(t, "compare", "--data", small, "--target", "y", "--solvers", "aerr", "--k", "1", "--repeat", "2", "--cv", "0", "--quiet", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct{ Warnings []string }
	if err := json.Unmarshal([]byte(js), &rep); err != nil || !strings.Contains(strings.Join(rep.Warnings, "\n"), "small table: the test part holds 3 rows") {
		t.Errorf("compare: %v, warnings %q", err, rep.Warnings)
	}
	if out, err := runCmd(t, "describe", "--data", small, "--target", "y"); err != nil || !strings.Contains(out, "small table: the test part holds 2 rows") {
		t.Errorf("describe: %v\n%s", err, out)
	}
	// With the last rows held out more splits cannot help: it says so.
	out, err := runCmd(t, "fit", "--data", small, "--target", "y", "--cv", "0", "--test-last")
	if err != nil || !strings.Contains(out, "warning: small test part: 2 of the last rows are held out (fewer than 10), so the test MSE is mostly noise, "+
		"and every split of --test-last tests the same rows: hold out more of the last rows (--test-frac; testFrac in Go)") || strings.Contains(out, "--repeat") {
		t.Errorf("fit --test-last: %v\n%s", err, out)
	}
	large := writeTemp(t, "l.csv", linearCSV(300, -1, ""))
	for _, args := range [][]string{{"fit", "--cv", "0"}, {"describe"}} {
		if out, err := runCmd(t, append(args, "--data", large, "--target", "y")...); err != nil || strings.Contains(out, "small table") {
			t.Errorf("%s, 300 rows: %v\n%s", args[0], err, out)
		}
	}
}

// An "individual" column numbering the rows is flagged in describe's
// column summary and in the warnings of describe, fit and compare, with
// the hint to --ignore it; after --ignore nothing is flagged.
func TestIDLikeColumnWarning(t *testing.T) {
	var b strings.Builder
	b.WriteString("individual,x1,x2,y\n")
	for i := range 60 {
		x1, x2 := float64((i*7)%13)/4, float64((i*5)%9)/3
		fmt.Fprintf(&b, "%d,%.3f,%.3f,%.3f\n", i+1, x1, x2, x1-x2+float64(i%4)/10)
	}
	path := writeTemp(t, "ids.csv", b.String())
	const hint = "column individual looks like an identifier: one distinct integer per row, 1 to 60 with no gap (a row number)"
	out, err := runCmd(t, "describe", "--data", path, "--target", "y")
	if err != nil || !strings.Contains(out, "warning: "+hint) || !strings.Contains(out, "--ignore individual") {
		t.Errorf("describe: %v\n%s", err, out)
	}
	flagged := false
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) > 0 && f[0] == "individual" {
			flagged = f[len(f)-1] == "ID-like"
		}
	}
	if !flagged {
		t.Errorf("describe's column summary does not flag individual:\n%s", out)
	}
	if out, err := runCmd(t, "fit", "--data", path, "--target", "y", "--cv", "0"); err != nil || !strings.Contains(out, "warning: "+hint) {
		t.Errorf("fit: %v\n%s", err, out)
	}
	js, err := runCmd(t, "compare", "--data", path, "--target", "y", "--solvers", "aerr", "--k", "1", "--repeat", "1", "--cv", "0", "--quiet", "--json")
	var rep struct{ Warnings []string }
	if err != nil || json.Unmarshal([]byte(js), &rep) != nil || !strings.Contains(strings.Join(rep.Warnings, "\n"), hint) {
		t.Errorf("compare: %v, warnings %q", err, rep.Warnings)
	}
	if out, err := runCmd(t, "describe", "--data", path, "--target", "y", "--ignore", "individual"); err != nil || strings.Contains(out, "ID-like") || strings.Contains(out, "identifier") {
		t.Errorf("describe --ignore individual: %v\n%s", err, out)
	}
}

// On 20 rows of a weak signal, fit says when the nested check (below
// frames.NestedRows training rows) chose the zero predictor, with what it
// measured, in the text and in the JSON.
func TestNestedCheckMessage(t *testing.T) {
	var b strings.Builder
	b.WriteString("x1,x2,x3,y\n")
	rng := lao.NewRand(11)
	for range 20 {
		x1 := rng.NormFloat64()
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f,%.4f\n", x1, rng.NormFloat64(), rng.NormFloat64(), 0.3*x1+rng.NormFloat64())
	}
	path := writeTemp(t, "noise.csv", b.String())
	said := 0
	for seed := 1; seed <= 12; seed++ {
		args := []string{"fit", "--data", path, "--target", "y", "--solver", "ridge", "--seed", fmt.Sprint(seed)}
		out, err := runCmd(t, args...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "(nested CV) predicted the held-out rows") {
			continue
		}
		said++
		if !strings.Contains(out, "chose the zero predictor (the training mean): tuning and fitting on 5 outer folds") || !strings.Contains(out, "ratio 1.0000") {
			t.Errorf("seed %d:\n%s", seed, out)
		}
		js, err := runCmd(t, append(args, "--json")...)
		var rep struct {
			Nested string `json:"cv_nested_check"`
			Zero   bool   `json:"cv_chose_zero_predictor"`
		}
		if err != nil || json.Unmarshal([]byte(js), &rep) != nil || !rep.Zero || !strings.Contains(rep.Nested, "nested CV") {
			t.Errorf("seed %d, JSON: %v, %+v", seed, err, rep)
		}
	}
	if said == 0 {
		t.Error("the nested check chose the zero predictor on none of 12 splits of a weak-signal table")
	}
	// On a table with a strong signal the check keeps the solver and says so.
	b.Reset()
	b.WriteString("x1,x2,y\n")
	for range 26 {
		x1 := rng.NormFloat64()
		fmt.Fprintf(&b, "%.4f,%.4f,%.4f\n", x1, rng.NormFloat64(), 3*x1+0.3*rng.NormFloat64())
	}
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "signal.csv", b.String()), "--target", "y", "--solver", "ridge", "--json")
	var rep struct {
		Kept string `json:"cv_nested_check_kept_the_solver"`
	}
	if err != nil || json.Unmarshal([]byte(out), &rep) != nil || !strings.Contains(rep.Kept, "nested check (under 30 training rows)") {
		t.Errorf("a kept solver's nested check: %v, %+v", err, rep)
	}
}

// --cv with every tunable parameter set by hand says that CV had nothing
// to choose, not "--cv 5 tunes them" (the new-user trial's boston run
// with --B 4 --eta 0.01 --cv 5).
func TestCVWithNothingToTune(t *testing.T) {
	data := writeTemp(t, "c.csv", linearCSV(200, -1, ""))
	out, err := runCmd(t, "fit", "--data", data, "--target", "y", "--B", "4", "--eta", "0.01", "--cv", "5")
	if err != nil || !strings.Contains(out, "not tuned: --cv 5 had nothing to choose") || strings.Contains(out, "--cv 5 tunes them") {
		t.Errorf("%v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", data, "--target", "y", "--cv", "0")
	if err != nil || !strings.Contains(out, "--cv 5 tunes them") {
		t.Errorf("--cv 0: %v\n%s", err, out)
	}
}

// A constant target is an error whatever the scaling (with --scale none
// fit used to print "ratio NaN" and exit 0).
func TestConstantTargetEveryScaling(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 50 {
		fmt.Fprintf(&b, "%d,%d,5\n", i%7, i%3)
	}
	data := writeTemp(t, "const.csv", b.String())
	for _, scale := range []string{"auto", "none"} {
		_, err := runCmd(t, "fit", "--data", data, "--target", "y", "--scale", scale)
		if err == nil || !strings.Contains(err.Error(), `target column "y" is constant`) {
			t.Errorf("--scale %s: %v", scale, err)
		}
	}
}

// A row whose every feature cell is empty gets the drop-rows and mean
// advice, not "--ignore" with every feature (which leaves none); with one
// feature left, --ignore is offered.
func TestNoIgnoreAdviceForEveryColumn(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,c,d,y\n")
	for i := range 30 {
		fmt.Fprintf(&b, "%d,%d,%d,%d,%d\n", i%7, i%5, i%3, i%4, i)
	}
	b.WriteString(",,,,31\n")
	_, err := runCmd(t, "fit", "--data", writeTemp(t, "blank.csv", b.String()), "--target", "y")
	if err == nil || strings.Contains(err.Error(), "--ignore") || !strings.Contains(err.Error(), "--missing drop-rows") {
		t.Errorf("%v", err)
	}
	// With a feature left (e), ignoring the four is still offered.
	b.Reset()
	b.WriteString("a,b,c,d,e,y\n")
	for i := range 30 {
		fmt.Fprintf(&b, "%d,%d,%d,%d,%d,%d\n", i%7, i%5, i%3, i%4, i%6, i)
	}
	b.WriteString(",,,,5,31\n")
	_, err = runCmd(t, "fit", "--data", writeTemp(t, "blank4.csv", b.String()), "--target", "y")
	if err == nil || !strings.Contains(err.Error(), "--ignore a,b,c,d") {
		t.Errorf("four of five features: %v", err)
	}
}

// labelNote hints at labels that look like classes or category codes, and
// says nothing for amounts.
func TestLabelNote(t *testing.T) {
	for _, c := range []struct {
		y    []float64
		want string
	}{
		{[]float64{0, 1, 1, 0}, "the labels are 0/1"},
		{[]float64{1, 2, 2, 1}, "two values, 1 and 2: code them as -1/+1"},
		{[]float64{-1, 1, 1}, ""},
		{[]float64{1, 4, 2, 3, 3, 1, 2, 4}, "only 4 integer values (1 to 4): if they code categories"},
		{[]float64{1, 4, 2, 3, 3}, ""},                                        // 4 values on 5 rows: too few repeats to look like codes
		{[]float64{60, 913, 78, 211, 98, 117, 102, 312}, ""},                  // statsmodels' china_smoking: 8 distinct counts on 8 rows
		{[]float64{1, 1, 2, 3, 1, 11, 5, 37, 2, 1, 14, 3, 1, 2, 1, 1, 3}, ""}, // statsmodels' cpunish: 7 values from 1 to 37, a skewed count
		{[]float64{1.5, 2, 3}, ""},
		{[]float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10}, ""}, // 11 values: counts, not codes
		{[]float64{1, 1, 1}, ""},
	} {
		if got := labelNote(c.y); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("labelNote(%v) = %q, want %q", c.y, got, c.want)
		}
	}
}

// One label holding most of the labels' sum of squares (a school district
// 40 times the others' mean) is named: every split's MSE hangs on its row.
// Ordinary labels and a small table's largest one are not.
func TestExtremeLabelNote(t *testing.T) {
	line := func(i int) string { return fmt.Sprintf("line %d", i+2) }
	rng := lao.NewRand(2)
	y := make([]float64, 300)
	for i := range y {
		y[i] = 800 + 100*rng.NormFloat64()
	}
	if n := extremeLabelNote(y, line, -1); n != "" {
		t.Errorf("normal labels: %s", n)
	}
	y[17] = 38852
	if n := extremeLabelNote(y, line, -1); !strings.Contains(n, "one label, 38852 (line 19), holds 99 %") || !strings.Contains(n, "(its logarithm)") {
		t.Errorf("one extreme label: %q", n)
	}
	// temperatures near 22 with one at 30 (statsmodels' elnino): no
	// logarithm suggested for labels that are not skewed amounts
	temps := make([]float64, 60)
	for i := range temps {
		temps[i] = 22 + 0.2*rng.NormFloat64()
	}
	temps[5] = 30
	if n := extremeLabelNote(temps, line, -1); !strings.Contains(n, "one label, 30 (line 7), holds") || strings.Contains(n, "logarithm") {
		t.Errorf("temperatures: %q", n)
	}
	// With the last rows held out (--test-last) there is one split: the
	// note says which part the row is in, not "every split" (elnino's
	// line 49 is a training row there).
	if n := extremeLabelNote(temps, line, 48); !strings.Contains(n, "it is a training row (--test-last), and pulls the training mean") || strings.Contains(n, "split") {
		t.Errorf("temperatures, the last 12 rows held out: %q", n)
	}
	if n := extremeLabelNote(temps, line, 5); !strings.Contains(n, "it is a test row (--test-last), and the test MSE, the zero predictor's included, depends mostly on it") {
		t.Errorf("temperatures, rows from 5 on held out: %q", n)
	}
	small := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 30} // 30 holds 56 %, below 10/m = 100 %
	if n := extremeLabelNote(small, line, -1); n != "" {
		t.Errorf("ten labels: %s", n)
	}
	var b strings.Builder
	b.WriteString("x,y\n")
	for i, v := range y {
		fmt.Fprintf(&b, "%d,%g\n", i%7, v)
	}
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "e.csv", b.String()), "--target", "y", "--solver", "ridge", "--cv", "0")
	if err != nil || !strings.Contains(out, "note: one label, 38852") {
		t.Errorf("fit on a table with one extreme label: %v\n%s", err, out)
	}
}

// An output flag naming an input file is refused before anything is
// written: the input is intact afterwards.
func TestOutputIsNotAnInput(t *testing.T) {
	text := linearCSV(60, -1, "")
	data := writeTemp(t, "d.csv", text)
	model := writeTemp(t, "m.json", "")
	if _, err := runCmd(t, "fit", "--data", data, "--target", "y", "--solver", "ridge", "--cv", "0", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	modelText, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", data, "--out", data}, "--out "+data+" is the file that --data reads")
	wantErr(t, []string{"predict", "--model", model, "--data", data, "--out", model}, "is the file that --model reads")
	wantErr(t, []string{"fit", "--data", data, "--target", "y", "--save-model", data}, "--save-model "+data+" is the file that --data reads")
	wantErr(t, []string{"compare", "--data", data, "--target", "y", "--splits", data}, "--splits "+data+" is the file that --data reads")
	// An output in a directory that does not exist, before any work.
	nodir := filepath.Join(t.TempDir(), "nodir", "m.json")
	wantErr(t, []string{"fit", "--data", data, "--target", "y", "--save-model", nodir}, "--save-model "+nodir+": the directory "+filepath.Dir(nodir)+" does not exist")
	wantErr(t, []string{"compare", "--data", data, "--target", "y", "--splits", nodir}, "--splits "+nodir+": the directory")
	wantErr(t, []string{"predict", "--model", model, "--data", data, "--out", nodir}, "--out "+nodir+": the directory")
	if got, err := os.ReadFile(data); err != nil || string(got) != text {
		t.Errorf("the data file changed: %v", err)
	}
	if got, err := os.ReadFile(model); err != nil || string(got) != string(modelText) {
		t.Errorf("the model file changed: %v", err)
	}
}

// One new row with an empty cell in a column the model reads is predicted
// under --missing mean (the training mean, with a warning), and refused
// with that hint without it.
func TestPredictEmptyColumnFilled(t *testing.T) {
	model := writeTemp(t, "m.json", "")
	if _, err := runCmd(t, "fit", "--data", writeTemp(t, "d.csv", linearCSV(100, -1, "")), "--target", "y", "--solver", "ridge", "--cv", "0", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	one := writeTemp(t, "one.csv", "a,b,y\n1.5,,\n")
	var out string
	var err error
	stderr := captureStderr(t, func() { out, err = runCmd(t, "predict", "--model", model, "--data", one, "--missing", "mean") })
	if err != nil || !strings.HasPrefix(out, "line,prediction,y,flags\n2,") || !strings.HasSuffix(out, ",filled: b\n") ||
		!strings.Contains(stderr, `"b", which the model reads, has no value in any row`) {
		t.Errorf("one row, b empty, --missing mean: %v\n%s\n%s", err, out, stderr)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", one}, `column "b"`, "or --missing mean")
}

// A fit above the zero predictor, or within 5 % of it, is warned of, with
// the advice to cross-validate when nothing was.
func TestNearZeroWarning(t *testing.T) {
	near := frames.Scores{N: 10, MSE: 0.98, ZeroMSE: 1}
	if w := zeroWarning(near, 0); !strings.Contains(w, "(ratio 0.980): it has learned little; parameters not given took the theorems' worst-case values: cross-validate them (--cv 5); lao compare") {
		t.Errorf("near the zero predictor, no CV: %q", w)
	}
	if w := zeroWarning(near, 5); !strings.Contains(w, "learned little") || strings.Contains(w, "--cv") {
		t.Errorf("near the zero predictor, 5 folds: %q", w)
	}
	if w := zeroWarning(frames.Scores{N: 10, MSE: 0.9, ZeroMSE: 1}, 0); w != "" { // far below it
		t.Errorf("ratio 0.9: %q", w)
	}
	// above it: the same advice (the README promised it; only the near case had it)
	if w := zeroWarning(frames.Scores{N: 10, MSE: 1.18, ZeroMSE: 1}, 0); !strings.Contains(w, "predicting the training mean does better; parameters not given took the theorems' worst-case values: cross-validate them (--cv 5)") {
		t.Errorf("ratio 1.18, no CV: %q", w)
	}
}

// predict with 0/1 labels for a model fitted on ±1 labels says so (the MSE
// against the wrong coding was printed without a word, the classification
// error dropped).
func TestPredictZeroOneLabelsForPlusMinusModel(t *testing.T) {
	zeroOne := zeroOneCSV()
	pm := strings.NewReplacer(",0\n", ",-1\n").Replace(zeroOne)
	model := filepath.Join(t.TempDir(), "m.json")
	if _, err := runCmd(t, "fit", "--data", writeTemp(t, "pm.csv", pm), "--target", "y", "--solver", "ridge", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	const warning = "predict: warning: the model was fitted on labels −1/+1 and the y column holds 0/1"
	for _, c := range []struct {
		name, text string
		warn       bool
	}{{"0/1", zeroOne, true}, {"±1", pm, false}} {
		var err error
		printed := captureStderr(t, func() {
			_, err = runCmd(t, "predict", "--model", model, "--data", writeTemp(t, "new.csv", c.text))
		})
		if err != nil || strings.Contains(printed, warning) != c.warn || strings.Contains(printed, ", classification error 0.") == c.warn {
			t.Errorf("%s labels: %v\n%s", c.name, err, printed)
		}
	}
}

// On uncentred ±1 labels (a named data set such as mnist:3v5) the zero
// predictor predicts 0 and misses every row: fit says so instead of
// calling it the majority class (an error of 1.0000 was printed as "every
// row the training part's majority class").
func TestZeroClassErrorUncentred(t *testing.T) {
	ce, one, third := jfloat(0.2), jfloat(1), jfloat(1.0/3)
	for _, c := range []struct {
		intercept bool
		zero      *jfloat
		want      string
	}{
		{false, &one, "zero predictor 1.0000 (it predicts 0, no class, and misses every row)"},
		{true, &third, "zero predictor 0.3333 (every row the training part's majority class)"},
	} {
		var b strings.Builder
		if err := printFit(&b, &fitReport{Solver: "aerr", D: 3, K: 2, ClassErr: &ce, ZeroClassErr: c.zero, HasIntercept: c.intercept}); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), c.want) {
			t.Errorf("intercept %v:\n%s", c.intercept, b.String())
		}
	}
}

// describe says "the rho ratios are 1" only when they are: with filled
// cells (described on every row) they are near 1, and the note gives the
// figure (it contradicted the table's 0.9887 on Pima).
func TestDescribeStandardisedRhoNote(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,c,y\n")
	rng := lao.NewRand(5)
	for i := range 200 {
		a, c := fmt.Sprint(100*rng.Float64()), fmt.Sprint(rng.Float64())
		if i%3 == 0 {
			a = "" // a third of a's cells missing, filled with the training mean
		}
		fmt.Fprintf(&b, "%s,%g,%s,%g\n", a, 5*rng.NormFloat64(), c, rng.NormFloat64())
	}
	out, err := runCmd(t, "describe", "--data", writeTemp(t, "m.csv", b.String()), "--target", "y", "--missing", "mean", "--solver", "aerr")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "standardised columns have nearly the same second moment") || strings.Contains(out, "so the rho ratios are 1 ") {
		t.Errorf("describe with filled cells:\n%s", out)
	}
}
