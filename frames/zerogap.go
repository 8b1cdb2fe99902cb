package frames

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"
)

// ZeroGap is a feature whose zeros stand apart from its other values:
// every other value is positive, and the smallest is many times the usual
// step between neighbouring values (the Pima Indians diabetes table: blood
// pressure 0 in 35 of 768 rows, the others from 24 mm Hg up in steps of
// 2). A measurement that cannot be 0 is then likely missing, written 0, and
// a fit reads it as a real and extreme value. Counts (0, 1, 2, …),
// zero-inflated amounts whose other values start within a few steps of 0,
// and values that tail off towards 0 (the smallest under a tenth of the
// median) are not flagged.
type ZeroGap struct {
	Column string
	Zeros  int     // cells that are 0
	Rows   int     // cells with a value
	Min    float64 // the smallest other value
	Step   float64 // the median step between neighbouring distinct other values
}

// zeroGapSteps is how many median steps above 0 the smallest other value
// must lie for the zeros to stand apart.
const zeroGapSteps = 5

// zeroGapMedian is the least fraction of the other values' median (of
// the distinct ones) that the smallest must be: a continuous measurement
// that tails off towards 0 (the concavity of a cell nucleus, whose
// smallest values are a few hundredths of the median) has zeros that may
// be real however many steps its smallest value lies from 0.
const zeroGapMedian = 0.1

// zeroGapDistinct is the fewest distinct positive values a column needs
// for its step to mean something (a 0/1 or 0/1/2 column has none).
const zeroGapDistinct = 5

// ZeroGapColumns returns the features of df (in the order given) whose
// zeros stand apart from their other values (ZeroGap); a column that
// cannot be read as numbers is skipped.
func ZeroGapColumns(df dataframe.DataFrame, features []string) []ZeroGap {
	return perFeature(df, features, zeroGap, func(g *ZeroGap, name string) { g.Column = name })
}

// perFeature returns, for the features of df (in the order given) read as
// numbers (NaN: missing), the results that test accepts, each named by
// name; a column that cannot be read as numbers is skipped.
func perFeature[T any](df dataframe.DataFrame, features []string, test func([]float64) (T, bool), name func(*T, string)) []T {
	cols, err := columnsOf(df)
	if err != nil {
		return nil
	}
	var out []T
	for _, f := range features {
		v, err := cols.read(f, "feature", true)
		if err != nil {
			continue
		}
		if r, ok := test(v); ok {
			name(&r, f)
			out = append(out, r)
		}
	}
	return out
}

// zeroGap reports whether the zeros of v (NaN: missing) stand apart.
func zeroGap(v []float64) (ZeroGap, bool) {
	var g ZeroGap
	for _, x := range v { // most columns end here, without sorting
		switch {
		case math.IsNaN(x):
			continue
		case x == 0:
			g.Zeros++
		case x < 0 || math.IsInf(x, 0):
			return g, false
		}
		g.Rows++
	}
	if g.Zeros == 0 || g.Rows-g.Zeros < zeroGapDistinct {
		return g, false
	}
	pos := make([]float64, 0, g.Rows-g.Zeros)
	for _, x := range v {
		if x > 0 {
			pos = append(pos, x)
		}
	}
	slices.Sort(pos)
	pos = slices.Compact(pos)
	if len(pos) < zeroGapDistinct {
		return g, false
	}
	steps := make([]float64, len(pos)-1)
	for j := range steps {
		steps[j] = pos[j+1] - pos[j]
	}
	slices.Sort(steps)
	g.Min, g.Step = pos[0], steps[len(steps)/2]
	return g, g.Min >= zeroGapSteps*g.Step && g.Min >= zeroGapMedian*pos[len(pos)/2] // the (upper) median
}

// ZeroGapNote is one note for every ZeroGap ("" if none): the zeros may
// be a real "none" or a missing measurement written 0, which the columns'
// values cannot tell apart, so it is a note, not a warning.
func ZeroGapNote(gaps []ZeroGap) string {
	if len(gaps) == 0 {
		return ""
	}
	var parts []string
	for _, g := range gaps {
		parts = append(parts, fmt.Sprintf("%s (%d of %d cells 0, the others from %.4g)", g.Column, g.Zeros, g.Rows, g.Min))
	}
	what := "one column"
	if len(gaps) > 1 {
		what = fmt.Sprintf("%d columns", len(gaps))
	}
	return fmt.Sprintf("zeros stand apart from the other values in %s: %s: a 0 there may be a real none (no garage, no fly ash in the mix) "+
		"or a missing measurement written 0 (blood pressure in the Pima diabetes table); if missing, blank those cells or write NA and read with "+
		"--missing mean or drop-rows (MissingMean, MissingDropRows in Go), else the fit reads them as real, extreme values",
		what, strings.Join(parts, "; "))
}
