package frames

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// Missing says what happens to a cell of a numeric column that is missing
// (empty or one of MissingTokens) or not a number (such as "1,000").
type Missing int

const (
	// MissingError makes such a cell an error naming the column, the file
	// line and the cell's text. It is the default: no data is lost silently.
	MissingError Missing = iota
	// MissingDropRows drops every row with such a cell in a column that is
	// used (the target or a numeric column not ignored); Table.DroppedLines
	// lists the file lines dropped.
	MissingDropRows
	// MissingMean keeps such feature cells as NaN in the DataFrame, to be
	// filled with the column's training mean by FromDataFrame
	// (Options.FillMissing); rows whose target is missing are dropped, as a
	// label cannot be imputed.
	MissingMean
)

// String returns the policy's command-line name: "error", "drop-rows" or "mean".
func (m Missing) String() string {
	switch m {
	case MissingError:
		return "error"
	case MissingDropRows:
		return "drop-rows"
	case MissingMean:
		return "mean"
	}
	return fmt.Sprintf("Missing(%d)", int(m))
}

// ParseMissing parses a policy name as printed by Missing.String.
func ParseMissing(s string) (Missing, error) {
	for _, m := range []Missing{MissingError, MissingDropRows, MissingMean} {
		if strings.EqualFold(strings.TrimSpace(s), m.String()) {
			return m, nil
		}
	}
	return 0, fmt.Errorf("frames: missing-value policy %q, want error, drop-rows or mean: %w", s, lao.ErrParam)
}

// MissingTokens are the cell texts read as missing values (compared after
// trimming spaces, ignoring case); the slice is ingest.MissingTokens.
var MissingTokens = ingest.MissingTokens

// CSVOptions control ReadCSV and StreamCSV. The zero value reads a comma-,
// semicolon- or tab-separated file with a header row, under the default
// ingest.Limits, and makes any missing or unparsable numeric cell an error.
type CSVOptions struct {
	// Name names the input in messages (a file name); "" means "CSV".
	Name string
	// Comma is the field separator. If 0, it is detected from the header
	// line (the first line that is not blank): the most frequent of ',',
	// ';' and tab, or a space if none occurs; with DecimalComma a ';' or
	// tab on that line is the separator however many commas it holds.
	Comma rune
	// NoHeader says the file's first line is data, not names (UCI's .data
	// files, scikit-learn's diabetes file): the columns are named column1 …
	// columnN, N the first line's width, and Target, Ignore and Only use
	// those names.
	NoHeader bool
	// SkipLines is the number of lines before the header (with NoHeader,
	// before the first row) that are not part of the table: a title, notes,
	// a line of counts (scikit-learn's bundled files start with one).
	// Messages still count the file's lines from its first.
	SkipLines int
	// DecimalComma reads the numbers as written with a decimal comma
	// ("1,5"; points may group thousands where they cannot be a decimal
	// point, "1.234,5"), by ingest.ParseDecimalComma: a cell with a decimal
	// point is then text. Such files usually separate their fields with
	// semicolons, which Comma's detection finds.
	DecimalComma bool
	// Thousands, if not 0, is the mark written between groups of three
	// digits (a point, a comma, a space or an apostrophe), not the decimal mark ("1,234.5" with
	// ',', "7.225" for 7225 with '.' and DecimalComma), read by
	// ingest.ParseGrouped; a mark out of place makes the cell text.
	Thousands rune
	// Target, if not empty, is the label column: it must exist and be
	// numeric, and a row whose label is missing is an error (MissingError)
	// or dropped (the other policies).
	Target string
	// Ignore lists columns not to read; they are kept as text and listed by
	// Table.Unused as ignored.
	Ignore []string
	// Only, if not nil, lists the columns to read besides Target: every
	// other column is ignored as if listed in Ignore, kept as text and
	// listed by Table.Unused as ignored (a model's columns, when
	// predicting: ReadCSV and StreamCSV). A name of Only that the file
	// lacks is not an error here; the caller checks what it needs.
	Only []string
	// Missing is the policy for missing or unparsable cells of numeric columns.
	Missing Missing
	// Limits bound the input's decompressed size, line length, number of
	// columns and, for ReadCSV, the memory of the table (a zero field is
	// its default; see ingest.Limits).
	Limits ingest.Limits
}

