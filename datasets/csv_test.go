package datasets

import (
	"bytes"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

func TestReadCovertype(t *testing.T) {
	raw := covertypeCSV(50, 1)
	first := strings.Split(strings.SplitN(string(raw), "\n", 2)[0], ",")
	if len(first) != 55 {
		t.Fatalf("generator: %d columns", len(first))
	}
	for name, b := range map[string][]byte{"plain": raw, "gzip": gz(t, raw)} {
		ds, err := ReadCovertype(bytes.NewReader(b), "covtype.data", 3)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ds.Len() != 50 || ds.Dim() != CovertypeDim {
			t.Fatalf("%s: %d×%d", name, ds.Len(), ds.Dim())
		}
		pos := 0
		for i := range ds.Len() {
			want := -1.0
			if i%7+1 == 3 {
				want, pos = 1, pos+1
			}
			if ds.Label(i) != want {
				t.Fatalf("%s: row %d label %v, want %v", name, i, ds.Label(i), want)
			}
		}
		if pos != 7 {
			t.Errorf("%s: %d positives", name, pos)
		}
		for j, s := range first[:54] {
			if v, _ := strconv.ParseFloat(s, 64); ds.Row(0)[j] != v {
				t.Fatalf("%s: row 0 col %d = %v, want %s", name, j, ds.Row(0)[j], s)
			}
		}
		if n := ds.Names(); n[0] != "Elevation" || n[13] != "Wilderness_Area4" || n[53] != "Soil_Type40" {
			t.Errorf("names %v", n)
		}
	}
	if _, err := ReadCovertype(bytes.NewReader(raw), "x", 8); !errors.Is(err, ErrName) {
		t.Errorf("class 8: %v", err)
	}
}

func TestReadCTSlice(t *testing.T) {
	raw := ctsliceCSV(30, 1)
	lines := strings.Split(string(raw), "\n")
	if h := strings.Split(lines[0], ","); len(h) != 386 || h[0] != "patientId" || h[385] != "reference" {
		t.Fatalf("generator header: %d columns", len(h))
	}
	for name, b := range map[string][]byte{"plain": raw, "gzip": gz(t, raw)} {
		ds, err := ReadCTSlice(bytes.NewReader(b), "slice_localization_data.csv")
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ds.Len() != 30 || ds.Dim() != 384 {
			t.Fatalf("%s: %d×%d", name, ds.Len(), ds.Dim())
		}
		cells := strings.Split(lines[7], ",")
		if y, _ := strconv.ParseFloat(cells[385], 64); ds.Label(6) != y {
			t.Errorf("%s: label %v, want %v", name, ds.Label(6), y)
		}
		if v, _ := strconv.ParseFloat(cells[1], 64); ds.Row(6)[0] != v {
			t.Errorf("%s: value0 %v, want %v (patientId must be dropped)", name, ds.Row(6)[0], v)
		}
		if ds.Names()[0] != "value0" || ds.Names()[383] != "value383" {
			t.Errorf("%s: names", name)
		}
	}
}

// mutate replaces cell (line, col) of a CSV text, both 0-based.
func mutate(raw []byte, line, col int, cell string) []byte {
	lines := strings.Split(string(raw), "\n")
	cells := strings.Split(lines[line], ",")
	cells[col] = cell
	lines[line] = strings.Join(cells, ",")
	return []byte(strings.Join(lines, "\n"))
}

func dropCell(raw []byte, line int) []byte {
	lines := strings.Split(string(raw), "\n")
	lines[line] = lines[line][:strings.LastIndex(lines[line], ",")]
	return []byte(strings.Join(lines, "\n"))
}

func TestCSVErrors(t *testing.T) {
	cov := covertypeCSV(10, 2)
	ct := ctsliceCSV(5, 2)
	gzCov := gz(t, cov)
	type tc struct {
		name string
		ct   bool
		in   []byte
		want error
		msg  string
	}
	cases := []tc{
		{"ragged", false, dropCell(cov, 4), ErrFormat, "line 5 has 54 fields, the first row has 55"},
		{"non-numeric", false, mutate(cov, 2, 2, "abc"), ErrFormat, `line 3, column 3 (Slope): "abc" is not a number`},
		{"NaN", false, mutate(cov, 0, 0, "NaN"), lao.ErrNotFinite, "column 1 (Elevation)"},
		{"empty cell", false, mutate(cov, 1, 20, ""), ErrFormat, "line 2, column 21 (Soil_Type7)"},
		{"class 0", false, mutate(cov, 3, 54, "0"), ErrFormat, "line 4, column 55 (Cover_Type): cover type 0 is not a class 1..7"},
		{"class 2.5", false, mutate(cov, 3, 54, "2.5"), ErrFormat, "not a class"},
		{"bare quote", false, mutate(cov, 1, 1, `1"2`), ErrFormat, "bare"},
		{"empty", false, nil, lao.ErrEmpty, "no data rows"},
		{"truncated gzip", false, gzCov[:len(gzCov)/2], ErrFormat, "truncated gzip"},
		{"ct header", true, []byte(strings.Replace(string(ct), "value7,", "value 7,", 1)), ErrFormat, `header column 9 is "value 7", want "value7"`},
		{"ct header short", true, []byte("patientId,value0,reference\n1,2,3\n"), ErrFormat, "header has 3 columns, want 386"},
		{"ct header only", true, ct[:bytes.IndexByte(ct, '\n')+1], lao.ErrEmpty, "no data rows"},
		{"ct no header", true, nil, lao.ErrEmpty, "no header"},
		{"ct ragged", true, dropCell(ct, 3), ErrFormat, "line 4 has 385 fields, the header has 386"},
		{"ct non-numeric", true, mutate(ct, 2, 100, "x"), ErrFormat, "line 3, column 101 (value99)"},
		{"ct Inf label", true, mutate(ct, 2, 385, "+Inf"), lao.ErrNotFinite, "column 386 (reference)"},
	}
	for _, c := range cases {
		var err error
		if c.ct {
			_, err = ReadCTSlice(bytes.NewReader(c.in), "ct.csv")
		} else {
			_, err = ReadCovertype(bytes.NewReader(c.in), "cov.data", 1)
		}
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: got %v, want %v containing %q", c.name, err, c.want, c.msg)
		}
	}
}

