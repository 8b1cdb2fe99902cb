package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Role says what a curve of a bands plot is, and so how it is drawn. The
// styles are fixed per role, so that every plot of the notebooks reads the
// same way.
type Role int

const (
	// Measured is a measurement: a solid line in its group's colour, with a
	// shaded band mean ± std when Std is set.
	Measured Role = iota
	// Bound is a theorem's bound: a dashed line in the colour of the
	// measured curve of the same Group.
	Bound
	// Zero is the error of the predictor w = 0: a grey dotted line.
	Zero
	// Reference is a full-information algorithm (it sees every attribute):
	// a dash-dotted line in black or grey. It does not set the y range: a
	// reference far below the other curves (offline ridge on noise-free
	// labels) is clipped at the bottom and its legend entry says so.
	Reference
	// Floor is a level no predictor can beat, such as the noise variance
	// of a synthetic design's test error: a thin black dotted line. A
	// band below it is the spread of a few runs, not a better model.
	Floor
)

// Curve is one line of a bands plot: the mean of a quantity over repeated
// runs (seeds or splits) at each x, and its standard deviation.
type Curve struct {
	Name string    // legend entry
	X    []float64 // x positions, e.g. attributes seen
	Mean []float64 // mean over runs at each x
	Std  []float64 // standard deviation over runs at each x; nil draws no band
	Role Role      // how the curve is drawn (default Measured)
	// Group pairs a bound with its measurement: curves with the same Group
	// share a colour. Empty means the curve's Name.
	Group string
	// Rate marks a Bound curve whose theorem is stated up to a constant
	// (O(·)) and is drawn with constant 1 (RateCurve): it shows the bound's
	// shape, not a certified number.
	Rate bool
	// Breaks lists, in increasing order, the indices k (0 < k < len(X))
	// where the line and band stop at point k−1 and start again at point k:
	// a point between them was left out (a prefix where the fit was the
	// zero predictor), and a line across the gap would draw values no run
	// had.
	Breaks []int
}

func (c Curve) group() string {
	if c.Group != "" {
		return c.Group
	}
	return c.Name
}

// BandsOptions label a bands plot.
type BandsOptions struct {
	Title  string
	XLabel string
	YLabel string
	// LogX and LogY select logarithmic axes; all x (resp. all means) must
	// then be positive. On a log y axis a band whose lower edge mean − std
	// is not positive is drawn down to the axis, and its legend entry says
	// so (it was cut at mean/10, a value no run had).
	LogX, LogY bool
	// BandLabel is the legend entry that explains the shaded bands, e.g.
	// "± 1 sd over 5 seeds"; empty means "shaded: ± 1 sd". It is shown only
	// when some curve has a band.
	BandLabel string
	// Width and Height of the rendered image; zero selects DefaultHeight
	// and DefaultWidth plus the legend's width (the legend is drawn beside
	// the axes, never over the data).
	Width, Height vg.Length
	// YSpan, if its second value is above its first, is included in the y
	// axis: the views of a slider share one scale when each gets the
	// YSpanOf all of them.
	YSpan [2]float64
}

// YSpanOf returns the y range that plots of each set of curves with o
// would span together (the YSpan that gives their views one scale).
func YSpanOf(o BandsOptions, sets ...[]Curve) [2]float64 {
	y := emptySpan()
	for _, cs := range sets {
		_, r := dataRanges(cs, o)
		y.add(r.lo)
		y.add(r.hi)
	}
	return [2]float64{y.lo, y.hi}
}

// bandAlpha is the opacity of a band (of 255).
const bandAlpha = 0x44