// ColumnKind is what ReadCSV found a column to be.
type ColumnKind uint8

const (
	// Numeric: most cells that are not missing are numbers (true/false count
	// as 1/0). It becomes a Float series; missing cells are NaN.
	Numeric ColumnKind = iota
	// Text: most cells that are not missing are not numbers. It becomes a
	// String series and is never a feature.
	Text
	// Empty: every cell is missing. It becomes a Float series of NaN.
	Empty
	// Ignored: listed in CSVOptions.Ignore. It becomes a String series.
	Ignored
)

// String returns "numeric", "text", "empty" or "ignored".
func (k ColumnKind) String() string {
	switch k {
	case Numeric:
		return "numeric"
	case Text:
		return "text"
	case Empty:
		return "empty"
	case Ignored:
		return "ignored"
	}
	return fmt.Sprintf("ColumnKind(%d)", int(k))
}

// Cell is one cell of a table: its position (a CSV file's line, a row
// number counted from 1 for other sources) and text, for messages: a text
// longer than MaxCellText bytes is cut there and its length said (NewCell).
type Cell struct {
	Line int
	Text string
	unit string // what Line counts: "line" ("" too) or "row"
}

// Where names the cell's position: "line 12" in a CSV file, "row 12" in
// other sources.
func (c Cell) Where() string { return where(c.unit, c.Line) }

// ColumnInfo is what ReadCSV found in one column of the file.
type ColumnInfo struct {
	Name string
	// Unnamed: the header cell was empty, and Name is "columnJ" (J counted
	// from 1; "columnJ_N" if the file names another column so): R's
	// write.csv leaves it so above a column of row names.
	Unnamed bool
	Kind    ColumnKind
	Numbers int // cells that are finite numbers
	Missing int // cells that are empty or one of MissingTokens
	// NotNumbers counts the other cells: text in a text column, unparsable
	// cells ("1,000", "abc", "1e999") in a numeric one.
	NotNumbers int
	// First holds up to three cells that are missing or not numbers, in
	// file order (for messages).
	First []Cell
	// Left counts the missing or unparsable cells still in the DataFrame
	// (NaN) after rows were dropped: the cells FromDataFrame fills under
	// MissingMean.
	Left int
	// NumberLike counts the cells among NotNumbers that are numbers
	// written another way ("1,5", "1,000": a decimal comma, thousands
	// separators), which no missing-value policy may fill or drop (their
	// column is refused with NumberLikeError); NumberLikeAt is the first.
	NumberLike   int
	NumberLikeAt Cell
	// Malformed counts the other cells among NotNumbers made of digits and
	// number marks only that no rule reads ("1.23.456", "1_234,5",
	// "12 34,5"): they do not make a column numeric (a column of dates
	// "12.03.2024" stays text), but in a numeric column they are refused
	// as NumberLike cells are; NumberLikeAt is the first of either.
	Malformed int
	// Bools counts the cells among Numbers written true or false (any
	// case), read as 1 and 0: Table.BoolNote names their columns.
	Bools int
	// PointGroups counts the cells among Numbers written like 7.225 (one to
	// three digits, the first not 0, a point, three digits), which a file
	// written with decimal commas uses for 7225: Table.ThousandsNote.
	PointGroups int
	// levels holds the distinct texts among the NotNumbers cells, up to
	// maxLevels + 1 (Count): Table.Unused's category hint counts its levels
	// over the cells NotNumbers counts, every row the file has, not only
	// those a missing-value policy kept.
	levels map[string]struct{}
	// missingWords counts the missing cells written as a word ("None",
	// "null", "NA": ingest.MissingTokens with letters), by their text, up
	// to maxLevels texts: in a text column such a word may be a level
	// (Cars93's AirBags: "None" on 34 rows).
	missingWords map[string]int
}

