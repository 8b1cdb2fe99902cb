package ingest

import (
	"bufio"
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
)

// Input is one input decompressed (gzip or bzip2, detected by content) and,
// for text, decoded to UTF-8, read under Limits. Read errors name the input
// and wrap ErrFormat (a corrupt stream) or ErrLimit; they are sticky.
type Input struct {
	// Name names the input in messages.
	Name string
	// Compression is "gzip", "bzip2" or "" (none).
	Compression string
	// Encoding is the text encoding found: "UTF-8", "UTF-8 with BOM",
	// "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE" (the last four
	// converted to UTF-8); "" for Decompress.
	Encoding string
	// CROnly reports that lines end with a lone carriage return (classic
	// Mac OS); they are read as newlines.
	CROnly bool
	// SizeHint is a lower bound on the bytes Read will deliver, when the
	// source is a regular file (for a gzip file, the size its trailer
	// records); 0 if unknown.
	SizeHint int64

	lim     Limits
	raw     *counter      // bytes taken from the source
	decoded io.Reader     // the decompressed, decoded stream
	br      *bufio.Reader // what Read serves
	out     int64         // bytes delivered
	lines   int64         // newlines delivered
	since   int64         // bytes since the last newline (or Mark)
	marked  bool          // a CSV reader marks record starts (Mark)
	mark    int64
	sep     byte  // a CSV reader's separator (0: none), counted per line for MaxColumns
	seps    int64 // separators since the last newline
	err     error
}

// counter counts the bytes read through it and keeps the source's error.
type counter struct {
	r   io.Reader
	n   int64
	err error
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if err != nil && err != io.EOF {
		c.err = err
	}
	return n, err
}

// Decompress returns r decompressed if it starts with the gzip or bzip2
// magic, under lim's MaxBytes and MaxRatio; no encoding is checked (binary
// formats such as IDX).
func Decompress(r io.Reader, name string, lim Limits) (*Input, error) {
	in, err := decompress(r, name, lim)
	if err != nil {
		return nil, err
	}
	in.br = bufio.NewReaderSize(limited{in}, 1<<16)
	return in, nil
}

// decompress sets up in.decoded, the decompressed stream.
func decompress(r io.Reader, name string, lim Limits) (*Input, error) {
	if err := lim.Check(); err != nil {
		return nil, err
	}
	in := &Input{Name: name, lim: lim.WithDefaults(), raw: &counter{r: r}}
	in.SizeHint = sizeHint(r)
	br := bufio.NewReaderSize(in.raw, 1<<16)
	magic, err := br.Peek(4)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	switch {
	case bytes.HasPrefix(magic, []byte{0x1f, 0x8b}):
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("%s: bad gzip header: %v: %w", name, err, ErrFormat)
		}
		in.Compression, in.decoded = "gzip", &streamErrors{r: zr, in: in}
	case bytes.HasPrefix(magic, []byte("BZh")) && len(magic) == 4 && magic[3] >= '1' && magic[3] <= '9':
		in.Compression, in.decoded = "bzip2", &streamErrors{r: bzip2.NewReader(br), in: in}
	default:
		in.decoded = br
	}
	return in, nil
}

// sizeHint returns a lower bound on the decompressed size of a regular
// file: its size, or a gzip file's ISIZE trailer (the last member's size
// modulo 2³²), whichever is larger.
func sizeHint(r io.Reader) int64 {
	f, ok := r.(*os.File)
	if !ok {
		return 0
	}
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0
	}
	size := st.Size()
	var head [2]byte
	var tail [4]byte
	if size > 20 {
		if _, err := f.ReadAt(head[:], 0); err == nil && head == [2]byte{0x1f, 0x8b} {
			if _, err := f.ReadAt(tail[:], size-4); err == nil {
				return max(size, int64(binary.LittleEndian.Uint32(tail[:])))
			}
		}
	}
	return size
}

// streamErrors names a decompressor's failures.
type streamErrors struct {
	r  io.Reader
	in *Input
}

func (s *streamErrors) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	if err != nil && err != io.EOF && s.in.raw.err != nil {
		return n, s.in.raw.err // the source failed, not the stream
	}
	if err != nil && err != io.EOF {
		what := "corrupt"
		if errors.Is(err, io.ErrUnexpectedEOF) {
			what = "truncated"
		}
		err = fmt.Errorf("%s: %s %s stream (after %s decompressed bytes): %v: %w",
			s.in.Name, what, s.in.Compression, Count(s.in.out), err, ErrFormat)
	}
	return n, err
}

