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
	Value  float64 // its value on every training row that has one
	Differ int     // test rows holding another value
	Rows   int     // test rows holding a value
}

// shiftedColumns returns the columns of dropped (constant on trainDF,
// missing cells aside) whose cells in testDF hold other values, in the
// order given. Each frame's columns are indexed once (columnsOf: gota's
// Col lists every name at each call); a column that cannot be read as
// numbers is skipped.
func shiftedColumns(trainDF, testDF dataframe.DataFrame, dropped []string) []Shifted {
	if len(dropped) == 0 {
		return nil
	}
	tr, errTr := columnsOf(trainDF)
	te, errTe := columnsOf(testDF)
	if errTr != nil || errTe != nil {
		return nil
	}
	var out []Shifted
	for _, name := range dropped {
		train, err1 := tr.read(name, "feature", true)
		test, err2 := te.read(name, "feature", true)
		i := firstPresent(train)
		if err1 != nil || err2 != nil || i < 0 {
			continue
		}
		s := Shifted{Column: name, Value: train[i]}
		for _, x := range test {
			if !math.IsNaN(x) {
				s.Rows++
				if x != s.Value {
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

// firstPresent returns the index of the first value of v that is not
// NaN (a missing cell), or −1.
func firstPresent(v []float64) int {
	for i, x := range v {
		if !math.IsNaN(x) {
			return i
		}
	}
	return -1
}

// reason is the Unused reason of the column: constant on the training
// rows only.
func (s Shifted) reason() string {
	return fmt.Sprintf("constant on the training rows (every value is %g), not on the test rows: %d of %d hold other values", s.Value, s.Differ, s.Rows)
}

// shiftedWarning is the sentence fit, compare and describe print for the
// columns (a few named, the others counted), or "" for none.
func shiftedWarning(cols []Shifted, testLast bool) string {
	if len(cols) == 0 {
		return ""
	}
	const named = 3
	var parts []string
	for _, s := range cols[:min(len(cols), named)] {
		parts = append(parts, fmt.Sprintf("%s (every training value is %g; %d of the %d test rows hold others)", s.Column, s.Value, s.Differ, s.Rows))
	}
	if len(cols) > named {
		parts = append(parts, fmt.Sprintf("and %d more", len(cols)-named))
	}
	remedy := "a column that rarely leaves one value can fall so on a random split"
	if testLast {
		remedy = "the held-out last rows saw a change the earlier rows never did: hold out fewer of the last rows (--test-frac; testFrac in Go) if the training rows should include it"
	}
	return fmt.Sprintf("constant on the training rows but not on the test rows: %s; the model cannot use such a column and predicts those test rows as if they held the training value; %s",
		strings.Join(parts, ", "), remedy)
}

// markShifted rewrites the Unused reasons of the shifted columns in place
// (Prepared.Unused is Data.Unused: both show the new reason).
func markShifted(unused []Unused, shifted []Shifted) {
	for _, s := range shifted {
		for i := range unused {
			if unused[i].Column == s.Column && strings.HasPrefix(unused[i].Reason, "constant") {
				unused[i].Reason = s.reason()
			}
		}
	}
}
