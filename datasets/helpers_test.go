package datasets

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gz(t testing.TB, b []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(b); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func idxBytes(t testing.TB, dims []int, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteIDX(&buf, dims, data); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// covertypeCSV generates n rows in the exact format of UCI covtype.data: no
// header, 55 comma-separated integers (10 quantitative attributes in their
// published ranges, 4 one-hot wilderness areas, 40 one-hot soil types, the
// cover type 1..7), "\n" line ends. Row i has class i%7+1.
func covertypeCSV(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	ranges := [10][2]int{{1859, 3858}, {0, 360}, {0, 66}, {0, 1397}, {-173, 601},
		{0, 7117}, {0, 254}, {0, 254}, {0, 254}, {0, 7173}}
	var b strings.Builder
	for i := range n {
		for _, rg := range ranges {
			fmt.Fprintf(&b, "%d,", rg[0]+r.IntN(rg[1]-rg[0]+1))
		}
		w, s := r.IntN(4), r.IntN(40)
		for j := range 4 {
			fmt.Fprintf(&b, "%d,", b2i(j == w))
		}
		for j := range 40 {
			fmt.Fprintf(&b, "%d,", b2i(j == s))
		}
		fmt.Fprintf(&b, "%d\n", i%7+1)
	}
	return []byte(b.String())
}

func b2i(v bool) int {
	if v {
		return 1
	}
	return 0
}

// ctsliceCSV generates n rows in the exact format of UCI
// slice_localization_data.csv: the header patientId,value0..value383,reference,
// then patientId (integer), 384 values in [-0.25, 1] (-0.25 marks missing
// bins in the original), reference in [0, 100], "\n" line ends.
func ctsliceCSV(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 2))
	var b strings.Builder
	b.WriteString("patientId")
	for j := range CTSliceDim {
		fmt.Fprintf(&b, ",value%d", j)
	}
	b.WriteString(",reference\n")
	for i := range n {
		fmt.Fprintf(&b, "%d", i/10)
		for range CTSliceDim {
			if r.IntN(5) == 0 {
				b.WriteString(",-0.25")
			} else if r.IntN(3) == 0 {
				b.WriteString(",0")
			} else {
				fmt.Fprintf(&b, ",%g", float64(r.IntN(1000000))/1e6)
			}
		}
		fmt.Fprintf(&b, ",%g\n", float64(r.IntN(100000000))/1e6)
	}
	return []byte(b.String())
}

func writeFile(t testing.TB, path string, b []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// regularFiles lists the regular files under dir (recursively).
func regularFiles(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// realDataDir returns LAO_DATA_DIR for the tests, resolving a relative
// value against the package directory or, failing that, the repository root
// (so LAO_DATA_DIR=../shared/datasets works from either), or skips.
func realDataDir(t testing.TB) string {
	t.Helper()
	d := os.Getenv("LAO_DATA_DIR")
	if d == "" {
		t.Skip("real MNIST files not available: set LAO_DATA_DIR=../shared/datasets (relative to the repository root, or an absolute path) to run this test")
	}
	if !filepath.IsAbs(d) {
		if _, err := os.Stat(d); err != nil {
			if _, err := os.Stat(filepath.Join("..", d)); err == nil {
				d = filepath.Join("..", d)
			}
		}
	}
	if _, err := os.Stat(d); err != nil {
		t.Fatalf("LAO_DATA_DIR=%s: %v", os.Getenv("LAO_DATA_DIR"), err)
	}
	return d
}

// gzipWriterLevel returns a gzip writer whose output differs from gz's for
// the same content (another level and a file name in the header), as a
// re-compressed mirror copy would.
func gzipWriterLevel(w io.Writer) (*gzip.Writer, error) {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	zw.Name = "recompressed"
	return zw, nil
}
