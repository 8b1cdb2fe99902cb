package main

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// describe --json carries the column summary the text lists, by name
// (a new user found no column name in it, only the transform's arrays):
// --columns of them, in the order columns_order says, the others named;
// the raw mean and range agree with the data, and the flag with the
// columns that look like identifiers.
func TestDescribeJSONColumns(t *testing.T) {
	var b strings.Builder // a in [0, 4), b in [−1, 1), id a row number
	b.WriteString("a,b,id,y\n")
	rng := lao.NewRand(3)
	for i := range 200 {
		a, bb := rng.Float64()*4, rng.Float64()*2-1
		fmt.Fprintf(&b, "%g,%g,%d,%g\n", a, bb, i+1, 3*a-2*bb+rng.NormFloat64())
	}
	data := writeTemp(t, "ids.csv", b.String())
	for _, c := range []struct {
		cols   string
		listed int
	}{{"10", 3}, {"2", 2}, {"0", 0}, {"-1", 3}} {
		out, err := runCmd(t, "describe", "--data", data, "--target", "y", "--columns", c.cols, "--json")
		if err != nil {
			t.Fatal(err)
		}
		var rep struct {
			Columns []struct {
				Column       string
				Mean, Min    float64
				Max          float64
				SecondMoment float64 `json:"second_moment"`
				Flag         string
			}
			NotListed []string `json:"columns_not_listed"`
			Order     string   `json:"columns_order"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Columns) != c.listed || len(rep.NotListed) != 3-c.listed {
			t.Fatalf("--columns %s: %d listed, %v not, want %d and %d", c.cols, len(rep.Columns), rep.NotListed, c.listed, 3-c.listed)
		}
		var names []string
		for i, col := range rep.Columns {
			names = append(names, col.Column)
			if rep.Order == "second moment" && i > 0 && col.SecondMoment > rep.Columns[i-1].SecondMoment {
				t.Errorf("--columns %s: %s after %s has the larger second moment", c.cols, col.Column, rep.Columns[i-1].Column)
			}
			if col.Column == "a" && (math.Abs(col.Mean-2) > 0.3 || col.Min < 0 || col.Max >= 4) {
				t.Errorf("column a: mean %g, range [%g, %g], want about 2 within [0, 4)", col.Mean, col.Min, col.Max)
			}
			if (col.Column == "id") != (col.Flag == "ID-like") {
				t.Errorf("column %s flagged %q", col.Column, col.Flag)
			}
		}
		if rep.Order != "file" && rep.Order != "second moment" {
			t.Errorf("columns_order %q", rep.Order)
		}
		if all := append(names, rep.NotListed...); len(all) != 3 || !slices.Contains(all, "a") || !slices.Contains(all, "b") || !slices.Contains(all, "id") {
			t.Errorf("--columns %s: listed %v and not listed %v, want a, b and id once", c.cols, names, rep.NotListed)
		}
	}
}

// A fit's missing-value line says which share of a column --missing mean
// filled, and from a quarter on what that does (planets.csv's mass: 38 %
// of its cells, with only a count).
func TestMissingShare(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 40 {
		a := fmt.Sprint(i % 7)
		if i%2 == 0 {
			a = "" // half of a's cells
		}
		bb := fmt.Sprint(i % 5)
		if i == 3 {
			bb = ""
		}
		fmt.Fprintf(&b, "%s,%s,%d\n", a, bb, i%3)
	}
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "half.csv", b.String()), "--target", "y", "--missing", "mean", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	_, line, ok := strings.Cut(out, "missing values")
	line, _, _ = strings.Cut(line, "\n")
	if !ok {
		t.Fatalf("no missing-value line:\n%s", out)
	}
	if !strings.HasSuffix(line, "20 of a's 40 cells filled with the training mean (50 %: on so many rows the column reads as its mean, and its weight is fitted on the others; --ignore a, or --missing drop-rows, is the comparison to make); "+
		"1 of b's 40 cells filled with the training mean") {
		t.Errorf("fit's missing-value line:\n%s", out)
	}
}

// A fit whose test MSE is mostly one row's says which row, the MSEs
// without it and the row's value outside the training range
// (covid_testing.csv: one col_rec_tat of 61370.2 against a training
// maximum of 1322.1 made a fit 10 times worse than the mean, and only the
// warning that the mean does better said anything).
func TestFitDominantTestRow(t *testing.T) {
	rng := lao.NewRand(5)
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 200 {
		a, bb := rng.NormFloat64(), rng.NormFloat64()
		y := 2*a + bb + 0.1*rng.NormFloat64()
		if i == 197 {
			a = 100
		}
		fmt.Fprintf(&b, "%g,%g,%g\n", a, bb, y)
	}
	out, err := runCmd(t, "fit", "--data", writeTemp(t, "typo.csv", b.String()), "--target", "y", "--solver", "ridge", "--test-last", "--test-frac", "0.2")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "note: one test row, line 199, holds 100 % of the model's test squared error: without it the test MSE is") ||
		!strings.Contains(out, `its values outside the training range in "a": 1 of 1 rows beyond it by more than its width (100 on line 199; training range`) {
		t.Errorf("fit with a typo in a test row:\n%s", out)
	}
}

// --missing drop-rows that drops most of a table says so, naming the
// column with the most missing cells (openintro's loans_full_schema: 9,797
// of 10,000 rows for one 85 %-empty column, without a word); a few rows
// dropped get the count only.
func TestDropRowsWarning(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,joint,y\n")
	for i := range 100 {
		joint := ""
		if i%5 == 0 {
			joint = fmt.Sprint(i)
		}
		fmt.Fprintf(&b, "%d,%s,%d\n", i%7, joint, i%3)
	}
	path := writeTemp(t, "joint.csv", b.String())
	out, err := runCmd(t, "describe", "--data", path, "--target", "y", "--missing", "drop-rows")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "warning: --missing drop-rows dropped 80 of the 100 rows read (80 %): the rest may not be like them; column joint has 80 missing cells (80 % of the rows read): --ignore joint keeps the rows that miss only it, --missing mean keeps every row") {
		t.Errorf("describe dropping 80 of 100 rows:\n%s", out)
	}
	out, err = runCmd(t, "describe", "--data", path, "--target", "y", "--missing", "drop-rows", "--ignore", "joint")
	if err != nil || strings.Contains(out, "rows read (") {
		t.Errorf("no row dropped: %v\n%s", err, out)
	}
}

// A largest value held by several cells far above the rest (a code for a
// missing value: loanapp's 999999 and 999) gets a note in fit, describe
// and compare, which had blamed the columns for carrying no signal.
func TestCodeValueNote(t *testing.T) {
	var b strings.Builder
	b.WriteString("term,a,y\n")
	for i := range 60 {
		term := fmt.Sprint(120 + 60*(i%7))
		if i%15 == 0 {
			term = "999999"
		}
		fmt.Fprintf(&b, "%s,%d,%d\n", term, i%5, i%4)
	}
	path := writeTemp(t, "codes.csv", b.String())
	for _, args := range [][]string{{"fit", "--cv", "0"}, {"describe"}, {"compare", "--repeat", "2", "--solvers", "ridge", "--cv", "0"}} {
		out, err := runCmd(t, append(args, "--data", path, "--target", "y")...)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out, "in term (4 cells hold 999999, every other value at most 480 in size): a code for a missing, censored or not-applicable value") {
			t.Errorf("%s: no code note:\n%s", args[0], out)
		}
	}
}
