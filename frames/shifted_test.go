package frames

import (
	"fmt"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// A column constant on the training rows but not on the held-out last
// rows (a law in force from row 35 on) is left out with a reason that
// says so, not "constant: every value is 0", and a warning names the test
// rows that differ; a column constant on every row keeps the plain reason.
func TestShiftedColumn(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,law,flat,y\n")
	for i := range 40 {
		law := 0
		if i >= 35 {
			law = 1
		}
		fmt.Fprintf(&b, "%d,%d,7,%g\n", i%7, law, float64(i%7)+0.5*float64(law))
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := SplitLast(40, 0.25, 1)
	if err != nil {
		t.Fatal(err)
	}
	p, err := PrepareFrameRows(tab.DataFrame, "y", OptionsFor(&lao.AERR{K: 1}), train, test)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Shifted) != 1 || p.Shifted[0] != (Shifted{Column: "law", Value: 0, Differ: 5, Rows: 10}) {
		t.Fatalf("Shifted = %+v, want law: 0 on the training rows, 5 of 10 test rows differ", p.Shifted)
	}
	reasons := map[string]string{}
	for _, u := range p.Unused {
		reasons[u.Column] = u.Reason
	}
	if r := reasons["law"]; r != "constant on the training rows (every value is 0), not on the test rows: 5 of 10 hold other values" {
		t.Errorf("law's reason %q", r)
	}
	if r := reasons["flat"]; r != "constant: every value is 7" {
		t.Errorf("flat's reason %q", r)
	}
	w := strings.Join(p.Warnings(), "\n")
	if !strings.Contains(w, "column law is constant on the training rows (every value is 0) but 5 of the 10 test rows hold other values") ||
		!strings.Contains(w, "hold out fewer of the last rows") || strings.Contains(w, "column flat") {
		t.Errorf("warnings:\n%s", w)
	}
}
