package frames

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// csvFile is an open CSV table (package ingest's records) read as Rows:
// the CSV reader of ReadCSV and StreamCSV.
type csvFile struct {
	in     *ingest.Input
	rec    *ingest.Records
	cur    []string // the current record
	closer io.Closer
}

// openCSV starts reading a CSV (decompression, encoding, limits,
// separator, header) and checks its header against opt.
func openCSV(r io.Reader, name string, opt CSVOptions) (*rowTable, error) {
	in, err := ingest.Open(r, name, opt.Limits)
	if err != nil {
		return nil, ingestErr(err)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{Comma: opt.Comma})
	if err != nil {
		return nil, ingestErr(err)
	}
	return newRowTable(&csvFile{in: in, rec: rec}, name, opt)
}

// Names returns the header's fields.
func (f *csvFile) Names() []string { return f.rec.Header() }

// Next reads the next record and returns its file line.
func (f *csvFile) Next() (int, error) {
	rec, line, err := f.rec.Read()
	if err == io.EOF {
		return 0, io.EOF
	}
	if err != nil {
		return line, ingestErr(err)
	}
	f.cur = rec
	return line, nil
}

// Cell parses cell j of the current record (ingest.ParseCell); its text is
// the cell's.
func (f *csvFile) Cell(j int) (float64, ingest.CellKind, string) {
	v, kind := ingest.ParseCell(f.cur[j])
	return v, kind, f.cur[j]
}

// Close closes the file the CSV was opened on, if it was given one
// (StreamCSV's passes); ReadCSV leaves its reader to its caller.
func (f *csvFile) Close() error {
	if f.closer != nil {
		return f.closer.Close()
	}
	return nil
}

// PosName returns "line": a CSV row's position is its file line.
func (f *csvFile) PosName() string { return "line" }

// EstimateRows estimates the rows of the file from its size.
func (f *csvFile) EstimateRows() (int64, bool) { return f.rec.EstimateRows() }

// ingestError is an error of package ingest seen from frames: "frames: "
// before its message, and ErrFrame beside its sentinel when the input is
// malformed.
type ingestError struct{ err error }

func ingestErr(err error) error { return &ingestError{err} }

func (e *ingestError) Error() string { return "frames: " + e.err.Error() }

func (e *ingestError) Unwrap() []error {
	if errors.Is(e.err, ingest.ErrFormat) {
		return []error{e.err, ErrFrame}
	}
	return []error{e.err}
}

// tableReader holds the columns of one ReadCSV or ReadRows call as they
// are read.
type tableReader struct {
	f     *rowTable
	cols  []*csvColumn
	lines []int // the file line of each row
}

// csvColumn accumulates one column: parsed numbers (NaN where the cell is
// not a number) and the text of the cells that are not numbers.
type csvColumn struct {
	info    ColumnInfo
	vals    chunks   // parsed numbers (NaN where the cell is not a number)
	text    []string // the text of the cells that are not finite numbers
	bad     []int    // the rows of those cells, increasing
	ignored bool
}

func newTableReader(f *rowTable) *tableReader {
	rd := &tableReader{f: f, cols: make([]*csvColumn, len(f.names))}
	for j, n := range f.names {
		rd.cols[j] = &csvColumn{info: ColumnInfo{Name: n}, ignored: f.ignored[j]}
	}
	return rd
}

// rows reads every data row, parsing each cell once, under the memory
// limit.
func (rd *tableReader) rows() error {
	if err := rd.checkMemory(); err != nil {
		return err
	}
	for {
		line, err := rd.f.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		row := len(rd.lines)
		rd.lines = append(rd.lines, line)
		for j, c := range rd.cols {
			v, kind, text := rd.f.rows.Cell(j)
			c.add(row, line, v, kind, text, rd.f.unit)
		}
		if err := rd.checkMemory(); err != nil {
			return err
		}
	}
	if len(rd.lines) == 0 {
		return fmt.Errorf("frames: %s: no data rows%s: %w", rd.f.name, afterHeader(rd.f.unit), lao.ErrEmpty)
	}
	return nil
}

// afterHeader is " after the header" for a CSV file (a position counts
// lines), "" otherwise.
func afterHeader(unit string) string {
	if unit == "line" {
		return " after the header"
	}
	return ""
}

// checkMemory applies Limits.MaxMemory: to the columns before any row, to
// the rows the input's size implies at 256, 512, 1024, ... rows, and to the
// rows read every 4096.
func (rd *tableReader) checkMemory() error {
	n, d := int64(len(rd.lines)), int64(len(rd.cols))
	lim, name := rd.f.opt.Limits, rd.f.name
	var err error
	switch {
	case n == 0:
		err = lim.CheckMemory(name, 0, d, "")
	case n >= 256 && n&(n-1) == 0:
		if re, ok := rd.f.rows.(RowEstimator); ok {
			if est, ok := re.EstimateRows(); ok {
				err = lim.CheckMemory(name, est, d, "estimated from the input's size")
			}
		}
	case n%4096 == 0:
		err = lim.CheckMemory(name, n, d, "read so far")
	}
	if err != nil {
		return ingestErr(err)
	}
	return nil
}

