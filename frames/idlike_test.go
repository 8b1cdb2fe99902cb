package frames

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
)

// Row numbers (in any order), group numbers in order and nothing else are
// flagged; columns that merely look regular are not.
func TestIDLikeColumns(t *testing.T) {
	n := 12
	rowNo, shuffled, group, year, measure, gapped, halves, frac := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		rowNo[i] = float64(i + 1)
		shuffled[i] = float64((i*5)%n + 100) // 5 is prime to 12: a permutation of 100..111
		group[i] = float64(i / 3)            // 0,0,0,1,1,1,2,2,2,3,3,3: 4 groups, 4² ≥ 12
		year[i] = float64(i / 6)             // only two values: not enough groups
		measure[i] = float64(3*i*i%17 + 2)
		gapped[i] = float64(2 * i)    // distinct but with gaps
		halves[i] = float64(i/2) + 10 // rising by 0 or 1: 6 groups
		frac[i] = float64(i) + 0.5    // consecutive, but not integers
	}
	df := dataframe.New(
		series.New(rowNo, series.Float, "row"), series.New(shuffled, series.Float, "shuffled"),
		series.New(group, series.Float, "group"), series.New(year, series.Float, "two"),
		series.New(measure, series.Float, "measure"), series.New(gapped, series.Float, "gapped"),
		series.New(halves, series.Int, "halves"), series.New(frac, series.Float, "frac"),
	)
	got := IDLikeColumns(df, []string{"row", "shuffled", "group", "two", "measure", "gapped", "halves", "frac", "absent"})
	var names []string
	for _, c := range got {
		names = append(names, c.Column)
	}
	if want := "row shuffled group halves"; strings.Join(names, " ") != want {
		t.Fatalf("flagged %q, want %q (%+v)", names, want, got)
	}
	if !strings.Contains(got[0].Reason, "1 to 12 with no gap (a row number)") || !strings.Contains(got[2].Reason, "4 groups of rows") {
		t.Errorf("reasons: %q, %q", got[0].Reason, got[2].Reason)
	}
	// Consecutive years (statsmodels' copper: 1951-1975) may be either.
	years := make([]float64, 25)
	for i := range years {
		years[i] = float64(1951 + i)
	}
	if r := idReason(years); !strings.Contains(r, "1951 to 1975 with no gap (a year per row, or a row number)") {
		t.Errorf("years: %q", r)
	}
	if w := got[1].Warning(); !strings.Contains(w, "column shuffled looks like an identifier") || !strings.Contains(w, "--ignore shuffled") {
		t.Errorf("warning %q", w)
	}
	// A column sorted by a few levels (24 levels on 944 rows, 24² < 944)
	// is an ordinal scale, not a group number.
	sorted := make([]float64, 944)
	for i := range sorted {
		sorted[i] = float64(1 + i*24/944)
	}
	if got := IDLikeColumns(dataframe.New(series.New(sorted, series.Float, "income")), []string{"income"}); got != nil {
		t.Errorf("a sorted 24-level scale flagged: %+v", got)
	}
	if small := IDLikeColumns(df.Subset([]int{0, 1, 2, 3}), []string{"row"}); small != nil {
		t.Errorf("%d rows: flagged %+v", 4, small)
	}
}

// A missing cell keeps a column from being flagged.
func TestIDLikeMissing(t *testing.T) {
	df := dataframe.New(series.New([]string{"1", "2", "", "4", "5", "6"}, series.Float, "id"))
	if got := IDLikeColumns(df, []string{"id"}); got != nil {
		t.Errorf("flagged %+v", got)
	}
}

// PrepareFrame flags an id column from the whole frame (the split shuffles
// the rows), keeps it a feature, and Warnings carries the hint.
func TestPrepareFrameIDLike(t *testing.T) {
	n := 40
	id, x, y := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		id[i], x[i] = float64(i+1), float64((i*7)%11)/3
		y[i] = 2*x[i] + float64(i%3)
	}
	df := dataframe.New(series.New(id, series.Int, "individual"), series.New(x, series.Float, "x"), series.New(y, series.Float, "y"))
	p, err := PrepareFrame(df, "y", Options{Center: true, Intercept: true}, 0.25, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.IDLike) != 1 || p.IDLike[0].Column != "individual" {
		t.Fatalf("IDLike %+v", p.IDLike)
	}
	if p.Train.Dim() != 2 {
		t.Errorf("the id column was dropped: features %v", p.Train.Names())
	}
	if w := strings.Join(p.Warnings(), "\n"); !strings.Contains(w, "--ignore individual") {
		t.Errorf("warnings %q", w)
	}
}

