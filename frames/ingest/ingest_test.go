package ingest_test

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/laoproject/lao/frames/ingest"
)

// readAll reads a table with Open and Records and returns its header and
// rows as "a|b" strings.
func readAll(r io.Reader, lim ingest.Limits) (string, error) {
	in, err := ingest.Open(r, "t.csv", lim)
	if err != nil {
		return "", err
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{})
	if err != nil {
		return "", err
	}
	out := []string{strings.Join(rec.Header(), "|")}
	for {
		row, line, err := rec.Read()
		if err == io.EOF {
			return strings.Join(out, "/"), nil
		}
		if err != nil {
			return "", err
		}
		out = append(out, fmt.Sprintf("%d:%s", line, strings.Join(row, "|")))
	}
}

func utf16Bytes(s string, big, bom bool) []byte {
	var b []byte
	units := utf16.Encode([]rune(s))
	if bom {
		units = append([]uint16{0xfeff}, units...)
	}
	for _, u := range units {
		if big {
			b = binary.BigEndian.AppendUint16(b, u)
		} else {
			b = binary.LittleEndian.AppendUint16(b, u)
		}
	}
	return b
}

func utf32Bytes(s string, big, bom bool) []byte {
	var b []byte
	rs := []rune(s)
	if bom {
		rs = append([]rune{0xfeff}, rs...)
	}
	for _, r := range rs {
		if big {
			b = binary.BigEndian.AppendUint32(b, uint32(r))
		} else {
			b = binary.LittleEndian.AppendUint32(b, uint32(r))
		}
	}
	return b
}

