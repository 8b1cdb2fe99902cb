package frames

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"

	"github.com/go-gota/gota/dataframe"
)

// MinIDRows is the number of rows below which IDLikeColumns flags
// nothing: on fewer rows any short column of integers looks like an index.
const MinIDRows = 5

// IDLike is a column whose values say something about the rows rather than
// measure them: a feature that looks like an identifier (a row number or
// the number of a group of rows; IDLikeColumns) or like dates written as
// numbers, a feature in row order along which the label trends (Trend;
// TrendColumns), or a text column of dates in row order (Text;
// TextDateColumns), which is not a feature.
type IDLike struct {
	Column string `json:"column"`
	// Reason says which pattern the column follows, e.g. "one distinct
	// integer per row, 1 to 20 with no gap (a row number)".
	Reason string `json:"reason"`
	// Date marks a column of dates written as numbers (YYYYMMDD), not an
	// identifier: Warning says so.
	Date bool `json:"date,omitempty"`
	// InOrder marks a column whose values never decrease (or never
	// increase) from one row to the next: the rows are sorted by it, as a
	// time series is by its dates or years, oldest or newest first. Warning
	// adds that random splits then interpolate, if the rows are a time
	// series (a row number 1..m is in order too, and says nothing about time).
	InOrder bool `json:"in_row_order,omitempty"`
	// Year marks a column named as years (a word "year" or "yr" in its
	// name) whose integers lie between 1000 and 2200, which idReason would
	// take for an identifier: a feature like any other, flagged only when
	// the rows are in its order (InOrder), for what random splits measure.
	Year bool `json:"year,omitempty"`
	// Text marks a text column of dates (TextDateColumns): not a feature,
	// and not an identifier, but it shows the rows are in time order.
	Text bool `json:"text_dates,omitempty"`
	// Trend, if not 0, marks a feature in row order along which the label
	// trends (TrendColumns): the correlation of a row's position and its
	// label. The column is a feature like any other.
	Trend float64 `json:"label_trend,omitempty"`
}

// interpolates is what random splits of a time series measure;
// forecasts what SplitLast's do.
const (
	interpolates = "random train/test splits put each test row between training neighbours, so the test error measures " +
		"interpolation, not forecasting (for that, --test-last, or frames.SplitLast in Go, holds out the last rows)"
	forecasts = "the test part is the last rows, after every training row, so the test error measures predicting later rows from a model fitted on earlier ones " +
		"(a forecast, if the features are known before the target)"
)

// Warning is the sentence fit, compare and describe print for c, with the
// hint to leave the column out, for a random split of the rows.
func (c IDLike) Warning() string { return c.warning(false) }

// warning is Warning for a split whose test rows are the last ones
// (testLast: Prepared.TestLast) or random ones.
func (c IDLike) warning(testLast bool) string {
	split := interpolates
	if testLast {
		split = forecasts
	}
	if c.Trend != 0 {
		if testLast { // the training mean lags a trend: beating it on later rows says little
			split += "; with the label trending, the zero predictor (the earlier rows' mean) is a weak yardstick for later rows: a ratio below 1 may only say that the trend went on"
		}
		return fmt.Sprintf("column %s holds %s, and the label trends along the rows too (correlation %.2f between a row's position and its label): "+
			"if the rows are a time series (not merely sorted by %s), %s", c.Column, c.Reason, c.Trend, c.Column, split)
	}
	if c.Year {
		return fmt.Sprintf("column %s holds %s, a feature like any other, and the rows are in its order: if they are a time series, %s",
			c.Column, c.Reason, split)
	}
	if c.Text {
		return fmt.Sprintf("column %s holds %s, in row order: if the rows are a time series, %s; the column itself is not used (text)",
			c.Column, c.Reason, split)
	}
	order := ""
	if c.InOrder {
		order = fmt.Sprintf("; the rows are in the order of %s: if they are a time series, %s", c.Column, split)
	}
	if c.Date {
		return fmt.Sprintf("column %s looks like dates written as numbers: %s; read as a number a date jumps by 70 or more at a month's end and by about 8,870 at a year's end, "+
			"so a linear model weighs its steps unevenly: convert it to days or years since a start, or leave it out with --ignore %s (CSVOptions.Ignore in Go)%s", c.Column, c.Reason, ShellWord(c.Column), order)
	}
	return fmt.Sprintf("column %s looks like an identifier: %s; a row's number or identifier says nothing about a new row, so unless it measures something (a year, a time trend) leave it out with --ignore %s (CSVOptions.Ignore in Go)%s",
		c.Column, c.Reason, ShellWord(c.Column), order)
}

