package main

import (
	"bytes"
	"compress/gzip"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf16"
)

// The hostile-input suite: generated inputs, each with its expected class.
// A clear error names what is wrong (every substring of want); handled
// means the command succeeds and says what it did (want in its output); a
// result is a plain success. Resource cases are bounded by the limits
// (with their defaults unless a flag is given), never by the machine.
type outcome int

const (
	clearError outcome = iota
	handled
	result
)

type hostileCase struct {
	category, name string
	// args writes the case's inputs under dir and returns the command.
	args  func(t *testing.T, dir string) []string
	class outcome
	want  []string
}

func TestHostileInputs(t *testing.T) {
	cases := slices2(csvCases(), encodingCases(), sparseCases(), flagCases(), modelCases(), resourceCases(), finiteCases())
	counts := map[outcome]int{}
	for _, c := range cases {
		t.Run(c.category+"/"+c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := c.args(t, dir)
			var out string
			var err error
			stderr := captureStderr(t, func() { out, err = runCmd(t, args...) })
			out += "\nstderr: " + strings.ReplaceAll(stderr, "\n", "\nstderr: ")
			counts[c.class]++
			switch c.class {
			case clearError:
				if err == nil {
					t.Fatalf("no error; output:\n%.600s", out)
				}
				for _, w := range c.want {
					if !strings.Contains(err.Error(), w) {
						t.Errorf("error %q lacks %q", err, w)
					}
				}
			default:
				if err != nil {
					t.Fatalf("error: %v", err)
				}
				for _, w := range c.want {
					if !strings.Contains(out, w) {
						t.Errorf("output lacks %q:\n%.800s", w, out)
					}
				}
			}
		})
	}
	t.Logf("%d cases: %d clear errors, %d handled, %d results", len(cases), counts[clearError], counts[handled], counts[result])
}

// captureStderr runs f with os.Stderr sent to a file and returns what was
// written (messages of commands that report there, such as predict).
func captureStderr(t *testing.T, f func()) string {
	t.Helper()
	tmp, err := os.CreateTemp(t.TempDir(), "stderr")
	if err != nil {
		t.Fatal(err)
	}
	saved := os.Stderr
	os.Stderr = tmp
	defer func() { os.Stderr = saved }()
	f()
	tmp.Close()
	b, _ := os.ReadFile(tmp.Name())
	return string(b)
}

func slices2(groups ...[]hostileCase) []hostileCase {
	var out []hostileCase
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}

