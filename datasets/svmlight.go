package datasets

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/frames/ingest"
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
	// Name names the input in messages; "" means "libsvm/svmlight".
	Name string
	// Limits bound the input (decompressed size, line length), its
	// dimension (Limits.MaxDim: an index beyond it is an error naming the
	// line, so that one malformed line cannot ask for gigabytes) and the
	// memory of the data set (Limits.MaxMemory, with Limits.CellBytes per
	// stored value and Limits.ColumnBytes per attribute); zero fields are
	// the defaults of package ingest.
	Limits ingest.Limits
}

// DefaultSVMLightMaxDim is the largest dimension ReadSVMLight accepts
// unless SVMLightOptions.Limits.MaxDim says otherwise: 2^24 attributes.
const DefaultSVMLightMaxDim = ingest.DefaultMaxDim

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
// not twice. The input is read by package ingest (gzip or bzip2 detected by
// content, UTF-16/32 converted, binary data refused, opt.Limits enforced).
// The rows are kept sparse (lao.SparseDataset); attribute j is named after
// its index in the file. Errors name the line.
func ReadSVMLight(r io.Reader, opt SVMLightOptions) (*lao.SparseDataset, error) {
	rows, err := NewSVMLightRows(r, opt)
	if err != nil {
		return nil, err
	}
	ptr := []int{0}
	var raw []int // indices as written in the file, row after row
	var val, y []float64
	minIdx, maxRaw, maxLine := math.MaxInt, -1, 0
	for {
		label, idx, v, line, err := rows.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		for i, j := range idx {
			minIdx = min(minIdx, j)
			if j > maxRaw {
				maxRaw, maxLine = j, line
			}
			if v[i] != 0 {
				raw, val = append(raw, j), append(val, v[i])
			}
		}
		ptr, y = append(ptr, len(raw)), append(y, label)
		if err := rows.checkMemory(len(raw), maxRaw+1, len(y)); err != nil {
			return nil, err
		}
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("datasets: %s: %w", rows.name, lao.ErrEmpty)
	}
	return rows.dataset(ptr, raw, val, y, minIdx, maxRaw, maxLine)
}

// dataset builds the data set once the file is read: the index base
// decided, d checked.
func (s *SVMLightRows) dataset(ptr, raw []int, val, y []float64, minIdx, maxRaw, maxLine int) (*lao.SparseDataset, error) {
	opt := s.opt
	off := 1 // one-based, unless the file or the caller says otherwise
	if opt.Base == ZeroBased || (opt.Base == AutoBase && minIdx == 0) {
		off = 0
	}
	maxIdx := maxRaw - off
	if maxIdx >= s.maxDim || (opt.D > 0 && maxIdx >= opt.D) {
		limit := s.maxDim
		if opt.D > 0 {
			limit = min(limit, opt.D)
		}
		return nil, fmt.Errorf("datasets: %s line %d: index %d is beyond the %d attributes allowed: %w", s.name, maxLine, maxRaw, limit, ErrSVMLight)
	}
	idx := make([]int32, len(raw))
	for i, j := range raw {
		idx[i] = int32(j - off)
	}
	d := opt.D
	if d <= 0 {
		d = max(maxIdx+1, 1)
	}
	ds, err := lao.NewSparseDataset(ptr, slices.Clip(idx), slices.Clip(val), y, d, nil)
	if err != nil {
		return nil, err
	}
	return ds.WithNames(func(j int) string { return strconv.Itoa(j + off) }), nil
}

// SVMLightRows reads a libsvm/svmlight file one example at a time (O(one
// line) memory): ReadSVMLight builds on it, and `lao predict` uses it to
// score a file without holding it.
type SVMLightRows struct {
	name   string
	opt    SVMLightOptions
	in     *ingest.Input
	sc     *bufio.Scanner
	line   int
	maxDim int
	row    []svmPair
	idx    []int
	val    []float64
	// checkedDim is the dimension last checked against the memory limit.
	checkedDim int
}

