package experiments

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

func demoData(t *testing.T) *lao.Dataset {
	t.Helper()
	spec := datasets.DefaultDemo
	spec.MTrain, spec.MTest = 3000, 1
	train, _, _, err := datasets.Demo(spec)
	if err != nil {
		t.Fatal(err)
	}
	return train
}

// TestSeriesFull: a full-information curve (it reads all d attributes of
// every example) is a Reference curve.
func TestSeriesFull(t *testing.T) {
	ds := demoData(t).Head(600)
	rep, err := Run(ds, Spec{Entries: []Entry{
		{Label: "Ridge", Solver: "ridge", Params: map[string]float64{"lambda": 1e-3}},
		{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}},
	}, Splits: 1, TestFrac: 0.2, Points: 3, MinPrefix: 50, Seed: 1}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := rep.Series(ByAttributes)
	if s[0].Role != plot.Reference || s[1].Role != plot.Measured || s[0].Std != nil {
		t.Errorf("roles: ridge %v, AERR %v (want Reference, Measured); one split's band %v", s[0].Role, s[1].Role, s[0].Std)
	}
}

func TestRunCurves(t *testing.T) {
	ds := demoData(t)
	spec := Spec{Entries: []Entry{
		{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 4}, Tune: true},
		{Label: "AER", Solver: "aer", Params: map[string]float64{"k": 4}},
	}, Splits: 3, TestFrac: 0.2, CVFolds: 3, Points: 6, MinPrefix: 20, Seed: 7}
	rep, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.MTrain != 2400 || len(rep.Curves) != 2 {
		t.Fatalf("MTrain %d, %d curves", rep.MTrain, len(rep.Curves))
	}
	for _, c := range rep.Curves {
		if len(c.Points) != 6 || c.Points[0].Examples != 20 || c.Points[5].Examples != 2400 {
			t.Errorf("%s: prefixes %+v", c.Entry.Label, c.Points)
		}
		if len(c.Params) != 3 {
			t.Errorf("%s: params per split %v", c.Entry.Label, c.Params)
		}
		for i, p := range c.Points {
			perExample := p.Attributes / float64(p.Examples)
			if perExample > 5 || perExample < 1 {
				t.Errorf("%s: %g attributes per example at point %d", c.Entry.Label, perExample, i)
			}
			if i > 0 && p.Attributes <= c.Points[i-1].Attributes {
				t.Errorf("%s: attributes not increasing", c.Entry.Label)
			}
		}
		first, last := c.Points[0], c.Points[len(c.Points)-1]
		if last.MSE >= first.MSE {
			t.Errorf("%s: test error did not fall along the curve: %g → %g", c.Entry.Label, first.MSE, last.MSE)
		}
		if last.MSEStd <= 0 {
			t.Errorf("%s: no spread over 3 splits", c.Entry.Label)
		}
	}
	// Deterministic for a seed.
	again, _ := Run(ds, spec, nil)
	if again.Curves[0].Points[3] != rep.Curves[0].Points[3] {
		t.Error("same seed, different curve")
	}
	var buf bytes.Buffer
	if err := rep.WriteCSV(&buf); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 1+12 {
		t.Errorf("CSV has %d lines, want 13", lines)
	}
	if df := rep.Frame(); df.Nrow() != 12 || df.Ncol() != 8 {
		t.Errorf("frame %dx%d", df.Nrow(), df.Ncol())
	}
	if s := rep.Series(ByAttributes); s[0].X[5] != rep.Curves[0].Points[5].Attributes {
		t.Error("series by attributes does not use attributes")
	}
	series := rep.Series(ByExamples)
	if z := series[len(series)-1]; z.Role != plot.Zero || len(z.X) != len(rep.Curves[0].Points) || z.Mean[0] != rep.Curves[0].Points[0].ZeroMSE {
		t.Errorf("the last series is not the zero predictor's error per prefix: %+v", z)
	}
	for _, s := range series[:len(series)-1] {
		if len(s.Std) != len(s.X) || s.Role != plot.Measured {
			t.Errorf("%s: band %v, role %v; want three splits' band of a budgeted solver", s.Name, s.Std, s.Role)
		}
	}
	// Parameters per split: AERR tuned (B, eta), AER untuned (B, lambda);
	// an edge note appears in the CSV exactly where EdgeNotes has one.
	buf.Reset()
	if err := rep.WriteParamsCSV(&buf); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(buf.String(), "\n"); lines != 1+3*2+3*2 {
		t.Errorf("params CSV has %d lines, want 13:\n%s", lines, buf.String())
	}
	if len(rep.Curves[0].Edges) != 3 || len(rep.Curves[1].Edges) != 3 || len(rep.Curves[1].Edges[0]) != 0 {
		t.Errorf("edges per split: %q, %q", rep.Curves[0].Edges, rep.Curves[1].Edges)
	}
	if n, yes := len(rep.EdgeNotes()), strings.Count(buf.String(), ",yes\n"); n != yes {
		t.Errorf("%d edge notes but %d edge rows:\n%s", n, yes, buf.String())
	}
}

