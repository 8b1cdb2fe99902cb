package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// A number written another way outside the model's columns (the label, an
// unused column) does not stop predict; in a column the model reads it does.
func TestPredictNumberLikeOutsideModel(t *testing.T) {
	train := writeTemp(t, "train.csv", linearCSV(200, -1, ""))
	model := writeTemp(t, "m.json", "")
	if _, err := runCmd(t, "fit", "--data", train, "--target", "y", "--solver", "ridge", "--cv", "0", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	rows := strings.Split(linearCSV(30, -1, ""), "\n")
	f := strings.Split(rows[3], ",")
	f[len(f)-1] = `"1,5"` // the label of line 4
	rows[3] = strings.Join(f, ",")
	if out, err := runCmd(t, "predict", "--model", model, "--data", writeTemp(t, "new.csv", strings.Join(rows, "\n"))); err != nil {
		t.Errorf("a number-like label: %v\n%s", err, out)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", writeTemp(t, "bad.csv", linearCSV(30, 5, "1,5"))}, `column "a"`, "decimal comma")
}

// The advice for a number-like label does not tell to --ignore it (which
// is refused for the target).
func TestNumberLikeTargetAdvice(t *testing.T) {
	rows := strings.Split(linearCSV(60, -1, ""), "\n")
	f := strings.Split(rows[3], ",")
	f[len(f)-1] = `"1,5"`
	rows[3] = strings.Join(f, ",")
	_, err := runCmd(t, "fit", "--data", writeTemp(t, "y.csv", strings.Join(rows, "\n")), "--target", "y")
	if err == nil || !strings.Contains(err.Error(), `column "y" has 1 number such as "1,5"`) || strings.Contains(err.Error(), "--ignore") || strings.Contains(err.Error(), "leave the column out") {
		t.Errorf("a number-like label: %v", err)
	}
}

// Only a k taken from a cost budget is said to be; the sparse solvers
// report their k as a parameter of their own.
func TestTunedParamsNoFalseBudgetK(t *testing.T) {
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "l.csv", linearCSV(300, -1, "")), "--target", "y", "--solver", "exploration", "--k", "2", "--s", "1")
	if err != nil || strings.Contains(out, "cost budget pays for") {
		t.Errorf("exploration without prices: %v\n%s", err, out)
	}
}

// compare --costs without --k on a table of fewer than lao.DefaultK
// attributes runs at k = d (as fit), instead of failing on k = 4 > d.
func TestCompareCostsSmallTable(t *testing.T) {
	data := writeTemp(t, "two.csv", linearCSV(200, -1, ""))
	costs := writeTemp(t, "c.csv", "a,1\nb,5\n")
	if out, err := runCmd(t, "compare", "--data", data, "--target", "y", "--costs", costs, "--solvers", "aerr", "--repeat", "1", "--cv", "0", "--quiet"); err != nil {
		t.Errorf("compare --costs on d = 2: %v\n%s", err, out)
	}
}

