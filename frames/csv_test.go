package frames_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// table is a small CSV: y = 2a − b, a text column, a constant one and an
// empty one. Line 1 is the header, data lines 2..7.
const table = `a,b,name,c,e,y
1,2,r1,5,,0
2,1,r2,5,,3
3,0,r3,5,?,6
4,2,r4,5,,6
5,1,r5,5,NA,9
6,3,r6,5,,9
`

func readCSV(t testing.TB, text string, opt frames.CSVOptions) (*frames.Table, error) {
	t.Helper()
	if opt.Name == "" {
		opt.Name = "t.csv"
	}
	return frames.ReadCSV(strings.NewReader(text), opt)
}

func TestReadCSVColumns(t *testing.T) {
	tab, err := readCSV(t, table, frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]frames.ColumnKind{"a": frames.Numeric, "b": frames.Numeric, "name": frames.Text, "c": frames.Numeric, "e": frames.Empty, "y": frames.Numeric}
	for _, c := range tab.Columns {
		if c.Kind != kinds[c.Name] {
			t.Errorf("column %s is %v, want %v", c.Name, c.Kind, kinds[c.Name])
		}
	}
	if fmt.Sprint(tab.Lines) != "[2 3 4 5 6 7]" || tab.Nrow() != 6 {
		t.Errorf("lines %v, %d rows", tab.Lines, tab.Nrow())
	}
	unused := fmt.Sprint(tab.Unused())
	for _, want := range []string{`name text: 6 of 6 cells are not numbers, e.g. "r1" on line 2`, "e empty: every cell is missing"} {
		if !strings.Contains(unused, want) {
			t.Errorf("Unused %s lacks %q", unused, want)
		}
	}
	// missing cells are not text: counted apart, and never the example
	// (Cars93's AirBags read "59 of 59 cells are not numbers, e.g. "None"")
	tab2, err := readCSV(t, "bags,y\nNone,1\nDriver only,2\nNA,3\nNone,4\n", frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(tab2.Unused()), `bags text: 1 of 1 cells are not numbers (and 3 missing), e.g. "Driver only" on line 3`; !strings.Contains(got, want) {
		t.Errorf("Unused %s lacks %q", got, want)
	}
	// a column of numbers and as many "unknown" cells gets the hint to
	// write them as missing (it was set aside as text without a word on
	// --missing, which does not apply to text)
	tab4, err := readCSV(t, "c,y\n1,1\nunknown,2\n3,3\nunknown,4\n", frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(tab4.Unused()), `2 cells are numbers: if "unknown" stands for a missing value, write it as an empty cell or NA`; !strings.Contains(got, want) {
		t.Errorf("Unused %s lacks %q", got, want)
	}
	if got := fmt.Sprint(tab2.Unused()); strings.Contains(got, "cells are numbers") {
		t.Errorf("no number in the column, yet: %s", got)
	}
	// a text column of few levels gets the hint to encode it (esoph's age
	// groups were dropped as "text" with no word); names do not
	tab3, err := readCSV(t, "grp,name,y\n25-34,ann,1\n35-44,bob,2\n25-34,cy,3\n45-54,dee,4\nNA,eve,5\n35-44,fay,6\n45-54,gil,7\n", frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	got3 := fmt.Sprint(tab3.Unused())
	if !strings.Contains(got3, "grp text: 6 of 6 cells are not numbers (and 1 missing), e.g. \"25-34\" on line 2; a category of 3 levels?") || strings.Count(got3, "a category") != 1 {
		t.Errorf("Unused %s: want the category hint for grp only", got3)
	}
	// the levels are counted over the cells the count is of, every row,
	// not over the rows a missing-value policy kept (planets.csv with
	// --missing drop-rows: "1035 of 1035 cells" beside "2 levels" of 10)
	tab5, err := readCSV(t, "grp,x,y\na,,1\nb,,2\nc,1,3\nd,,4\nc,2,5\nc,3,6\nc,4,7\nc,5,8\n", frames.CSVOptions{Target: "y", Missing: frames.MissingDropRows})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(tab5.Unused()); !strings.Contains(got, "grp text: 8 of 8 cells are not numbers, e.g. \"a\" on line 2; a category of 4 levels?") {
		t.Errorf("Unused after dropping rows: %s, want 4 levels over the 8 cells", got)
	}
	data, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1, DropConstant: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(data.Features(), ","); got != "a,b" {
		t.Errorf("features %s, want a,b", got)
	}
	got := fmt.Sprint(data.Unused)
	for _, want := range []string{"name text", "e empty: every training cell is missing", "c constant on the training rows: every value is 5"} {
		if !strings.Contains(got, want) {
			t.Errorf("Data.Unused %s lacks %q", got, want)
		}
	}
}

// One bad cell in a numeric column is an error naming the column, the
// file line and the cell, whatever the cell.
func TestReadCSVBadCells(t *testing.T) {
	for _, bad := range []string{"?", "n/a", "-", "null", "1,000", "", "NaN", "inf", "1e999", "abc", "1_000", "0x1p4", "+Infinity"} {
		text := "a,b,y\n1,2,3\n4,5,6\n7,8,9\n" + `"` + bad + `",1,2` + "\n10,11,12\n"
		_, err := readCSV(t, text, frames.CSVOptions{})
		if err == nil {
			t.Errorf("cell %q: no error", bad)
			continue
		}
		msg := err.Error()
		for _, want := range []string{`column "a"`, "line 5", fmt.Sprintf("%q", bad), "t.csv"} {
			if !strings.Contains(msg, want) {
				t.Errorf("cell %q: error %q does not mention %s", bad, msg, want)
			}
		}
		if !errors.Is(err, frames.ErrMissing) && !errors.Is(err, frames.ErrNonNumeric) {
			t.Errorf("cell %q: error wraps neither ErrMissing nor ErrNonNumeric: %v", bad, err)
		}
	}
}

// CSVOptions.Only reads the columns it lists (and the target) as numbers
// and ignores the others, bad cells and all; a listed column's bad cell is
// still an error.
func TestReadCSVOnly(t *testing.T) {
	text := "a,b,y\n1,n/a,3\n4,?,6\n7,8,9\n"
	tab, err := readCSV(t, text, frames.CSVOptions{Only: []string{"a", "missing"}})
	if err != nil {
		t.Fatal(err)
	}
	var ignored []string
	for _, u := range tab.Unused() {
		ignored = append(ignored, u.Column)
	}
	if !slices.Equal(ignored, []string{"b", "y"}) {
		t.Errorf("unused %v, want b and y (ignored)", tab.Unused())
	}
	if _, err := readCSV(t, text, frames.CSVOptions{Only: []string{"a"}, Target: "y"}); err != nil {
		t.Errorf("the target beside Only: %v", err)
	}
	if _, err := readCSV(t, text, frames.CSVOptions{Only: []string{"b"}}); !errors.Is(err, frames.ErrMissing) && !errors.Is(err, frames.ErrNonNumeric) {
		t.Errorf("a bad cell of a listed column: %v", err)
	}
}

func TestReadCSVDropRows(t *testing.T) {
	text := "a,b,y\n1,2,3\n?,5,6\n7,8,9\n1,000,1,2\n10,11,\n13,14,15\n"
	// line 5 has 4 fields: a ragged row is an error naming the line
	if _, err := readCSV(t, text, frames.CSVOptions{Missing: frames.MissingDropRows}); err == nil || !strings.Contains(err.Error(), "line 5 has 4 fields") {
		t.Fatalf("ragged row: %v", err)
	}
	text = "a,b,y\n1,2,3\n?,5,6\n7,8,9\nabc,1,2\n10,11,\n13,14,15\n"
	tab, err := readCSV(t, text, frames.CSVOptions{Target: "y", Missing: frames.MissingDropRows})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tab.DroppedLines) != "[3 5 6]" || fmt.Sprint(tab.Lines) != "[2 4 7]" {
		t.Errorf("dropped %v, kept %v", tab.DroppedLines, tab.Lines)
	}
	if got := tab.Col("a").Float(); fmt.Sprint(got) != "[1 7 13]" {
		t.Errorf("a = %v", got)
	}
}

// A number written another way ("2,5", "1,000") in a numeric column is
// refused under every missing-value policy, in memory and streaming, even
// after three other bad cells: dropping or filling it would change the data.
func TestNumberLikeCellsRefused(t *testing.T) {
	text := "a,b,y\n1,2,3\n?,5,6\n,8,9\nna,1,2\n\"2,5\",11,1\n13,14,15\n16,17,18\n"
	for _, m := range []frames.Missing{frames.MissingError, frames.MissingDropRows, frames.MissingMean} {
		opt := frames.CSVOptions{Name: "t.csv", Target: "y", Missing: m}
		_, err := readCSV(t, text, opt)
		_, serr := frames.StreamCSV(opener(text), frames.StreamOptions{CSV: opt})
		for how, err := range map[string]error{"in memory": err, "streaming": serr} {
			var nl *frames.NumberLikeError
			if !errors.As(err, &nl) || !errors.Is(err, frames.ErrNonNumeric) {
				t.Errorf("%v, %s: %v, want a NumberLikeError", m, how, err)
				continue
			}
			for _, want := range []string{"t.csv", `column "a" has 1 number such as "2,5" on line 6`, "decimal comma"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%v, %s: %q lacks %q", m, how, err, want)
				}
			}
		}
	}
	for cell, hint := range map[string]string{"1_000": "digit separators", "0x1p4": "hexadecimal", `"1.000,5"`: "points for thousands"} {
		_, err := readCSV(t, strings.Replace(text, `"2,5"`, cell, 1), frames.CSVOptions{Target: "y", Missing: frames.MissingMean})
		if nl := (*frames.NumberLikeError)(nil); !errors.As(err, &nl) || !strings.Contains(err.Error(), hint) {
			t.Errorf("%s under MissingMean: %v, want a NumberLikeError saying %q", cell, err, hint)
		}
	}
	if _, err := readCSV(t, strings.Replace(text, `"2,5"`, "4", 1), frames.CSVOptions{Target: "y", Missing: frames.MissingMean}); err != nil {
		t.Errorf("the same table with the number written with a point: %v", err)
	}
}

// MissingMean leaves NaN in the frame; FromDataFrame fills it with the
// training mean, Apply and Model.Predict with the same value; a missing
// label drops its row.
func TestReadCSVMean(t *testing.T) {
	text := "a,b,y\n1,2,3\n?,4,5\n3,6,7\n5,8,\n"
	tab, err := readCSV(t, text, frames.CSVOptions{Target: "y", Missing: frames.MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tab.DroppedLines) != "[5]" {
		t.Errorf("the row with a missing label should be dropped: %v", tab.DroppedLines)
	}
	if c, _ := tab.Column("a"); c.Left != 1 {
		t.Errorf("a: %d cells left to fill, want 1", c.Left)
	}
	if _, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{}); !errors.Is(err, frames.ErrMissing) || !strings.Contains(err.Error(), "FillMissing") {
		t.Errorf("without FillMissing: %v", err)
	}
	data, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{FillMissing: true})
	if err != nil {
		t.Fatal(err)
	}
	if v := data.Row(1)[0]; v != 2 { // mean of 1 and 3
		t.Errorf("filled cell = %g, want the training mean 2", v)
	}
	if fmt.Sprint(data.Filled) != "[1 0]" || fmt.Sprint(data.Transform.Fill) != "[2 4]" {
		t.Errorf("Filled %v, Fill %v", data.Filled, data.Transform.Fill)
	}
	test, err := readCSV(t, "a,b,y\nnull,0,0\n", frames.CSVOptions{Missing: frames.MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	ds, err := data.Apply(test.DataFrame)
	if err != nil || ds.Row(0)[0] != 2 {
		t.Errorf("Apply: %v, %v", err, ds)
	}
	m, err := data.Model([]float64{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	pred, err := m.Predict(test.DataFrame)
	if err != nil || pred[0] != 2 {
		t.Errorf("Predict with a missing cell: %v, %v (want 2)", pred, err)
	}
}

func TestReadCSVTargetErrors(t *testing.T) {
	cases := map[string]struct {
		text, target string
		want         []string
	}{
		"text target":    {"a,y\n1,M\n2,B\n3,M\n", "y", []string{`target column "y" is text`, `"M" on line 2`, "-1 and +1"}},
		"empty target":   {"a,y\n1,\n2,\n", "y", []string{`target column "y" is empty`}},
		"missing label":  {"a,y\n1,2\n2,?\n3,4\n", "y", []string{`target column "y"`, "line 3", `"?"`}},
		"unknown target": {"a,y\n1,2\n", "z", []string{`"z"`, "columns: a, y"}},
	}
	for name, c := range cases {
		_, err := readCSV(t, c.text, frames.CSVOptions{Target: c.target})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: error %q lacks %q", name, err, w)
			}
		}
	}
}

func TestReadCSVFormats(t *testing.T) {
	want := "[1 4]"
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("a,y\n1,2\n4,5\n"))
	zw.Close()
	for name, text := range map[string]string{
		"bom":       "\ufeffa,y\n1,2\n4,5\n",
		"semicolon": "a;y\n1;2\n4;5\n",
		"tab":       "a\ty\n1\t2\n4\t5\n",
		"space":     "a y\n1 2\n4 5\n",
		"crlf":      "a,y\r\n1,2\r\n4,5\r\n",
		"gzip":      gz.String(),
		"bool":      "a,y\ntrue,2\nfalse,5\n",
	} {
		tab, err := readCSV(t, text, frames.CSVOptions{Target: "y"})
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if tab.Names()[0] != "a" {
			t.Errorf("%s: first column %q", name, tab.Names()[0])
		}
		if got := fmt.Sprint(tab.Col("a").Float()); got != want && !(name == "bool" && got == "[1 0]") {
			t.Errorf("%s: a = %s", name, got)
		}
	}
	for name, c := range map[string]struct{ text, want string }{
		"empty":                {"", "no header row"},
		"header only":          {"a,y\n", "no data rows"},
		"duplicate":            {"a,a\n1,2\n", `both named "a"`},
		"bad quote":            {"a,y\n1,\"2\n", "line"},
		"stray quote":          {"a,y\n1,2\n3,\"4\n5,6\n7,8\n", "line 3: extraneous or missing \" in quoted-field (the field opened by a quote on line 3 runs on to line"},
		"truncated gzip":       {gz.String()[:20], "gzip"},
		"space before a quote": {"a, \"b\",y\n1,2,3\n", `line 1: bare " in non-quoted-field (a quote inside a field that does not start with one, at byte 4 of the line: a quoted field must start with the quote, with no space before it`},
	} {
		if _, err := readCSV(t, c.text, frames.CSVOptions{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: want an error mentioning %q, got %v", name, c.want, err)
		}
	}
	// A line of data read as the header (skipped down to it) that repeats a
	// value is named as data, not only as two columns with one name.
	_, err := readCSV(t, "a,b,y\n1,2,3\n7,7,9\n", frames.CSVOptions{SkipLines: 2})
	for _, want := range []string{`both named "7"`, "\n(line 3 looks like data, not a header", "skip fewer"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("a data line as the header: want an error mentioning %q, got %v", want, err)
		}
	}
	if err != nil && strings.Contains(err.Error(), "rename") {
		t.Errorf("a data line as the header: the error asks to rename what are not names: %v", err)
	}
	tab, err := readCSV(t, "a,b,y\n1,x,2\n3,?,4\n", frames.CSVOptions{Ignore: []string{"b"}})
	if err != nil {
		t.Fatal(err)
	}
	if u := tab.Unused(); len(u) != 1 || u[0].Column != "b" || !strings.Contains(u[0].Reason, "ignored") {
		t.Errorf("ignored column: %v", u)
	}
	// Rows with no value at all (separators only) are named first: their
	// cells are missing in every column, and deleting them is the fix.
	_, err = readCSV(t, "a,b,y\n1,2,3\n,,\n2,3,5\n4,4,8\n,,\n,,\n,,\n,,\n", frames.CSVOptions{Target: "y"})
	if want := `5 rows have no value in any column (line 3, line 6, line 7 and 2 more: separators only`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("blank rows: want an error mentioning %q, got %v", want, err)
	}
	st, err := frames.StreamCSV(func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader("a,y\n1,2\n,\n3,4\n")), nil },
		frames.StreamOptions{CSV: frames.CSVOptions{Name: "s.csv", Target: "y"}})
	if want := `1 row has no value in any column (line 3: separators only`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("blank row, streamed: want an error mentioning %q, got %v (%v)", want, err, st)
	}
	// Digits and marks that no rule reads refuse a numeric column, but do
	// not make one: a column of dates stays text.
	tab, err = readCSV(t, "d;a;y\n12.03.2024;1;2\n13.03.2024;2;3\n", frames.CSVOptions{Target: "y", DecimalComma: true})
	if err != nil || tab.Columns[0].Kind != frames.Text {
		t.Errorf("a column of dates: %v, %+v", err, tab)
	}
	// A semicolon file whose column is written 7.225 throughout may use
	// points between thousands: read with points, a note says so.
	// Read with --thousands ., a column where a few cells are written
	// 6.004 among decimal commas may hold decimal points by mistake.
	commas := "a;y\n" + strings.Repeat("1,5;1\n2,25;2\n-0,5;3\n", 3)
	grouped := frames.CSVOptions{Target: "y", DecimalComma: true, Thousands: '.'}
	for text, c := range map[string]struct {
		opt  frames.CSVOptions
		want string
	}{
		"a;b;y\n7.225;1.5;1\n12.100;2.25;2\n-1.000;3;3\n": {frames.CSVOptions{Target: "y"}, `every number of "a" has three digits after its point (7.225) in a file separated by semicolons`},
		"a,b,y\n7.225,1.5,1\n12.100,2.25,2\n-1.000,3,3\n": {frames.CSVOptions{Target: "y"}, ""}, // commas between fields: points are decimal points
		"a;b;y\n7.225;1.5;1\n0.100;2.25;2\n1.000;3;3\n":   {frames.CSVOptions{Target: "y"}, ""}, // 0.100 is no group of thousands
		"a;b;y\n7.225;1.5;1\n1.2;2.25;2\n1.000;3;3\n":     {frames.CSVOptions{Target: "y"}, ""}, // nor is 1.2
		commas + "6.004;4\n":                              {grouped, `a few numbers of "a" (1 of its 10 numbers) are written like 6.004 and were read as 6004`},
		commas + "6.004;4\n1.500;5\n":                     {grouped, ""}, // 2 of 11: more than a few, thousands it is
		commas + "1.234,5;4\n":                            {grouped, ""}, // a group before a comma is no decimal point
		"a;y\n7.225;1\n12.100;2\n":                        {grouped, ""}, // every number grouped
	} {
		tab, err := readCSV(t, text, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.ThousandsNote(); (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%q: ThousandsNote %q, want %q", text, got, c.want)
		}
		c.opt.Name = "s.csv"
		st, err := frames.StreamCSV(func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil },
			frames.StreamOptions{CSV: c.opt})
		if err != nil {
			t.Fatal(err)
		}
		if got := st.ThousandsNote(); got != tab.ThousandsNote() {
			t.Errorf("%q streamed: ThousandsNote %q, want %q as in memory", text, got, tab.ThousandsNote())
		}
	}
	// CSVOptions.DecimalComma reads a table written with decimal commas
	// (and points between thousands); a decimal point in it is then refused
	// by name with a hint, not read as a number of another convention.
	tab, err = readCSV(t, "a;b;y\n0,125;1.234,5;2\n-0,25;7;3,5\n", frames.CSVOptions{DecimalComma: true, Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Col("a").Float(); !slices.Equal(got, []float64{0.125, -0.25}) {
		t.Errorf("decimal comma: a = %v, want [0.125 -0.25]", got)
	}
	if got := tab.Col("b").Float(); !slices.Equal(got, []float64{1234.5, 7}) {
		t.Errorf("decimal comma: b = %v, want [1234.5 7]", got)
	}
	if got := tab.Col("y").Float(); !slices.Equal(got, []float64{2, 3.5}) {
		t.Errorf("decimal comma: y = %v, want [2 3.5]", got)
	}
	// CSVOptions.Thousands names the mark between groups of three digits.
	tab, err = readCSV(t, "a;y\n7.225;1,5\n12.100;2\n", frames.CSVOptions{DecimalComma: true, Thousands: '.', Target: "y"})
	if err != nil || !slices.Equal(tab.Col("a").Float(), []float64{7225, 12100}) || !slices.Equal(tab.Col("y").Float(), []float64{1.5, 2}) {
		t.Errorf("Thousands '.' with DecimalComma: %v, %v", err, tab)
	}
	tab, err = readCSV(t, "a,y\n\"1,234.5\",1\n2,2\n", frames.CSVOptions{Thousands: ',', Target: "y"})
	if err != nil || !slices.Equal(tab.Col("a").Float(), []float64{1234.5, 2}) {
		t.Errorf("Thousands ',': %v, %v", err, tab)
	}
	for _, opt := range []frames.CSVOptions{{Thousands: '.'}, {DecimalComma: true, Thousands: ','}, {Thousands: '_'}} {
		if _, err := readCSV(t, "a,y\n1,2\n", opt); !errors.Is(err, lao.ErrParam) {
			t.Errorf("%+v: want lao.ErrParam, got %v", opt, err)
		}
	}
	// A point alone is never guessed to group thousands: 6.004 could be 6004
	// or 6.004 (a file written with points, read with the option by mistake).
	for text, want := range map[string]string{
		"a;y\n0,5;1\n3.14;2\n":    `"3.14" on line 3 (a decimal point, in a file read with decimal commas?`,
		"a;y\n0,5;1\n6.004;2\n":   `"6.004" on line 3 (a point between thousands, or a decimal point?`,
		"a;y\n0,5;1\n0.006;2\n":   `"0.006" on line 3 (a decimal point, in a file read with decimal commas?`,
		"a;y\n0,5;1\n12.34,5;2\n": `"12.34,5" on line 3 (a number with points and commas out of place?`,
	} {
		for _, m := range []frames.Missing{frames.MissingError, frames.MissingMean} {
			_, err = readCSV(t, text, frames.CSVOptions{DecimalComma: true, Missing: m})
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%q under DecimalComma, %v: want an error mentioning %q, got %v", text, m, want, err)
			}
		}
	}
	// A column written with thousands separators or decimal commas
	// throughout is refused by name, as one with a few such cells is: set
	// aside as text it would drop the column without an error.
	for text, want := range map[string]string{
		"a,y\n\"1,000\",2\n\"2,500\",3\n": `column "a" has 2 numbers such as "1,000" on line 2 (numbers with thousands separators?`,
		"a;y\n0,125;2\n-0,25;3\n":         `column "a" has 2 numbers such as "0,125" on line 2 (numbers with a decimal comma? read the file with --decimal ,`,
		"a;y\n,125;2\n,25;3\n":            `column "a" has 2 numbers such as ",125" on line 2 (numbers with a decimal comma?`,
		"a;y\n1.23.456;2\n2;3\n3;4\n":     `column "a" has 1 number such as "1.23.456" on line 2 (number marks out of place?`,
		"a;y\n2;2\n1_234,5;3\n3;4\n":      `column "a" has 1 number such as "1_234,5" on line 3 (number marks out of place?`,
		"a;y\n1 234,5;2\n2;3\n3;4\n":      `column "a" has 1 number such as "1 234,5" on line 2 (numbers with spaces or apostrophes between thousands?`,
		"a,y\n\"1,234,5\",2\n2,3\n3,4\n":  `column "a" has 1 number such as "1,234,5" on line 2 (a number with points and commas out of place?`,
		"a;y\n1;0,5\n2;1,5\n3;2\n":        `column "y" has 2 numbers such as "0,5" on line 2`,
		// beyond float64 and percentages: --missing mean filled 1e400 with the mean in silence, and a
		// column of percentages was set aside as text
		"a,y\n1,2\n1e400,3\n3,4\n":   `column "a" has 1 number such as "1e400" on line 3 (beyond the range of a float64`,
		"a,y\n2%,2\n5 %,3\n1.5%,4\n": `column "a" has 3 numbers such as "2%" on line 2 (a percentage?`,
	} {
		_, err := readCSV(t, text, frames.CSVOptions{})
		if !errors.Is(err, frames.ErrNonNumeric) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want an ErrNonNumeric mentioning %q, got %v", text, want, err)
		}
		_, err = readCSV(t, text, frames.CSVOptions{Missing: frames.MissingMean})
		if !errors.Is(err, frames.ErrNonNumeric) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: want an ErrNonNumeric mentioning %q, got %v", text, want, err)
		}
	}
}

