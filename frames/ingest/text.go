package ingest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"unicode/utf16"
	"unicode/utf8"
)

// Open returns r as UTF-8 text: decompressed as Decompress does, a byte
// order mark removed, UTF-16 and UTF-32 (with a byte order mark, or
// recognised by the zero bytes of ASCII text) converted strictly (an
// invalid code unit is an error naming its offset), lone carriage returns
// (classic Mac OS line ends) read as newlines. Archives, other compressed
// formats and binary data are refused with an error naming what they are.
func Open(r io.Reader, name string, lim Limits) (*Input, error) {
	in, err := decompress(r, name, lim)
	if err != nil {
		return nil, err
	}
	pk := bufio.NewReaderSize(in.decoded, 1<<16)
	sample, err := peek(pk, 4096)
	if err != nil {
		return nil, err
	}
	if what := knownBinary(sample); what != "" {
		return nil, fmt.Errorf("%s: %s, not a text table: %w", name, what, ErrFormat)
	}
	enc, bom := detectEncoding(sample)
	_, _ = pk.Discard(bom)
	in.Encoding = enc
	var text io.Reader = pk
	switch enc {
	case "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE":
		u := &unitReader{r: pk, name: name, enc: enc, off: int64(bom), wide: enc[4] == '3'}
		u.order = binary.ByteOrder(binary.LittleEndian)
		if enc[6:] == "BE" {
			u.order = binary.BigEndian
		}
		text = u
	}
	tk := bufio.NewReaderSize(text, 1<<16)
	sample, err = peek(tk, 1<<16)
	if err != nil {
		return nil, err
	}
	if i := bytes.IndexByte(sample, 0); i >= 0 {
		return nil, fmt.Errorf("%s: binary data, not a text table (a zero byte at offset %d%s): %w", name, i, encodingNote(enc), ErrFormat)
	}
	in.decoded = tk
	if crOnly(sample) {
		in.CROnly, in.decoded = true, crReader{tk}
	}
	in.br = bufio.NewReaderSize(limited{in}, 1<<16)
	return in, nil
}

func encodingNote(enc string) string {
	if enc == "UTF-8" || enc == "UTF-8 with BOM" {
		return ""
	}
	return ", read as " + enc
}

// peek returns up to n bytes without consuming them; a short input is not
// an error.
func peek(br *bufio.Reader, n int) ([]byte, error) {
	b, err := br.Peek(n)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return nil, err
	}
	return b, nil
}

// magics are formats recognised by their first bytes, with what to do.
var magics = []struct{ magic, what string }{
	{"PK\x03\x04", "a zip archive (or an .xlsx/.ods spreadsheet): extract the table as CSV first"},
	{"PK\x05\x06", "an empty zip archive"},
	{"\xfd7zXZ\x00", "xz-compressed data: decompress it first (xz -d), or recompress it with gzip"},
	{"\x28\xb5\x2f\xfd", "zstd-compressed data: decompress it first (zstd -d), or recompress it with gzip"},
	{"\x04\x22\x4d\x18", "lz4-compressed data: decompress it first (lz4 -d)"},
	{"\x1f\x9d", "compress (.Z) data: decompress it first (uncompress)"},
	{"\x1f\x8b", "gzip data inside gzip: decompress it once more (gunzip) first"},
	{"7z\xbc\xaf\x27\x1c", "a 7-Zip archive: extract the table as CSV first"},
	{"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Excel .xls (OLE2) file: save the sheet as CSV"},
	{"PAR1", "a Parquet file"},
	{"ARROW1", "an Arrow file"},
	{"\x89HDF", "an HDF5 file"},
	{"\x93NUMPY", "a NumPy .npy array"},
	{"SQLite format 3\x00", "an SQLite database"},
	{"%PDF", "a PDF document"},
}

// knownBinary names the format of a sample that starts with a known magic
// (or is a tar archive), else "".
func knownBinary(b []byte) string {
	for _, m := range magics {
		if bytes.HasPrefix(b, []byte(m.magic)) {
			return m.what
		}
	}
	if len(b) >= 262 && bytes.Equal(b[257:262], []byte("ustar")) {
		return "a tar archive: extract the table first"
	}
	return ""
}

