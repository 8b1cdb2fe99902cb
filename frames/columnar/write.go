package columnar

import (
	"fmt"
	"io"
	"math"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/ipc"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// record converts a DataFrame to one Arrow record: Float series become
// float64 columns (NaN, a missing cell, becomes null), Int int64, Bool
// bool, String utf8 (an empty cell stays an empty string).
func record(df dataframe.DataFrame) (arrow.RecordBatch, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("columnar: DataFrame: %w", df.Err)
	}
	var fields []arrow.Field
	var cols []arrow.Array
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	for _, name := range df.Names() {
		a, err := arrayOf(df.Col(name))
		if err != nil {
			return nil, fmt.Errorf("columnar: column %q: %w", name, err)
		}
		fields = append(fields, arrow.Field{Name: name, Type: a.DataType(), Nullable: true})
		cols = append(cols, a)
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(df.Nrow())), nil
}

// arrayOf converts a series to an Arrow array (NaN and NA become null).
func arrayOf(s series.Series) (arrow.Array, error) {
	mem := memory.DefaultAllocator
	na := func(i int) bool { return s.Elem(i).IsNA() }
	switch s.Type() {
	case series.Float:
		fs := s.Float()
		return withNulls(array.NewFloat64Builder(mem), fs, func(i int) bool { return math.IsNaN(fs[i]) }), nil
	case series.Int:
		ints, err := s.Int()
		if err != nil {
			return nil, err
		}
		wide := make([]int64, len(ints))
		for i, v := range ints {
			wide[i] = int64(v)
		}
		return withNulls(array.NewInt64Builder(mem), wide, na), nil
	case series.Bool:
		bools, err := s.Bool()
		if err != nil {
			return nil, err
		}
		return withNulls(array.NewBooleanBuilder(mem), bools, na), nil
	}
	b := array.NewStringBuilder(mem)
	defer b.Release()
	b.AppendValues(s.Records(), nil)
	return b.NewArray(), nil
}

// withNulls appends vals to b, a null where null(i), and returns the array
// (releasing b).
func withNulls[T any, B interface {
	Append(T)
	AppendNull()
	NewArray() arrow.Array
	Release()
}](b B, vals []T, null func(i int) bool) arrow.Array {
	defer b.Release()
	for i, v := range vals {
		if null(i) {
			b.AppendNull()
		} else {
			b.Append(v)
		}
	}
	return b.NewArray()
}

// WriteArrow writes df to w as an Arrow IPC file (one record batch).
func WriteArrow(w io.Writer, df dataframe.DataFrame) error {
	rec, err := record(df)
	if err != nil {
		return err
	}
	defer rec.Release()
	fw, err := ipc.NewFileWriter(writerOnly{w}, ipc.WithSchema(rec.Schema()))
	if err != nil {
		return fmt.Errorf("columnar: %w", err)
	}
	if err := fw.Write(rec); err != nil {
		fw.Close()
		return fmt.Errorf("columnar: %w", err)
	}
	if err := fw.Close(); err != nil {
		return fmt.Errorf("columnar: %w", err)
	}
	return nil
}

// writerOnly hides a writer's Close: the writers of arrow-go close what
// they write to, and the caller owns w.
type writerOnly struct{ io.Writer }
