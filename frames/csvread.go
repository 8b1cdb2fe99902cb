package frames

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// csvFile is an open CSV table (package ingest's records) read as Rows:
// the CSV reader of ReadCSV and StreamCSV.
type csvFile struct {
	in     *ingest.Input
	rec    *ingest.Records
	cur    []string // the current record
	closer io.Closer
	parse  func(string) (float64, ingest.CellKind) // CSVOptions.NumberParser
	// With CSVOptions.NoHeader: the generated names, and the first line,
	// read to count its fields, until Next returns it.
	names     []string
	first     []string
	firstLine int
}

// openCSV starts reading a CSV (decompression, encoding, limits,
// separator, header) and checks its header against opt.
func openCSV(r io.Reader, name string, opt CSVOptions) (*rowTable, error) {
	in, err := ingest.Open(r, name, opt.Limits)
	if err != nil {
		return nil, ingestErr(err)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{Comma: opt.Comma, NoHeader: opt.NoHeader, DecimalComma: opt.DecimalComma, SkipLines: opt.SkipLines})
	if err != nil {
		return nil, ingestErr(err)
	}
	f := &csvFile{in: in, rec: rec}
	if f.parse, err = opt.NumberParser(); err != nil {
		return nil, err
	}
	if opt.NoHeader {
		if err := f.nameColumns(); err != nil {
			return nil, err
		}
	}
	return newRowTable(f, name, opt)
}

// nameColumns reads the first line of a file without a header, keeps it
// for Next and names its columns column1 … columnN.
func (f *csvFile) nameColumns() error {
	rec, line, err := f.rec.Read()
	if err == io.EOF {
		return fmt.Errorf("frames: %s: no rows: %w", f.in.Name, lao.ErrEmpty)
	}
	if err != nil {
		return ingestErr(err)
	}
	f.first, f.firstLine = slices.Clone(rec), line
	f.names = make([]string, len(rec))
	for j := range f.names {
		f.names[j] = fmt.Sprintf("column%d", j+1)
	}
	return nil
}

// NumberParser returns how opt reads a number (every number column of a
// CSV file is read so): ingest.ParseCell, or ParseDecimalComma, or
// ParseGrouped with opt.Thousands. An error names marks no reader takes.
func (opt CSVOptions) NumberParser() (func(string) (float64, ingest.CellKind), error) {
	dec := '.'
	if opt.DecimalComma {
		dec = ','
	}
	switch {
	case opt.Thousands == 0 && opt.DecimalComma:
		return ingest.ParseDecimalComma, nil
	case opt.Thousands == 0:
		return ingest.ParseCell, nil
	case opt.Thousands == dec:
		return nil, fmt.Errorf("frames: the thousands mark %q is the decimal mark too: %w", opt.Thousands, lao.ErrParam)
	case !strings.ContainsRune(".,' ", opt.Thousands):
		return nil, fmt.Errorf("frames: thousands mark %q, want a point, a comma, a space or an apostrophe: %w", opt.Thousands, lao.ErrParam)
	}
	return func(s string) (float64, ingest.CellKind) { return ingest.ParseGrouped(s, dec, opt.Thousands) }, nil
}

// csvMarks returns a CSV file's separator and thousands mark, for the
// notes of thousandsNote (zero for another source).
func (t *rowTable) csvMarks() fileMarks {
	if f, ok := t.rows.(*csvFile); ok {
		return fileMarks{sep: f.rec.Comma(), decimalComma: t.opt.DecimalComma, thousands: t.opt.Thousands}
	}
	return fileMarks{}
}

// Names returns the header's fields (column1 … columnN without a header).
func (f *csvFile) Names() []string {
	if f.names != nil {
		return f.names
	}
	return f.rec.Header()
}

// Next reads the next record and returns its file line.
func (f *csvFile) Next() (int, error) {
	if f.first != nil {
		f.cur, f.first = f.first, nil
		return f.firstLine, nil
	}
	rec, line, err := f.rec.Read()
	if err == io.EOF {
		return 0, io.EOF
	}
	if err != nil {
		return line, ingestErr(err)
	}
	f.cur = rec
	return line, nil
}

// Cell parses cell j of the current record (ingest.ParseCell, or as
// CSVOptions.DecimalComma and Thousands say); its text is the cell's.
func (f *csvFile) Cell(j int) (float64, ingest.CellKind, string) {
	v, kind := f.parse(f.cur[j])
	return v, kind, f.cur[j]
}

// Close closes the file the CSV was opened on, if it was given one
// (StreamCSV's passes); ReadCSV leaves its reader to its caller.
func (f *csvFile) Close() error {
	if f.closer != nil {
		return f.closer.Close()
	}
	return nil
}

// PosName returns "line": a CSV row's position is its file line.
func (f *csvFile) PosName() string { return "line" }

// EstimateRows estimates the rows of the file from its size.
func (f *csvFile) EstimateRows() (int64, bool) { return f.rec.EstimateRows() }

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
