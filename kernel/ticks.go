package kernel

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// logTicks marks a log axis: labelled ticks at 1, 2 and 5 × 10ⁿ when the
// axis spans less than three decades (at 10ⁿ otherwise), and unlabelled
// minor ticks at every integer multiple of 10ⁿ. gonum's LogTicks labels
// only powers of ten, which leaves a short axis with one label or none.
type logTicks struct{}

func (logTicks) Ticks(lo, hi float64) []plot.Tick {
	if !(lo > 0) || !(hi > lo) {
		return nil
	}
	majors := []float64{1}
	if math.Log10(hi/lo) < 3 {
		majors = []float64{1, 2, 5}
	}
	var ticks []plot.Tick
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		p := math.Pow(10, e)
		for m := 1.0; m <= 9; m++ {
			v := m * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			for _, mm := range majors {
				if m == mm {
					t.Label = tickLabel(v)
				}
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// tickLabel prints v without exponent in the usual range (20000, 0.005)
// and with one outside it.
func tickLabel(v float64) string {
	if a := math.Abs(v); a >= 1e-4 && a < 1e7 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
