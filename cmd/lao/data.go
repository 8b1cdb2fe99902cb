package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strings"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/sqltable"
)

// parseArgs parses the flags of a command and rejects leftover arguments:
// Go's flag package stops at the first argument that is not a flag, so
// `lao fit ... extra --k 3` would otherwise run silently without --k 3.
func parseArgs(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q (every option is a --flag; flags after it were not read: %s)",
			fs.Name(), fs.Arg(0), strings.Join(fs.Args(), " "))
	}
	return nil
}

// tableFlags are the flags that say how a CSV file is read.
type tableFlags struct {
	data, target string
	missing      string
	ignore       string
	db           dbFlags // a database --data
}

func (t *tableFlags) define(fs *flag.FlagSet, dataUsage string) {
	fs.StringVar(&t.data, "data", "", dataUsage+dataUsageTables+dataUsageDB)
	fs.StringVar(&t.target, "target", "", "label column of a CSV file (named data sets have their own)")
	fs.StringVar(&t.missing, "missing", "error", "CSV cells that are missing or not numbers in a numeric column: error (name them), drop-rows, or mean (fill with the training mean)")
	fs.StringVar(&t.ignore, "ignore", "", "comma-separated CSV columns not to use")
	t.defineDB(fs)
}

// policy returns the parsed --missing.
func (t *tableFlags) policy() (frames.Missing, error) {
	m, err := frames.ParseMissing(t.missing)
	if err != nil {
		return 0, fmt.Errorf("--missing: %w", err)
	}
	return m, nil
}

func (t *tableFlags) ignored() []string {
	var out []string
	for _, c := range strings.Split(t.ignore, ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// isNamed reports whether --data names a built-in data set rather than a
// file: an existing file wins; otherwise datasets.LooksLikeName decides
// (in any case: MNIST:3v5, covtype:1, ctslice:scaled), and
// datasets.ParseName, the one parser of names, reports what is wrong.
func isNamed(data string) bool {
	if _, err := os.Stat(data); err == nil || sqltable.IsDSN(data) {
		return false
	}
	return datasets.LooksLikeName(data)
}

// readTable reads a CSV file (gzip detected by content) with the flags'
// target and missing-value policy.
func (t *tableFlags) readTable(cmd string) (*frames.Table, error) {
	policy, err := t.policy()
	if err != nil {
		return nil, err
	}
	if t.isColumnar() {
		return t.readColumnar(cmd, policy)
	}
	if t.isDatabase() {
		return t.readDatabase(cmd, policy)
	}
	fh, err := os.Open(t.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	defer fh.Close()
	tab, err := frames.ReadCSV(fh, frames.CSVOptions{Name: t.data, Target: t.target, Missing: policy, Ignore: t.ignored()})
	if err != nil {
		return nil, missingAdvice(err)
	}
	return tab, nil
}

// missingAdvice adds to an error about missing or unparsable cells how to
// go on.
func missingAdvice(err error) error {
	if errors.Is(err, frames.ErrMissing) || (errors.Is(err, frames.ErrNonNumeric) && !strings.Contains(err.Error(), "target column")) {
		return fmt.Errorf("%w\n(pass --missing drop-rows or --missing mean to go on, or --ignore the column)", err)
	}
	return err
}

// missingReport is what the missing-value policy did, for text and JSON.
type missingReport struct {
	unit         string         // what DroppedLines count: "line" (a CSV file) or "row"
	Policy       string         `json:"policy"`
	RowsDropped  int            `json:"rows_dropped"`
	DroppedLines []int          `json:"dropped_lines,omitempty"`
	CellsFilled  map[string]int `json:"cells_filled,omitempty"`
}

// newMissingReport reports what the table's missing-value policy did to
// the columns used (the features and the target).
func newMissingReport(tab *frames.Table, used []string) missingReport {
	r := missingReport{Policy: tab.Missing.String(), RowsDropped: len(tab.DroppedLines), DroppedLines: tab.DroppedLines, unit: posWord(tab)}
	if tab.Missing == frames.MissingMean {
		for _, c := range tab.Columns {
			if c.Left > 0 && slices.Contains(used, c.Name) {
				if r.CellsFilled == nil {
					r.CellsFilled = map[string]int{}
				}
				r.CellsFilled[c.Name] = c.Left
			}
		}
	}
	return r
}

// text describes the report in one line, or "" if nothing happened.
func (r missingReport) text() string {
	var parts []string
	if r.RowsDropped > 0 {
		lines := r.DroppedLines
		more := ""
		if len(lines) > 10 {
			lines, more = lines[:10], ", ..."
		}
		unit := "file line"
		if r.unit == "row" {
			unit = "row"
		}
		parts = append(parts, fmt.Sprintf("%s dropped (%s %s%s)", count(r.RowsDropped, "row"), plural(len(lines), unit), joinInts(lines), more))
	}
	for _, c := range sortedKeys(r.CellsFilled) {
		parts = append(parts, fmt.Sprintf("%s of %s filled with the training mean", count(r.CellsFilled[c], "cell"), c))
	}
	if len(parts) == 0 {
		return ""
	}
	return "missing values (--missing " + r.Policy + "): " + strings.Join(parts, "; ")
}

// unusedColumns merges the table's unused columns (text, empty, ignored)
// with the frame's (constant on the training part), each once.
func unusedColumns(tab *frames.Table, data *frames.Data) []frames.Unused {
	out := tab.Unused()
	seen := map[string]bool{}
	for _, u := range out {
		seen[u.Column] = true
	}
	for _, u := range data.Unused {
		if !seen[u.Column] {
			out = append(out, u)
		}
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// count returns "1 row" or "3 rows".
func count(n int, noun string) string {
	return fmt.Sprintf("%d %s", n, plural(n, noun))
}

// plural returns noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return noun
	}
	return noun + "s"
}

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// jfloat is a float64 that encodes NaN and ±Inf as JSON null instead of
// failing the whole encoding.
type jfloat float64

func (f jfloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return []byte("null"), nil
	}
	return json.Marshal(v)
}
