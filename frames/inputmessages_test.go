package frames

// Messages about the input a user gives: its header, its cells, its split.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// A first line of numbers read as the header (scikit-learn's
// diabetes_data_raw.csv.gz has none) is warned about; a header with a few
// numeric names (years) is not.
func TestNumericHeaderWarning(t *testing.T) {
	if got := NumericHeader([]string{"59", "2", "32.1", "x"}); len(got) != 3 {
		t.Errorf("NumericHeader = %q, want the three numbers", got)
	}
	if got := NumericHeader([]string{"country", "1990", "2000", "gdp"}); got != nil {
		t.Errorf("NumericHeader = %q on a header with two years among four names", got)
	}
	// A World Bank table: four text columns, then one per year (statsmodels'
	// fertility.csv warned "54 column names are numbers").
	if got := NumericHeader([]string{"Country Name", "Country Code", "1960", "1961", "1962", "1963", "1964"}); got != nil {
		t.Errorf("NumericHeader = %q on a header of consecutive years", got)
	}
	if got := NumericHeader([]string{"5", "4", "8", "7", "x"}); !slices.Equal(got, []string{"5", "4", "8", "7"}) {
		t.Errorf("NumericHeader = %q, want the four numbers (5, 4 and 8, 7 are runs of two, not years)", got)
	}
	// scikit-learn's boston_house_prices.csv: a first line "506,13," and
	// then empty cells, which the reader names column3, column4, …
	boston := []string{"506", "13", "column3", "column4", "column5_2", "column6"}
	if got := NumericHeader(boston); !slices.Equal(got, []string{"506", "13"}) {
		t.Errorf("NumericHeader = %q, want the two counts (the other four cells were empty)", got)
	}
	if got := GeneratedNames(boston); !slices.Equal(got, []string{"column3", "column4", "column5_2", "column6"}) {
		t.Errorf("GeneratedNames = %q", got)
	}
	if got := NumericHeader([]string{"age", "column2", "column3", "x"}); got != nil {
		t.Errorf("NumericHeader = %q on a header of names and empty cells, no number", got)
	}
	if got := GeneratedNames([]string{"column2", "column1", "column30"}); got != nil {
		t.Errorf("GeneratedNames = %q: names columnJ out of their place are the user's", got)
	}
	df := dataframe.LoadRecords([][]string{{"59", "2", "87"}, {"48", "1", "69"}, {"72", "2", "141"}, {"24", "1", "206"},
		{"50", "1", "135"}, {"23", "1", "97"}, {"36", "2", "138"}, {"66", "2", "63"}, {"60", "2", "110"}, {"29", "1", "310"}, {"22", "1", "101"}})
	p, err := PrepareFrame(df, "87", Options{}, 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	w := strings.Join(p.Warnings(), "\n")
	if !strings.Contains(w, `the header looks like data: 3 column names are numbers ("59", "2", "87")`) {
		t.Errorf("warnings %q", w)
	}
}

// A cell quoted in a message is cut to its first MaxCellText bytes with its
// length said (a 2 MB cell was echoed whole), and a target written with
// decimal commas gets the same hint as a feature.
func TestCellMessagesShortAndHinted(t *testing.T) {
	long := strings.Repeat("9", 100000)
	_, err := ReadCSV(strings.NewReader("a,y\n1,2\n"+long+",3\n4,5\n"), CSVOptions{Name: "long.csv", Target: "y"})
	if err == nil || len(err.Error()) > 600 || !strings.Contains(err.Error(), "… (100000 bytes)") {
		t.Errorf("long cell: %d bytes of message: %.300v", len(fmt.Sprint(err)), err)
	}
	_, err = ReadCSV(strings.NewReader("a;y\n1;2,5\n3;4,25\n"), CSVOptions{Name: "eu.csv", Target: "y"})
	if err == nil || !strings.Contains(err.Error(), "decimal comma") {
		t.Errorf("decimal-comma target: %v", err)
	}
	if c := NewCell(2, "é"+strings.Repeat("x", 58)+"é", "line"); !utf8.ValidString(c.Text) {
		t.Errorf("cut inside a rune: %q", c.Text)
	}
}

// An unnamed column is named columnJ unless the file names another column
// so (",column1,y" was refused as two columns named "column1").
func TestUnnamedColumnNoFalseDuplicate(t *testing.T) {
	tab, err := ReadCSV(strings.NewReader(",column1,y\n1,2,3\n4,5,7\n"), CSVOptions{Name: "u.csv", Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Names(); len(got) != 3 || got[0] != "column1_2" || got[1] != "column1" {
		t.Errorf("names %q", got)
	}
	if _, err := ReadCSV(strings.NewReader("a,a,y\n1,2,3\n"), CSVOptions{Name: "d.csv", Target: "y"}); err == nil {
		t.Error("two columns named a: no error")
	}
}

// A text column under an empty header cell (R's write.csv puts the row
// names there) is said to be that; a named text column is not.
func TestRowNamesColumnSaid(t *testing.T) {
	tab, err := ReadCSV(strings.NewReader("\"\",\"id\",x,y\nMazda,a1,1,2\nFiat,b2,2,3\nVolvo,c3,3,5\n"), CSVOptions{Name: "r.csv", Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	u := tab.Unused()
	if len(u) != 2 || u[0].Column != "column1" || !strings.Contains(u[0].Reason, "its header cell is empty (row names") {
		t.Fatalf("unused %q", u)
	}
	if strings.Contains(u[1].Reason, "header cell is empty") {
		t.Errorf("named column %q said unnamed: %s", u[1].Column, u[1].Reason)
	}
}

// A split that leaves a part empty says which and what test fraction would
// do; a training part of one row says that is why every column is constant.
func TestSplitMessagesSayWhy(t *testing.T) {
	if _, _, err := Split(3, 0.1, 1); err == nil || !strings.Contains(err.Error(), "leaves the test part empty: it needs a test fraction of at least 0.334") {
		t.Errorf("Split(3, 0.1): %v", err)
	}
	// The fraction the message suggests works, whatever m (0.0714 of 7 rows would not).
	for _, m := range []int{2, 3, 6, 7, 14, 200, 1000, 12345} {
		for _, f := range []float64{1e-6, 1 - 1e-9} {
			_, _, err := Split(m, f, 1)
			var got float64
			if err == nil {
				t.Fatalf("Split(%d, %g) did not fail", m, f)
			}
			msg := err.Error()
			i := strings.Index(msg, "test fraction of at ")
			if _, e := fmt.Sscanf(msg[i+len("test fraction of at least "):], "%g", &got); e != nil && f < 0.5 {
				t.Fatalf("%q: %v", msg, e)
			}
			if f > 0.5 {
				fmt.Sscanf(msg[i+len("test fraction of at most "):], "%g", &got)
			}
			if _, _, err := Split(m, got, 1); err != nil {
				t.Errorf("m = %d: the suggested %g fails: %v", m, got, err)
			}
		}
	}
	if _, _, err := Split(200, 0.999, 1); err == nil || !strings.Contains(err.Error(), "leaves the training part empty") {
		t.Errorf("Split(200, 0.999): %v", err)
	}
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range 200 {
		fmt.Fprintf(&b, "%d,%d,%d\n", i%7, i%5, i%3)
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Name: "t.csv", Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	opt := OptionsFor(&lao.AERR{K: 1})
	opt.DropConstant = true
	if _, err := PrepareFrame(tab.DataFrame, "y", opt, 0.995, 1); err == nil || !strings.Contains(err.Error(), "on the 1 training row(s)") {
		t.Errorf("one training row: %v", err)
	}
}

// The small-CV warning's advice clears it when followed: the most folds
// that leave MinValidationRows each, or no CV when even 2 folds do not.
func TestSmallTableAdvice(t *testing.T) {
	for _, c := range []struct {
		m, folds int
		want     string
	}{
		{29, 5, "use at most 2 folds (--cv 2;"},
		{29, 3, "use at most 2 folds (--cv 2;"},
		{45, 5, "use at most 4 folds (--cv 4;"},
		{19, 2, "more rows would help; no CV at all (--cv 0, or Prepared.Fit in Go) would use the theorems' worst-case defaults, often worse still"},
	} {
		w := smallTableWarnings(c.m, 1, c.folds)
		if len(w) == 0 || !strings.Contains(w[0], c.want) {
			t.Errorf("%d rows, %d folds: %q, want %q", c.m, c.folds, w, c.want)
		}
		if f := c.m / MinValidationRows; f >= 2 && len(smallTableWarnings(c.m, 1, f)) > 0 {
			t.Errorf("%d rows: the advised %d folds still warn: %q", c.m, f, smallTableWarnings(c.m, 1, f))
		}
	}
	// Where the folds that leave 10 validation rows leave each fit fewer
	// than 2 rows per attribute (mtcars: 29 rows, 10 attributes, --cv 2
	// then warned of that), the advice says no fold count does both.
	w := smallTableWarnings(29, 10, 5)
	if len(w) == 0 || !strings.Contains(w[0], "no number of folds leaves both 10 validation rows and 2 training rows per attribute on 29 rows of 10 attributes") || strings.Contains(w[0], "--cv 2") {
		t.Errorf("29 rows of 10 attributes: %q", w)
	}
}
