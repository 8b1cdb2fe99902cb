package plot

import (
	"bytes"
	"fmt"
	"math"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Default plot size: 7 × 4.5 inches, 672 × 432 CSS pixels in a notebook:
// legible with gonum/plot's 12 pt title and 10 pt tick labels, and narrower
// than a notebook's output area.
const (
	DefaultWidth  = 7 * vg.Inch
	DefaultHeight = 4.5 * vg.Inch
)

// SVG renders p as an SVG document of the given size (zero width or
// height selects DefaultWidth, plus the legend's width, and DefaultHeight).
// The legend, if p has one, is drawn beside the axes. Fonts are referenced
// by name, not embedded, so the output stays small.
func SVG(p *gplot.Plot, w, h vg.Length) ([]byte, error) {
	return render(p, w, h, "svg")
}

// PNG renders p as a PNG image of the given size at 96 dpi (zero width
// or height selects the defaults).
func PNG(p *gplot.Plot, w, h vg.Length) ([]byte, error) {
	return render(p, w, h, "png")
}

func render(p *gplot.Plot, w, h vg.Length, format string) ([]byte, error) {
	if p == nil {
		return nil, fmt.Errorf("plot: render %s: nil plot", format)
	}
	legendW := legendWidth(p)
	if w <= 0 {
		w = DefaultWidth + legendW
	}
	if h <= 0 {
		h = DefaultHeight
	}
	return drawCanvas("render "+format, w, h, format, func(c draw.Canvas) { drawLaidOut(p, c, legendW) })
}

// drawCanvas draws on a w×h canvas of format ("svg", "png", ...) and returns
// the encoded image; errors, and the panics drawing raises on some
// degenerate inputs (e.g. a log axis over non-positive data), are returned
// as errors prefixed by what.
func drawCanvas(what string, w, h vg.Length, format string, drawOn func(draw.Canvas)) (out []byte, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("plot: %s: %v", what, r)
		}
	}()
	cw, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return nil, fmt.Errorf("plot: %s: %w", what, err)
	}
	drawOn(draw.New(cw))
	var buf bytes.Buffer
	if _, err := cw.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("plot: %s: %w", what, err)
	}
	return buf.Bytes(), nil
}

// legendGap separates the axes from a legend drawn beside them.
const legendGap = 10 * vg.Millimeter / 2

// legendWidth is the width of the strip right of the axes that p's legend
// needs (0 without legend entries).
func legendWidth(p *gplot.Plot) vg.Length {
	if lw := p.Legend.Rectangle(draw.Canvas{}).Size().X; lw > 0 {
		return lw + legendGap + vg.Points(4)
	}
	return 0
}

// drawLaidOut draws p on c with two changes to gonum/plot's layout: the
// legend goes in a strip of width legendW right of the axes (so it never
// covers data), and the y label is drawn by hand, centred on the data area.
// gonum/plot v0.17 places a vertical label's glyph box at the axis' linear
// midpoint, which on a log axis lies near the top and leaves a blank band
// under the title; drawing the label outside the plot avoids that. It
// returns the data area.
func drawLaidOut(p *gplot.Plot, c draw.Canvas, legendW vg.Length) draw.Canvas {
	legend, label := p.Legend, p.Y.Label
	defer func() { p.Legend, p.Y.Label = legend, label }()
	p.Legend = gplot.NewLegend()
	p.Y.Label.Text = ""

	var labelW vg.Length
	if label.Text != "" {
		labelW = label.TextStyle.Height(label.Text) + label.Padding + vg.Points(4) // a gap: never touching the tick labels
	}
	pc := draw.Crop(c, labelW, -legendW, 0, -vg.Points(3)) // 3 pt above the title
	p.Draw(pc)
	data := p.DataCanvas(pc)
	if label.Text != "" {
		sty := label.TextStyle
		sty.Rotation += math.Pi / 2
		sty.XAlign, sty.YAlign = draw.XCenter, draw.YTop
		c.FillText(sty, vg.Point{X: c.Min.X, Y: (data.Min.Y + data.Max.Y) / 2}, label.Text)
	}
	if legendW > 0 {
		lc := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: c.Max.X - legendW + legendGap, Y: data.Min.Y},
			Max: vg.Point{X: c.Max.X, Y: data.Max.Y},
		}}
		legend.Top, legend.Left, legend.XOffs, legend.YOffs = true, true, 0, 0
		legend.Draw(lc)
	}
	return data
}

// Row renders panels side by side as one SVG (or PNG, at 96 dpi), each
// DefaultWidth wide plus its own legend strip (beside its axes, never over
// the data) and DefaultHeight high.
func Row(panels []*gplot.Plot, png bool) ([]byte, error) {
	if len(panels) == 0 {
		return nil, fmt.Errorf("plot: Row: no panels")
	}
	format := "svg"
	if png {
		format = "png"
	}
	widths := make([]vg.Length, len(panels))
	var w vg.Length
	for i, p := range panels {
		widths[i] = DefaultWidth + legendWidth(p)
		w += widths[i]
	}
	return drawCanvas("Row "+format, w, DefaultHeight, format, func(c draw.Canvas) {
		x := c.Min.X
		for i, p := range panels {
			sub := draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{Min: vg.Point{X: x, Y: c.Min.Y}, Max: vg.Point{X: x + widths[i], Y: c.Max.Y}}}
			drawLaidOut(p, sub, legendWidth(p))
			x += widths[i]
		}
	})
}