// Count adds a cell of the given kind (ingest.ParseCell's) and text to the
// column's counts and reports whether it is a number; a cell that is not
// may be kept among First. Every reader counts cells by this one rule.
func (c *ColumnInfo) Count(kind ingest.CellKind, text string) (number bool) {
	switch kind {
	case ingest.Number:
		c.Numbers++
		if t := strings.TrimSpace(text); t != "" && strings.ContainsRune("tTfF", rune(t[0])) { // true or false: 1 or 0
			c.Bools++
		} else if pointGrouped(t) {
			c.PointGroups++
		}
		return true
	case ingest.Missing:
		c.Missing++
		if t := strings.TrimSpace(text); t != "" && strings.IndexFunc(t, unicode.IsLetter) >= 0 && (c.missingWords[t] > 0 || len(c.missingWords) < maxLevels) {
			if c.missingWords == nil {
				c.missingWords = map[string]int{}
			}
			c.missingWords[t]++
		}
	default:
		c.NotNumbers++
		if len(c.levels) <= maxLevels {
			if c.levels == nil {
				c.levels = map[string]struct{}{}
			}
			c.levels[text] = struct{}{}
		}
	}
	return false
}

// Keep records a cell that Count found not to be a number, at position pos
// (a line, or a row where unit is "row"): among First while it holds fewer
// than three, and in NumberLike when its text is a number written another
// way.
func (c *ColumnInfo) Keep(text string, pos int, unit string) {
	if like, bad := numberHint(text) != "", malformed(text); like || bad {
		if c.NumberLike+c.Malformed == 0 {
			c.NumberLikeAt = NewCell(pos, text, unit)
		}
		if like {
			c.NumberLike++
		} else {
			c.Malformed++
		}
	}
	if len(c.First) < 3 {
		c.First = append(c.First, NewCell(pos, text, unit))
	}
}

// malformed reports whether text, trimmed, is a sign and digits with number
// marks (points, commas, underscores, apostrophes, spaces) between them,
// with at least one digit and one mark: a number written with marks out of
// place when numberHint does not name its form.
func malformed(text string) bool {
	t := strings.TrimLeft(strings.TrimSpace(text), "+-")
	digits, marks := 0, 0
	for _, r := range t {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case strings.ContainsRune(".,_' \u00a0\u202f\u2019", r):
			marks++
		default:
			return false
		}
	}
	return digits > 0 && marks > 0
}

// pointGrouped reports whether t is written like 7.225 or -12.500: one to
// three digits, the first not 0, a point and three digits.
func pointGrouped(t string) bool {
	t = strings.TrimLeft(t, "+-")
	n := len(t)
	if n < 5 || n > 7 || t[n-4] != '.' || t[0] == '0' {
		return false
	}
	for i := range n {
		if i != n-4 && (t[i] < '0' || t[i] > '9') {
			return false
		}
	}
	return true
}

// Unused is a column that is not used for learning, with the reason.
type Unused struct {
	Column string `json:"column"`
	Reason string `json:"reason"`
}

// Table is a CSV file read into a DataFrame, with what was found on the way.
type Table struct {
	// DataFrame holds every row kept, with numeric columns as Float
	// series (NaN for a missing cell left under MissingMean) and the other
	// columns as String series.
	dataframe.DataFrame
	// Lines[i] is the file line (1-based) of row i of the DataFrame.
	Lines []int
	// Columns describes every column, in file order.
	Columns []ColumnInfo
	// Missing is the policy the table was read with.
	Missing Missing
	// DroppedLines lists the file lines (the row numbers, for a source
	// other than a CSV file) of the rows dropped for a missing or
	// unparsable cell.
	DroppedLines []int

	unit  string    // what Lines count: "line" ("" too) or "row"
	marks fileMarks // a CSV file's separator and number marks (zero for other sources)
	// notNumbers holds, per text column, the set of the rows (a bit each)
	// whose cells are not numbers as the file was read (NotNumbers).
	notNumbers map[string][]uint64
}

