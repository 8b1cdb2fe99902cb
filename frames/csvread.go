package frames

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// csvFile is an open CSV table (package ingest's records) with its header
// checked against the options: the reading core of ReadCSV and StreamCSV.
type csvFile struct {
	name    string
	opt     CSVOptions
	in      *ingest.Input
	rec     *ingest.Records
	names   []string
	unnamed int // header cells that were empty
	ignored []bool
}

// openCSV starts reading a CSV: decompression, encoding, limits,
// separator, header.
func openCSV(r io.Reader, name string, opt CSVOptions) (*csvFile, error) {
	in, err := ingest.Open(r, name, opt.Limits)
	if err != nil {
		return nil, ingestErr(err)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{Comma: opt.Comma})
	if err != nil {
		return nil, ingestErr(err)
	}
	f := &csvFile{name: name, opt: opt, in: in, rec: rec}
	if err := f.header(rec.Header()); err != nil {
		return nil, err
	}
	return f, nil
}

// header names the columns (an empty name becomes "columnJ") and checks
// the target and the ignored columns.
func (f *csvFile) header(rec []string) error {
	seen := make(map[string]int, len(rec))
	f.names, f.ignored = make([]string, 0, len(rec)), make([]bool, 0, len(rec))
	for j, h := range rec {
		if h == "" {
			h = fmt.Sprintf("column%d", j+1)
			f.unnamed++
		}
		if k, dup := seen[h]; dup {
			return fmt.Errorf("frames: %s: header columns %d and %d are both named %q: %w", f.name, k+1, j+1, h, lao.ErrParam)
		}
		seen[h] = j
		f.names = append(f.names, h)
		f.ignored = append(f.ignored, slices.Contains(f.opt.Ignore, h))
	}
	for _, n := range f.opt.Ignore {
		if _, ok := seen[n]; !ok {
			return unknownColumn(n, "ignored", f.names)
		}
	}
	if t := f.opt.Target; t != "" {
		if _, ok := seen[t]; !ok {
			return fmt.Errorf("%w%s", unknownColumn(t, "target", f.names), f.headerHint())
		}
		if slices.Contains(f.opt.Ignore, t) {
			return fmt.Errorf("frames: %s: the target column %q is also ignored: %w", f.name, t, lao.ErrParam)
		}
	}
	return nil
}

// headerHint explains an error when the header row looks like data: most of
// its names are numbers or empty (scikit-learn's bundled files start with a
// line of counts, for example).
func (f *csvFile) headerHint() string {
	n := f.unnamed
	for _, h := range f.names {
		if _, kind := ingest.ParseCell(h); kind == ingest.Number {
			n++
		}
	}
	if 2*n < len(f.names) {
		return ""
	}
	return "\n(line 1 looks like data, not a header: the file needs a first row naming its columns)"
}

// next returns the next data row (valid until the next call) and its file
// line, or io.EOF.
func (f *csvFile) next() ([]string, int, error) {
	rec, line, err := f.rec.Read()
	if err == nil || err == io.EOF {
		return rec, line, err
	}
	var ragged *ingest.RaggedError
	if errors.As(err, &ragged) {
		err = fmt.Errorf("%w%s", err, f.headerHint())
	}
	return nil, line, ingestErr(err)
}

// ingestError is an error of package ingest seen from frames: "frames: "
// before its message, and ErrFrame beside its sentinel when the input is
// malformed.
type ingestError struct{ err error }

func ingestErr(err error) error { return &ingestError{err} }

func (e *ingestError) Error() string { return "frames: " + e.err.Error() }

func (e *ingestError) Unwrap() []error {
	if errors.Is(e.err, ingest.ErrFormat) {
		return []error{e.err, ErrFrame}
	}
	return []error{e.err}
}
