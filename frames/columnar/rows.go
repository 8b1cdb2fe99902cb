package columnar

import (
	"fmt"
	"io"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/laoproject/lao/frames/ingest"
)

// cellFunc returns row i of a column by ingest.ParseCell's rule.
type cellFunc func(i int) (float64, ingest.CellKind, string)

// rows are the record batches of a file read as frames.Rows.
type rows struct {
	src    *batchSource
	name   string
	names  []string
	field  []int // field j's column in a batch, or -1 (a skipped nested column)
	cur    arrow.RecordBatch
	cells  []cellFunc
	cursor // row i of the current batch of n rows
	closed bool
}

// cursor is the position the Arrow and Parquet readers keep: row i of the
// n rows buffered, the row number pos of the current row (from 1) and the
// error that ended the reading, which every later Next returns.
type cursor struct {
	i, n, pos int
	err       error
}

// advance moves to the next row, calling refill while the buffer is used
// up (refill loads the next n rows and resets i to 0), and returns its row
// number.
func (c *cursor) advance(refill func() error) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	c.i++
	for c.i >= c.n {
		if err := refill(); err != nil {
			c.err = err
			return 0, err
		}
	}
	c.pos++
	return c.pos, nil
}

func newRows(src *batchSource, skip []bool, name string) *rows {
	r := &rows{src: src, name: name}
	c := 0
	for i, f := range src.schema.Fields() {
		r.names = append(r.names, f.Name)
		if skip[i] {
			r.field = append(r.field, -1)
			continue
		}
		r.field = append(r.field, c)
		c++
	}
	r.cells = make([]cellFunc, len(r.names))
	return r
}

// Names returns the names of the file's top-level columns.
func (r *rows) Names() []string { return r.names }

// Next advances to the next row, reading the next batch when the current
// one is done.
func (r *rows) Next() (int, error) {
	return r.advance(func() error {
		r.cur = nil
		rec, err := r.src.next()
		if err != nil && err != io.EOF {
			err = fmt.Errorf("%w (reading from row %d)", err, r.pos+1)
		}
		if err != nil {
			return err
		}
		return r.setBatch(rec)
	})
}

// setBatch makes rec the current batch.
func (r *rows) setBatch(rec arrow.RecordBatch) error {
	r.cur, r.i, r.n = rec, 0, int(rec.NumRows())
	for j, c := range r.field {
		if c < 0 {
			r.cells[j] = missingCells
			continue
		}
		if c >= int(rec.NumCols()) {
			return fmt.Errorf("columnar: %s: a batch has %d columns, the schema %d: %w", r.name, rec.NumCols(), len(r.names), ingest.ErrFormat)
		}
		r.cells[j] = cellsOf(rec.Column(c))
	}
	return nil
}

// Cell returns cell j of the current row.
func (r *rows) Cell(j int) (float64, ingest.CellKind, string) { return r.cells[j](r.i) }

// PosName returns "row": positions are row numbers from 1.
func (r *rows) PosName() string { return "row" }

// Close closes the file (once; Next then returns io.EOF).
func (r *rows) Close() error {
	if r.closed {
		return nil
	}
	r.closed, r.cur, r.n = true, nil, 0
	if r.err == nil {
		r.err = io.EOF
	}
	return r.src.close()
}

func missingCells(int) (float64, ingest.CellKind, string) { return math.NaN(), ingest.Missing, "" }

// nullable wraps f with the column's nulls (missing cells).
func nullable(a arrow.Array, f cellFunc) cellFunc {
	if a.NullN() == 0 {
		return f
	}
	return func(i int) (float64, ingest.CellKind, string) {
		if a.IsNull(i) {
			return math.NaN(), ingest.Missing, "null"
		}
		return f(i)
	}
}

// intCells returns the cells of an integer column: every value a number.
func intCells[T int64 | int32 | int16 | int8 | uint64 | uint32 | uint16 | uint8](c interface{ Value(int) T }) cellFunc {
	return func(i int) (float64, ingest.CellKind, string) { return float64(c.Value(i)), ingest.Number, "" }
}

// cellsOf returns the cells of a column: numbers and booleans are numbers,
// strings follow ingest.ParseCell, dictionaries their values, anything
// else (dates, timestamps, binary) is text.
func cellsOf(a arrow.Array) cellFunc {
	var f cellFunc
	switch c := a.(type) {
	case *array.Float64:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.FloatCell(c.Value(i)) }
	case *array.Float32:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.FloatCell(float64(c.Value(i))) }
	case *array.Float16:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.FloatCell(float64(c.Value(i).Float32())) }
	case *array.Int64:
		f = intCells[int64](c)
	case *array.Int32:
		f = intCells[int32](c)
	case *array.Int16:
		f = intCells[int16](c)
	case *array.Int8:
		f = intCells[int8](c)
	case *array.Uint64:
		f = intCells[uint64](c)
	case *array.Uint32:
		f = intCells[uint32](c)
	case *array.Uint16:
		f = intCells[uint16](c)
	case *array.Uint8:
		f = intCells[uint8](c)
	case *array.Boolean:
		f = func(i int) (float64, ingest.CellKind, string) {
			if c.Value(i) {
				return 1, ingest.Number, ""
			}
			return 0, ingest.Number, ""
		}
	case *array.Decimal128:
		scale := c.DataType().(*arrow.Decimal128Type).Scale
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.FloatCell(c.Value(i).ToFloat64(scale)) }
	case *array.String:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.TextCell(c.Value(i)) }
	case *array.LargeString:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.TextCell(c.Value(i)) }
	case *array.StringView:
		f = func(i int) (float64, ingest.CellKind, string) { return ingest.TextCell(c.Value(i)) }
	case *array.Null:
		return missingCells
	case *array.Dictionary:
		dict := cellsOf(c.Dictionary())
		f = func(i int) (float64, ingest.CellKind, string) { return dict(c.GetValueIndex(i)) }
	default:
		f = func(i int) (float64, ingest.CellKind, string) { return math.NaN(), ingest.Text, a.ValueStr(i) }
	}
	return nullable(a, f)
}