// file writes content to dir/name and returns its path.
func file(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func gzipped(s string) string {
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

// table is a clean regression table of m rows: y = 3a − 2b + 1.
func table(m int) string {
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for i := range m {
		a, bb := float64(i%17)/4, float64((i*7)%13)/3
		fmt.Fprintf(&b, "%g,%g,%g\n", a, bb, 3*a-2*bb+1+float64(i%5)/50)
	}
	return b.String()
}

// fit returns the arguments of a quick fit of dir/name = content.
func fit(name, content string, extra ...string) func(t *testing.T, dir string) []string {
	return func(t *testing.T, dir string) []string {
		return append([]string{"fit", "--data", file(t, dir, name, content), "--target", "y", "--cv", "0"}, extra...)
	}
}

// edit sets cells of a CSV text: (file line, column, text).
func edit(text string, cells ...any) string {
	lines := strings.Split(text, "\n")
	for i := 0; i+2 < len(cells); i += 3 {
		line, col := cells[i].(int), cells[i+1].(int)
		f := strings.Split(lines[line-1], ",")
		f[col] = cells[i+2].(string)
		lines[line-1] = strings.Join(f, ",")
	}
	return strings.Join(lines, "\n")
}

func csvCases() []hostileCase {
	withMissing := edit(table(100), 5, 0, "?", 9, 1, "", 20, 2, "NA")
	mostlyMissing := table(200)
	for line := 2; line < 200; line++ { // column a missing on 198 of 200 rows
		mostlyMissing = edit(mostlyMissing, line, 0, "")
	}
	return []hostileCase{
		{"csv", "empty file", fit("e.csv", ""), clearError, []string{"e.csv", "no header row"}},
		{"csv", "header only", fit("h.csv", "a,b,y\n"), clearError, []string{"no data rows"}},
		{"csv", "ragged line", fit("r.csv", "a,b,y\n1,2,3\n4,5\n"), clearError, []string{"line 3 has 2 fields, the header has 3"}},
		{"csv", "duplicate header", fit("d.csv", "a,a,y\n1,2,3\n"), clearError, []string{`both named "a": rename one of them in the header`}},
		{"csv", "unterminated quote", fit("q.csv", "a,b,y\n1,2,3\n\"4,5,6\n"), clearError, []string{"q.csv", "line"}},
		{"csv", "header is data", fit("n.csv", "5.5,3.25,a\n1,2,3\n"), clearError, []string{"looks like data"}},
		{"csv", "header is a line of counts", fit("c.csv", "569,30,a\n1,2,3\n"), clearError, []string{"looks like the line of counts", "--skip-lines 1"}},
		{"csv", "unknown target", fit("u.csv", "a,b,c\n1,2,3\n"), clearError, []string{`target column "y"`, "a, b, c"}},
		{"csv", "text target", fit("t.csv", "a,y\n1,M\n2,B\n3,M\n"), clearError, []string{`target column "y" is text`, "-1 and +1"}},
		{"csv", "blank lines", fit("b.csv", strings.ReplaceAll(table(60), "\n", "\n\n")), result, []string{"test MSE"}},
		{"csv", "CRLF", fit("w.csv", strings.ReplaceAll(table(60), "\n", "\r\n")), result, []string{"test MSE"}},
		{"csv", "CR only", fit("m.csv", strings.ReplaceAll(table(60), "\n", "\r")), result, []string{"d = 2"}},
		{"csv", "semicolons", fit("s.csv", strings.ReplaceAll(table(60), ",", ";")), result, []string{"d = 2"}},
		{"csv", "missing cells name every column", fit("x.csv", withMissing), clearError,
			[]string{`column "a"`, `target column "y"`, "--missing mean", "label", "--missing drop-rows"}}, // both features have bad cells: --ignore would leave none
		{"csv", "missing cells dropped", fit("x.csv", withMissing, "--missing", "drop-rows"), handled, []string{"3 rows dropped (file lines 5, 9, 20)"}},
		{"csv", "99% missing column", fit("c.csv", mostlyMissing, "--missing", "drop-rows"), clearError,
			[]string{"dropped 198 of the 200 rows", `column "a" 198 rows`}},
		{"csv", "thousands separators", fit("k.csv", edit(edit(edit(table(60), 2, 0, `"1,000"`), 3, 0, `"2,500"`), 4, 0, `"3,000"`)+
			strings.Repeat("\"1,250\",2,3\n", 60)), clearError, []string{`column "a" has 63 numbers such as "1,000" on line 2`, "thousands separators"}},
		{"csv", "decimal comma under --missing mean", fit("e.csv", edit(table(60), 5, 0, `"1,5"`), "--missing", "mean"), clearError,
			[]string{`column "a"`, `"1,5" on line 5`, "decimal comma", "--missing does not apply", "--ignore a"}},
		{"csv", "Go's digit separators and hex floats", fit("g.csv", edit(table(60), 3, 0, "1_000", 4, 0, "0x1p4")), clearError,
			[]string{`column "a" has 2 numbers such as "1_000" on line 3`, "digit separators"}},
		{"csv", "0/1 labels", fit("z.csv", "a,y\n1,0\n2,1\n3,0\n4,1\n5,0\n6,1\n7,0\n8,1\n9,0\n10,1\n11,0\n12,1\n"),
			handled, []string{"labels are 0/1", "-1/+1"}},
	}
}

func utf16le(s string, bom bool) string {
	var b bytes.Buffer
	if bom {
		b.Write([]byte{0xff, 0xfe})
	}
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

func utf32be(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		b.Write([]byte{byte(r >> 24), byte(r >> 16), byte(r >> 8), byte(r)})
	}
	return b.String()
}

// bz2Table is a 40-row table (y = a + b) compressed with bzip2 (Go has no
// bzip2 writer; made with Python's bz2.compress).
const bz2Table = "425a683931415926535982e8f31a000099d980001000047fe0300000203000c33114ff54d929bd5136a146f2a00044ff554dfaa5001c6b26fcf3df7f7726a49249924b92491cccccc9480023000bddefb4925500a29b6da4923680018d34925534000dbd6b56fee6ad3bbbbe5555dda542e35d75a000015739ad55cb000005d56faeab59800002ab59bdeeb58655b01050840556221010155197c5dc914e142420ba3cc680"

func encodingCases() []hostileCase {
	random := make([]byte, 5000)
	for i := range random {
		random[i] = byte((i*2654435761 + 12345) >> 13)
	}
	gz := gzipped(table(3000))
	flipped := []byte(gz)
	flipped[len(flipped)/2] ^= 0x40
	bz, _ := hex.DecodeString(bz2Table)
	return []hostileCase{
		{"encoding", "UTF-16LE with BOM", fit("u16.csv", utf16le(table(60), true)), result, []string{"d = 2"}},
		{"encoding", "UTF-16LE without BOM", fit("u16.csv", utf16le(table(60), false)), result, []string{"d = 2"}},
		{"encoding", "UTF-32BE without BOM", fit("u32.csv", utf32be(table(60))), result, []string{"d = 2"}},
		{"encoding", "UTF-8 BOM", fit("bom.csv", "\ufeff"+table(60)), result, []string{"d = 2"}},
		{"encoding", "Latin-1 header", fit("l1.csv", "caf\xe9,y\n1,2\n"), clearError, []string{"not UTF-8", "iconv"}},
		{"encoding", "random bytes", fit("rnd.csv", string(random)), clearError, []string{"binary data"}},
		{"format", "zip archive", fit("t.xlsx", "PK\x03\x04\x14\x00\x06\x00"), clearError, []string{"zip archive"}},
		{"format", "xz", fit("t.csv.xz", "\xfd7zXZ\x00\x00\x04"), clearError, []string{"xz-compressed", "xz -d"}},
		{"format", "gzip in gzip", fit("t.csv.gz.gz", gzipped(gz)), clearError, []string{"gzip data inside gzip"}},
		{"format", "gzip", fit("t.csv.gz", gz), result, []string{"d = 2"}},
		{"format", "bzip2", fit("t.csv.bz2", string(bz)), result, []string{"d = 2"}},
		{"format", "gzip with a flipped byte", fit("f.csv.gz", string(flipped)), clearError, []string{"corrupt gzip stream"}},
		{"format", "truncated gzip", fit("tr.csv.gz", gz[:len(gz)/2]), clearError, []string{"truncated gzip stream"}},
	}
}

func sparseCases() []hostileCase {
	svm := func() string {
		var b strings.Builder
		for i := range 80 {
			a, c := float64(i%9)/3, float64(i%4)
			fmt.Fprintf(&b, "%g 1:%g 3:%g\n", 2*a-c, a, c)
		}
		return b.String()
	}()
	svmFit := func(name, content string, extra ...string) func(t *testing.T, dir string) []string {
		return func(t *testing.T, dir string) []string {
			return append([]string{"fit", "--data", file(t, dir, name, content), "--cv", "0"}, extra...)
		}
	}
	return []hostileCase{
		{"libsvm", "fit", svmFit("t.svm", svm), result, []string{"d = 3"}},
		{"libsvm", "bad token", svmFit("b.svm", "1 1:2\n1 x\n"), clearError, []string{"line 2", "index:value"}},
		{"libsvm", "index beyond --max-dim", svmFit("m.svm", "1 1:2\n1 5000:1\n", "--max-dim", "1000"), clearError, []string{"line 2", "--max-dim"}},
		{"libsvm", "index 2^24 needs too much memory", svmFit("h.svm", "1 1:2\n-1 16777216:1\n"), clearError, []string{"--max-memory", "d = 16,777,21"}},
		{"libsvm", "predict", func(t *testing.T, dir string) []string {
			path := file(t, dir, "t.svm", svm)
			model := filepath.Join(dir, "m.json")
			if _, err := runCmd(t, "fit", "--data", path, "--solver", "ridge", "--cv", "0", "--save-model", model); err != nil {
				t.Fatal(err)
			}
			return []string{"predict", "--model", model, "--data", path}
		}, result, []string{"line,prediction,label\n1,"}},
	}
}

func flagCases() []hostileCase {
	cmd := func(args ...string) func(t *testing.T, dir string) []string {
		return func(t *testing.T, dir string) []string {
			for i, a := range args {
				args[i] = strings.ReplaceAll(a, "DATA", file(t, dir, "t.csv", table(60)))
			}
			return args
		}
	}
	return []hostileCase{
		{"flags", "unknown flag", cmd("fit", "--data", "DATA", "--target", "y", "--kk", "3"), clearError, []string{"kk"}},
		{"flags", "bad size", cmd("fit", "--data", "DATA", "--target", "y", "--max-memory", "lots"), clearError, []string{"max-memory", "size"}},
		{"flags", "negative limit", cmd("fit", "--data", "DATA", "--target", "y", "--max-columns", "-1"), clearError, []string{"--max-columns -1"}},
		{"flags", "test fraction", cmd("fit", "--data", "DATA", "--target", "y", "--test-frac", "2"), clearError, []string{"--test-frac 2"}},
		{"flags", "stray argument", cmd("fit", "--data", "DATA", "extra", "--target", "y"), clearError, []string{`unexpected argument "extra"`}},
		{"flags", "k above d", cmd("theorems", "--id", "hk2012/3.1", "--eval", "d=2,k=4,m=100,B=1"), clearError, []string{"k = 4 > d = 2"}},
		{"flags", "m below log 2d", cmd("theorems", "--id", "hk2012/3.4", "--eval", "d=1000,k=4,m=3,B=1"), clearError, []string{"m = 3 < log 2d"}},
		{"flags", "predict a named data set", cmd("predict", "--model", "DATA", "--data", "mnist:3v5"), clearError, []string{"built-in data set"}},
		{"flags", "no solvers", cmd("compare", "--data", "DATA", "--target", "y", "--solvers", ""), clearError, []string{`--solvers "" names no solver`}},
		{"flags", "plot format", cmd("compare", "--data", "DATA", "--target", "y", "--plot", "c.pdf"), clearError, []string{"--plot c.pdf", ".svg or .png"}},
		{"flags", "plot directory", cmd("compare", "--data", "DATA", "--target", "y", "--plot", "/nonexistent-lao-dir/c.svg"), clearError,
			[]string{"/nonexistent-lao-dir does not exist"}},
	}
}

func modelCases() []hostileCase {
	model := func(change func(string) string, data string, extra ...string) func(t *testing.T, dir string) []string {
		return func(t *testing.T, dir string) []string {
			train := file(t, dir, "train.csv", table(100))
			m := filepath.Join(dir, "m.json")
			if _, err := runCmd(t, "fit", "--data", train, "--target", "y", "--solver", "ridge", "--cv", "0", "--save-model", m); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(m)
			file(t, dir, "m.json", change(string(b)))
			args := append([]string{"predict", "--model", m, "--data", file(t, dir, "new.csv", data)}, extra...)
			if extra != nil && extra[len(extra)-1] == "NEW.svm" { // the same model on a libsvm file
				args = []string{"predict", "--model", m, "--data", file(t, dir, "new.svm", "1 1:2 2:3\n")}
			}
			return args
		}
	}
	same := func(s string) string { return s }
	return []hostileCase{
		{"model", "null coefficient", model(func(s string) string { return strings.Replace(s, `"coefficients": [`, `"coefficients": [null,`, 1) }, "a,b\n1,2\n"),
			clearError, []string{`"coefficients[0]" is null`}},
		{"model", "two models", model(func(s string) string { return s + s }, "a,b\n1,2\n"), clearError, []string{"after the model object"}},
		{"model", "unknown field", model(func(s string) string { return strings.Replace(s, `"target"`, `"targte"`, 1) }, "a,b\n1,2\n"),
			clearError, []string{`unknown field "targte"`}},
		{"model", "overflowing prediction", model(same, "a,b\n1e308,1e308\n1,2\n"), clearError, []string{"1 of 2 predictions are not finite", "line 2"}},
		{"model", "coefficients of 1e308", func(t *testing.T, dir string) []string {
			m := file(t, dir, "m.json", `{"format": "lao-model/1", "columns": ["a", "b"], "coefficients": [1e308, 1e308], "intercept": 0,
				"has_intercept": false, "zero_prediction": 0, "labels_plus_minus_one": false}`)
			return []string{"predict", "--model", m, "--data", file(t, dir, "new.csv", "a,b\n1,2\n")}
		}, clearError, []string{"1 of 1 predictions are not finite", "1e+308"}},
		{"model", "dropped rows reported", model(same, "a,b\n1,2\n?,3\n4,5\n", "--missing", "drop-rows"), handled,
			[]string{"line,prediction\n2,", "\n4,", "predict: missing values (--missing drop-rows): 1 row dropped (file line 3)"}},
		{"model", "filled cells reported", model(same, "a,b\n1,2\n?,3\n4,5\n", "--missing", "mean"), handled,
			[]string{"\n3,", "1 cell of a filled with the training mean"}},
		{"model", "libsvm data, CSV model", model(same, "a,b\n1,2\n", "--data", "NEW.svm"), clearError, []string{"not an attribute index"}},
	}
}

// fifo makes a named pipe in dir whose writer sends write's output, then
// closes; write stops when the reader goes away.
func fifo(t *testing.T, dir, name string, write func(w io.Writer) error) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Skipf("no FIFO: %v", err)
	}
	go func() {
		f, err := os.OpenFile(p, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		write(f)
	}()
	return p
}

// forever writes pattern until the reader stops reading.
func forever(pattern string) func(io.Writer) error {
	block := []byte(strings.Repeat(pattern, 1<<16/len(pattern)))
	return func(w io.Writer) error {
		for {
			if _, err := w.Write(block); err != nil {
				return err
			}
		}
	}
}

func resourceCases() []hostileCase {
	fromFIFO := func(write func(io.Writer) error, extra ...string) func(t *testing.T, dir string) []string {
		return func(t *testing.T, dir string) []string {
			return append([]string{"fit", "--data", fifo(t, dir, "in", write), "--target", "y", "--cv", "0"}, extra...)
		}
	}
	once := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	return []hostileCase{
		{"resource", "endless line (default --max-line)", fromFIFO(forever("a")), clearError, []string{"line 1 is longer than the limit of 32 MiB", "--max-line"}},
		{"resource", "endless rows (--max-input)", fromFIFO(func(w io.Writer) error {
			io.WriteString(w, "a,b,y\n")
			return forever("1,2,3\n")(w)
		}, "--max-input", "4MiB"), clearError, []string{"longer than the limit of 4 MiB", "--max-input"}},
		{"resource", "zeros (/dev/zero)", fromFIFO(forever("\x00")), clearError, []string{"binary data"}},
		{"resource", "zeros streamed (not spooled)", fromFIFO(forever("\x00"), "--stream", "on"), clearError, []string{"binary data"}},
		{"resource", "endless line streamed", fromFIFO(forever("a"), "--stream", "on", "--max-line", "1MiB"), clearError, []string{"longer than the limit of 1 MiB"}},
		{"resource", "gzip bomb (default --max-ratio)", func(t *testing.T, dir string) []string {
			line := strings.Repeat("0", 1<<20) + "\n"
			member := gzipped(strings.Repeat(line, 64)) // 64 MiB in ~64 KiB
			bomb := gzipped("y\n") + strings.Repeat(member, 64)
			return []string{"describe", "--data", file(t, dir, "bomb.csv.gz", bomb), "--target", "y"}
		}, clearError, []string{"decompression bomb", "--max-ratio"}},
		{"resource", "wide header (--max-columns)", fit("w.csv", wideHeader(5000), "--max-columns", "1000"), clearError, []string{"line 1 has more columns", "--max-columns"}},
		{"resource", "memory estimated before reading", fit("big.csv", table(200000), "--max-memory", "8MiB"), clearError,
			[]string{"estimated from the input's size", "--max-memory", "--stream on"}},
		{"resource", "endless line skipped (--skip-lines)", fromFIFO(forever("a"), "--skip-lines", "3", "--max-line", "1MiB"), clearError,
			[]string{"line 1 is longer than the limit of 1 MiB", "--max-line"}},
		{"resource", "zeros skipped (--skip-lines)", fromFIFO(forever("\x00"), "--skip-lines", "1", "--max-line", "1MiB"), clearError, []string{"binary data"}},
		{"resource", "endless short lines skipped (--skip-lines)", fromFIFO(forever("x\n"), "--skip-lines", "2000000000", "--max-input", "4MiB"), clearError,
			[]string{"longer than the limit of 4 MiB", "--max-input"}},
		{"resource", "skipping past the end", fit("s.csv", table(30), "--skip-lines", "40"), clearError, []string{"the table was to start after line 40", "the input has 31 lines"}},
		{"resource", "negative --skip-lines", fit("n.csv", table(30), "--skip-lines", "-2"), clearError, []string{"--skip-lines -2", "0 or more"}},
		{"resource", "pipe streamed", fromFIFO(once(table(300)), "--stream", "on"), handled, []string{"copied once", "streamed"}},
		{"resource", "pipe in memory", fromFIFO(once(table(300))), result, []string{"d = 2"}},
	}
}

func wideHeader(d int) string {
	var b strings.Builder
	for j := range d {
		fmt.Fprintf(&b, "c%d,", j)
	}
	b.WriteString("y\n")
	return b.String()
}

func finiteCases() []hostileCase {
	var collinear, hugeY strings.Builder
	collinear.WriteString("a,b,c,y\n")
	hugeY.WriteString("a,b,y\n")
	for i := range 200 {
		a := float64((i*37)%101) / 100
		fmt.Fprintf(&collinear, "%g,%g,%g,%g\n", a, 2*a, float64(i%7), 3*a+float64(i%3)/10)
		y := "1e308"
		if i%2 == 0 {
			y = "-1e308"
		}
		fmt.Fprintf(&hugeY, "%g,%d,%s\n", a, i%5, y)
	}
	return []hostileCase{
		// b = 2a: C + λI is singular to rounding. The solve leaves out the
		// direction C cannot tell from 0 (ridgePenalised; before 2026-12-02
		// it divided that direction's rounding by λ and gave +Inf): the
		// minimum-norm weights, which predict, and the warning that the
		// weights of a and b are arbitrary.
		{"finite", "collinear columns, ridge at λ = 1e-300", fit("c.csv", collinear.String(), "--solver", "ridge", "--lambda", "1e-300"), handled,
			[]string{"columns a and b carry the same information", "the weights split between them arbitrarily"}},
		{"finite", "labels near MaxFloat64", fit("h.csv", hugeY.String(), "--solver", "ridge"), clearError, []string{"Inf", "rescale"}},
		// AER's step 2/(λt) at λ = 1e-17 makes the l1 ball's radius fall
		// below the magnitudes' rounding: the projection zeroes every
		// coordinate (before 2026-12-02, an index out of range), and the
		// fit learns nothing, as the warning says. At λ = 1e-310 the step
		// is +Inf and a weight NaN: a clear error (before, a hang once the
		// heap kept lower bounds).
		{"finite", "AER at λ = 1e-17", fit("c.csv", collinear.String(), "--solver", "aer", "--cv", "0", "--lambda", "1e-17"), handled, []string{"test MSE"}},
		{"finite", "AER at λ = 1e-310", fit("c.csv", collinear.String(), "--solver", "aer", "--cv", "0", "--lambda", "1e-310"), clearError, []string{"NaN", "diverged"}},
	}
}
