package frames

import (
	"math"
	"strings"
	"testing"
)

// A largest value held by several cells, 10 or more times every other
// value's size, is a possible missing-value code (loanapp's term: 999999
// on 4 rows, the next 480); a single extreme cell, a dose series, a code held by most
// cells, a gap below the factor, a column of zeros beside the code and
// negative values as large are not.
func TestCodeValue(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		v    []float64
		want bool
	}{
		{[]float64{360, 480, 999999, 180, 999999, nan, 360, 999999, 240, 999999}, true},
		{[]float64{0, 1, 666, 1, 0, 666, 0, 1}, true},         // gdlin: 0/1 and 666
		{[]float64{3, 999, 5, 7, 9, 11, 13, 15, 17}, false},   // one cell
		{[]float64{999, 999, 999, 1, 2}, false},               // most cells
		{[]float64{10, 20, 95, 95, 30}, false},                // under 10 times
		{[]float64{0, 0, 0, 50, 50}, false},                   // no other value but 0
		{[]float64{-500, 3, 2, 999, 999, 1}, false},           // −500 is as large
		{[]float64{nan, nan}, false},                          // nothing
		{[]float64{1, 2, math.Inf(1), math.Inf(1), 3}, false}, // infinite
	} {
		got, ok := codeValue(c.v)
		if ok != c.want {
			t.Errorf("%v: %+v, %v; want %v", c.v, got, ok, c.want)
		}
	}
	c, _ := codeValue([]float64{360, 480, 999999, 180, 999999, nan, 360, 999999, 240, 999999})
	c.Column = "term"
	if n := CodeValueNote([]CodeValue{c}); c.Value != 999999 || c.Rows != 4 || c.Next != 480 ||
		!strings.Contains(n, "term (4 cells hold 999999, every other value at most 480 in size)") {
		t.Errorf("%+v: %q", c, n)
	}
	if CodeValueNote(nil) != "" {
		t.Error("a note for no column")
	}
}
