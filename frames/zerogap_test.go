package frames

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/laoproject/lao/lao"
)

// Zeros apart from a measurement's other values are flagged; counts,
// 0/1 columns, signed values, zero-inflated amounts and values tailing off
// towards 0 are not.
func TestZeroGapColumns(t *testing.T) {
	rng := lao.NewRand(4)
	const m = 400
	cols := map[string][]float64{}
	add := func(name string, f func(i int) float64) {
		v := make([]float64, m)
		for i := range v {
			v[i] = f(i)
		}
		cols[name] = v
	}
	add("pressure", func(i int) float64 { // even mm Hg around 72, 0 on 1 row in 20
		if i%20 == 3 {
			return 0
		}
		return 2 * math.Round(36+6*rng.NormFloat64())
	})
	add("pregnancies", func(int) float64 { return math.Floor(rng.ExpFloat64() * 3) })
	add("binary", func(i int) float64 { return float64(i % 2) })
	add("signed", func(i int) float64 {
		if i%20 == 3 {
			return 0
		}
		return 1 + 10*rng.NormFloat64()
	})
	add("gain", func(i int) float64 { // zero-inflated: 0 mostly, then amounts from near 0
		if i%3 != 0 {
			return 0
		}
		return math.Round(rng.ExpFloat64() * 3000)
	})
	add("tail", func(i int) float64 { // continuous, tailing off towards 0
		if i%40 == 1 {
			return 0
		}
		return 0.001 + 0.05*rng.ExpFloat64()
	})
	add("missing", func(i int) float64 { // the pressure column with NaN cells beside its zeros
		if i%7 == 0 {
			return math.NaN()
		}
		return cols["pressure"][i]
	})
	names := []string{"pressure", "pregnancies", "binary", "signed", "gain", "tail", "missing"}
	var ss []series.Series
	for _, n := range names {
		ss = append(ss, series.New(cols[n], series.Float, n))
	}
	got := ZeroGapColumns(dataframe.New(ss...), names)
	if len(got) != 2 || got[0].Column != "pressure" || got[1].Column != "missing" {
		t.Fatalf("ZeroGapColumns = %+v, want pressure and missing", got)
	}
	if g := got[0]; g.Zeros != 20 || g.Rows != m || g.Step != 2 || g.Min < 10 {
		t.Errorf("pressure: %+v", g)
	}
	if g := got[1]; g.Rows >= m || g.Zeros == 0 {
		t.Errorf("missing: NaN cells are not rows: %+v", g)
	}
	w := ZeroGapNote(got)
	if !strings.Contains(w, "2 columns: pressure (20 of 400 cells 0, the others from") || !strings.Contains(w, "--missing mean") {
		t.Errorf("note: %s", w)
	}
	if ZeroGapNote(nil) != "" {
		t.Error("a note without columns")
	}
}
