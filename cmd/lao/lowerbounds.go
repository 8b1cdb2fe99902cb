package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/frames/plot"
)

// runLowerBounds is `lao experiment lower-bounds`: sample counts of the
// library's solvers (and the matching learners) on the lower-bound
// instances, swept over d, k and ε, with log-log slopes beside the
// theorems'; CSV + SVG in --out.
func runLowerBounds(f *expFlags, stdout io.Writer) error {
	spec := experiments.DefaultLowerBounds()
	if f.seeds > 0 {
		spec.Measure.Seeds = f.seeds
	}
	if f.workers > 0 {
		spec.Measure.Workers = f.workers
	}
	spec.Measure.Seed = f.seed
	fmt.Fprintf(stdout, "Lower bounds: Cesa-Bianchi et al. 2010 Thm 3 (css, Ω(d/(kε))) and Hazan & Koren 2012 Thm 2.2 (hk, Ω(d/(kε²)))\n"+
		"examples until the median excess risk over %d seeds (21 for the matching learners) falls below ε; %d concurrent fits\n", spec.Measure.Seeds, spec.Measure.Workers)
	rep, err := experiments.RunLowerBounds(spec, stderrProgress)
	if err != nil {
		return err
	}
	name := experiments.LowerBoundsName
	for _, w := range []struct {
		suffix string
		write  func(io.Writer) error
	}{{"", rep.WriteCSV}, {"-slopes", rep.WriteSlopesCSV}, {"-floor", rep.WriteFloorCSV}} {
		if err := writeFile(filepath.Join(f.out, name+w.suffix+".csv"), w.write); err != nil {
			return err
		}
	}
	var svgs []string
	for _, fam := range []string{experiments.FamilyCSS, experiments.FamilyHK} {
		for _, vary := range []string{"d", "k", "eps"} {
			svg, err := sweepSVG(rep, fam, vary)
			if err != nil {
				return err
			}
			if svg == nil {
				continue
			}
			file := fmt.Sprintf("%s-%s-%s.svg", name, fam, vary)
			if err := os.WriteFile(filepath.Join(f.out, file), svg, 0o644); err != nil {
				return err
			}
			svgs = append(svgs, file)
		}
	}
	fmt.Fprintf(stdout, "%.0f s; wrote %s/%s.csv, %s-slopes.csv, %s-floor.csv and %d SVG plots\n\n", rep.Seconds, f.out, name, name, name, len(svgs))
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "instance\tvary\tsolver\tmeasured slope\tlower bound\tits upper bound\tpoints")
	for _, s := range rep.Slopes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%+.2f\t%+.0f\t%+.0f\t%d\n", s.Family, s.Vary, s.Solver, s.Measured, s.Lower, s.Upper, s.Points)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "\nPrediction on a budget (exhaustive search over adaptive predictors reading k_t test attributes):")
	tw = tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "instance\tk_t\ttheorem's floor\tbest k_t-active risk")
	for _, r := range rep.Floors {
		fmt.Fprintf(tw, "%s\t%d\t%.4f\t%.4f\n", r.Instance, r.Kt, r.Floor, r.Best)
	}
	return tw.Flush()
}

// sweepSVG plots each solver's sample count against the varied parameter
// on log-log axes, with a dashed line of the lower bound's slope through
// the first solver's first point. nil if the sweep has no points.
func sweepSVG(rep *experiments.LowerBoundsReport, family, vary string) ([]byte, error) {
	curves := rep.SweepSeries(family, vary)
	if len(curves) == 0 {
		return nil, nil
	}
	slope := experiments.FamilySlopes[family]
	b := map[string]float64{"d": slope.D, "k": slope.K, "eps": slope.Eps}[vary]
	first := curves[0]
	ref := plot.Curve{Name: fmt.Sprintf("slope %+.0f (lower bound)", b)}
	for _, x := range first.X {
		ref.X = append(ref.X, x)
		ref.Mean = append(ref.Mean, first.Mean[0]*math.Pow(x/first.X[0], b))
	}
	curves = append(curves, ref)
	xlab := map[string]string{"d": "d (attributes)", "k": "k (attributes per example)", "eps": "ε (target excess risk)"}[vary]
	title := map[string]string{experiments.FamilyCSS: "Cesa-Bianchi et al. 2010, Thm 3", experiments.FamilyHK: "Hazan & Koren 2012, Thm 2.2"}[family]
	return plot.BandsSVG(curves, plot.BandsOptions{Title: title, XLabel: xlab, YLabel: "examples needed", LogX: true, LogY: true})
}
