package ingest

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/laoproject/lao/lao"
)

// CSVOptions say how Records reads a table.
type CSVOptions struct {
	// Comma is the field separator; if 0, it is detected from the first
	// line that is not blank: the most frequent of ',', ';' and tab, or a
	// space if none occurs (see DecimalComma).
	Comma rune
	// NoHeader says the first line is data (Header returns nil).
	NoHeader bool
	// DecimalComma says the numbers are written with decimal commas: the
	// separator detected is then ';' or tab whenever the first line holds
	// one, however many commas it holds (a line of data, without a header).
	DecimalComma bool
	// SkipLines is the number of lines before the header (with NoHeader,
	// before the first row) that are not part of the table: a title, a
	// line of counts (scikit-learn's bundled files). Lines are counted
	// raw, by their newlines; the file lines Read and the errors report
	// still count them.
	SkipLines int
}

// Records reads the rows of a CSV table from an Input: the separator
// detected, every row checked against the header's width, the input's
// limits applied (MaxColumns to every line, MaxLine to every record).
// Errors name the input and the file line, and wrap ErrFormat or ErrLimit.
type Records struct {
	in     *Input
	cr     *csv.Reader
	comma  rune
	header []string
	width  int   // fields per row (the header's, or the first row's)
	rows   int64 // data rows read
	start  int64 // offset of the first data row
	line   int
	skip   int   // lines skipped before the table (CSVOptions.SkipLines)
	skipB  int64 // their bytes: the csv reader's offsets start after them
}

// NewRecords starts reading a CSV table: it detects the separator and
// reads the header row, which must be UTF-8 (an error suggests the
// encoding otherwise).
func NewRecords(in *Input, opt CSVOptions) (*Records, error) {
	skipB, err := skipLines(in, opt.SkipLines)
	if err != nil {
		return nil, err
	}
	comma := opt.Comma
	if comma == 0 {
		comma = detectComma(in.br, opt.DecimalComma)
	}
	if comma < utf8.RuneSelf {
		in.sep = byte(comma)
	}
	cr := csv.NewReader(in.br)
	cr.Comma = comma
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = comma == ' '
	cr.ReuseRecord = true
	r := &Records{in: in, cr: cr, comma: comma, skip: opt.SkipLines, skipB: skipB}
	if opt.NoHeader {
		return r, nil
	}
	rec, err := cr.Read()
	if err == io.EOF {
		return nil, fmt.Errorf("%s: no header row%s: %w", in.Name, r.afterSkip(), lao.ErrEmpty)
	}
	if err != nil {
		return nil, r.wrap(err)
	}
	if lim := in.lim.MaxColumns; len(rec) > lim {
		return nil, &LimitError{Input: in.Name, Flag: FlagMaxColumns, Limit: Count(int64(lim)),
			What: fmt.Sprintf("line %d has more columns (%s) than", r.FirstLine(), Count(int64(len(rec))))}
	}
	r.header = make([]string, 0, len(rec))
	for i, h := range rec {
		if !utf8.ValidString(h) {
			return nil, in.Explain(fmt.Errorf("%s: line %d, header field %d (%q) is not UTF-8 text: the file may be in another encoding (Latin-1, Windows-1252, UTF-16 without a byte order mark?); convert it to UTF-8, e.g. iconv -f latin1 -t utf-8: %w",
				in.Name, r.FirstLine(), i+1, h, ErrFormat))
		}
		r.header = append(r.header, strings.TrimSpace(h))
	}
	r.width, r.start = len(rec), skipB+cr.InputOffset()
	in.Mark(r.start)
	return r, nil
}

// skipLines reads and discards the first n lines of in (CSVOptions.SkipLines)
// and returns their bytes; fewer than n lines is an error.
func skipLines(in *Input, n int) (int64, error) {
	if n < 0 {
		return 0, fmt.Errorf("%s: %d lines to skip: the count must be 0 or more: %w", in.Name, n, lao.ErrParam)
	}
	var bytesRead int64
	for line := 0; line < n; {
		chunk, err := in.br.ReadSlice('\n')
		bytesRead += int64(len(chunk))
		switch {
		case err == nil:
			line++
		case errors.Is(err, bufio.ErrBufferFull): // a long line: read on
		case err == io.EOF:
			if len(chunk) > 0 {
				line++
			}
			return 0, fmt.Errorf("%s: the table was to start after line %d, and the input has %s: no table is left: %w", in.Name, n, lineCount(line), lao.ErrEmpty)
		default:
			if !errors.Is(err, ErrLimit) && !errors.Is(err, ErrFormat) {
				err = fmt.Errorf("%s: %w", in.Name, err)
			}
			return 0, in.Explain(err)
		}
	}
	return bytesRead, nil
}

// lineCount is "1 line" or "n lines".
func lineCount(n int) string {
	if n == 1 {
		return "1 line"
	}
	return fmt.Sprintf("%d lines", n)
}

// FirstLine returns the file line of the header, or with NoHeader of the
// first row: 1 unless lines were skipped (CSVOptions.SkipLines).
func (r *Records) FirstLine() int { return r.skip + 1 }

// afterSkip says, for a message, how many lines were skipped ("" if none).
func (r *Records) afterSkip() string {
	if r.skip == 0 {
		return ""
	}
	return fmt.Sprintf(" after the %s skipped", lineCount(r.skip))
}

// Comma returns the field separator.
func (r *Records) Comma() rune { return r.comma }

// Header returns the header's fields, trimmed (nil with NoHeader).
func (r *Records) Header() []string { return r.header }