// inRowOrder reports whether v never decreases, or never increases, from
// one row to the next (oldest or newest first) and takes at least 3
// distinct values.
func inRowOrder(v []float64) bool {
	ordered, distinct := rowOrder(v)
	return ordered && distinct >= 3
}

// IDLikeColumns returns the columns among features of df (in that order)
// that look like identifiers, in the frame's row order:
//   - a row number: every cell an integer, one distinct value per row, and
//     the values a run of consecutive integers (in any order);
//   - a group number: every cell an integer, the values never decreasing
//     from one row to the next and rising by at most 1, taking at least 3
//     and at least √m distinct values on m rows (e.g. 1,1,1,1,2,2,2,2,…
//     for the person each row of a long-format table belongs to; a table
//     sorted by a 24-level income scale on 944 rows is not flagged);
//   - a column named as an identifier (a word "id" in its name: Id,
//     patient_id, SampleID) whose cells are integers, at least
//     MinNamedIDDistinct of them distinct (a record number with repeats,
//     as BreastCancer's Id: 645 values on 699 rows, 61,634 to 13,454,352).
//
// A column named as years (yearsReason: Year, model_year, from 1000 to
// 2200) that would be flagged so is not an identifier: it is returned,
// marked Year, only when the rows are in its order.
//
// Columns with missing or non-numeric cells, and frames of fewer than
// MinIDRows rows, are never flagged. Nothing is dropped: the caller warns.
func IDLikeColumns(df dataframe.DataFrame, features []string) []IDLike {
	if df.Err != nil || df.Nrow() < MinIDRows {
		return nil
	}
	names := df.Names()
	var out []IDLike
	for _, name := range features {
		if !slices.Contains(names, name) {
			continue
		}
		col := df.Col(name)
		if col.Err != nil || col.HasNaN() {
			continue
		}
		v := col.Float()
		if reason := dateReason(v); reason != "" {
			out = append(out, IDLike{Column: name, Reason: reason, Date: true, InOrder: inRowOrder(v)})
		} else if reason := cmp.Or(idReason(v), namedIDReason(name, v)); reason != "" {
			switch years, ok := yearsReason(name, v); {
			case !ok:
				out = append(out, IDLike{Column: name, Reason: reason, InOrder: inRowOrder(v)})
			case inRowOrder(v):
				out = append(out, IDLike{Column: name, Reason: years, Year: true, InOrder: true})
			}
		}
	}
	return out
}

// dateReason returns why v (a complete column) looks like dates written
// YYYYMMDD (every value an integer from 1000-01-01 to 2999-12-31 with a
// month of 1 to 12 and a day of 1 to 31, two distinct values at least), or
// "" if it does not.
func dateReason(v []float64) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, x := range v {
		if x != math.Trunc(x) || x < 10000101 || x > 29991231 {
			return "" // NaN too
		}
		n := int64(x)
		if m, d := n/100%100, n%100; m < 1 || m > 12 || d < 1 || d > 31 {
			return ""
		}
		lo, hi = min(lo, x), max(hi, x)
	}
	if len(v) == 0 || lo == hi {
		return ""
	}
	return fmt.Sprintf("every value an integer of the form YYYYMMDD, %.0f to %.0f", lo, hi)
}

// idReason returns why v (a complete column in row order) looks like an
// identifier, or "" if it does not.
func idReason(v []float64) string {
	s, distinct, ok := integers(v)
	if !ok {
		return ""
	}
	lo, hi := s[0], s[len(s)-1]
	if distinct == len(v) && hi-lo == float64(len(v)-1) {
		what := "a row number"
		if lo >= 1000 && hi <= 2200 { // 1951 … 1975: a year per row, as likely
			what = "a year per row, or a row number"
		}
		return fmt.Sprintf("one distinct integer per row, %.0f to %.0f with no gap (%s)", lo, hi, what)
	}
	if distinct < 3 || distinct*distinct < len(v) {
		return ""
	}
	for i := 1; i < len(v); i++ {
		if step := v[i] - v[i-1]; step != 0 && step != 1 {
			return ""
		}
	}
	what := "groups of rows numbered in order"
	if lo >= 1000 && hi <= 2200 { // 1935 … 1954, ten firms a year: years, as likely
		what = "years, or groups of rows numbered in order"
	}
	return fmt.Sprintf("integers rising by 0 or 1 from row to row, %.0f to %.0f (%d %s)", lo, hi, distinct, what)
}

