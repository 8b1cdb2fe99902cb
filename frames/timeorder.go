package frames

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"gonum.org/v1/gonum/stat"

	"github.com/laoproject/lao/frames/ingest"
)

// dateLayouts are the ways of writing a date as text that TextDateColumns
// recognises (time.Parse layouts, one for a whole column; month first
// before day first where both would read), besides quarters and months
// written 1974Q1, 1974-Q1, 1974 Q1 or 1974M01.
var dateLayouts = []string{"2006-01-02", "2006-01-02 15:04:05", time.RFC3339, "2006-01-02T15:04:05",
	"2006-01-02 15:04:05Z07:00", "2006-01-02 15:04", "2006/01/02", "2006-01", "2006/01", "02.01.2006",
	"01/02/2006", "02/01/2006"}

var periodRe = regexp.MustCompile(`^(\d{4})[- ]?([QqMm])(\d{1,2})$`)

// parseDates returns the cells that are not missing (as ingest.ParseCell
// tells them), trimmed, and their dates as seconds since 1970, if every
// one is written in one of dateLayouts (the same for all) or as a quarter
// or month; ok is false otherwise, or when fewer than MinIDRows cells hold
// a date.
func parseDates(cells []string) (present []string, at []float64, ok bool) {
	for _, c := range cells {
		if _, kind := ingest.ParseCell(c); kind != ingest.Missing {
			present = append(present, strings.TrimSpace(c))
		}
	}
	if len(present) < MinIDRows {
		return nil, nil, false
	}
	if at := periodDates(present); at != nil {
		return present, at, true
	}
	for _, layout := range dateLayouts {
		if _, err := time.Parse(layout, present[0]); err != nil {
			continue // most text columns fail here, at their first cell
		}
		at = at[:0]
		for _, c := range present {
			t, err := time.Parse(layout, c)
			if err != nil {
				break
			}
			at = append(at, float64(t.Unix()))
		}
		if len(at) == len(present) {
			return present, at, true
		}
	}
	return nil, nil, false
}

// periodDates reads cells written 1974Q1, 1974-Q1, 1974 Q1 or 1974M01
// (nil if one is not), each as the first day of its period.
func periodDates(cells []string) []float64 {
	if !periodRe.MatchString(cells[0]) {
		return nil
	}
	at := make([]float64, 0, len(cells))
	for _, c := range cells {
		m := periodRe.FindStringSubmatch(c)
		if m == nil {
			return nil
		}
		y, _ := strconv.Atoi(m[1])
		n, _ := strconv.Atoi(m[3])
		month := n // a month
		if strings.EqualFold(m[2], "Q") {
			if n < 1 || n > 4 {
				return nil
			}
			month = 3*n - 2
		}
		if month < 1 || month > 12 {
			return nil
		}
		at = append(at, float64(time.Date(y, time.Month(month), 1, 0, 0, 0, 0, time.UTC).Unix()))
	}
	return at
}

// TextDateColumns returns the text columns of df, other than target and
// the features (the columns a solver uses), whose every cell but missing
// ones is a date written as text (2006-01-02, 2006/01/02, 2006-01, 1974Q1,
// 1974M01 and a few more; one way for the whole column) and whose dates
// never decrease, or never increase, from row to row (at least 3
// distinct): the rows are in time order, as a time series is. The column is not used (it is text);
// the IDLike's Warning says what random splits then measure. Frames of
// fewer than MinIDRows rows give none.
func TextDateColumns(df dataframe.DataFrame, target string, features []string) []IDLike {
	if df.Err != nil || df.Nrow() < MinIDRows {
		return nil
	}
	var out []IDLike
	for _, name := range df.Names() {
		if name == target || slices.Contains(features, name) {
			continue
		}
		col := df.Col(name)
		if col.Err != nil || col.Type() != series.String {
			continue
		}
		present, at, ok := parseDates(col.Records())
		if !ok || !inRowOrder(at) {
			continue
		}
		out = append(out, IDLike{Column: name, Text: true, InOrder: true,
			Reason: fmt.Sprintf("dates written as text, %s to %s", present[0], present[len(present)-1])})
	}
	return out
}

