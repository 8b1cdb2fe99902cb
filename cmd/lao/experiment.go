package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/frames/plot"
)

type expFlags struct {
	paper                        bool
	splits, folds, points, cvMax int
	pairs, pairsFrom             int
	out, journal                 string
	journalReuse                 bool
	seed                         uint64
	data                         string
	set                          paramSet
	center, intercept            bool
	scale                        string
	curves                       string
	seeds, workers               int // lower-bounds: seeds per point, concurrent fits
}

// define declares the flags of `lao experiment`.
func (f *expFlags) define(fs *flag.FlagSet) {
	fs.BoolVar(&f.paper, "paper", false, "the paper's full protocol (its number of splits, 10-fold CV); slow")
	fs.IntVar(&f.splits, "splits", 0, "random train/test splits (0: the preset's)")
	fs.IntVar(&f.folds, "folds", 0, "CV folds (0: the preset's)")
	fs.IntVar(&f.points, "points", 0, "prefix lengths per curve (0: the preset's)")
	fs.IntVar(&f.cvMax, "cv-max", -1, "tune on at most this many training examples (0: all; -1: the preset's)")
	fs.IntVar(&f.pairs, "pairs", 5, "css2010-pairs: number of digit pairs, counted from --pairs-from (0 or 45: to the last)")
	fs.IntVar(&f.pairsFrom, "pairs-from", 1, "css2010-pairs: the first pair run, by its place in the paper's order (0 vs 1 is 1, 8 vs 9 is 45): a long table run in parts, each part's rows in css2010-pairs-FROM-TO.csv (with --journal, a last run of all 45 replays the parts)")
	fs.StringVar(&f.out, "out", "results", "directory for the CSV and SVG files")
	fs.StringVar(&f.journal, "journal", "", "keep every finished (split, curve) in this file and reuse the ones it holds: a run stopped part way resumes where it stopped, also with another build of the same code (another machine or session): only results of the same code are reused (the digest of the solvers' source, the Go release, the architecture and its build settings)")
	fs.BoolVar(&f.journalReuse, "journal-reuse", false, "with --journal: also resume the results another version of lao's code wrote (the journal's version lines give the code's digest, and the commit when the build recorded it); only when the code of the curves run did not change between the versions (e.g. git diff of their solvers' files between the two commits is empty); lao says how many it reused")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the splits, folds and solvers")
	fs.StringVar(&f.data, "data", "", "run the preset's curves on this data set instead (e.g. powerlaw:ridge:-1 for another panel of ks-fig1)")
	fs.BoolVar(&f.center, "center", false, "centre every attribute and the labels on the training part's means (per split): a free intercept")
	fs.BoolVar(&f.intercept, "intercept", false, "fit a free intercept alone (labels centred on the training mean)")
	fs.StringVar(&f.scale, "scale", "", "prepare each split for each curve's solver as 'lao fit --scale' does (auto, "+strings.Join(frames.ScalingNames(), ", ")+"); default: the data as the papers use them")
	fs.StringVar(&f.curves, "curves", "", "comma-separated solver names: run only these curves of the preset (e.g. aer,centroid)")
	fs.Var(&f.set, "set", "name=value: set a parameter on every curve whose solver has it, e.g. --set paper=1 (Kukliansky & Shamir's experimental variants) or --set adagrad=1; repeatable")
	fs.IntVar(&f.seeds, "seeds", 0, "lower-bounds: seeds per measurement (0: 7; the matching learners use 21)")
	fs.IntVar(&f.workers, "workers", 0, "lower-bounds: concurrent fits (0: 2)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: lao experiment [flags] NAME\n\nexperiments:")
		for _, p := range experiments.Presets() {
			fmt.Fprintf(fs.Output(), "  %-14s %s (%s)\n", p.Name, p.Title, p.Figure)
		}
		fmt.Fprintf(fs.Output(), "  %-14s the 45-pair MNIST table (Cesa-Bianchi, Shalev-Shwartz & Shamir 2010)\n", experiments.PairsName)
		fmt.Fprintf(fs.Output(), "  %-14s sample counts on the lower-bound instances against d, k and ε, log-log slopes vs theory\n\nflags:\n", experiments.LowerBoundsName)
		fs.PrintDefaults()
	}
}

