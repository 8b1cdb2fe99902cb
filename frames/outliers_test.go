package frames_test

import (
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"

	"github.com/laoproject/lao/frames"
)

// statsOf is frames' ColumnStats of v (no missing cells), computed on
// v/max|v| as frames does, so that values near 1e300 keep a finite
// standard deviation.
func statsOf(v []float64) frames.ColumnStats {
	a := max(slices.Max(v), -slices.Min(v), 1e-300)
	u := make([]float64, len(v))
	for i, x := range v {
		u[i] = x / a
	}
	mean, variance := stat.PopMeanVariance(u, nil)
	return frames.ColumnStats{N: len(v), Mean: mean * a, SD: math.Sqrt(variance) * a, Min: slices.Min(v), Max: slices.Max(v)}
}

// One value 100 times too large in a column of 30 is named, with its
// share; an ordinary column, a column of fewer than 20 values and a
// constant one are not; past three columns the rest share one note.
func TestOutliers(t *testing.T) {
	col := func(n int, big float64) []float64 {
		v := make([]float64, n)
		for i := range v {
			v[i] = 90 + float64(i%7)
		}
		v[n/2] = big
		return v
	}
	stats := []frames.ColumnStats{
		statsOf(col(30, 10700)), // a typo: 107 read as 10700
		statsOf(col(30, 95)),    // ordinary
		statsOf(col(15, 10700)), // too few rows to tell
		statsOf(make([]float64, 30)),
	}
	got := frames.Outliers(stats, []string{"MOR", "ok", "short", "zero"})
	if len(got) != 1 || got[0].Column != "MOR" || got[0].Value != 10700 || !(got[0].Share > 0.95) {
		t.Fatalf("Outliers: %+v, want MOR at 10700 with a share above 0.95", got)
	}
	if n := got[0].Note(); !strings.Contains(n, "column MOR: one training value, 10700, holds 97 % of the column's sum of squares") {
		t.Errorf("note: %s", n)
	}
	for _, big := range []float64{1e100, 1e160, 1e200, 1e300, -1e300} { // the squares overflow from 1e155: the share must not
		if got := frames.Outliers([]frames.ColumnStats{statsOf(col(200, big))}, []string{"a"}); len(got) != 1 || got[0].Value != big || !(got[0].Share > 0.99) {
			t.Errorf("one value %g among 200 of 90-96: %+v, want it flagged with a share near 1", big, got)
		}
	}
	many := []frames.ColumnStats{stats[0], stats[0], stats[0], stats[0], stats[0]}
	notes := frames.OutlierNotes(many, []string{"a", "b", "c", "d", "e"})
	if len(notes) != 4 || !strings.Contains(notes[3], `2 more columns where one value holds most of the spread: "d", "e"`) {
		t.Errorf("five outlier columns: %q", notes)
	}
}

// A 0/1 column whose 1 is on one row of 30 (or whose 0 is, of 40) is told
// from a typo by its statistics alone: it is two-valued, the rows of its
// rarer value are counted, and its note is one for all such columns, apart
// from a typo's.
func TestOutliersTwoValued(t *testing.T) {
	one, zero, typo := make([]float64, 30), make([]float64, 40), make([]float64, 30)
	one[7] = 1
	for i := range zero {
		zero[i] = 1
		typo[i%30] = float64(100 + i%7)
	}
	zero[3] = 0
	typo[5] = 10700
	stats := []frames.ColumnStats{statsOf(one), statsOf(zero), statsOf(typo)}
	got := frames.Outliers(stats, []string{"one", "zero", "typo"})
	if len(got) != 3 || got[0].Rows != 1 || got[0].N != 30 || got[0].Value != 1 || got[1].Rows != 1 || got[1].Value != 0 || got[2].Rows != 0 {
		t.Fatalf("%+v", got)
	}
	constTypo := make([]float64, 30)
	for i := range constTypo {
		constTypo[i] = 107
	}
	constTypo[4] = 10700 // two-valued, but not 0/1: a typo's note
	if got := frames.Outliers([]frames.ColumnStats{statsOf(constTypo)}, []string{"c"}); len(got) != 1 || got[0].Rows != 0 {
		t.Errorf("a constant column but for one typo: %+v", got)
	}
	notes := frames.OutlierNotes(stats, []string{"one", "zero", "typo"})
	if len(notes) != 2 || !strings.HasPrefix(notes[0], "2 columns take two values, the rarer on a few training rows only (one: 1 on 1 row of 30)") ||
		!strings.HasPrefix(notes[1], "column typo: one training value, 10700") {
		t.Errorf("%q", notes)
	}
}
