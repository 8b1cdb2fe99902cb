package ingest

import (
	"math"
	"strconv"
	"strings"
)

// MissingTokens are the cell texts read as missing values (compared after
// trimming spaces, ignoring case).
var MissingTokens = []string{"", "?", "na", "n/a", "#n/a", "nan", "null", "none", "-", "--", "."}

// CellKind is what a cell holds.
type CellKind int

const (
	// Number: a finite number (true and false count as 1 and 0).
	Number CellKind = iota
	// Missing: empty or one of MissingTokens.
	Missing
	// Text: anything else, including "1,000", numbers that overflow
	// ("1e999") and Go's other forms of numbers ("1_000", "0x1p4", "Inf").
	Text
)

// ParseCell parses a cell: its value (NaN unless a Number) and kind. A
// number is written in decimal as CSV writers write it: digits with an
// optional sign, point and exponent ("-1.5e3", ".5", "2."); strconv's other
// forms (digit separators, hexadecimal, "Inf") are text.
func ParseCell(s string) (float64, CellKind) {
	t := strings.TrimSpace(s)
	if decimal(t) {
		if v, err := strconv.ParseFloat(t, 64); err == nil && !math.IsInf(v, 0) {
			return v, Number // the common case first
		}
	}
	for _, m := range MissingTokens {
		if strings.EqualFold(t, m) {
			return math.NaN(), Missing
		}
	}
	switch {
	case strings.EqualFold(t, "true"):
		return 1, Number
	case strings.EqualFold(t, "false"):
		return 0, Number
	}
	return math.NaN(), Text
}

// decimal reports whether t holds only the characters of a decimal number
// (strconv.ParseFloat then checks their order).
func decimal(t string) bool {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; {
		case '0' <= c && c <= '9', c == '.', c == 'e', c == 'E', c == '+', c == '-':
		default:
			return false
		}
	}
	return t != ""
}

// String returns "number", "missing" or "text".
func (k CellKind) String() string {
	switch k {
	case Number:
		return "number"
	case Missing:
		return "missing"
	}
	return "text"
}