type svmPair struct {
	j int
	x float64
}

// NewSVMLightRows starts reading a libsvm/svmlight file.
func NewSVMLightRows(r io.Reader, opt SVMLightOptions) (*SVMLightRows, error) {
	name := opt.Name
	if name == "" {
		name = "libsvm/svmlight"
	}
	in, err := ingest.Open(r, name, opt.Limits)
	if err != nil {
		return nil, ingestErr(err)
	}
	lim := in.Limits()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 1<<16), int(min(lim.MaxLine+1, math.MaxInt32)))
	return &SVMLightRows{name: name, opt: opt, in: in, sc: sc, maxDim: lim.MaxDim}, nil
}

// Next returns the next example: its label, its attribute indices as
// written in the file (increasing) with their values (both valid until the
// next call), and its file line; io.EOF after the last.
func (s *SVMLightRows) Next() (label float64, idx []int, val []float64, line int, err error) {
	for s.sc.Scan() {
		s.line++
		text := s.sc.Bytes()
		if i := bytes.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		fields := strings.Fields(string(text))
		if len(fields) == 0 {
			continue
		}
		label, err := s.parse(fields)
		if err != nil {
			return 0, nil, nil, s.line, err
		}
		return label, s.idx, s.val, s.line, nil
	}
	if err := s.sc.Err(); err != nil {
		return 0, nil, nil, s.line, fmt.Errorf("datasets: %s after line %d: %w", s.name, s.line, ingestErr(err))
	}
	return 0, nil, nil, s.line, io.EOF
}

// parse reads one line's fields into s.idx and s.val.
func (s *SVMLightRows) parse(fields []string) (float64, error) {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("datasets: %s line %d: %s: %w", s.name, s.line, fmt.Sprintf(format, args...), ErrSVMLight)
	}
	label, err := strconv.ParseFloat(fields[0], 64)
	if err != nil || math.IsNaN(label) || math.IsInf(label, 0) {
		return 0, bad("label %q is not a finite number", fields[0])
	}
	s.row = s.row[:0]
	for _, f := range fields[1:] {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return 0, bad("%q is not index:value", f)
		}
		if k == "qid" {
			continue
		}
		j, err := strconv.Atoi(k)
		if err != nil {
			return 0, bad("index %q is not an integer", k)
		}
		if j < 0 || j >= math.MaxInt32 || (s.opt.Base == OneBased && j == 0) {
			return 0, bad("index %s out of range", k)
		}
		if j > s.maxDim {
			return 0, bad("index %s exceeds the largest dimension accepted, %d (raise it with --%s, Limits.MaxDim in Go)", k, s.maxDim, ingest.FlagMaxDim)
		}
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, bad("value %q of index %s is not a finite number", v, k)
		}
		s.row = append(s.row, svmPair{j, x})
	}
	slices.SortFunc(s.row, func(a, b svmPair) int { return a.j - b.j })
	s.idx, s.val = s.idx[:0], s.val[:0]
	for i, p := range s.row {
		if i > 0 && p.j == s.row[i-1].j {
			return 0, bad("index %d appears twice", p.j)
		}
		s.idx, s.val = append(s.idx, p.j), append(s.val, p.x)
	}
	return label, nil
}

// checkMemory applies Limits.MaxMemory to a data set of nnz stored values
// and dim attributes, when dim grows and every 65536 rows.
func (s *SVMLightRows) checkMemory(nnz, dim, rows int) error {
	if dim <= s.checkedDim && rows%65536 != 0 {
		return nil
	}
	s.checkedDim = max(s.checkedDim, dim)
	if err := s.opt.Limits.CheckSparse(s.name, int64(nnz), int64(dim), fmt.Sprintf("by line %d", s.line)); err != nil {
		return ingestErr(err)
	}
	return nil
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
	if opt.Name == "" {
		opt.Name = path
	}
	return ReadSVMLight(f, opt)
}