func gz(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

// Every encoding and line ending the package handles gives the same table.
func TestOpenEncodings(t *testing.T) {
	const text = "naïve,y\n1,2\n3,4\n"
	const want = "naïve|y/2:1|2/3:3|4"
	cases := map[string][]byte{
		"utf-8":           []byte(text),
		"utf-8 bom":       []byte("\ufeff" + text),
		"utf-16le bom":    utf16Bytes(text, false, true),
		"utf-16be bom":    utf16Bytes(text, true, true),
		"utf-16le no bom": utf16Bytes(text, false, false),
		"utf-16be no bom": utf16Bytes(text, true, false),
		"utf-32le bom":    utf32Bytes(text, false, true),
		"utf-32be no bom": utf32Bytes(text, true, false),
		"cr only":         []byte(strings.ReplaceAll(text, "\n", "\r")),
		"crlf":            []byte(strings.ReplaceAll(text, "\n", "\r\n")),
		"gzip utf-16":     gz(utf16Bytes(text, false, true)),
	}
	for name, b := range cases {
		got, err := readAll(bytes.NewReader(b), ingest.Limits{})
		if err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	in, err := ingest.Open(bytes.NewReader(utf16Bytes(text, true, false)), "t.csv", ingest.Limits{})
	if err != nil || in.Encoding != "UTF-16BE" {
		t.Errorf("encoding %q, %v", in.Encoding, err)
	}
}

// Binary data, archives and broken encodings are errors naming what they
// are, never tables of garbled names.
func TestOpenRefuses(t *testing.T) {
	random := make([]byte, 4096)
	for i := range random {
		random[i] = byte(i*7919 + i*i*31)
	}
	bad16 := append(utf16Bytes("a,y\n1,2\n", false, true), 0x00, 0xdc) // a lone low surrogate
	cases := map[string]struct {
		in   []byte
		want string
	}{
		"random bytes": {random, "binary data"},
		"zip":          {[]byte("PK\x03\x04rest of a zip"), "zip archive"},
		"xz":           {[]byte("\xfd7zXZ\x00...."), "xz-compressed"},
		"gzip in gzip": {gz(gz([]byte("a,y\n1,2\n"))), "gzip data inside gzip"},
		"parquet":      {[]byte("PAR1...."), "Parquet"},
		"bad utf-16":   {bad16, "invalid UTF-16LE at byte 18"},
		"odd utf-16":   {append(utf16Bytes("a,y\n", false, true), 'x'), "ends inside a code unit"},
		"latin-1":      {[]byte("na\xefve,y\n1,2\n"), "not UTF-8 text"},
		"zeros":        {make([]byte, 100), "binary data"},
	}
	for name, c := range cases {
		_, err := readAll(bytes.NewReader(c.in), ingest.Limits{})
		if !errors.Is(err, ingest.ErrFormat) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "t.csv") {
			t.Errorf("%s: %v, want an ErrFormat naming t.csv and %q", name, err, c.want)
		}
	}
}

// A gzip stream damaged in its middle is reported as a corrupt stream, not
// as the garbage it decompresses to.
func TestCorruptGzip(t *testing.T) {
	var text strings.Builder
	text.WriteString("a,b,y\n")
	for i := range 20000 {
		fmt.Fprintf(&text, "%d,%d,%d\n", i, i*i%97, i%13)
	}
	b := gz([]byte(text.String()))
	for _, at := range []int{len(b) / 3, len(b) / 2, len(b) - 6} {
		c := bytes.Clone(b)
		c[at] ^= 0x55
		_, err := readAll(bytes.NewReader(c), ingest.Limits{})
		if !errors.Is(err, ingest.ErrFormat) || !strings.Contains(err.Error(), "gzip stream") {
			t.Errorf("byte %d of %d flipped: %v, want a corrupt gzip stream", at, len(b), err)
		}
	}
	_, err := readAll(bytes.NewReader(b[:len(b)/2]), ingest.Limits{})
	if !errors.Is(err, ingest.ErrFormat) || !strings.Contains(err.Error(), "truncated gzip stream") {
		t.Errorf("truncated: %v", err)
	}
}

// endless yields a line pattern forever (a pipe that never ends).
type endless struct {
	pattern []byte
	i       int
}

func (e *endless) Read(p []byte) (int, error) {
	for k := range p {
		p[k] = e.pattern[e.i%len(e.pattern)]
		e.i++
	}
	return len(p), nil
}

// Each limit stops an input that exceeds it, with an error naming the
// limit's flag; inputs within the limits are read.
func TestLimits(t *testing.T) {
	cases := []struct {
		name string
		in   io.Reader
		lim  ingest.Limits
		flag string
	}{
		{"endless line", &endless{pattern: []byte("a")}, ingest.Limits{MaxLine: 1 << 20}, ingest.FlagMaxLine},
		{"endless rows", &endless{pattern: []byte("1,2\n")}, ingest.Limits{MaxBytes: 1 << 20}, ingest.FlagMaxBytes},
		{"wide header", &endless{pattern: []byte("a,")}, ingest.Limits{MaxColumns: 1000}, ingest.FlagMaxColumns},
		{"unterminated quote", io.MultiReader(strings.NewReader("a,y\n\"1,2\n"), &endless{pattern: []byte("3,4\n")}), ingest.Limits{MaxLine: 1 << 20}, ingest.FlagMaxLine},
	}
	for _, c := range cases {
		_, err := readAll(c.in, c.lim)
		var le *ingest.LimitError
		if !errors.As(err, &le) || le.Flag != c.flag || !strings.Contains(err.Error(), "--"+c.flag) {
			t.Errorf("%s: %v, want a limit error naming --%s", c.name, err, c.flag)
		}
	}
	_, err := readAll(strings.NewReader("a,b,c,y\n1,2,3,4\n"), ingest.Limits{MaxColumns: 3})
	if !errors.Is(err, ingest.ErrLimit) || !strings.Contains(err.Error(), "line 1 has more columns (4)") {
		t.Errorf("a short header over MaxColumns: %v", err)
	}
	if got, err := readAll(strings.NewReader("a,y\n1,2\n"), ingest.Limits{MaxLine: 4, MaxColumns: 2}); err != nil || got != "a|y/2:1|2" {
		t.Errorf("at the limits: %q, %v", got, err)
	}
}

// A gzip bomb stops at the ratio limit once past the grace volume, long
// before it is expanded.
func TestRatioLimit(t *testing.T) {
	member := gz(bytes.Repeat([]byte("0,0,0,0\n"), 8<<20)) // 64 MiB of rows, ~64 KiB compressed
	drain := func(b []byte) error {
		in, err := ingest.Decompress(bytes.NewReader(b), "bomb.csv.gz", ingest.Limits{})
		if err != nil {
			return err
		}
		_, err = io.Copy(io.Discard, in)
		return err
	}
	err := drain(bytes.Repeat(member, 64)) // 4 GiB in ~4 MiB
	var le *ingest.LimitError
	if !errors.As(err, &le) || le.Flag != ingest.FlagMaxRatio || !strings.Contains(err.Error(), "decompression bomb") {
		t.Fatalf("bomb: %v", err)
	}
	if err := drain(bytes.Repeat(member, 3)); err != nil {
		t.Errorf("192 MiB (within the grace volume): %v", err)
	}
}

func TestParseSize(t *testing.T) {
	for s, want := range map[string]int64{"4096": 4096, "64MiB": 64 << 20, "4G": 4 << 30, "1.5 GiB": 3 << 29, "1e9": 1e9, "2kB": 2000, "3 MB": 3e6, "7b": 7} {
		if got, err := ingest.ParseSize(s); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", s, got, err, want)
		}
	}
	for _, s := range []string{"", "-1", "4X", "lots", "1e30", "NaN"} {
		if _, err := ingest.ParseSize(s); err == nil {
			t.Errorf("ParseSize(%q): no error", s)
		}
	}
	if got := ingest.FormatSize(64 << 20); got != "64 MiB" {
		t.Errorf("FormatSize = %q", got)
	}
}

