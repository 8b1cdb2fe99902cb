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
	mem := memory.DefaultAllocator
	var fields []arrow.Field
	var cols []arrow.Array
	defer func() {
		for _, c := range cols {
			c.Release()
		}
	}()
	for _, name := range df.Names() {
		s := df.Col(name)
		var a arrow.Array
		switch s.Type() {
		case series.Float:
			b := array.NewFloat64Builder(mem)
			for _, v := range s.Float() {
				if math.IsNaN(v) {
					b.AppendNull()
				} else {
					b.Append(v)
				}
			}
			a = b.NewArray()
			b.Release()
		case series.Int:
			b := array.NewInt64Builder(mem)
			ints, err := s.Int()
			if err != nil {
				return nil, fmt.Errorf("columnar: column %q: %w", name, err)
			}
			for i, v := range ints {
				if s.Elem(i).IsNA() {
					b.AppendNull()
				} else {
					b.Append(int64(v))
				}
			}
			a = b.NewArray()
			b.Release()
		case series.Bool:
			b := array.NewBooleanBuilder(mem)
			bools, err := s.Bool()
			if err != nil {
				return nil, fmt.Errorf("columnar: column %q: %w", name, err)
			}
			for i, v := range bools {
				if s.Elem(i).IsNA() {
					b.AppendNull()
				} else {
					b.Append(v)
				}
			}
			a = b.NewArray()
			b.Release()
		default:
			b := array.NewStringBuilder(mem)
			b.AppendValues(s.Records(), nil)
			a = b.NewArray()
			b.Release()
		}
		fields = append(fields, arrow.Field{Name: name, Type: a.DataType(), Nullable: true})
		cols = append(cols, a)
	}
	return array.NewRecordBatch(arrow.NewSchema(fields, nil), cols, int64(df.Nrow())), nil
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
