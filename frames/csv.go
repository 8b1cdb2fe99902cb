package frames

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

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
// trimming spaces, ignoring case).
var MissingTokens = []string{"", "?", "na", "n/a", "#n/a", "nan", "null", "none", "-", "--", "."}

// CSVOptions control ReadCSV. The zero value reads a comma-, semicolon- or
// tab-separated file with a header row and makes any missing or unparsable
// numeric cell an error.
type CSVOptions struct {
	// Name names the input in messages (a file name); "" means "CSV".
	Name string
	// Comma is the field separator. If 0, it is detected from the header
	// line: the most frequent of ',', ';' and tab, or a space if none occurs.
	Comma rune
	// Target, if not empty, is the label column: it must exist and be
	// numeric, and a row whose label is missing is an error (MissingError)
	// or dropped (the other policies).
	Target string
	// Ignore lists columns not to read; they are kept as text and listed by
	// Table.Unused as ignored.
	Ignore []string
	// Missing is the policy for missing or unparsable cells of numeric columns.
	Missing Missing
}

// ColumnKind is what ReadCSV found a column to be.
type ColumnKind int

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

// Cell is one cell of a CSV file: its file line (1-based) and text.
type Cell struct {
	Line int
	Text string
}

// ColumnInfo is what ReadCSV found in one column of the file.
type ColumnInfo struct {
	Name    string
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
	// DroppedLines lists the file lines of the rows dropped for a missing
	// or unparsable cell.
	DroppedLines []int
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
			if len(c.First) > 0 {
				why += fmt.Sprintf(", e.g. %q on line %d", c.First[0].Text, c.First[0].Line)
				if thousands.MatchString(strings.TrimSpace(c.First[0].Text)) {
					why += " (numbers with thousands separators? remove them)"
				}
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

// Column returns the information on the named column.
func (t *Table) Column(name string) (ColumnInfo, bool) {
	for _, c := range t.Columns {
		if c.Name == name {
			return c, true
		}
	}
	return ColumnInfo{}, false
}

var thousands = regexp.MustCompile(`^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$`)

// ReadCSV reads a CSV file with a header row from r (gzip-compressed input
// is detected by its content; a UTF-8 byte order mark is dropped) and
// returns it as a DataFrame with a record of every column. Unlike gota's
// ReadCSV, one bad cell never turns a numeric column into text silently: a
// column is numeric when most of its cells that are not missing are
// numbers, and its other cells are handled by opt.Missing. Errors name the
// input, the column, the file line and the cell's text.
func ReadCSV(r io.Reader, opt CSVOptions) (*Table, error) {
	name := opt.Name
	if name == "" {
		name = "CSV"
	}
	if opt.Missing < MissingError || opt.Missing > MissingMean {
		return nil, fmt.Errorf("frames: %s: CSVOptions.Missing = %d: %w", name, int(opt.Missing), lao.ErrParam)
	}
	rd, err := openCSV(r, name, opt)
	if err != nil {
		return nil, err
	}
	if err := rd.rows(); err != nil {
		return nil, err
	}
	return rd.table()
}

// openCSV starts reading a CSV: decompression, separator, header.
func openCSV(r io.Reader, name string, opt CSVOptions) (*csvReader, error) {
	br, err := sniff(r, name)
	if err != nil {
		return nil, err
	}
	comma := opt.Comma
	if comma == 0 {
		comma = detectComma(br)
	}
	cr := csv.NewReader(br)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = comma == ' '
	rd := &csvReader{name: name, cr: cr, opt: opt}
	if err := rd.header(); err != nil {
		return nil, err
	}
	return rd, nil
}

// sniff returns r decompressed if it starts with the gzip magic, with a
// UTF-8 byte order mark removed.
func sniff(r io.Reader, name string) (*bufio.Reader, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	magic, err := br.Peek(2)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("frames: %s: %w", name, err)
	}
	if len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("frames: %s: bad gzip header: %v: %w", name, err, ErrFrame)
		}
		br = bufio.NewReaderSize(&gzipErrors{zr, name}, 1<<16)
	}
	if bom, _ := br.Peek(3); bytes.Equal(bom, []byte("\ufeff")) {
		_, _ = br.Discard(3)
	}
	return br, nil
}

type gzipErrors struct {
	zr   *gzip.Reader
	name string
}

func (g *gzipErrors) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("frames: %s: corrupt or truncated gzip stream: %v: %w", g.name, err, ErrFrame)
	}
	return n, err
}