func runExperiment(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("experiment", flag.ContinueOnError)
	f := &expFlags{}
	f.define(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("experiment: exactly one experiment name is required")
	}
	if err := os.MkdirAll(f.out, 0o755); err != nil {
		return err
	}
	switch name := fs.Arg(0); name {
	case experiments.PairsName:
		return runPairs(f, stdout)
	case experiments.LowerBoundsName:
		return runLowerBounds(f, stdout)
	default:
		return runPreset(f, name, stdout)
	}
}

// runPreset runs the named preset with the flags' overrides, writes its
// CSV and SVG files and prints the final point of every curve.
func runPreset(f *expFlags, name string, stdout io.Writer) error {
	p, err := experiments.PresetByName(name)
	if err != nil {
		return err
	}
	if f.data != "" {
		p.Data = f.data
	}
	ds, err := datasets.Open(p.Data)
	if err != nil {
		return err
	}
	spec, err := f.apply(p.Quick, p.Paper)
	if err != nil {
		return fmt.Errorf("experiment %s: %w", p.Name, err)
	}
	if len(f.set) > 0 {
		var n int
		if spec, n = spec.WithParams(f.set); n == 0 {
			return fmt.Errorf("experiment: --set %v: no curve of %s has such a parameter", f.set, p.Name)
		}
	}
	fmt.Fprintf(stdout, "%s\n%s; data %s\n", p.Title, p.Figure, p.Data)
	if p.Missing != "" {
		fmt.Fprintf(stdout, "not drawn yet (solvers not implemented): %s\n", p.Missing)
	}
	if p.Differs != "" {
		fmt.Fprintf(stdout, "note: %s\n", p.Differs)
	}
	journalHint(stdout, f)
	j, err := openJournal(f)
	if err != nil {
		return err
	}
	defer j.Close()
	rep, err := j.Run(ds, spec, stderrProgress)
	if err != nil {
		return err
	}
	if err := writeReport(f.out, p, rep); err != nil {
		return err
	}
	printResumed(stdout, f.journal, j, rep.Resumed, rep.ResumedSeconds)
	fmt.Fprintf(stdout, "%s\nwrote %s/%s.csv, %s-params.csv, %s-examples.svg, %s-attributes.svg\n\n", rep.Summary(), f.out, p.Name, p.Name, p.Name, p.Name)
	return printFinal(stdout, rep)
}

// printFinal prints the last point of every curve and the choices
// cross-validation made on the edge of its grid.
func printFinal(stdout io.Writer, rep *experiments.Report) error {
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "curve\texamples\tattributes\ttest MSE (± sd)\tclass. error\tparams (split 1)")
	for _, c := range rep.Curves {
		last := c.Points[len(c.Points)-1]
		fmt.Fprintf(tw, "%s\t%d\t%.0f\t%.4f ± %.4f\t%.4f\t%v\n", c.Entry.Label, last.Examples, last.Attributes, last.MSE, last.MSEStd, last.Err, c.Params[0])
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if notes := rep.EdgeNotes(); len(notes) > 0 {
		fmt.Fprintln(stdout, "\nwarning: cross-validation chose values on the edge of the grid (the optimum may lie outside it):")
		for _, n := range notes {
			fmt.Fprintln(stdout, "  "+n)
		}
	}
	for _, n := range rep.RefitNotes() {
		fmt.Fprintln(stdout, "refitted:", n)
	}
	for _, n := range rep.ZeroFitNotes() {
		fmt.Fprintln(stdout, "note:", n)
	}
	for _, w := range rep.ZeroWarnings() {
		fmt.Fprintln(stdout, "warning:", w)
	}
	return nil
}

// apply returns the spec the flags select: quick or the paper's, then overrides.
func (f *expFlags) apply(quick, paper experiments.Spec) (experiments.Spec, error) {
	spec := quick
	if f.paper {
		spec = paper
	}
	spec.Preprocess = experiments.Preprocess{Center: f.center, Intercept: f.intercept, Scale: f.scale}
	if f.curves != "" {
		keep := strings.Split(f.curves, ",")
		var entries []experiments.Entry
		var have []string
		for _, e := range spec.Entries {
			if slices.Contains(keep, e.Solver) {
				entries = append(entries, e)
			}
			have = append(have, e.Solver)
		}
		for _, k := range keep {
			if !slices.Contains(have, k) {
				return spec, fmt.Errorf("--curves: no curve %q here; the curves are %s", k, strings.Join(slices.Compact(have), ","))
			}
		}
		spec.Entries = entries
	}
	if f.splits > 0 {
		spec.Splits = f.splits
	}
	if f.folds > 0 {
		spec.CVFolds = f.folds
	}
	if f.points > 0 {
		spec.Points = f.points
	}
	if f.cvMax >= 0 {
		spec.CVMax = f.cvMax
	}
	spec.Seed = f.seed
	return spec, nil
}

