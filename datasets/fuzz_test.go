package datasets

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
)

// FuzzReadIDX: ReadIDX never panics, and what it accepts is consistent
// (payload size = product of the dimensions, at most MaxIDXBytes) and
// survives a WriteIDX round trip. Seed corpus: testdata/fuzz/FuzzReadIDX.
func FuzzReadIDX(f *testing.F) {
	f.Add(idxBytes(f, []int{2, 2, 2}, []byte{0, 1, 2, 3, 4, 5, 6, 7}))
	f.Add(gz(f, idxBytes(f, []int{3}, []byte{3, 5, 9})))
	f.Add([]byte{0, 0, 8, 3, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 28, 0, 0, 0, 28})
	f.Fuzz(func(t *testing.T, data []byte) {
		idx, err := ReadIDX(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrTooLarge) {
				t.Fatalf("error wraps neither ErrFormat nor ErrTooLarge: %v", err)
			}
			return
		}
		size := 1
		for _, d := range idx.Dims {
			size *= d
		}
		if size != len(idx.Data) || size > MaxIDXBytes || len(idx.Dims) < 1 || len(idx.Dims) > 4 {
			t.Fatalf("dims %v with %d bytes", idx.Dims, len(idx.Data))
		}
		var buf bytes.Buffer
		if err := WriteIDX(&buf, idx.Dims, idx.Data); err != nil {
			t.Fatal(err)
		}
		again, err := ReadIDX(&buf)
		if err != nil || !bytes.Equal(again.Data, idx.Data) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

// tinySpec is a small CSV format for fuzzing: header "id,a,b,y", id dropped.
func tinySpec() csvSpec {
	cols := []string{"id", "a", "b", "y"}
	return csvSpec{header: cols, cols: cols, features: []int{1, 2}, label: 3}
}

// FuzzCSV: the CSV readers never panic, return finite values or a
// classified error, and the stream yields exactly the in-memory table.
// Seed corpus: testdata/fuzz/FuzzCSV.
func FuzzCSV(f *testing.F) {
	f.Add([]byte("id,a,b,y\n1,0.5,2,3\n2,-1,1e3,0\n"))
	f.Add([]byte("id,a,b,y\n1,0.5\n"))
	f.Add(covertypeCSV(3, 1))
	f.Add(gz(f, covertypeCSV(2, 2)))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, spec := range []csvSpec{tinySpec(), covertypeSpec(2)} {
			ds, err := readTable(bytes.NewReader(data), "fuzz", spec, 0)
			if err != nil {
				if !errors.Is(err, ErrFormat) && !errors.Is(err, lao.ErrNotFinite) && !errors.Is(err, lao.ErrEmpty) {
					t.Fatalf("unclassified error: %v", err)
				}
				continue
			}
			src, err := newCSVSource(bytes.NewReader(data), nil, "fuzz", spec, -1)
			if err != nil {
				t.Fatal(err)
			}
			row := make([]float64, src.Dim())
			for i := 0; ; i++ {
				y, err := src.Next(row)
				if err == io.EOF {
					if i != ds.Len() {
						t.Fatalf("stream has %d rows, table %d", i, ds.Len())
					}
					break
				}
				if err != nil {
					t.Fatal(err)
				}
				if i >= ds.Len() || y != ds.Label(i) || math.IsNaN(y) {
					t.Fatalf("row %d: label %v", i, y)
				}
				for j, v := range row {
					if v != ds.Row(i)[j] || math.IsInf(v, 0) {
						t.Fatalf("row %d col %d: %v vs %v", i, j, v, ds.Row(i)[j])
					}
				}
			}
		}
	})
}
