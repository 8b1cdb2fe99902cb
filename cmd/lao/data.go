package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"

	"gonum.org/v1/gonum/floats"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/frames/sqltable"
	"github.com/laoproject/lao/lao"
)

// parseArgs parses the flags of a command (parseFlags) and rejects
// leftover arguments: Go's flag package stops at the first argument that
// is not a flag, so `lao fit ... extra --k 3` would otherwise run silently
// without --k 3.
func parseArgs(fs *flag.FlagSet, args []string) error {
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("%s: unexpected argument %q (every option is a --flag; flags after it were not read: %s)",
			fs.Name(), fs.Arg(0), strings.Join(fs.Args(), " "))
	}
	return nil
}

// repeatable marks a flag.Value that may be given more than once: every
// occurrence adds to what the ones before gave (listFlag, repeatFunc).
type repeatable interface{ repeatable() }

// listFlag is a string flag whose repeats add up: each occurrence's
// comma-separated list is joined to the ones before (--ignore, --cost).
type listFlag struct{ p *string }

func (l listFlag) String() string {
	if l.p == nil {
		return ""
	}
	return *l.p
}

func (l listFlag) Set(s string) error {
	switch {
	case s == "":
	case *l.p == "":
		*l.p = s
	default:
		*l.p += "," + s
	}
	return nil
}

func (listFlag) repeatable() {}

// repeatFunc is flag.Func for a flag that may be repeated (--param, --grid).
type repeatFunc func(string) error

func (repeatFunc) String() string       { return "" }
func (f repeatFunc) Set(s string) error { return f(s) }
func (repeatFunc) repeatable()          {}

// onceValue refuses a second, different value for a flag that holds one:
// Go's flag package would keep the last and drop the first without a word
// (e.g. --costs a.csv --costs b.csv). The same value again is harmless.
type onceValue struct {
	flag.Value
	first string // the first value given, as typed
	set   bool
}

func (v *onceValue) Set(s string) error {
	if v.set {
		if s == v.first {
			return nil
		}
		return fmt.Errorf("given twice (first %q, then %q); give it once", v.first, s)
	}
	v.first, v.set = s, true
	return v.Value.Set(s)
}

// onceBool is onceValue for a boolean flag (which may stand without a value).
type onceBool struct{ *onceValue }

func (onceBool) IsBoolFlag() bool { return true }

// guardRepeats wraps every flag of fs that is not repeatable in onceValue
// for one parse, and returns the function that puts the flags' own values
// back (flag.PrintDefaults makes zero values of the flags' types, and a
// later parse starts afresh).
func guardRepeats(fs *flag.FlagSet) (restore func()) {
	orig := map[*flag.Flag]flag.Value{}
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := f.Value.(repeatable); ok {
			return
		}
		orig[f] = f.Value
		o := &onceValue{Value: f.Value}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			f.Value = onceBool{o}
			return
		}
		f.Value = o
	})
	return func() {
		for f, v := range orig {
			f.Value = v
		}
	}
}

// parseFlags parses the flags of a command. A flag the set does not have
// or cannot parse is an error that says so once, with where to find the
// flags, rather than the flag package's message followed by every flag's
// usage; -h prints the usage. A flag that holds one value may be given
// once (onceValue).
func parseFlags(fs *flag.FlagSet, args []string) error {
	restore := guardRepeats(fs)
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(out)
	restore()
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.Usage() // flag.NewFlagSet sets a default
		return err
	case err != nil:
		return fmt.Errorf("%s: %w ('lao %s -h' lists its flags)", fs.Name(), numberFlagError(fs, err), fs.Name())
	}
	return nil
}

// flagParseError matches the flag package's message for a value its numeric
// flags cannot parse ("parse error", "value out of range").
var flagParseError = regexp.MustCompile(`^invalid value "(.*)" for flag -([\w-]+): (?:parse error|value out of range)$`)

