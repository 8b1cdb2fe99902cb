package frames

import (
	"math"
	"testing"
)

// The streaming moments agree with the in-memory columnStats, also on
// values whose squares overflow float64 (1e300: the standard deviation is
// finite, ~1e300, and must not come out +Inf) and on a column that starts
// with zeros.
func TestMomentsAgreeWithColumnStats(t *testing.T) {
	for _, col := range [][]float64{
		{1, 2, 3, 4, 5},
		{0, 0, 3, math.NaN(), -1},
		{1, 1e300, 2, 3, -1e300, 5},
		{-1.7e308, 1.7e308, 0},
		{4, 4, 4},
	} {
		want := columnStats(col)
		m := newMoments()
		for _, v := range col {
			m.add(v)
		}
		got := m.stats()
		near := func(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-12*math.Max(math.Abs(a), math.Abs(b)) }
		if got.N != want.N || got.Missing != want.Missing || got.Min != want.Min || got.Max != want.Max ||
			!near(got.Mean, want.Mean) || !near(got.SD, want.SD) || math.IsInf(got.SD, 0) {
			t.Errorf("%v: moments %+v, columnStats %+v", col, got, want)
		}
	}
}
