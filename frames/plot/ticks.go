package plot

import (
	"math"
	"strconv"

	gplot "gonum.org/v1/plot"
)

// logTicks marks a log axis where the data are: labelled ticks at 10ⁿ when
// the axis spans three decades or more, at 1, 2 and 5 × 10ⁿ (1.5 decades or
// more), at 1, 2, 3 and 5 × 10ⁿ, or at every integer multiple of 10ⁿ —
// the first of these that gives at least two labels and a label within a
// factor 3.5 of both ends of the axis — and otherwise at linear "nice"
// values; unlabelled minor ticks at every integer multiple of 10ⁿ. gonum's LogTicks labels only powers of ten,
// which leaves a short axis with one label or none.
type logTicks struct{}

func (l logTicks) Ticks(lo, hi float64) []gplot.Tick {
	return oneFormat(l.ticks(lo, hi))
}

// oneFormat relabels the labelled ticks of an axis in one number format:
// if any label would need an exponent (values from 10⁵ up or below 10⁻³),
// all are written as m·10ⁿ in the form "2e5", "1e-4" — never "1000000"
// beside "1e+07".
func oneFormat(ticks []gplot.Tick) []gplot.Tick {
	sci := false
	for _, t := range ticks {
		if a := math.Abs(t.Value); t.Label != "" && (a >= 1e5 || (a > 0 && a < 1e-3)) {
			sci = true
		}
	}
	if !sci {
		return ticks
	}
	for i, t := range ticks {
		if t.Label != "" {
			ticks[i].Label = sciLabel(t.Value)
		}
	}
	return ticks
}

// sciLabel writes v as "m e n" without padding: 2e5, 1e-4, 2.5e6.
func sciLabel(v float64) string {
	if v == 0 {
		return "0"
	}
	e := math.Floor(math.Log10(math.Abs(v)))
	m, _ := strconv.ParseFloat(strconv.FormatFloat(v/math.Pow(10, e), 'g', 6, 64), 64)
	if math.Abs(m) >= 10 { // rounding carried into the next decade
		m, e = m/10, e+1
	}
	return strconv.FormatFloat(m, 'f', -1, 64) + "e" + strconv.Itoa(int(e))
}

func (logTicks) ticks(lo, hi float64) []gplot.Tick {
	if !(lo > 0) || !(hi > lo) {
		return nil
	}
	decades := math.Log10(hi / lo)
	for _, majors := range [][]float64{{1}, {1, 2, 5}, {1, 2, 3, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		switch {
		case len(majors) == 1 && decades < 3, len(majors) == 3 && decades < 1.5:
			continue
		}
		// Over three decades or more the powers of ten are close enough to
		// the ends; on shorter axes the labels must reach the ends too.
		if ticks, n := decadeTicks(lo, hi, majors); n >= 2 && (decades >= 3 || coversEnds(ticks, lo, hi, decades)) {
			return ticks
		}
	}
	// Less than a factor of about 2 between lo and hi: linear nice values,
	// a step of 1, 2 or 5 × 10ⁿ giving 3 to 7 labels.
	step := linearStep(lo, hi)
	var ticks []gplot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi*(1+1e-9); v += step {
		ticks = append(ticks, gplot.Tick{Value: v, Label: tickLabel(v)})
	}
	return ticks
}

// linearStep returns the smallest step of 1, 2 or 5 × 10ⁿ that labels
// [lo, hi] with at most 7 multiples (at least 3 where one does).
func linearStep(lo, hi float64) float64 {
	e0 := math.Floor(math.Log10(hi - lo))
	best := math.Pow(10, e0)
	for e := e0 - 1; e <= e0; e++ {
		for _, m := range []float64{1, 2, 5} {
			step := m * math.Pow(10, e)
			if n := math.Floor(hi/step*(1+1e-9)) - math.Ceil(lo/step*(1-1e-9)) + 1; n >= 3 && n <= 7 {
				return step
			}
		}
	}
	return best
}

// coversEnds reports whether the labelled ticks reach within a factor 3.5
// of both ends of [lo, hi] (on an axis of less than a decade, within a
// third of its logarithmic span: labels at 80, 90, 100 on an axis from 77
// to 176 left half of it bare), so no end of the data lies far from a
// label.
func coversEnds(ticks []gplot.Tick, lo, hi, decades float64) bool {
	first, last := math.Inf(1), math.Inf(-1)
	for _, t := range ticks {
		if t.Label != "" {
			first, last = math.Min(first, t.Value), math.Max(last, t.Value)
		}
	}
	if decades < 1 {
		return math.Log10(first/lo) <= decades/3 && math.Log10(hi/last) <= decades/3
	}
	return first <= lo*3.5 && last >= hi/3.5
}

// decadeTicks returns a tick at every integer multiple m·10ⁿ in [lo, hi],
// labelled when m is one of majors, and the number of labelled ticks.
func decadeTicks(lo, hi float64, majors []float64) (ticks []gplot.Tick, labelled int) {
	for e := math.Floor(math.Log10(lo)); e <= math.Ceil(math.Log10(hi)); e++ {
		p := math.Pow(10, e)
		for m := 1.0; m <= 9; m++ {
			v := m * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := gplot.Tick{Value: v}
			for _, mm := range majors {
				if m == mm {
					t.Label = tickLabel(v)
					labelled++
				}
			}
			ticks = append(ticks, t)
		}
	}
	return ticks, labelled
}

// pointLabels labels ticks at data points xs (increasing: budgets, mean
// counts of attributes seen over splits): an integer as it is, any other
// value with the fewest significant digits, at least 4, that keep every
// label distinct (3204 and 5270 for 3203.67 and 5269.67; 1000.2 and 1000.4
// stay apart).
func pointLabels(xs []float64) []string {
	labels := make([]string, len(xs))
	for digits := 4; ; digits++ {
		seen := map[string]bool{}
		distinct := true
		for i, x := range xs {
			labels[i] = tickLabel(x)
			if x != math.Trunc(x) && digits < 12 {
				r, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', digits, 64), 64)
				labels[i] = tickLabel(r)
			}
			distinct = distinct && !seen[labels[i]]
			seen[labels[i]] = true
		}
		if distinct || digits >= 12 {
			return labels
		}
	}
}

// tickLabel prints v without exponent in the usual range [0.0001, 1e7) and
// with one outside it, rounding away binary noise (0.30000000000000004).
func tickLabel(v float64) string {
	v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 12, 64), 64)
	if a := math.Abs(v); a >= 1e-4 && a < 1e7 {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}
