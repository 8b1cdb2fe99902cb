package frames

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
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