// detectComma picks the separator from the first line: the most frequent
// of ',', ';' and tab, else a space.
func detectComma(br *bufio.Reader) rune {
	line, _ := br.Peek(br.Buffered())
	if len(line) == 0 {
		line, _ = br.Peek(4096)
	}
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	best, n := ',', 0
	for _, c := range []rune{',', ';', '\t'} {
		if k := bytes.Count(line, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	if n == 0 && bytes.ContainsRune(bytes.TrimSpace(line), ' ') {
		return ' '
	}
	return best
}

// csvReader holds the state of one ReadCSV call.
type csvReader struct {
	name    string
	cr      *csv.Reader
	opt     CSVOptions
	names   []string
	unnamed int // header cells that were empty
	cols    []*csvColumn
	lines   []int
}

// csvColumn accumulates one column: parsed numbers (NaN where the cell is
// not a number) and the text of the cells that are not numbers.
type csvColumn struct {
	info    ColumnInfo
	vals    chunks   // parsed numbers (NaN where the cell is not a number)
	text    []string // the text of the cells that are not finite numbers (nil until one is met)
	bad     []int    // the rows of those cells
	ignored bool
}

func (rd *csvReader) header() error {
	rec, err := rd.cr.Read()
	if err == io.EOF {
		return fmt.Errorf("frames: %s: no header row: %w", rd.name, lao.ErrEmpty)
	}
	if err != nil {
		return rd.readErr(err)
	}
	seen := map[string]int{}
	for j, h := range rec {
		h = strings.TrimSpace(h)
		if h == "" {
			h = fmt.Sprintf("column%d", j+1)
			rd.unnamed++
		}
		if k, dup := seen[h]; dup {
			return fmt.Errorf("frames: %s: header columns %d and %d are both named %q: %w", rd.name, k+1, j+1, h, lao.ErrParam)
		}
		seen[h] = j
		rd.names = append(rd.names, h)
		rd.cols = append(rd.cols, &csvColumn{info: ColumnInfo{Name: h}, ignored: slices.Contains(rd.opt.Ignore, h)})
	}
	for _, n := range rd.opt.Ignore {
		if _, ok := seen[n]; !ok {
			return unknownColumn(n, "ignored", rd.names)
		}
	}
	if t := rd.opt.Target; t != "" {
		if _, ok := seen[t]; !ok {
			return fmt.Errorf("%w%s", unknownColumn(t, "target", rd.names), rd.headerHint())
		}
		if slices.Contains(rd.opt.Ignore, t) {
			return fmt.Errorf("frames: %s: the target column %q is also ignored: %w", rd.name, t, lao.ErrParam)
		}
	}
	return nil
}

// headerHint explains an error when the header row looks like data: most of
// its names are numbers or empty (scikit-learn's bundled files start with a
// line of counts, for example).
func (rd *csvReader) headerHint() string {
	n := rd.unnamed
	for _, h := range rd.names {
		if _, kind := parseCell(h); kind == cellNumber {
			n++
		}
	}
	if 2*n < len(rd.names) {
		return ""
	}
	return "\n(line 1 looks like data, not a header: the file needs a first row naming its columns)"
}

func (rd *csvReader) readErr(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Errorf("frames: %s: line %d: %v: %w", rd.name, pe.Line, pe.Err, ErrFrame)
	}
	if errors.Is(err, ErrFrame) {
		return err
	}
	return fmt.Errorf("frames: %s: %w", rd.name, err)
}

// rows reads every data row, parsing each cell once.
func (rd *csvReader) rows() error {
	rd.cr.ReuseRecord = true
	for {
		rec, err := rd.cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return rd.readErr(err)
		}
		line, _ := rd.cr.FieldPos(0)
		if len(rec) != len(rd.cols) {
			return fmt.Errorf("frames: %s: line %d has %d fields, the header has %d: %w%s", rd.name, line, len(rec), len(rd.cols), ErrFrame, rd.headerHint())
		}
		row := len(rd.lines)
		rd.lines = append(rd.lines, line)
		for j, c := range rd.cols {
			v, kind := parseCell(rec[j])
			c.vals.add(v)
			switch kind {
			case cellNumber:
				c.info.Numbers++
				continue
			case cellMissing:
				c.info.Missing++
			default:
				c.info.NotNumbers++
			}
			for len(c.text) < row {
				c.text = append(c.text, "")
			}
			c.text = append(c.text, strings.Clone(rec[j])) // a clone: rec[j] would keep the whole line alive
			c.bad = append(c.bad, row)
			if len(c.info.First) < 3 {
				c.info.First = append(c.info.First, Cell{Line: line, Text: rec[j]})
			}
		}
	}
	if len(rd.lines) == 0 {
		return fmt.Errorf("frames: %s: no data rows after the header: %w", rd.name, lao.ErrEmpty)
	}
	return nil
}

// chunks is a growing column stored in fixed blocks, so that reading a
// large file never copies (and briefly doubles) a whole column.
type chunks [][]float64

const chunkLen = 1 << 15

func (c *chunks) add(v float64) {
	n := len(*c)
	if n == 0 || len((*c)[n-1]) == chunkLen {
		*c = append(*c, make([]float64, 0, chunkLen))
		n++
	}
	(*c)[n-1] = append((*c)[n-1], v)
}

func (c chunks) at(i int) float64 { return c[i/chunkLen][i%chunkLen] }

type cellKind int

const (
	cellNumber cellKind = iota
	cellMissing
	cellText
)

