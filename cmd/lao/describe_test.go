package main

import (
	"encoding/json"
	"math"
	"testing"
)

// describe --json carries the column summary the text lists, by name
// (a new user found no column name in it, only the transform's arrays):
// --columns of them, largest second moment first, the others named; the
// raw mean and the flag agree with the data.
func TestDescribeJSONColumns(t *testing.T) {
	data := writeCSV(t, 200) // a in [0, 4), b in [−1, 1), c in [0, 1); name is text
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
			}
			NotListed []string `json:"columns_not_listed"`
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		if len(rep.Columns) != c.listed || len(rep.NotListed) != 3-c.listed {
			t.Fatalf("--columns %s: %d listed, %v not, want %d and %d", c.cols, len(rep.Columns), rep.NotListed, c.listed, 3-c.listed)
		}
		for i, col := range rep.Columns {
			if i > 0 && col.SecondMoment > rep.Columns[i-1].SecondMoment {
				t.Errorf("--columns %s: %s after %s has the larger second moment", c.cols, col.Column, rep.Columns[i-1].Column)
			}
			if col.Column == "a" && (math.Abs(col.Mean-2) > 0.3 || col.Min < 0 || col.Max >= 4) {
				t.Errorf("column a: mean %g, range [%g, %g], want about 2 within [0, 4)", col.Mean, col.Min, col.Max)
			}
		}
	}
}