// limited applies the limits to the bytes delivered.
type limited struct{ in *Input }

func (l limited) Read(p []byte) (int, error) {
	in := l.in
	if in.err != nil {
		return 0, in.err
	}
	n, err := in.decoded.Read(p)
	if e := in.account(p[:n]); e != nil {
		in.err = e
		return 0, e
	}
	if err != nil && err != io.EOF {
		in.err = err
	}
	return n, err
}

// account counts p and checks MaxBytes, MaxRatio and MaxLine.
func (in *Input) account(p []byte) error {
	in.out += int64(len(p))
	lim := &in.lim
	if in.out > lim.MaxBytes {
		return &LimitError{Input: in.Name, Flag: FlagMaxBytes, Limit: FormatSize(lim.MaxBytes), What: "the input is longer than"}
	}
	if in.Compression != "" && in.out > RatioGrace && float64(in.out) > lim.MaxRatio*float64(in.raw.n) {
		return &LimitError{Input: in.Name, Flag: FlagMaxRatio, Limit: fmt.Sprintf("%g", lim.MaxRatio),
			What: fmt.Sprintf("%s: %s expand to %s (a decompression bomb?): the ratio exceeds",
				in.Compression, FormatSize(in.raw.n), FormatSize(in.out))}
	}
	for len(p) > 0 {
		i := bytes.IndexByte(p, '\n')
		seg := p
		if i >= 0 {
			seg = p[:i]
		}
		in.since += int64(len(seg))
		if in.sep != 0 {
			in.seps += int64(bytes.Count(seg, []byte{in.sep}))
		}
		if err := in.checkLine(); err != nil {
			return err
		}
		if i < 0 {
			break
		}
		in.lines++
		in.seps = 0
		if !in.marked {
			in.since = 0
		}
		p = p[i+1:]
	}
	return nil
}

// slack is the read-ahead of a CSV reader past its last Mark.
const slack = 1 << 16

func (in *Input) checkLine() error {
	if in.seps >= int64(in.lim.MaxColumns) {
		return &LimitError{Input: in.Name, Flag: FlagMaxColumns, Limit: Count(int64(in.lim.MaxColumns)),
			What: fmt.Sprintf("line %s has more columns than", Count(in.lines+1))}
	}
	over := in.since > in.lim.MaxLine
	if in.marked {
		over = in.out-in.mark > in.lim.MaxLine+2*slack
	}
	if !over {
		return nil
	}
	what := fmt.Sprintf("line %s is longer than", Count(in.lines+1))
	if in.marked {
		what = fmt.Sprintf("a record reaching line %s (an unterminated quote?) is longer than", Count(in.lines+1))
	}
	return &LimitError{Input: in.Name, Flag: FlagMaxLine, Limit: FormatSize(in.lim.MaxLine), What: what}
}

// Mark tells the input that a record ends at offset (bytes of Read's
// output): from the first call on, MaxLine bounds the bytes of a record,
// counted from the last Mark, rather than of a line.
func (in *Input) Mark(offset int64) {
	in.marked, in.mark = true, offset
	in.since = 0
}

// Read reads the decompressed, decoded bytes.
func (in *Input) Read(p []byte) (int, error) { return in.br.Read(p) }

// Buffered returns the reader of the input, for consumers that peek.
func (in *Input) Buffered() *bufio.Reader { return in.br }

// Limits returns the limits the input is read under, with defaults set.
func (in *Input) Limits() Limits { return in.lim }

// Delivered returns the bytes delivered so far (including read-ahead).
func (in *Input) Delivered() int64 { return in.out }

// Corrupt reads the rest of a compressed input and returns the
// decompressor's error if the stream is corrupt or truncated, else nil. A
// reader that meets malformed content in a compressed input calls it: a
// damaged stream often decompresses to garbage before its checksum fails,
// and the damage, not the garbage, is what to report.
func (in *Input) Corrupt() error {
	if in.Compression == "" {
		return nil
	}
	_, err := io.Copy(io.Discard, in.br)
	if errors.Is(err, ErrFormat) && !errors.Is(err, ErrLimit) {
		return err
	}
	return nil
}

// Explain returns err, or the input's corruption if a compressed input
// turns out to be damaged (see Corrupt), mentioning err.
func (in *Input) Explain(err error) error {
	if err == nil || errors.Is(err, ErrLimit) || in.Compression == "" {
		return err
	}
	if c := in.Corrupt(); c != nil && c != err && !errors.Is(err, c) {
		return fmt.Errorf("%w\n(found while reading: %v)", c, err)
	}
	return err
}
