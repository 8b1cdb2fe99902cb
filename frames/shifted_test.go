package frames

import (
	"fmt"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// A column constant on the training rows but not on the held-out last
// rows (a law in force from row 35 on) is left out with a reason that
// says so (it read "constant: every value is 0"), and a warning names the
// test rows that differ; a column constant on every row keeps the plain
// reason.
// Missing cells (the law's first training cell, two of its test cells)
// are neither the training value nor another: the first present
// training value is the constant, and the test rows counted are those
// with a value.
func TestShiftedColumn(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,law,flat,y\n")
	for i := range 40 {
		law := "0"
		switch {
		case i == 0 || i == 36 || i == 38:
			law = ""
		case i >= 35:
			law = "1"
		}
		fmt.Fprintf(&b, "%d,%s,7,%g\n", i%7, law, float64(i%7)+0.5*float64(i/35))
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y", Missing: MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := SplitLast(40, 0.25, 1)
	if err != nil {
		t.Fatal(err)
	}
	opt := OptionsFor(&lao.AERR{K: 1})
	opt.FillMissing = true
	p, err := PrepareFrameRows(tab.DataFrame, "y", opt, train, test)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Shifted) != 1 || p.Shifted[0] != (Shifted{Column: "law", Value: 0, Differ: 3, Rows: 8}) {
		t.Fatalf("Shifted = %+v, want law: 0 on the training rows, 3 of the 8 test rows with a value differ", p.Shifted)
	}
	reasons := map[string]string{}
	for _, u := range p.Unused {
		reasons[u.Column] = u.Reason
	}
	if r := reasons["law"]; r != "constant on the training rows (every value is 0), not on the test rows: 3 of 8 hold other values" {
		t.Errorf("law's reason %q", r)
	}
	if r := reasons["flat"]; r != "constant on the training rows: every value is 7" {
		t.Errorf("flat's reason %q", r)
	}
	w := strings.Join(p.Warnings(), "\n")
	if !strings.Contains(w, "constant on the training rows but not on the test rows: law (every training value is 0; 3 of the 8 test rows hold others)") ||
		!strings.Contains(w, "hold out fewer of the last rows") || strings.Contains(w, "flat") {
		t.Errorf("warnings:\n%s", w)
	}
}

// Many shifted columns give one warning naming three and counting the
// others.
func TestShiftedWarningGroups(t *testing.T) {
	cols := make([]Shifted, 5)
	for i := range cols {
		cols[i] = Shifted{Column: fmt.Sprintf("c%d", i), Value: 0, Differ: 1, Rows: 3}
	}
	w := shiftedWarning(cols, false)
	if !strings.Contains(w, "c0 (every training value is 0; 1 of the 3 test rows hold others), c1 ") || !strings.Contains(w, "c2 (") ||
		strings.Contains(w, "c3") || !strings.Contains(w, "and 2 more") || strings.Contains(w, "last rows") {
		t.Errorf("%s", w)
	}
	if shiftedWarning(nil, true) != "" {
		t.Error("a warning for no column")
	}
}

// A table whose every feature is constant says so naming ten columns and
// counting the rest (a 30,000-column table printed every name).
func TestEveryColumnConstantNamesFew(t *testing.T) {
	var b strings.Builder
	for j := range 12 {
		fmt.Fprintf(&b, "c%d,", j)
	}
	b.WriteString("y\n")
	for i := range 20 {
		b.WriteString(strings.Repeat("0,", 12))
		fmt.Fprintf(&b, "%d\n", i)
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = PrepareFrame(tab.DataFrame, "y", OptionsFor(&lao.AERR{K: 1}), 0.2, 1)
	if err == nil || !strings.Contains(err.Error(), `("c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", and 2 more)`) {
		t.Errorf("error %v", err)
	}
}
