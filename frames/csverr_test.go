package frames_test

import (
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
)

// The missing-cell error's advice fits the columns: a label can only be
// dropped, never filled; features can be dropped or filled.
func TestCellsErrorAdvice(t *testing.T) {
	for _, c := range []struct {
		csv, want, not string
	}{
		{"a,y\n1,1\n2,\n3,2\n", "drop those rows (missing-value policy drop-rows or mean: a label is never filled)", "fill them"},
		{"a,y\n1,1\n,2\n3,2\n", "fill them with the training mean (policy mean)", "label"},
		{"a,y\n1,1\n,2\n3,\n", "fill the feature cells with the training mean (policy mean; rows whose label is missing are dropped, a label is never filled)", "Missing policy"},
	} {
		_, err := frames.ReadCSV(strings.NewReader(c.csv), frames.CSVOptions{Name: "t.csv", Target: "y"})
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), c.not) {
			t.Errorf("%q: %v; want %q, not %q", c.csv, err, c.want, c.not)
		}
	}
}
