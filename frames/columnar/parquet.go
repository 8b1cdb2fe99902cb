package columnar

import (
	"fmt"
	"io"
	"math"
	"math/big"
	"os"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"

	"github.com/laoproject/lao/frames/ingest"
)

// pqRows reads a Parquet file (parquet-go) row group by row group, a
// buffer of rows at a time, as frames.Rows.
type pqRows struct {
	f      *os.File
	name   string
	names  []string
	leaf   []int      // field j's leaf column, or −1 (a skipped nested field)
	conv   []cellConv // field j's conversion
	groups []parquet.RowGroup
	g      int // the next row group
	rows   parquet.Rows
	buf    []parquet.Row
	cursor // row i of the n buffered
	cur    []parquet.Value
	total  int64 // the file's rows (its footer says)
	closed bool
}

// EstimateRows returns the file's number of rows, from its footer, so
// that frames.ReadRows checks the memory limit before reading them.
func (r *pqRows) EstimateRows() (int64, bool) { return r.total, true }

// cellConv converts a Parquet value of one column by ingest.ParseCell's rule.
type cellConv func(parquet.Value) (float64, ingest.CellKind, string)

// openParquet opens a Parquet file: its footer and schema (a nested field
// not in ignore is an error naming it).
func openParquet(path, name string, ignore []string) (*pqRows, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("columnar: %w", err)
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("columnar: %w", err)
	}
	pf, err := parquet.OpenFile(f, st.Size(), parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true))
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("columnar: %s: not a readable Parquet file (truncated or corrupt?): %v: %w", name, err, ingest.ErrFormat)
	}
	r := &pqRows{f: f, name: name, groups: pf.RowGroups(), buf: make([]parquet.Row, 256), total: pf.NumRows()}
	leaf := 0
	for _, fd := range pf.Schema().Fields() {
		r.names = append(r.names, fd.Name())
		if !fd.Leaf() {
			if !contains(ignore, fd.Name()) {
				f.Close()
				return nil, fmt.Errorf("columnar: %s: column %q has a nested type (%s): only flat columns (numbers, booleans, text, dates) can be read; --ignore it or flatten the table: %w",
					name, fd.Name(), nestedKind(fd), ErrUnsupported)
			}
			r.leaf, r.conv = append(r.leaf, -1), append(r.conv, nil)
			leaf += leaves(fd)
			continue
		}
		r.leaf, r.conv = append(r.leaf, leaf), append(r.conv, converter(fd.Type()))
		leaf++
	}
	r.cur = make([]parquet.Value, leaf)
	return r, nil
}

// leaves counts the leaf columns under a field.
func leaves(f parquet.Field) int {
	if f.Leaf() {
		return 1
	}
	n := 0
	for _, c := range f.Fields() {
		n += leaves(c)
	}
	return n
}

func nestedKind(f parquet.Field) string {
	if lt := f.Type().LogicalType(); lt != nil && lt.Value != nil {
		return lt.String()
	}
	if f.Repeated() {
		return "repeated group"
	}
	return "group"
}