// Dates written as YYYYMMDD numbers are flagged as dates, not identifiers;
// numbers of that size that are not dates (a month 13) are not.
func TestDateLikeColumns(t *testing.T) {
	dates, notDates := make([]float64, 8), make([]float64, 8)
	for i := range dates {
		dates[i] = float64(19720101 + 100*(i%12) + 10000*(i/12) + i%3) // 1972-01-01, 1972-02-02, ...
		notDates[i] = float64(19721301 + i)                            // month 13
	}
	df := dataframe.New(series.New(dates, series.Float, "date"), series.New(notDates, series.Float, "code"))
	got := IDLikeColumns(df, []string{"date", "code"})
	if len(got) == 0 || got[0].Column != "date" || !got[0].Date || !strings.Contains(got[0].Warning(), "dates written as numbers") {
		t.Fatalf("flagged %+v", got)
	}
	// the rows are sorted by the dates: a time series, and the warning says
	// what random splits measure there
	if !got[0].InOrder || !strings.Contains(got[0].Warning(), "the test error measures interpolation, not forecasting") {
		t.Errorf("dates in row order: %+v\n%s", got[0], got[0].Warning())
	}
	slices.Reverse(dates) // newest first: in order too
	if got := IDLikeColumns(dataframe.New(series.New(dates, series.Float, "date")), []string{"date"}); len(got) != 1 || !got[0].InOrder {
		t.Errorf("dates newest first: %+v", got)
	}
	slices.Reverse(dates[:4]) // no longer in order
	got = IDLikeColumns(dataframe.New(series.New(dates, series.Float, "date")), []string{"date"})
	if len(got) != 1 || got[0].InOrder || strings.Contains(got[0].Warning(), "interpolation") {
		t.Errorf("dates out of order: %+v", got)
	}
	for _, c := range got[1:] {
		if c.Date {
			t.Errorf("%s flagged as dates", c.Column)
		}
	}
}

// A text column of dates in row order (ISO dates, months, quarters; oldest
// or newest first) is flagged as a time order that random splits
// interpolate; dates out of order, mixed ways of writing them, names, the
// target, a used feature and a frame of fewer than MinIDRows rows are not.
func TestTextDateColumns(t *testing.T) {
	iso := []string{"1974-01-01", "1974-04-01", "1974-07-01", "1974-10-01", "1975-01-01", "1975-04-01"}
	months := []string{"2001-11", "2001-12", "2002-01", "2002-02", "2002-03", "2002-04"}
	quarters := []string{"1974Q1", "1974Q2", "1974Q3", "1974Q4", "1975Q1", "1975Q2"}
	newest := slices.Clone(iso)
	slices.Reverse(newest)
	shuffled := []string{"1974-04-01", "1974-01-01", "1974-07-01", "1974-10-01", "1975-01-01", "1975-04-01"}
	mixed := []string{"1974-01-01", "1974/04/01", "1974-07-01", "1974-10-01", "1975-01-01", "1975-04-01"}
	names := []string{"Ann", "Bob", "Cy", "Di", "Ed", "Flo"}
	y := []float64{1, 2, 3, 4, 5, 6}
	df := dataframe.New(series.New(iso, series.String, "iso"), series.New(months, series.String, "months"),
		series.New(quarters, series.String, "quarters"), series.New(newest, series.String, "newest"),
		series.New(shuffled, series.String, "shuffled"), series.New(mixed, series.String, "mixed"),
		series.New(names, series.String, "names"), series.New(iso, series.String, "target"),
		series.New(y, series.Float, "x"))
	var flagged []string
	for _, c := range TextDateColumns(df, "target", []string{"x", "months"}) {
		flagged = append(flagged, c.Column)
		if !c.Text || !c.InOrder || !strings.Contains(c.Warning(), "the test error measures interpolation, not forecasting") ||
			!strings.Contains(c.Warning(), "the column itself is not used") {
			t.Errorf("%+v: %s", c, c.Warning())
		}
	}
	if want := []string{"iso", "quarters", "newest"}; !slices.Equal(flagged, want) {
		t.Errorf("flagged %v, want %v", flagged, want)
	}
	if got := TextDateColumns(df.Subset([]int{0, 1, 2, 3}), "target", nil); got != nil {
		t.Errorf("%d rows: flagged %+v", 4, got)
	}
	// more ways of writing them, a missing cell among them, and spaces
	for _, col := range [][]string{
		{"1990 Q1", "1990 Q2", "1990 Q3", "1990 Q4", "1991 Q1", "1991 Q2"},
		{"1990M01", "1990M02", "1990M03", "1990M04", "1990M05", "1990M06"},
		{"2020-12-28 00:00:00+00:00", "2020-12-29 00:00:00+00:00", "2020-12-30 00:00:00+00:00", "2020-12-31 00:00:00+00:00", "2021-01-01 00:00:00+00:00", "2021-01-02 00:00:00+00:00"},
		{"13/01/2006", "14/01/2006", "15/01/2006", "16/01/2006", "17/01/2006", "18/01/2006"},
		{" 1974-01-01", "1974-04-01", "", "1974-10-01", "1975-01-01", "1975-04-01", "1975-07-01"},
	} {
		one := dataframe.New(series.New(col, series.String, "when"), series.New(y[:1], series.Float, "x").Concat(series.Floats(make([]float64, len(col)-1))))
		if got := TextDateColumns(one, "", []string{"x"}); len(got) != 1 {
			t.Errorf("%q: flagged %+v", col, got)
		}
	}
	// PrepareFrame flags it, and its warning is among the Prepared's
	rows := make([]float64, len(iso))
	for i := range rows {
		rows[i] = float64(i * i % 7)
	}
	p, err := PrepareFrame(dataframe.New(series.New(iso, series.String, "period"), series.New(rows, series.Float, "x"),
		series.New(y, series.Float, "y")), "y", Options{}, 0.34, 1)
	if err != nil {
		t.Fatal(err)
	}
	if ws := strings.Join(p.Warnings(), "\n"); !strings.Contains(ws, "column period holds dates written as text, 1974-01-01 to 1975-04-01, in row order") {
		t.Errorf("PrepareFrame's warnings:\n%s", ws)
	}
}

