package datasets

import (
	"bytes"
	"compress/gzip"
	"errors"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

func TestReadSVMLight(t *testing.T) {
	const text = `# a comment line
+1 1:0.5 3:-2 # trailing comment
-1 qid:7 2:1.5

0.25 4:1e-3 5:0
`
	for _, gz := range []bool{false, true} {
		var in bytes.Buffer
		if gz {
			w := gzip.NewWriter(&in)
			w.Write([]byte(text))
			w.Close()
		} else {
			in.WriteString(text)
		}
		ds, err := ReadSVMLight(&in, SVMLightOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if ds.Len() != 3 || ds.Dim() != 5 || ds.NonZeros() != 4 || ds.Label(2) != 0.25 {
			t.Fatalf("gz=%v: m=%d d=%d nnz=%d", gz, ds.Len(), ds.Dim(), ds.NonZeros())
		}
		idx, val := ds.RowSparse(0)
		if len(idx) != 2 || idx[0] != 0 || idx[1] != 2 || val[1] != -2 || ds.Names()[2] != "3" {
			t.Errorf("row 0: %v %v, names %v", idx, val, ds.Names())
		}
	}
	ds, err := ReadSVMLight(strings.NewReader("1 0:1 2:2\n"), SVMLightOptions{Base: ZeroBased, D: 10})
	if err != nil || ds.Dim() != 10 || ds.Dot([]float64{1, 0, 1, 0, 0, 0, 0, 0, 0, 0}, 0) != 3 {
		t.Errorf("zero-based with D: %v %v", ds, err)
	}
}

func TestReadSVMLightErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1 1:1\nx 2:1\n", "line 2"},
		{"1 2:1 2:1\n", "twice"},
		{"1 1:nan\n", "not a finite"},
		{"1 a:1\n", "not an integer"},
		{"1 3\n", "index:value"},
	} {
		_, err := ReadSVMLight(strings.NewReader(c.in), SVMLightOptions{})
		if !errors.Is(err, ErrSVMLight) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.in, err, c.want)
		}
	}
	if _, err := ReadSVMLight(strings.NewReader("# nothing\n"), SVMLightOptions{}); !errors.Is(err, lao.ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
}

func FuzzReadSVMLight(f *testing.F) {
	f.Add([]byte("1 1:0.5 3:2\n-1 2:1\n"))
	f.Add([]byte("0 qid:1 5:1e300\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		ds, err := ReadSVMLight(bytes.NewReader(b), SVMLightOptions{})
		if err != nil {
			return
		}
		// A parsed file is a valid sparse data set that a solver can fit.
		if _, err := lao.Fit(&lao.AERR{K: 1}, ds.Stream(), lao.Options{}); err != nil && !errors.Is(err, lao.ErrParam) {
			t.Fatalf("fit: %v", err)
		}
	})
}

// One line with a huge index is an error naming it, not gigabytes of names.
func TestReadSVMLightMaxDim(t *testing.T) {
	_, err := ReadSVMLight(strings.NewReader("1 1:1\n1 2000000000:1\n"), SVMLightOptions{})
	if !errors.Is(err, ErrSVMLight) || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "MaxDim") {
		t.Errorf("huge index: %v", err)
	}
	ds, err := ReadSVMLight(strings.NewReader("1 5:1\n"), SVMLightOptions{Limits: ingest.Limits{MaxDim: 5}})
	if err != nil || ds.Dim() != 5 {
		t.Errorf("index at MaxDim: %v", err)
	}
	sub := ds.Subset([]int{0, 0})
	if sub.Names()[4] != "5" || ds.Names()[4] != "5" {
		t.Errorf("names %v / %v", sub.Names(), ds.Names())
	}
}

// Indices are zero-based when the file has an index 0 (scikit-learn's
// dump_svmlight_file default), one-based otherwise; a line's indices may
// come in any order; an explicit OneBased refuses an index 0.
func TestReadSVMLightBase(t *testing.T) {
	zero, err := ReadSVMLight(strings.NewReader("1 2:0.5 0:1\n-1 1:2\n"), SVMLightOptions{})
	if err != nil || zero.Dim() != 3 || zero.Names()[0] != "0" || zero.Dot([]float64{1, 0, 0}, 0) != 1 {
		t.Errorf("auto, zero-based: %v %v", zero, err)
	}
	one, err := ReadSVMLight(strings.NewReader("1 3:0.5 1:1\n"), SVMLightOptions{})
	if err != nil || one.Dim() != 3 || one.Names()[0] != "1" || one.Dot([]float64{0, 0, 2}, 0) != 1 {
		t.Errorf("auto, one-based: %v %v", one, err)
	}
	if _, err := ReadSVMLight(strings.NewReader("1 0:1\n"), SVMLightOptions{Base: OneBased}); !errors.Is(err, ErrSVMLight) || !strings.Contains(err.Error(), "out of range") {
		t.Errorf("OneBased with index 0: %v", err)
	}
	if _, err := ReadSVMLight(strings.NewReader("1 1:1\n1 4:1\n"), SVMLightOptions{D: 3}); !errors.Is(err, ErrSVMLight) || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("index beyond D: %v", err)
	}
}