// Separator returns a CSV file's field separator (0 for another source).
func (t *Table) Separator() rune { return t.marks.sep }

// NotNumbers returns the rows (indices into Lines) of the cells of text
// column name that are not numbers as the file was read: missing cells
// and text, as written. Its other cells are numbers read with the file's
// number marks and written as Go formats them (strconv 'g'), so that a
// label column read as text holds one convention (predict's labels). For
// a column that is not text it returns nil and ok false.
func (t *Table) NotNumbers(name string) (rows []int, ok bool) {
	set, ok := t.notNumbers[name]
	for k := range min(len(t.Lines), 64*len(set)) {
		if set[k/64]&(1<<(k%64)) != 0 {
			rows = append(rows, k)
		}
	}
	return rows, ok
}

// PosName returns what Lines and DroppedLines count: "line" for a CSV
// file, "row" (row numbers from 1) for the other sources of ReadRows.
func (t *Table) PosName() string {
	if t.unit == "" {
		return "line"
	}
	return t.unit
}

// ThousandsNote says which numeric columns of a CSV file have numbers
// written like 7.225 (ColumnInfo.PointGroups) that may have been read the
// wrong way, or "" if none has. Read with a decimal point (no mark named)
// from a file separated by semicolons, a column whose every number is so
// written may be written with decimal commas and points between thousands
// (7225), and is then 1000 times too small. Read with --thousands . (a
// point groups thousands), a column where only a few cells are so written
// (at most a tenth of its numbers) may hold decimal points written by
// mistake among its decimal commas (6.004 for 6,004), each then 1000
// times too large.
func (t *Table) ThousandsNote() string { return thousandsNote(t.marks, t.Columns) }

// fileMarks are a CSV file's field separator and the number marks it
// was read with.
type fileMarks struct {
	sep          rune
	decimalComma bool
	thousands    rune
}

// thousandsNote is Table.ThousandsNote and CSVStream.ThousandsNote for a
// file with these marks and columns.
func thousandsNote(m fileMarks, columns []ColumnInfo) string {
	var cols []string
	for _, c := range columns {
		switch {
		case c.Kind != Numeric || c.PointGroups == 0:
		case m.sep == ';' && !m.decimalComma && m.thousands == 0 && c.Numbers >= 2 && c.PointGroups == c.Numbers:
			cols = append(cols, fmt.Sprintf("%q", c.Name))
		case m.thousands == '.' && c.PointGroups*10 <= c.Numbers:
			cols = append(cols, fmt.Sprintf("%q (%d of its %d numbers)", c.Name, c.PointGroups, c.Numbers))
		}
	}
	switch {
	case len(cols) == 0:
		return ""
	case m.thousands == '.':
		return fmt.Sprintf("a few numbers of %s are written like 6.004 and were read as 6004 (--thousands .), the rest of "+
			"the column otherwise: if any of them is a decimal point written by mistake, write it with a comma (6,004)", strings.Join(cols, ", "))
	}
	return fmt.Sprintf("every number of %s has three digits after its point (7.225) in a file separated by semicolons, "+
		"where a point may group thousands: they were read as decimal points; if they mean 7225, read the file with "+
		"--decimal , --thousands .", strings.Join(cols, ", "))
}