// numberFlagError rewrites the flag package's "parse error" for a numeric
// flag as what the flag takes ("--seed -5: want a non-negative integer").
func numberFlagError(fs *flag.FlagSet, err error) error {
	m := flagParseError.FindStringSubmatch(err.Error())
	if m == nil {
		return err
	}
	g, ok := fs.Lookup(m[2]).Value.(flag.Getter)
	if !ok {
		return err
	}
	want := map[string]string{"uint64": "a non-negative integer", "uint": "a non-negative integer", "int": "an integer",
		"int64": "an integer", "float64": "a number", "bool": "true or false", "time.Duration": "a duration such as 30s"}[fmt.Sprintf("%T", g.Get())]
	if want == "" {
		return err
	}
	return fmt.Errorf("--%s %s: want %s", m[2], m[1], want)
}

// tableFlags are the flags that say how --data is read, with the limits
// that bound what reading it may cost (package ingest).
type tableFlags struct {
	data, target string
	missing      string
	// missingFromModel: predict took missing from the model (fit's --missing)
	missingFromModel bool
	ignore           string
	decimal          string
	thousands        string
	noHeader         bool
	skipLines        int
	fileColumns      int // the CSV file's columns, once read (a model without a header records them)
	lim              limitFlags
	db               dbFlags // a database --data (database.go)
}

func (t *tableFlags) define(fs *flag.FlagSet, dataUsage string) {
	fs.StringVar(&t.data, "data", "", dataUsage+dataUsageTables+dataUsageDB+"; - reads standard input")
	fs.StringVar(&t.target, "target", "", "label column of a CSV file (named data sets have their own)")
	fs.StringVar(&t.missing, "missing", "error", "CSV cells that are missing or not numbers in a numeric column: error (name them), drop-rows, or mean (fill with the training mean)")
	fs.Var(listFlag{&t.ignore}, "ignore", "comma-separated CSV `columns` not to use (repeatable: the lists add up)")
	fs.StringVar(&t.decimal, "decimal", ".", "the decimal `mark` of a CSV file's numbers, . or , — with , the cells 1,5 and 1.234,5 and 1.234.567 are numbers, "+
		"and 3.14 or 1.234 (a decimal point, or 1234?) is an error naming the cell unless --thousands . says; a saved model keeps it, and predict reads with the model's mark where this flag is not given")
	fs.StringVar(&t.thousands, "thousands", "", "the `mark` a CSV file writes between groups of three digits: . (with --decimal ,) , ' or a space "+
		"(with --decimal , and --thousands . the cell 7.225 is 7225; with --thousands , the cell 1,234.5 is 1234.5); a mark out of place is an error naming the cell; "+
		"a saved model keeps it, and predict reads with the model's mark where this flag is not given")
	fs.BoolVar(&t.noHeader, "no-header", false, "the CSV file's first line is data, not column names: its columns are named column1 … columnN "+
		"(for --target and --ignore, and in the model's output); a saved model keeps it, and predict reads so where this flag is not given")
	fs.IntVar(&t.skipLines, "skip-lines", 0, "lines of the CSV file to skip before its header (with --no-header, before its first row): a title, notes, "+
		"or the line of counts that scikit-learn's bundled files start with; messages still count the file's lines from its first; predict reads its own file, so give it there too if that file has them")
	t.lim.define(fs)
	t.defineDB(fs)
}

// readingReport is how a CSV file was read where that was not the
// default: the JSON reports of fit, compare and describe record it, so
// that a result can be traced to the command that read the file (a saved
// model keeps the number marks and --no-header, not --skip-lines, which
// belongs to the file).
type readingReport struct {
	SkipLines int    `json:"skip_lines,omitempty"`
	NoHeader  bool   `json:"no_header,omitempty"`
	Decimal   string `json:"decimal,omitempty"`
	Thousands string `json:"thousands,omitempty"`
}