// A pipe is spooled once and can then be read any number of times; a pipe
// longer than MaxBytes is refused and leaves no file behind.
func TestReopenPipe(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{1000, 5000} {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		go func() {
			w.Write(bytes.Repeat([]byte("x"), size))
			w.Close()
		}()
		path := fmt.Sprintf("/dev/fd/%d", r.Fd())
		ro, err := ingest.Reopen(path, dir, ingest.Limits{MaxBytes: 4096})
		r.Close()
		if size > 4096 {
			var le *ingest.LimitError
			if !errors.As(err, &le) || le.Flag != ingest.FlagMaxBytes {
				t.Errorf("a pipe beyond MaxBytes: %v", err)
			}
			continue
		}
		if err != nil || !ro.Spooled || ro.Bytes != int64(size) {
			t.Fatalf("spool: %+v, %v", ro, err)
		}
		for range 2 {
			f, err := ro.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(f)
			f.Close()
			if len(b) != size {
				t.Errorf("pass read %d bytes, want %d", len(b), size)
			}
		}
		if err := ro.Remove(); err != nil {
			t.Error(err)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func ExampleOpen() {
	in, err := ingest.Open(strings.NewReader("a;b;y\n1;2;3\n4;?;6\n"), "t.csv", ingest.Limits{})
	if err != nil {
		fmt.Println(err)
		return
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("separator %q, header %q\n", rec.Comma(), rec.Header())
	for {
		row, line, err := rec.Read()
		if err == io.EOF {
			break
		}
		for _, cell := range row {
			v, kind := ingest.ParseCell(cell)
			fmt.Printf("line %d: %q is %v (%g)\n", line, cell, kind, v)
		}
	}
	// Output:
	// separator ';', header ["a" "b" "y"]
	// line 2: "1" is number (1)
	// line 2: "2" is number (2)
	// line 2: "3" is number (3)
	// line 3: "4" is number (4)
	// line 3: "?" is missing (NaN)
	// line 3: "6" is number (6)
}

// ParseDecimalComma reads numbers written with a decimal comma and points
// between thousands where they cannot be a decimal point; a decimal point,
// and a single group "1.234" (1234 or 1.234?), are text, the missing
// tokens missing.
func TestParseDecimalComma(t *testing.T) {
	for cell, want := range map[string]float64{
		"1,5": 1.5, " -0,25e3 ": -250, "1.234,5": 1234.5, "1.234.567": 1234567, "12.345.678,9": 12345678.9, ",5": 0.5,
		"2,": 2, "42": 42, "-7": -7, "1e3": 1000, "true": 1, "0,000": 0,
	} {
		if v, kind := ingest.ParseDecimalComma(cell); kind != ingest.Number || v != want {
			t.Errorf("ParseDecimalComma(%q) = %g, %v; want %g", cell, v, kind, want)
		}
	}
	for cell, want := range map[string]ingest.CellKind{
		"3.14": ingest.Text, "1.23,4": ingest.Text, "1,2,3": ingest.Text, "1.2345": ingest.Text, ",": ingest.Text,
		"1.234": ingest.Text, "6.004": ingest.Text, "0.006": ingest.Text, "00.006": ingest.Text, "0.123,5": ingest.Text,
		"012.345.678": ingest.Text, "12.34,5": ingest.Text, "1 234,5": ingest.Text, ",e5": ingest.Text,
		"1,5x": ingest.Text, "abc": ingest.Text, "": ingest.Missing, ".": ingest.Missing, "NA": ingest.Missing, "-": ingest.Missing,
	} {
		if v, kind := ingest.ParseDecimalComma(cell); kind != want || !math.IsNaN(v) {
			t.Errorf("ParseDecimalComma(%q) = %g, %v; want %v", cell, v, kind, want)
		}
	}
}

// ParseGrouped reads numbers with a given decimal mark and marks between
// groups of thousands, in their places only.
func TestParseGrouped(t *testing.T) {
	type mk struct{ dec, th rune }
	for _, c := range []struct {
		m    mk
		cell string
		want float64
	}{
		{mk{',', '.'}, "7.225", 7225}, {mk{',', '.'}, "1.234,5", 1234.5}, {mk{',', '.'}, "1234,5", 1234.5},
		{mk{',', '.'}, "-12.345.678,9e-3", -12345.6789}, {mk{',', '.'}, "0,5", 0.5}, {mk{',', '.'}, ",5", 0.5},
		{mk{'.', ','}, "1,234.5", 1234.5}, {mk{'.', ','}, "1,000", 1000}, {mk{'.', ','}, "3.14", 3.14},
		{mk{',', ' '}, "1 234,5", 1234.5}, {mk{'.', '\''}, "1'234'567.25", 1234567.25}, {mk{',', '.'}, "42", 42},
	} {
		if v, kind := ingest.ParseGrouped(c.cell, c.m.dec, c.m.th); kind != ingest.Number || math.Abs(v-c.want) > 1e-9*math.Abs(c.want) {
			t.Errorf("ParseGrouped(%q, %q, %q) = %g, %v; want %g", c.cell, c.m.dec, c.m.th, v, kind, c.want)
		}
	}
	for _, c := range []struct {
		m    mk
		cell string
		want ingest.CellKind
	}{
		{mk{',', '.'}, "3.14", ingest.Text}, {mk{',', '.'}, "0.123", ingest.Text}, {mk{',', '.'}, "1.2345", ingest.Text},
		{mk{',', '.'}, "12.34,5", ingest.Text}, {mk{',', '.'}, "1,2,3", ingest.Text}, {mk{',', '.'}, ".", ingest.Missing},
		{mk{'.', ','}, "1,23", ingest.Text}, {mk{'.', ','}, "1.2.3", ingest.Text}, {mk{'.', ','}, ",", ingest.Text},
		{mk{',', '.'}, "NA", ingest.Missing}, {mk{',', '.'}, "", ingest.Missing}, {mk{',', '.'}, "abc", ingest.Text},
	} {
		if v, kind := ingest.ParseGrouped(c.cell, c.m.dec, c.m.th); kind != c.want || !math.IsNaN(v) {
			t.Errorf("ParseGrouped(%q, %q, %q) = %g, %v; want %v", c.cell, c.m.dec, c.m.th, v, kind, c.want)
		}
	}
}

// ParseCell reads decimal numbers as CSV writers write them; strconv's
// other forms, overflow and separators are text, the missing tokens
// missing.
func TestParseCell(t *testing.T) {
	for cell, want := range map[string]ingest.CellKind{
		"1": ingest.Number, " -1.5e3 ": ingest.Number, ".5": ingest.Number, "2.": ingest.Number, "+3": ingest.Number,
		"1E-400": ingest.Number, "true": ingest.Number, "FALSE": ingest.Number,
		"1_000": ingest.Text, "0x1p4": ingest.Text, "0x10": ingest.Text, "Inf": ingest.Text, "-infinity": ingest.Text,
		"1e999": ingest.Text, "1,5": ingest.Text, "1,000": ingest.Text, "abc": ingest.Text, "1e": ingest.Text, "--1": ingest.Text,
		"": ingest.Missing, " NA ": ingest.Missing, "NaN": ingest.Missing, "?": ingest.Missing, "-": ingest.Missing,
	} {
		v, kind := ingest.ParseCell(cell)
		if kind != want || (kind == ingest.Number) == math.IsNaN(v) {
			t.Errorf("ParseCell(%q) = %g, %v; want %v", cell, v, kind, want)
		}
	}
}