// palette holds the colours of measured curves and their bounds, by group
// (the "tab10" colours without grey).
var palette = []color.NRGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff},
	{0xd6, 0x27, 0x28, 0xff}, {0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff},
	{0xe3, 0x77, 0xc2, 0xff}, {0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

// referenceColors are the colours of full-information references, in order.
var referenceColors = []color.NRGBA{{0x22, 0x22, 0x22, 0xff}, {0x77, 0x77, 0x77, 0xff}, {0x55, 0x55, 0x55, 0xff}}

var zeroColor = color.NRGBA{0x99, 0x99, 0x99, 0xff}

var floorColor = color.NRGBA{0x00, 0x00, 0x00, 0xff}

// Line styles per role (in points).
var (
	boundDashes     = []vg.Length{vg.Points(6), vg.Points(3)}
	zeroDashes      = []vg.Length{vg.Points(1.5), vg.Points(2.5)}
	floorDashes     = []vg.Length{vg.Points(0.8), vg.Points(1.6)}
	referenceDashes = []vg.Length{vg.Points(7), vg.Points(2.5), vg.Points(1.5), vg.Points(2.5)}
)

// lineStyle returns the style of curve c: its colour (by group or
// reference order), width and dashes.
func lineStyle(c Curve, groupIdx, refIdx int) draw.LineStyle {
	switch c.Role {
	case Bound:
		return draw.LineStyle{Color: palette[groupIdx%len(palette)], Width: vg.Points(1.4), Dashes: boundDashes}
	case Zero:
		return draw.LineStyle{Color: zeroColor, Width: vg.Points(1.3), Dashes: zeroDashes}
	case Floor:
		return draw.LineStyle{Color: floorColor, Width: vg.Points(1), Dashes: floorDashes}
	case Reference:
		return draw.LineStyle{Color: referenceColors[refIdx%len(referenceColors)], Width: vg.Points(1.4), Dashes: referenceDashes}
	default:
		return draw.LineStyle{Color: palette[groupIdx%len(palette)], Width: vg.Points(1.8)}
	}
}

// BandsPlot builds one plot with, for every curve, its mean as a line in
// the style of its Role and, for measured curves with Std, a shaded band
// mean ± std in the same colour; plus title, axis labels, a legend (drawn
// beside the axes when rendered by this package) and a light grid. The axis
// ranges are derived from the data (see Reference for the one exception),
// and log axes get ticks at 1-2-5 (or finer) wherever the data lie, or at
// each of a few swept values far enough apart to label (apartOnLog).
func BandsPlot(curves []Curve, o BandsOptions) (*gplot.Plot, error) {
	if len(curves) == 0 {
		return nil, fmt.Errorf("plot: BandsPlot: no curves")
	}
	for i, c := range curves {
		if err := c.check(o); err != nil {
			return nil, fmt.Errorf("plot: BandsPlot: curve %d (%q): %w", i, c.Name, err)
		}
	}
	p := newAxes(curves, o)
	groups := map[string]int{}
	for _, c := range curves { // colours by group, in order of first appearance
		if _, ok := groups[c.group()]; !ok && (c.Role == Measured || c.Role == Bound) {
			groups[c.group()] = len(groups)
		}
	}
	// The ranges are set before the lines are added (for offAxisNote) and
	// again after, because plot.Add widens them to every plotter's data.
	xr, yr := dataRanges(curves, o)
	setRanges := func() {
		p.X.Min, p.X.Max = xr.padded(o.LogX)
		p.Y.Min, p.Y.Max = yr.padded(o.LogY)
	}
	setRanges()
	refs, banded := 0, false
	for _, c := range curves {
		b, err := addCurve(p, c, lineStyle(c, groups[c.group()], refs), o.LogY)
		if err != nil {
			return nil, fmt.Errorf("plot: BandsPlot: curve %q: %w", c.Name, err)
		}
		if c.Role == Reference {
			refs++
		}
		banded = banded || b
	}
	if banded {
		swatch, _ := plotter.NewPolygon(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}})
		swatch.Color = withAlpha(zeroColor, bandAlpha)
		swatch.LineStyle.Width = 0
		label := o.BandLabel
		if label == "" {
			label = "shaded: ± 1 sd"
		}
		p.Legend.Add(label, swatch)
	}
	setRanges()
	return p, nil
}

