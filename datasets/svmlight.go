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
	// Base says where the attribute indices start. AutoBase (the zero
	// value) decides from the file, as scikit-learn's load_svmlight_file
	// does: zero-based if some index is 0, else one-based (libsvm's own
	// convention).
	Base IndexBase
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

// IndexBase says where a libsvm/svmlight file's attribute indices start.
type IndexBase int

const (
	AutoBase  IndexBase = iota // zero-based if some index is 0, else one-based
	OneBased                   // libsvm's convention: the first attribute is 1
	ZeroBased                  // scikit-learn's dump_svmlight_file default: 0
)

// ReadSVMLight reads the libsvm/svmlight text format, the usual format of
// wide sparse data:
//
//	<label> <index>:<value> <index>:<value> ...   # optional comment
//
// one example per line; "qid:…" tokens and blank or comment lines are
// skipped; a line's indices may come in any order (they are sorted), but
// not twice. The input may be gzip-compressed (detected by
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
	var raw []int // indices as written in the file, row after row
	var val, y []float64
	var lines []int // the file line of each row
	minIdx := math.MaxInt
	maxRaw := -1
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	line := 0
	type pair struct {
		j int
		x float64
	}
	var row []pair
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
		row = row[:0]
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
			if j < 0 || j >= math.MaxInt32 || (opt.Base == OneBased && j == 0) {
				return nil, bad("index %s out of range", k)
			}
			if j > maxDim {
				return nil, bad("index %s exceeds the largest dimension accepted, %d (SVMLightOptions.MaxDim)", k, maxDim)
			}
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
				return nil, bad("value %q of index %s is not a finite number", v, k)
			}
			row = append(row, pair{j, x})
		}
		slices.SortFunc(row, func(a, b pair) int { return a.j - b.j })
		for i, p := range row {
			if i > 0 && p.j == row[i-1].j {
				return nil, bad("index %d appears twice", p.j)
			}
			minIdx, maxRaw = min(minIdx, p.j), max(maxRaw, p.j)
			if p.x != 0 {
				raw, val = append(raw, p.j), append(val, p.x)
			}
		}
		ptr = append(ptr, len(raw))
		y = append(y, label)
		lines = append(lines, line)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("datasets: libsvm/svmlight after line %d: %w", line, err)
	}
	off := 1 // one-based, unless the file or the caller says otherwise
	if opt.Base == ZeroBased || (opt.Base == AutoBase && minIdx == 0) {
		off = 0
	}
	maxIdx := maxRaw - off
	if maxIdx >= maxDim || (opt.D > 0 && maxIdx >= opt.D) {
		r, _ := slices.BinarySearch(ptr, slices.Index(raw, maxRaw)+1)
		limit := maxDim
		if opt.D > 0 {
			limit = min(limit, opt.D)
		}
		return nil, fmt.Errorf("datasets: libsvm/svmlight line %d: index %d is beyond the %d attributes allowed: %w",
			lines[max(min(r-1, len(lines)-1), 0)], maxRaw, limit, ErrSVMLight)
	}
	idx := make([]int32, len(raw))
	for i, j := range raw {
		idx[i] = int32(j - off)
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("datasets: libsvm/svmlight: %w", lao.ErrEmpty)
	}
	d := opt.D
	if d <= 0 {
		d = max(maxIdx+1, 1)
	}
	first := off
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
