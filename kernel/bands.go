package kernel

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Curve is one line of a bands plot: the mean of a quantity over repeated
// runs (seeds) at each x, and its standard deviation.
type Curve struct {
	Name string    // legend entry
	X    []float64 // x positions, e.g. attributes seen
	Mean []float64 // mean over seeds at each x
	Std  []float64 // standard deviation over seeds at each x; nil draws no band
}

// BandsOptions label a bands plot.
type BandsOptions struct {
	Title  string
	XLabel string
	YLabel string
	// LogX and LogY select logarithmic axes; all x (resp. all means) must
	// then be positive. On a log y axis a band whose lower edge mean − std
	// is not positive is clipped at mean/10.
	LogX, LogY bool
	// Width and Height of the rendered image; zero selects DefaultWidth
	// and DefaultHeight.
	Width, Height vg.Length
}

// bandAlpha is the opacity of a band (of 255).
const bandAlpha = 0x44

// BandsPlot builds one plot with, for every curve, its mean as a line and a
// shaded band mean ± std in the same colour, plus title, axis labels, a
// legend and a light grid.
func BandsPlot(curves []Curve, o BandsOptions) (*plot.Plot, error) {
	if len(curves) == 0 {
		return nil, fmt.Errorf("kernel: BandsPlot: no curves")
	}
	p := plot.New()
	p.Title.Text = o.Title
	p.X.Label.Text = o.XLabel
	p.Y.Label.Text = o.YLabel
	p.Legend.TextStyle.Font.Size = vg.Points(10)
	p.Legend.Padding = vg.Points(1)
	p.Add(plotter.NewGrid())
	if o.LogX {
		p.X.Scale = plot.LogScale{}
		p.X.Tick.Marker = logTicks{}
	}
	if o.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = logTicks{}
	}
	for i, c := range curves {
		if err := c.check(o); err != nil {
			return nil, fmt.Errorf("kernel: BandsPlot: curve %d (%q): %w", i, c.Name, err)
		}
		col := plotutil.Color(i)
		mean := make(plotter.XYs, len(c.X))
		for k := range c.X {
			mean[k] = plotter.XY{X: c.X[k], Y: c.Mean[k]}
		}
		line, err := plotter.NewLine(mean)
		if err != nil {
			return nil, fmt.Errorf("kernel: BandsPlot: curve %q: %w", c.Name, err)
		}
		line.Color = col
		line.Width = vg.Points(1.5)
		line.Dashes = plotutil.Dashes(i)
		thumbs := []plot.Thumbnailer{line}
		if c.Std != nil {
			band, err := plotter.NewPolygon(bandPoints(c, o.LogY))
			if err != nil {
				return nil, fmt.Errorf("kernel: BandsPlot: curve %q: %w", c.Name, err)
			}
			r, g, b, _ := col.RGBA()
			band.Color = color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: bandAlpha}
			band.LineStyle.Width = 0
			p.Add(band)
			thumbs = []plot.Thumbnailer{band, line}
		}
		p.Add(line)
		name := c.Name
		if c.Std != nil {
			name += " (mean ± std)"
		}
		p.Legend.Add(name, thumbs...)
	}
	placeLegend(p, curves, o)
	return p, nil
}

// placeLegend puts the legend in the corner of the data area that the curves
// and bands cross least (ties: top right, top left, bottom right, bottom
// left).
func placeLegend(p *plot.Plot, curves []Curve, o BandsOptions) {
	norm := func(v, lo, hi float64, log bool) float64 {
		if log {
			v, lo, hi = math.Log(v), math.Log(lo), math.Log(hi)
		}
		if hi <= lo {
			return 0.5
		}
		return (v - lo) / (hi - lo)
	}
	// The legend covers about half the width and one line per curve.
	h := math.Min(0.9, 0.06*float64(len(curves))+0.04)
	corners := []struct{ top, left bool }{{true, false}, {true, true}, {false, false}, {false, true}}
	hits := make([]int, len(corners))
	visit := func(x, y float64) {
		for i, c := range corners {
			inX := (c.left && x <= 0.5) || (!c.left && x >= 0.5)
			inY := (c.top && y >= 1-h) || (!c.top && y <= h)
			if inX && inY {
				hits[i]++
			}
		}
	}
	for _, c := range curves {
		ys := [][]float64{c.Mean}
		if c.Std != nil {
			pts := bandPoints(c, o.LogY)
			lo, hi := make([]float64, len(c.X)), make([]float64, len(c.X))
			for k := range c.X {
				hi[k], lo[k] = pts[k].Y, pts[2*len(c.X)-1-k].Y
			}
			ys = append(ys, lo, hi)
		}
		for _, y := range ys {
			for k := range c.X {
				x0 := norm(c.X[k], p.X.Min, p.X.Max, o.LogX)
				y0 := norm(y[k], p.Y.Min, p.Y.Max, o.LogY)
				if k == 0 {
					visit(x0, y0)
					continue
				}
				xp := norm(c.X[k-1], p.X.Min, p.X.Max, o.LogX)
				yp := norm(y[k-1], p.Y.Min, p.Y.Max, o.LogY)
				for s := 1; s <= 20; s++ { // sample the drawn segment
					f := float64(s) / 20
					visit(xp+f*(x0-xp), yp+f*(y0-yp))
				}
			}
		}
	}
	best := 0
	for i := range hits {
		if hits[i] < hits[best] {
			best = i
		}
	}
	p.Legend.Top, p.Legend.Left = corners[best].top, corners[best].left
	p.Legend.XOffs, p.Legend.YOffs = vg.Points(-4), vg.Points(-4)
	if corners[best].left {
		p.Legend.XOffs = vg.Points(4)
	}
	if !corners[best].top {
		p.Legend.YOffs = vg.Points(4)
	}
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
func bandPoints(c Curve, logY bool) plotter.XYs {
	n := len(c.X)
	pts := make(plotter.XYs, 2*n)
	for k := range n {
		lo := c.Mean[k] - c.Std[k]
		if logY && lo <= 0 {
			lo = c.Mean[k] / 10
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
	return PlotSVG(p, o.Width, o.Height)
}

// DisplayBands shows BandsPlot(curves, o) inline (SVG, PNG fallback).
func DisplayBands(curves []Curve, o BandsOptions) error {
	p, err := BandsPlot(curves, o)
	if err != nil {
		return err
	}
	return DisplayPlotSize(p, o.Width, o.Height)
}

// MeanStd aggregates repeated runs: runs[s][k] is the value of run (seed) s
// at point k. It returns, per point, the mean and the sample standard
// deviation (divisor n−1; 0 for a single run). All runs must have the same
// length.
func MeanStd(runs [][]float64) (mean, std []float64, err error) {
	if len(runs) == 0 {
		return nil, nil, fmt.Errorf("kernel: MeanStd: no runs")
	}
	n := len(runs[0])
	mean, std = make([]float64, n), make([]float64, n)
	for s, r := range runs {
		if len(r) != n {
			return nil, nil, fmt.Errorf("kernel: MeanStd: run %d has %d points, run 0 has %d", s, len(r), n)
		}
		for k, v := range r {
			mean[k] += v
		}
	}
	for k := range mean {
		mean[k] /= float64(len(runs))
	}
	if len(runs) > 1 {
		for _, r := range runs {
			for k, v := range r {
				d := v - mean[k]
				std[k] += d * d
			}
		}
		for k := range std {
			std[k] = math.Sqrt(std[k] / float64(len(runs)-1))
		}
	}
	return mean, std, nil
}
