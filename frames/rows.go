package frames

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// Rows is a table read row by row: the form in which every reader hands a
// table to the reading core (ReadRows in memory, StreamRows in passes), so
// that a CSV file, a Parquet or Arrow file and an SQL query get the same
// column classification, missing-value policy and errors. ReadCSV and
// StreamCSV read a CSV file as Rows; packages frames/columnar and
// frames/sqltable provide the others.
type Rows interface {
	// Names returns the column names, in order (an empty name becomes
	// "columnJ"; two equal names are an error).
	Names() []string
	// Next advances to the next row and returns its position in the
	// source (a CSV file's line, a row number counted from 1 otherwise),
	// or io.EOF after the last row. Errors name the source and position.
	Next() (pos int, err error)
	// Cell returns cell j of the current row by ingest.ParseCell's rule
	// (a CSV file read with CSVOptions.DecimalComma: ParseDecimalComma's):
	// a finite number (Number), a missing cell (Missing: empty, a missing
	// token, a null) or anything else (Text: text, ±Inf, a date), with the
	// cell's text when it is not a Number (for messages and text columns).
	Cell(j int) (v float64, kind ingest.CellKind, text string)
	// Close releases the source.
	Close() error
}

// PosNamer is implemented by Rows whose positions are not row numbers:
// PosName returns what a position counts ("line" for a CSV file). Messages
// say "row 12" otherwise.
type PosNamer interface{ PosName() string }

// RowEstimator is implemented by Rows that can estimate their number of
// rows before reading them all (from the input's size), so that ReadRows
// checks Limits.MaxMemory early.
type RowEstimator interface {
	EstimateRows() (rows int64, ok bool)
}

// rowTable is a Rows with its header checked against the options: the
// input of the reading core.
type rowTable struct {
	name    string
	opt     CSVOptions
	rows    Rows
	unit    string // what a position counts: "line" or "row"
	names   []string
	unnamed []bool // header cells that were empty (the name is then columnJ)
	ignored []bool
}

// newRowTable checks the column names of rows against opt (target and
// ignored columns exist, no two names are equal).
func newRowTable(rows Rows, name string, opt CSVOptions) (*rowTable, error) {
	t := &rowTable{name: name, opt: opt, rows: rows, unit: "row"}
	if p, ok := rows.(PosNamer); ok {
		t.unit = p.PosName()
	}
	if err := t.header(rows.Names()); err != nil {
		return nil, err
	}
	return t, nil
}

// unquoteSingle strips the single quotes around every name of a header
// whose every name is written so ('OBS' 'GPA' 'GRADE': statsmodels'
// spector.csv), as the double quotes of CSV are; any other header is
// returned as it is.
func unquoteSingle(rec []string) []string {
	for _, h := range rec {
		if len(h) < 2 || h[0] != '\'' || h[len(h)-1] != '\'' {
			return rec
		}
	}
	out := make([]string, len(rec))
	for j, h := range rec {
		out[j] = h[1 : len(h)-1]
	}
	return out
}

// header names the columns (an empty name becomes "columnJ", or
// "columnJ_2"... if the file names another column so) and checks the
// target and the ignored columns.
func (t *rowTable) header(rec []string) error {
	rec = unquoteSingle(rec)
	seen := make(map[string]int, len(rec))
	t.names, t.ignored = make([]string, 0, len(rec)), make([]bool, 0, len(rec))
	t.unnamed = make([]bool, len(rec))
	named := make(map[string]bool, len(rec))
	for _, h := range rec {
		named[h] = true
	}
	for j, h := range rec {
		if h == "" {
			h = fmt.Sprintf("column%d", j+1)
			for n := 2; named[h]; n++ {
				h = fmt.Sprintf("column%d_%d", j+1, n)
			}
			named[h] = true
			t.unnamed[j] = true
		}
		if k, dup := seen[h]; dup {
			// The hint weighs the whole line: a line of data read as names
			// repeats a value, and then there are no names to rename.
			t.names = rec
			if hint := t.headerHint(); hint != "" {
				return fmt.Errorf("frames: %s: %s: %w%s", t.name, sameName(k, j, h), lao.ErrParam, hint)
			}
			return fmt.Errorf("frames: %s: %s: %w", t.name, duplicateColumns(k, j, h), lao.ErrParam)
		}
		seen[h] = j
		t.names = append(t.names, h)
		t.ignored = append(t.ignored, slices.Contains(t.opt.Ignore, h) ||
			t.opt.Only != nil && h != t.opt.Target && !slices.Contains(t.opt.Only, h))
	}
	for _, n := range t.opt.Ignore {
		if _, ok := seen[n]; !ok {
			return fmt.Errorf("%w%s", unknownColumn(n, "ignored", t.names), t.headerHint())
		}
	}
	if tg := t.opt.Target; tg != "" {
		if _, ok := seen[tg]; !ok {
			hint := t.headerHint()
			if hint == "" && t.unit == "line" && !t.opt.NoHeader {
				hint = fmt.Sprintf("\n(if the column names are on a later line of the file, below a title or notes, skip the lines above them with --skip-lines, CSVOptions.SkipLines in Go%s)",
					skippedNames(t.opt.SkipLines))
			}
			return fmt.Errorf("%w%s", unknownColumn(tg, "target", t.names), hint)
		}
		if slices.Contains(t.opt.Ignore, tg) {
			return fmt.Errorf("frames: %s: the target column %q is also ignored: %w", t.name, tg, lao.ErrParam)
		}
	}
	return nil
}

