package columnar_test

import (
	"encoding/csv"
	"errors"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/columnar"
	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// rawCSV has a numeric column with a missing cell ("NA") and a text cell
// ("abc"), a text column, a boolean column, an empty column and the label.
const rawCSV = `a,b,name,flag,empty,y
1,2.5,x,true,,10
2,NA,y,false,,11
3,1.5,z,true,,12
4,abc,w,false,,13
5,0.5,v,true,,14
`

// stringFrame is the CSV with every cell kept as text, as a DataFrame:
// written to Parquet, its string columns must be classified as the CSV's.
func stringFrame(t *testing.T) dataframe.DataFrame {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(rawCSV)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var cols []series.Series
	for j, name := range recs[0] {
		var v []string
		for _, r := range recs[1:] {
			v = append(v, r[j])
		}
		cols = append(cols, series.New(v, series.String, name))
	}
	return dataframe.New(cols...)
}

func writeFile(t *testing.T, name string, write func(*os.File) error) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := write(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// counts are a column's classification without the positions' unit.
type counts struct {
	Name                         string
	Kind                         frames.ColumnKind
	Numbers, Missing, NotNumbers int
	First                        []string
}

func classification(tab *frames.Table) []counts {
	var out []counts
	for _, c := range tab.Columns {
		k := counts{Name: c.Name, Kind: c.Kind, Numbers: c.Numbers, Missing: c.Missing, NotNumbers: c.NotNumbers}
		for _, f := range c.First {
			k.First = append(k.First, f.Text)
		}
		out = append(out, k)
	}
	return out
}

// TestSameAsCSV reads the same table as CSV, as Parquet and as Arrow, under
// every missing-value policy: same classification, same DataFrame, same
// unused columns; errors name the file, the column and the row.
func TestSameAsCSV(t *testing.T) {
	df := stringFrame(t)
	pq := writeFile(t, "t.parquet", func(f *os.File) error { return columnar.WriteParquet(f, df) })
	ar := writeFile(t, "t.arrow", func(f *os.File) error { return columnar.WriteArrow(f, df) })
	for _, m := range []frames.Missing{frames.MissingDropRows, frames.MissingMean} {
		want, err := frames.ReadCSV(strings.NewReader(rawCSV), frames.CSVOptions{Target: "y", Missing: m})
		if err != nil {
			t.Fatal(err)
		}
		for _, path := range []string{pq, ar} {
			got, err := columnar.Read(path, frames.CSVOptions{Target: "y", Missing: m})
			if err != nil {
				t.Fatalf("%s %v: %v", path, m, err)
			}
			if !reflect.DeepEqual(classification(got), classification(want)) {
				t.Errorf("%s %v: columns\n%+v\nwant %+v", path, m, classification(got), classification(want))
			}
			if !reflect.DeepEqual(got.Records(), want.Records()) {
				t.Errorf("%s %v: frame\n%v\nwant\n%v", path, m, got.DataFrame, want.DataFrame)
			}
			if !reflect.DeepEqual(got.Unused(), unusedRows(want.Unused())) {
				t.Errorf("%s %v: unused %v, want %v", path, m, got.Unused(), want.Unused())
			}
			for i := range got.DroppedLines { // CSV lines count the header: row = line − 1
				if got.DroppedLines[i] != want.DroppedLines[i]-1 {
					t.Errorf("%s %v: dropped rows %v, CSV lines %v", path, m, got.DroppedLines, want.DroppedLines)
				}
			}
			if got.PosName() != "row" {
				t.Errorf("PosName %q", got.PosName())
			}
		}
	}
	_, err := columnar.Read(pq, frames.CSVOptions{Name: "t.parquet", Target: "y"})
	var cells *frames.CellsError
	if !errors.As(err, &cells) || !errors.Is(err, frames.ErrMissing) {
		t.Fatalf("MissingError: %v", err)
	}
	for _, s := range []string{"t.parquet", `column "b"`, `row 2: "NA"`, `row 4: "abc"`} {
		if !strings.Contains(err.Error(), s) {
			t.Errorf("error %q does not name %s", err, s)
		}
	}
}

// unusedRows rewrites a CSV's "on line N" as "on row N−1".
func unusedRows(u []frames.Unused) []frames.Unused {
	out := make([]frames.Unused, len(u))
	for i, c := range u {
		out[i] = c
		out[i].Reason = strings.Replace(c.Reason, `on line 2`, `on row 1`, 1)
	}
	return out
}

// TestTypedRoundTrip: gota → Parquet/Arrow → gota keeps a numeric table
// (NaN as null, read back as a missing cell) bit for bit.
func TestTypedRoundTrip(t *testing.T) {
	want, err := frames.ReadCSV(strings.NewReader("x,z,label\n0.1,1e300,1\n-2,,0\n3.25,7,1\n"), frames.CSVOptions{Target: "label", Missing: frames.MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []func(*os.File) error{
		func(f *os.File) error { return columnar.WriteParquet(f, want.DataFrame) },
		func(f *os.File) error { return columnar.WriteArrow(f, want.DataFrame) },
	} {
		path := writeFile(t, "t", w)
		got, err := columnar.Read(path, frames.CSVOptions{Target: "label", Missing: frames.MissingMean})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got.Records(), want.Records()) || got.Columns[1].Missing != 1 {
			t.Errorf("round trip\n%v\nwant\n%v", got.DataFrame, want.DataFrame)
		}
	}
}

// writeParquet writes a record batch as Parquet with small row groups.
func writeParquet(t *testing.T, rec arrow.RecordBatch, groupRows int64) string {
	return writeFile(t, "g.parquet", func(f *os.File) error {
		props := parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(groupRows))
		fw, err := pqarrow.NewFileWriter(rec.Schema(), struct{ io.Writer }{f}, props, pqarrow.DefaultWriterProps())
		if err != nil {
			return err
		}
		if err := fw.Write(rec); err != nil {
			return err
		}
		return fw.Close()
	})
}

// linear returns a record of n rows: x1 = i, x2 = (i*7)%13, a label.
func linear(n int) arrow.RecordBatch {
	mem := memory.DefaultAllocator
	b1, b2, by := array.NewInt64Builder(mem), array.NewFloat64Builder(mem), array.NewFloat64Builder(mem)
	for i := range n {
		x1, x2 := float64(i%50), float64((i*7)%13)
		b1.Append(int64(i % 50))
		b2.Append(x2)
		by.Append(2*x1 - x2 + 1)
	}
	schema := arrow.NewSchema([]arrow.Field{{Name: "x1", Type: arrow.PrimitiveTypes.Int64}, {Name: "x2", Type: arrow.PrimitiveTypes.Float64}, {Name: "y", Type: arrow.PrimitiveTypes.Float64}}, nil)
	return array.NewRecordBatch(schema, []arrow.Array{b1.NewArray(), b2.NewArray(), by.NewArray()}, int64(n))
}

// TestStreamSameAsMemory fits the same solver on a Parquet file of many
// row groups streamed and read in memory, and on the same table as a CSV
// stream: identical transforms and weights.
func TestStreamSameAsMemory(t *testing.T) {
	const n = 3000
	path := writeParquet(t, linear(n), 700)
	solver := &lao.AERR{K: 1}
	opt := frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}, Options: frames.OptionsFor(solver)}
	st, err := columnar.Stream(path, opt)
	if err != nil {
		t.Fatal(err)
	}
	if st.MTrain != n {
		t.Fatalf("streamed %d rows, want %d", st.MTrain, n)
	}
	tab, err := columnar.Read(path, frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	var csv strings.Builder
	if err := tab.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	cs, err := frames.StreamCSV(func() (ioReadCloser, error) { return nopCloser{strings.NewReader(csv.String())}, nil }, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(st.Transform, cs.Transform) {
		t.Errorf("transform %+v, CSV stream's %+v", st.Transform, cs.Transform)
	}
	fit := func(src lao.Source, err error) []float64 {
		if err != nil {
			t.Fatal(err)
		}
		res, err := lao.Fit(solver, src, lao.Options{Seed: 3})
		if err != nil {
			t.Fatal(err)
		}
		return res.W
	}
	w1, w2 := fit(st.Train()), fit(cs.Train())
	if !reflect.DeepEqual(w1, w2) {
		t.Errorf("weights %v, CSV stream's %v", w1, w2)
	}
	data, err := frames.FromDataFrame(tab.DataFrame, "y", frames.OptionsFor(solver))
	if err != nil {
		t.Fatal(err)
	}
	// In memory the statistics are computed in two passes, streamed by
	// Welford's updates (frames.columnStats, frames.moments): the
	// transforms agree to rounding.
	w3 := fit(data.Stream(), nil)
	for j := range w1 {
		if math.Abs(w1[j]-w3[j]) > 1e-12*math.Abs(w3[j]) {
			t.Errorf("weights %v, in memory %v", w1, w3)
		}
	}
}

// TestBadFiles: a truncated file, a file that is not Parquet, a nested
// column: errors naming the file (and the column); an ignored nested
// column is skipped.
func TestBadFiles(t *testing.T) {
	path := writeParquet(t, linear(100), 50)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{len(b) - 10, len(b) / 2, 6} {
		p := writeFile(t, "cut.parquet", func(f *os.File) error { _, err := f.Write(b[:cut]); return err })
		_, err := columnar.Read(p, frames.CSVOptions{Name: "cut.parquet", Target: "y"})
		if !errors.Is(err, ingest.ErrFormat) || !strings.Contains(err.Error(), "cut.parquet") {
			t.Errorf("truncated at %d: %v", cut, err)
		}
	}
	p := writeFile(t, "x.parquet", func(f *os.File) error { _, err := f.WriteString("a,b\n1,2\n"); return err })
	if _, err := columnar.Read(p, frames.CSVOptions{}); !errors.Is(err, ingest.ErrFormat) {
		t.Errorf("not Parquet: %v", err)
	}

	mem := memory.DefaultAllocator
	lb := array.NewListBuilder(mem, arrow.PrimitiveTypes.Float64)
	yb := array.NewFloat64Builder(mem)
	xb := array.NewFloat64Builder(mem)
	for i := range 4 {
		lb.Append(true)
		lb.ValueBuilder().(*array.Float64Builder).AppendValues([]float64{1, float64(i)}, nil)
		yb.Append(float64(i))
		xb.Append(float64(i * i))
	}
	schema := arrow.NewSchema([]arrow.Field{{Name: "tags", Type: arrow.ListOf(arrow.PrimitiveTypes.Float64)}, {Name: "x", Type: arrow.PrimitiveTypes.Float64}, {Name: "y", Type: arrow.PrimitiveTypes.Float64}}, nil)
	p = writeParquet(t, array.NewRecordBatch(schema, []arrow.Array{lb.NewArray(), xb.NewArray(), yb.NewArray()}, 4), 10)
	_, err = columnar.Read(p, frames.CSVOptions{Name: "n.parquet", Target: "y"})
	if !errors.Is(err, columnar.ErrUnsupported) || !strings.Contains(err.Error(), `"tags"`) || !strings.Contains(err.Error(), "n.parquet") {
		t.Errorf("nested: %v", err)
	}
	tab, err := columnar.Read(p, frames.CSVOptions{Target: "y", Ignore: []string{"tags"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := tab.Col("x").Float(); !reflect.DeepEqual(got, []float64{0, 1, 4, 9}) {
		t.Errorf("x = %v", got)
	}
}

// Detect never reads a pipe: its bytes would be lost to the reader that
// comes after (and opening a FIFO without a writer would block).
func TestDetectLeavesPipes(t *testing.T) {
	p := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if f, err := columnar.Detect(p); f != columnar.Unknown || err != nil {
		t.Errorf("Detect(fifo) = %v, %v", f, err)
	}
}

// A Parquet file's footer gives its rows: a table over the memory limit is
// refused before its rows are read.
func TestMemoryLimitBeforeReading(t *testing.T) {
	path := writeParquet(t, linear(3000), 1000)
	_, err := columnar.Read(path, frames.CSVOptions{Target: "y", Limits: ingest.Limits{MaxMemory: 64 << 10}})
	var lim *ingest.LimitError
	if !errors.As(err, &lim) || !strings.Contains(err.Error(), "3,000 rows") {
		t.Errorf("over the memory limit: %v", err)
	}
}