// BoolNote says which numeric columns hold cells written true or false,
// read as 1 and 0 (ColumnInfo.Bools), or "" if none does: a yes/no column
// is set aside as text, so a true/false one is worth a word too.
func (t *Table) BoolNote() string {
	var cols []string
	for _, c := range t.Columns {
		if c.Kind == Numeric && c.Bools > 0 {
			cols = append(cols, fmt.Sprintf("%q (%d cells)", c.Name, c.Bools))
		}
	}
	if len(cols) == 0 {
		return ""
	}
	return "true/false cells read as 1/0 in " + strings.Join(cols, ", ")
}

// UnnamedNote says which numeric columns the header line leaves unnamed
// (an empty cell), named after their position (columnJ), or that it names
// none (brain_networks.csv read with --skip-lines 3 has a header line of
// commas); "" if it names them all. A text column's empty header cell is
// said by Unused.
func (t *Table) UnnamedNote() string {
	var cols []string
	all := len(t.Columns) > 1
	for _, c := range t.Columns {
		if !c.Unnamed {
			all = false
		} else if c.Kind == Numeric {
			cols = append(cols, c.Name)
		}
	}
	switch {
	case all:
		return fmt.Sprintf("the header line is empty: the %d columns are named after their position, column1 … column%d, as --no-header names them; "+
			"if the names are on another line, --skip-lines sets how many lines come before them", len(t.Columns), len(t.Columns))
	case len(cols) > 0:
		its := "its"
		if len(cols) > 1 {
			its = "their"
		}
		return fmt.Sprintf("the header line leaves %s unnamed (an empty cell), named after %s position: %s", plural(len(cols), "column", "columns"), its, QuoteFew(cols, 10))
	}
	return ""
}

// Unused lists the columns that cannot be features, with the reason: text
// columns, empty columns and ignored ones. (FromDataFrame adds constant
// columns to Data.Unused.)
func (t *Table) Unused() []Unused {
	var out []Unused
	for _, c := range t.Columns {
		switch c.Kind {
		case Text:
			why := fmt.Sprintf("text: %d of %d cells are not numbers", c.NotNumbers, c.NotNumbers+c.Numbers)
			if c.Missing > 0 {
				why += fmt.Sprintf(" (and %d missing)", c.Missing)
			}
			for _, f := range c.First { // the first text cell, not a missing one ("None", "NA")
				if _, kind := ingest.ParseCell(f.Text); kind != ingest.Missing {
					why += fmt.Sprintf(", e.g. %q on %s", f.Text, f.Where()) + numberHint(f.Text)
					if 2*c.Numbers >= c.NotNumbers { // a third or more are numbers: text may stand for "missing"
						why += fmt.Sprintf("; %s: if %q stands for a missing value, write it as an empty cell or NA, and --missing (Missing in Go) decides what is done with it",
							plural(c.Numbers, "cell is a number", "cells are numbers"), f.Text)
					}
					break
				}
			}
			why += missingWordHint(c)
			if c.Unnamed {
				why += "; its header cell is empty (row names, as R's write.csv writes them?)"
			} else if n := t.levels(c); n >= 2 && n <= maxLevels && 2*n <= c.NotNumbers {
				why += fmt.Sprintf("; a category of %d levels? to use it, encode it as numbers (one 0/1 column per level but one)", n)
			}
			out = append(out, Unused{c.Name, why})
		case Empty:
			out = append(out, Unused{c.Name, "empty: every cell is missing"})
		case Ignored:
			out = append(out, Unused{c.Name, "ignored as requested"})
		}
	}
	return out
}

// maxLevels is the most distinct values a text column may have for Unused
// to suggest encoding it as a category.
const maxLevels = 20

// missingWordHint says, for a text column, that its most frequent
// missing-value word other than NA (held by two cells or more) may be a
// level of its own, as "None" is of Cars93's AirBags ("" otherwise).
func missingWordHint(c ColumnInfo) string {
	word, n := "", 0
	for w, k := range c.missingWords {
		if !strings.EqualFold(w, "NA") && (k > n || k == n && w < word) {
			word, n = w, k
		}
	}
	if n < 2 {
		return ""
	}
	return fmt.Sprintf("; %d cells %q are read as missing (a missing-value word): if %q is a level here, not a missing value, the column has one level more", n, word, word)
}