// TrendColumns returns the features of df (numeric columns not already in
// flagged) whose values, missing ones left out, never decrease, or never
// increase, from row to row and take at least max(3, √m) distinct values,
// when the target's values trend along the rows too (|correlation| of a
// row's position and its label, over the rows that have one, at least
// MaxLabelTrend, on at least MinTrendRows rows): a time column, such as
// decimal years, of a time series kept in time order, or a table sorted by
// a column the label follows. Unlike an identifier the column is a real
// feature and stays one; the IDLike's Warning says only what random splits
// then measure.
func TrendColumns(df dataframe.DataFrame, target string, features []string, flagged []IDLike) []IDLike {
	trend := LabelTrend(df, target)
	if !(math.Abs(trend) >= MaxLabelTrend) {
		return nil
	}
	var out []IDLike
	for _, name := range features {
		if slices.ContainsFunc(flagged, func(c IDLike) bool { return c.Column == name }) || !slices.Contains(df.Names(), name) {
			continue
		}
		col := df.Col(name)
		if col.Err != nil {
			continue
		}
		v := slices.DeleteFunc(col.Float(), math.IsNaN)
		if ordered, distinct := rowOrder(v); !ordered || distinct < 3 || distinct*distinct < len(v) {
			continue
		}
		out = append(out, IDLike{Column: name, InOrder: true, Trend: trend,
			Reason: fmt.Sprintf("values in row order, %.6g to %.6g", v[0], v[len(v)-1])})
	}
	return out
}

// LabelTrend returns the correlation of the target's values with their
// rows' positions in df (missing ones left out), or NaN when df has fewer
// than MinTrendRows rows or the target is not numeric: at least
// MaxLabelTrend in size, the label trends along the rows.
func LabelTrend(df dataframe.DataFrame, target string) float64 {
	if df.Err != nil || df.Nrow() < MinTrendRows || !slices.Contains(df.Names(), target) {
		return math.NaN()
	}
	y := df.Col(target)
	if y.Type() != series.Float && y.Type() != series.Int {
		return math.NaN()
	}
	return positionCorrelation(y.Float())
}

// MinTrendRows is the number of rows below which TrendColumns flags
// nothing: the correlation of a label with its row's position in a table
// in random order has a standard deviation of about 1/√m.
const MinTrendRows = 20

// positionCorrelation is the correlation of y_i with i over the i whose
// y_i is not missing (NaN if fewer than two, or y constant).
func positionCorrelation(y []float64) float64 {
	var pos, val []float64
	for i, v := range y {
		if !math.IsNaN(v) {
			pos, val = append(pos, float64(i)), append(val, v)
		}
	}
	if len(val) < 2 {
		return math.NaN()
	}
	return stat.Correlation(pos, val, nil)
}

// rowOrder reports whether v never decreases, or never increases, from one
// value to the next, and how many distinct values it takes (counted only
// then: 0 when it is not in order).
func rowOrder(v []float64) (ordered bool, distinct int) {
	up, down := true, true
	distinct = min(len(v), 1)
	for i := 1; i < len(v); i++ {
		switch {
		case v[i] < v[i-1]:
			up, distinct = false, distinct+1
		case v[i] > v[i-1]:
			down, distinct = false, distinct+1
		}
		if !up && !down {
			return false, 0
		}
	}
	return true, distinct
}

// LabelSorted reports whether the rows of df are sorted by the label
// target (its values, missing cells skipped, never decrease or never
// increase down the rows), or grouped by it (each of its values fills one
// run of consecutive rows, as a table of classes written one class after
// the other): such a label trends along the rows whatever they are, so
// the trend says nothing of time (mlbench's Sonar: its rock rows, then its
// mine rows, a correlation of 0.86 with the row's position).
func LabelSorted(df dataframe.DataFrame, target string) bool {
	if df.Err != nil || !slices.Contains(df.Names(), target) {
		return false
	}
	var y []float64
	for _, v := range df.Col(target).Float() {
		if !math.IsNaN(v) {
			y = append(y, v)
		}
	}
	if len(y) < 2 {
		return false
	}
	up, down, runs := true, true, 1
	seen := map[float64]bool{y[0]: true}
	grouped := true
	for i := 1; i < len(y); i++ {
		up, down = up && y[i] >= y[i-1], down && y[i] <= y[i-1]
		if y[i] != y[i-1] {
			runs++
			grouped = grouped && !seen[y[i]] // a value seen before, in an earlier run: not grouped
			seen[y[i]] = true
		}
	}
	return up || down || grouped && runs < len(y)/2
}
