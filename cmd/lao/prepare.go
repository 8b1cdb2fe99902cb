package main

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// dataSource is a loaded --data: a CSV table, a named data set or a
// libsvm/svmlight file.
type dataSource struct {
	name   string
	target string
	tab    *frames.Table // CSV
	ds     lao.Table     // named data set (dense) or svmlight file (sparse)
	sparse bool
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

// loadData reads --data once (a CSV file, a named data set or a
// libsvm/svmlight file).
func loadData(t *tableFlags, cmd string) (*dataSource, error) {
	if err := t.checkDB(cmd); err != nil {
		return nil, err
	}
	if _, _, err := t.numberMarks(); err != nil {
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
		return nil, fmt.Errorf("%s: --target is required for a CSV file", cmd)
	}
	tab, err := t.readTable(cmd)
	if err != nil {
		return nil, err
	}
	return &dataSource{name: t.data, target: t.target, tab: tab}, nil
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
	p := &prepared{scale: scale, unused: []frames.Unused{}}
	switch {
	case src.tab != nil:
		opt.FillMissing = src.tab.Missing == frames.MissingMean
		if p.Prepared, err = frames.PrepareFrameRows(src.tab.DataFrame, src.target, opt, train, test); err != nil {
			return nil, err
		}
		p.scaling, p.unused = p.ScalingChoice.Scaling.Name(), src.tab.UnusedWith(p.Data)
		p.Unused = p.unused // the table's reasons ("ignored as requested", "text: …") for SetPrices' notes
		p.note = scalingNote(scale, p.ScalingChoice)
		mr := newMissingReport(src.tab, p.Train.Names())
		p.missing = &mr
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

// holdout is --test-frac and --test-last: which rows a split holds out.
type holdout struct {
	frac float64 // the fraction of the rows held out for testing
	last bool    // the last rows in the table's order (frames.SplitLast), not random ones (frames.Split)
}

// testLastUsage is the usage of --test-last (fit, describe, compare).
const testLastUsage = "hold out the last rows (--test-frac of them, in the file's order) for testing instead of random ones, " +
	"and train on the rows before them (in random order): for rows in time order, the test error then measures predicting later rows from earlier ones, not interpolation"

// testLastCVNote says, with --test-last and cross-validation, that the
// parameters are tuned on random folds of the training rows ("" for
// random splits or no CV).
func testLastCVNote(testLast bool, cv int) string {
	if !testLast || cv < 2 {
		return ""
	}
	return "--test-last: cross-validation tunes the parameters on random folds of the training rows (each validation row between " +
		"training neighbours, as in interpolation); only the test part comes after the training rows"
}

// testLastOrderNote says, with --test-last, when no column shows the
// rows' order (no date, year or trend column: frames.IDLike's InOrder,
// Text or Trend): the file's order is taken as it is ("" otherwise).
func testLastOrderNote(testLast bool, p *prepared) string {
	if !testLast || math.Abs(p.LabelTrend) >= frames.MaxLabelTrend || slices.ContainsFunc(p.IDLike, func(c frames.IDLike) bool { return c.InOrder || c.Text || c.Trend != 0 }) {
		return ""
	}
	return "--test-last: no column was recognised as showing the rows' order (a date, a year or row number in order, a trend of the label), so the last rows are the file's last lines as they are: " +
		"if the file is not in time order, a random split (without --test-last) measures the same thing with more splits"
}

// testLastGapNote says, with --test-last, how many of the rows --missing
// dropped lay between kept rows: the series the last rows are held out of
// then has gaps ("" if none, or for random splits).
func testLastGapNote(testLast bool, src *dataSource) string {
	if !testLast || src.tab == nil || len(src.tab.Lines) == 0 {
		return ""
	}
	first, last := slices.Min(src.tab.Lines), slices.Max(src.tab.Lines)
	inside := 0
	for _, l := range src.tab.DroppedLines {
		if l > first && l < last {
			inside++
		}
	}
	if inside == 0 {
		return ""
	}
	return fmt.Sprintf("--test-last: %d of the %s dropped by --missing lay between kept ones, so the series has gaps; the test part is the last %s kept",
		inside, count(len(src.tab.DroppedLines), src.tab.PosName()), plural(2, src.tab.PosName()))
}

// testLastRefused is the error of cmd for --test-last (last) on a table
// that has no row order to hold the last rows of (a database table) or is
// split by a hash of each row (lazy, or streamed: stream), or nil.
func testLastRefused(cmd string, t *tableFlags, last, stream bool) error {
	const what = ": --test-last holds out the last rows of a table read in its file's order"
	switch {
	case !last:
		return nil
	case t.isDatabase():
		return errors.New(cmd + what + "; a database table's rows have no order (SQL keeps none): export the table to a CSV in time order")
	case t.db.lazy:
		return errors.New(cmd + what + "; a lazy table is split by a hash of each row: drop --lazy")
	case stream:
		return errors.New(cmd + what + "; a streamed CSV is split by a hash of each row: use --stream off (with --max-memory if it is refused as too large)")
	}
	return nil
}

// rows draws the split of m rows (seeded), its error named by --test-frac
// for a table with rows.
func (h holdout) rows(m int, seed uint64) (train, test []int, err error) {
	split, op := frames.Split, "frames: Split: "
	if h.last {
		split, op = frames.SplitLast, "frames: SplitLast: "
	}
	train, test, err = split(m, h.frac, seed)
	if err != nil && m > 0 {
		return nil, nil, fmt.Errorf("--test-frac: %s", paramText(err, op))
	}
	return train, test, err
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