// levels returns the number of distinct texts among c's cells that are
// not numbers, up to maxLevels + 1: those Count saw, or, for a column
// counted elsewhere (a database's statistics), those of the DataFrame.
func (t *Table) levels(c ColumnInfo) int {
	if c.levels != nil {
		return len(c.levels)
	}
	if t.DataFrame.Err != nil || !slices.Contains(t.DataFrame.Names(), c.Name) {
		return 0
	}
	seen := map[string]bool{}
	for _, v := range t.DataFrame.Col(c.Name).Records() {
		if _, kind := ingest.ParseCell(v); kind != ingest.Missing {
			if seen[v] = true; len(seen) > maxLevels {
				break
			}
		}
	}
	return len(seen)
}

// UnusedWith lists every column of the table that is not a feature of
// data (its conversion, e.g. Prepared.Data), with the reason: those of
// Unused, then those the conversion left out (constant columns).
func (t *Table) UnusedWith(data *Data) []Unused {
	out := t.Unused()
	if data == nil {
		return out
	}
	seen := map[string]bool{}
	for _, u := range out {
		seen[u.Column] = true
	}
	for _, u := range data.Unused {
		if !seen[u.Column] {
			out = append(out, u)
		}
	}
	return out
}

// Column returns the information on the named column.
func (t *Table) Column(name string) (ColumnInfo, bool) {
	for _, c := range t.Columns {
		if c.Name == name {
			return c, true
		}
	}
	return ColumnInfo{}, false
}

// numberHint guesses why a cell that looks like a number is not one:
// thousands separators, a decimal comma, Go's digit separators, a
// hexadecimal number, a percent sign or a number beyond float64's range
// (" (…)"), or "". Cells that cannot be one of those (not starting with a
// digit, a sign or a point, or without a comma, an underscore, an x, a
// percent sign or an exponent) return at once: it runs on every cell that
// is not a number.
func numberHint(text string) string {
	cell := strings.TrimSpace(text)
	if cell == "" || !strings.ContainsAny(cell[:1], "+-.,0123456789") || !strings.ContainsAny(cell, ".,_xX%eE '") {
		return ""
	}
	if v, err := strconv.ParseFloat(cell, 64); errors.Is(err, strconv.ErrRange) && math.IsInf(v, 0) && !strings.ContainsAny(cell, "_xX") {
		return " (beyond the range of a float64, about ±1.8e308: rescale the column)"
	}
	for _, f := range numberForms {
		if f.re.MatchString(cell) {
			return " (" + f.hint + ")"
		}
	}
	return ""
}

// numberForms are the ways of writing a number that numberHint names, in
// the order it tries them, each with what to do.
var numberForms = []struct {
	re   *regexp.Regexp
	hint string
}{
	{percent, "a percentage? write 2% as 2, or as 0.02"},
	{thousands, "numbers with thousands separators? read the file with --thousands , or remove them; or, if the comma is the decimal mark, read it with --decimal ,"},
	{decimalComma, "numbers with a decimal comma? read the file with --decimal ,"},
	{europeanThousands, "numbers with points for thousands and a decimal comma? read the file with --decimal ,"},
	{pointGroup, "a point between thousands, or a decimal point? if it groups thousands, read the file with --thousands ."},
	{pointNumber, "a decimal point, in a file read with decimal commas? write 3.14 as 3,14"},
	{spaceThousands, `numbers with spaces or apostrophes between thousands? read the file with --thousands " " or --thousands "'"`},
	{misgrouped, "a number with points and commas out of place? write it with digits and one decimal mark"},
	{underscores, "digit separators? remove the underscores"},
	{hexadecimal, "a hexadecimal number? write it in decimal"},
}