// --decimal , reads a table written with decimal commas (semicolons between
// fields) exactly as the same table written with points: the same fit,
// the same predictions; it is refused where numbers are not text.
func TestDecimalComma(t *testing.T) {
	points := linearCSV(120, -1, "")
	commas := strings.NewReplacer(",", ";", ".", ",").Replace(points)
	a := writeTemp(t, "points.csv", points)
	b := writeTemp(t, "commas.csv", commas)
	fit := []string{"fit", "--target", "y", "--solver", "ridge", "--cv", "0"}
	want, err := runCmd(t, append(fit, "--data", a)...)
	if err != nil {
		t.Fatal(err)
	}
	got, err := runCmd(t, append(fit, "--data", b, "--decimal", ",")...)
	if err != nil {
		t.Fatal(err)
	}
	if g, w := results(got), results(want); g != w || !strings.Contains(w, "test MSE") {
		t.Errorf("--decimal , fit differs from the fit of the same table written with points:\n%s\nwant\n%s", g, w)
	}
	wantErr(t, []string{"fit", "--data", b, "--target", "y"}, `column "a"`, "--decimal ,")
	wantErr(t, []string{"fit", "--data", b, "--target", "y", "--decimal", ";"}, `--decimal ";": want . or ,`)
	wantErr(t, []string{"fit", "--data", "mnist:3v5", "--decimal", ","}, "--decimal", "not a CSV file")

	// --thousands: the same table with its integers grouped (1.234) and its
	// decimals after a comma, or grouped by commas before a decimal point.
	grouped := strings.NewReplacer(",7,", ";7.000;", ",", ";", ".", ",").Replace(points)
	c := writeTemp(t, "grouped.csv", grouped)
	if got, err := runCmd(t, append(fit, "--data", c, "--decimal", ",", "--thousands", ".")...); err != nil || results(got) != results(want) {
		t.Errorf("--decimal , --thousands .: %v\n%s\nwant\n%s", err, results(got), results(want))
	}
	wantErr(t, []string{"fit", "--data", c, "--target", "y", "--decimal", ","}, `"7.000"`, "a point between thousands, or a decimal point?")
	wantErr(t, []string{"fit", "--data", c, "--target", "y", "--decimal", ",", "--thousands", ","}, `--thousands ",": it is the decimal mark`)
	wantErr(t, []string{"fit", "--data", c, "--target", "y", "--thousands", "_"}, `--thousands "_": want`)
}