// headerHint explains an error when the header row looks like data: most of
// its names are numbers or empty (scikit-learn's bundled files start with a
// line of counts, for example); without a header, how the columns were
// named.
func (t *rowTable) headerHint() string {
	if t.unit != "line" {
		return ""
	}
	if t.opt.NoHeader {
		return fmt.Sprintf("\n(read without a header line: the columns are named after line %d's %d fields, column1 … column%d)", t.opt.SkipLines+1, len(t.names), len(t.names))
	}
	if h := CountLineHint(t.names, t.opt.SkipLines+1); h != "" {
		return "\n(" + h + ")"
	}
	// Looser than NumericHeader's warning (half, not more than half, and
	// years count): this hint is for a target that is not a column, which
	// is evidence enough that something is off.
	if 2*(countTrue(t.unnamed)+len(numericNames(t.names))) < len(t.names) {
		return ""
	}
	return fmt.Sprintf("\n(line %d looks like data, not a header: if the file has no header, read it with --no-header (CSVOptions.NoHeader in Go), which names its columns column1 … columnN; "+
		"if the names are on a later line, as in scikit-learn's bundled files, whose first line holds counts, skip the lines above them with --skip-lines (CSVOptions.SkipLines in Go)%s)", t.opt.SkipLines+1, skippedNames(t.opt.SkipLines))
}

// NumericHeader returns the names that are numbers when they and the
// empty header cells (named columnJ, J the column's place, by the CSV
// reader) are more than half of names: a first line of data read as the
// header, as in scikit-learn's bundled files, whose first line holds two
// counts and then nothing. Otherwise, and when no name is a number, it
// returns nil. Names in a run of three or more consecutive integers side
// by side (1960, 1961, 1962, …: years or ages, as in a World Bank table)
// are column names, not data, and do not count.
func NumericHeader(names []string) []string {
	if _, _, ok := CountLine(names); ok {
		return names[:2]
	}
	var out []string
	for i, h := range names {
		if _, kind := ingest.ParseCell(h); kind == ingest.Number && !inIntegerRun(names, i) {
			out = append(out, h)
		}
	}
	if len(out) > 0 && 2*(len(out)+len(GeneratedNames(names))) > len(names) {
		return out
	}
	return nil
}

// CountLine reports whether a header has the shape of the line of counts
// that scikit-learn's bundled CSV files start with, before their names or
// their first row: the number of rows and the number of features, then
// class names or nothing ("150,4,setosa,versicolor,virginica",
// "506,13,,,…"). Its first two names are positive integers that are not
// part of a run of consecutive integers (years), the first at least the
// second, and no other name is a number.
func CountLine(names []string) (rows, features int, ok bool) {
	if len(names) < 2 || inIntegerRun(names, 0) || len(numericNames(names[2:])) > 0 {
		return 0, 0, false
	}
	r, e1 := strconv.Atoi(strings.TrimSpace(names[0]))
	f, e2 := strconv.Atoi(strings.TrimSpace(names[1]))
	if e1 != nil || e2 != nil || f < 1 || r < f {
		return 0, 0, false
	}
	return r, f, true
}

// CountLineHint is the hint for a header that is a line of counts
// (CountLine) on file line at (0: unknown), or "".
func CountLineHint(names []string, at int) string {
	r, f, ok := CountLine(names)
	if !ok {
		return ""
	}
	where, skip := "the header", "--skip-lines"
	if at > 0 {
		where, skip = fmt.Sprintf("line %d", at), fmt.Sprintf("--skip-lines %d", at)
	}
	return fmt.Sprintf("%s looks like the line of counts scikit-learn's bundled files start with (%d rows, %d features), not column names: "+
		"skip that line with %s (CSVOptions.SkipLines in Go), and add --no-header if the line after it is data, not names", where, r, f, skip)
}

// isUnderscoreNumber reports whether s is "_" followed by decimal digits
// (the suffix the reader adds to a generated name already taken).
func isUnderscoreNumber(s string) bool {
	d, ok := strings.CutPrefix(s, "_")
	return ok && d != "" && strings.Trim(d, "0123456789") == ""
}

