package columnar

import (
	"fmt"
	"io"
	"math"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/parquet-go/parquet-go"
)

// RowGroupRows is the number of rows per row group WriteParquet writes.
const RowGroupRows = 1 << 17

// ordered is a Parquet group whose fields keep the DataFrame's column
// order (parquet.Group sorts them by name).
type ordered struct {
	parquet.Group
	names []string
}

// Fields returns the group's fields in the DataFrame's order.
func (o ordered) Fields() []parquet.Field {
	byName := map[string]parquet.Field{}
	for _, f := range o.Group.Fields() {
		byName[f.Name()] = f
	}
	out := make([]parquet.Field, len(o.names))
	for i, n := range o.names {
		out[i] = byName[n]
	}
	return out
}

// WriteParquet writes df to w as a Parquet file (snappy-compressed, row
// groups of RowGroupRows rows), columns in df's order: the way back from
// gota to Parquet. Float series become optional doubles (NaN, a missing
// cell, becomes null), Int int64, Bool boolean, String UTF-8 strings.
// columnar.Read reads it back to the same DataFrame.
func WriteParquet(w io.Writer, df dataframe.DataFrame) error {
	if df.Err != nil {
		return fmt.Errorf("columnar: DataFrame: %w", df.Err)
	}
	names := df.Names()
	g := parquet.Group{}
	cols := make([]series.Series, len(names))
	for j, n := range names {
		cols[j] = df.Col(n)
		var node parquet.Node
		switch cols[j].Type() {
		case series.Float:
			node = parquet.Leaf(parquet.DoubleType)
		case series.Int:
			node = parquet.Int(64)
		case series.Bool:
			node = parquet.Leaf(parquet.BooleanType)
		default:
			node = parquet.String()
		}
		g[n] = parquet.Optional(node)
	}
	schema := parquet.NewSchema("table", ordered{Group: g, names: names})
	pw := parquet.NewWriter(w, schema, parquet.Compression(&parquet.Snappy), parquet.MaxRowsPerRowGroup(RowGroupRows))
	rows := make([]parquet.Row, 0, 1024)
	for i := range df.Nrow() {
		row := make(parquet.Row, len(cols))
		for j, s := range cols {
			row[j] = cellValue(s, i).Level(0, 1, j)
			if row[j].IsNull() {
				row[j] = parquet.NullValue().Level(0, 0, j)
			}
		}
		if rows = append(rows, row); len(rows) == cap(rows) {
			if _, err := pw.WriteRows(rows); err != nil {
				return fmt.Errorf("columnar: %w", err)
			}
			rows = rows[:0]
		}
	}
	if _, err := pw.WriteRows(rows); err != nil {
		return fmt.Errorf("columnar: %w", err)
	}
	if err := pw.Close(); err != nil {
		return fmt.Errorf("columnar: %w", err)
	}
	return nil
}

// cellValue is cell i of a series as a Parquet value (null for NaN or NA).
func cellValue(s series.Series, i int) parquet.Value {
	e := s.Elem(i)
	if e.IsNA() {
		return parquet.NullValue()
	}
	switch s.Type() {
	case series.Float:
		v := e.Float()
		if math.IsNaN(v) {
			return parquet.NullValue()
		}
		return parquet.DoubleValue(v)
	case series.Int:
		v, _ := e.Int()
		return parquet.Int64Value(int64(v))
	case series.Bool:
		v, _ := e.Bool()
		return parquet.BooleanValue(v)
	}
	return parquet.ByteArrayValue([]byte(e.String()))
}