// reading returns how --skip-lines, --no-header, --decimal and
// --thousands read the file, or nil when every one is its default.
func (t *tableFlags) reading() *readingReport {
	r := readingReport{SkipLines: t.skipLines, NoHeader: t.noHeader, Thousands: t.thousands}
	if t.decimal == "," {
		r.Decimal = ","
	}
	if r == (readingReport{}) {
		return nil
	}
	return &r
}

// policy returns the parsed --missing.
func (t *tableFlags) policy() (frames.Missing, error) {
	m, err := frames.ParseMissing(t.missing)
	if err != nil {
		return 0, fmt.Errorf("--missing: %w", err)
	}
	return m, nil
}

func (t *tableFlags) ignored() []string { return splitList(t.ignore) }

// csvOptions returns how the flags read a CSV file for cmd: --target,
// policy (--missing), --ignore, --decimal, --thousands and the limits.
func (t *tableFlags) csvOptions(cmd string, policy frames.Missing) (frames.CSVOptions, error) {
	comma, thousands, err := t.numberMarks()
	name := t.data
	if name == ingest.Stdin {
		name = "standard input" // messages name the input: "-: line 3" would not
	}
	return frames.CSVOptions{Name: name, Target: t.target, Missing: policy, Ignore: t.ignored(), DecimalComma: comma,
		Thousands: thousands, NoHeader: t.noHeader, SkipLines: t.skipLines, Limits: t.lim.limits(cmd, false)}, err
}

// numberMarks parses --decimal and --thousands; only a CSV file's cells
// are text to read so (a Parquet or Arrow file, a database and a named
// data set hold typed numbers), and only a CSV file may lack a header
// (--no-header).
func (t *tableFlags) numberMarks() (decimalComma bool, thousands rune, err error) {
	dec := "."
	switch t.decimal {
	case ".", "": // "": a tableFlags not defined by flags (tests)
	case ",":
		decimalComma, dec = true, ","
	default:
		return false, 0, fmt.Errorf("--decimal %q: want . or ,", t.decimal)
	}
	switch t.thousands {
	case "":
	case dec:
		other := map[string]string{".": ",", ",": "."}[dec]
		return false, 0, fmt.Errorf("--thousands %q: it is the decimal mark (--decimal %s) too; with --decimal %s it can group thousands", t.thousands, dec, other)
	case ".", ",", "'", " ":
		thousands = rune(t.thousands[0])
	default:
		return false, 0, fmt.Errorf("--thousands %q: want . , ' or a space", t.thousands)
	}
	if (decimalComma || thousands != 0) && !t.isCSV() {
		return false, 0, fmt.Errorf("--decimal and --thousands: %s is not a CSV file (its numbers are stored as numbers)", t.data)
	}
	if t.noHeader && !t.isCSV() {
		return false, 0, fmt.Errorf("--no-header: %s is not a CSV file (only a CSV file's first line may be data)", t.data)
	}
	if t.skipLines < 0 {
		return false, 0, fmt.Errorf("--skip-lines %d: want 0 or more lines", t.skipLines)
	}
	if t.skipLines > 0 && !t.isCSV() {
		return false, 0, fmt.Errorf("--skip-lines: %s is not a CSV file (only a CSV file has lines to skip)", t.data)
	}
	return decimalComma, thousands, nil
}

// isCSV reports whether --data is read as a CSV file (not a Parquet or
// Arrow file, a database, a named data set or a libsvm/svmlight file).
func (t *tableFlags) isCSV() bool {
	return !t.isColumnar() && !t.isDatabase() && !isNamed(t.data) && !datasets.IsSVMLightPath(t.data)
}

// isNamed reports whether --data names a built-in data set rather than a
// file: an existing file wins; otherwise datasets.LooksLikeName decides
// (in any case: MNIST:3v5, covtype:1, ctslice:scaled), and
// datasets.ParseName, the one parser of names, reports what is wrong.
func isNamed(data string) bool {
	if _, err := os.Stat(data); err == nil || data == ingest.Stdin || sqltable.IsDSN(data) {
		return false
	}
	return datasets.LooksLikeName(data)
}

