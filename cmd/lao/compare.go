package main

import (
	"cmp"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	gplot "gonum.org/v1/plot"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

// baselineSolver is the practical baseline compare always includes.
const baselineSolver = "screen-ridge"

type compareFlags struct {
	table    tableFlags
	solvers  string
	ks       string
	repeat   int
	seed     uint64
	testFrac float64
	testLast bool // --test-last: every split holds out the last rows
	cv       int
	cvSet    bool    // --cv given on the command line
	kSet     bool    // --k given on the command line
	cvOpts   cvFlags // --grid, --cv-rule
	scale    string
	plot     string
	splits   string
	asJSON   bool
	quiet    bool
	costs    costFlags // --costs, --cost, --cost-budget, --predict-cost-budget: test error against cost spent
}

// compareRun is one solver at one k on one split.
type compareRun struct {
	Seed     uint64  `json:"seed"`
	MSE      jfloat  `json:"test_mse"`
	ZeroMSE  jfloat  `json:"zero_predictor_mse"`
	ClassErr *jfloat `json:"test_classification_error,omitempty"`
	// ZeroClassErr is the zero predictor's classification error (±1
	// labels: the training part's majority class).
	ZeroClassErr *jfloat            `json:"zero_predictor_classification_error,omitempty"`
	Attributes   int64              `json:"attributes_observed"`
	Params       map[string]float64 `json:"params"`
	CVEdges      []string           `json:"cv_edges,omitempty"`
	CVZero       bool               `json:"cv_chose_zero_predictor,omitempty"`
	// Refits lists the tuned settings refitted because their fit was
	// worse than the zero predictor on its own training data
	// (frames.Refit), and by what.
	Refits []string `json:"refits,omitempty"`

	cvWarnings []string // CV's, e.g. validation folds of a few rows: in the report's warnings once
	// rows and zeroRows are the squared errors on each test row of the fit
	// and of the zero predictor (--test-last: experiments.Outcome.Rows).
	rows, zeroRows []float64
}

// leakWarning warns when a model's test MSE is below leakRatio of the
// zero predictor's: on real data, a sign that a column is the target in
// another form (Cars93's Price is the mean of Min.Price and Max.Price:
// ridge reached 0.0008 of the zero predictor's error); "" otherwise.
func leakWarning(who string, ratio float64) string {
	if !(ratio < leakRatio) || ratio < 0 {
		return ""
	}
	return fmt.Sprintf("%s: test MSE %.2g of the zero predictor's, the labels predicted almost exactly: unless the table is noise-free, some column may be the target in another form (a leak: check the columns, then --ignore them)", who, ratio)
}

// leakRatio is the test MSE ratio below which leakWarning warns.
const leakRatio = 1e-4

// warn adds warnings to the report, each once ("" is none).
func (c *comparison) warn(ws ...string) {
	for _, w := range ws {
		if w != "" && !slices.Contains(c.rep.Warnings, w) {
			c.rep.Warnings = append(c.rep.Warnings, w)
		}
	}
}

// warnCV adds CV's warnings of a split (the table's size against its
// folds), once: a split whose d or m differs from another's (a column
// constant on one training part is left out there) words the same warning
// with other numbers, and the report keeps the first split's.
func (c *comparison) warnCV(ws ...string) {
	for _, w := range ws {
		if t := numbersRE.ReplaceAllString(w, "#"); !slices.Contains(c.cvTemplates, t) {
			c.cvTemplates = append(c.cvTemplates, t)
			c.warn(w)
		}
	}
}

// numbersRE matches a number of a message (warnCV).
var numbersRE = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// compareRow aggregates one solver at one k over the repeats.
type compareRow struct {
	Solver string `json:"solver"`
	K      int    `json:"k"` // d for a full-information reference
	// SolverK is the solver's own k at the budget K: K − 1 for the papers'
	// k + 1 family (atBudget), so that every method reads at most K
	// attributes per training example.
	SolverK int `json:"solver_k,omitempty"`
	// KMax is, for a full-information reference whose d differed between
	// the splits (a column constant on one training part is left out
	// there), the largest d; K is then the smallest.
	KMax     int     `json:"k_max,omitempty"`
	Full     bool    `json:"full_information"`
	MSE      meanSD  `json:"test_mse"`
	Ratio    meanSD  `json:"test_mse_over_zero_predictor"`
	ClassErr *meanSD `json:"test_classification_error,omitempty"`
	Attrs    meanSD  `json:"attributes_observed"`
	PerEx    float64 `json:"mean_attributes_per_example"`
	Edges    int     `json:"cv_edge_choices"`
	Zero     int     `json:"cv_zero_choices"` // splits on which CV chose the zero predictor
	// ZeroFits counts the splits whose final fit is the zero predictor:
	// CV's choice, or the last resort of a refit (frames.Refit).
	ZeroFits int          `json:"zero_predictor_fits"`
	Beats    *int         `json:"beats_screen_ridge,omitempty"` // repeats with a lower test MSE than screen-ridge at the same k
	Runs     []compareRun `json:"runs"`
}

type meanSD struct {
	Mean jfloat `json:"mean"`
	SD   jfloat `json:"sd"`
}

// compareReport is the JSON form of `lao compare --json`.
type compareReport struct {
	Data   string `json:"data"`
	Target string `json:"target,omitempty"`
	// Reading is how the CSV file was read, where not by default.
	Reading *readingReport `json:"csv_reading,omitempty"`
	M       int            `json:"m"`
	D       int            `json:"d"`
	// DMax is the largest d of the splits when it differed between them (a
	// column constant on one training part is left out there); D is then
	// the smallest.
	DMax     int      `json:"d_max,omitempty"`
	Repeats  int      `json:"repeats"`
	Seeds    []uint64 `json:"seeds"`
	TestFrac float64  `json:"test_frac"`
	// TestLast reports that every split held out the last rows
	// (--test-last): the splits differ only in the seeds, and the verdict's
	// intervals are over the test rows in time order.
	TestLast bool            `json:"test_last,omitempty"`
	CVFolds  int             `json:"cv_folds"`
	Binary   bool            `json:"labels_plus_minus_one"`
	Unused   []frames.Unused `json:"unused_columns"`
	// TimeOrder lists the columns in whose order the rows are, or along
	// which the label trends (frames.IDLike's InOrder and Trend): if the
	// rows are a time series, random splits measure interpolation, and the
	// verdict says so.
	TimeOrder []string `json:"time_order_columns,omitempty"`
	Zero      meanSD   `json:"zero_predictor_mse"`
	// ZeroClass is the zero predictor's classification error for ±1
	// labels (predicting the training part's majority class).
	ZeroClass *meanSD      `json:"zero_predictor_classification_error,omitempty"`
	Rows      []compareRow `json:"rows"`
	Skipped   []int        `json:"k_skipped,omitempty"` // budgets above d
	// NotRun lists the solvers that cannot run at a k (e.g. RDA needs
	// s ≤ s' − 2), with the reason; the others run.
	NotRun []notRun `json:"not_run"`
	// Missing says what --missing did to the table (rows dropped, cells
	// filled), as fit reports it.
	Missing *missingReport `json:"missing,omitempty"`
	// Verdict is, for each k, the best budgeted method, its gaps to full
	// information and to screen-ridge, and a recommendation.
	Verdict []experiments.Verdict `json:"verdict"`
	Seconds float64               `json:"seconds"`
	// Warnings name the rows whose test error is above the zero
	// predictor's on some split.
	Warnings []string `json:"warnings"`
	// Notes are hints on the data, e.g. for 0/1 labels.
	Notes []string `json:"notes"`
	// Refits lists every run's refits (compareRun.Refits), naming the
	// solver, k and split.
	Refits []string `json:"refits"`
}

func parseCompareFlags(args []string) (*compareFlags, error) {
	f := &compareFlags{}
	fs := flag.NewFlagSet("compare", flag.ContinueOnError)
	f.table.define(fs, "CSV file (gzip detected by content), libsvm/svmlight file (.svm) or a named data set: mnist:3v5, covertype:1, ctslice")
	fs.StringVar(&f.solvers, "solvers", "aerr,aelr,aer,ridge,lasso", "comma-separated solvers (see 'lao solvers'); "+baselineSolver+" is always added")
	fs.StringVar(&f.ks, "k", compareKs, "comma-separated budgets k (at most k attributes per training example for every method; with --costs, each solver's own k); values above d are skipped")
	fs.IntVar(&f.repeat, "repeat", 10, "seeded train/test splits (seeds --seed, --seed+1, ...)")
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the first split (and of its folds and solvers)")
	fs.Float64Var(&f.testFrac, "test-frac", 0.2, "fraction of rows held out for testing on each split")
	fs.BoolVar(&f.testLast, "test-last", false, testLastUsage+"; every split then tests the same rows, its seeds vary the solvers' draws and the order they read the training rows in (CV's folds are blocks of consecutive rows, the same for every seed), "+
		"and the verdict's intervals are over the test rows in the table's order (Diebold & Mariano 1995)")
	fs.IntVar(&f.cv, "cv", 5, "tune every solver by this many folds of cross-validation on each training part (0: the theorems' defaults)")
	f.cvOpts.define(fs)
	fs.StringVar(&f.scale, "scale", "auto", scaleUsage)
	fs.StringVar(&f.plot, "plot", "", "write a plot (test error against k and against attributes seen) to this file: SVG, or PNG if it ends in .png")
	fs.StringVar(&f.splits, "splits", "", "write the splits (repeat, seed, file line, train/test) to this CSV file, to compare other tools on the same rows")
	fs.BoolVar(&f.asJSON, "json", false, "print JSON instead of a table")
	fs.BoolVar(&f.quiet, "quiet", false, "no progress on standard error")
	f.costs.define(fs)
	if err := parseArgs(fs, args); err != nil {
		return nil, err
	}
	f.cvSet, f.kSet = flagGiven(fs, "cv"), flagGiven(fs, "k")
	if err := f.costs.check("compare"); err != nil {
		return nil, err
	}
	switch {
	case f.table.data == "":
		return nil, errors.New("compare: --data is required")
	case f.repeat < 1:
		return nil, fmt.Errorf("compare: --repeat %d must be at least 1", f.repeat)
	case !(f.testFrac > 0 && f.testFrac < 1):
		return nil, fmt.Errorf("compare: --test-frac %g must be in (0, 1)", f.testFrac)
	case f.cv == 1 || f.cv < 0:
		return nil, fmt.Errorf("compare: --cv %d must be 0 (off) or at least 2", f.cv)
	case f.testLast && f.costs.given():
		return nil, errors.New("compare: --test-last with prices (--costs, --cost) is not supported: the cost comparison's intervals are over random splits")
	}
	if err := testLastRefused("compare", &f.table, f.testLast, false); err != nil {
		return nil, err
	}
	if err := f.cvOpts.check("compare"); err != nil {
		return nil, err
	}
	if err := checkPlotPath("compare", f.plot); err != nil {
		return nil, err
	}
	if err := notAnInput("compare", []fileFlag{{"plot", f.plot}, {"splits", f.splits}},
		[]fileFlag{{"data", f.table.data}, {"costs", f.costs.file}}); err != nil {
		return nil, err
	}
	return f, nil
}

// parseInts parses a comma-separated list of positive integers.
func parseInts(flagName, s string) ([]int, error) {
	var out []int
	for _, f := range splitList(s) {
		v, err := strconv.Atoi(f)
		if err != nil || v < 1 {
			return nil, fmt.Errorf("compare: %s: %q is not a positive integer", flagName, f)
		}
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("compare: %s is empty", flagName)
	}
	slices.Sort(out)
	return out, nil
}

// compareSolvers returns the solver names, validated, with the baseline
// added if missing.
func compareSolvers(list string) ([]string, error) {
	var names []string
	given := splitList(list)
	if len(given) == 0 {
		return nil, fmt.Errorf("compare: --solvers %q names no solver (see 'lao solvers'; the default is aerr,aelr,aer,ridge,lasso)", list)
	}
	for _, n := range given {
		s, err := lao.New(n)
		if err != nil {
			return nil, fmt.Errorf("compare: --solvers: %s", paramText(err, "lao: "))
		}
		if !slices.Contains(names, s.Name()) {
			names = append(names, s.Name())
		}
	}
	if !slices.Contains(names, baselineSolver) {
		names = append(names, baselineSolver)
	}
	return names, nil
}

func runCompare(args []string, stdout io.Writer) error {
	f, err := parseCompareFlags(args)
	if err != nil {
		return err
	}
	names, err := compareSolvers(f.solvers)
	if err != nil {
		return err
	}
	ks, err := parseInts("--k", f.ks)
	if err != nil {
		return err
	}
	src, err := loadData(&f.table, "compare")
	if err != nil {
		return err
	}
	progress := io.Writer(os.Stderr)
	if f.quiet {
		progress = io.Discard
	}
	if f.costs.given() {
		return runCompareCosts(src, f, names, ks, stdout, progress)
	}
	start := time.Now()
	rep, err := compareDefaultKs(src, f, names, ks, progress)
	if err != nil {
		return err
	}
	rep.Seconds = time.Since(start).Seconds()
	if err := nothingRan(rep); err != nil {
		return err
	}
	rep.Notes = slices.Concat(rep.Notes, labelNotes(src, holdout{f.testFrac, f.testLast}), nonEmpty(testLastGapNote(f.testLast, src), testLastCVNote(f.testLast, rep.CVFolds)), src.tableNotes())
	if f.splits != "" {
		if err := writeFile(f.splits, func(w io.Writer) error { return writeSplits(w, src, f) }); err != nil {
			return err
		}
	}
	// The results first: a plot that cannot be written must not lose them.
	show := printCompare
	if f.asJSON {
		show = func(w io.Writer, rep *compareReport, _ *compareFlags) error {
			orEmpty(&rep.NotRun)
			orEmpty(&rep.Warnings, &rep.Notes, &rep.Refits)
			return printJSON(w, rep)
		}
	}
	if err := show(stdout, rep, f); err != nil {
		return err
	}
	return writePlot(f.plot, func(png bool) ([]byte, error) { return comparePlot(rep, png) })
}

// nothingRan is compare's error when no budgeted method ran (every --k
// above d, or no solver could run at it), or nil.
func nothingRan(rep *compareReport) error {
	if len(rep.Rows) > 0 && len(rep.Skipped) > 0 && !slices.ContainsFunc(rep.Rows, func(r compareRow) bool { return !r.Full }) {
		return fmt.Errorf("compare: no budgeted method ran: every --k (%s) is above the d = %d attributes, and only the full-information references did: give a k of at most %d",
			joinInts(rep.Skipped), rep.D, rep.D)
	}
	if len(rep.Rows) == 0 {
		why := fmt.Sprintf("every --k (%s) is above the d = %d attributes", joinInts(rep.Skipped), rep.D)
		if len(rep.Skipped) == 0 && len(rep.NotRun) > 0 {
			why = fmt.Sprintf("no solver could run at the k asked for (%s at k = %d: %s)", rep.NotRun[0].Solver, rep.NotRun[0].K, rep.NotRun[0].Reason)
		}
		return fmt.Errorf("compare: nothing ran: %s and no full-information reference was asked for: give a smaller --k or add ridge to --solvers", why)
	}
	return nil
}

// compareJob is one solver at one budget k (0: full information).
type compareJob struct {
	solver string
	k      int
}

// compareJobs lists every solver at every k, a full-information reference
// once.
func compareJobs(names []string, ks []int) []compareJob {
	var jobs []compareJob
	for _, n := range names {
		if s, _ := lao.New(n); lao.Describe(s).Full {
			jobs = append(jobs, compareJob{n, 0})
			continue
		}
		for _, k := range ks {
			jobs = append(jobs, compareJob{n, k})
		}
	}
	return jobs
}

// comparison is a compare in progress: the report, one row per job, and
// the progress count.
type comparison struct {
	src         *dataSource
	f           *compareFlags
	rep         *compareReport
	jobs        []compareJob
	rows        []*compareRow
	zero        []float64 // the zero predictor's test MSE per split
	zeroClass   []float64 // and its classification error (±1 labels)
	done, total int
	perSplit    int         // the runs of the first split
	skips       map[int]int // k → splits on which it is above d
	progress    io.Writer
	ddScaling   map[ddScaling][]string // the first split's scaling → the data-dependent solvers that got it
	cvTemplates []string               // CV's warnings so far, their digits masked (warnCV)
	// mTrain is the first split's number of training rows: attributes
	// per example are counted over it, and the verdict's intervals take
	// n_test/n_train from it (experiments.TestOverTrain).
	mTrain int
	// shifted maps a column left out as constant on a later split's
	// training rows but not on its test rows (frames.Prepared.Shifted) to
	// those splits' seeds: the first split's warnings cover only it.
	shifted map[string][]int
}

// compare runs every solver at every k on every split.
func compare(src *dataSource, f *compareFlags, names []string, ks []int, progress io.Writer) (*compareReport, error) {
	c := &comparison{src: src, f: f, jobs: compareJobs(names, ks), progress: progress,
		rep: &compareReport{Data: src.name, Target: src.target, Reading: src.reading, Repeats: f.repeat, TestFrac: f.testFrac, TestLast: f.testLast, CVFolds: f.cv, Unused: []frames.Unused{}}}
	c.rows, c.total, c.skips, c.ddScaling = make([]*compareRow, len(c.jobs)), f.repeat*len(c.jobs), map[int]int{}, map[ddScaling][]string{}
	for r := range f.repeat {
		if err := c.split(r, f.seed+uint64(r)); err != nil {
			return nil, err
		}
	}
	c.warn(shiftedSplitsWarning(c.shifted))
	c.finish()
	return c.rep, nil
}

// noteShifted records the columns a later split (r > 0) left out as
// constant on its training rows though its test rows vary (once per seed).
func (c *comparison) noteShifted(r int, seed uint64, cols []frames.Shifted) {
	if r == 0 {
		return
	}
	if c.shifted == nil {
		c.shifted = map[string][]int{}
	}
	for _, s := range cols {
		if !slices.Contains(c.shifted[s.Column], int(seed)) {
			c.shifted[s.Column] = append(c.shifted[s.Column], int(seed))
		}
	}
}

// shiftedSplitsWarning says which columns some later splits left out
// because they were constant on those training rows (a rare category's
// 0/1 column whose every 1 fell into the test part), or "".
func shiftedSplitsWarning(shifted map[string][]int) string {
	if len(shifted) == 0 {
		return ""
	}
	var parts []string
	for _, col := range slices.Sorted(maps.Keys(shifted)) {
		parts = append(parts, fmt.Sprintf("%s (seeds %s)", col, joinInts(shifted[col])))
	}
	return fmt.Sprintf("on some splits a column was constant on the training rows but not on the test rows, and was left out there (those splits have a smaller d, "+
		"and their test rows with other values are predicted as if they held the training value): %s; a column that rarely leaves one value does this on random splits",
		strings.Join(parts, ", "))
}

// compareDefaultKs is compare with the default budgets lowered to d
// (defaultKs) when --k was not given, and the note saying so first.
func compareDefaultKs(src *dataSource, f *compareFlags, names []string, ks []int, progress io.Writer) (*compareReport, error) {
	var note string
	if d, fixed, ok := firstD(src, f, names[0]); !ok {
		// a preparation that fails is compare's to report
	} else if !f.kSet {
		ks, note = defaultKs(ks, d)
	} else if fixed && slices.Min(ks) > d {
		return nil, fmt.Errorf("compare: every --k (%s) is above the d = %d attributes: give a k of at most %d", joinInts(ks), d, d)
	}
	rep, err := compare(src, f, names, ks, progress)
	if err == nil {
		rep.Notes = append(nonEmpty(note), rep.Notes...)
	}
	return rep, err
}

// compareKs is compare's default --k.
const compareKs = "2,4,8"

// firstD prepares the table once for solver (the first split's training
// part) and returns its d, and whether every split has that d: with
// --test-last every split trains on the same rows, and when no column was
// left out as constant or empty on this training part none can be a
// feature on another; ok is false if the preparation failed.
func firstD(src *dataSource, f *compareFlags, solver string) (d int, fixed, ok bool) {
	s, err := lao.New(solver)
	if err != nil {
		return 0, false, false
	}
	p, err := src.prepare(s, f.scale, holdout{f.testFrac, f.testLast}, f.seed)
	if err != nil {
		return 0, false, false
	}
	fixed = f.testLast || !slices.ContainsFunc(p.Unused, func(u frames.Unused) bool {
		return strings.HasPrefix(u.Reason, "constant") || strings.HasPrefix(u.Reason, "empty")
	})
	return p.Train.Dim(), fixed, true
}

// defaultKs lowers compare's default budgets to d (the first split's) when
// every one is above it (a table of one attribute), as fit lowers its
// default k, and says so; a --k given is never changed. (On another split
// d may be larger, when a column constant on the first split's training
// part varies on another's; compare's notes then say where k is below d.)
func defaultKs(ks []int, d int) ([]int, string) {
	if d < 1 || slices.Min(ks) <= d {
		return ks, ""
	}
	return []int{d}, fmt.Sprintf("k = %d, not the default %s: the first split's training part has only d = %d usable %s",
		d, joinInts(ks), d, plural(d, "attribute"))
}

// foldsFor lowers the default folds of CV to the m rows of a training
// part, with a warning, and refuses an explicit --cv above them (foldsFor).
func (c *comparison) foldsFor(m int) error {
	folds, note, err := foldsFor("compare", c.f.cv, c.f.cvSet, m, "each training part")
	if err != nil || note == "" {
		return err
	}
	c.warn(note)
	c.f.cv, c.rep.CVFolds = folds, folds
	return nil
}

// split runs every job on the split of seed (the r-th repeat), preparing
// the data once per options the solvers get.
func (c *comparison) split(r int, seed uint64) error {
	c.rep.Seeds = append(c.rep.Seeds, seed)
	cache := map[string]*prepared{}
	var todo []splitJob
	var skipped []int // the budgets above this split's d
	for ji, jb := range c.jobs {
		s, _ := lao.New(jb.solver)
		opt, err := frames.ScaleOptions(s, c.f.scale)
		if err != nil {
			return fmt.Errorf("compare: --scale: %w", err)
		}
		key := fmt.Sprintf("%+v", opt)
		p, ok := cache[key]
		if !ok {
			if p, err = c.src.prepare(s, c.f.scale, holdout{c.f.testFrac, c.f.testLast}, seed); err != nil {
				return c.src.explainDrops(err)
			}
			cache[key] = p
		}
		if r == 0 && ji == 0 {
			if err := c.first(p); err != nil {
				return err
			}
		}
		c.noteShifted(r, seed, p.Shifted)
		if key := (ddScaling{p.note, p.ScalingChoice.Scaling.Standard()}); r == 0 && frames.DataDependent(s) && p.note != "" && !slices.Contains(c.ddScaling[key], jb.solver) {
			c.ddScaling[key] = append(c.ddScaling[key], jb.solver) // what fit prints, once per solver
		}
		if jb.k > p.Train.Dim() {
			if !slices.Contains(skipped, jb.k) {
				skipped = append(skipped, jb.k)
				c.skips[jb.k]++
			}
			continue
		}
		sk, reason := atBudget(s, jb.k, p)
		if reason != "" {
			if r == 0 {
				c.rep.NotRun = append(c.rep.NotRun, notRun{jb.solver, jb.k, reason})
			}
			continue
		}
		todo = append(todo, splitJob{ji, s, p, sk})
	}
	c.count(r, len(todo))
	runs := make([]compareRun, len(todo))
	if err := c.runAll(todo, runs, seed); err != nil {
		return err
	}
	for i, t := range todo {
		c.record(r, t, runs[i])
	}
	return nil
}

// first takes what the first split's first preparation says of the table:
// CV's folds for its size, a word on why a small table is slow, the shape,
// the warnings and the unused columns.
func (c *comparison) first(p *prepared) error {
	if err := c.foldsFor(p.Train.Len()); err != nil {
		return err
	}
	if n := p.Train.Len(); n < frames.NestedRows && c.f.cv >= 2 && (c.f.cvOpts.rule == "" || c.f.cvOpts.rule == frames.RuleAuto) {
		sooner := ""
		if c.f.repeat > 3 {
			sooner = "; --repeat 3 answers sooner"
		}
		fmt.Fprintf(c.progress, "compare: %d training rows (fewer than %d): each tuned fit's choice is checked by a second, nested cross-validation (--cv-rule auto), so this small table takes longer per fit than a large one%s\n", n, frames.NestedRows, sooner)
	}
	c.rep.M, c.rep.D, c.rep.Binary, c.rep.Missing = p.Train.Len()+p.Test.Len(), p.Train.Dim(), p.Binary, p.missing
	c.mTrain = p.Train.Len()
	c.warn(p.Warnings()...)
	c.rep.Notes = append(c.rep.Notes, nonEmpty(testLastOrderNote(c.f.testLast, p), c.src.codeNote(p.Train.Names()))...)
	for _, id := range p.IDLike {
		if id.InOrder || id.Trend != 0 {
			c.rep.TimeOrder = append(c.rep.TimeOrder, id.Column)
		}
	}
	c.rep.Unused = append(c.rep.Unused, p.unused...)
	return nil
}

// count sets the progress total when split r has runs runs: the first
// split's, times the splits, corrected as each later split runs more or
// fewer (a column constant on one training part is dropped there, so d
// may change).
func (c *comparison) count(r, runs int) {
	if r == 0 {
		c.total, c.perSplit = c.f.repeat*runs, runs
	} else {
		c.total += runs - c.perSplit
	}
}

// splitJob is job ji of the jobs list, its solver and prepared split.
type splitJob struct {
	ji int
	s  lao.Solver
	p  *prepared
	k  int // s's own k at the job's budget (atBudget); 0 for a full-information reference
}

// compareWorkers is how many jobs of a split run at once: two when the
// training part is small enough that a second job's cross-validation
// folds cost little memory (at most 1<<22 cells), so that one job's serial
// parts (the final fit, scoring, the rungs' bookkeeping) overlap the
// other's parallel cross-validation; one otherwise, or on one core. The
// results do not depend on it: every job is seeded on its own.
func compareWorkers(p *prepared) int {
	if runtime.GOMAXPROCS(0) < 2 || p.Train.Len()*p.Train.Dim() > 1<<22 {
		return 1
	}
	return 2
}

// runAll runs the jobs of one split, compareWorkers at a time, their runs
// in runs (in the jobs' order), printing progress as each finishes. It
// returns the jobs' errors, joined in the jobs' order.
func (c *comparison) runAll(todo []splitJob, runs []compareRun, seed uint64) error {
	if len(todo) == 0 {
		return nil
	}
	errs := make([]error, len(todo))
	var mu sync.Mutex
	var next int
	var wg sync.WaitGroup
	for range min(compareWorkers(todo[0].p), len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(todo) {
					return
				}
				t, t0 := todo[i], time.Now()
				jb := c.jobs[t.ji]
				runs[i], errs[i] = compareOne(t.s, t.k, t.p, c.f, seed)
				if errs[i] != nil {
					errs[i] = fmt.Errorf("compare: %s (k = %d) on the split of seed %d: %w", jb.solver, jb.k, seed, errs[i])
					continue
				}
				mu.Lock()
				c.done++
				fmt.Fprintf(c.progress, "compare: [%d/%d] seed %d, %s k=%d: test MSE / zero %.4f (%.1fs)\n",
					c.done, c.total, seed, jb.solver, rowK(jb, t.p), float64(runs[i].MSE/runs[i].ZeroMSE), time.Since(t0).Seconds())
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(slices.DeleteFunc(errs, func(e error) bool { return e == nil })...)
}

// rowK is the k a job's row shows: its budget, or d for a full-information
// reference.
func rowK(jb compareJob, p *prepared) int {
	if jb.k == 0 {
		return p.Train.Dim()
	}
	return jb.k
}

// widen returns the range lo … hi (hi 0: lo alone) widened to d, as lo
// and hi (0 when they are equal).
func widen(lo, hi, d int) (int, int) {
	hi = max(lo, hi, d)
	if lo = min(lo, d); hi == lo {
		hi = 0
	}
	return lo, hi
}

// dRange writes d, or its range over the splits ("928-1000").
func dRange(lo, hi int) string {
	if hi > lo {
		return fmt.Sprintf("%d-%d", lo, hi)
	}
	return strconv.Itoa(lo)
}

// dVaries says why d is a range.
func dVaries(dMax int) string {
	if dMax == 0 {
		return ""
	}
	return " (over the splits: a column constant on a training part is left out of that split)"
}

// record adds the run of job t on the r-th repeat's split to its row.
func (c *comparison) record(r int, t splitJob, run compareRun) {
	if len(c.zero) == r { // the zero predictor of this split: the first run that scored it
		c.zero = append(c.zero, float64(run.ZeroMSE))
		if run.ZeroClassErr != nil {
			c.zeroClass = append(c.zeroClass, float64(*run.ZeroClassErr))
		}
	}
	jb := c.jobs[t.ji]
	if c.rows[t.ji] == nil {
		c.rows[t.ji] = &compareRow{Solver: jb.solver, K: rowK(jb, t.p), SolverK: t.k, Full: jb.k == 0}
	}
	d := t.p.Train.Dim()
	c.rep.D, c.rep.DMax = widen(c.rep.D, c.rep.DMax, d)
	if row := c.rows[t.ji]; row.Full {
		row.K, row.KMax = widen(row.K, row.KMax, d)
	}
	c.rows[t.ji].Runs = append(c.rows[t.ji].Runs, run)
	c.warnCV(run.cvWarnings...)
}

// finish aggregates the rows over the splits, counts the splits on which
// each budgeted solver beats the baseline at the same k, and collects the
// warnings.
func (c *comparison) finish() {
	c.rep.Zero = summarise(c.zero)
	if len(c.zeroClass) > 0 {
		z := summarise(c.zeroClass)
		c.rep.ZeroClass = &z
	}
	var leaky []string // the rows leakWarning warns of, and their lowest ratio
	lowest := math.Inf(1)
	var above, zeroFits []string // the rows above the zero predictor on some split, and those fitted as it
	for ji, row := range c.rows {
		if row == nil {
			continue
		}
		row.aggregate(c.mTrain)
		row.Beats = c.beatsBaseline(ji, row)
		c.rep.Rows = append(c.rep.Rows, *row)
		for _, run := range row.Runs {
			for _, n := range run.Refits {
				c.rep.Refits = append(c.rep.Refits, fmt.Sprintf("%s, split of seed %d: %s", row.label(), run.Seed, n))
			}
		}
		if w := row.warning(c.rep.unit()); w != "" {
			above = append(above, w)
		}
		if r := float64(row.Ratio.Mean); leakWarning("", r) != "" {
			leaky, lowest = append(leaky, row.label()), min(lowest, r)
		}
		if row.ZeroFits > 0 {
			zeroFits = append(zeroFits, fmt.Sprintf("%s on %d of %d %s (%s)", row.label(), row.ZeroFits, len(row.Runs), c.rep.unit(), zeroWhy(row.Zero, row.ZeroFits)))
		}
	}
	c.rep.Warnings = append(c.rep.Warnings, oneLine("test MSE above the zero predictor's (the training mean)", above)...)
	c.rep.Notes = append(c.rep.Notes, oneLine("the fit was the zero predictor (the training mean), which reads no attribute,", zeroFits)...)
	if len(leaky) > 0 {
		c.warn(leakWarning(strings.Join(leaky, ", "), lowest))
	}
	for _, k := range slices.Sorted(maps.Keys(c.skips)) {
		if n := c.skips[k]; n == c.f.repeat {
			c.rep.Skipped = append(c.rep.Skipped, k)
		} else {
			c.rep.Notes = append(c.rep.Notes, fmt.Sprintf("k = %d ran on %d of %d splits only: on the others a column constant on the training part was dropped, leaving fewer than %d attributes", k, c.f.repeat-n, c.f.repeat, k))
		}
	}
	c.rep.Notes = append(c.rep.Notes, ddScalingNotes(c.ddScaling, false)...)
	rho := experiments.TestOverTrain(c.rep.M-c.mTrain, c.mTrain)
	if c.f.testLast {
		rho = 0 // one split: the intervals are over its test rows (experiments.Outcome.Rows)
	}
	c.rep.Verdict = experiments.Verdicts(compareOutcomes(c.rep.Rows), baselineSolver, c.rep.D, rho)
}

// beatsBaseline counts the splits on which job ji's row has a lower test
// MSE than screen-ridge's at the same k; nil for screen-ridge itself, full
// information, or when screen-ridge did not run at that k.
func (c *comparison) beatsBaseline(ji int, row *compareRow) *int {
	jb := c.jobs[ji]
	bi := slices.Index(c.jobs, compareJob{baselineSolver, jb.k})
	if jb.solver == baselineSolver || jb.k <= 0 || bi < 0 || c.rows[bi] == nil {
		return nil
	}
	n := 0
	for i, run := range row.Runs {
		if run.MSE < c.rows[bi].Runs[i].MSE {
			n++
		}
	}
	return &n
}

// ddScaling is a scaling the data-dependent solvers got: fit's note on it,
// and whether it standardised the columns.
type ddScaling struct {
	note     string
	standard bool
}

// ddScalingNotes is ddScalingNote for each scaling of by (→ the
// data-dependent solvers that got it), in the notes' order; priced: the
// attributes have prices (compare --costs).
func ddScalingNotes(by map[ddScaling][]string, priced bool) []string {
	keys := slices.SortedFunc(maps.Keys(by), func(a, b ddScaling) int { return strings.Compare(a.note, b.note) })
	var notes []string
	for _, k := range keys {
		notes = append(notes, ddScalingNote(by[k], k, priced))
	}
	return notes
}

// ddScalingNote is the note on the scaling sc the data-dependent solvers
// got (its note as lao fit prints it): standardised columns have equal
// second moments, so those solvers' moment-based draws are the uniform ones
// (a row beside its uniform counterpart differs by the step size and the
// inner-product draw only; priced, both draw by 1/√price).
func ddScalingNote(solvers []string, sc ddScaling, priced bool) string {
	n := strings.Join(solvers, ", ") + ": " + sc.note
	if sc.standard {
		n += "; with every column standardised, every attribute's second moment is the same (the two-phased solvers " +
			"estimate them: nearly the same), so these solvers draw their attributes as their uniform counterparts do"
		if priced {
			n += " (priced, both by 1/√price)"
		}
	}
	return n
}

// oneLine joins the items of one kind of note or warning into one line,
// "what for a; b; c", so that a table without signal (a dozen rows, each on
// some split at the zero predictor) gets one line, not a dozen, before its
// verdict; nothing for no items.
func oneLine(what string, items []string) []string {
	if len(items) == 0 {
		return nil
	}
	return []string{what + " for " + strings.Join(items, "; ")}
}

// unit is what the runs of a row differ in: "splits", or "seeds" when
// every split holds out the last rows (--test-last).
func (r *compareReport) unit() string {
	if r.TestLast {
		return "seeds"
	}
	return "splits"
}

// warning is the row's part of the warning on the runs (unit: splits or
// seeds) whose test MSE is above the zero predictor's ("" if none is).
func (row *compareRow) warning(unit string) string {
	worse, worst := 0, -1
	for i, r := range row.Runs {
		if r.MSE > r.ZeroMSE {
			worse++
			if worst < 0 || r.MSE/r.ZeroMSE > row.Runs[worst].MSE/row.Runs[worst].ZeroMSE {
				worst = i
			}
		}
	}
	if worse == 0 {
		return ""
	}
	w := row.Runs[worst]
	up := fmt.Sprintf("up to %s times it, seed %d", frames.Times(float64(w.MSE/w.ZeroMSE)), w.Seed)
	if !(w.ZeroMSE > 0) { // constant test labels: the mean predicts them exactly
		up = fmt.Sprintf("on seed %d the zero predictor's test MSE is 0", w.Seed)
	}
	return fmt.Sprintf("%s on %d of %d %s (%s; mean ratio over all %s %.3f)",
		row.label(), worse, len(row.Runs), unit, up, unit, float64(row.Ratio.Mean))
}

// label names the row as the table does: "aerr (k = 2)", or for full
// information "ridge (all 5)" (it reads every attribute).
func (row *compareRow) label() string {
	if row.Full {
		return fmt.Sprintf("%s (all %s)", row.Solver, dRange(row.K, row.KMax))
	}
	return fmt.Sprintf("%s (k = %d)", row.Solver, row.K)
}

// compareOutcomes flattens the rows' runs for experiments.Verdicts.
func compareOutcomes(rows []compareRow) []experiments.Outcome {
	var out []experiments.Outcome
	for _, row := range rows {
		for _, r := range row.Runs {
			o := experiments.Outcome{Solver: row.Solver, K: row.K, Full: row.Full, Seed: r.Seed, Ratio: float64(r.MSE / r.ZeroMSE),
				Zero: r.CVZero || r.Params["zero_predictor"] == 1}
			for i := range r.rows { // --test-last: each row's errors over the zero predictor's test MSE
				o.Rows, o.ZeroRows = append(o.Rows, r.rows[i]/float64(r.ZeroMSE)), append(o.ZeroRows, r.zeroRows[i]/float64(r.ZeroMSE))
			}
			out = append(out, o)
		}
	}
	return out
}

// notRun is a solver that cannot run at a budget k.
type notRun struct {
	Solver string `json:"solver"`
	K      int    `json:"k"`
	Reason string `json:"reason"`
}

// atBudget returns the value of s's own k at which it reads at most k
// attributes per training example (on average, for a solver whose budget
// holds in expectation: AESVR's k + 2·E[GenEst draws]), so that every
// method compared at k spends the same budget: the papers' k + 1 family
// (AERR, AELR and their data-dependent and two-phased kin) runs with its
// own k = k − 1. It returns 0 and why when s cannot run within k on the
// training part of p (its parameters at their defaults invalid there, or
// more than k attributes per example at its smallest k).
func atBudget(s lao.Solver, k int, p *prepared) (int, string) {
	base := frames.WithPriors(s, p.Train) // the data's moments, once
	if _, err := lao.FindParam(base, "k"); k <= 0 || err != nil {
		// a full-information reference, or no k of its own (exploitation): as it is
		b, reason := budgetAt(base, 0, p)
		if reason == "" && k > 0 && perExample(b) > float64(k) {
			reason = fmt.Sprintf("reads up to %.3g attributes per example, more than %d", perExample(b), k)
		}
		return 0, reason
	}
	var first string
	for v := k; v >= 1; v-- {
		b, reason := budgetAt(base, v, p)
		if reason != "" {
			first = cmp.Or(first, reason)
			continue
		}
		if perExample(b) <= float64(k) {
			return v, ""
		}
	}
	if first != "" {
		return 0, first
	}
	return 0, fmt.Sprintf("reads more than %s per example even at its smallest k", attributes(k))
}

// budgetAt starts a copy of s on the training part of p with its own k
// set to v (0: as it is) and returns its budget, or why it cannot start
// there (its parameters invalid, named without the solver). Another
// failure is the fit's to report: a zero budget, no reason.
func budgetAt(s lao.Solver, v int, p *prepared) (lao.Budget, string) {
	c, err := lao.Clone(s)
	if err != nil {
		return lao.Budget{}, userMessage(err)
	}
	if v > 0 {
		if kp, err := lao.FindParam(c, "k"); err != nil || kp.Set(float64(v)) != nil {
			return lao.Budget{}, "k is not an integer"
		}
	}
	_, b, err := c.Start(lao.Problem{M: p.Train.Len(), D: p.Train.Dim(), Rand: lao.NewRand(0)})
	if errors.Is(err, lao.ErrParam) {
		return lao.Budget{}, strings.TrimPrefix(userMessage(err), s.Name()+": ")
	}
	return b, ""
}

// attributes is "1 attribute" or "k attributes".
func attributes(k int) string {
	if k == 1 {
		return "1 attribute"
	}
	return fmt.Sprintf("%d attributes", k)
}

// perExample is a budget's attributes per training example: its mean when
// it holds only in expectation, else its cap.
func perExample(b lao.Budget) float64 {
	if b.Mean > 0 { // never more than the hard cap (at k = d, d)
		return min(b.Mean, float64(b.PerExample))
	}
	return float64(b.PerExample)
}

// compareOne tunes (if asked), fits and scores one solver on one split, its
// own k set to k (atBudget's) unless k is 0.
func compareOne(s lao.Solver, k int, p *prepared, f *compareFlags, seed uint64) (compareRun, error) {
	if k > 0 {
		kp, err := lao.FindParam(s, "k")
		if err != nil {
			return compareRun{}, err
		}
		if err := kp.Set(float64(k)); err != nil {
			return compareRun{}, err
		}
	}
	run := compareRun{Seed: seed}
	o := f.cvOpts.options(f.cv, seed)
	o.Grid = frames.GridFor(s, o.Grid)
	fit, err := p.TuneFit(s, o, seed) // tuned (--cv) under the rule of every tuned fit: frames.Refit
	if err != nil {
		return run, err
	}
	if fit.CV != nil {
		run.CVEdges, run.CVZero, run.Refits, run.cvWarnings = fit.CV.Edges(), fit.CV.ZeroChosen, fit.Refits, fit.CV.Warnings
	}
	sc := fit.Test
	run.MSE, run.ZeroMSE, run.Attributes, run.Params = jfloat(sc.MSE), jfloat(sc.ZeroMSE), fit.Result.Attributes, fit.Result.Params
	if p.TestLast { // the verdict's intervals are over the test rows: keep each row's errors
		if run.rows, run.zeroRows, err = p.TestErrors(fit.Result.W, frames.PredictBudgetOf(fit.Result)); err != nil {
			return run, err
		}
	}
	if p.Binary {
		ce, zce := jfloat(sc.ClassificationError), jfloat(sc.ZeroClassificationError)
		run.ClassErr, run.ZeroClassErr = &ce, &zce
	}
	return run, nil
}

func (row *compareRow) aggregate(mTrain int) {
	var mse, ratio, ce, attrs []float64
	for _, r := range row.Runs {
		mse = append(mse, float64(r.MSE))
		ratio = append(ratio, float64(r.MSE/r.ZeroMSE))
		attrs = append(attrs, float64(r.Attributes))
		if r.ClassErr != nil {
			ce = append(ce, float64(*r.ClassErr))
		}
		if len(r.CVEdges) > 0 {
			row.Edges++
		}
		if r.CVZero {
			row.Zero++
		}
		if r.CVZero || r.Params["zero_predictor"] == 1 {
			row.ZeroFits++
		}
	}
	row.MSE, row.Ratio, row.Attrs = summarise(mse), summarise(ratio), summarise(attrs)
	if len(ce) == len(row.Runs) {
		c := summarise(ce)
		row.ClassErr = &c
	}
	row.PerEx = float64(row.Attrs.Mean) / float64(mTrain)
}

// summarise returns the mean and sample standard deviation (0 for one
// value, NaN for none: experiments.MeanSD).
func summarise(v []float64) meanSD {
	mean, sd := experiments.MeanSD(v)
	return meanSD{jfloat(mean), jfloat(sd)}
}

func printCompare(w io.Writer, r *compareReport, f *compareFlags) error {
	printCompareHeader(w, r)
	fmt.Fprintf(w, "zero predictor (the training mean): test MSE %s", fmtPM(r.Zero, len(r.Seeds)))
	if r.ZeroClass != nil {
		fmt.Fprintf(w, ", classification error %s (the training part's majority class)", fmtPM(*r.ZeroClass, len(r.Seeds)))
	}
	fmt.Fprint(w, "\n\n")
	if err := printCompareRows(w, r); err != nil {
		return err
	}
	spread := "mean ± sd over the splits"
	switch {
	case len(r.Seeds) == 1:
		spread = "one split, so no spread"
	case r.TestLast:
		spread = "mean ± sd over the seeds, on one split: the sd is the solvers' draws' and their rows' order's, not the rows'"
	}
	unit := r.unit()
	fmt.Fprintf(w, "\n(%s; \"beats %s\": %s on which the solver's test MSE is below %s's at the same k;\n \"CV edge\": %s on which cross-validation chose a parameter on the edge of its grid",
		spread, baselineSolver, unit, baselineSolver, unit)
	if slices.ContainsFunc(r.Rows, ownK) {
		fmt.Fprint(w, ";\n k is the budget, attributes per training example, the same for every method: \"own k\" is the solver's own parameter at it\n (the papers' k + 1 family, AERR, AELR and their kin, reads k + 1 per example, so it runs with k − 1 below d, and with k at k = d)")
	}
	if slices.ContainsFunc(r.Rows, func(row compareRow) bool { return row.ZeroFits > 0 }) {
		fmt.Fprintf(w, ";\n *: the mean counts the %s whose fit was the zero predictor (cross-validation's choice or a refit's), which read no attribute", unit)
	}
	fmt.Fprintln(w, ")")
	printRefits(w, r)
	for _, m := range r.Warnings {
		fmt.Fprintln(w, "warning:", m)
	}
	printVerdict(w, r.Verdict, r.TimeOrder)
	return nil
}

// maxRefitLines is the number of refits compare's text lists one by one;
// beyond it, one line counts them by row (--json lists each).
const maxRefitLines = 3

// printRefits prints the refits of the runs (compareRun.Refits): each on
// its line, or, beyond maxRefitLines, one line counting them by row.
func printRefits(w io.Writer, r *compareReport) {
	unit := strings.TrimSuffix(r.unit(), "s")
	if len(r.Refits) <= maxRefitLines {
		for _, n := range r.Refits {
			fmt.Fprintln(w, "refit:", n)
		}
		return
	}
	var by []string
	for _, row := range r.Rows {
		splits, steps := 0, 0
		for _, run := range row.Runs {
			if len(run.Refits) > 0 {
				splits, steps = splits+1, steps+len(run.Refits)
			}
		}
		if splits > 0 {
			by = append(by, fmt.Sprintf("%s on %s (%s)", row.label(), count(splits, unit), count(steps, "step")))
		}
	}
	fmt.Fprintf(w, "refit: %d times a tuned fit was worse than the zero predictor on its own training data and was refitted with CV's next setting "+
		"(or, last, the zero predictor), for %s; --json lists each (refits)\n", len(r.Refits), strings.Join(by, ", "))
}

// seedRange is "3" or "1..10".
func seedRange(seeds []uint64) string {
	if len(seeds) == 1 {
		return fmt.Sprint(seeds[0])
	}
	return fmt.Sprintf("%d..%d", seeds[0], seeds[len(seeds)-1])
}

// printCompareHeader says what was compared on which data, and what was
// left out (unused columns, budgets above d, solvers that cannot run,
// rows dropped and cells filled).
func printCompareHeader(w io.Writer, r *compareReport) {
	fmt.Fprintf(w, "compare on %s", r.Data)
	if r.Target != "" {
		fmt.Fprintf(w, " (target %s)", r.Target)
	}
	switch {
	case r.TestLast:
		fmt.Fprintf(w, ": m = %d, d = %s; one split, the last %.0f %% of the rows held out for testing (--test-last), fitted with %s (%s)",
			r.M, dRange(r.D, r.DMax), 100*r.TestFrac, count(r.Repeats, "seed"), seedRange(r.Seeds))
	case r.Repeats == 1:
		fmt.Fprintf(w, ": m = %d, d = %s; one seeded split (seed %d), %.0f %% test", r.M, dRange(r.D, r.DMax), r.Seeds[0], 100*r.TestFrac)
	default:
		fmt.Fprintf(w, ": m = %d, d = %s%s; %d seeded splits (seeds %d..%d), %.0f %% test", r.M, dRange(r.D, r.DMax), dVaries(r.DMax), r.Repeats, r.Seeds[0], r.Seeds[len(r.Seeds)-1], 100*r.TestFrac)
	}
	if r.CVFolds > 0 {
		blocked := ""
		if r.TestLast {
			blocked = " blocked" // frames.Prepared.TrainOrder: the folds are stretches of consecutive rows
		}
		fmt.Fprintf(w, ", every solver tuned by %d-fold%s CV on each training part", r.CVFolds, blocked)
	} else {
		fmt.Fprint(w, ", the theorems' default parameters (--cv 0)")
	}
	fmt.Fprintf(w, "; %.1fs\n", r.Seconds)
	printUnused(w, r.Unused)
	if len(r.Skipped) > 0 {
		fmt.Fprintf(w, "k = %s skipped: more than the d = %d attributes\n", joinInts(r.Skipped), r.D)
	}
	for _, n := range r.NotRun {
		fmt.Fprintf(w, "%s not run at k = %d: %s\n", n.Solver, n.K, n.Reason)
	}
	printMissing(w, r.Missing)
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
}

// printMissing prints what --missing did (nothing if it did nothing).
func printMissing(w io.Writer, m *missingReport) {
	if m != nil {
		if t := m.text(); t != "" {
			fmt.Fprintln(w, t)
		}
	}
}

// printCompareRows prints the table: one row per solver and k.
func printCompareRows(w io.Writer, r *compareReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	head := "solver\tk\ttest MSE\t/ zero predictor"
	if r.Binary {
		head += "\tclass. error"
	}
	fmt.Fprintln(tw, head+"\tattributes seen (per example)\tbeats "+baselineSolver+"\tCV edge")
	pm := func(m meanSD, prec int) string {
		mean, sd := fmt.Sprintf("%.*f", prec, float64(m.Mean)), fmt.Sprintf("%.*f", prec, float64(m.SD))
		if a := float64(m.Mean); a > 0 && a < experiments.SmallRatio { // as experiments.RatioNumber: two significant digits, the spread alike
			dec := experiments.SmallDecimals(a)
			mean, sd = fmt.Sprintf("%.*f", dec, a), fmt.Sprintf("%.*f", dec, float64(m.SD))
		}
		if len(r.Seeds) == 1 { // one split: no spread to print
			return mean
		}
		return mean + " ± " + sd
	}
	for _, row := range r.Rows {
		k := strconv.Itoa(row.K)
		if row.Full {
			k = "all " + dRange(row.K, row.KMax)
		} else if ownK(row) {
			k += fmt.Sprintf(" (own k %d)", row.SolverK)
		}
		line := fmt.Sprintf("%s\t%s\t%s\t%s", row.Solver, k, fmtPM(row.MSE, len(r.Seeds)), pm(row.Ratio, 3))
		if r.Binary {
			line += "\t" + pm(*row.ClassErr, 3)
		}
		beats := "-"
		if row.Beats != nil {
			beats = fmt.Sprintf("%d of %d", *row.Beats, len(row.Runs))
		}
		edges := "-"
		if r.CVFolds > 0 {
			edges = fmt.Sprintf("%d of %d", row.Edges, len(row.Runs))
		}
		mark := ""
		if row.ZeroFits > 0 { // the mean counts the splits that read nothing
			mark = "*"
		}
		fmt.Fprintf(tw, "%s\t%.0f (%.2f)%s\t%s\t%s\n", line, float64(row.Attrs.Mean), row.PerEx, mark, beats, edges)
	}
	return tw.Flush()
}

// zeroWhy says who chose the zero predictor on the fits that ended there:
// cv of them by cross-validation, the others by a refit (frames.Refit).
func zeroWhy(cv, fits int) string {
	switch cv {
	case fits:
		return "cross-validation's choice"
	case 0:
		return "a refit's last resort: the tuned fit was worse than it on the training rows"
	}
	return fmt.Sprintf("cross-validation's choice on %d, a refit's last resort on %d", cv, fits-cv)
}

// ownK reports whether a budgeted row's solver ran with its own k other
// than the budget (atBudget).
func ownK(row compareRow) bool { return !row.Full && row.SolverK > 0 && row.SolverK != row.K }

// printVerdict prints, for each k, the best budgeted method with its gaps
// (paired over the splits, 95 % intervals corrected for the splits'
// overlap) and the recommendation; timeOrder names the columns that show
// the rows may be a time series (compareReport.TimeOrder).
func printVerdict(w io.Writer, vs []experiments.Verdict, timeOrder []string) {
	if len(vs) == 0 {
		return
	}
	switch {
	case vs[0].Zero.TestRows > 0:
		fmt.Fprintln(w, "\nverdict (by the \"/ zero predictor\" column, the test MSE over the zero predictor's, averaged over the seeds; every seed tests the same rows,",
			"so the 95 % intervals are over the test rows in the table's order: Diebold & Mariano 1995, the rows' long-run variance by the EWC estimator of Lazarus, Lewis, Stock & Watson 2018, plus the seeds' spread):")
		if vs[0].Zero.N == 1 {
			fmt.Fprintln(w, "  (one seed: the intervals hold the solvers' draws and CV's folds fixed at that seed's; --repeat adds the seeds' spread)")
		}
	case slices.ContainsFunc(vs, func(v experiments.Verdict) bool { return v.Zero.N < 2 }):
		fmt.Fprintln(w, "\nverdict (by the \"/ zero predictor\" column, the split's test MSE over its zero predictor's; one split: no intervals):")
	default:
		fmt.Fprintln(w, "\nverdict (by the \"/ zero predictor\" column, each split's test MSE over its zero predictor's, averaged over the splits;",
			"differences paired by split, 95 % intervals corrected for the overlap of the splits' training rows, Nadeau & Bengio 2003):")
	}
	switch {
	case len(timeOrder) > 0 && vs[0].Zero.TestRows > 0:
		fmt.Fprintf(w, "  (the rows are in the order of %s, and the test part is the last rows: if they are a time series, every line below measures predicting them from models fitted on the rows before, a forecast if the features are known before the target)\n",
			strings.Join(timeOrder, ", "))
	case len(timeOrder) > 0:
		fmt.Fprintf(w, "  (the rows are in the order of %s: if they are a time series, every line below measures interpolation between neighbouring rows, not forecasting; see the warning above)\n",
			strings.Join(timeOrder, ", "))
	}
	for _, v := range vs {
		at := fmt.Sprintf("k = %d", v.K)
		if v.AllAttributes {
			at += " (every attribute: no budget)"
		}
		best := v.BestNamed()
		if v.Steadier != "" { // the recommendation is another method: say why at once
			best = v.BestNamedWithout(v.Steadier)
			fmt.Fprintf(w, "  %s: lowest mean ratio %s, %s, but not clearly below the zero predictor over the splits; recommended instead: %s, %s (→ below)\n",
				at, best, experiments.RatioNumber(v.Ratio), v.Steadier, experiments.RatioNumber(v.SteadierRatio))
		} else {
			among := ""
			if v.AllAttributes { // ridge and lasso are as fair here, and may be lower (carData's Salaries: 0.787 against 0.790)
				among = " (of the budgeted methods; the full-information references, which read every attribute too, are not among them)"
			}
			fmt.Fprintf(w, "  %s: lowest mean ratio %s, %s%s\n", at, best, experiments.RatioNumber(v.Ratio), among)
		}
		if v.Zero.DF > 0 { // whether the best method beats predicting the mean
			fmt.Fprintf(w, "    %s: %s\n", v.Best, v.Zero.Statement())
		}
		if v.Full != nil {
			fmt.Fprintf(w, "    %s vs full information: %s\n", v.Best, v.Full.Statement())
		}
		if v.Screen != nil {
			who := v.Best
			if v.Best == baselineSolver {
				who = "runner-up " + v.RunnerUp
			}
			fmt.Fprintf(w, "    %s vs %s: %s\n", who, baselineSolver, v.Screen.Statement())
		}
		fmt.Fprintf(w, "    → %s\n", v.Recommendation)
	}
}

// fmtPM formats mean ± sd over n splits with about four significant
// digits of the mean; the mean alone for one split (its sd is 0 by
// construction, not a measured spread).
func fmtPM(m meanSD, n int) string {
	mean, sd := float64(m.Mean), float64(m.SD)
	dec := 3
	if a := math.Abs(mean); a > 0 && !math.IsInf(a, 0) {
		dec = min(max(3-int(math.Floor(math.Log10(a))), 0), 8)
	}
	if n == 1 {
		return fmt.Sprintf("%.*f", dec, mean)
	}
	return fmt.Sprintf("%.*f ± %.*f", dec, mean, dec, sd)
}

// writeSplits writes, for every repeat, which file line (CSV) or row
// (named data set) went to the training or the test part.
func writeSplits(w io.Writer, src *dataSource, f *compareFlags) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"repeat", "seed", "line", "part"}); err != nil {
		return err
	}
	var lines []int
	if src.tab != nil {
		lines = src.tab.Lines
	} else {
		lines = make([]int, src.ds.Len())
		for i := range lines {
			lines[i] = i
		}
	}
	for r := range f.repeat {
		seed := f.seed + uint64(r)
		train, test, err := holdout{f.testFrac, f.testLast}.rows(len(lines), seed)
		if err != nil {
			return err
		}
		for _, pt := range []struct {
			part string
			idx  []int
		}{{"train", train}, {"test", test}} { // in this order: the same file for the same flags
			part, sorted := pt.part, slices.Clone(pt.idx)
			slices.Sort(sorted)
			for _, i := range sorted {
				if err := cw.Write([]string{strconv.Itoa(r + 1), strconv.FormatUint(seed, 10), strconv.Itoa(lines[i]), part}); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// comparePlot draws, as SVG (or PNG), test MSE / zero predictor against
// k (a tick at each k run) and against attributes seen, and for ±1 labels
// the classification error against k; full-information references as flat
// lines; each panel's legend beside it.
func comparePlot(r *compareReport, png bool) ([]byte, error) {
	byK, byAttrs, classErr := compareCurves(r)
	title := r.Data
	if r.Target != "" {
		title += " → " + r.Target
	}
	p1, err := plot.BandsPlot(byK, plot.BandsOptions{Title: title, XLabel: "k (attributes per training example)", YLabel: "test MSE / zero predictor"})
	if err != nil {
		return nil, fmt.Errorf("compare: plot: %w", err)
	}
	panels := []*gplot.Plot{p1}
	// A solver that chose the zero predictor on every split read no
	// attribute: its point has x = 0, which the log axis cannot draw.
	if byAttrs = plot.OnLogX(byAttrs); len(byAttrs) > 0 {
		p2, err := plot.BandsPlot(byAttrs, plot.BandsOptions{Title: fmt.Sprintf("%d splits, mean ± sd", r.Repeats), XLabel: "attributes seen in training", YLabel: "test MSE / zero predictor", LogX: true})
		if err != nil {
			return nil, fmt.Errorf("compare: plot: %w", err)
		}
		panels = append(panels, p2)
	}
	if r.Binary && len(classErr) > 0 {
		p3, err := plot.BandsPlot(classErr, plot.BandsOptions{Title: "labels ±1", XLabel: "k (attributes per training example)", YLabel: "test classification error"})
		if err != nil {
			return nil, fmt.Errorf("compare: plot: %w", err)
		}
		panels = append(panels, p3)
	}
	img, err := plot.Row(panels, png)
	if err != nil {
		return nil, fmt.Errorf("compare: plot: %w", err)
	}
	return img, nil
}

// compareCurves returns one curve per budgeted solver (its k values, or its
// attributes seen; and its classification error against k when the labels
// are ±1) and a flat line per full-information reference.
func compareCurves(r *compareReport) (byK, byAttrs, classErr []plot.Curve) {
	lo, hi, alo, ahi := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, row := range r.Rows {
		if !row.Full {
			lo, hi = min(lo, float64(row.K)), max(hi, float64(row.K))
			if a := float64(row.Attrs.Mean); a > 0 { // 0: the zero predictor on every split, not drawn on the log axis
				alo, ahi = min(alo, a), max(ahi, a)
			}
		}
	}
	var order []string
	curves := map[string]*[3]plot.Curve{}
	for _, row := range r.Rows {
		c, ok := curves[row.Solver]
		if !ok {
			c = &[3]plot.Curve{{Name: row.Solver}, {Name: row.Solver}, {Name: row.Solver}}
			curves[row.Solver] = c
			order = append(order, row.Solver)
		}
		val := [3]meanSD{row.Ratio, row.Ratio, {}}
		if row.ClassErr != nil {
			val[2] = *row.ClassErr
		}
		if row.Full {
			name := fmt.Sprintf("%s (all %s attributes)", row.Solver, dRange(row.K, row.KMax))
			a0 := alo
			if math.IsInf(a0, 1) { // every budgeted row read nothing: the line starts at a tenth of its own
				a0 = float64(row.Attrs.Mean) / 10
			}
			xs := [3][]float64{{lo, max(hi, lo*1.01)}, {a0, max(ahi, float64(row.Attrs.Mean))}, {lo, max(hi, lo*1.01)}}
			for i := range 3 {
				c[i] = plot.Curve{Name: name, X: xs[i], Mean: []float64{float64(val[i].Mean), float64(val[i].Mean)},
					Std: []float64{float64(val[i].SD), float64(val[i].SD)}}
			}
			continue
		}
		xs := [3]float64{float64(row.K), float64(row.Attrs.Mean), float64(row.K)}
		for i := range 3 {
			c[i].X = append(c[i].X, xs[i])
			c[i].Mean = append(c[i].Mean, float64(val[i].Mean))
			c[i].Std = append(c[i].Std, float64(val[i].SD))
		}
	}
	for _, n := range order {
		byK, byAttrs = append(byK, curves[n][0]), append(byAttrs, curves[n][1])
		if r.Binary {
			classErr = append(classErr, curves[n][2])
		}
	}
	return zeroLines(r, [4]float64{lo, hi, alo, ahi}, byK, byAttrs, classErr)
}

// zeroLines adds the zero predictor (the training mean) to every panel of
// compare's plot, over the spans of k and of attributes seen (lo, hi, alo,
// ahi; infinite: no budgeted point): ratio 1, and for ±1 labels its
// classification error (the majority class's).
func zeroLines(r *compareReport, span [4]float64, byK, byAttrs, classErr []plot.Curve) ([]plot.Curve, []plot.Curve, []plot.Curve) {
	lo, hi, alo, ahi := span[0], span[1], span[2], span[3]
	line := func(name string, x0, x1, y float64) plot.Curve {
		return plot.Curve{Name: name, X: []float64{x0, max(x1, x0*1.01)}, Mean: []float64{y, y}, Role: plot.Zero}
	}
	if !math.IsInf(lo, 1) {
		byK = append(byK, line("zero predictor (training mean)", lo, hi, 1))
		if r.Binary && r.ZeroClass != nil && len(classErr) > 0 {
			classErr = append(classErr, line("zero predictor (majority class)", lo, hi, float64(r.ZeroClass.Mean)))
		}
	}
	if !math.IsInf(alo, 1) {
		byAttrs = append(byAttrs, line("zero predictor (training mean)", alo, ahi, 1))
	}
	return byK, byAttrs, classErr
}
