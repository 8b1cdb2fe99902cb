package frames

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/laoproject/lao/frames/ingest"
)

func targetError(name string, in *ColumnInfo) error {
	switch in.Kind {
	case Empty:
		return fmt.Errorf("frames: %s: target column %q is empty (every cell is missing): %w", name, in.Name, ErrMissing)
	default:
		ex := ""
		if len(in.First) > 0 {
			ex = fmt.Sprintf(", e.g. %q on %s", in.First[0].Text, in.First[0].Where()) + numberHint(in.First[0].Text)
		}
		return fmt.Errorf("frames: %s: target column %q is text (%d of %d cells are not numbers%s); a label must be a number (code two classes as -1 and +1): %w",
			name, in.Name, in.NotNumbers, in.NotNumbers+in.Numbers, ex, ErrNonNumeric)
	}
}

// NumberLikeError refuses numeric columns with cells that are numbers
// written another way (ColumnInfo.NumberLike: "1,5", "1,000"; Malformed:
// "1.23.456"), under every
// missing-value policy: dropped or filled like missing cells they would
// change the data without a word, and CellsError's advice to do so would
// be refused. It wraps ErrNonNumeric.
type NumberLikeError struct {
	Input   string
	Columns []ColumnInfo // in file order
	Target  string       // the label column's name (it may be among Columns)
}

// numberLikeError returns a *NumberLikeError for the numeric columns of
// cols with NumberLike cells, or nil if there are none.
func numberLikeError(input string, cols []ColumnInfo, target string) error {
	var bad []ColumnInfo
	for _, in := range cols {
		if in.Kind == Numeric && in.NumberLike+in.Malformed > 0 {
			bad = append(bad, in)
		}
	}
	if len(bad) == 0 {
		return nil
	}
	return &NumberLikeError{Input: input, Columns: bad, Target: target}
}

func (e *NumberLikeError) Error() string {
	var parts []string
	for _, in := range e.Columns {
		at := in.NumberLikeAt
		hint := numberHint(at.Text)
		if hint == "" {
			hint = " (number marks out of place? write it with digits and one decimal mark)"
		}
		parts = append(parts, fmt.Sprintf("column %q has %s such as %q on %s%s",
			in.Name, plural(in.NumberLike+in.Malformed, "number", "numbers"), at.Text, at.Where(), hint))
	}
	out := "rewrite them in the data (or leave the column out)"
	if slices.Contains(e.Names(), e.Target) {
		out = "rewrite them in the data"
	}
	return fmt.Sprintf("frames: %s: %s; numbers written another way are not missing values, and no missing-value policy drops or fills them: %s",
		e.Input, strings.Join(parts, "; "), out)
}

// Unwrap returns ErrNonNumeric.
func (e *NumberLikeError) Unwrap() error { return ErrNonNumeric }

// Names returns the columns' names, in file order.
func (e *NumberLikeError) Names() []string { return columnNames(e.Columns) }

// CellsError reports every numeric column that has cells missing or not
// numbers, under MissingError. It wraps ErrMissing when some cell is
// missing and ErrNonNumeric when some cell is not a number.
type CellsError struct {
	Input   string
	Columns []ColumnInfo // the columns, in file order
	// Target is the label column's name (it may be among Columns).
	Target string
	// Features counts the table's numeric feature columns, those with bad
	// cells included (0: not known).
	Features int
	// Blank counts the rows in which every cell is missing (a line of
	// separators only, as spreadsheets export below their data), and
	// FirstBlank holds the first few (their positions, no text).
	Blank      int
	FirstBlank []Cell
	// NoHeader: the file was read without a header line
	// (CSVOptions.NoHeader); when every bad cell is on line 1, the message
	// says that line looks like a header.
	NoHeader bool
	// SkipLines: the lines skipped before the table (CSVOptions.SkipLines).
	SkipLines int
}

// headerLike reports whether two columns or more are bad, each for one
// text cell on line 1 alone (not a missing one): a header read as data.
func (e *CellsError) headerLike() bool {
	for _, in := range e.Columns {
		if in.NotNumbers != 1 || in.Missing != 0 || len(in.First) == 0 || in.First[0].Line != e.SkipLines+1 || in.First[0].unit == "row" {
			return false
		}
	}
	return e.NoHeader && len(e.Columns) > 1
}

// blankRows counts the rows whose every cell is missing, keeping the first
// few, for CellsError.
type blankRows struct {
	n     int
	first []Cell
}

// add counts the row at pos (unit: what pos counts) if every cell of it,
// of the kinds given, is missing.
func (b *blankRows) add(kinds []ingest.CellKind, pos int, unit string) {
	for _, k := range kinds {
		if k != ingest.Missing {
			return
		}
	}
	if b.n++; len(b.first) < 3 { // as ColumnInfo.First
		b.first = append(b.first, Cell{Line: pos, unit: unit})
	}
}