// Values near ±MaxFloat64 standardise to finite values or fail with an
// error naming the column; they never panic or give Inf silently.
func TestHugeValues(t *testing.T) {
	for _, big := range []string{"1e300", "1.7e308"} {
		text := fmt.Sprintf("a,b,y\n%s,1,1\n-%s,2,2\n0,3,3\n1,4,5\n", big, big)
		tab, err := readCSV(t, text, frames.CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		for _, sc := range []frames.Scaling{frames.StandardL2, frames.StandardLinf, frames.ScaleL2, frames.ScaleLinf} {
			data, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{Center: true, Scaling: sc, LabelBound: 1})
			if err != nil {
				if !errors.Is(err, lao.ErrNotFinite) || !strings.Contains(err.Error(), `"a"`) {
					t.Errorf("%s %v: error %v does not name column a or wrap ErrNotFinite", big, sc, err)
				}
				continue
			}
			n := frames.MaxNorms(data.Dataset)
			if !(n.MaxL2 <= 1+1e-12) && (sc == frames.StandardL2 || sc == frames.ScaleL2) {
				t.Errorf("%s %v: max ||x||₂ = %g", big, sc, n.MaxL2)
			}
			if !(n.MaxLinf <= 1+1e-12) || math.IsNaN(n.MaxLinf) {
				t.Errorf("%s %v: max ||x||∞ = %g", big, sc, n.MaxLinf)
			}
		}
	}
}