// readTable reads a CSV file (see ingest.Open for what is detected) with
// the flags' target, missing-value policy and limits; cmd's memory model
// sizes --max-memory's estimate.
func (t *tableFlags) readTable(cmd string) (*frames.Table, error) {
	return t.readTableOnly(cmd, nil)
}

// readTableOnly is readTable reading, if only is not nil, only those
// columns of a CSV file (frames.CSVOptions.Only; other formats read every
// column).
func (t *tableFlags) readTableOnly(cmd string, only []string) (*frames.Table, error) {
	policy, err := t.policy()
	if err != nil {
		return nil, err
	}
	opt, err := t.csvOptions(cmd, policy)
	if err != nil {
		return nil, err
	}
	opt.Only = only
	if t.isColumnar() {
		return t.readColumnar(cmd, policy)
	}
	if t.isDatabase() {
		return t.readDatabase(cmd, policy)
	}
	fh, err := ingest.OpenPath(t.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	defer fh.Close()
	tab, err := frames.ReadCSV(fh, opt)
	if err != nil {
		return nil, readAdvice(cmd, err, true)
	}
	t.fileColumns = len(tab.Columns)
	return tab, nil
}

// readSVMLight reads a libsvm/svmlight file under the flags' limits.
func (t *tableFlags) readSVMLight(cmd string) (*lao.SparseDataset, error) {
	fh, err := ingest.OpenPath(t.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	defer fh.Close()
	ds, err := datasets.ReadSVMLight(fh, datasets.SVMLightOptions{Name: t.data, Limits: t.lim.limits(cmd, true)})
	if err != nil {
		return nil, readAdvice(cmd, err, false)
	}
	return ds, nil
}

// advisedError is an error whose message has the library's advice
// replaced by the command line's; it wraps the original.
type advisedError struct {
	msg string
	err error
}

func (e *advisedError) Error() string { return e.msg }
func (e *advisedError) Unwrap() error { return e.err }

// withAdvice returns err with lib, the advice in its message, replaced by
// advice (the same in flags), or advice added on a line of its own if the
// message does not hold lib.
func withAdvice(err error, lib, advice string) error {
	msg := err.Error()
	if i := strings.LastIndex(msg, lib); lib != "" && i >= 0 { // the advice ends the library's message
		return &advisedError{msg[:i] + advice + msg[i+len(lib):], err}
	}
	return fmt.Errorf("%w\n(%s)", err, advice)
}

// readAdvice adds to a reading error what to do about it: which flags get
// past missing cells (advice that works for the columns named: a label
// cannot be ignored or filled), and streaming for a table too large for
// memory (csv: the input is a CSV file, which fit can stream).
func readAdvice(cmd string, err error, csv bool) error {
	var cells *frames.CellsError
	var numberLike *frames.NumberLikeError
	var lim *ingest.LimitError
	switch {
	case errors.As(err, &cells):
		return withAdvice(err, cells.PolicyAdvice(), cellsAdvice(cells, cmd != "predict"))
	case errors.As(err, &numberLike):
		advice := "--missing does not apply to them"
		if cmd != "predict" && !slices.Contains(numberLike.Names(), numberLike.Target) {
			advice += fmt.Sprintf("; --ignore %s not to use them", frames.ShellWord(strings.Join(numberLike.Names(), ",")))
		}
		return fmt.Errorf("%w\n(%s)", err, advice)
	case errors.As(err, &lim) && lim.Flag == ingest.FlagMaxMemory && cmd == "fit" && csv:
		lim.Hint = "or read it in passes with --stream on, one row in memory"
	}
	return err
}

// cellsAdvice says how to go on past the missing or unparsable cells of
// the columns of a CellsError; canIgnore is false where the columns cannot
// be left out (predict: the model's columns).
func cellsAdvice(e *frames.CellsError, canIgnore bool) string {
	var features []string
	target, targetText := false, false
	for _, c := range e.Columns {
		if c.Name == e.Target {
			target, targetText = true, c.NotNumbers > 0
		} else {
			features = append(features, c.Name)
		}
	}
	var parts []string
	if len(features) > 0 {
		which := "that column"
		if len(features) > 1 {
			which = "those columns"
		}
		advice := fmt.Sprintf("pass --missing drop-rows to drop those rows, --missing mean to fill them with the training mean, or --ignore %s not to use %s",
			frames.ShellWord(strings.Join(features, ",")), which)
		if e.Features > 0 && len(features) >= e.Features { // leaving them all out leaves nothing (a row with every cell empty)
			advice = "pass --missing drop-rows to drop those rows, or --missing mean to fill them with the training mean"
		}
		if !canIgnore { // predict: the model reads them
			advice = "pass --missing drop-rows not to predict those rows, or --missing mean to fill the cells with the training means"
		}
		parts = append(parts, advice)
	}
	if target {
		label := fmt.Sprintf("rows whose label (target column %q) is missing are dropped by --missing drop-rows or --missing mean (a label is never filled)", e.Target)
		if targetText {
			label += "; fix its cells that are not numbers"
		}
		parts = append(parts, label)
	}
	return strings.Join(parts, "; ")
}

// explainDrops adds to an error met after reading (a split with an empty
// part, a table too small) how many rows the missing-value policy dropped
// and which columns dropped them; other errors pass as they are.
func (src *dataSource) explainDrops(err error) error {
	if errors.Is(err, frames.ErrNoFeatures) && src.tab != nil {
		return src.explainNoFeatures(err)
	}
	if err == nil || src.tab == nil || len(src.tab.DroppedLines) == 0 {
		return err
	}
	tab := src.tab
	var by []string
	for _, c := range tab.Columns {
		bad := c.Missing + c.NotNumbers
		if c.Kind == frames.Numeric && bad > 0 && (tab.Missing == frames.MissingDropRows || c.Name == src.target) {
			by = append(by, fmt.Sprintf("%q %s", c.Name, count(bad, "row")))
		}
	}
	total := len(tab.DroppedLines) + len(tab.Lines)
	return fmt.Errorf("%w\n(--missing %s dropped %d of the %d rows, leaving %d: column %s; --ignore such a column, or --missing mean to fill feature cells)",
		err, tab.Missing, len(tab.DroppedLines), total, len(tab.Lines), strings.Join(by, ", column "))
}

// explainNoFeatures says why a CSV has no feature left: every column
// besides the target, with the reason it is not one (ignored, text,
// empty, ...).
func (src *dataSource) explainNoFeatures(err error) error {
	var why []string
	for _, u := range src.tab.Unused() {
		if u.Column != src.target {
			why = append(why, fmt.Sprintf("%s: %s", u.Column, u.Reason))
		}
	}
	if len(why) == 0 {
		return fmt.Errorf("%w\n(the table has no column besides the target %q)", err, src.target)
	}
	return fmt.Errorf("%w\n(the other columns are not features: %s)", err, strings.Join(why, "; "))
}

// rawLabels returns the labels of a loaded --data, in its own units.
func (src *dataSource) rawLabels() []float64 {
	if src.tab != nil {
		return src.tab.Col(src.target).Float()
	}
	y := make([]float64, src.ds.Len())
	for i := range y {
		y[i] = src.ds.Label(i)
	}
	return y
}

// tableNotes are the notes on how the table's cells were read: the
// columns whose true/false cells were read as 1/0, and those whose points
// may group thousands (none for a source that is not a table).
func (src *dataSource) tableNotes() []string {
	if src.tab == nil {
		return nil
	}
	return nonEmpty(src.tab.UnnamedNote(), src.tab.BoolNote(), src.tab.ThousandsNote())
}

// labelNote is a hint for labels that look like classes: 0/1 or two
// other values (coded -1/+1 they get the classification report), or 3 to
// maxCodes integers close together (their range below twice their count:
// 1 to 5, not a skewed count from 1 to 37), which may be category codes
// that regression takes for evenly spaced amounts ("" for other labels).
func labelNote(y []float64) string {
	values := map[float64]bool{}
	for _, v := range y {
		if v != math.Trunc(v) { // NaN and ±Inf too
			return ""
		}
		if values[v] = true; len(values) > maxCodes {
			return ""
		}
	}
	codes := slices.Sorted(maps.Keys(values))
	switch {
	case slices.Equal(codes, []float64{0, 1}):
		return zeroOneNote
	case len(codes) == 2 && !slices.Equal(codes, []float64{-1, 1}):
		return fmt.Sprintf("the labels take two values, %g and %g: code them as -1/+1 to get the classification error and each prediction's sign as its class", codes[0], codes[1])
	case len(codes) >= 3 && 2*len(codes) <= len(y) && codes[len(codes)-1]-codes[0] < float64(2*len(codes)):
		// each value on two rows on average, and the values close together
		// (1 to 5, not 1 to 37 in 7 values: a skewed count): codes, not amounts
		return fmt.Sprintf("the labels take only %d integer values (%g to %g): if they code categories rather than amounts, regression treats them as ordered and evenly spaced; to learn one category against the rest, code it +1 and the others -1",
			len(codes), codes[0], codes[len(codes)-1])
	}
	return ""
}

// labelNotes are labelNote and extremeLabelNote for the labels of src,
// split as h holds out its test rows.
func labelNotes(src *dataSource, h holdout) []string {
	y := src.rawLabels()
	return nonEmpty(labelNote(y), extremeLabelNote(y, src.rowName, h.firstTest(len(y))))
}

// firstTest is the index of the first test row of m rows when the last
// rows are held out (--test-last), or -1 for random splits (or when m
// rows cannot be split).
func (h holdout) firstTest(m int) int {
	if !h.last {
		return -1
	}
	train, _, err := h.rows(m, 0)
	if err != nil {
		return -1
	}
	return len(train)
}

// rowName names row i of the table as its file line (or its row number
// for another source): "line 49".
func (src *dataSource) rowName(i int) string {
	if src.tab != nil && i < len(src.tab.Lines) {
		return fmt.Sprintf("%s %d", src.tab.PosName(), src.tab.Lines[i])
	}
	return fmt.Sprintf("row %d", i+1)
}

// extremeLabelNote says when one label holds most of the labels' sum of
// squares about their mean (at least a quarter, and ten times a row's
// share 1/m): every split's test MSE, the zero predictor's included, then
// depends mostly on whether that row is a test row ("" otherwise). It
// suggests the label's logarithm only for positive labels spanning a
// factor of 10 or more (amounts), not for, say, temperatures. testFrom is
// the first test row when the last rows are held out (--test-last), -1 for
// random splits: the note then says which part the row is in.
func extremeLabelNote(y []float64, rowName func(int) string, testFrom int) string {
	var n, sum float64
	for _, v := range y {
		if !math.IsNaN(v) {
			n, sum = n+1, sum+v
		}
	}
	mean := sum / n
	var ss, top, at float64
	row := 0
	for i, v := range y {
		if d := (v - mean) * (v - mean); !math.IsNaN(d) {
			if ss += d; d > top {
				top, at, row = d, v, i
			}
		}
	}
	share := top / ss
	if !(share >= 0.25 && share >= 10/n) || math.IsInf(ss, 0) {
		return ""
	}
	advice := "check that value"
	if f := finiteOnly(y); len(f) > 0 && floats.Min(f) > 0 && floats.Max(f) >= 10*floats.Min(f) { // positive, skewed: amounts
		advice += ", or model a transform of the label (its logarithm)"
	}
	effect := "every split's test MSE, the zero predictor's included, depends mostly on whether its row is a test row (hence their spread over splits)"
	switch {
	case testFrom >= 0 && row >= testFrom:
		effect = "it is a test row (--test-last), and the test MSE, the zero predictor's included, depends mostly on it"
	case testFrom >= 0:
		effect = "it is a training row (--test-last), and pulls the training mean (the zero predictor) and the fit"
	}
	return fmt.Sprintf("one label, %g (%s), holds %.0f %% of the labels' sum of squares about their mean (%.4g): %s; %s", at, rowName(row), 100*share, mean, effect, advice)
}

// finiteOnly returns the values of y that are not NaN or ±Inf.
func finiteOnly(y []float64) []float64 {
	out := make([]float64, 0, len(y))
	for _, v := range y {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			out = append(out, v)
		}
	}
	return out
}

// maxCodes is the most distinct integer labels labelNote takes for
// category codes.
const maxCodes = 10

// zeroOneNote is the hint for 0/1 labels (labelNote, the streamed fit's).
const zeroOneNote = "the labels are 0/1: code them as -1/+1 (2y-1) to get the classification error and each prediction's sign as its class"

// missingReport is what the missing-value policy did, for text and JSON.
type missingReport struct {
	unit         string         // what DroppedLines count: "line" (a CSV file; "" too) or "row"
	Policy       string         `json:"policy"`
	RowsDropped  int            `json:"rows_dropped"`
	DroppedLines []int          `json:"dropped_lines,omitempty"`
	CellsFilled  map[string]int `json:"cells_filled,omitempty"`
	// rows is the number of rows kept for a fit, of which CellsFilled's
	// are a share (0: not said, as for predict's rows)
	rows int
}

// newMissingReport reports what the table's missing-value policy did to
// the columns used (the features and the target).
func newMissingReport(tab *frames.Table, used []string) missingReport {
	r := missingReport{Policy: tab.Missing.String(), RowsDropped: len(tab.DroppedLines), DroppedLines: tab.DroppedLines, unit: tab.PosName()}
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
		why := ""
		if r.Policy == frames.MissingMean.String() { // features are filled: only a label drops a row
			why = ": the label is missing or not a number, and a label is never filled"
		}
		parts = append(parts, fmt.Sprintf("%s dropped (%s %s%s%s)", count(r.RowsDropped, "row"), plural(len(lines), unit), joinInts(lines), more, why))
	}
	for _, c := range slices.Sorted(maps.Keys(r.CellsFilled)) {
		n := r.CellsFilled[c]
		part := fmt.Sprintf("%s of %s filled with the training mean", count(n, "cell"), c)
		if r.rows > 0 {
			part = fmt.Sprintf("%d of %s's %d cells filled with the training mean", n, c, r.rows)
			if 4*n >= r.rows { // planets.csv's mass: 310 of 808 (target distance)
				part += fmt.Sprintf(" (%.0f %%: on so many rows the column reads as its mean, and its weight is fitted on the others; --ignore %s, or --missing drop-rows, is the comparison to make)", 100*float64(n)/float64(r.rows), c)
			}
		}
		parts = append(parts, part)
	}
	if len(parts) == 0 {
		return ""
	}
	return "missing values (--missing " + r.Policy + "): " + strings.Join(parts, "; ")
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

// orEmpty sets each nil list to an empty one, so that JSON writes [] and a
// reader finds the key (a report's warnings, notes, refits: always present).
func orEmpty[T any](lists ...*[]T) {
	for _, s := range lists {
		if *s == nil {
			*s = []T{}
		}
	}
}

// printJSON writes v as indented JSON: every command's --json.
func printJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// splitList splits a comma-separated flag value into its trimmed,
// non-empty items.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
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
