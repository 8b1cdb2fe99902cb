package frames

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// dateLayouts are the ways of writing a date as text that TextDateColumns
// recognises (time.Parse layouts), besides quarters (1974Q1, 1974-Q1).
var dateLayouts = []string{"2006-01-02", "2006-01-02 15:04:05", time.RFC3339, "2006-01-02T15:04:05",
	"2006/01/02", "2006-01", "2006/01", "02.01.2006", "01/02/2006", "2006-01-02 15:04"}

var quarterRe = regexp.MustCompile(`^(\d{4})-?[Qq]([1-4])$`)

// parseDates returns the dates of cells if every one is written in one
// of dateLayouts (the same for all) or as a quarter, as seconds since
// 1970; ok is false otherwise.
func parseDates(cells []string) (at []float64, ok bool) {
	if quarters := quarterDates(cells); quarters != nil {
		return quarters, true
	}
	for _, layout := range dateLayouts {
		at = at[:0]
		for _, c := range cells {
			t, err := time.Parse(layout, c)
			if err != nil {
				break
			}
			at = append(at, float64(t.Unix()))
		}
		if len(at) == len(cells) {
			return at, true
		}
	}
	return nil, false
}

// quarterDates reads cells written 1974Q1 or 1974-Q1 (nil if one is not).
func quarterDates(cells []string) []float64 {
	at := make([]float64, 0, len(cells))
	for _, c := range cells {
		m := quarterRe.FindStringSubmatch(c)
		if m == nil {
			return nil
		}
		y, _ := strconv.Atoi(m[1])
		q, _ := strconv.Atoi(m[2])
		at = append(at, float64(time.Date(y, time.Month(3*q-2), 1, 0, 0, 0, 0, time.UTC).Unix()))
	}
	return at
}

// TextDateColumns returns the text columns of df, other than target and
// the features (the columns a solver uses), whose every cell is a date
// written as text (2006-01-02, 2006/01/02, 2006-01, 1974Q1 and a few
// more; one way for the whole column) and whose dates never decrease, or
// never increase, from row to row (at least 3 distinct): the rows are in
// time order, as a time series is. The column is not used (it is text);
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
		cells := col.Records()
		at, ok := parseDates(cells)
		if !ok || !inRowOrder(at) {
			continue
		}
		out = append(out, IDLike{Column: name, Text: true, InOrder: true,
			Reason: fmt.Sprintf("dates written as text, %s to %s", cells[0], cells[len(cells)-1])})
	}
	return out
}
