package datasets

import (
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// smallTable is a file table for generated files: the real names and
// layout, with the row counts (and checksums) of the generated copies.
func smallTable(covRows, ctRows int, covSHA string) []File {
	t := Files()
	for i := range t {
		switch t[i].Dataset {
		case "covertype":
			t[i].Rows, t[i].SHA256 = covRows, covSHA
		case "ctslice":
			t[i].Rows = ctRows
		}
	}
	return t
}

func TestLoaderDataDirLayouts(t *testing.T) {
	cov := covertypeCSV(40, 5)
	ct := ctsliceCSV(12, 5)
	layouts := map[string]map[string][]byte{
		"subdirs, gzip":  {"covertype/covtype.data.gz": gz(t, cov), "ctslice/slice_localization_data.csv.gz": gz(t, ct)},
		"subdirs, plain": {"covertype/covtype.data": cov, "ctslice/slice_localization_data.csv": ct},
		"flat":           {"covtype.data": cov, "slice_localization_data.csv.gz": gz(t, ct)},
	}
	for name, files := range layouts {
		dir := t.TempDir()
		for p, b := range files {
			writeFile(t, filepath.Join(dir, p), b)
		}
		covSHA := ""
		if b, ok := files["covertype/covtype.data.gz"]; ok {
			covSHA = sha(b) // the archive checksum is checked on the .gz form only
		}
		l := &Loader{DataDir: dir, Files: smallTable(40, 12, covSHA)}
		ds, err := l.Covertype(2)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ds.Len() != 40 || ds.Dim() != 54 || ds.Label(1) != 1 || ds.Label(0) != -1 {
			t.Errorf("%s: covertype %d×%d", name, ds.Len(), ds.Dim())
		}
		ds, err = l.CTSlice()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ds.Len() != 12 || ds.Dim() != 384 {
			t.Errorf("%s: ctslice %d×%d", name, ds.Len(), ds.Dim())
		}
		for _, open := range []func() (*CSVSource, error){
			func() (*CSVSource, error) { return l.CovertypeSource(2) },
			l.CTSliceSource,
		} {
			src, err := open()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			row := make([]float64, src.Dim())
			n := 0
			for ; ; n++ {
				if _, err := src.Next(row); err == io.EOF {
					break
				} else if err != nil {
					t.Fatal(err)
				}
			}
			if n != src.Len() || (n != 40 && n != 12) {
				t.Errorf("%s: streamed %d rows, Len %d", name, n, src.Len())
			}
			src.Close()
		}
		for _, n := range []string{"covertype:2", "covertype:2:scaled", "ctslice", "ctslice:scaled"} {
			ds, err := l.Open(n)
			if err != nil {
				t.Fatalf("%s: Open(%q): %v", name, n, err)
			}
			if strings.HasSuffix(n, "scaled") {
				for i := range ds.Len() {
					for _, v := range ds.Row(i) {
						if v < -1 || v > 1 {
							t.Fatalf("%s: %s value %v outside [-1, 1]", name, n, v)
						}
					}
				}
			}
		}
	}
}

func TestLoaderVerifiesLocalFiles(t *testing.T) {
	cov := gz(t, covertypeCSV(10, 6))
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "covertype", "covtype.data.gz"), cov)
	l := &Loader{DataDir: dir, Files: smallTable(10, 0, strings.Repeat("0", 64))}
	if _, err := l.Covertype(1); !errors.Is(err, ErrChecksum) {
		t.Errorf("wrong archive checksum: %v", err)
	}
	if _, err := l.CovertypeSource(1); !errors.Is(err, ErrChecksum) {
		t.Errorf("stream, wrong archive checksum: %v", err)
	}
	// Wrong row count in the table.
	l.Files = smallTable(11, 0, sha(cov))
	if _, err := l.Covertype(1); !errors.Is(err, ErrFormat) || !strings.Contains(err.Error(), "10 data rows, want 11") {
		t.Errorf("row count: %v", err)
	}
	// MNIST: the decompressed content is checked, whatever the compression.
	img := idxBytes(t, []int{2, 2, 2}, make([]byte, 8))
	lab := idxBytes(t, []int{2}, []byte{3, 5})
	dir = t.TempDir()
	writeFile(t, filepath.Join(dir, "mnist", "t10k-images-idx3-ubyte"), img)
	writeFile(t, filepath.Join(dir, "mnist", "t10k-labels-idx1-ubyte.gz"), gz(t, lab))
	table := Files()
	for i := range table {
		switch table[i].Name {
		case "t10k-images-idx3-ubyte.gz":
			table[i].ContentSHA256, table[i].Rows = sha(img), 2
		case "t10k-labels-idx1-ubyte.gz":
			table[i].ContentSHA256, table[i].Rows = sha(lab), 2
		}
	}
	l = &Loader{DataDir: dir, Files: table}
	m, err := l.MNIST(Test)
	if err != nil || m.Len() != 2 {
		t.Fatalf("MNIST test part: %v", err)
	}
	table[2].ContentSHA256 = sha(lab)
	if _, err := l.MNIST(Test); !errors.Is(err, ErrChecksum) {
		t.Errorf("MNIST wrong content checksum: %v", err)
	}
	if _, err := l.MNIST(Train); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "LAO_DATA_DIR") {
		t.Errorf("missing train files: %v", err)
	}
}

