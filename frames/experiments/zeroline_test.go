package experiments

import (
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/plot"
)

// Against attributes seen, the zero predictor's level line spans the
// curves' positive range: a prefix where CV chose the zero predictor reads
// no attribute (x = 0), which a log axis cannot draw, and a line starting
// there was left with one drawable point (notebook 02's MNIST plot showed
// no zero-predictor line).
func TestZeroLevelLineSkipsZeroAttributes(t *testing.T) {
	rep := &Report{Spec: Spec{Splits: 1}, Curves: []Curve{{Points: []Point{
		{Examples: 10, Attributes: 0, MSE: 1, ZeroMSE: 1},
		{Examples: 100, Attributes: 400, MSE: 0.9, ZeroMSE: 1},
		{Examples: 1000, Attributes: 4000, MSE: 0.8, ZeroMSE: 0.98},
	}}}}
	series := rep.Series(ByAttributes)
	z := series[len(series)-1]
	if z.Role != plot.Zero {
		t.Fatalf("the last series is %q, not the zero predictor's", z.Name)
	}
	if len(z.X) != 2 || z.X[0] != 400 || z.X[1] != 4000 || z.Mean[0] != 0.98 || z.Mean[1] != 0.98 {
		t.Errorf("zero level line X %v, Mean %v; want X [400 4000] at the final zero error 0.98", z.X, z.Mean)
	}
}

// A prefix at which CV chose the zero predictor on every split is not drawn
// as the solver's point (the zero predictor's own line shows it), the
// legend says how many were left out, and ZeroFitNotes names them; a prefix
// where only some splits chose it is drawn and named as a mixture.
// (Notebook 02's MNIST curves showed AER's zero-predictor points as AER.)
func TestZeroFitsNotDrawnAsTheSolver(t *testing.T) {
	g := grids{mse: [][][]float64{{{1, 0.9, 0.8}, {1, 1, 0.7}}}, cerr: [][][]float64{{{0, 0, 0}, {0, 0, 0}}},
		attrs: [][][]float64{{{0, 40, 400}, {0, 0, 400}}}, zero: [][][]float64{{{1, 1, 1}, {1, 1, 1}}}}
	rep := &Report{Spec: Spec{Splits: 2, Entries: []Entry{{Label: "AER (k = 4)", Solver: "aer"}}}, Curves: make([]Curve, 1)}
	rep.points(g, []int{10, 100, 1000})
	if z := []int{rep.Curves[0].Points[0].ZeroFits, rep.Curves[0].Points[1].ZeroFits, rep.Curves[0].Points[2].ZeroFits}; z[0] != 2 || z[1] != 1 || z[2] != 0 {
		t.Fatalf("ZeroFits %v, want [2 1 0]", z)
	}
	for _, axis := range []Axis{ByExamples, ByAttributes} {
		s := rep.Series(axis)[0]
		if len(s.X) != 2 || s.X[0] == 0 || s.Name != "AER (k = 4) (w = 0 at 1 of 3 prefixes: not drawn)" {
			t.Errorf("axis %v: series %q X %v; want the two prefixes with a fit, and the legend saying one was left out", axis, s.Name, s.X)
		}
	}
	notes := rep.ZeroFitNotes()
	if len(notes) != 2 || !strings.Contains(notes[0], "after 10 examples") || !strings.Contains(notes[0], "predicting 0") ||
		!strings.Contains(notes[1], "after 100 examples (1 of 2 splits, where w = 0 scored 1), cross-validation") || !strings.Contains(notes[1], "a jump there is cross-validation's choice of w = 0") {
		t.Errorf("ZeroFitNotes %q", notes)
	}
}

// A prefix in the middle of a curve where every split's fit was the zero
// predictor is left out and the line breaks there (it was drawn straight
// across, as if a run had those values); one at the start only shortens it.
func TestZeroPrefixBreaksTheLine(t *testing.T) {
	g := grids{mse: [][][]float64{{{1, 0.5, 1, 0.4}, {1, 0.6, 1, 0.3}}}, cerr: [][][]float64{{{0, 0, 0, 0}, {0, 0, 0, 0}}},
		attrs: [][][]float64{{{0, 40, 0, 400}, {0, 40, 0, 400}}}, zero: [][][]float64{{{1, 1, 1, 1}, {1, 1, 1, 1}}}}
	rep := &Report{Spec: Spec{Splits: 2, Entries: []Entry{{Label: "AER (k = 4)", Solver: "aer"}}}, Curves: make([]Curve, 1)}
	rep.points(g, []int{10, 100, 200, 1000})
	s := rep.Series(ByExamples)[0]
	if !slices.Equal(s.X, []float64{100, 1000}) || !slices.Equal(s.Breaks, []int{1}) {
		t.Errorf("X %v, breaks %v; want 100 and 1000 with a break between them", s.X, s.Breaks)
	}
}