// yearsReason returns the reason for a column named as years (a word
// "year", "years" or "yr" in any case: nameWords) whose values are integers
// from 1000 to 2200, and whether it is one.
func yearsReason(name string, v []float64) (string, bool) {
	if !slices.ContainsFunc(nameWords(name), func(w string) bool {
		return strings.EqualFold(w, "year") || strings.EqualFold(w, "years") || strings.EqualFold(w, "yr")
	}) {
		return "", false
	}
	s, distinct, ok := integers(v)
	if !ok || s[0] < 1000 || s[len(s)-1] > 2200 {
		return "", false
	}
	return fmt.Sprintf("years, %.0f to %.0f (%d distinct)", s[0], s[len(s)-1], distinct), true
}

// integers returns v sorted and its number of distinct values, if every
// value is an integer exactly held by a float64 (|x| ≤ 2^53); ok is false
// otherwise, or for an empty v.
func integers(v []float64) (sorted []float64, distinct int, ok bool) {
	if len(v) == 0 {
		return nil, 0, false
	}
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) || x != math.Trunc(x) || math.Abs(x) > 1<<53 {
			return nil, 0, false
		}
	}
	sorted = slices.Sorted(slices.Values(v))
	return sorted, len(slices.Compact(slices.Clone(sorted))), true
}

// MinNamedIDDistinct is the share of distinct values from which an integer
// column named as an identifier is flagged (namedIDReason).
const MinNamedIDDistinct = 0.8

// namedIDReason returns why v (a complete column) looks like an identifier
// by its name (a word "id": namedID) and its values (integers, at least
// MinNamedIDDistinct of them distinct), or "".
func namedIDReason(name string, v []float64) string {
	if !namedID(name) {
		return ""
	}
	s, distinct, ok := integers(v)
	if !ok || float64(distinct) < MinNamedIDDistinct*float64(len(v)) {
		return ""
	}
	return fmt.Sprintf("named as an identifier, integers with %d distinct values on %d rows, %.0f to %.0f", distinct, len(v), s[0], s[len(s)-1])
}

// namedID reports whether one of name's words is "id" in any case, or
// the name is one word ending in "id" after a word of idPrefixes (userid,
// patientid). The words are split at characters other than letters, at a
// change between letters and digits, before an upper-case letter that
// follows a lower-case one, and before the last capital of a run of them
// followed by a lower-case letter (Id, patient_id, SampleID, IDNumber,
// ID2, ID.number; not Paid, width, acid, IDx or Idaho).
func namedID(name string) bool {
	for _, w := range nameWords(name) {
		if strings.EqualFold(w, "id") {
			return true
		}
	}
	lower := strings.ToLower(name)
	head, ok := strings.CutSuffix(lower, "id")
	return ok && slices.Contains(idPrefixes, head)
}

// idPrefixes are the words that make a one-word name ending in "id" an
// identifier's (rowid, userid), where "id" alone ends many words (paid,
// acid, valid, fluid).
var idPrefixes = []string{"row", "user", "sample", "patient", "subject", "customer", "client", "record", "case", "person",
	"member", "item", "order", "account", "session", "obs", "unit", "household", "respondent", "participant", "student", "employee"}

// nameWords splits a column name into words (namedID's rules).
func nameWords(name string) []string {
	var words []string
	rs := []rune(name)
	start := 0
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			words, start = append(words, string(rs[start:i])), i+1
			continue
		}
		if i == start {
			continue
		}
		prev := rs[i-1]
		lowerToUpper := unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev))
		digitBoundary := unicode.IsDigit(r) != unicode.IsDigit(prev)
		endOfCaps := unicode.IsUpper(r) && unicode.IsUpper(prev) && i+1 < len(rs) && unicode.IsLower(rs[i+1])
		if lowerToUpper || digitBoundary || endOfCaps {
			words, start = append(words, string(rs[start:i])), i
		}
	}
	return append(words, string(rs[start:]))
}