// Input returns the input being read.
func (r *Records) Input() *Input { return r.in }

// Rows returns the number of data rows read so far.
func (r *Records) Rows() int64 { return r.rows }

// Read returns the next data row (valid until the next call) and its file
// line (1-based), or io.EOF after the last. A row whose width differs from
// the header's is a *RaggedError.
func (r *Records) Read() ([]string, int, error) {
	rec, err := r.cr.Read()
	if err == io.EOF {
		return nil, 0, io.EOF
	}
	if err != nil {
		return nil, 0, r.wrap(err)
	}
	r.in.Mark(r.skipB + r.cr.InputOffset())
	line, _ := r.cr.FieldPos(0)
	line += r.skip
	r.line = line
	if r.width == 0 {
		if lim := r.in.lim.MaxColumns; len(rec) > lim {
			return nil, line, &LimitError{Input: r.in.Name, Flag: FlagMaxColumns, Limit: Count(int64(lim)),
				What: fmt.Sprintf("line %d has more columns (%s) than", line, Count(int64(len(rec))))}
		}
		r.width = len(rec)
	}
	if len(rec) != r.width {
		return nil, line, r.in.Explain(&RaggedError{Input: r.in.Name, Line: line, Fields: len(rec), Want: r.width, Header: r.header != nil})
	}
	r.rows++
	return rec, line, nil
}

// EstimateRows estimates the number of data rows of the whole input from
// its size (Input.SizeHint) and the bytes per row so far; ok is false when
// the size is unknown or no row was read.
func (r *Records) EstimateRows() (rows int64, ok bool) {
	used := r.skipB + r.cr.InputOffset() - r.start
	if r.in.SizeHint <= 0 || r.rows == 0 || used <= 0 {
		return 0, false
	}
	return max(r.rows, int64(float64(r.in.SizeHint-r.start)/(float64(used)/float64(r.rows)))), true
}

// wrap names the input and line of a csv error, or reports the damage of a
// compressed input that decompressed to garbage.
func (r *Records) wrap(err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		// A stray quote opens a field that runs on to the end of the file
		// or a later quote: name the line where its record opened.
		runs := ""
		if pe.StartLine != pe.Line {
			runs = fmt.Sprintf(" (the field opened by a quote on line %d runs on to line %d)", pe.StartLine+r.skip, pe.Line+r.skip)
		}
		hint := ""
		switch {
		case errors.Is(pe.Err, csv.ErrBareQuote):
			hint = fmt.Sprintf(" (a quote inside a field that does not start with one, at byte %d of the line: a quoted field must start with the quote, with no space "+
				"before it, as in a,\"b\" rather than a, \"b\"; or double a quote that belongs to the text)", pe.Column)
		case errors.Is(pe.Err, csv.ErrQuote):
			hint = fmt.Sprintf(" (at byte %d of the line: a quoted field must end with its quote right before the separator or the line's end)", pe.Column)
		}
		err = fmt.Errorf("%s: line %d: %v%s%s: %w", r.in.Name, pe.StartLine+r.skip, pe.Err, runs, hint, ErrFormat)
	} else if !errors.Is(err, ErrFormat) && !errors.Is(err, ErrLimit) {
		err = fmt.Errorf("%s: %w", r.in.Name, err)
	}
	return r.in.Explain(err)
}

// RaggedError is a row whose number of fields differs from the header's
// (or the first row's).
type RaggedError struct {
	Input              string
	Line, Fields, Want int
	Header             bool // Want is the header's width
}

func (e *RaggedError) Error() string {
	of := "the header has"
	if !e.Header {
		of = "the first row has"
	}
	return fmt.Sprintf("%s: line %d has %d fields, %s %d", e.Input, e.Line, e.Fields, of, e.Want)
}

// Unwrap returns ErrFormat.
func (e *RaggedError) Unwrap() error { return ErrFormat }

// unquoted returns line without what lies between double quotes (a quoted
// field's separators are text: "weight; kg", "1,5").
func unquoted(line []byte) []byte {
	if bytes.IndexByte(line, '"') < 0 {
		return line
	}
	out := make([]byte, 0, len(line))
	in := false
	for _, c := range line {
		if c == '"' {
			in = !in
		} else if !in {
			out = append(out, c)
		}
	}
	return out
}

// detectComma picks the separator from the first line that is not blank
// (within the first 4,096 bytes), counting outside double quotes: the
// most frequent of ',', ';' and tab, else a space (if the line holds one),
// else ','. With decimalComma, a ';' or tab wins over any number of
// commas.
func detectComma(br interface{ Peek(int) ([]byte, error) }, decimalComma bool) rune {
	buf, _ := br.Peek(4096)
	line := buf
	for len(buf) > 0 {
		line, buf, _ = bytes.Cut(buf, []byte{'\n'})
		if len(bytes.TrimSpace(line)) > 0 {
			break
		}
	}
	line = unquoted(line)
	semi, tab := bytes.Count(line, []byte{';'}), bytes.Count(line, []byte{'\t'})
	switch {
	case decimalComma && semi > 0 && semi >= tab:
		return ';'
	case decimalComma && tab > 0:
		return '\t'
	}
	best, n := ',', 0
	for _, c := range []rune{',', ';', '\t'} {
		if k := bytes.Count(line, []byte(string(c))); k > n {
			best, n = c, k
		}
	}
	if n == 0 && bytes.ContainsRune(bytes.TrimSpace(line), ' ') {
		return ' '
	}
	return best
}