// The stream yields the same rows as the in-memory table, one at a time.
func TestCSVSourceMatchesTable(t *testing.T) {
	raw := ctsliceCSV(20, 3)
	ds, err := ReadCTSlice(bytes.NewReader(raw), "ct")
	if err != nil {
		t.Fatal(err)
	}
	n, err := CountRows(bytes.NewReader(gz(t, raw)))
	if err != nil || n != 21 {
		t.Fatalf("CountRows = %d, %v; want 21 (header + 20)", n, err)
	}
	src, err := NewCTSliceSource(bytes.NewReader(gz(t, raw)), "ct", n-1)
	if err != nil {
		t.Fatal(err)
	}
	var _ lao.Source = src
	if src.Len() != 20 || src.Dim() != 384 || src.Names()[1] != "value1" {
		t.Fatalf("source %d×%d", src.Len(), src.Dim())
	}
	row := make([]float64, src.Dim())
	for i := 0; ; i++ {
		y, err := src.Next(row)
		if err == io.EOF {
			if i != 20 {
				t.Fatalf("EOF after %d rows", i)
			}
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if y != ds.Label(i) || !slicesEqual(row, ds.Row(i)) {
			t.Fatalf("row %d differs", i)
		}
	}
	if _, err := src.Next(row); err != io.EOF {
		t.Errorf("after EOF: %v", err)
	}
	if err := src.Close(); err != nil {
		t.Error(err)
	}
}

func slicesEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestCSVSourceLength(t *testing.T) {
	raw := covertypeCSV(10, 4)
	row := make([]float64, CovertypeDim)
	// n smaller than the file: the first n rows, then EOF.
	src, _ := NewCovertypeSource(bytes.NewReader(raw), "cov", 2, 4)
	for range 4 {
		if _, err := src.Next(row); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := src.Next(row); err != io.EOF {
		t.Errorf("after n rows: %v", err)
	}
	// n larger than the file: an error, not a silent short stream.
	src, _ = NewCovertypeSource(bytes.NewReader(raw), "cov", 2, 11)
	var err error
	for err == nil {
		_, err = src.Next(row)
	}
	if !errors.Is(err, io.ErrUnexpectedEOF) || src.Rows() != 10 {
		t.Errorf("short file: %v after %d rows", err, src.Rows())
	}
	// Unknown length: lao.Fit refuses, reading to EOF works.
	src, _ = NewCovertypeSource(bytes.NewReader(raw), "cov", 2, -1)
	if src.Len() != -1 {
		t.Errorf("Len %d", src.Len())
	}
	if _, err := src.Next(row[:3]); !errors.Is(err, lao.ErrShape) {
		t.Errorf("short row: %v", err)
	}
	// Errors are sticky and name the line.
	src, _ = NewCovertypeSource(bytes.NewReader(mutate(raw, 1, 5, "?")), "cov", 2, -1)
	src.Next(row)
	_, err1 := src.Next(row)
	_, err2 := src.Next(row)
	if err1 == nil || err1 != err2 || !strings.Contains(err1.Error(), "line 2") {
		t.Errorf("sticky error: %v / %v", err1, err2)
	}
	if _, err := NewCovertypeSource(bytes.NewReader(raw), "cov", 0, -1); !errors.Is(err, ErrName) {
		t.Errorf("class 0: %v", err)
	}
}

func TestCountRows(t *testing.T) {
	for in, want := range map[string]int{"": 0, "a": 1, "a\n": 1, "a\nb": 2, "a\r\nb\r\n": 2, "\n\na\n\n": 1, "a\n\r\nb": 2} {
		if got, err := CountRows(strings.NewReader(in)); err != nil || got != want {
			t.Errorf("CountRows(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
}

func TestMaxAbsScale(t *testing.T) {
	ds, _ := lao.NewDataset([]float64{2, 0, -3, 4, 0, 1}, []float64{1, -1}, 3, nil)
	sc, div := MaxAbsScale(ds)
	if !slicesEqual(div, []float64{4, 1, 3}) || !slicesEqual(sc.Row(1), []float64{1, 0, 1.0 / 3}) || sc.Label(1) != -1 {
		t.Errorf("div %v rows %v %v", div, sc.Row(0), sc.Row(1))
	}
	src, err := ScaledSource(ds.Stream(), div)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]float64, 3)
	src.Next(row)
	if !slicesEqual(row, sc.Row(0)) {
		t.Errorf("ScaledSource row %v, want %v", row, sc.Row(0))
	}
	if _, err := ScaledSource(ds.Stream(), div[:2]); !errors.Is(err, lao.ErrShape) {
		t.Errorf("wrong divisors: %v", err)
	}
}