// A feature in row order (decimal years) along which the label trends is
// flagged as a time order, once, and kept as a feature; the same rows
// shuffled, a label without a trend, a column already flagged and a table
// of fewer than MinTrendRows rows are not.
func TestTrendColumns(t *testing.T) {
	const m = 60
	rng := rand.New(rand.NewPCG(3, 4))
	tcol, y, flat, noise := make([]float64, m), make([]float64, m), make([]float64, m), make([]float64, m)
	for i := range m {
		tcol[i] = 1958.2 + float64(i)/12
		y[i] = 315 + 0.1*float64(i) + rng.NormFloat64()
		flat[i] = rng.NormFloat64()
		noise[i] = rng.NormFloat64()
	}
	frame := func(y []float64) dataframe.DataFrame {
		return dataframe.New(series.New(tcol, series.Float, "t"), series.New(noise, series.Float, "x"), series.New(y, series.Float, "y"))
	}
	got := TrendColumns(frame(y), "y", []string{"t", "x"}, nil)
	if len(got) != 1 || got[0].Column != "t" || got[0].Trend < MaxLabelTrend || !strings.Contains(got[0].Warning(), "measures interpolation, not forecasting") {
		t.Fatalf("time column: %+v", got)
	}
	if got := TrendColumns(frame(flat), "y", []string{"t", "x"}, nil); got != nil {
		t.Errorf("no label trend: %+v", got)
	}
	if got := TrendColumns(frame(y), "y", []string{"t", "x"}, []IDLike{{Column: "t"}}); got != nil {
		t.Errorf("already flagged: %+v", got)
	}
	perm := rng.Perm(m)
	if got := TrendColumns(frame(y).Subset(perm), "y", []string{"t", "x"}, nil); got != nil {
		t.Errorf("rows shuffled: %+v", got)
	}
	if got := TrendColumns(frame(y).Subset(perm[:MinTrendRows-1]), "y", []string{"t", "x"}, nil); got != nil {
		t.Errorf("%d rows: %+v", MinTrendRows-1, got)
	}
	// a missing label and a missing time cell leave the rest to judge
	y2, t2 := slices.Clone(y), slices.Clone(tcol)
	y2[7], t2[11] = math.NaN(), math.NaN()
	df2 := dataframe.New(series.New(t2, series.Float, "t"), series.New(y2, series.Float, "y"))
	if got := TrendColumns(df2, "y", []string{"t"}, nil); len(got) != 1 {
		t.Errorf("one missing label and time cell: %+v", got)
	}
	// in order but in fewer than √m steps (a year column of a monthly table:
	// 5 values on 60 rows) is not a time column of its own
	years := make([]float64, m)
	for i := range years {
		years[i] = float64(1958 + i/12)
	}
	if got := TrendColumns(dataframe.New(series.New(years, series.Float, "year"), series.New(y, series.Float, "y")), "y", []string{"year"}, nil); got != nil {
		t.Errorf("5 distinct values on %d rows: %+v", m, got)
	}
}

