package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"maps"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
)

// python returns Debian's python3 if it has numpy (and whether it has
// scikit-learn), or skips.
func python(t *testing.T) (string, bool) {
	t.Helper()
	py := "/usr/bin/python3"
	if err := exec.Command(py, "-c", "import numpy").Run(); err != nil {
		t.Skip("needs /usr/bin/python3 with numpy (Debian's python3-numpy)")
	}
	return py, exec.Command(py, "-c", "import sklearn").Run() == nil
}

// sklearnTable is a table with what lao handles: a text column, an empty
// one, missing cells in a feature and in the label, a quoted cell.
func sklearnTable(sep string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "a%sb%sname%snotes%sy\n", sep, sep, sep, sep)
	for i := range 60 {
		a, bb := fmt.Sprint(i%7), fmt.Sprint((i*13)%11)
		y := fmt.Sprint(2*(i%7) - (i*13)%11)
		switch i {
		case 5:
			a = "?"
		case 9:
			bb = ""
		case 17:
			y = "NA"
		case 23:
			a = "n/a"
		}
		fmt.Fprintf(&b, "%s%s%s%s\"row %d\"%s%s%s\n", a, sep, bb, sep, i, sep, sep, y)
	}
	return b.String()
}

func utf16LE(s string) string {
	var b bytes.Buffer
	b.Write([]byte{0xff, 0xfe})
	for _, u := range utf16.Encode([]rune(s)) {
		b.WriteByte(byte(u))
		b.WriteByte(byte(u >> 8))
	}
	return b.String()
}

// cmd/bench/compare_sklearn.py reads every table as lao does: the same
// feature columns, unused columns, dropped lines and filled cells, for
// gzip, separators, UTF-16, CR-only lines, text and empty cells, decimal
// commas, lines skipped above the header, under each --missing policy and
// --ignore.
func TestCompareSklearnReadsAsLao(t *testing.T) {
	py, _ := python(t)
	script := filepath.Join("..", "bench", "compare_sklearn.py")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(sklearnTable(";")))
	zw.Close()
	tables := map[string]string{
		"comma.csv":    sklearnTable(","),
		"semi.csv.gz":  gz.String(),
		"tab.tsv":      sklearnTable("\t"),
		"utf16.csv":    utf16LE(sklearnTable(",")),
		"cr.csv":       strings.ReplaceAll(sklearnTable(","), "\n", "\r"),
		"bom_crlf.csv": "\ufeff" + strings.ReplaceAll(sklearnTable(","), "\n", "\r\n"),
	}
	euro := strings.NewReplacer("\n1;", "\n1,5;", "\n2;", "\n1.002,25;", "\n4;", "\n1.234.567;").Replace(sklearnTable(";"))
	// decimal commas and points between thousands (--decimal ,), then
	// grouped integers as well (--thousands .)
	tables["euro.csv"] = euro
	tables["grouped.csv"] = strings.NewReplacer("\n5;", "\n5.000;", "\n6;", "\n1.006;").Replace(euro)
	tables["preamble.csv"] = "Survey; \"draft\n120,4,,\n" + sklearnTable(",") // read with --skip-lines 2
	for name, text := range tables {
		path := writeTemp(t, name, text)
		for _, flags := range [][]string{{"--missing", "mean"}, {"--missing", "drop-rows"}, {"--missing", "mean", "--ignore", "b"},
			{"--missing", "mean", "--decimal", ","}, {"--missing", "mean", "--decimal", ",", "--thousands", "."}} {
			marks := 0 // the number-mark flags: --decimal for euro.csv, and --thousands for grouped.csv
			for _, f := range flags {
				if f == "--decimal" || f == "--thousands" {
					marks++
				}
			}
			if marks != map[string]int{"euro.csv": 1, "grouped.csv": 2}[name] {
				continue
			}
			if name == "preamble.csv" {
				flags = append(slices.Clone(flags), "--skip-lines", "2")
			}
			out, err := runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--cv", "0", "--json"}, flags...)...)
			if err != nil {
				t.Fatalf("%s %v: lao: %v", name, flags, err)
			}
			var rep struct {
				Columns []string `json:"columns"`
				Unused  []struct {
					Column string `json:"column"`
				} `json:"unused_columns"`
				Missing struct {
					DroppedLines []int          `json:"dropped_lines"`
					CellsFilled  map[string]int `json:"cells_filled"`
				} `json:"missing"`
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(py, append([]string{script, path, "y", "--describe"}, flags...)...)
			pyOut, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s %v: python: %v\n%s", name, flags, err, pyOut)
			}
			var got struct {
				Columns      []string          `json:"columns"`
				Unused       map[string]string `json:"unused"`
				DroppedLines []int             `json:"dropped_lines"`
				CellsFilled  map[string]int    `json:"cells_filled"`
			}
			if err := json.Unmarshal(pyOut, &got); err != nil {
				t.Fatalf("%s: %v\n%s", name, err, pyOut)
			}
			var unused []string
			for _, u := range rep.Unused {
				unused = append(unused, u.Column)
			}
			pyUnused := slices.Sorted(maps.Keys(got.Unused))
			slices.Sort(unused)
			if fmt.Sprint(got.Columns) != fmt.Sprint(rep.Columns) || fmt.Sprint(pyUnused) != fmt.Sprint(unused) ||
				fmt.Sprint(got.DroppedLines) != fmt.Sprint(rep.Missing.DroppedLines) || fmt.Sprint(got.CellsFilled) != fmt.Sprint(rep.Missing.CellsFilled) {
				t.Errorf("%s %v: python read %+v; lao: columns %v, unused %v, dropped %v, filled %v",
					name, flags, got, rep.Columns, unused, rep.Missing.DroppedLines, rep.Missing.CellsFilled)
			}
		}
	}
}

// With scikit-learn installed, the script scores the splits lao wrote.
func TestCompareSklearnRuns(t *testing.T) {
	py, sk := python(t)
	if !sk {
		t.Skip("needs Debian's python3-sklearn")
	}
	path := writeTemp(t, "t.csv.gz", func() string {
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write([]byte(sklearnTable(";")))
		zw.Close()
		return gz.String()
	}())
	splits := filepath.Join(t.TempDir(), "splits.csv")
	if _, err := runCmd(t, "compare", "--data", path, "--target", "y", "--missing", "mean", "--repeat", "2", "--k", "1",
		"--solvers", "ridge", "--splits", splits, "--quiet"); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(py, filepath.Join("..", "bench", "compare_sklearn.py"), path, "y", splits, "--missing", "mean").CombinedOutput()
	if err != nil || strings.Count(string(out), "test MSE") != 3 {
		t.Errorf("%v\n%s", err, out)
	}
}
