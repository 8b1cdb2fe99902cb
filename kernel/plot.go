package kernel

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"math"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	"gonum.org/v1/plot"
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

// PlotSVG renders p as an SVG document of the given size (zero width or
// height selects DefaultWidth, plus the legend's width, and DefaultHeight).
// The legend, if p has one, is drawn beside the axes. Fonts are referenced
// by name, not embedded, so the output stays small.
func PlotSVG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return render(p, w, h, "svg")
}

// PlotPNG renders p as a PNG image of the given size at 96 dpi (zero width
// or height selects the defaults).
func PlotPNG(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	return render(p, w, h, "png")
}

func render(p *plot.Plot, w, h vg.Length, format string) (out []byte, err error) {
	if p == nil {
		return nil, fmt.Errorf("kernel: render %s: nil plot", format)
	}
	legendW := legendWidth(p)
	if w <= 0 {
		w = DefaultWidth + legendW
	}
	if h <= 0 {
		h = DefaultHeight
	}
	// Drawing panics on some degenerate inputs (e.g. a log axis over
	// non-positive data); report those as errors.
	defer func() {
		if r := recover(); r != nil {
			out, err = nil, fmt.Errorf("kernel: render %s: %v", format, r)
		}
	}()
	cw, err := draw.NewFormattedCanvas(w, h, format)
	if err != nil {
		return nil, fmt.Errorf("kernel: render %s: %w", format, err)
	}
	drawLaidOut(p, draw.New(cw), legendW)
	var buf bytes.Buffer
	if _, err := cw.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("kernel: render %s: %w", format, err)
	}
	return buf.Bytes(), nil
}

// legendGap separates the axes from a legend drawn beside them.
const legendGap = 10 * vg.Millimeter / 2

// legendWidth is the width of the strip right of the axes that p's legend
// needs (0 without legend entries).
func legendWidth(p *plot.Plot) vg.Length {
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
func drawLaidOut(p *plot.Plot, c draw.Canvas, legendW vg.Length) draw.Canvas {
	legend, label := p.Legend, p.Y.Label
	defer func() { p.Legend, p.Y.Label = legend, label }()
	p.Legend = plot.NewLegend()
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

// SVGHTML wraps an SVG document for inline display in HTML: the XML prolog
// is dropped, and the image scales down (keeping its proportions) to the
// width of the page.
func SVGHTML(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i >= 0 {
		s = `<svg style="max-width:100%;height:auto"` + s[i+len("<svg"):]
	}
	return `<div class="lao-plot" style="max-width:100%">` + s + `</div>`
}

// PNGHTML wraps PNG bytes in an <img> tag with a data URI.
func PNGHTML(png []byte, alt string) string {
	return fmt.Sprintf(`<img alt="%s" src="data:image/png;base64,%s">`, html.EscapeString(alt), base64Std(png))
}

// DisplayPlot shows p inline in the cell's output as SVG at the default
// size; if SVG rendering fails it falls back to PNG. It returns the error
// only if both fail.
func DisplayPlot(p *plot.Plot) error {
	return DisplayPlotSize(p, 0, 0)
}

// DisplayPlotSize is DisplayPlot with an explicit size.
func DisplayPlotSize(p *plot.Plot, w, h vg.Length) error {
	svg, err := PlotSVG(p, w, h)
	if err == nil {
		DisplayHTML(SVGHTML(svg))
		return nil
	}
	png, perr := PlotPNG(p, w, h)
	if perr != nil {
		return fmt.Errorf("%w (PNG fallback: %v)", err, perr)
	}
	DisplayPNG(png)
	return nil
}

// DisplayPNG shows PNG bytes in the cell's output (image/png).
func DisplayPNG(png []byte) {
	gonbui.DisplayPNG(png)
	flushDisplay()
}

func base64Std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
