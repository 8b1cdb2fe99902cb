package ingest

import (
	"fmt"
	"math"
)

// FloatCell classifies a cell that a typed source (a Parquet column, a
// database's double) holds as a float, by ParseCell's rule: NaN is missing
// (as the token "nan"), ±Inf is text (as "1e999"), any other value a
// number. The text is given for a cell that is not a number.
func FloatCell(v float64) (float64, CellKind, string) {
	switch {
	case math.IsNaN(v):
		return math.NaN(), Missing, "NaN"
	case math.IsInf(v, 0):
		return math.NaN(), Text, fmt.Sprint(v)
	}
	return v, Number, ""
}

// TextCell classifies a cell that a typed source holds as a string, by
// ParseCell, and returns its text with it.
func TextCell(s string) (float64, CellKind, string) {
	v, kind := ParseCell(s)
	return v, kind, s
}
