package plot

import (
	"bytes"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
)

func TestSVGAndPNG(t *testing.T) {
	p := gplot.New()
	p.Title.Text = "Title <T>"
	p.X.Label.Text = "attributes seen"
	p.Y.Label.Text = "test MSE"
	l, _ := plotter.NewLine(plotter.XYs{{X: 1, Y: 2}, {X: 3, Y: 1}})
	p.Add(l)
	svg, err := SVG(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, want := range []string{"<svg", `width="504pt"`, "Title &lt;T&gt;", "attributes seen", "test MSE", "</svg>"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	png, err := PNG(p, 0, 0)
	if err != nil || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("PNG: %v, %q", err, png[:min(8, len(png))])
	}
	if _, err := SVG(nil, 0, 0); err == nil {
		t.Error("nil plot accepted")
	}
}

var fillOpacity = regexp.MustCompile(`fill-opacity:0\.26`)

func TestBands(t *testing.T) {
	curves := []Curve{
		{Name: "AERR", X: []float64{1, 10, 100}, Mean: []float64{3, 2, 1}, Std: []float64{0.5, 0.3, 0.1}},
		{Name: "Ridge", X: []float64{1, 10, 100}, Mean: []float64{2, 1.5, 0.8}, Std: []float64{0.2, 0.1, 0.1}},
		{Name: "no band", X: []float64{1, 100}, Mean: []float64{1, 1}},
	}
	svg, err := BandsSVG(curves, BandsOptions{Title: "Excess risk", XLabel: "attributes seen", YLabel: "MSE", LogX: true, BandLabel: "± 1 sd over 3 seeds"})
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, want := range []string{"Excess risk", "attributes seen", "MSE", ">AERR<", ">Ridge<", "no band", "± 1 sd over 3 seeds", ">100<"} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	// Each band is a translucent fill: two in the plot, two legend swatches
	// and the swatch that explains the bands.
	if got := len(fillOpacity.FindAllString(s, -1)); got != 5 {
		t.Errorf("%d translucent fills (bands), want 5", got)
	}
	p, err := BandsPlot(curves[:1], BandsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The axis range is the band's [0.9, 3.5] padded by 3 % on each side.
	if math.Abs(p.Y.Min-(0.9-0.078)) > 1e-9 || math.Abs(p.Y.Max-(3.5+0.078)) > 1e-9 || p.X.Min >= 1 || p.X.Max <= 100 {
		t.Errorf("axes x [%g, %g], y [%g, %g]; want y [0.822, 3.578] around the band [0.9, 3.5]", p.X.Min, p.X.Max, p.Y.Min, p.Y.Max)
	}
}

// TestBandsRoles: a bound takes its measurement's colour, dashed; w = 0,
// references and floors have their own fixed styles; a reference far below the other
// curves does not stretch the y axis and its legend entry says where it is.
func TestBandsRoles(t *testing.T) {
	x := []float64{100, 1000, 10000}
	curves := []Curve{
		{Name: "AERR", X: x, Mean: []float64{0.1, 0.03, 0.01}, Std: []float64{0.01, 0.01, 0.001}},
		{Name: "AELR", X: x, Mean: []float64{0.2, 0.1, 0.05}},
		{Name: "Theorem 3.4", X: x, Mean: []float64{3, 1, 0.3}, Role: Bound, Group: "AELR"},
		{Name: "Theorem 3.1", X: x, Mean: []float64{2, 0.6, 0.2}, Role: Bound, Group: "AERR"},
		{Name: "w = 0", X: []float64{100, 10000}, Mean: []float64{0.15, 0.15}, Role: Zero},
		{Name: "offline ridge", X: x, Mean: []float64{1e-8, 1e-9, 1e-9}, Role: Reference},
		{Name: "noise variance", X: []float64{100, 10000}, Mean: []float64{0.008, 0.008}, Role: Floor},
	}
	o := BandsOptions{LogX: true, LogY: true}
	svg, err := BandsSVG(curves, o)
	if err != nil {
		t.Fatal(err)
	}
	s := string(svg)
	for _, want := range []string{
		"stroke:#1F77B4;stroke-width:1.8\"",                    // AERR, solid
		"stroke:#FF7F0E;stroke-width:1.8\"",                    // AELR, solid
		"stroke:#1F77B4;stroke-width:1.4;stroke-dasharray:6,3", // Theorem 3.1 in AERR's colour
		"stroke:#FF7F0E;stroke-width:1.4;stroke-dasharray:6,3", // Theorem 3.4 in AELR's colour
		"stroke:#999999;stroke-width:1.3;stroke-dasharray:1.5,2.5",
		"stroke:#000000;stroke-dasharray:0.8,1.6", // the floor (width 1, the default)
		"offline ridge (below the axis: 1e-09)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	p, _ := BandsPlot(curves, o)
	if p.Y.Min < 0.001 || p.Y.Max > 4 {
		t.Errorf("y axis [%g, %g]: the reference at 1e-9 stretched it (want within [0.001, 4])", p.Y.Min, p.Y.Max)
	}
	curves[5].Mean = []float64{0.005, 0.004, 0.004} // within a factor 10 of the rest: shown
	if p, _ := BandsPlot(curves, o); p.Y.Min > 0.004 {
		t.Errorf("y axis starts at %g, above a nearby reference at 0.004", p.Y.Min)
	}
	// The zero predictor far above every curve (ratios of 0.01-0.06 against
	// its 1) is left off a linear axis, with a note, not squeezing the
	// curves to its bottom; a tick at a mean count of attributes is rounded.
	ratios := []Curve{{Name: "aerr", X: []float64{3203.6666666667, 5269.6666666667}, Mean: []float64{0.06, 0.04}},
		{Name: "zero predictor", X: []float64{3203.6666666667, 5269.6666666667}, Mean: []float64{1, 1}, Role: Zero}}
	if p, _ := BandsPlot(ratios, BandsOptions{}); p.Y.Max > 0.1 {
		t.Errorf("y axis up to %g: the zero predictor at 1 squeezed curves at 0.04-0.06", p.Y.Max)
	}
	if svg, _ := BandsSVG(ratios, BandsOptions{}); !strings.Contains(string(svg), "zero predictor (above the axis: 1)") || !strings.Contains(string(svg), ">3204<") {
		t.Error("the zero predictor off the axis without a note, or a tick at 3203.67 not rounded")
	}
	for _, c := range []struct {
		xs   []float64
		want []string
	}{
		{[]float64{2, 4, 12345, 123456}, []string{"2", "4", "12345", "123456"}},
		{[]float64{1000.2, 1000.4, 3203.6666666667}, []string{"1000.2", "1000.4", "3203.7"}},
		{[]float64{3203.6666666667, 3204.3333333333}, []string{"3203.7", "3204.3"}},
	} {
		if got := pointLabels(c.xs); !slices.Equal(got, c.want) {
			t.Errorf("pointLabels(%v) = %q, want %q", c.xs, got, c.want)
		}
	}
	if p, _ := BandsPlot(ratios, BandsOptions{LogY: true}); p.Y.Max < 1 {
		t.Errorf("log y axis up to %g: the zero predictor at 1 left off (a log axis keeps the curves apart)", p.Y.Max)
	}
	ratios[0].Mean = []float64{0.5, 0.35} // within 3 times the curves' top: on the axis, as the scale to read them by
	if p, _ := BandsPlot(ratios, BandsOptions{}); p.Y.Max < 1 {
		t.Errorf("y axis up to %g: the zero predictor at 1 left off beside curves at 0.35-0.5", p.Y.Max)
	}
	ks := []Curve{{Name: "AERR", X: []float64{1, 3, 4, 6}, Mean: []float64{4, 3, 2, 1}}}
	if svg, _ := BandsSVG(ks, BandsOptions{}); !strings.Contains(string(svg), ">3<") || !strings.Contains(string(svg), ">6<") {
		t.Error("a linear x axis with four budgets k lacks a labelled tick at each")
	}
	if _, err := BandsSVG([]Curve{{Name: "r", X: x, Mean: x, Role: Role(9)}}, o); err == nil {
		t.Error("unknown role accepted")
	}
}

// TestLayoutLegendBeside: the legend widens the image instead of covering
// the axes, and the y label of a log axis leaves no blank band: the data
// area reaches (almost) the title, as it does on a linear axis.
func TestLayoutLegendBeside(t *testing.T) {
	x := []float64{1, 10, 100}
	long := "excess risk of the averaged iterate, ½-squared loss"
	c := []Curve{{Name: "a rather long legend entry", X: x, Mean: []float64{1e-4, 1e-2, 1}}}
	p, err := BandsPlot(c, BandsOptions{Title: "T", YLabel: long, LogY: true})
	if err != nil {
		t.Fatal(err)
	}
	lw := legendWidth(p)
	if lw < vg.Points(60) {
		t.Fatalf("legend width %v", lw)
	}
	svg, err := SVG(p, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<svg width="([0-9.]+)pt"`).FindSubmatch(svg)
	if width, err := strconv.ParseFloat(string(m[1]), 64); err != nil || math.Abs(width-float64(DefaultWidth+lw)) > 0.01 {
		t.Errorf("SVG width %spt (%v), want %gpt: the default width plus the legend", m[1], err, float64(DefaultWidth+lw))
	}
	canvas := func() draw.Canvas { return draw.New(vgsvg.New(DefaultWidth+lw, DefaultHeight)) }
	top := func(logY bool) vg.Length {
		p, _ := BandsPlot(c, BandsOptions{Title: "T", YLabel: long, LogY: logY})
		return drawLaidOut(p, canvas(), lw).Max.Y
	}
	lin, log := top(false), top(true)
	if math.Abs(float64(lin-log)) > 1 {
		t.Errorf("top of the data area: %v on a linear axis, %v on a log axis: a blank band", lin, log)
	}
	// gonum's own layout shows the effect this guards against.
	p, _ = BandsPlot(c, BandsOptions{Title: "T", YLabel: long, LogY: true})
	if gonum := p.DataCanvas(canvas()).Max.Y; lin-gonum < 10 {
		t.Errorf("gonum/plot's layout puts the top of the log-axis data area at %v, the linear one at %v: no blank band to avoid any more?", gonum, lin)
	}
}

func TestBandsErrors(t *testing.T) {
	ok := Curve{Name: "c", X: []float64{1, 2}, Mean: []float64{1, 2}, Std: []float64{0, 1}}
	bad := map[string]struct {
		c Curve
		o BandsOptions
	}{
		"lengths":  {Curve{X: []float64{1, 2}, Mean: []float64{1}}, BandsOptions{}},
		"std len":  {Curve{X: []float64{1}, Mean: []float64{1}, Std: []float64{1, 2}}, BandsOptions{}},
		"empty":    {Curve{}, BandsOptions{}},
		"NaN":      {Curve{X: []float64{1}, Mean: []float64{math.NaN()}}, BandsOptions{}},
		"neg std":  {Curve{X: []float64{1}, Mean: []float64{1}, Std: []float64{-1}}, BandsOptions{}},
		"log x":    {Curve{X: []float64{0, 1}, Mean: []float64{1, 1}}, BandsOptions{LogX: true}},
		"log mean": {Curve{X: []float64{1}, Mean: []float64{-1}}, BandsOptions{LogY: true}},
	}
	for name, b := range bad {
		if _, err := BandsSVG([]Curve{ok, b.c}, b.o); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := BandsSVG(nil, BandsOptions{}); err == nil {
		t.Error("no curves accepted")
	}
	// On a log y axis a band reaching below zero is drawn to the axis (the
	// floor given), and its legend says so; on a linear one it is not cut.
	below := Curve{Name: "wide", X: []float64{1, 2}, Mean: []float64{2, 1}, Std: []float64{3, 0.5}}
	if pts := bandPoints(below, 0.05); pts[3].Y != 0.05 || pts[2].Y != 0.5 {
		t.Errorf("log-y lower edges %g, %g; want 0.05 (the axis) and 0.5", pts[3].Y, pts[2].Y)
	}
	if pts := bandPoints(below, 0); pts[3].Y != -1 {
		t.Errorf("linear lower edge %g, want -1", pts[3].Y)
	}
	p, err := BandsPlot([]Curve{below}, BandsOptions{LogY: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, y := dataRanges([]Curve{below}, BandsOptions{LogY: true}); y.lo != 0.5 || p.Y.Min <= 0 {
		t.Errorf("log-y range from %g (axis from %g): the band's edge below 0 must not set it", y.lo, p.Y.Min)
	}
	var b bytes.Buffer
	svg, err := BandsSVG([]Curve{below}, BandsOptions{LogY: true})
	if err != nil {
		t.Fatal(err)
	}
	b.Write(svg)
	if !strings.Contains(b.String(), "wide (band: mean − sd below 0 at some points, drawn to the axis)") {
		t.Error("the legend does not say the band was drawn to the axis")
	}
}

func TestLogTicks(t *testing.T) {
	labels := func(lo, hi float64) (ls []string) {
		for _, tk := range (logTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				ls = append(ls, tk.Label)
			}
		}
		return ls
	}
	if got := strings.Join(labels(1500, 84000), " "); got != "2000 5000 10000 20000 50000" {
		t.Errorf("short axis labels %q", got)
	}
	if got := strings.Join(labels(0.001, 1e8), " "); got != "1e-3 1e-2 1e-1 1e0 1e1 1e2 1e3 1e4 1e5 1e6 1e7 1e8" { // one format
		t.Errorf("long axis labels %q", got)
	}
	if n := len((logTicks{}).Ticks(1, 100)); n != 19 { // 1..9, 10..90, 100
		t.Errorf("%d ticks on [1, 100], want 19", n)
	}
	if (logTicks{}).Ticks(0, 1) != nil {
		t.Error("ticks for a non-positive range")
	}
}

func TestLogTicksWhereTheDataAre(t *testing.T) {
	labels := func(lo, hi float64) string {
		var ls []string
		for _, tk := range (logTicks{}).Ticks(lo, hi) {
			if tk.Label != "" {
				ls = append(ls, tk.Label)
			}
		}
		return strings.Join(ls, " ")
	}
	for _, c := range []struct {
		lo, hi float64
		want   string
	}{
		{17, 1.2e7, "1e2 1e3 1e4 1e5 1e6 1e7"}, // long: powers of ten only, one format
		{2e-5, 0.03, "1e-4 1e-3 1e-2"},         // small values: one format too
		{230, 1400, "300 500 1000"},            // 1-2-3-5 under 1.5 decades
		{0.23, 6, "0.3 0.5 1 2 3 5"},           // no end of the data far from a label
		{300, 450, "300 400"},                  // every multiple
		{77, 176, "80 100 120 140 160"},        // a new user's axis: labels to its end, not 70 … 100
		{120, 900, "200 300 500"},              // 1-2-3-5 reaching both ends
		{0.52, 0.68, "0.55 0.6 0.65"},          // under one multiple: linear nice values
	} {
		if got := labels(c.lo, c.hi); got != c.want {
			t.Errorf("[%g, %g]: labels %q, want %q", c.lo, c.hi, got, c.want)
		}
	}
}

// Slider views given YSpanOf all of them share one y axis; without it each
// fits its own data.
func TestYSpanSharesScale(t *testing.T) {
	a := []Curve{{Name: "a", X: []float64{1, 2, 3}, Mean: []float64{1, 0.5, 0.2}}}
	b := []Curve{{Name: "b", X: []float64{1, 2, 3}, Mean: []float64{1, 0.1, 0.001}}}
	o := BandsOptions{LogY: true}
	pa, _ := BandsPlot(a, o)
	pb, _ := BandsPlot(b, o)
	if pa.Y.Min == pb.Y.Min {
		t.Fatalf("views of different data share a scale without YSpan: %g", pa.Y.Min)
	}
	o.YSpan = YSpanOf(o, a, b)
	pa, _ = BandsPlot(a, o)
	pb, _ = BandsPlot(b, o)
	if pa.Y.Min != pb.Y.Min || pa.Y.Max != pb.Y.Max || pa.Y.Min > 0.001 {
		t.Errorf("with YSpan %v: y axes [%g, %g] and [%g, %g]", o.YSpan, pa.Y.Min, pa.Y.Max, pb.Y.Min, pb.Y.Max)
	}
}

// A log x axis over a few swept values is labelled at each of them; over
// many values, or values too close to label, at 1-2-5 where the data are.
func TestLogXTicksAtSweptValues(t *testing.T) {
	labels := func(xs []float64) string {
		c := Curve{Name: "m", X: xs, Mean: slices.Repeat([]float64{1}, len(xs))}
		p, err := BandsPlot([]Curve{c}, BandsOptions{LogX: true})
		if err != nil {
			t.Fatal(err)
		}
		var ls []string
		for _, tk := range p.X.Tick.Marker.Ticks(p.X.Min, p.X.Max) {
			if tk.Label != "" {
				ls = append(ls, tk.Label)
			}
		}
		return strings.Join(ls, " ")
	}
	for _, c := range []struct {
		xs   []float64
		want string
	}{
		{[]float64{32, 64, 128}, "32 64 128"},
		{[]float64{0.035, 0.05, 0.07, 0.1}, "0.035 0.05 0.07 0.1"},
		{[]float64{1, 2, 3, 4, 5, 8, 9}, "1 2 3 4 5 8 9"},
		{[]float64{100, 101, 1000}, "100 200 300 500 1000"},                     // 100 and 101 too close to label both
		{[]float64{1, 2, 4, 8, 16, 32, 64, 128, 256}, "1 2 5 10 20 50 100 200"}, // nine values: 1-2-5
	} {
		if got := labels(c.xs); got != c.want {
			t.Errorf("x %v: labels %q, want %q", c.xs, got, c.want)
		}
	}
}

// A curve of one point (a method run at one k of compare's several) is a
// marker: a line through one point drew nothing, and the legend named a
// method the plot did not show. The marker is a circle: an arc in the SVG.
func TestBandsOnePointMarked(t *testing.T) {
	two := []Curve{{Name: "ridge", X: []float64{1, 2}, Mean: []float64{0.3, 0.2}}}
	svg, err := BandsSVG(two, BandsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	arcs := strings.Count(string(svg), "A3,3") // gonum/plot's SVG circle of radius 3 pt
	one := append(two, Curve{Name: "aerr", X: []float64{2}, Mean: []float64{0.5}})
	if svg, err = BandsSVG(one, BandsOptions{}); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(string(svg), "A3,3"); got <= arcs {
		t.Errorf("%d arcs with a one-point curve, %d without: no marker drawn", got, arcs)
	}
}

// A curve with Breaks is drawn as separate runs of points (a lone point
// marked), OnLogX keeps its breaks with the points it keeps, and breaks
// out of order are refused.
func TestCurveBreaks(t *testing.T) {
	c := Curve{Name: "gap", X: []float64{0, 1, 2, 3, 4}, Mean: []float64{1, 2, 3, 4, 5}, Std: []float64{0, 0, 0, 0, 0}, Breaks: []int{2, 4}}
	seg := c.segments()
	if len(seg) != 3 || !slices.Equal(seg[0].X, []float64{0, 1}) || !slices.Equal(seg[1].X, []float64{2, 3}) || !slices.Equal(seg[2].Mean, []float64{5}) || len(seg[2].Std) != 1 {
		t.Fatalf("segments %+v", seg)
	}
	d := OnLogX([]Curve{c})[0] // x = 0 dropped: the breaks move with the points
	if !slices.Equal(d.X, []float64{1, 2, 3, 4}) || !slices.Equal(d.Breaks, []int{1, 3}) {
		t.Errorf("OnLogX: X %v, breaks %v; want breaks before 2 and 4", d.X, d.Breaks)
	}
	if _, err := BandsSVG([]Curve{d}, BandsOptions{LogX: true}); err != nil {
		t.Error(err)
	}
	d.Breaks = []int{3, 1}
	if _, err := BandsSVG([]Curve{d}, BandsOptions{LogX: true}); err == nil || !strings.Contains(err.Error(), "breaks [3 1]") {
		t.Errorf("breaks out of order: %v", err)
	}
}
