// Package plot draws the curves of the lao module — learning curves,
// theorem checks, budget comparisons — with gonum/plot, the same way in
// the command line (`lao compare --plot`, `lao experiment`) and in the
// notebooks (which display them through package kernel).
//
// A Curve has a Role — Measured (solid, with a band mean ± sd), Bound
// (dashed, in the colour of the measured curve of its Group), Zero (the
// predictor w = 0, grey dotted), Reference (full information,
// dash-dotted) or Floor (a level no predictor beats, such as the noise
// variance: black, finely dotted) — so every plot reads the same way. Experiment results are
// curves already (experiments.Report.Series, experiments.SweepResult.Series);
// BoundCurve evaluates a theorem's bound at a measured curve's x, and
// RatioCurves gives the rate view (measured ÷ bound). Legends are drawn
// beside the axes, never over the data; axis ranges come from the data,
// and log axes get labelled ticks where the data are.
//
//	cs := sweep.Series()
//	cs = append(cs, plot.BoundCurve("Theorem 3.1", cs[0], func(m float64) float64 { return lao.AERRBound(d, k, int(m), 1) }))
//	svg, err := plot.BandsSVG(cs, plot.BandsOptions{XLabel: "m", YLabel: "excess risk", LogX: true, LogY: true})
package plot