// results keeps the lines of fit's report that hold its numbers: the test
// error and the coefficients (not the file name or the time taken).
func results(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "test MSE") || strings.HasPrefix(l, "(intercept)") || strings.HasPrefix(l, "a ") || strings.HasPrefix(l, "b ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// A saved model keeps the number marks of its training table: predict
// reads a file written the same way without the flags, and says so; a
// point-decimal file is refused cell by cell (not misread) until
// --decimal . says how it is written, with a note that the marks differ.
func TestPredictNumberMarks(t *testing.T) {
	points := linearCSV(120, -1, "")
	grouped := strings.NewReplacer(",7,", ";7.000;", ",", ";", ".", ",").Replace(points)
	a := writeTemp(t, "points.csv", points)
	c := writeTemp(t, "grouped.csv", grouped)
	model := writeTemp(t, "m.json", "")
	if _, err := runCmd(t, "fit", "--data", c, "--target", "y", "--solver", "ridge", "--cv", "0",
		"--decimal", ",", "--thousands", ".", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	var want, got string
	var err error
	stderr := captureStderr(t, func() { want, err = runCmd(t, "predict", "--model", model, "--data", a, "--decimal", ".") })
	if err != nil || !strings.Contains(stderr, "this file is read with --decimal .; the model's training table with --decimal , --thousands .") {
		t.Errorf("predict --decimal . on a point-decimal file: %v\n%s", err, stderr)
	}
	stderr = captureStderr(t, func() { got, err = runCmd(t, "predict", "--model", model, "--data", c) })
	if err != nil || got != want || !strings.Contains(stderr, "numbers read with the model's marks, --decimal , --thousands .") {
		t.Errorf("predict without the flags on the training table's format: %v\n%s\n%s\nwant\n%s", err, stderr, got, want)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", a}, `column "a"`, "numbers read with the model's marks")
	// A label written with a decimal point in that file is not a number as
	// the file is read (it was read as 3.14 while 6.480 in the same column
	// was 6480): its row is predicted, not scored.
	rows := strings.Split(grouped, "\n")
	f := strings.Split(rows[5], ";")
	f[len(f)-1] = "3.14"
	rows[5] = strings.Join(f, ";")
	stderr = captureStderr(t, func() {
		_, err = runCmd(t, "predict", "--model", model, "--data", writeTemp(t, "label.csv", strings.Join(rows, "\n")))
	})
	if err != nil || !strings.Contains(stderr, `label column "y": not a number as the file is read, in 1 cell ("3.14" on line 6)`) {
		t.Errorf("a label with a decimal point in a file read with decimal commas: %v\n%s", err, stderr)
	}
	// A comma-separated file of points read with the model's decimal comma
	// (1.500 is then 1500) is warned of.
	commaFile := writeTemp(t, "comma.csv", "a,b,y\n1.500,1.250,13.000\n2.750,1.125,15.000\n")
	stderr = captureStderr(t, func() { _, err = runCmd(t, "predict", "--model", model, "--data", commaFile) })
	if err != nil || !strings.Contains(stderr, "warning: this file separates its fields with commas, where a decimal comma must be quoted") {
		t.Errorf("a comma-separated file read with the model's decimal comma: %v\n%s", err, stderr)
	}
	// A model saved before the marks were recorded says nothing of them.
	saved, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`,\s*"(decimal|thousands)": "[^"]*"`).ReplaceAllString(string(saved), "")
	if old == string(saved) {
		t.Fatal("no marks in the saved model")
	}
	oldModel := writeTemp(t, "old.json", old)
	stderr = captureStderr(t, func() {
		got, err = runCmd(t, "predict", "--model", oldModel, "--data", c, "--decimal", ",", "--thousands", ".")
	})
	if err != nil || got != want || strings.Contains(stderr, "the model's") {
		t.Errorf("a model without recorded marks: %v\n%s", err, stderr)
	}
	// One flag given: the other still comes from the model.
	stderr = captureStderr(t, func() { got, err = runCmd(t, "predict", "--model", model, "--data", c, "--thousands", ".") })
	if err != nil || got != want || !strings.Contains(stderr, "numbers read with the model's marks") {
		t.Errorf("predict --thousands . alone: %v\n%s", err, stderr)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", c, "--decimal", "."}, "this file is read with --decimal .; the model's training table with --decimal , --thousands .")
}

// predict warns about rows far outside the training range of a column the
// model reads (here a = 2500 where training had [0, 4)), naming the line.
func TestPredictFarOutsideRange(t *testing.T) {
	model := writeTemp(t, "m.json", "")
	if _, err := runCmd(t, "fit", "--data", writeTemp(t, "train.csv", linearCSV(200, -1, "")), "--target", "y",
		"--solver", "ridge", "--cv", "0", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	far := writeTemp(t, "far.csv", linearCSV(20, 3, "2500"))
	var out string
	var err error
	stderr := captureStderr(t, func() { out, err = runCmd(t, "predict", "--model", model, "--data", far) })
	if err != nil || !strings.Contains(stderr, `warning: values outside the training range in "a": 1 of 20 rows beyond it by more than its width (2500 on line 5;`) {
		t.Errorf("predict on a row far outside the training range: %v\n%s", err, stderr)
	}
	// The row is marked in the output, and only it.
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if lines[0] != "line,prediction,y,flags" || !strings.HasSuffix(lines[4], ",outside training range: a") ||
		strings.Count(out, "outside") != 1 || strings.Contains(stderr, "records no training ranges") {
		t.Errorf("the flags column of a row far outside the training range:\n%s", out)
	}
	stderr = captureStderr(t, func() {
		out, err = runCmd(t, "predict", "--model", model, "--data", writeTemp(t, "near.csv", linearCSV(20, -1, "")))
	})
	if err != nil || strings.Contains(stderr, "outside") || strings.Contains(out, "flags") {
		t.Errorf("predict on rows like the training rows: %v\n%s\n%s", err, out, stderr)
	}
	// A model saved without ranges says that it cannot look for such rows.
	saved, err := os.ReadFile(model)
	if err != nil {
		t.Fatal(err)
	}
	old := regexp.MustCompile(`,\s*"(min|max)": \[[^]]*\]`).ReplaceAllString(string(saved), "")
	if old == string(saved) {
		t.Fatal("no ranges in the saved model")
	}
	stderr = captureStderr(t, func() { out, err = runCmd(t, "predict", "--model", writeTemp(t, "old.json", old), "--data", far) })
	if err != nil || strings.Contains(stderr, "outside the training range") || strings.Contains(out, "flags") ||
		!strings.Contains(stderr, "the model file records no training ranges (scaling.min and scaling.max") {
		t.Errorf("a model without ranges: %v\n%s\n%s", err, out, stderr)
	}
	// One of the two without the other is refused by its name.
	half := regexp.MustCompile(`,\s*"max": \[[^]]*\]`).ReplaceAllString(string(saved), "")
	wantErr(t, []string{"predict", "--model", writeTemp(t, "half.json", half), "--data", far}, "scaling.min and scaling.max go together")
}

// describe lists standardised columns (equal second moments but for
// rounding) in the file's order and says why, not in an order of rounding
// errors under a "by second moment" title.
func TestDescribeEqualMomentsInFileOrder(t *testing.T) {
	out, err := runCmd(t, "describe", "--data", writeTemp(t, "l.csv", linearCSV(200, -1, "")), "--target", "y")
	if err != nil {
		t.Fatal(err)
	}
	i, j := strings.Index(out, "\n       a "), strings.Index(out, "\n       b ")
	if !strings.Contains(out, "columns in file order (as the solver sees them, their second moments E[x_j²] are equal)") || i < 0 || j < i {
		t.Errorf("describe of standardised columns:\n%s", out)
	}
}

// A feature value 100 times its column's range (a typo, another unit) is
// noted by describe and fit, naming the column and the value.
func TestFeatureOutlierNote(t *testing.T) {
	data := writeTemp(t, "o.csv", linearCSV(200, 7, "400"))
	for _, cmd := range []string{"describe", "fit"} {
		out, err := runCmd(t, cmd, "--data", data, "--target", "y", "--cv", "0")
		if cmd == "describe" {
			out, err = runCmd(t, cmd, "--data", data, "--target", "y")
		}
		if err != nil || !strings.Contains(out, "column a: one training value, 400, holds") || strings.Contains(out, "column b: one training value") {
			t.Errorf("%s: %v\n%s", cmd, err, out)
		}
	}
	if out, err := runCmd(t, "describe", "--data", writeTemp(t, "l.csv", linearCSV(200, -1, "")), "--target", "y"); err != nil || strings.Contains(out, "one training value") {
		t.Errorf("describe without an outlier: %v\n%s", err, out)
	}
}

// --no-header: a headerless file's columns are column1 … columnN; the fit
// equals the fit of the same file with that header line; a saved model
// remembers it, and predict reads a headerless file so without the flag.
func TestNoHeader(t *testing.T) {
	text := linearCSV(120, -1, "")
	body := text[strings.IndexByte(text, '\n')+1:]
	bare := writeTemp(t, "bare.csv", body)
	named := writeTemp(t, "named.csv", "column1,column2,column3,column4,column5,column6\n"+body)
	model := writeTemp(t, "m.json", "")
	got, err := runCmd(t, "fit", "--data", bare, "--no-header", "--target", "column6", "--solver", "ridge", "--cv", "0", "--save-model", model)
	if err != nil {
		t.Fatal(err)
	}
	want, err := runCmd(t, "fit", "--data", named, "--target", "column6", "--solver", "ridge", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	coef := func(s string) string { return s[strings.Index(s, "(intercept)"):] }
	if !strings.Contains(got, "column2 ") || coef(got) != coef(want) {
		t.Errorf("fit --no-header:\n%s\nwith the header line:\n%s", got, want)
	}
	var p1, p2 string
	stderr := captureStderr(t, func() { p1, err = runCmd(t, "predict", "--model", model, "--data", bare) })
	if err != nil || !strings.Contains(stderr, "read without a header line") {
		t.Errorf("predict on a headerless file with a --no-header model: %v\n%s", err, stderr)
	}
	// The same predictions, the file lines one apart.
	values := func(s string) string { return regexp.MustCompile(`(?m)^\d+,`).ReplaceAllString(s, "") }
	if p2, err = runCmd(t, "predict", "--model", model, "--data", named, "--no-header=false"); err != nil || values(p1) != values(p2) || p1 == p2 {
		t.Errorf("predict --no-header=false on the file with the header: %v\n%.200s\nwant\n%.200s", err, p2, p1)
	}
	wantErr(t, []string{"fit", "--data", "mnist:3v5", "--no-header"}, "--no-header", "not a CSV file")
	wantErr(t, []string{"predict", "--model", model, "--data", writeTemp(t, "t.svm", "1 1:2\n"), "--no-header"}, "--no-header", "not a CSV file")
	// Named by their place: a file with other columns than the training
	// file's is refused, but for the label when it was the last.
	cut := func(from, to int) string {
		var b strings.Builder
		for line := range strings.Lines(body) {
			f := strings.Split(strings.TrimSpace(line), ",")
			b.WriteString(strings.Join(slices.Delete(f, from, to), ",") + "\n")
		}
		return b.String()
	}
	wantErr(t, []string{"predict", "--model", model, "--data", writeTemp(t, "less.csv", cut(2, 4))}, "has 4 columns and the model's training file had 6", "shifts every name")
	if _, err := runCmd(t, "predict", "--model", model, "--data", writeTemp(t, "nolabel.csv", cut(5, 6))); err != nil {
		t.Errorf("predict on the headerless file without its label, the last column: %v", err)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", writeTemp(t, "headed.csv", text), "--no-header=false"}, "fitted on a file without a header line")
	wantErr(t, []string{"fit", "--data", bare, "--target", "y"}, "line 1 looks like data", "--no-header")
}

// --skip-lines: a file whose header follows a line of counts (as
// scikit-learn's bundled files) fits as the file without it; predict skips
// its own file's lines and names the file's own lines; the flag is refused
// for what is not a CSV file, and a negative count.
func TestSkipLinesFlag(t *testing.T) {
	text := linearCSV(120, -1, "")
	plain := writeTemp(t, "plain.csv", text)
	counted := writeTemp(t, "counted.csv", "120,5,,,,\n"+text)
	model := writeTemp(t, "m.json", "")
	got, err := runCmd(t, "fit", "--data", counted, "--skip-lines", "1", "--target", "y", "--solver", "ridge", "--cv", "0", "--save-model", model)
	if err != nil {
		t.Fatal(err)
	}
	want, err := runCmd(t, "fit", "--data", plain, "--target", "y", "--solver", "ridge", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	coef := func(s string) string { return s[strings.Index(s, "(intercept)"):] }
	if coef(got) != coef(want) {
		t.Errorf("fit --skip-lines 1:\n%s\nwithout the line:\n%s", got, want)
	}
	p1, err := runCmd(t, "predict", "--model", model, "--data", counted, "--skip-lines", "1")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := runCmd(t, "predict", "--model", model, "--data", plain)
	values := func(s string) string { return regexp.MustCompile(`(?m)^\d+,`).ReplaceAllString(s, "") }
	if err != nil || values(p1) != values(p2) || !strings.Contains(p1, "\n3,") || strings.Contains(p1, "\n2,") {
		t.Errorf("predict --skip-lines 1 (rows from file line 3 on):\n%.200s\nwithout the line:\n%.200s", p1, p2)
	}
	wantErr(t, []string{"fit", "--data", counted, "--target", "y"}, "line 1 looks like the line of counts", "(120 rows, 5 features)", "--skip-lines 1")
	wantErr(t, []string{"predict", "--model", model, "--data", counted}, "has none of the columns the model reads", "line of counts", "--skip-lines")
	wantErr(t, []string{"predict", "--model", model, "--data", plain, "--skip-lines", "1"}, "its header looks like data", "skip fewer lines")
	wantErr(t, []string{"fit", "--data", "mnist:3v5", "--skip-lines", "1"}, "--skip-lines", "not a CSV file")
	// Without --target, the error lists the columns to choose from (and the count line as such).
	wantErr(t, []string{"describe", "--data", counted, "--skip-lines", "1"}, "--target is required", "name the label among its 4 numeric columns", `"y"`, "name (text)")
	wantErr(t, []string{"fit", "--data", counted}, "--target is required", "line 1 looks like the line of counts", "--skip-lines 1")
	wantErr(t, []string{"fit", "--data", plain, "--target", "y", "--skip-lines", "-1"}, "--skip-lines -1", "0 or more")
}

// The JSON reports record how the file was read where that was not the
// default (--skip-lines, --no-header, --decimal, --thousands), and say
// nothing of it where it was.
func TestReportsRecordReading(t *testing.T) {
	text := linearCSV(120, -1, "")
	plain := writeTemp(t, "plain.csv", text)
	counted := writeTemp(t, "counted.csv", "120,5,,,,\n"+text)
	reading := func(args ...string) *readingReport {
		t.Helper()
		out, err := runCmd(t, append(args, "--json")...)
		if err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Reading *readingReport `json:"csv_reading"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		return rep.Reading
	}
	for _, cmd := range [][]string{
		{"fit", "--solver", "ridge", "--cv", "0"},
		{"fit", "--solver", "ridge", "--cv", "0", "--stream", "on"},
		{"describe"},
		{"compare", "--solvers", "ridge", "--repeat", "1", "--cv", "0"},
	} {
		if got := reading(append(cmd, "--data", counted, "--skip-lines", "1", "--target", "y")...); got == nil || *got != (readingReport{SkipLines: 1}) {
			t.Errorf("%v --skip-lines 1: reading %+v, want skip_lines 1 alone", cmd, got)
		}
		if got := reading(append(cmd, "--data", plain, "--target", "y")...); got != nil {
			t.Errorf("%v read by default: reading %+v, want none", cmd, *got)
		}
	}
	// A headerless table of decimal commas between semicolons.
	var dc strings.Builder
	comma := func(v float64) string { return strings.Replace(fmt.Sprintf("%.2f", v), ".", ",", 1) }
	for i := range 60 {
		a, b := float64(i%7)+0.5, float64(i%5)/4
		fmt.Fprintf(&dc, "%s;%s;%s\n", comma(a), comma(b), comma(2*a-b+0.25*float64(i%3)))
	}
	marks := writeTemp(t, "marks.csv", dc.String())
	want := readingReport{NoHeader: true, Decimal: ",", Thousands: "."}
	if got := reading("fit", "--solver", "ridge", "--cv", "0", "--data", marks, "--no-header", "--decimal", ",", "--thousands", ".", "--target", "column3"); got == nil || *got != want {
		t.Errorf("--no-header --decimal , --thousands .: reading %+v, want %+v", got, want)
	}
}

// Without --target, a file that does not read yet (scikit-learn's layout:
// a line of counts narrower than the rows) gets the read's own error and
// hint first; a wide headerless table's list of columns names its last.
func TestTargetRequiredAdvice(t *testing.T) {
	var b strings.Builder
	b.WriteString("40,24,no,yes\n")
	for i := range 40 {
		for j := range 25 {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, "%d", (i*7+j*3)%11)
		}
		b.WriteByte('\n')
	}
	wide := writeTemp(t, "wide.csv", b.String())
	wantErr(t, []string{"fit", "--data", wide}, "line 2 has 25 fields, the header has 4", "--skip-lines 1", "--target is also required")
	wantErr(t, []string{"fit", "--data", wide, "--skip-lines", "1", "--no-header"}, "--target is required", "among its 25 numeric columns", `and 5 more (the file's last column is "column25")`)
	// A first line of data without --no-header is named as such.
	wantErr(t, []string{"fit", "--data", writeTemp(t, "nh.csv", "5,9,2\n1,2,3\n4,5,6\n")}, "--target is required", "line 1 looks like data", "--no-header")
	// A failure that is not the file's layout is the error, alone.
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"describe", "--data", filepath.Join(t.TempDir(), "none.csv")}, "none.csv"},
		{[]string{"describe", "--data", writeTemp(t, "p.csv", linearCSV(30, -1, "")), "--ignore", "zz"}, "zz"},
		// not hidden by the column list, which is read with --missing mean
		{[]string{"fit", "--data", writeTemp(t, "q.csv", linearCSV(30, -1, "")), "--missing", "foo"}, `missing-value policy "foo"`},
	} {
		_, err := runCmd(t, c.args...)
		if err == nil || strings.Contains(err.Error(), "also required") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want the read's error (%s) without the --target line", c.args, err, c.want)
		}
	}
}