// GeneratedNames returns the names the CSV reader gave empty header cells:
// columnJ (or columnJ_N when that name was taken), J the column's place
// counted from 1.
func GeneratedNames(names []string) []string {
	var out []string
	for i, h := range names {
		base := fmt.Sprintf("column%d", i+1)
		if rest, ok := strings.CutPrefix(h, base); ok && (rest == "" || isUnderscoreNumber(rest)) {
			out = append(out, h)
		}
	}
	return out
}

// inIntegerRun reports whether names[i] is an integer in a run of three or
// more neighbouring names that count up or down by one.
func inIntegerRun(names []string, i int) bool {
	step := func(a, b int) int { // b − a if both are integers, else 0
		if a < 0 || b >= len(names) {
			return 0
		}
		x, e1 := strconv.Atoi(strings.TrimSpace(names[a]))
		y, e2 := strconv.Atoi(strings.TrimSpace(names[b]))
		if e1 != nil || e2 != nil || (y-x != 1 && y-x != -1) {
			return 0
		}
		return y - x
	}
	before, after := step(i-1, i), step(i, i+1)
	return (before != 0 && before == after) || (after != 0 && after == step(i+1, i+2)) || (before != 0 && before == step(i-2, i-1))
}

// numericNames returns the names that parse as numbers.
func numericNames(names []string) []string {
	var out []string
	for _, h := range names {
		if _, kind := ingest.ParseCell(h); kind == ingest.Number {
			out = append(out, h)
		}
	}
	return out
}

// QuoteFew quotes the first n of names and says how many more there are
// ("a", "b", and 3 more), for messages.
func QuoteFew(names []string, n int) string {
	var q []string
	for _, s := range names[:min(n, len(names))] {
		q = append(q, fmt.Sprintf("%q", s))
	}
	if len(names) > n {
		q = append(q, fmt.Sprintf("and %d more", len(names)-n))
	}
	return strings.Join(q, ", ")
}

// skippedNames is, with lines skipped, the reminder that the names may be
// on one of them ("" without).
func skippedNames(skip int) string {
	if skip == 0 {
		return ""
	}
	return fmt.Sprintf("; or the names are on one of the %d lines skipped: skip fewer", skip)
}

// next advances to the next row and returns its position, or io.EOF.
func (t *rowTable) next() (int, error) {
	pos, err := t.rows.Next()
	if err == nil || err == io.EOF {
		return pos, err
	}
	var ragged *ingest.RaggedError
	if errors.As(err, &ragged) {
		hint := t.headerHint()
		if head := t.opt.SkipLines + 1; hint == "" && ragged.Header && ragged.Line == head+1 {
			hint = fmt.Sprintf("\n(if line %d is a title or notes above the column names, not the names, skip it with --skip-lines %d, CSVOptions.SkipLines in Go)", head, head)
		}
		err = fmt.Errorf("%w%s", err, hint)
	}
	return pos, err
}

// where names a position: "line 12" or "row 12".
func where(unit string, pos int) string {
	if unit == "" {
		unit = "line"
	}
	return fmt.Sprintf("%s %d", unit, pos)
}

// ReadRows reads a table from rows into a DataFrame with a record of every
// column, as ReadCSV does for a CSV file: a column is numeric when most of
// its cells that are not missing are numbers, its other cells are handled
// by opt.Missing, text and empty columns are listed by Table.Unused, and
// errors name the source (opt.Name), the column and the row. opt.Comma is
// not used; opt.Limits.MaxMemory bounds the table's memory. ReadRows closes
// rows.
func ReadRows(rows Rows, opt CSVOptions) (*Table, error) {
	defer rows.Close()
	return opt.read("table", func(name string) (*rowTable, error) { return newRowTable(rows, name, opt) })
}

// readTable reads every row of t and builds the Table: the core of
// ReadCSV and ReadRows.
func readTable(t *rowTable) (*Table, error) {
	rd := newTableReader(t)
	if err := rd.rows(); err != nil {
		return nil, err
	}
	return rd.table()
}

// countTrue counts the true values of b.
func countTrue(b []bool) int {
	n := 0
	for _, v := range b {
		if v {
			n++
		}
	}
	return n
}

// duplicateColumns says that the columns at 0-based positions k and j share
// name, and what to do: the message of a CSV header and of a DataFrame.
func duplicateColumns(k, j int, name string) string {
	return sameName(k, j, name) + ": rename one of them in the header (a name cannot tell them apart, so --ignore cannot either)"
}

// sameName says that the columns at 0-based positions k and j share name.
func sameName(k, j int, name string) string {
	return fmt.Sprintf("columns %d and %d are both named %q", k+1, j+1, name)
}