// newAxes returns an empty plot with the title, labels, grid, legend style
// and axis scales and ticks of o.
func newAxes(curves []Curve, o BandsOptions) *gplot.Plot {
	p := gplot.New()
	p.Title.Text = o.Title
	p.X.Label.Text = o.XLabel
	p.Y.Label.Text = o.YLabel
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.Padding = vg.Points(2)
	p.Add(plotter.NewGrid())
	if o.LogX {
		p.X.Scale = gplot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if o.LogY {
		p.Y.Scale = gplot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	if xs := distinctX(curves); !o.LogX && len(xs) <= 12 || o.LogX && apartOnLog(xs) {
		// A few distinct x (budgets k, dimensions, a swept ε): a labelled tick at each.
		ticks := make(gplot.ConstantTicks, len(xs))
		labels := pointLabels(xs)
		for i, x := range xs {
			ticks[i] = gplot.Tick{Value: x, Label: labels[i]}
		}
		p.X.Tick.Marker = ticks
	}
	return p
}

// addCurve adds c's mean line in style sty, and its band for a measured
// curve with Std, with a legend entry; it reports whether it drew a band.
func addCurve(p *gplot.Plot, c Curve, sty draw.LineStyle, logY bool) (banded bool, err error) {
	note := offAxisNote(c, p)
	floor := 0.0 // where a band's lower edge stops: none on a linear axis
	if logY {
		floor = p.Y.Min
		if c.belowZero() {
			note += " (band: mean − sd below 0 at some points, drawn to the axis)"
		}
	}
	var thumbs []gplot.Thumbnailer
	for i, seg := range c.segments() {
		t, err := addSegment(p, seg, sty, floor)
		if err != nil {
			return false, err
		}
		if i == 0 {
			thumbs = t
		}
	}
	p.Legend.Add(c.Name+note, thumbs...)
	return c.banded(), nil
}

// banded reports whether c is drawn with a band: a measured curve with
// Std.
func (c Curve) banded() bool { return c.Std != nil && c.Role == Measured }

// belowZero reports whether c's band reaches 0 or below somewhere: on a
// log axis it has no lower edge there.
func (c Curve) belowZero() bool {
	if !c.banded() {
		return false
	}
	for k, m := range c.Mean {
		if m-c.Std[k] <= 0 {
			return true
		}
	}
	return false
}

// segments cuts c at its Breaks into the runs of points a line joins.
func (c Curve) segments() []Curve {
	var out []Curve
	from := 0
	for _, k := range append(slices.Clone(c.Breaks), len(c.X)) {
		seg := c
		seg.X, seg.Mean, seg.Breaks = c.X[from:k], c.Mean[from:k], nil
		if c.Std != nil {
			seg.Std = c.Std[from:k]
		}
		out, from = append(out, seg), k
	}
	return out
}

// addSegment draws one unbroken run of c's points: its band (a measured
// curve with Std), its line, and a marker when it is a single point (a
// line through one point draws nothing: a method run at one k only, a
// point between two left out). It returns the legend's thumbnails.
func addSegment(p *gplot.Plot, c Curve, sty draw.LineStyle, floor float64) ([]gplot.Thumbnailer, error) {
	line, err := plotter.NewLine(meanPoints(c))
	if err != nil {
		return nil, err
	}
	line.LineStyle = sty
	thumbs := []gplot.Thumbnailer{line}
	if c.banded() {
		band, err := plotter.NewPolygon(bandPoints(c, floor))
		if err != nil {
			return nil, err
		}
		band.Color = withAlpha(sty.Color, bandAlpha)
		band.LineStyle.Width = 0
		p.Add(band)
		thumbs = []gplot.Thumbnailer{band, line}
	}
	p.Add(line)
	if len(c.X) == 1 {
		dot, err := plotter.NewScatter(meanPoints(c))
		if err != nil {
			return nil, err
		}
		dot.GlyphStyle = draw.GlyphStyle{Color: sty.Color, Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(dot)
		thumbs = append(thumbs, dot)
	}
	return thumbs, nil
}

// distinctX returns the sorted distinct x values of the measured curves (all
// curves if none is measured).
func distinctX(curves []Curve) []float64 {
	var xs []float64
	for _, c := range curves {
		if c.Role == Measured {
			xs = append(xs, c.X...)
		}
	}
	if len(xs) == 0 {
		for _, c := range curves {
			xs = append(xs, c.X...)
		}
	}
	slices.Sort(xs)
	return slices.Compact(xs)
}

// apartOnLog reports whether xs, increasing, are few (2 to 8), positive
// and far enough apart on a log axis for a label at each: every gap at
// least 4 % of the axis' span in log x.
func apartOnLog(xs []float64) bool {
	if len(xs) < 2 || len(xs) > 8 || !(xs[0] > 0) {
		return false
	}
	span := math.Log(xs[len(xs)-1] / xs[0])
	for i := 1; i < len(xs); i++ {
		if math.Log(xs[i]/xs[i-1]) < 0.04*span {
			return false
		}
	}
	return true
}

func withAlpha(c color.Color, a uint8) color.NRGBA {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}

func meanPoints(c Curve) plotter.XYs {
	pts := make(plotter.XYs, len(c.X))
	for k := range c.X {
		pts[k] = plotter.XY{X: c.X[k], Y: c.Mean[k]}
	}
	return pts
}

// span is a closed interval, empty while lo > hi.
type span struct{ lo, hi float64 }

func emptySpan() span { return span{math.Inf(1), math.Inf(-1)} }

func (s *span) add(v float64) { s.lo, s.hi = math.Min(s.lo, v), math.Max(s.hi, v) }

// padded returns the interval widened by 3 % of its width on each side (of
// its log width on a log axis); a single value gets ±10 %.
func (s span) padded(log bool) (lo, hi float64) {
	lo, hi = s.lo, s.hi
	if log {
		lo, hi = math.Log(lo), math.Log(hi)
	}
	w := hi - lo
	if w <= 0 {
		w = math.Max(math.Abs(hi), 1) * 0.2
		if log {
			w = 0.2
		}
	}
	lo, hi = lo-0.03*w, hi+0.03*w
	if log {
		return math.Exp(lo), math.Exp(hi)
	}
	return lo, hi
}

// dataRanges returns the x range of all curves and the y range of the
// curves that are not references or the zero predictor (with their bands),
// widened to the zero predictor's points (on a linear axis only those up to
// 3 times its top: curves at a few hundredths of the zero predictor's error
// would lie flat at the bottom of an axis to 1; a log axis keeps them
// apart), and then to the reference points that lie within a factor 10 of
// it (log axis) or half its width (linear axis); points left off the axis
// are named in the legend with where they are (offAxisNote).
func dataRanges(curves []Curve, o BandsOptions) (x, y span) {
	x, y = emptySpan(), emptySpan()
	if o.YSpan[1] > o.YSpan[0] {
		y.add(o.YSpan[0])
		y.add(o.YSpan[1])
	}
	var refs, zeros []float64
	for _, c := range curves {
		for k := range c.X {
			x.add(c.X[k])
			switch c.Role {
			case Reference:
				refs = append(refs, c.Mean[k])
				continue
			case Zero:
				zeros = append(zeros, c.Mean[k])
				continue
			}
			y.add(c.Mean[k])
		}
		if c.banded() {
			for k, m := range c.Mean {
				y.add(m + c.Std[k])
				if lo := m - c.Std[k]; !o.LogY || lo > 0 { // on a log axis a band below 0 is drawn to the axis
					y.add(lo)
				}
			}
		}
	}
	if y.lo > y.hi { // only references
		for _, v := range append(refs, zeros...) {
			y.add(v)
		}
		return x, y
	}
	for _, v := range zeros { // the scale the curves are read against, unless it flattens them
		if o.LogY || v <= 3*max(y.hi, 0) {
			y.add(v)
		}
	}
	lo, hi := y.lo-math.Max(y.hi-y.lo, math.Abs(y.hi)*0.1)/2, y.hi+math.Max(y.hi-y.lo, math.Abs(y.hi)*0.1)/2
	if o.LogY {
		lo, hi = y.lo/10, y.hi*10
	}
	for _, v := range refs {
		if v >= lo && v <= hi {
			y.add(v)
		}
	}
	return x, y
}

// offAxisNote returns a legend suffix for a curve that leaves the y range:
// " (below the axis: 1.2e-08)" when it lies entirely below, " (partly off
// the axis)" when some points are outside, "" otherwise.
func offAxisNote(c Curve, p *gplot.Plot) string {
	below, above := 0, 0
	for _, v := range c.Mean {
		if v < p.Y.Min {
			below++
		} else if v > p.Y.Max {
			above++
		}
	}
	last := c.Mean[len(c.Mean)-1]
	switch {
	case below == len(c.Mean):
		return fmt.Sprintf(" (below the axis: %.2g)", last)
	case above == len(c.Mean):
		return fmt.Sprintf(" (above the axis: %.2g)", last)
	case below+above > 0:
		return " (partly off the axis)"
	}
	return ""
}

// check validates the lengths and values of a curve.
func (c Curve) check(o BandsOptions) error {
	n := len(c.X)
	if n == 0 {
		return fmt.Errorf("no points")
	}
	if len(c.Mean) != n || (c.Std != nil && len(c.Std) != n) {
		return fmt.Errorf("len(X) = %d, len(Mean) = %d, len(Std) = %d: lengths differ", n, len(c.Mean), len(c.Std))
	}
	if c.Role < Measured || c.Role > Floor {
		return fmt.Errorf("unknown role %d", c.Role)
	}
	for i, k := range c.Breaks {
		if k <= 0 || k >= n || i > 0 && k <= c.Breaks[i-1] {
			return fmt.Errorf("breaks %v: want increasing indices in 1 … %d", c.Breaks, n-1)
		}
	}
	for k := range n {
		if !finite(c.X[k]) || !finite(c.Mean[k]) {
			return fmt.Errorf("point %d: x = %g, mean = %g: not finite", k, c.X[k], c.Mean[k])
		}
		if c.Std != nil && (!finite(c.Std[k]) || c.Std[k] < 0) {
			return fmt.Errorf("point %d: std = %g: must be finite and ≥ 0", k, c.Std[k])
		}
		if o.LogX && c.X[k] <= 0 {
			return fmt.Errorf("point %d: x = %g ≤ 0 on a log x axis", k, c.X[k])
		}
		if o.LogY && c.Mean[k] <= 0 {
			return fmt.Errorf("point %d: mean = %g ≤ 0 on a log y axis", k, c.Mean[k])
		}
	}
	return nil
}

// bandPoints returns the polygon mean+std left to right, then mean−std
// right to left.
func bandPoints(c Curve, floor float64) plotter.XYs {
	n := len(c.X)
	pts := make(plotter.XYs, 2*n)
	for k := range n {
		lo := c.Mean[k] - c.Std[k]
		if floor > 0 && lo <= 0 { // a log axis: no lower edge to draw, the band goes to the axis
			lo = floor
		}
		pts[k] = plotter.XY{X: c.X[k], Y: c.Mean[k] + c.Std[k]}
		pts[2*n-1-k] = plotter.XY{X: c.X[k], Y: lo}
	}
	return pts
}

func finite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }

// BandsSVG renders BandsPlot(curves, o) as SVG.
func BandsSVG(curves []Curve, o BandsOptions) ([]byte, error) {
	p, err := BandsPlot(curves, o)
	if err != nil {
		return nil, err
	}
	return SVG(p, o.Width, o.Height)
}