// converter returns the conversion of a column's values: numbers (with a
// decimal's scale) and booleans are numbers, strings follow the CSV rule,
// dates, times and other values are text.
func converter(t parquet.Type) cellConv {
	var lv any
	if lt := t.LogicalType(); lt != nil {
		lv = lt.Value
	}
	switch x := lv.(type) {
	case *format.DecimalType:
		return decimal(t.Kind(), int(x.Scale))
	case *format.StringType, *format.EnumType, *format.JsonType:
		return textValue
	case *format.IntType:
		if !x.IsSigned {
			return func(v parquet.Value) (float64, ingest.CellKind, string) {
				if t.Kind() == parquet.Int32 {
					return float64(v.Uint32()), ingest.Number, ""
				}
				return float64(v.Uint64()), ingest.Number, ""
			}
		}
	case nil:
	default: // dates, times, timestamps, UUIDs...
		return func(v parquet.Value) (float64, ingest.CellKind, string) { return math.NaN(), ingest.Text, v.String() }
	}
	switch t.Kind() {
	case parquet.Boolean:
		return func(v parquet.Value) (float64, ingest.CellKind, string) {
			if v.Boolean() {
				return 1, ingest.Number, ""
			}
			return 0, ingest.Number, ""
		}
	case parquet.Int32:
		return func(v parquet.Value) (float64, ingest.CellKind, string) { return float64(v.Int32()), ingest.Number, "" }
	case parquet.Int64:
		return func(v parquet.Value) (float64, ingest.CellKind, string) { return float64(v.Int64()), ingest.Number, "" }
	case parquet.Float:
		return func(v parquet.Value) (float64, ingest.CellKind, string) { return ingest.FloatCell(float64(v.Float())) }
	case parquet.Double:
		return func(v parquet.Value) (float64, ingest.CellKind, string) { return ingest.FloatCell(v.Double()) }
	case parquet.ByteArray: // plain binary: read as text, as a CSV cell
		return textValue
	}
	return func(v parquet.Value) (float64, ingest.CellKind, string) { return math.NaN(), ingest.Text, v.String() }
}

func textValue(v parquet.Value) (float64, ingest.CellKind, string) {
	return ingest.TextCell(string(v.ByteArray()))
}

// decimal converts a decimal of the given scale stored as an integer or as
// big-endian two's-complement bytes.
func decimal(kind parquet.Kind, scale int) cellConv {
	div := math.Pow10(scale)
	return func(v parquet.Value) (float64, ingest.CellKind, string) {
		switch kind {
		case parquet.Int32:
			return float64(v.Int32()) / div, ingest.Number, ""
		case parquet.Int64:
			return float64(v.Int64()) / div, ingest.Number, ""
		}
		b := v.ByteArray()
		n := new(big.Int).SetBytes(b)
		if len(b) > 0 && b[0]&0x80 != 0 { // negative: two's complement
			n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
		}
		f, _ := new(big.Float).SetInt(n).Float64()
		return ingest.FloatCell(f / div)
	}
}

// Names returns the top-level column names.
func (r *pqRows) Names() []string { return r.names }

// Next advances to the next row, reading the next buffer of rows (and row
// group) when needed.
func (r *pqRows) Next() (int, error) {
	pos, err := r.advance(r.fill)
	if err != nil {
		return 0, err
	}
	for c := range r.cur {
		r.cur[c] = parquet.Value{}
	}
	for _, v := range r.buf[r.i] {
		if c := v.Column(); c >= 0 && c < len(r.cur) {
			r.cur[c] = v
		}
	}
	return pos, nil
}

// fill reads the next buffer of rows, moving to the next row group when
// the current one is done.
func (r *pqRows) fill() error {
	for {
		if r.rows == nil {
			if r.g >= len(r.groups) {
				return io.EOF
			}
			r.rows = r.groups[r.g].Rows()
			r.g++
		}
		n, err := r.rows.ReadRows(r.buf)
		r.i, r.n = 0, n
		if err != nil && err != io.EOF {
			return fmt.Errorf("columnar: %s: row group %d, from row %d: %v (truncated or corrupt?): %w", r.name, r.g, r.pos+1, err, ingest.ErrFormat)
		}
		if err == io.EOF {
			r.rows.Close()
			r.rows = nil
		}
		if n > 0 {
			return nil
		}
	}
}

// Cell returns cell j of the current row.
func (r *pqRows) Cell(j int) (float64, ingest.CellKind, string) {
	c := r.leaf[j]
	if c < 0 {
		return missingCells(0)
	}
	v := r.cur[c]
	if v.IsNull() {
		return math.NaN(), ingest.Missing, "null"
	}
	return r.conv[j](v)
}

// PosName returns "row": positions are row numbers from 1.
func (r *pqRows) PosName() string { return "row" }

// Close closes the file.
func (r *pqRows) Close() error {
	if r.closed {
		return nil
	}
	r.closed = true
	if r.err == nil {
		r.err = io.EOF
	}
	if r.rows != nil {
		r.rows.Close()
	}
	return r.f.Close()
}
