package frames

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// tableReader holds the columns of one ReadCSV or ReadRows call as they
// are read.
type tableReader struct {
	f     *rowTable
	cols  []*csvColumn
	lines []int  // the file line of each row
	vals  chunks // every parsed cell, row after row (NaN where not a number)
	blank blankRows
	kinds []ingest.CellKind // the current row's cells' kinds
}

// csvColumn accumulates one column: parsed numbers (NaN where the cell is
// not a number) and the text of the cells that are not numbers.
type csvColumn struct {
	info    ColumnInfo
	text    []string // the text of the cells that are not finite numbers
	bad     []int    // the rows of those cells, increasing
	ignored bool
}

func newTableReader(f *rowTable) *tableReader {
	rd := &tableReader{f: f, cols: make([]*csvColumn, len(f.names))}
	for j, n := range f.names {
		rd.cols[j] = &csvColumn{info: ColumnInfo{Name: n, Unnamed: f.unnamed[j]}, ignored: f.ignored[j]}
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
		rd.kinds = rd.kinds[:0]
		for j, c := range rd.cols {
			v, kind, text := rd.f.rows.Cell(j)
			rd.vals.add(c.add(row, line, v, kind, text, rd.f.unit))
			rd.kinds = append(rd.kinds, kind)
		}
		rd.blank.add(rd.kinds, line, rd.f.unit)
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

// add counts a cell of the column (its value and kind by
// ingest.ParseCell's rule; its text kept if it is not a number) at position
// line, and returns its value.
func (c *csvColumn) add(row, line int, v float64, kind ingest.CellKind, cell, unit string) float64 {
	if c.info.Count(kind, cell) {
		return v
	}
	cell = strings.Clone(cell) // a clone: the cell would keep the whole line alive
	c.text = append(c.text, cell)
	c.bad = append(c.bad, row)
	c.info.Keep(cell, line, unit)
	return v
}

// chunks is a growing sequence of values stored in blocks of chunkLen, so
// that reading a large file never copies (and briefly doubles) it. The
// table's cells are kept row after row in one chunks: a wide table costs no
// storage per column (a block per column cost 256 KiB each: 25 GB for
// 100,000 columns).
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

// table classifies the columns, applies the missing-value policy and
// builds the DataFrame.
func (rd *tableReader) table() (*Table, error) {
	opt := rd.f.opt
	t := &Table{Missing: opt.Missing, unit: rd.f.unit, marks: rd.f.csvMarks()}
	drop, err := rd.applyPolicy()
	if err != nil {
		return nil, err
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
	t.Columns = make([]ColumnInfo, 0, len(rd.cols))
	for j, c := range rd.cols {
		t.Columns = append(t.Columns, c.info)
		if c.info.Kind == Numeric {
			for _, i := range keep {
				if math.IsNaN(rd.at(i, j)) {
					t.Columns[len(t.Columns)-1].Left++
				}
			}
		}
	}
	t.notNumbers = rd.notNumbers(keep)
	t.DataFrame = rd.frame(keep)
	if t.DataFrame.Err != nil {
		return nil, fmt.Errorf("frames: %s: %w: %w", rd.f.name, ErrFrame, t.DataFrame.Err)
	}
	return t, nil
}

// notNumbers returns, for each column kept as text, the set of the kept
// rows whose cells are not numbers as the file was read (Table.NotNumbers;
// series writes the others as formatted numbers), one bit a row: a 64th
// of the column's strings in the DataFrame.
func (rd *tableReader) notNumbers(keep []int) map[string][]uint64 {
	out := map[string][]uint64{}
	for _, c := range rd.cols {
		if c.info.Kind == Numeric || c.info.Kind == Empty {
			continue
		}
		set := make([]uint64, (len(keep)+63)/64)
		b := 0
		for k, i := range keep {
			for b < len(c.bad) && c.bad[b] < i {
				b++
			}
			if b < len(c.bad) && c.bad[b] == i {
				set[k/64] |= 1 << (k % 64)
			}
		}
		out[c.info.Name] = set
	}
	return out
}

// applyPolicy sets every column's Kind and applies the missing-value policy:
// it returns the rows to drop, or the error that refuses the table (a text
// target, numbers written another way, bad cells under MissingError).
func (rd *tableReader) applyPolicy() (drop []bool, err error) {
	opt := rd.f.opt
	drop = make([]bool, len(rd.lines))
	var bad []ColumnInfo // numeric columns with bad cells, under MissingError
	features := 0
	var numberLike []ColumnInfo // numeric columns with numbers written another way
	for j := range rd.cols {
		c := rd.cols[j]
		in := &c.info
		in.Kind = classify(in, c.ignored)
		if in.Kind == Numeric && in.NumberLike+in.Malformed > 0 {
			numberLike = append(numberLike, *in)
		}
		if in.Name == opt.Target && in.Kind != Numeric {
			return nil, targetError(rd.f.name, in)
		}
		if in.Kind == Numeric && in.Name != opt.Target {
			features++
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
	if err := numberLikeError(rd.f.name, numberLike, opt.Target); err != nil {
		return nil, err
	}
	if len(bad) > 0 {
		return nil, rd.blank.note(&CellsError{Input: rd.f.name, Columns: bad, Target: opt.Target, Features: features, NoHeader: opt.NoHeader, SkipLines: opt.SkipLines})
	}
	return drop, nil
}

// at returns the value of row i, column j.
func (rd *tableReader) at(i, j int) float64 {
	k := i*len(rd.cols) + j
	return rd.vals[k/chunkLen][k%chunkLen]
}

// frame builds the DataFrame of the kept rows. dataframe.New copies every
// series it is given (the table twice in memory at once); a table of a few
// thousand numeric columns goes through dataframe.LoadMatrix, which does
// not (it is quadratic in the number of columns: gota names them one by
// one).
func (rd *tableReader) frame(keep []int) dataframe.DataFrame {
	numbers := len(rd.cols) <= 2048
	for _, c := range rd.cols {
		numbers = numbers && (c.info.Kind == Numeric || c.info.Kind == Empty)
	}
	if numbers {
		df := dataframe.LoadMatrix(keptMatrix{rd, keep})
		if df.Err == nil {
			df.Err = df.SetNames(rd.f.names...)
		}
		return df
	}
	cols := make([]series.Series, len(rd.cols))
	buf := make([]float64, len(keep)) // series.New copies it
	for j, c := range rd.cols {
		cols[j] = rd.series(j, keep, buf)
		c.text = nil
	}
	rd.vals, rd.cols = nil, nil // free the cells and columns (Table.Columns has their infos) before dataframe.New copies the series
	if len(cols) > 2048 {
		// A wide table's garbage (parsed records, temporary columns) is
		// collected now, so that its peak memory is the live table and
		// the copy rather than twice that: 100,000 columns × 30 rows
		// peaked at 208 MiB without (TestWideCSVMemory); 196-198 MiB with
		// it once ColumnInfo had grown, 176-177 with the columns' state
		// freed first and one buffer for the numeric series.
		runtime.GC()
	}
	return dataframe.New(cols...)
}

// keptMatrix is the kept rows of a table of numeric columns as a matrix.
type keptMatrix struct {
	rd   *tableReader
	keep []int
}

func (m keptMatrix) Dims() (int, int)    { return len(m.keep), len(m.rd.cols) }
func (m keptMatrix) At(i, j int) float64 { return m.rd.at(m.keep[i], j) }

// classify returns a column's kind from its counts. Numbers written
// another way (NumberLike: "1,5", "1,000") count as numbers here, so that a
// column written with decimal commas throughout is refused by name
// (NumberLikeError) rather than set aside as text.
func classify(in *ColumnInfo, ignored bool) ColumnKind {
	switch {
	case ignored:
		return Ignored
	case in.Numbers == 0 && in.NotNumbers == 0:
		return Empty
	case in.Numbers+in.NumberLike > in.NotNumbers-in.NumberLike:
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

// series returns column j's kept rows as a gota series; buf (len(keep)
// values, which series.New copies) holds a numeric column's values on the
// way.
func (rd *tableReader) series(j int, keep []int, buf []float64) series.Series {
	c := rd.cols[j]
	if c.info.Kind == Numeric || c.info.Kind == Empty {
		v := buf
		for k, i := range keep {
			v[k] = rd.at(i, j)
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
			s[k] = strconv.FormatFloat(rd.at(i, j), 'g', -1, 64)
		}
	}
	return series.New(s, series.String, c.info.Name)
}