// Groups numbered like years (a panel sorted by year: 1935 … 1954, ten
// firms each) are said to be years as likely as group numbers.
func TestIDReasonYears(t *testing.T) {
	var v, g []float64
	for y := 1935; y <= 1954; y++ {
		for range 10 {
			v, g = append(v, float64(y)), append(g, float64(y-1934))
		}
	}
	if r := idReason(v); r != "integers rising by 0 or 1 from row to row, 1935 to 1954 (20 years, or groups of rows numbered in order)" {
		t.Errorf("years: %q", r)
	}
	if r := idReason(g); r != "integers rising by 0 or 1 from row to row, 1 to 20 (20 groups of rows numbered in order)" {
		t.Errorf("groups: %q", r)
	}
}

// A column named as years (Year, model_year, Yr) of integers from 1000 to
// 2200 is not an identifier (healthexp.csv's Year, 1970 to 2020 in row
// order, was told to be left out): in row order it is flagged as such, for
// what random splits measure, with no --ignore advice; out of order it is
// not flagged. The same values under another name are flagged as before,
// and so is a year-named column outside the years' range.
func TestYearColumns(t *testing.T) {
	var inOrder, shuffled, small []float64
	for y := 1970; y <= 2020; y++ {
		for range 5 {
			inOrder, small = append(inOrder, float64(y)), append(small, float64(y-1900))
		}
	}
	shuffled = slices.Clone(inOrder)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	df := dataframe.New(series.New(inOrder, series.Float, "Year"), series.New(shuffled, series.Float, "model_year"),
		series.New(inOrder, series.Float, "period"), series.New(small, series.Float, "Yr"))
	got := IDLikeColumns(df, []string{"Year", "model_year", "period", "Yr"})
	if len(got) != 3 || got[0].Column != "Year" || !got[0].Year || !got[0].InOrder || got[1].Column != "period" || got[1].Year || got[2].Column != "Yr" || got[2].Year {
		t.Fatalf("flagged %+v, want Year (years, in order), period and Yr (values 70 to 120: identifiers)", got)
	}
	w := got[0].Warning()
	if !strings.Contains(w, "column Year holds years, 1970 to 2020 (51 distinct), a feature like any other, and the rows are in its order") || strings.Contains(w, "--ignore") || strings.Contains(w, "identifier") {
		t.Errorf("Year's warning: %q", w)
	}
	if w := got[1].Warning(); !strings.Contains(w, "looks like an identifier") || !strings.Contains(w, "--ignore period") {
		t.Errorf("period's warning: %q", w)
	}
}

// An integer column named as an identifier with mostly distinct values is
// flagged (BreastCancer's Id: 645 values on 699 rows, far apart); one with
// many repeats, one with fractions and one whose name only contains the
// letters are not.
func TestNamedIDColumns(t *testing.T) {
	for name, want := range map[string]bool{"Id": true, "ID": true, "patient_id": true, "SampleID": true, "userId": true, "ID.number": true,
		"IDNumber": true, "ID2": true, "userid": true, "rowid": true, "patientid": true, "row_id": true,
		"Paid": false, "width": false, "Width": false, "acid_level": false, "PAID": false, "idx": false, "IDx": false, "Idaho": false, "valid": false, "fluid": false} {
		if namedID(name) != want {
			t.Errorf("namedID(%q) = %v, want %v", name, !want, want)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	const n = 100
	id, repeats, frac := make([]float64, n), make([]float64, n), make([]float64, n)
	for i := range n {
		id[i] = float64(61634 + r.IntN(13_400_000))
		if i%10 == 9 {
			id[i] = id[i-1] // 90 distinct of 100, not in order
		}
		repeats[i] = float64(r.IntN(50)) // at most 50 distinct
		frac[i] = id[i] + 0.5
	}
	df := dataframe.New(series.New(id, series.Float, "Id"), series.New(repeats, series.Float, "group_id"),
		series.New(frac, series.Float, "weight_id"), series.New(id, series.Float, "income"))
	got := IDLikeColumns(df, []string{"Id", "group_id", "weight_id", "income"})
	if len(got) != 1 || got[0].Column != "Id" || !strings.Contains(got[0].Reason, "named as an identifier, integers with 90 distinct values on 100 rows") {
		t.Fatalf("flagged %+v, want Id alone", got)
	}
	if w := got[0].Warning(); !strings.Contains(w, "column Id looks like an identifier") || !strings.Contains(w, "--ignore Id") {
		t.Errorf("warning %q", w)
	}
}
