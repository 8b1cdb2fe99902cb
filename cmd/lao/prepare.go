package main

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// dataSource is a loaded --data: a CSV table, a named data set or a
// libsvm/svmlight file.
type dataSource struct {
	name   string
	target string
	tab    *frames.Table // CSV
	frame  *frames.Frame // tab's frame with the target: its whole-frame checks made once for every split (compare)
	ds     lao.Table     // named data set (dense) or svmlight file (sparse)
	sparse bool
	// reading is how a CSV file was read where not by default (reports).
	reading *readingReport
}

// rows returns the number of rows of the table (0 if there is none).
func (src *dataSource) rows() int {
	switch {
	case src.tab != nil:
		return src.tab.Nrow()
	case src.ds != nil:
		return src.ds.Len()
	}
	return 0
}

// targetRequired is the error for a table read without --target: it
// lists the table's numeric columns (read with --missing mean, so that a
// missing cell does not hide them) and the others with their kinds, so
// that a first try names the label; standard input, which the read would
// consume, gets the plain error. A file whose layout does not read as a
// table (ingest.ErrFormat: a line of counts narrower than the rows, a stray
// quote) gets that error and its hint first, with the plain one after it;
// any other failure of the read (a missing file, an --ignore that names no
// column) is the error.
func (t *tableFlags) targetRequired(cmd string) error {
	plain := fmt.Errorf("%s: --target is required for a CSV file", cmd)
	if t.data == ingest.Stdin {
		return plain
	}
	read := *t
	read.missing = "mean"
	tab, err := read.readTable(cmd)
	if err != nil { // what stops the read comes first: a --target would not get past it
		head := cmd + ": "
		if strings.HasPrefix(err.Error(), head) {
			head = ""
		}
		if !errors.Is(err, ingest.ErrFormat) {
			return fmt.Errorf("%s%w", head, err)
		}
		return fmt.Errorf("%s%w\n(--target is also required: name the label column once the file reads)", head, err)
	}
	var numeric, other []string
	for _, c := range tab.Columns {
		if c.Kind == frames.Numeric {
			numeric = append(numeric, c.Name)
		} else {
			other = append(other, fmt.Sprintf("%s (%s)", c.Name, c.Kind))
		}
	}
	msg := fmt.Sprintf("%v: name the label among its %d numeric columns, %s", plain, len(numeric), frames.QuoteFew(numeric, 20))
	if names := tab.Names(); len(numeric) > 20 && names[len(names)-1] == numeric[len(numeric)-1] { // a label is often the file's last column
		msg += fmt.Sprintf(" (the file's last column is %q)", numeric[len(numeric)-1])
	}
	if len(other) > 0 {
		msg += fmt.Sprintf("; its other columns are not features: %s", strings.Join(other[:min(len(other), 10)], ", "))
	}
	if h := frames.CountLineHint(tab.Names(), t.skipLines+1); h != "" {
		msg += "\n(" + h + ")"
	} else if !t.noHeader && frames.NumericHeader(tab.Names()) != nil {
		msg += fmt.Sprintf("\n(line %d looks like data, not column names: if the file has no header line, read it with --no-header, which names its columns column1 … columnN)", t.skipLines+1)
	}
	return errors.New(msg)
}

// loadData reads --data once (a CSV file, a named data set or a
// libsvm/svmlight file).
func loadData(t *tableFlags, cmd string) (*dataSource, error) {
	if err := t.checkDB(cmd); err != nil {
		return nil, err
	}
	if _, _, err := t.numberMarks(); err != nil {
		return nil, err
	}
	if _, err := t.policy(); err != nil { // before targetRequired, whose read forces --missing mean
		return nil, err
	}
	if isNamed(t.data) {
		ds, err := datasets.Open(t.data)
		if err != nil {
			return nil, err
		}
		return &dataSource{name: t.data, ds: ds}, nil
	}
	if datasets.IsSVMLightPath(t.data) {
		ds, err := t.readSVMLight(cmd)
		if err != nil {
			return nil, err
		}
		return &dataSource{name: t.data, ds: ds, sparse: true}, nil
	}
	if t.target == "" {
		return nil, t.targetRequired(cmd)
	}
	tab, err := t.readTable(cmd)
	if err != nil {
		return nil, err
	}
	return &dataSource{name: t.data, target: t.target, tab: tab, frame: frames.NewFrame(tab.DataFrame, t.target), reading: t.reading()}, nil
}

// scaleUsage is the usage of --scale (fit, describe, compare).
var scaleUsage = "CSV scaling: auto (the scaling policy: every column standardised, then one factor to the solver's theorem, std-l2 or std-linf; " +
	"the data-dependent solvers keep the columns' own scales, l2 or common-linf, when the columns are commensurate, and are standardised when their units differ; " +
	"fit and describe say which and why), or one of " + strings.Join(frames.ScalingNames(), ", ") + " (l2, common-linf: one common factor; linf: each column by its largest |x − mean|; none: centred, unscaled)"

// prepared is the library's prepared split (frames.Prepared) with what the
// command line reports about it.
type prepared struct {
	*frames.Prepared
	scale   string          // --scale as given
	scaling string          // the scaling's name, or what was done instead
	note    string          // which scaling a CSV's columns got and why
	unused  []frames.Unused // the table's unused columns and the training part's
	missing *missingReport
	test    []int // the test part's rows of the table, in the test part's order
	// dropWarning says that --missing drop-rows dropped most rows
	// (dropWarning), "" otherwise.
	dropWarning string
}