// openJournal opens the --journal file (nil without one: a nil journal
// runs without), versioned by the digest of lao's code
// (experiments.JournalVersion), so that another build of the same code
// resumes it; with --journal-reuse also a journal of another version.
func openJournal(f *expFlags) (*experiments.Journal, error) {
	if f.journal == "" {
		if f.journalReuse {
			return nil, fmt.Errorf("experiment: --journal-reuse needs --journal FILE")
		}
		return nil, nil
	}
	if f.journalReuse {
		return experiments.ReuseJournal(f.journal, experiments.JournalVersion())
	}
	j, err := experiments.OpenJournal(f.journal, experiments.JournalVersion())
	if errors.Is(err, experiments.ErrJournalVersion) {
		return nil, fmt.Errorf("%w (--journal-reuse resumes it if the code of its curves did not change)", err)
	}
	return j, err
}

// journalHint suggests --journal for a run of the papers' protocol, which
// takes hours on a small machine, and warns when a journal is kept by a
// build of uncommitted changes (its version is the committed digest).
func journalHint(w io.Writer, f *expFlags) {
	if f.paper && f.journal == "" {
		fmt.Fprintln(w, "note: the paper's protocol can take hours; with --journal FILE every finished (split, curve) is kept, and the same command resumes a stopped run")
	}
	if _, modified := experiments.BuildRevision(); modified && f.journal != "" {
		fmt.Fprintln(w, "note: this lao was built from a checkout with uncommitted changes; the journal's version is the code digest of the last go generate ./frames/experiments: run it after changing a solver or a reader, or the journal will not tell the two codes apart")
	}
}

// printResumed says how many results came from the journal j, and how many
// of its results another version of the code wrote (--journal-reuse).
func printResumed(w io.Writer, path string, j *experiments.Journal, n int, seconds float64) {
	if n > 0 {
		fmt.Fprintf(w, "%d result(s) read from the journal %s (computing them took %.0f s when they were run)\n", n, path, seconds)
	}
	if f := j.Foreign(); f > 0 {
		fmt.Fprintf(w, "%d of them written by another version of lao's code, reused as --journal-reuse asked\n", f)
	}
}

func stderrProgress(done, total int, msg string) {
	fmt.Fprintf(os.Stderr, "[%d/%d] %s\n", done, total, msg)
}

func writeReport(dir string, p experiments.Preset, rep *experiments.Report) error {
	if err := writeFile(filepath.Join(dir, p.Name+".csv"), rep.WriteCSV); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, p.Name+"-params.csv"), rep.WriteParamsCSV); err != nil {
		return err
	}
	for _, ax := range []struct {
		axis         experiments.Axis
		suffix, xlab string
	}{{experiments.ByExamples, "examples", "training examples"}, {experiments.ByAttributes, "attributes", "attributes seen"}} {
		curves := rep.Series(ax.axis)
		band := p.BandSD
		if band == 0 {
			band = 1
		}
		for i := range curves {
			for j := range curves[i].Std {
				curves[i].Std[j] *= band
			}
		}
		ylab := "test squared error"
		if band != 1 {
			ylab = fmt.Sprintf("test squared error (± %g sd)", band)
		}
		svg, err := plot.BandsSVG(curves, plot.BandsOptions{Title: p.Title, XLabel: ax.xlab,
			YLabel: ylab, LogX: true, LogY: true})
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, p.Name+"-"+ax.suffix+".svg"), svg, 0o644); err != nil {
			return err
		}
	}
	return nil
}

