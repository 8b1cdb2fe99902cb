package datasets

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// csvSpec describes a numeric CSV table: which columns are attributes and
// which one is the label.
type csvSpec struct {
	header   []string // the exact header row, nil if the file has none
	cols     []string // names of all columns (for messages)
	features []int    // column indices of the attributes, in order
	label    int      // column index of the label
	// labelFn maps the label cell's value to y; a non-nil error is reported
	// with the file, line and column.
	labelFn func(v float64) (float64, error)
}

func (sp *csvSpec) names() []string {
	out := make([]string, len(sp.features))
	for j, c := range sp.features {
		out[j] = sp.cols[c]
	}
	return out
}

// CSVSource is a lao.Source that parses one CSV row per example, holding
// only the current row: memory is O(d) whatever the file size. It is
// returned by the Covertype and CT-slice stream constructors, and reads
// through package ingest (the reading core shared with frames: gzip or
// bzip2, encodings, line and size limits).
type CSVSource struct {
	r      *ingest.Records
	closer io.Closer
	name   string
	spec   csvSpec
	n      int // rows to yield, -1 if unknown
	rows   int // rows yielded so far
	err    error
}

var _ lao.Source = (*CSVSource)(nil)

func newCSVSource(r io.Reader, closer io.Closer, name string, spec csvSpec, n int) (*CSVSource, error) {
	in, err := ingest.Open(r, name, ingest.Limits{})
	if err != nil {
		return nil, ingestErr(err)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{Comma: ',', NoHeader: spec.header == nil})
	if err != nil {
		return nil, ingestErr(err)
	}
	s := &CSVSource{r: rec, closer: closer, name: name, spec: spec, n: n}
	if spec.header != nil {
		if err := s.checkHeader(rec.Header()); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func (s *CSVSource) checkHeader(rec []string) error {
	want := s.spec.header
	if len(rec) != len(want) {
		return fmt.Errorf("datasets: %s: header has %d columns, want %d (%s, ..., %s): %w",
			s.name, len(rec), len(want), want[0], want[len(want)-1], ErrFormat)
	}
	for j, h := range rec {
		if h != want[j] {
			return fmt.Errorf("datasets: %s: header column %d is %q, want %q: %w", s.name, j+1, h, want[j], ErrFormat)
		}
	}
	return nil
}

// Dim returns d, the number of attributes.
func (s *CSVSource) Dim() int { return len(s.spec.features) }

// Len returns the number of rows the source yields, or -1 if unknown.
func (s *CSVSource) Len() int { return s.n }

// Rows returns the number of rows yielded so far.
func (s *CSVSource) Rows() int { return s.rows }

// Names returns the attribute names.
func (s *CSVSource) Names() []string { return s.spec.names() }

// Close closes the underlying file if the source opened it.
func (s *CSVSource) Close() error {
	if s.closer == nil {
		return nil
	}
	return s.closer.Close()
}

// Next parses the next row into row (len Dim) and returns its label. It
// returns io.EOF after the last row, or after Len rows if Len ≥ 0 (a file
// with fewer rows is an error wrapping io.ErrUnexpectedEOF). Errors name the
// file, line and column and are sticky.
func (s *CSVSource) Next(row []float64) (float64, error) {
	if s.err != nil {
		return 0, s.err
	}
	if len(row) != s.Dim() {
		return 0, fmt.Errorf("datasets: %s: Next with a row of length %d, want %d: %w", s.name, len(row), s.Dim(), lao.ErrShape)
	}
	if s.n >= 0 && s.rows >= s.n {
		s.err = io.EOF
		return 0, s.err
	}
	rec, line, err := s.r.Read()
	if err == io.EOF {
		s.err = io.EOF
		if s.n >= 0 {
			s.err = fmt.Errorf("datasets: %s: only %d data rows, want %d: %w", s.name, s.rows, s.n, io.ErrUnexpectedEOF)
		}
		return 0, s.err
	}
	if err != nil {
		s.err = ingestErr(err)
		return 0, s.err
	}
	y, err := s.parse(rec, line, row)
	if err != nil {
		s.err = err
		return 0, err
	}
	s.rows++
	return y, nil
}

func (s *CSVSource) parse(rec []string, line int, row []float64) (float64, error) {
	if len(rec) != len(s.spec.cols) {
		return 0, fmt.Errorf("datasets: %s: line %d (data row %d): %d fields, want %d: %w",
			s.name, line, s.rows+1, len(rec), len(s.spec.cols), ErrFormat)
	}
	for j, c := range s.spec.features {
		v, err := s.cell(rec[c], c, line)
		if err != nil {
			return 0, err
		}
		row[j] = v
	}
	v, err := s.cell(rec[s.spec.label], s.spec.label, line)
	if err != nil {
		return 0, err
	}
	if s.spec.labelFn == nil {
		return v, nil
	}
	y, err := s.spec.labelFn(v)
	if err != nil {
		return 0, fmt.Errorf("datasets: %s: line %d, column %d (%s): %v: %w",
			s.name, line, s.spec.label+1, s.spec.cols[s.spec.label], err, ErrFormat)
	}
	return y, nil
}

func (s *CSVSource) cell(text string, col, line int) (float64, error) {
	if v, kind := ingest.ParseCell(text); kind == ingest.Number {
		return v, nil
	}
	if v, err := strconv.ParseFloat(strings.TrimSpace(text), 64); err == nil && (math.IsNaN(v) || math.IsInf(v, 0)) {
		return 0, fmt.Errorf("datasets: %s: line %d, column %d (%s): %q: %w",
			s.name, line, col+1, s.spec.cols[col], text, lao.ErrNotFinite)
	}
	return 0, fmt.Errorf("datasets: %s: line %d, column %d (%s): %q is not a number: %w",
		s.name, line, col+1, s.spec.cols[col], text, ErrFormat)
}

// readTable reads a whole CSV table into a data set; hint, if positive, is
// the expected number of rows (to size the arrays once).
func readTable(r io.Reader, name string, spec csvSpec, hint int) (*lao.Dataset, error) {
	src, err := newCSVSource(r, nil, name, spec, -1)
	if err != nil {
		return nil, err
	}
	d := src.Dim()
	hint = max(hint, 0)
	x := make([]float64, 0, hint*d)
	y := make([]float64, 0, hint)
	for {
		x = slices.Grow(x, d)[:len(x)+d]
		v, err := src.Next(x[len(x)-d:])
		if err == io.EOF {
			x = x[:len(x)-d]
			break
		}
		if err != nil {
			return nil, err
		}
		y = append(y, v)
	}
	if len(y) == 0 {
		return nil, fmt.Errorf("datasets: %s: no data rows: %w", name, lao.ErrEmpty)
	}
	return lao.NewDataset(x, y, d, spec.names())
}

// CountRows returns the number of non-blank lines of r (gunzipped if it
// starts with the gzip magic), a cheap first pass that gives a CSV stream
// its length. A header line counts as a line. Quoted fields holding line
// breaks (absent from the formats of this package) would be over-counted.
func CountRows(r io.Reader) (int, error) {
	dr, err := decompress(r, "CountRows")
	if err != nil {
		return 0, err
	}
	buf := make([]byte, 1<<16)
	n, start := 0, true
	for {
		m, err := dr.Read(buf)
		for _, c := range buf[:m] {
			switch {
			case c == '\n':
				start = true
			case start && c != '\r':
				n++
				start = false
			}
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return 0, err
		}
	}
}
