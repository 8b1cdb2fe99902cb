package frames

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
)

// Shifted is a feature column left out because it is constant on the
// training rows (Data.Dropped) whose test rows hold other values: the
// model cannot use it, and those test rows lie where no training row was
// (a law that came into force during the held-out period, a rare category
// whose every row fell into the test part).
type Shifted struct {
	Column string
	Value  float64 // its value on every training row
	Differ int     // test rows holding another value
	Rows   int     // test rows holding a value
}

// shiftedColumns returns the columns of dropped (constant on trainDF)
// whose cells in testDF hold other values, in the order given.
func shiftedColumns(trainDF, testDF dataframe.DataFrame, dropped []string) []Shifted {
	var out []Shifted
	for _, name := range dropped {
		v, ok := firstValue(trainDF, name)
		if !ok {
			continue
		}
		s := Shifted{Column: name, Value: v}
		for _, x := range floatCol(testDF, name) {
			if !math.IsNaN(x) {
				s.Rows++
				if x != v {
					s.Differ++
				}
			}
		}
		if s.Differ > 0 {
			out = append(out, s)
		}
	}
	return out
}

// floatCol returns df's column name as numbers (NaN for a missing cell),
// or nil if df has no such column.
func floatCol(df dataframe.DataFrame, name string) []float64 {
	for _, n := range df.Names() {
		if n == name {
			return df.Col(name).Float()
		}
	}
	return nil
}

// firstValue returns the first value present in df's column name.
func firstValue(df dataframe.DataFrame, name string) (float64, bool) {
	for _, x := range floatCol(df, name) {
		if !math.IsNaN(x) {
			return x, true
		}
	}
	return 0, false
}

// reason is the Unused reason of the column: constant on the training
// rows only.
func (s Shifted) reason() string {
	return fmt.Sprintf("constant on the training rows (every value is %g), not on the test rows: %d of %d hold other values", s.Value, s.Differ, s.Rows)
}

// warning is the sentence fit, compare and describe print for the column.
func (s Shifted) warning(testLast bool) string {
	remedy := "with random splits a column that rarely differs from one value can fall so on some splits; compare's other splits will vary it"
	if testLast {
		remedy = "the held-out last rows saw a change the earlier rows never did: hold out fewer of the last rows (--test-frac; testFrac in Go) if the training rows should include it"
	}
	return fmt.Sprintf("column %s is constant on the training rows (every value is %g) but %d of the %d test rows hold other values: "+
		"the model cannot use it, and it predicts those rows as if they held %g; %s", s.Column, s.Value, s.Differ, s.Rows, s.Value, remedy)
}

// markShifted rewrites the Unused reasons of the shifted columns.
func markShifted(unused []Unused, shifted []Shifted) {
	for _, s := range shifted {
		for i := range unused {
			if unused[i].Column == s.Column && strings.HasPrefix(unused[i].Reason, "constant") {
				unused[i].Reason = s.reason()
			}
		}
	}
}
