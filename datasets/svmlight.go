package datasets

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao"
)

// ErrSVMLight is wrapped by every error about the content of a
// libsvm/svmlight file; the message names the line.
var ErrSVMLight = errors.New("datasets: malformed libsvm/svmlight data")

// SVMLightOptions control ReadSVMLight.
type SVMLightOptions struct {
	// ZeroBased says the attribute indices start at 0. By default they
	// start at 1, as in libsvm's own files; an index 0 is then an error.
	ZeroBased bool
	// D, if positive, is the number of attributes (a file need not
	// mention the last ones); an index beyond it is an error. If 0, d is
	// the largest index in the file.
	D int
	// MaxDim bounds d (an index beyond it is an error naming the line), so
	// that one malformed line cannot ask for gigabytes. If 0,
	// DefaultSVMLightMaxDim.
	MaxDim int
}

// DefaultSVMLightMaxDim is the largest dimension ReadSVMLight accepts
// unless SVMLightOptions.MaxDim says otherwise: 2^24 attributes.
const DefaultSVMLightMaxDim = 1 << 24

// ReadSVMLight reads the libsvm/svmlight text format, the usual format of
// wide sparse data:
//
//	<label> <index>:<value> <index>:<value> ...   # optional comment
//
// one example per line, indices increasing; "qid:…" tokens and blank or
// comment lines are skipped. The input may be gzip-compressed (detected by
// content). The rows are kept sparse (lao.SparseDataset); attribute j is
// named after its index in the file. Errors name the line.
func ReadSVMLight(r io.Reader, opt SVMLightOptions) (*lao.SparseDataset, error) {
	br := bufio.NewReaderSize(r, 1<<16)
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("datasets: libsvm/svmlight: %w", err)
		}
		defer gz.Close()
		br = bufio.NewReaderSize(gz, 1<<16)
	}
	maxDim := opt.MaxDim
	if maxDim <= 0 {
		maxDim = DefaultSVMLightMaxDim
	}
	ptr := []int{0}
	var idx []int32
	var val, y []float64
	maxIdx := -1
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	line := 0
	for sc.Scan() {
		line++
		text := sc.Bytes()
		if i := bytes.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(string(text))
		if len(fields) == 0 {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("datasets: libsvm/svmlight line %d: %s: %w", line, fmt.Sprintf(format, args...), ErrSVMLight)
		}
		label, err := strconv.ParseFloat(fields[0], 64)
		if err != nil || math.IsNaN(label) || math.IsInf(label, 0) {
			return nil, bad("label %q is not a finite number", fields[0])
		}
		prev := -1
		for _, f := range fields[1:] {
			k, v, ok := strings.Cut(f, ":")
			if !ok {
				return nil, bad("%q is not index:value", f)
			}
			if k == "qid" {
				continue
			}
			j, err := strconv.Atoi(k)
			if err != nil {
				return nil, bad("index %q is not an integer", k)
			}
			if !opt.ZeroBased {
				j--
			}
			if j < 0 || j >= math.MaxInt32 || (opt.D > 0 && j >= opt.D) {
				return nil, bad("index %s out of range", k)
			}
			if j >= maxDim {
				return nil, bad("index %s exceeds the largest dimension accepted, %d (SVMLightOptions.MaxDim)", k, maxDim)
			}
			if j <= prev {
				return nil, bad("indices must increase (%s after %d)", k, prev+btoi(!opt.ZeroBased))
			}
			prev = j
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, bad("value %q of index %s is not a finite number", v, k)
			}
			maxIdx = max(maxIdx, j)
			if x == 0 {
				continue
			}
			idx, val = append(idx, int32(j)), append(val, x)
		}
		ptr = append(ptr, len(idx))
		y = append(y, label)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("datasets: libsvm/svmlight after line %d: %w", line, err)
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("datasets: libsvm/svmlight: %w", lao.ErrEmpty)
	}
	d := opt.D
	if d <= 0 {
		d = max(maxIdx+1, 1)
	}
	first := btoi(!opt.ZeroBased)
	ds, err := lao.NewSparseDataset(ptr, slices.Clip(idx), slices.Clip(val), y, d, nil)
	if err != nil {
		return nil, err
	}
	return ds.WithNames(func(j int) string { return strconv.Itoa(j + first) }), nil
}

// IsSVMLightPath reports whether a file name has a libsvm/svmlight
// extension: .svm, .libsvm, .svmlight (optionally followed by .gz), in
// any case.
func IsSVMLightPath(path string) bool {
	p := strings.TrimSuffix(strings.ToLower(path), ".gz")
	return strings.HasSuffix(p, ".svm") || strings.HasSuffix(p, ".libsvm") || strings.HasSuffix(p, ".svmlight")
}

// OpenSVMLight reads a libsvm/svmlight file (plain or gzip) from disk.
func OpenSVMLight(path string, opt SVMLightOptions) (*lao.SparseDataset, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("datasets: %w", err)
	}
	defer f.Close()
	ds, err := ReadSVMLight(f, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return ds, nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