var thousands = regexp.MustCompile(`^[+-]?[1-9]\d{0,2}(,\d{3})+(\.\d*)?$`)

// decimalComma matches a number written with a decimal comma, "1,5",
// "-0,125" or ",5" (one comma; "1,234" is taken for a thousands separator
// first).
var decimalComma = regexp.MustCompile(`^[+-]?\d*,\d+$`)

// pointGroup matches "1.234": a number under a decimal point, or 1234 with
// a point between thousands (text under CSVOptions.DecimalComma).
var pointGroup = regexp.MustCompile(`^[+-]?[1-9]\d{0,2}\.\d{3}$`)

// spaceThousands matches "1 234,5" or "1'234.5": spaces (also no-break
// ones) or apostrophes between thousands.
var spaceThousands = regexp.MustCompile(`^[+-]?\d{1,3}([ '\x{a0}\x{202f}]\d{3})+([.,]\d+)?$`)

// misgrouped matches digits with points and commas that no convention
// writes so: "12.34,5", "1,234,5".
var misgrouped = regexp.MustCompile(`^[+-]?\d+(\.\d+)+,\d+$|^[+-]?\d{1,3}(,\d{3})+,\d+$`)

// europeanThousands matches "1.000,5": points between thousands, a
// decimal comma.
var europeanThousands = regexp.MustCompile(`^[+-]?\d{1,3}(\.\d{3})+,\d+$`)

// pointNumber matches a number with a decimal point, "3.14": text only in
// a file read with decimal commas.
var pointNumber = regexp.MustCompile(`^[+-]?(\d+\.\d*|\.\d+)([eE][+-]?\d+)?$`)

// underscores matches Go's digit separators, "1_000" or "3.141_592".
var underscores = regexp.MustCompile(`^[+-]?\d+(_\d+)+(\.[\d_]*)?([eE][+-]?\d+)?$|^[+-]?\d*\.\d+(_\d+)+$`)

// percent matches a number with a percent sign, "2%" or "-12.5 %".
var percent = regexp.MustCompile(`^[+-]?(\d+\.?\d*|\.\d+)\s*%$`)

// hexadecimal matches a hexadecimal number, "0x1p4" or "0x1F".
var hexadecimal = regexp.MustCompile(`^[+-]?0[xX][0-9a-fA-F_.]+([pP][+-]?\d+)?$`)

// ReadCSV reads a CSV file with a header row from r and returns it as a
// DataFrame with a record of every column. The input is read by package
// ingest: gzip or bzip2 detected by content, UTF-16/32 converted, lone
// carriage returns read as line ends, archives and binary data refused,
// opt.Limits enforced (the table's memory is estimated from the input's
// size before the rows are read). Unlike gota's ReadCSV, one bad cell
// never turns a numeric column into text silently: a column is numeric
// when most of its cells that are not missing are numbers, and its other
// cells are handled by opt.Missing. Errors name the input, the column, the
// file line and the cell's text.
func ReadCSV(r io.Reader, opt CSVOptions) (*Table, error) {
	if isNil(r) {
		return nil, fmt.Errorf("frames: ReadCSV: the reader is nil: %w", lao.ErrEmpty)
	}
	return opt.read("CSV", func(name string) (*rowTable, error) { return openCSV(r, name, opt) })
}

// read is what ReadCSV and ReadRows share: it names the input (opt.Name,
// else def), checks opt.Missing, opens the input's rows with open and
// reads them (readTable).
func (opt CSVOptions) read(def string, open func(name string) (*rowTable, error)) (*Table, error) {
	name := cmp.Or(opt.Name, def)
	if opt.Missing < MissingError || opt.Missing > MissingMean {
		return nil, fmt.Errorf("frames: %s: CSVOptions.Missing = %d: %w", name, int(opt.Missing), lao.ErrParam)
	}
	t, err := open(name)
	if err != nil {
		return nil, err
	}
	return readTable(t)
}