func runPairs(f *expFlags, stdout io.Writer) error {
	pairs := datasets.AllPairs()
	all := len(pairs)
	if f.pairsFrom < 1 || f.pairsFrom > all {
		return fmt.Errorf("experiment %s: --pairs-from %d: want a place in 1..%d", experiments.PairsName, f.pairsFrom, all)
	}
	if f.pairs < 0 {
		return fmt.Errorf("experiment %s: --pairs %d: want a number of pairs (0: to the last)", experiments.PairsName, f.pairs)
	}
	pairs = pairs[f.pairsFrom-1:]
	if f.pairs > 0 && f.pairs < len(pairs) {
		pairs = pairs[:f.pairs]
	}
	name, part := experiments.PairsName, ""
	if len(pairs) < all && f.pairsFrom > 1 { // a part: its own file, and said so
		name += fmt.Sprintf("-%d-%d", f.pairsFrom, f.pairsFrom+len(pairs)-1)
		part = fmt.Sprintf(" (pairs %d to %d of %d; the paper's medians are over all %d)", f.pairsFrom, f.pairsFrom+len(pairs)-1, all, all)
	}
	m, err := datasets.LoadMNIST(datasets.All)
	if err != nil {
		return err
	}
	paper := experiments.PairsSpec()
	quick := paper
	quick.Splits, quick.CVFolds = 1, 3
	spec, err := f.apply(quick, paper)
	if err != nil {
		return fmt.Errorf("experiment %s: %w", experiments.PairsName, err)
	}
	journalHint(stdout, f)
	j, err := openJournal(f)
	if err != nil {
		return err
	}
	defer j.Close()
	rep, err := j.RunPairs(m, pairs, spec, stderrProgress)
	if err != nil {
		return err
	}
	printResumed(stdout, f.journal, j, rep.Resumed, rep.ResumedSeconds)
	if err := writeFile(filepath.Join(f.out, name+".csv"), rep.WriteCSV); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%d pair(s)%s, %d split(s), %d-fold CV, preprocessing: %s, %.0f s; wrote %s/%s.csv\n\n", len(pairs), part, spec.Splits, spec.CVFolds, spec.Preprocess, rep.Seconds, f.out, name)
	med := rep.Medians()
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "solver\tmedian test MSE (ours)\t(paper)\tmedian class. error (ours)\t(paper)")
	for _, e := range spec.Entries {
		m, p := med[e.Solver], experiments.PairsPaper[e.Solver]
		paperMSE, paperErr := "-", "-"
		if p[0] > 0 {
			paperMSE = fmt.Sprintf("%.3f", p[0])
		}
		if p[1] >= 0 {
			paperErr = fmt.Sprintf("%.3f", p[1])
		}
		fmt.Fprintf(tw, "%s\t%.3f\t%s\t%.3f\t%s\n", e.Solver, m[0], paperMSE, m[1], paperErr)
	}
	return tw.Flush()
}

// paramSet is the repeatable --set name=value flag.
type paramSet map[string]float64

func (p *paramSet) String() string { return fmt.Sprint(map[string]float64(*p)) }

// repeatable: each --set adds a parameter (it was refused as "given twice").
func (*paramSet) repeatable() {}

func (p *paramSet) Set(s string) error {
	name, val, ok := strings.Cut(s, "=")
	v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
	if !ok || strings.TrimSpace(name) == "" || err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("--set %q: want name=value with a finite number", s)
	}
	if *p == nil {
		*p = paramSet{}
	}
	name = strings.TrimSpace(name)
	if old, ok := (*p)[name]; ok && old != v {
		return fmt.Errorf("--set %s given twice (%g, then %g); give it once", name, old, v)
	}
	(*p)[name] = v
	return nil
}

// writeFile creates path and fills it with write, reporting close errors.
func writeFile(path string, write func(io.Writer) error) error {
	fh, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(fh); err != nil {
		fh.Close()
		return err
	}
	return fh.Close()
}

// checkPlotPath refuses, before any work is done, a --plot path that
// writePlot could not honour: a name not ending in .svg or .png (the
// formats it writes), or a directory that does not exist.
func checkPlotPath(cmd, path string) error {
	if path == "" {
		return nil
	}
	if ext := strings.ToLower(filepath.Ext(path)); ext != ".svg" && ext != ".png" {
		return fmt.Errorf("%s: --plot %s: the plot is written as SVG or PNG; name the file .svg or .png", cmd, path)
	}
	if st, err := os.Stat(filepath.Dir(path)); err != nil || !st.IsDir() {
		return fmt.Errorf("%s: --plot %s: the directory %s does not exist", cmd, path, filepath.Dir(path))
	}
	return nil
}

// writePlot writes compare's --plot file (nothing if path is empty): PNG if
// path ends in .png, else SVG, as render draws it.
func writePlot(path string, render func(png bool) ([]byte, error)) error {
	if path == "" {
		return nil
	}
	img, err := render(strings.HasSuffix(strings.ToLower(path), ".png"))
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, img, 0o644); err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	return nil
}