// FuzzReadCSV: the CSV → frames path (ReadCSV, FromDataFrame with the
// default standardisation, filling missing cells) never panics, classifies
// its errors, and what it accepts meets the theorem's norm bounds.
func FuzzReadCSV(f *testing.F) {
	f.Add([]byte(table), uint8(0))
	f.Add([]byte("a,b,y\n1,?,3\n4,5,6\n7,8,9\n"), uint8(2))
	f.Add([]byte("\ufeffa;y\n1e308;2\n-1e308;3\n"), uint8(1))
	f.Add([]byte("a,y\n\"1,000\",2\n"), uint8(0))
	f.Fuzz(func(t *testing.T, data []byte, policy uint8) {
		miss := frames.Missing(policy % 3)
		tab, err := frames.ReadCSV(bytes.NewReader(data), frames.CSVOptions{Name: "fuzz", Missing: miss})
		if err != nil {
			if !errors.Is(err, frames.ErrFrame) && !errors.Is(err, frames.ErrMissing) && !errors.Is(err, frames.ErrNonNumeric) &&
				!errors.Is(err, lao.ErrEmpty) && !errors.Is(err, lao.ErrParam) && !errors.Is(err, frames.ErrUnknownColumn) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		if len(tab.Lines) != tab.Nrow() {
			t.Fatalf("%d lines for %d rows", len(tab.Lines), tab.Nrow())
		}
		names := tab.Names()
		target := names[len(names)-1]
		for _, sc := range []frames.Scaling{frames.StandardL2, frames.StandardLinf} {
			d, err := frames.FromDataFrame(tab.DataFrame, target, frames.Options{Center: true, Scaling: sc, LabelBound: 1, DropConstant: true, FillMissing: true})
			if err != nil {
				return
			}
			n := frames.MaxNorms(d.Dataset)
			if math.IsNaN(n.MaxL2) || n.MaxAbsY > 1+1e-9 || (sc == frames.StandardL2 && n.MaxL2 > 1+1e-9) || n.MaxLinf > 1+1e-9 {
				t.Fatalf("%v: norms %+v", sc, n)
			}
		}
	})
}

// A first line of data where the header should be is pointed out, and
// scikit-learn's line of counts as such.
func TestReadCSVHeaderLooksLikeData(t *testing.T) {
	for _, text := range []string{"569,30,a,b\n1,2,3,4,5\n", "506,13,,,\nA,B,C,D,E\n1,2,3,4,5\n"} {
		_, err := readCSV(t, text, frames.CSVOptions{Target: "E"})
		if err == nil || !strings.Contains(err.Error(), "line 1 looks like the line of counts") {
			t.Errorf("%q: %v", text, err)
		}
	}
	for _, text := range []string{"5.5,3.25,a,b\n1,2,3,4,5\n", "7,1.5,,,\nA,B,C,D,E\n1,2,3,4,5\n"} {
		_, err := readCSV(t, text, frames.CSVOptions{Target: "E"})
		if err == nil || !strings.Contains(err.Error(), "line 1 looks like data") {
			t.Errorf("%q: %v", text, err)
		}
	}
	if _, err := readCSV(t, "a,b,y\n1,2,3\n", frames.CSVOptions{Target: "z"}); err == nil || strings.Contains(err.Error(), "looks like data") {
		t.Errorf("a real header: %v", err)
	}
}

// Cells written true or false are read as 1 and 0 and said so; other
// numbers are not counted as such.
func TestBoolNote(t *testing.T) {
	tab, err := readCSV(t, "a,b,y\nTRUE,1,2\nfalse,2,5\n1,3,4\n", frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.BoolNote(); got != `true/false cells read as 1/0 in "a" (2 cells)` {
		t.Errorf("BoolNote = %q", got)
	}
	if fmt.Sprint(tab.Col("a").Float()) != "[1 0 1]" {
		t.Errorf("a = %v", tab.Col("a").Float())
	}
	tab, err = readCSV(t, "a,y\n1,2\n-2,5\n.5e1,4\n", frames.CSVOptions{Target: "y"})
	if err != nil || tab.BoolNote() != "" {
		t.Errorf("numbers taken for true/false: %v %q", err, tab.BoolNote())
	}
}

// A header whose every name is in single quotes (statsmodels' spector.csv)
// is read without them; a header with one such name keeps it.
func TestSingleQuotedHeader(t *testing.T) {
	tab, err := readCSV(t, "'OBS' 'GPA' 'GRADE'\n1 2.66 0\n2 2.89 1\n3 3.28 0\n", frames.CSVOptions{Target: "GRADE"})
	if err != nil || !slices.Equal(tab.Names(), []string{"OBS", "GPA", "GRADE"}) {
		t.Fatalf("names %v, error %v", tab.Names(), err)
	}
	tab, err = readCSV(t, "'a',b\n1,2\n3,4\n", frames.CSVOptions{})
	if err != nil || !slices.Equal(tab.Names(), []string{"'a'", "b"}) {
		t.Errorf("names %v, error %v", tab.Names(), err)
	}
}

// NotNumbers tells, in a column read as text, the cells that are not
// numbers as the file was read from those read with its number marks
// (written again as Go formats them): 3.14 in a file read with decimal
// commas is text, 6,5 is 6.5; for a numeric column it says nothing.
func TestNotNumbers(t *testing.T) {
	tab, err := readCSV(t, "a;l;y\n1;3.14;1\n2;6,5;2\n3;;3\n4;x;4\n", frames.CSVOptions{Target: "y", DecimalComma: true, Only: []string{"a"}})
	if err != nil {
		t.Fatal(err)
	}
	rows, ok := tab.NotNumbers("l")
	if !ok || !slices.Equal(rows, []int{0, 2, 3}) || tab.Col("l").Records()[1] != "6.5" {
		t.Errorf("NotNumbers(l) = %v, %v; cells %q", rows, ok, tab.Col("l").Records())
	}
	if rows, ok := tab.NotNumbers("a"); ok || rows != nil {
		t.Errorf("NotNumbers(a) = %v, %v for a numeric column", rows, ok)
	}
}

// A file without a header line (NoHeader): its first line is a row, its
// columns are column1 … columnN, and it reads as the same file with that
// header would, one line on.
func TestReadCSVNoHeader(t *testing.T) {
	body := "1,2,3\n4,5,6\n7,8,9\n10,11,12\n"
	tab, err := readCSV(t, body, frames.CSVOptions{Target: "column3", NoHeader: true})
	if err != nil {
		t.Fatal(err)
	}
	named, err := readCSV(t, "column1,column2,column3\n"+body, frames.CSVOptions{Target: "column3"})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tab.Lines) != "[1 2 3 4]" || fmt.Sprint(tab.Names()) != fmt.Sprint(named.Names()) {
		t.Errorf("lines %v, names %v; with a header %v", tab.Lines, tab.Names(), named.Names())
	}
	for _, c := range named.Names() {
		if got, want := tab.Col(c).Float(), named.Col(c).Float(); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("column %s: %v, with a header %v", c, got, want)
		}
	}
	if _, err := readCSV(t, "1,2,3\n4,5\n", frames.CSVOptions{Target: "column3", NoHeader: true}); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("ragged second line: %v", err)
	}
	if _, err := readCSV(t, "", frames.CSVOptions{Target: "column3", NoHeader: true}); !errors.Is(err, lao.ErrEmpty) {
		t.Errorf("empty file: %v", err)
	}
	_, err = readCSV(t, body, frames.CSVOptions{Target: "y", NoHeader: true})
	if err == nil || !strings.Contains(err.Error(), "column3") || strings.Contains(err.Error(), "looks like data") {
		t.Errorf("unknown target: %v", err)
	}
	// Without NoHeader, the hint names it.
	if _, err := readCSV(t, body, frames.CSVOptions{Target: "column3"}); err == nil || !strings.Contains(err.Error(), "NoHeader") {
		t.Errorf("headerless file read with a header: %v", err)
	}
	// A first line narrower than the rest, an unknown ignored column, and a
	// header read as data are explained.
	for _, c := range []struct {
		text string
		opt  frames.CSVOptions
		want string
	}{
		{"1,2,3\n4,5,6,7\n", frames.CSVOptions{Target: "column4"}, "named after line 1's 3 fields"},
		{body, frames.CSVOptions{Target: "column3", Ignore: []string{"b"}}, "named after line 1's 3 fields"},
		{"a,b,y\n" + body, frames.CSVOptions{Target: "column3"}, "line 1 looks like a header"},
	} {
		c.opt.NoHeader = true
		if _, err := readCSV(t, c.text, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	// The separator comes from the first line that is not blank, and with
	// decimal commas a ';' or tab wins over the commas of a line of data.
	for _, text := range []string{"1,5;2,25;3,125\n4,5;5,5;6,5\n", "\n\n1,5;2,25;3,125\n4,5;5,5;6,5\n", "1,5\t2,25\t3,125\n4,5\t5,5\t6,5\n"} {
		tab, err := readCSV(t, text, frames.CSVOptions{Target: "column3", NoHeader: true, DecimalComma: true})
		if err != nil || len(tab.Columns) != 3 || tab.Col("column3").Float()[0] != 3.125 {
			t.Errorf("%q: %v", text, err)
		}
	}
	if tab, err := readCSV(t, "\na;b;y\n1;2;3\n", frames.CSVOptions{Target: "y"}); err != nil || len(tab.Columns) != 3 {
		t.Errorf("a blank line above a ';' header: %v", err)
	}
	// Separators between double quotes are text, with decimal commas too.
	for _, text := range []string{"id,\"weight; kg\",y\n1,\"1,5\",\"2,5\"\n2,\"3,5\",\"4,5\"\n", "id,\"w\tkg\",y\n1,\"1,5\",\"2,5\"\n"} {
		if tab, err := readCSV(t, text, frames.CSVOptions{Target: "y", DecimalComma: true}); err != nil || len(tab.Columns) != 3 || tab.Col("y").Float()[0] != 2.5 {
			t.Errorf("%q: %v", text, err)
		}
	}
	// A missing cell on line 1, or one text cell there, is not a header.
	for _, text := range []string{"1,,3\n4,5,6\n7,8,9\n", "1,a,3\n4,5,6\n7,8,9\n"} {
		if _, err := readCSV(t, text, frames.CSVOptions{Target: "column3", NoHeader: true}); err == nil || strings.Contains(err.Error(), "looks like a header") {
			t.Errorf("%q: %v", text, err)
		}
	}
}

// Lines above the header (a title, scikit-learn's line of counts) are
// skipped with SkipLines: the table reads as without them, and the lines
// it reports (Lines, a bad cell, the hints about the header) are the
// file's. StreamCSV skips them in every pass.
func TestReadCSVSkipLines(t *testing.T) {
	body := "a,b,y\n1,2,3\n4,5,6\n7,8,9\n10,11,12\n"
	plain, err := readCSV(t, body, frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := readCSV(t, "4,2,,\n\"Boston\", 1978\n"+body, frames.CSVOptions{Target: "y", SkipLines: 2})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(tab.Lines) != "[4 5 6 7]" || fmt.Sprint(tab.Names()) != fmt.Sprint(plain.Names()) || fmt.Sprint(tab.Col("b").Float()) != fmt.Sprint(plain.Col("b").Float()) {
		t.Errorf("lines %v, names %v, b %v; without the two lines %v, %v", tab.Lines, tab.Names(), tab.Col("b").Float(), plain.Names(), plain.Col("b").Float())
	}
	for _, c := range []struct {
		text string
		opt  frames.CSVOptions
		want string
	}{
		{"506,13,\n" + body, frames.CSVOptions{Target: "y"}, "line 1 looks like the line of counts scikit-learn's bundled files start with (506 rows, 13 features)"},
		{"x\n506,13,\n" + body, frames.CSVOptions{Target: "y", SkipLines: 1}, "skip that line with --skip-lines 2"},
		{"x\n5.5,1.25,\n" + body, frames.CSVOptions{Target: "y", SkipLines: 1}, "line 2 looks like data, not a header: if the file has no header, read it with --no-header"},
		{"x\n" + body, frames.CSVOptions{Target: "column3", SkipLines: 1, NoHeader: true}, "line 2 looks like a header: its cells are the only ones that are not numbers in their columns; read the file without --no-header, CSVOptions.NoHeader in Go, or, if that line is not the table's (a line of counts or notes above headerless rows), skip it with --skip-lines 2"},
		{"x\n1,2,3\n4,5,6,7\n", frames.CSVOptions{Target: "column4", SkipLines: 1, NoHeader: true}, "named after line 2's 3 fields"},
		{"x\na,b,y\n1,2,3\n4,q,6\n7,8,9\n10,11,12\n", frames.CSVOptions{Target: "y", SkipLines: 1}, `line 4: "q"`},
		// a title above the names: the target is not found, or the rows are wider than the "header"
		{"Export from tool X\n" + body, frames.CSVOptions{Target: "y"}, "below a title or notes, skip the lines above them with --skip-lines"},
		{"title\n" + body, frames.CSVOptions{Target: "title"}, "if line 1 is a title or notes above the column names, not the names, skip it with --skip-lines 1"},
		// one line too many skipped: the names were on a skipped line
		{"506,13,\n" + body, frames.CSVOptions{Target: "y", SkipLines: 2}, "or the names are on one of the 2 lines skipped: skip fewer"},
	} {
		if _, err := readCSV(t, c.text, c.opt); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
	// scikit-learn's line of counts read as the header: a hint when the
	// target is not found, a warning when it is (iris's class names).
	iris := "150,4,setosa,versicolor,virginica\n"
	for i := range 30 {
		iris += fmt.Sprintf("%d.1,3.5,1.4,0.2,%d\n", 4+i%3, i%3)
	}
	if _, err := readCSV(t, iris, frames.CSVOptions{Target: "column5"}); err == nil || !strings.Contains(err.Error(), "line 1 looks like the line of counts") ||
		!strings.Contains(err.Error(), "(150 rows, 4 features)") || !strings.Contains(err.Error(), "--skip-lines 1") {
		t.Errorf("iris read with its count line as the header, target column5: %v", err)
	}
	tab, err = readCSV(t, iris, frames.CSVOptions{Target: "virginica"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrame(tab.DataFrame, "virginica", frames.Options{Center: true, Scaling: frames.StandardL2, DropConstant: true}, 0.25, 1)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(p.Warnings(), "\n"); !strings.Contains(w, "the header looks like the line of counts") {
		t.Errorf("iris's count line as the header gave no warning: %q", w)
	}
	for _, c := range []struct {
		names []string
		ok    bool
	}{
		{[]string{"150", "4", "setosa", "versicolor", "virginica"}, true},
		{[]string{"506", "13", "column3", "column4"}, true},
		{[]string{"2019", "2020", "2021", "region"}, false}, // years
		{[]string{"1", "2", "3"}, false},                    // every name a number: NumericHeader's case
		{[]string{"10", "20", "name"}, false},               // fewer rows than features
		{[]string{"a", "13", "b"}, false},
	} {
		if _, _, ok := frames.CountLine(c.names); ok != c.ok {
			t.Errorf("CountLine(%q) = %v, want %v", c.names, ok, c.ok)
		}
	}
	st, err := frames.StreamCSV(opener("506,13\n"+streamCSV(300)), frames.StreamOptions{CSV: frames.CSVOptions{Name: "s.csv", Target: "y", Missing: frames.MissingMean, SkipLines: 1},
		Options: frames.Options{Center: true, Scaling: frames.StandardL2, FillMissing: true, DropConstant: true}, TestFrac: 0.25, Seed: 5})
	if err != nil || st.MTrain+st.MTest != 300 {
		t.Fatalf("streamed with a line skipped: %v", err)
	}
}

// StreamCSV reads the first line of a headerless file as a row in every
// pass.
func TestStreamCSVNoHeader(t *testing.T) {
	text := streamCSV(300)
	body := text[strings.IndexByte(text, '\n')+1:]
	st, err := frames.StreamCSV(opener(body), frames.StreamOptions{CSV: frames.CSVOptions{Name: "s.csv", Target: "column6", Missing: frames.MissingMean, NoHeader: true},
		Options: frames.Options{Center: true, Scaling: frames.StandardL2, FillMissing: true, DropConstant: true}, TestFrac: 0.25, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	if st.MTrain+st.MTest != 300 || !slices.Contains(st.Features(), "column1") {
		t.Errorf("%d + %d rows, features %v; want 300 rows", st.MTrain, st.MTest, st.Features())
	}
}

// A header line that names no column (brain_networks.csv read with
// --skip-lines 3: a line of commas) gets a note that the columns are
// named after their position; one that leaves some numeric columns
// unnamed names them; a complete one, none.
func TestUnnamedNote(t *testing.T) {
	for _, c := range []struct{ csv, want string }{
		{",,\n1,2,3\n4,5,6\n", "the header line is empty: the 3 columns are named after their position, column1 … column3"},
		{",a,,y\n1,2,3,4\n2,3,1,5\n", `the header line leaves 2 columns unnamed (an empty cell), named after their position: "column1", "column3"`},
		{"a,,y\n1,2,3\n2,3,1\n", `leaves 1 column unnamed (an empty cell), named after its position: "column2"`},
		{",a,y\nann,2,3\nbob,3,1\n", ""}, // a text column's empty header cell: Unused says it
		{"a,b,y\n1,2,3\n", ""},
	} {
		tab, err := readCSV(t, c.csv, frames.CSVOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got := tab.UnnamedNote(); c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("%q: %q, want %q", c.csv, got, c.want)
		}
	}
}

// A text column whose missing cells are a word read as missing ("None",
// Cars93's AirBags) says that word may be a level; NA, one cell, or a
// numeric column do not.
func TestMissingWordHint(t *testing.T) {
	tab, err := readCSV(t, "bags,grp,x,y\nNone,a,1,1\nDriver,NA,None,2\nNone,b,3,3\nBoth,NA,4,4\nDriver,a,5,5\nNone,b,6,6\n", frames.CSVOptions{Target: "y", Missing: frames.MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(tab.Unused())
	if !strings.Contains(got, `bags text: 3 of 3 cells are not numbers (and 3 missing), e.g. "Driver" on line 3; 3 cells "None" are read as missing (a missing-value word): if "None" is a level here, not a missing value, the column has one level more`) ||
		strings.Count(got, "missing-value word") != 1 {
		t.Errorf("Unused %s: want the hint for bags only (grp's missing cells are NA; x is numeric)", got)
	}
}