// note adds the blank rows to err if it is a CellsError.
func (b *blankRows) note(err error) error {
	var ce *CellsError
	if b.n > 0 && errors.As(err, &ce) {
		ce.Blank, ce.FirstBlank = b.n, b.first
	}
	return err
}

// detailed is how many columns the message describes cell by cell; the
// others are named.
const detailed = 10

func (e *CellsError) Error() string {
	var parts, others []string
	for i, in := range e.Columns {
		role := "column"
		if in.Name == e.Target {
			role = "target column"
		}
		if i >= detailed {
			others = append(others, fmt.Sprintf("%q", in.Name))
			continue
		}
		var cells []string
		for _, c := range in.First {
			cells = append(cells, fmt.Sprintf("%s: %q", c.Where(), c.Text)+numberHint(c.Text))
		}
		bad := in.Missing + in.NotNumbers
		more := ""
		if bad > len(in.First) {
			more = fmt.Sprintf(" and %d more", bad-len(in.First))
		}
		parts = append(parts, fmt.Sprintf("%s %q is numeric (%s) but %s missing or not a number (%s%s)",
			role, in.Name, plural(in.Numbers, "cell is a number", "cells are numbers"), plural(bad, "cell is", "cells are"), strings.Join(cells, ", "), more))
	}
	if len(others) > 0 {
		parts = append(parts, fmt.Sprintf("and so are %s more: %s", plural(len(others), "column"), strings.Join(others, ", ")))
	}
	head := ""
	if len(e.Columns) > 1 {
		head = fmt.Sprintf("%d numeric columns have cells missing or not numbers: ", len(e.Columns))
	}
	msg := fmt.Sprintf("frames: %s: %s%s%s; %s", e.Input, e.blank(), head, strings.Join(parts, "; "), e.advice())
	if e.headerLike() {
		msg += fmt.Sprintf("\n(line %d looks like a header: its cells are the only ones that are not numbers in their columns; read the file without --no-header, CSVOptions.NoHeader in Go, "+
			"or, if that line is not the table's (a line of counts or notes above headerless rows), skip it with --skip-lines %d)", e.SkipLines+1, e.SkipLines+1)
	}
	return msg
}

// blank says which rows have no value at all ("" if none): their cells are
// among those listed after it, and deleting the rows is the likely fix.
func (e *CellsError) blank() string {
	if e.Blank == 0 {
		return ""
	}
	var at []string
	for _, c := range e.FirstBlank {
		at = append(at, c.Where())
	}
	more := ""
	if e.Blank > len(at) {
		more = fmt.Sprintf(" and %d more", e.Blank-len(at))
	}
	them, what := "them", "every cell null"
	if e.Blank == 1 {
		them = "it"
	}
	if e.FirstBlank[0].unit != "row" {
		what = "separators only, as a spreadsheet may export below its data"
	}
	return fmt.Sprintf("%s no value in any column (%s%s: %s; delete %s, or drop %s with the missing-value policy drop-rows); ",
		plural(e.Blank, "row has", "rows have"), strings.Join(at, ", "), more, what, them, them)
}

// PolicyAdvice is the advice that closes the error's message (the
// missing-value policies by their names, drop-rows and mean), for a caller
// that words it in its own terms (a command line's flags).
func (e *CellsError) PolicyAdvice() string { return e.advice() }

// advice says what the missing-value policies (by the names Missing.String
// and the command line's --missing give them) would do with these cells: a
// feature cell can be dropped with its row or filled, a label only dropped.
func (e *CellsError) advice() string {
	features, label := false, false
	for _, in := range e.Columns {
		if in.Name == e.Target {
			label = true
		} else {
			features = true
		}
	}
	switch {
	case !features:
		return "fix them, or drop those rows (missing-value policy drop-rows or mean: a label is never filled)"
	case label:
		return "fix them, or drop those rows (missing-value policy drop-rows) or fill the feature cells with the training mean (policy mean; rows whose label is missing are dropped, a label is never filled)"
	}
	return "fix them, or drop those rows (missing-value policy drop-rows) or fill them with the training mean (policy mean)"
}

// Unwrap returns ErrMissing and/or ErrNonNumeric.
func (e *CellsError) Unwrap() []error {
	var out []error
	var missing, text bool
	for _, in := range e.Columns {
		missing, text = missing || in.Missing > 0, text || in.NotNumbers > 0
	}
	if missing {
		out = append(out, ErrMissing)
	}
	if text {
		out = append(out, ErrNonNumeric)
	}
	return out
}

// Names returns the columns' names, in file order.
func (e *CellsError) Names() []string { return columnNames(e.Columns) }

func columnNames(cols []ColumnInfo) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c.Name
	}
	return out
}

// plural returns "1 cell" or "3 cells" (or the given plural form).
func plural(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}
