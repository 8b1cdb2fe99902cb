package kernel

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Default plot size: 7 × 4.5 inches, 672 × 432 CSS pixels in a notebook:
// legible with gonum/plot's 12 pt title and 10 pt tick labels, and narrower
// than a notebook's output area.
const (
	DefaultWidth  = 7 * vg.Inch
	DefaultHeight = 4.5 * vg.Inch
)

// PlotSVG renders p as an SVG document of the given size (zero width or
// height selects DefaultWidth/DefaultHeight). Fonts are referenced by name,
// not embedded, so the output stays small.
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
	if w <= 0 {
		w = DefaultWidth
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
	wt, err := p.WriterTo(w, h, format)
	if err != nil {
		return nil, fmt.Errorf("kernel: render %s: %w", format, err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("kernel: render %s: %w", format, err)
	}
	return buf.Bytes(), nil
}

// SVGHTML wraps an SVG document for inline display in HTML: the XML prolog
// is dropped, and the image scales down to the width of the page.
func SVGHTML(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return `<div class="lao-plot" style="max-width:100%;overflow-x:auto">` + s + `</div>`
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
func DisplayPNG(png []byte) { gonbui.DisplayPNG(png) }

func base64Std(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