// add adds a cell (value and kind by ingest.ParseCell's rule, its text
// when not a number) of the row at position line.
func (c *csvColumn) add(row, line int, v float64, kind ingest.CellKind, cell, unit string) {
	c.vals.add(v)
	switch kind {
	case ingest.Number:
		c.info.Numbers++
		return
	case ingest.Missing:
		c.info.Missing++
	default:
		c.info.NotNumbers++
	}
	cell = strings.Clone(cell) // a clone: the cell would keep the whole line alive
	c.text = append(c.text, cell)
	c.bad = append(c.bad, row)
	if len(c.info.First) < 3 {
		c.info.First = append(c.info.First, Cell{Line: line, Text: cell, unit: unit})
	}
}

// chunks is a growing column stored in blocks of at most chunkLen values,
// so that reading a long file never copies (and briefly doubles) a whole
// column, while a short column costs only what it holds: a block starts
// small and doubles up to chunkLen.
type chunks [][]float64

const chunkLen = 1 << 15

func (c *chunks) add(v float64) {
	n := len(*c)
	if n == 0 || len((*c)[n-1]) == chunkLen {
		*c = append(*c, make([]float64, 0, 4))
		n++
	}
	last := &(*c)[n-1]
	if len(*last) == cap(*last) {
		grown := make([]float64, len(*last), min(2*cap(*last), chunkLen))
		copy(grown, *last)
		*last = grown
	}
	*last = append(*last, v)
}

func (c chunks) at(i int) float64 { return c[i/chunkLen][i%chunkLen] }

// table classifies the columns, applies the missing-value policy and
// builds the DataFrame.
func (rd *tableReader) table() (*Table, error) {
	opt := rd.f.opt
	t := &Table{Missing: opt.Missing, unit: rd.f.unit}
	drop := make([]bool, len(rd.lines))
	var bad []ColumnInfo // numeric columns with bad cells, under MissingError
	for _, c := range rd.cols {
		in := &c.info
		in.Kind = classify(in, c.ignored)
		if in.Name == opt.Target && in.Kind != Numeric {
			return nil, targetError(rd.f.name, in)
		}
		if in.Kind != Numeric || len(c.bad) == 0 {
			continue
		}
		switch {
		case opt.Missing == MissingError:
			bad = append(bad, *in)
		case opt.Missing == MissingDropRows || in.Name == opt.Target:
			for _, row := range c.bad {
				drop[row] = true
			}
		}
	}
	if len(bad) > 0 {
		return nil, &CellsError{Input: rd.f.name, Columns: bad, Target: opt.Target}
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
		return nil, fmt.Errorf("frames: %s: every one of the %d data rows has a missing or unparsable cell (policy %s)%s: %w",
			rd.f.name, len(rd.lines), opt.Missing, rd.dropCauses(), lao.ErrEmpty)
	}
	cols := make([]series.Series, len(rd.cols))
	t.Columns = make([]ColumnInfo, 0, len(rd.cols))
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
		return nil, fmt.Errorf("frames: %s: %w: %w", rd.f.name, ErrFrame, t.DataFrame.Err)
	}
	return t, nil
}

// classify returns a column's kind from its counts.
func classify(in *ColumnInfo, ignored bool) ColumnKind {
	switch {
	case ignored:
		return Ignored
	case in.Numbers == 0 && in.NotNumbers == 0:
		return Empty
	case in.Numbers > in.NotNumbers:
		return Numeric
	}
	return Text
}

// dropCauses names the columns whose cells dropped rows, for the message
// when none is left.
func (rd *tableReader) dropCauses() string {
	var parts []string
	for _, c := range rd.cols {
		if c.info.Kind == Numeric && len(c.bad) > 0 && (rd.f.opt.Missing == MissingDropRows || c.info.Name == rd.f.opt.Target) {
			parts = append(parts, fmt.Sprintf("%q (%s)", c.info.Name, plural(len(c.bad), "row")))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "; rows dropped by column " + strings.Join(parts, ", ")
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
	b := 0 // index into c.bad and c.text
	for k, i := range keep {
		for b < len(c.bad) && c.bad[b] < i {
			b++
		}
		if b < len(c.bad) && c.bad[b] == i {
			s[k] = c.text[b]
		} else {
			s[k] = strconv.FormatFloat(c.vals.at(i), 'g', -1, 64)
		}
	}
	return series.New(s, series.String, c.info.Name)
}