func TestLoaderNoDownload(t *testing.T) {
	l := &Loader{CacheDir: t.TempDir(), NoDownload: true}
	if _, err := l.Covertype(1); !errors.Is(err, ErrNotFound) {
		t.Errorf("NoDownload: %v", err)
	}
	if _, err := l.CovertypeSource(9); !errors.Is(err, ErrName) {
		t.Errorf("class 9: %v", err)
	}
}

func TestFilesTable(t *testing.T) {
	fs := Files()
	if len(fs) != 6 {
		t.Fatalf("%d files", len(fs))
	}
	for _, f := range fs {
		if len(f.URLs) == 0 || f.Rows == 0 {
			t.Errorf("%s: no URL or row count", f.Name)
		}
		if f.Dataset == "mnist" && len(f.ContentSHA256) != 64 {
			t.Errorf("%s: MNIST files must have a content checksum", f.Name)
		}
	}
	fs[0].URLs[0] = "changed"
	if Files()[0].URLs[0] == "changed" {
		t.Error("Files returns the table itself")
	}
}

func TestParseName(t *testing.T) {
	good := map[string]Name{
		"mnist:3v5":          {Dataset: "mnist", Pair: Pair{3, 5}, Part: All},
		" MNIST:5v3:train ":  {Dataset: "mnist", Pair: Pair{5, 3}, Part: Train},
		"mnist:0v9:test":     {Dataset: "mnist", Pair: Pair{0, 9}, Part: Test},
		"covertype:1":        {Dataset: "covertype", Class: 1},
		"covtype:7:scaled":   {Dataset: "covertype", Class: 7, Scaled: true},
		"ctslice":            {Dataset: "ctslice"},
		"ct-slice:scaled":    {Dataset: "ctslice", Scaled: true},
		"ctslice:std":        {Dataset: "ctslice", Std: true},
		"ms2018":             {Dataset: "ms2018", Rows: MS2018Rows},
		"ms2018:2000":        {Dataset: "ms2018", Rows: 2000},
		"mnist:1v2:all":      {Dataset: "mnist", Pair: Pair{1, 2}, Part: All},
		"covertype:2:SCALED": {Dataset: "covertype", Class: 2, Scaled: true},
	}
	for s, want := range good {
		n, err := ParseName(s)
		if err != nil || n != want {
			t.Errorf("ParseName(%q) = %+v, %v; want %+v", s, n, err, want)
		}
		if again, err := ParseName(n.String()); err != nil || again != n {
			t.Errorf("round trip of %q via %q: %+v, %v", s, n.String(), again, err)
		}
	}
	bad := map[string]string{
		"":                 "unknown data set",
		"mnist":            "missing digit pair",
		"mnist:3v3":        "must differ",
		"mnist:3-5":        "not of the form AvB",
		"mnist:10v5":       "not of the form AvB",
		"mnist:3v5:valid":  "MNIST part",
		"mnist:3v5:test:x": "too many",
		"covertype":        "missing class",
		"covertype:8":      "class \"8\", want 1..7",
		"covertype:one":    "want 1..7",
		"ctslice:2":        "unknown option",
		"ms2018:0":         "row count",
		"ms2018:10:x":      "too many",
		"cifar:1v2":        "unknown data set \"cifar\"",
	}
	for s, msg := range bad {
		_, err := ParseName(s)
		if !errors.Is(err, ErrName) || !strings.Contains(err.Error(), msg) || !strings.Contains(err.Error(), "mnist:AvB") {
			t.Errorf("ParseName(%q): %v, want ErrName with %q and the syntax", s, err, msg)
		}
	}
	if _, err := (&Loader{NoDownload: true}).Open("mnist:4v4"); !errors.Is(err, ErrName) {
		t.Errorf("Open bad name: %v", err)
	}
}

func TestDefaultEnv(t *testing.T) {
	t.Setenv("LAO_DATA_DIR", "/data")
	t.Setenv("LAO_CACHE_DIR", "/cache")
	t.Setenv("LAO_QUIET", "")
	l := Default()
	if l.DataDir != "/data" || l.CacheDir != "/cache" || l.Progress == nil {
		t.Errorf("Default() = %+v", l)
	}
	t.Setenv("LAO_QUIET", "1")
	if Default().Progress != nil {
		t.Error("LAO_QUIET does not silence the progress bar")
	}
	t.Setenv("LAO_DATA_DIR", t.TempDir())
	if _, err := Open("covertype:3"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open without the file in LAO_DATA_DIR: %v", err)
	}
	if d, err := DefaultCacheDir(); err == nil && filepath.Base(d) != "lao" {
		t.Errorf("DefaultCacheDir() = %s", d)
	}
}

// LooksLikeName tells names from file paths in any case; ParseName then
// judges the rest.
func TestLooksLikeName(t *testing.T) {
	for s, want := range map[string]bool{
		"MNIST:3v5": true, "mnist:3v3": true, "ctslice:scaled": true, "CTSlice": true, "covtype:1": true,
		"Covertype:9": true, "ct_slice": true, "data.csv": false, "mnistx:3v5": false, "/tmp/mnist.csv": false, "": false,
	} {
		if got := LooksLikeName(s); got != want {
			t.Errorf("LooksLikeName(%q) = %v, want %v", s, got, want)
		}
	}
}