func TestRunErrors(t *testing.T) {
	ds := demoData(t)
	good := Entry{Label: "AER", Solver: "aer", Params: map[string]float64{"k": 4}}
	cases := []Spec{
		{Entries: nil, Splits: 1, TestFrac: 0.1, Points: 1},
		{Entries: []Entry{good}, Splits: 0, TestFrac: 0.1, Points: 1},
		{Entries: []Entry{{Label: "x", Solver: "nope"}}, Splits: 1, TestFrac: 0.1, Points: 1},
		{Entries: []Entry{good}, Splits: 1, TestFrac: 1.5, Points: 1},
	}
	for i, c := range cases {
		if _, err := Run(ds, c, nil); err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
	if _, err := Run(ds.Head(0), cases[1], nil); !errors.Is(err, lao.ErrEmpty) {
		t.Errorf("empty: %v", err)
	}
	if _, err := PresetByName("nope"); !errors.Is(err, lao.ErrParam) {
		t.Errorf("unknown preset: %v", err)
	}
}

func TestLogPrefixes(t *testing.T) {
	got := logPrefixes(10, 1000, 3)
	if len(got) != 3 || got[0] != 10 || got[1] != 100 || got[2] != 1000 {
		t.Errorf("logPrefixes(10, 1000, 3) = %v", got)
	}
	if got := logPrefixes(5, 7, 10); got[len(got)-1] != 7 || len(got) > 3 {
		t.Errorf("logPrefixes(5, 7, 10) = %v", got)
	}
	if Median([]float64{3, 1, 2}) != 2 || Median([]float64{4, 1, 2, 3}) != 2.5 {
		t.Error("Median")
	}
}

func TestMergeAndAtAttributes(t *testing.T) {
	ds := demoData(t).Head(600)
	spec := Spec{Entries: []Entry{
		{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}},
		{Label: "AER", Solver: "aer", Params: map[string]float64{"k": 2}},
	}, Splits: 2, TestFrac: 0.2, Points: 5, MinPrefix: 20, Seed: 4}
	all, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Report
	for _, e := range spec.Entries {
		s := spec
		s.Entries = []Entry{e}
		r, err := Run(ds, s, nil)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, r)
	}
	m, err := Merge(parts...)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Curves) != 2 || m.Curves[1].Points[4] != all.Curves[1].Points[4] || len(m.Spec.Entries) != 2 {
		t.Errorf("merged %+v", m.Curves)
	}
	other := spec
	other.Seed = 5
	r, err := Run(ds, other, nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Merge(parts[0], r); !errors.Is(err, lao.ErrParam) {
		t.Errorf("reports of different splits merged: %v", err)
	}
	if _, err := Merge(); !errors.Is(err, lao.ErrParam) {
		t.Errorf("empty merge: %v", err)
	}
	c := all.Curves[0]
	if p := c.AtAttributes(c.Points[2].Attributes, 0); p != c.Points[2] {
		t.Errorf("AtAttributes(exact point 2) = %+v", p)
	}
	if p := c.AtAttributes(0, 0.2); p != c.Points[0] {
		t.Errorf("below every point: %+v", p)
	}
	if c.Final() != c.Points[4] {
		t.Error("Final is not the last point")
	}
}

// The zero predictor's test error is recorded beside every curve (the mean
// squared label of each test part, for data used as they are), and a curve
// that ends above it is warned about.
func TestZeroPredictorRecorded(t *testing.T) {
	ds := demoData(t).Head(400)
	rep, err := Run(ds, Spec{Entries: []Entry{{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}}},
		Splits: 2, TestFrac: 0.25, Points: 2, MinPrefix: 50, Seed: 3}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var want float64
	for s := range 2 {
		_, test, err := frames.SplitDataset(ds, 0.25, 3+uint64(s))
		if err != nil {
			t.Fatal(err)
		}
		var m float64
		for _, y := range test.Labels() {
			m += y * y / float64(test.Len())
		}
		want += m / 2
	}
	if got := rep.Curves[0].Final().ZeroMSE; math.Abs(got-want) > 1e-12 {
		t.Errorf("zero predictor's MSE %g, want the mean squared test label %g", got, want)
	}
	if w := rep.ZeroWarnings(); len(w) != 0 {
		t.Errorf("AERR on the demo problem warned about: %v", w)
	}
	rep.Curves[0].Points[1].MSE = 2 * want
	if w := rep.ZeroWarnings(); len(w) != 1 || !strings.Contains(w[0], "AERR: final test MSE") || !strings.Contains(w[0], "predicting 0 does better") {
		t.Errorf("a curve ending above the zero predictor: %v", w)
	}
}