// parseCell parses a cell as a finite number (true/false as 1/0).
func parseCell(s string) (float64, cellKind) {
	t := strings.TrimSpace(s)
	if v, err := strconv.ParseFloat(t, 64); err == nil && !math.IsNaN(v) && !math.IsInf(v, 0) {
		return v, cellNumber // the common case first
	}
	for _, m := range MissingTokens {
		if strings.EqualFold(t, m) {
			return math.NaN(), cellMissing
		}
	}
	switch {
	case strings.EqualFold(t, "true"):
		return 1, cellNumber
	case strings.EqualFold(t, "false"):
		return 0, cellNumber
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return math.NaN(), cellText
	}
	return v, cellNumber
}

// table classifies the columns, applies the missing-value policy and
// builds the DataFrame.
func (rd *csvReader) table() (*Table, error) {
	t := &Table{Missing: rd.opt.Missing}
	drop := make([]bool, len(rd.lines))
	for _, c := range rd.cols {
		in := &c.info
		switch {
		case c.ignored:
			in.Kind = Ignored
		case in.Numbers == 0 && in.NotNumbers == 0:
			in.Kind = Empty
		case in.Numbers > in.NotNumbers:
			in.Kind = Numeric
		default:
			in.Kind = Text
		}
		if in.Name == rd.opt.Target && in.Kind != Numeric {
			return nil, targetError(rd.name, in)
		}
		if in.Kind != Numeric || len(c.bad) == 0 {
			continue
		}
		isTarget := in.Name == rd.opt.Target
		switch {
		case rd.opt.Missing == MissingError:
			return nil, cellError(rd.name, in, isTarget)
		case rd.opt.Missing == MissingDropRows || isTarget:
			for _, row := range c.bad {
				drop[row] = true
			}
		}
	}
	keep := make([]int, 0, len(rd.lines))
	for i, line := range rd.lines {
		if drop[i] {
			t.DroppedLines = append(t.DroppedLines, line)
			continue
		}
		keep = append(keep, i)
		t.Lines = append(t.Lines, line)
	}
	if len(keep) == 0 {
		return nil, fmt.Errorf("frames: %s: every one of the %d data rows has a missing or unparsable cell (policy %s): %w",
			rd.name, len(rd.lines), rd.opt.Missing, lao.ErrEmpty)
	}
	cols := make([]series.Series, len(rd.cols))
	for j, c := range rd.cols {
		cols[j] = c.series(keep)
		t.Columns = append(t.Columns, c.info)
		if c.info.Kind == Numeric {
			for _, i := range keep {
				if math.IsNaN(c.vals.at(i)) {
					t.Columns[j].Left++
				}
			}
		}
		c.vals, c.text = nil, nil // dataframe.New copies every series: free each column's input first
	}
	t.DataFrame = dataframe.New(cols...)
	if t.DataFrame.Err != nil {
		return nil, fmt.Errorf("frames: %s: %w: %w", rd.name, ErrFrame, t.DataFrame.Err)
	}
	return t, nil
}

// series returns the column's kept rows as a gota series.
func (c *csvColumn) series(keep []int) series.Series {
	if c.info.Kind == Numeric || c.info.Kind == Empty {
		v := make([]float64, len(keep))
		for k, i := range keep {
			v[k] = c.vals.at(i)
		}
		return series.New(v, series.Float, c.info.Name)
	}
	s := make([]string, len(keep))
	for k, i := range keep {
		if math.IsNaN(c.vals.at(i)) {
			s[k] = c.text[i]
		} else {
			s[k] = strconv.FormatFloat(c.vals.at(i), 'g', -1, 64)
		}
	}
	return series.New(s, series.String, c.info.Name)
}

func targetError(name string, in *ColumnInfo) error {
	switch in.Kind {
	case Empty:
		return fmt.Errorf("frames: %s: target column %q is empty (every cell is missing): %w", name, in.Name, ErrMissing)
	default:
		ex := ""
		if len(in.First) > 0 {
			ex = fmt.Sprintf(", e.g. %q on line %d", in.First[0].Text, in.First[0].Line)
		}
		return fmt.Errorf("frames: %s: target column %q is text (%d of %d cells are not numbers%s); a label must be a number (code two classes as -1 and +1): %w",
			name, in.Name, in.NotNumbers, in.NotNumbers+in.Numbers, ex, ErrNonNumeric)
	}
}

// cellError reports the missing or unparsable cells of a numeric column.
func cellError(name string, in *ColumnInfo, target bool) error {
	var cells []string
	sentinel := ErrMissing
	for _, c := range in.First {
		cells = append(cells, fmt.Sprintf("line %d: %q", c.Line, c.Text))
	}
	if _, kind := parseCell(in.First[0].Text); kind == cellText {
		sentinel = ErrNonNumeric
	}
	bad := in.Missing + in.NotNumbers
	role := "column"
	if target {
		role = "target column"
	}
	more := ""
	if bad > len(in.First) {
		more = fmt.Sprintf(" and %d more", bad-len(in.First))
	}
	return fmt.Errorf("frames: %s: %s %q is numeric (%s numbers) but %s missing or not a number (%s%s); fix them, or drop those rows or fill them with the mean (the Missing policy): %w",
		name, role, in.Name, plural(in.Numbers, "cell"), plural(bad, "cell is", "cells are"), strings.Join(cells, ", "), more, sentinel)
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
