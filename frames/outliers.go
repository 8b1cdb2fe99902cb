package frames

import (
	"fmt"
	"math"
)

// Outlier is a feature column one of whose training values holds most of
// the column's spread: at least MinOutlierShare of its sum of squares
// about its mean, with at least MinOutlierRows values present (so that
// the share is at least ten times a row's).
type Outlier struct {
	Column string
	Value  float64 // the value, in the table's units (the column's smallest or largest)
	Share  float64 // its share of the column's sum of squares about the mean
	// Rows, when the column takes only the values 0 and 1 (an indicator;
	// its statistics say so: its variance is (max − mean)(mean − min), which
	// only a column of its smallest and largest values reaches), is the
	// number of training rows that hold Value, of N (a constant column but
	// for one typo is two-valued too, and keeps Rows 0).
	Rows, N int
}

// MinOutlierShare and MinOutlierRows: see Outlier.
const (
	MinOutlierShare = 0.5
	MinOutlierRows  = 20
)

// Outliers returns the columns of stats (the training statistics of the
// features named by names, Prepared.Stats) in which one value decides the
// spread. A column read from a typo (10700 for 107) or in another unit in
// one row looks so; so does a rare category's indicator (one row of 1s).
func Outliers(stats []ColumnStats, names []string) []Outlier {
	var out []Outlier
	for j, s := range stats {
		if s.N < MinOutlierRows || !(s.SD > 0) || math.IsInf(s.SD, 0) {
			continue
		}
		v := s.Max
		if s.Mean/2-s.Min/2 > s.Max/2-s.Mean/2 { // halves: no overflow at ±1e308
			v = s.Min
		}
		z := (v - s.Mean) / s.SD // in units of the spread: its square cannot overflow where the sum of squares would
		if math.IsInf(z, 0) {
			z = v/s.SD - s.Mean/s.SD
		}
		if share := z * z / float64(s.N); share >= MinOutlierShare {
			o := Outlier{Column: names[j], Value: v, Share: share, N: s.N}
			if bd := (s.Max - s.Mean) * (s.Mean - s.Min); s.Min == 0 && s.Max == 1 && math.Abs(s.SD*s.SD-bd) <= 1e-9*bd { // a 0/1 column (Bhatia-Davis: equality for two values only)
				o.Rows = int(math.Round(float64(s.N) * math.Abs(s.Mean-(s.Min+s.Max-v)) / (s.Max - s.Min)))
			}
			out = append(out, o)
		}
	}
	return out
}

// OutlierNotes returns a note for each of the first three Outliers of
// stats and one for the rest, if any; the two-valued columns (indicators
// whose rarer value is on a few rows) in one note of their own.
func OutlierNotes(stats []ColumnStats, names []string) []string {
	var notes []string
	var os, rare []Outlier
	for _, o := range Outliers(stats, names) {
		if o.Rows > 0 {
			rare = append(rare, o)
		} else {
			os = append(os, o)
		}
	}
	if len(rare) > 0 {
		cols := make([]string, len(rare))
		for i, o := range rare {
			cols[i] = o.Column
		}
		o := rare[0]
		notes = append(notes, fmt.Sprintf("%s %s two values, the rarer on a few training rows only (%s: %.6g on %s of %d): each such column's weight is learned from those rows alone, so it is mostly noise; a rare indicator is not an error, but it may be worth leaving out (--ignore): %s",
			plural(len(rare), "column"), map[bool]string{true: "takes", false: "take"}[len(rare) == 1], ShellWord(o.Column), o.Value, plural(o.Rows, "row"), o.N, QuoteFew(cols, 8)))
	}
	for i, o := range os {
		if i == 3 {
			rest := make([]string, 0, len(os)-3)
			for _, r := range os[3:] {
				rest = append(rest, r.Column)
			}
			notes = append(notes, fmt.Sprintf("%d more columns where one value holds most of the spread: %s", len(rest), QuoteFew(rest, 8)))
			break
		}
		notes = append(notes, o.Note())
	}
	return notes
}

// Note says what the outlier does to a fit, and what to check.
func (o Outlier) Note() string {
	return fmt.Sprintf("column %s: one training value, %.6g, holds %.0f %% of the column's sum of squares about its mean: "+
		"its weight is learned mostly from that row, and scaling by the column's spread squeezes the other rows; "+
		"check the value (a typo? another unit?), unless it is a rare category's indicator",
		ShellWord(o.Column), o.Value, 100*o.Share)
}
