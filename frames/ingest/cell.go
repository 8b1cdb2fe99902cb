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
	// Text: anything else, including "1,000" and numbers that overflow
	// ("1e999").
	Text
)

// ParseCell parses a cell: its value (NaN unless a Number) and kind.
func ParseCell(s string) (float64, CellKind) {
	t := strings.TrimSpace(s)
	if v, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return v, Number // the common case first
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
