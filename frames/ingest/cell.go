package ingest

import (
	"math"
	"regexp"
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

// ParseDecimalComma parses a cell of a table written with decimal commas,
// as much of Europe writes numbers: "1,5" is 1.5, "-0,25e3" is −250, and
// points may group thousands where that cannot be read another way:
// "1.234,5" is 1234.5 (a comma after the points) and "1.234.567" is
// 1234567 (two points). A cell without a comma or a point is read by
// ParseCell (integers, missing tokens, true and false). Any other point
// makes the cell text, "3.14" and also "1.234", which could be 1234 or
// 1.234: a reader should ask rather than guess.
func ParseDecimalComma(s string) (float64, CellKind) {
	t := strings.TrimSpace(s)
	if !strings.ContainsAny(t, ",.") {
		return ParseCell(t)
	}
	if commaNumber.MatchString(t) && strings.ContainsAny(t, "0123456789") {
		return ParseCell(strings.Replace(strings.ReplaceAll(t, ".", ""), ",", ".", 1))
	}
	if v, kind := ParseCell(t); kind == Missing {
		return v, kind
	}
	return math.NaN(), Text
}

// ParseGrouped parses a cell of a table that writes its numbers with the
// decimal mark dec ('.' or ',') and the mark thousands between groups of
// three digits (a point, a comma, a space or an apostrophe; not dec): with '.' and ',',
// "1,234.5" is 1234.5; with ',' and '.', "7.225" is 7225 and "1.234,5" is
// 1234.5. Groups are optional ("1234,5" too), but where they are written
// the first has one to three digits, not starting with 0, and every other
// three; a cell with a mark anywhere else is text. A cell without either
// mark is read by ParseCell.
func ParseGrouped(s string, dec, thousands rune) (float64, CellKind) {
	t := strings.TrimSpace(s)
	if !strings.ContainsRune(t, dec) && !strings.ContainsRune(t, thousands) {
		return ParseCell(t)
	}
	if plain, ok := ungroup(t, dec, thousands); ok {
		return ParseCell(plain)
	}
	if v, kind := ParseCell(t); kind == Missing {
		return v, kind
	}
	return math.NaN(), Text
}

// ungroup rewrites t, a number with the decimal mark dec and groups of
// thousands between thousands marks, as ParseCell reads numbers; ok is
// false if the marks are out of place.
func ungroup(t string, dec, thousands rune) (string, bool) {
	sign := ""
	if t != "" && (t[0] == '+' || t[0] == '-') {
		sign, t = t[:1], t[1:]
	}
	mant, exp := t, ""
	if i := strings.IndexAny(t, "eE"); i >= 0 {
		mant, exp = t[:i], t[i:]
	}
	whole, frac, point := strings.Cut(mant, string(dec))
	groups := strings.Split(whole, string(thousands))
	if len(groups) > 1 && (len(groups[0]) == 0 || len(groups[0]) > 3 || groups[0][0] == '0') {
		return "", false
	}
	for _, g := range groups[1:] {
		if len(g) != 3 {
			return "", false
		}
	}
	digits := strings.Join(groups, "")
	if !allDigits(digits) || !allDigits(frac) || digits+frac == "" {
		return "", false
	}
	if point {
		digits += "." + frac
	}
	return sign + digits + exp, true
}

// allDigits reports whether s holds only ASCII digits ("" too).
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// commaNumber matches a number ParseDecimalComma reads: an optional sign;
// digits, or groups of three between points after a first group that does
// not start with 0; then a comma and its fraction (required after a single
// group: "1.234" is ambiguous), or two groups or more; an optional
// exponent.
var commaNumber = regexp.MustCompile(`^[+-]?(\d*|[1-9]\d{0,2}(\.\d{3})+),\d*([eE][+-]?\d+)?$` +
	`|^[+-]?[1-9]\d{0,2}(\.\d{3}){2,}([eE][+-]?\d+)?$`)

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
