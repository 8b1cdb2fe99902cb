package kernel

import (
	"encoding/base64"
	"fmt"
	"html"
	"strings"

	"github.com/janpfeifer/gonb/gonbui"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"

	"github.com/laoproject/lao/frames/plot"
)

// The plot types and functions of package frames/plot (the one curve type,
// drawn by the command line and the notebooks alike) under the names the
// notebooks used before plotting left this package. They are aliases: the
// same types and functions.
//
// Deprecated: import github.com/laoproject/lao/frames/plot and use plot.Curve,
// plot.BandsOptions, plot.BandLabel, ... directly; display with DisplayBands.
type (
	Curve        = plot.Curve
	Role         = plot.Role
	BandsOptions = plot.BandsOptions
)

// The curve roles of package frames/plot.
//
// Deprecated: use plot.Measured, plot.Bound, plot.Zero, plot.Reference.
const (
	Measured  = plot.Measured
	Bound     = plot.Bound
	Zero      = plot.Zero
	Reference = plot.Reference
)

// Functions of package frames/plot.
//
// Deprecated: use plot.BandLabel, plot.BoundCurve, plot.RatioCurves.
var (
	BandLabel   = plot.BandLabel
	BoundCurve  = plot.BoundCurve
	RatioCurves = plot.RatioCurves
	// OnLogX leaves points at x ≤ 0 off a log x axis and says so in the
	// legend (plot.OnLogX).
	OnLogX = plot.OnLogX
	// BandsSVG renders a bands plot as SVG (plot.BandsSVG), e.g. for the
	// views of a slider (SliderHTML).
	BandsSVG = plot.BandsSVG
)

// SeriesCurves returns curves unchanged: experiment results
// (experiments.Report.Series, experiments.SweepResult.Series) are plot
// curves already.
//
// Deprecated: pass the curves to DisplayBands directly.
func SeriesCurves(curves []plot.Curve) []plot.Curve { return curves }

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
	return fmt.Sprintf(`<img alt="%s" src="data:image/png;base64,%s">`, html.EscapeString(alt), base64.StdEncoding.EncodeToString(png))
}

// DisplayBands shows plot.BandsPlot(curves, o) inline (SVG, PNG fallback).
func DisplayBands(curves []plot.Curve, o plot.BandsOptions) error {
	p, err := plot.BandsPlot(curves, o)
	if err != nil {
		return err
	}
	return DisplayPlotSize(p, o.Width, o.Height)
}

// DisplayPlot shows p inline in the cell's output as SVG at the default
// size (plot.SVG); if SVG rendering fails it falls back to PNG. It returns
// the error only if both fail.
func DisplayPlot(p *gplot.Plot) error {
	return DisplayPlotSize(p, 0, 0)
}

// DisplayPlotSize is DisplayPlot with an explicit size.
func DisplayPlotSize(p *gplot.Plot, w, h vg.Length) error {
	svg, err := plot.SVG(p, w, h)
	if err == nil {
		DisplayHTML(SVGHTML(svg))
		return nil
	}
	png, perr := plot.PNG(p, w, h)
	if perr != nil {
		return fmt.Errorf("%w (PNG fallback: %v)", err, perr)
	}
	DisplayPNG(png)
	return nil
}

// DisplayPNG shows PNG bytes in the cell's output (image/png).
func DisplayPNG(png []byte) {
	gonbui.DisplayPng(png)
	flushDisplay()
}
