package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/frames"
)

// holdout is --test-frac and --test-last: which rows a split holds out.
type holdout struct {
	frac float64 // the fraction of the rows held out for testing
	last bool    // the last rows in the table's order (frames.SplitLast), not random ones (frames.Split)
}

// testLastUsage is the usage of --test-last (fit, describe, compare).
const testLastUsage = "hold out the last rows (--test-frac of them, in the file's order) for testing instead of random ones, " +
	"and train on the rows before them (in random order): for rows in time order, the test error then measures predicting later rows from earlier ones, not interpolation"

// testLastCVNote says, with --test-last and cross-validation, that the
// parameters are tuned on blocked folds of the training rows
// (frames.Prepared.TrainOrder; "" for random splits or no CV).
func testLastCVNote(testLast bool, cv int) string {
	if !testLast || cv < 2 {
		return ""
	}
	return "--test-last: cross-validation tunes the parameters on blocked folds, each a stretch of consecutive training rows " +
		"(Bergmeir & Benítez 2012): most of a validation row's neighbours in time are not fitted, where random folds fit them all; " +
		"an interior block is still fitted on rows before and after it, so blocked CV lessens interpolation without making every fold a forecast. " +
		"Each fit still reads its training rows in random order"
}

// testLastOrderNote says, with --test-last, when nothing shows the rows'
// order (no date, year or row number in order, no feature or label trend:
// frames.IDLike's InOrder, Text or Trend, Prepared.LabelTrend): the file's
// order is taken as it is ("" otherwise).
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