// Warnings are the prepared split's (frames.Prepared.Warnings) and the
// command line's own about the rows read (dropWarning).
func (p *prepared) Warnings() []string {
	return append(p.Prepared.Warnings(), nonEmpty(p.dropWarning)...)
}

// pairsNote is frames.PairsNote for a dense training part, the one
// frames.CollinearColumns checks ("" for a sparse one, which it does not).
func pairsNote(p *prepared) string {
	if _, ok := p.Train.(*lao.Dataset); !ok {
		return ""
	}
	return frames.PairsNote(p.Train.Dim())
}

// codeNote is frames.CodeValueNote for the features of a CSV table
// (names), on all its rows ("" for another source or none).
func (src *dataSource) codeNote(names []string) string {
	if src.tab == nil {
		return ""
	}
	return frames.CodeValueNote(frames.CodeValueColumns(src.tab.DataFrame, names))
}

// dropWarning says when a missing-value policy dropped at least half of a
// table's rows, naming the used column with the most missing cells (the
// advice to drop rows sent a user from 10,000 rows of openintro's
// loans_full_schema to 203, for one 85 %-empty column, without a word);
// "" otherwise.
func dropWarning(tab *frames.Table, used []string) string {
	dropped := len(tab.DroppedLines)
	read := dropped + tab.Nrow()
	if dropped == 0 || 2*dropped < read {
		return ""
	}
	var worst frames.ColumnInfo
	for _, c := range tab.Columns {
		if slices.Contains(used, c.Name) && c.Missing+c.NotNumbers > worst.Missing+worst.NotNumbers && c.Kind == frames.Numeric {
			worst = c
		}
	}
	why := ""
	if worst.Name != "" {
		why = fmt.Sprintf("; column %s has %d missing cells (%.0f %% of the rows read): --ignore %s keeps the rows that miss only it, --missing mean keeps every row",
			worst.Name, worst.Missing+worst.NotNumbers, 100*float64(worst.Missing+worst.NotNumbers)/float64(read), frames.ShellWord(worst.Name))
	}
	return fmt.Sprintf("--missing %s dropped %d of the %d rows read (%.0f %%): the rest may not be like them%s", tab.Missing, dropped, read, 100*float64(dropped)/float64(read), why)
}

// prepare splits the data (seeded) and prepares it for solver s along the
// one path of package frames: a CSV's columns are centred and scaled on the
// training part by the scaling policy (--scale, frames.ScaleOptions); a
// named data set is used as it is, as the papers use it, unless --scale
// names a scaling; a sparse file's
// rows are used as they are and its labels follow the label rule (centred
// on the training mean, the intercept, and scaled). fit, describe and
// compare all call it, so what describe prints is what fit uses.
func (src *dataSource) prepare(s lao.Solver, scale string, h holdout, seed uint64) (*prepared, error) {
	opt, err := frames.ScaleOptions(s, scale)
	if err != nil {
		return nil, fmt.Errorf("--scale: %w", err)
	}
	train, test, err := h.rows(src.rows(), seed)
	if err != nil {
		return nil, err
	}
	p := &prepared{scale: scale, unused: []frames.Unused{}, test: test}
	switch {
	case src.tab != nil:
		opt.FillMissing = src.tab.Missing == frames.MissingMean
		if p.Prepared, err = src.frame.PrepareRows(opt, train, test); err != nil {
			return nil, err
		}
		p.scaling, p.unused = p.ScalingChoice.Scaling.Name(), src.tab.UnusedWith(p.Data)
		p.Unused = p.unused // the table's reasons ("ignored as requested", "text: …") for SetPrices' notes
		p.note = scalingNote(scale, p.ScalingChoice)
		mr := newMissingReport(src.tab, p.Train.Names())
		mr.rows = src.tab.Nrow() // a fit's report says which share of a column was filled
		p.missing, p.dropWarning = &mr, dropWarning(src.tab, append(p.Train.Names(), src.target))
	case src.sparse:
		if !isAuto(scale) && opt.Scaling != frames.NoScaling {
			return nil, fmt.Errorf("--scale %s: a libsvm/svmlight file is used as it is (sparse rows; scale it beforehand)", scale)
		}
		labels := frames.Options{Intercept: true, LabelBound: opt.LabelBound}
		if p.Prepared, err = frames.PrepareTableRows(src.ds, labels, train, test); err != nil {
			return nil, err
		}
		p.scaling = "none (sparse rows); labels centred on the training mean (the intercept)"
	case !isAuto(scale): // a named data set scaled as asked
		if p.Prepared, err = frames.PrepareTableRows(src.ds, opt, train, test); err != nil {
			return nil, fmt.Errorf("--scale %s: %w", scale, err)
		}
		p.scaling = p.Transform.Scaling.Name() + " (--scale: centred and scaled on the training part as a CSV's columns and labels are)"
	default:
		if p.Prepared, err = frames.PrepareTableRows(src.ds, frames.Options{}, train, test); err != nil {
			return nil, err
		}
		p.scaling = "none (the data set's own, as the papers use it; --scale chooses another)"
	}
	return p, nil
}

// isAuto reports whether --scale leaves the scaling to the policy.
func isAuto(scale string) bool {
	s := strings.TrimSpace(scale)
	return s == "" || strings.EqualFold(s, "auto")
}

// scalingNote says which scaling a CSV's columns got and why.
func scalingNote(scale string, c frames.ScalingChoice) string {
	how := "--scale " + scale
	if isAuto(scale) {
		how = "auto"
	}
	return fmt.Sprintf("scaling %s (%s): %s", c.Scaling.Name(), how, c.Reason)
}