// detectEncoding returns the encoding of a sample and the length of its
// byte order mark.
func detectEncoding(b []byte) (string, int) {
	switch {
	case bytes.HasPrefix(b, []byte{0xef, 0xbb, 0xbf}):
		return "UTF-8 with BOM", 3
	case bytes.HasPrefix(b, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32LE", 4
	case bytes.HasPrefix(b, []byte{0, 0, 0xfe, 0xff}):
		return "UTF-32BE", 4
	case bytes.HasPrefix(b, []byte{0xff, 0xfe}):
		return "UTF-16LE", 2
	case bytes.HasPrefix(b, []byte{0xfe, 0xff}):
		return "UTF-16BE", 2
	}
	if bytes.IndexByte(b, 0) < 0 || len(b) < 4 {
		return "UTF-8", 0
	}
	// No mark: ASCII text in UTF-16 or UTF-32 has zero bytes at fixed
	// positions of every code unit.
	n := len(b) / 4 * 4
	var zeros [4]int
	for i, c := range b[:n] {
		if c == 0 {
			zeros[i%4]++
		}
	}
	q := n / 4
	all := func(pos ...int) bool {
		for p := range 4 {
			want := false
			for _, x := range pos {
				want = want || x == p
			}
			if want != (zeros[p] >= q*9/10) || (!want && zeros[p] > q/10) {
				return false
			}
		}
		return true
	}
	switch {
	case all(1, 2, 3):
		return "UTF-32LE", 0
	case all(0, 1, 2):
		return "UTF-32BE", 0
	case all(1, 3):
		return "UTF-16LE", 0
	case all(0, 2):
		return "UTF-16BE", 0
	}
	return "UTF-8", 0
}

// crOnly reports whether a sample's lines end with lone carriage returns:
// it holds carriage returns and no newline.
func crOnly(b []byte) bool {
	return bytes.IndexByte(b, '\n') < 0 && bytes.Count(b, []byte{'\r'}) >= 1
}

// crReader reads carriage returns as newlines.
type crReader struct{ r io.Reader }

func (c crReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	for i, b := range p[:n] {
		if b == '\r' {
			p[i] = '\n'
		}
	}
	return n, err
}

// unitReader converts UTF-16 or UTF-32 to UTF-8, strictly.
type unitReader struct {
	r     io.Reader
	name  string
	enc   string
	wide  bool // UTF-32
	order binary.ByteOrder
	buf   [1 << 15]byte
	pend  int    // bytes of an incomplete unit at the start of buf
	out   []byte // converted, not yet read
	off   int64  // input offset of buf[0], for messages
	err   error
}

func (u *unitReader) Read(p []byte) (int, error) {
	for len(u.out) == 0 {
		if u.err != nil {
			return 0, u.err
		}
		n, err := u.r.Read(u.buf[u.pend:])
		eof := errors.Is(err, io.EOF)
		if err != nil && !eof {
			u.err = err
		}
		if e := u.convert(u.buf[:u.pend+n], eof); e != nil {
			u.err = e
		} else if eof {
			u.err = io.EOF
		}
	}
	n := copy(p, u.out)
	u.out = u.out[n:]
	return n, nil
}

// convert appends the complete code units of b to out and keeps the rest.
func (u *unitReader) convert(b []byte, eof bool) error {
	u.out = u.out[:0]
	i := 0
	bad := func(what string) error {
		return fmt.Errorf("%s: invalid %s at byte %d (%s): %w", u.name, u.enc, u.off+int64(i), what, ErrFormat)
	}
loop:
	for {
		r, size := rune(0), 4
		switch {
		case u.wide && len(b)-i >= 4:
			r = rune(u.order.Uint32(b[i:]))
			if r > utf8.MaxRune || utf16.IsSurrogate(r) {
				return bad(fmt.Sprintf("code point %#x", uint32(r)))
			}
		case !u.wide && len(b)-i >= 2:
			r, size = rune(u.order.Uint16(b[i:])), 2
			if r >= 0xdc00 && r < 0xe000 {
				return bad("a low surrogate without a high one")
			}
			if r >= 0xd800 && r < 0xdc00 {
				if len(b)-i < 4 {
					break loop
				}
				r2 := rune(u.order.Uint16(b[i+2:]))
				if r2 < 0xdc00 || r2 >= 0xe000 {
					return bad("a high surrogate without a low one")
				}
				r, size = utf16.DecodeRune(r, r2), 4
			}
		default:
			break loop
		}
		u.out = utf8.AppendRune(u.out, r)
		i += size
	}
	if eof && i < len(b) {
		return bad(fmt.Sprintf("the input ends inside a code unit (%d extra bytes)", len(b)-i))
	}
	u.pend = copy(u.buf[:], b[i:])
	u.off += int64(i)
	return nil
}
