package plot

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
)

// Row lays panels side by side, each with its legend beside it: the SVG
// is as wide as the panels and their legend strips, and holds every title
// and legend entry; PNG works too; no panels is an error.
func TestRow(t *testing.T) {
	curves := []Curve{{Name: "aerr", X: []float64{2, 4, 8}, Mean: []float64{0.5, 0.4, 0.3}, Std: []float64{0.1, 0.1, 0.1}}}
	a, err := BandsPlot(curves, BandsOptions{Title: "left panel"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := BandsPlot(curves, BandsOptions{Title: "right panel"})
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Row([]*gplot.Plot{a, b}, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"left panel", "right panel", "aerr"} {
		if !strings.Contains(string(svg), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	one, _ := SVG(a, 0, 0)
	if w1, w2 := svgWidth(t, one), svgWidth(t, svg); w2 < 1.99*w1 {
		t.Errorf("row of two is %g wide, one panel with its legend %g", w2, w1)
	}
	if png, err := Row([]*gplot.Plot{a}, true); err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Errorf("PNG: %v", err)
	}
	if _, err := Row(nil, false); err == nil {
		t.Error("no panels: no error")
	}
}

// svgWidth returns the width of an SVG document in points.
func svgWidth(t *testing.T, svg []byte) float64 {
	t.Helper()
	m := regexp.MustCompile(`<svg width="([0-9.]+)pt"`).FindSubmatch(svg)
	if m == nil {
		t.Fatal("no width")
	}
	w, err := strconv.ParseFloat(string(m[1]), 64)
	if err != nil {
		t.Fatal(err)
	}
	return w
}
