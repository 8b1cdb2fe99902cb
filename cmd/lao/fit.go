package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"gonum.org/v1/gonum/floats"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/sqltable"
	"github.com/laoproject/lao/lao"
)

type fitFlags struct {
	table    tableFlags
	solver   string
	params   paramFlags // --k, --B, --eta, --lambda and every --param name=value
	seed     uint64
	testFrac float64
	testLast bool // --test-last: the last rows held out
	cv       int
	cvTable  string
	cvOpts   cvFlags // --grid, --cv-rule
	asJSON   bool
	scale    string
	save     string
	stream   string
	cvSet    bool   // --cv was given on the command line
	support  string // exploitation's fixed support: column names or indices
	costs    costFlags
	refitAll bool // --refit-all: the saved model refitted on every row
}

// fitReport is the JSON form of `lao fit --json`.
type fitReport struct {
	Solver string `json:"solver"`
	Data   string `json:"data"`
	Target string `json:"target,omitempty"`
	// Reading is how the CSV file was read, where not by default.
	Reading *readingReport `json:"csv_reading,omitempty"`
	D       int            `json:"d"`
	K       int            `json:"k"`
	MTrain  int            `json:"m_train"`
	MTest   int            `json:"m_test"`
	// TestLast reports that the test part is the table's last rows
	// (--test-last), after every training row.
	TestLast bool               `json:"test_last,omitempty"`
	Seed     uint64             `json:"seed"`
	Params   map[string]float64 `json:"params"`
	Tuned    bool               `json:"tuned_by_cv"`
	// kByCost says how the solver took k from its cost budget (K = 0):
	// the largest k the budget pays for (the k+1 family), or no count
	// limit but the budget's (screen-ridge); "" when k was not taken so.
	kByCost string
	final   *finalFit          // --refit-all: the model saved
	given   []string           // the parameters set on the command line (not CV's choice)
	sd      map[string]float64 // the features' training standard deviations (nil: not known): fit's table ranks by effect
	tuned   []string           // the parameters CV chose (its grid's)
	CVFolds int                `json:"cv_folds,omitempty"`
	// CVBlocked: the folds were blocks of consecutive rows (--test-last;
	// frames.CVResult.Blocked).
	CVBlocked bool `json:"cv_blocked_folds,omitempty"`
	// CVIdle is set when --cv asked for tuning and nothing was left to
	// tune (every tunable parameter set on the command line, or none).
	CVIdle  bool     `json:"cv_nothing_to_tune,omitempty"`
	CVEdges []string `json:"cv_edges,omitempty"`
	CVZero  bool     `json:"cv_chose_zero_predictor,omitempty"`
	// CVNested says, when the nested check (frames.CVResult.Nested) chose
	// the zero predictor, what it measured.
	CVNested string `json:"cv_nested_check,omitempty"`
	// CVNestedKept says, when the nested check ran and kept the solver,
	// what it measured.
	CVNestedKept string   `json:"cv_nested_check_kept_the_solver,omitempty"`
	CVRepeats    int      `json:"cv_repeats,omitempty"`
	CVWarnings   []string `json:"cv_warnings,omitempty"`
	// Refits lists the tuned settings refitted because their fit was
	// worse than the zero predictor on its own training data
	// (frames.Refit), and by what.
	Refits       []string          `json:"refits"`
	Scaling      string            `json:"scaling"`
	Unused       []frames.Unused   `json:"unused_columns"`
	Missing      *missingReport    `json:"missing,omitempty"`
	HasIntercept bool              `json:"has_intercept"`
	Intercept    jfloat            `json:"intercept"`
	Weights      map[string]jfloat `json:"weights"`
	Columns      []string          `json:"columns"`
	// AttributeCounts maps each column to the number of training examples
	// that revealed it (which attributes the learner paid for).
	AttributeCounts map[string]int64 `json:"attribute_counts"`
	TestMSE         jfloat           `json:"test_mse"`
	ZeroMSE         jfloat           `json:"zero_predictor_mse"`
	ClassErr        *jfloat          `json:"test_classification_error,omitempty"`
	ZeroClassErr    *jfloat          `json:"zero_classification_error,omitempty"` // the zero predictor's: the training majority class
	Attributes      int64            `json:"attributes_observed"`
	MeanPer         float64          `json:"mean_attributes_per_example"`
	MaxPer          int              `json:"max_attributes_per_example"`
	Budget          string           `json:"budget"`
	BudgetCap       int              `json:"budget_per_example,omitempty"` // the hard cap on attributes per training example (0: full information)
	Seconds         float64          `json:"seconds"`
	ModelFile       string           `json:"model_file,omitempty"`
	Streamed        bool             `json:"streamed"`
	// Cells counts what a lazy fit (--lazy) read from the database,
	// beside attributes_observed.
	Cells *sqltable.Counts `json:"cells_fetched,omitempty"`
	Notes []string         `json:"notes"`
	// Diagnostics are the solver's own numbers about the fit
	// (lao.Result.Diagnostics), e.g. how far an inexact solve stopped from
	// the exact minimiser.
	Diagnostics map[string]jfloat `json:"diagnostics,omitempty"`
	// SameBudget is the practical baseline fitted under the same training
	// budget and scored on the same test rows (frames.CheckBudget), for
	// the papers' budgeted solvers without prices.
	SameBudget *sameBudgetReport `json:"same_budget_baseline,omitempty"`
	// Warnings says what the user must know about the result, e.g. a test
	// error above the zero predictor's.
	Warnings []string `json:"warnings"`
	// S is the model's sparsity s for the sparse solvers (Murata & Suzuki
	// 2018), Support the columns with a non-zero weight (what a test
	// example is read on), PredictBudget the attributes a test example may
	// reveal and TestPer the mean number the test examples did reveal.
	S             int      `json:"s,omitempty"`
	Support       []string `json:"support"`
	PredictBudget int      `json:"prediction_budget"`
	TestPer       float64  `json:"test_attributes_per_example"`
	// With prices (--costs, --cost): the prices, the cost budgets and what
	// the fit and the test predictions spent.
	*CostReport
}

func parseFitFlags(args []string) (*fitFlags, error) {
	f := &fitFlags{}
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	f.table.define(fs, "CSV file (gzip detected by content), libsvm/svmlight file (.svm, .libsvm, .svmlight; sparse rows) or a named data set: mnist:3v5, covertype:1, ctslice[:std], ms2018[:N]")
	fs.StringVar(&f.solver, "solver", "aerr", "solver name (see 'lao solvers')")
	f.params.define(fs)
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the split, the folds and the solver (independent streams derived from it)")
	fs.Float64Var(&f.testFrac, "test-frac", 0.1, "fraction of rows held out for testing")
	fs.BoolVar(&f.testLast, "test-last", false, testLastUsage)
	fs.IntVar(&f.cv, "cv", 5, "tune B, eta or lambda by this many folds of cross-validation on the training part (0: the theorems' defaults)")
	fs.StringVar(&f.cvTable, "cv-table", "", "write the validation error of every CV grid point to this CSV file: mean_mse and std_mse in the units the solver saw (scaled: not comparable with the test MSE), mse_over_zero_predictor comparable across tables (1: learns nothing); with successive halving every rung, its training rows per fold in column rung_rows")
	f.cvOpts.define(fs)
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fs.StringVar(&f.save, "save-model", "", "save the fitted model to this JSON file (format: docs/model-format.md; use it with 'lao predict')")
	fs.BoolVar(&f.refitAll, "refit-all", false, "with --save-model: save the solver refitted on every row (training and test parts) with the parameters chosen on the training part; the test error reported is the training part's fit's, the estimate for it")
	fs.StringVar(&f.scale, "scale", "auto", scaleUsage)
	fs.StringVar(&f.support, "support", "", "exploitation: its fixed support S_0, as comma-separated column names (or 0-based indices)")
	f.table.defineLazy(fs)
	fs.StringVar(&f.stream, "stream", "auto", "read a CSV in passes holding one row at a time (O(d) memory; a hash split; no CV): on, off, or auto (on for files of 256 MiB or more)")
	f.costs.define(fs)
	if err := parseArgs(fs, args); err != nil {
		return nil, err
	}
	if err := f.costs.check("fit"); err != nil {
		return nil, err
	}
	f.cvSet = flagGiven(fs, "cv")
	switch {
	case f.table.data == "":
		return nil, errors.New("fit: --data is required")
	case f.stream != "auto" && f.stream != "on" && f.stream != "off":
		return nil, fmt.Errorf("fit: --stream %q must be on, off or auto", f.stream)
	case !(f.testFrac > 0 && f.testFrac < 1):
		return nil, fmt.Errorf("fit: --test-frac %g must be in (0, 1)", f.testFrac)
	case f.cvTable != "" && f.cv == 0:
		return nil, errors.New("fit: --cv-table needs --cv N (N ≥ 2)")
	case f.refitAll && f.save == "":
		return nil, errors.New("fit: --refit-all refits the model to save: give --save-model FILE too")
	case f.cv == 1 || f.cv < 0:
		return nil, fmt.Errorf("fit: --cv %d must be 0 (off: the theorems' defaults) or at least 2", f.cv)
	case len(f.cvOpts.grid) > 0 && f.cv == 0:
		return nil, errors.New("fit: --grid needs --cv N (N ≥ 2)")
	}
	if err := f.cvOpts.check("fit"); err != nil {
		return nil, err
	}
	if err := notAnInput("fit", []fileFlag{{"save-model", f.save}, {"cv-table", f.cvTable}},
		[]fileFlag{{"data", f.table.data}, {"costs", f.costs.file}}); err != nil {
		return nil, err
	}
	return f, nil
}

func runFit(args []string, stdout io.Writer) error {
	f, err := parseFitFlags(args)
	if err != nil {
		return err
	}
	s, err := lao.New(f.solver)
	if err != nil {
		return err
	}
	if err := f.params.apply(s); err != nil {
		return err
	}
	if done, err := fitOutOfMemory(f, s, stdout); done || err != nil {
		return err
	}
	src, err := loadData(&f.table, "fit")
	if err != nil {
		return err
	}
	if f.refitAll && src.tab == nil {
		return fmt.Errorf("fit: --refit-all refits a CSV table's rows; %s is not one", f.table.data)
	}
	p, err := src.prepare(s, f.scale, holdout{f.testFrac, f.testLast}, f.seed)
	if err != nil {
		return src.explainDrops(err)
	}
	s, costNotes, err := f.costs.apply(p, f.table.data, s, f.params.given("k"))
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	kNote, err := f.params.clampK(s, p.Train.Dim())
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	s = frames.WithPriors(s, p.Train)
	if err := setSupport(s, f.support, p.Train.Names(), p.Target, p.unused); err != nil {
		return err
	}
	rep := newFitReport(f, s, p, slices.Concat([]string{p.note, kNote}, labelNotes(src, holdout{f.testFrac, f.testLast}), []string{testLastOrderNote(f.testLast, p), testLastGapNote(f.testLast, src), testLastCVNote(f.testLast, f.cv)}, frames.OutlierNotes(p.Stats, p.Train.Names()), []string{frames.ZeroGapNote(p.ZeroGaps), src.codeNote(p.Train.Names()), pairsNote(p)}, src.tableNotes(), costNotes))
	start := time.Now()
	fit, err := f.tuneFit(s, p, rep)
	if err != nil {
		return err
	}
	if note := ddNote(fit.Solver, p.Train, rep.K); note != "" {
		rep.Notes = append(rep.Notes, note)
	}
	checks := time.Now() // the baseline's fit and the row scan are not the fit's seconds
	rep.checkBudget(p, fit, s, f)
	rep.Notes = append(rep.Notes, nonEmpty(dominantRowNote(src, p, fit))...)
	start = start.Add(time.Since(checks))
	if f.refitAll {
		if rep.final, err = refitAll(src, p, fit, f, rep); err != nil {
			return err
		}
	}
	return finishFit(f, rep, fit.Solver, fit.Result, fit.Model, fit.Test, trainingRows{func() string { return frames.Fingerprint(p.Train) }, p.Train}, start, stdout)
}

// newFitReport starts the report of an in-memory fit of s on p, with the
// notes so far ("" ones left out).
func newFitReport(f *fitFlags, s lao.Solver, p *prepared, notes []string) *fitReport {
	rep := &fitReport{Solver: s.Name(), Data: f.table.data, Target: f.table.target, Reading: f.table.reading(), D: p.Train.Dim(), MTrain: p.Train.Len(),
		MTest: p.Test.Len(), TestLast: p.TestLast, Seed: f.seed, Scaling: p.scaling, Unused: p.unused, Missing: p.missing, K: budgetK(s, p.Train.Dim()), Warnings: p.Warnings()}
	rep.given = f.params.fixed()
	if names := p.Train.Names(); len(p.Stats) == len(names) {
		rep.sd = map[string]float64{}
		for j, n := range names {
			rep.sd[n] = p.Stats[j].SD
		}
	}
	if q, err := lao.FindParam(s, "k"); err == nil { // k = 0 after costs.apply: taken from the budget
		if f.costs.budget > 0 && lao.DerivesK(s) && q.Get() == 0 {
			rep.kByCost = "the largest k the cost budget pays for"
			if _, ok := s.(*lao.ScreenRidge); ok {
				rep.kByCost = "no count limit: the cost budget decides how many columns an example reads"
			}
		}
	}
	rep.Notes = append(rep.Notes, nonEmpty(notes...)...)
	return rep
}

// nonEmpty returns the strings of s that are not "".
func nonEmpty(s ...string) []string {
	return slices.DeleteFunc(slices.Clone(s), func(x string) bool { return x == "" })
}

// finalFit is the model --refit-all saves: the solver refitted on every
// row (frames.Prepared.FitAll).
type finalFit struct {
	*frames.Fitted
	train trainingRows
}

// trainingRows identifies a fit's training part in the saved model
// (frames.FitInfo): its fingerprint and, when its rows are in memory, the
// table frames.NewRowSample samples for predict (nil for --lazy and --stream,
// whose rows are not).
type trainingRows struct {
	fingerprint func() string
	table       lao.Table
}

// refitAll refits fit's solver, its parameters chosen on the training
// part, on every row of the table (--refit-all) and says so in rep.
func refitAll(src *dataSource, p *prepared, fit *frames.Fitted, f *fitFlags, rep *fitReport) (*finalFit, error) {
	if src.tab == nil {
		return nil, fmt.Errorf("fit: --refit-all refits a CSV table's rows; %s is not one", f.table.data)
	}
	all, train, err := p.FitAll(src.tab.DataFrame, fit.Solver, fit.Result.Params, f.seed)
	if err != nil {
		return nil, fmt.Errorf("fit: --refit-all: %w", err)
	}
	rep.Notes = append(rep.Notes, fmt.Sprintf("--refit-all: the model saved to %s is the solver refitted on all %d rows with the parameters of this fit (%s); the coefficients below are the training part's fit's, and its test error is the estimate for the saved model",
		f.save, train.Len(), frames.Params(all.Result.Params)))
	return &finalFit{Fitted: all, train: trainingRows{func() string { return frames.Fingerprint(train) }, train}}, nil
}

// fitOutOfMemory runs the fits that never hold the table in memory: a
// lazy fit on a database table (--lazy) or a streaming one (--stream); done
// is false when the fit is an in-memory one.
func fitOutOfMemory(f *fitFlags, s lao.Solver, stdout io.Writer) (done bool, err error) {
	if f.refitAll && (f.table.db.lazy || f.stream == "on") {
		return true, errors.New("fit: --refit-all refits a table held in memory; drop --lazy or --stream on")
	}
	if err := testLastRefused("fit", &f.table, f.testLast, f.stream == "on"); err != nil {
		return true, err
	}
	if f.table.db.lazy {
		if f.costs.given() {
			return true, errors.New("fit: prices (--costs, --cost) are not supported by a lazy fit; drop --lazy")
		}
		return true, fitLazy(f, s, stdout)
	}
	stream, err := f.streaming()
	if err != nil || !stream {
		return err != nil, err
	}
	if f.costs.given() {
		why := ""
		if f.stream != "on" {
			why = " (--stream auto streams a file of 256 MiB or more)"
		}
		return true, fmt.Errorf("fit: prices (--costs, --cost) need the table in memory, and this one is streamed%s; use --stream off, with --max-memory if it is refused as too large", why)
	}
	if f.refitAll {
		return true, errors.New("fit: --refit-all refits a table held in memory, and this one is streamed (--stream auto: 256 MiB or more); use --stream off")
	}
	if f.testLast {
		return true, errors.New("fit: --test-last holds out the last rows of a table read in its file's order, and this one is streamed (--stream auto: 256 MiB or more) and split by a hash of each row: use --stream off (with --max-memory if it is refused as too large)")
	}
	return true, fitStream(f, s, stdout)
}

// tuneFit fits s on the training part, its tunable parameters chosen by
// cross-validation there (--cv, --grid, --cv-rule; none without --cv or
// tunable parameters) under the rule of every tuned fit (Prepared.TuneFit:
// a fit worse than the zero predictor on its own training data is refitted
// with CV's next settings, then the zero predictor); it records the choice
// and the refits in rep and writes --cv-table.
func (f *fitFlags) tuneFit(s lao.Solver, p *prepared, rep *fitReport) (*frames.Fitted, error) {
	folds, note, err := foldsFor("fit", f.cv, f.cvSet, p.Train.Len(), "the training part")
	if err != nil {
		return nil, err
	}
	if note != "" {
		rep.Notes, f.cv = append(rep.Notes, note), folds
	}
	o := f.cvOpts.options(f.cv, f.seed)
	if f.cv == 0 {
		o.Folds = 0
	}
	fit, err := p.TuneFit(s, o, f.seed)
	if err != nil || fit.CV == nil {
		if err == nil && f.cv >= 2 {
			rep.CVIdle, rep.CVFolds = true, f.cv
		}
		return fit, err
	}
	cv := fit.CV
	rep.Tuned, rep.CVFolds, rep.CVEdges = true, f.cv, cv.Edges()
	rep.tuned = slices.Collect(maps.Keys(cv.Best))
	rep.CVZero, rep.CVRepeats, rep.CVWarnings, rep.Refits, rep.CVBlocked = cv.ZeroChosen, cv.Repeats, cv.Warnings, fit.Refits, cv.Blocked
	if cv.NestedZero {
		rep.CVNested = cv.Summary()
	} else if cv.Nested != nil {
		rep.CVNestedKept = fmt.Sprintf("nested check (under %d training rows): tuned and fitted on all outer folds but one, the solver predicted the held-out folds with %.3g times the zero predictor's MSE, better by more than one standard error",
			frames.NestedRows, cv.Nested.Mean/cv.NestedZeroMSE)
	}
	if f.cvTable != "" {
		if err := writeFile(f.cvTable, cv.WriteCSV); err != nil {
			return nil, err
		}
	}
	return fit, nil
}

// noBudgetNote says when a budgeted fit's examples could each reveal all d
// attributes (k = d, or k + 1 = d for the solvers that read one more):
// nothing was hidden from the learner.
func noBudgetNote(res *lao.Result, d int) string {
	per := res.Budget.PerExample
	if d < 1 || per < d || res.Budget.Full || res.Budget.Mean > 0 {
		return ""
	}
	if res.Budget.Cost > 0 && res.Costs != nil && res.Budget.Cost < floats.Sum(res.Costs) {
		return "" // the cost budget hides what the count does not
	}
	if d == 1 {
		return "no budget: the table has one attribute, and each training example reveals it; learning with limited attributes needs d ≥ 2"
	}
	return fmt.Sprintf("no budget: each training example could reveal all d = %d attributes (the solver's cap is %d per example), so nothing was hidden from the learner; a smaller --k gives a budget", d, per)
}

// unlearnedNote names the columns whose starting weight no step of a
// priced fit moved, which lao.Fit set to 0 (Result.Unlearned).
func unlearnedNote(res *lao.Result, names []string) string {
	if len(res.Unlearned) == 0 {
		return ""
	}
	var cols []string
	for _, j := range res.Unlearned {
		read := "never read"
		if n := res.AttributeCounts[j]; n > 0 {
			read = fmt.Sprintf("read by %d training examples for the inner-product estimate only", n)
		}
		cols = append(cols, fmt.Sprintf("%q (price %g; %s)", names[j], res.Costs[j], read))
	}
	return fmt.Sprintf("no gradient step ever drew %s: the weight there was the solver's starting value, not learned, so it is set to 0 and predicting does not pay for the column",
		strings.Join(cols, ", "))
}

// unrevealedNote says, for a fit without prices, how many columns no
// training example revealed yet carry a non-zero weight: what is left of a
// non-zero start w₁ (AERR's B/(100√d) in every coordinate) where no step
// moved it, which the model reads when predicting.
func unrevealedNote(res *lao.Result, solver string) string {
	if res.Costs != nil || res.Budget.Full {
		return ""
	}
	n, top, big := 0, 0.0, 0.0
	for j, w := range res.W {
		big = max(big, math.Abs(w))
		if w != 0 && res.AttributeCounts[j] == 0 {
			n, top = n+1, max(top, math.Abs(w))
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf("%s that no training example revealed %s a non-zero weight: %s starts from a non-zero w₁ (the papers allow any start in the ball), and where no step moved a weight what is left of that start stays (at most %.3g of the largest weight, in the solver's units); the model reads those columns when predicting (with prices, --costs, such weights are set to 0)",
		count(n, "column"), map[bool]string{true: "has", false: "have"}[n == 1], solver, top/big)
}

// diagnostics returns the fit's diagnostics for the report, and warnings
// with a line added when an exact solver stopped short of its minimiser.
func diagnostics(res *lao.Result, warnings []string) (map[string]jfloat, []string) {
	if len(res.Diagnostics) == 0 {
		return nil, warnings
	}
	out := map[string]jfloat{}
	for k, v := range res.Diagnostics {
		out[k] = jfloat(v)
	}
	if v, ok := res.Diagnostics["penalised_kkt_violation"]; ok {
		warnings = append(warnings, fmt.Sprintf("%s: the penalised solve did not reach the exact minimiser; the weights are coordinate descent's last point (largest violation of the optimality conditions %.3g)", res.Solver, v))
	}
	if v, ok := res.Diagnostics["ball_gap_bound"]; ok {
		warnings = append(warnings, fmt.Sprintf("%s: the constrained solve stopped short of the exact minimiser, within a certified gap of %.3g in the objective", res.Solver, v))
	}
	return out, warnings
}

// finishFit fills the report from a fit, saves the model if asked and
// prints the report.
func finishFit(f *fitFlags, rep *fitReport, s lao.Solver, res *lao.Result, m *frames.Model, sc frames.Scores, train trainingRows, start time.Time, stdout io.Writer) error {
	rep.Params = res.Params
	rep.HasIntercept, rep.Intercept, rep.Columns = m.HasIntercept, jfloat(m.Intercept), m.Features
	rep.Weights, rep.AttributeCounts = map[string]jfloat{}, map[string]int64{}
	for j, n := range m.Features {
		rep.Weights[n] = jfloat(m.Coef[j])
		if j < len(res.AttributeCounts) {
			rep.AttributeCounts[n] = res.AttributeCounts[j]
		}
	}
	notFinite := nonFiniteFit(m, sc) // reported after the report, which may still be useful
	if f.save != "" && notFinite == nil {
		if err := saveModel(f, rep, s, res, m, train); err != nil {
			return err
		}
		rep.ModelFile = f.save
	}
	rep.TestMSE, rep.ZeroMSE = jfloat(sc.MSE), jfloat(sc.ZeroMSE)
	if m.Binary {
		ce, zce := jfloat(sc.ClassificationError), jfloat(sc.ZeroClassificationError)
		rep.ClassErr, rep.ZeroClassErr = &ce, &zce
	}
	rep.TestPer, rep.PredictBudget = sc.MeanAttributes, res.PredictionBudget()
	rep.Warnings = append(rep.Warnings, nonEmpty(zeroWarning(sc, f.cv), sc.ClassWarning("test"), leakWarning("the model", sc.Ratio()))...)
	rep.Diagnostics, rep.Warnings = diagnostics(res, rep.Warnings)
	rep.Attributes, rep.MeanPer, rep.MaxPer = res.Attributes, res.MeanPerExample(), res.MaxPerExample
	rep.Support = []string{}
	for _, j := range res.Support {
		rep.Support = append(rep.Support, m.Features[j])
	}
	saved := res // the weights of the model saved: with --refit-all, the refit's
	if rep.final != nil {
		saved = rep.final.Result
	}
	rep.Notes = append(rep.Notes, nonEmpty(unlearnedNote(res, m.Features), unrevealedNote(saved, s.Name()), noBudgetNote(res, len(m.Features)))...)
	if v, ok := res.Params["s"]; ok {
		rep.S = int(v)
	}
	rep.Budget, rep.Seconds = res.Budget.Rule, time.Since(start).Seconds()
	rep.CostReport = newCostReport(s, f.costs.budget, res, m.Features, sc)
	rep.budgets(s.Name(), res, len(m.Features))
	if f.asJSON {
		orEmpty(&rep.Warnings, &rep.Notes, &rep.Refits)
		orEmpty(&rep.Unused)
		return cmp.Or(printJSON(stdout, rep), notFinite)
	}
	return cmp.Or(printFit(stdout, rep), notFinite)
}

// saveModel writes the fitted model (the final refit's with --refit-all)
// to --save-model with how it was fitted: the solver's record, a sample of
// its training rows, the table it came from and how that table was read
// (number marks, header, missing-value policy).
func saveModel(f *fitFlags, rep *fitReport, s lao.Solver, res *lao.Result, m *frames.Model, train trainingRows) error {
	saved := m
	if fin := rep.final; fin != nil { // --refit-all
		saved, s, res, train = fin.Model, fin.Solver, fin.Result, fin.train
	}
	saved.Fit = frames.NewFitInfo(s, res, f.seed, train.fingerprint())
	if train.table != nil {
		saved.Fit.RowSample = frames.NewRowSample(train.table, saved)
	}
	saved.Fit.Data, saved.Fit.Rows = f.table.data, rep.MTrain+rep.MTest
	if comma, thousands, err := f.table.numberMarks(); err == nil { // checked when the table was read
		saved.Fit.SetNumberMarks(frames.CSVOptions{DecimalComma: comma, Thousands: thousands})
	}
	if f.table.noHeader && f.table.isCSV() {
		saved.Fit.NoHeader, saved.Fit.FileColumns = true, f.table.fileColumns
	}
	if p, err := f.table.policy(); err == nil && p != frames.MissingError { // checked when the table was read
		saved.Fit.Missing = p.String()
	}
	if st, err := os.Stat(f.table.data); err == nil && st.Mode().IsRegular() {
		saved.Fit.DataBytes = st.Size()
	}
	return writeFile(f.save, saved.WriteJSON)
}

// budgets sets the report's cap per training example, the k a cost budget
// derived, and the note on the k + 1 family's own k (not with a cost
// budget, which is its own budget).
func (r *fitReport) budgets(name string, res *lao.Result, d int) {
	if !res.Budget.Full {
		r.BudgetCap = res.Budget.PerExample
	}
	if v, ok := res.Params["k"]; ok && r.K == 0 {
		r.K = int(v) // derived from the cost budget
	}
	if r.CostReport == nil || r.CostReport.CostBudget == 0 {
		r.Notes = append(r.Notes, nonEmpty(ownKNote(name, res.Budget, r.K, d))...)
	}
}

// budgetText is the budget rule with its cap on this table.
func (r *fitReport) budgetText() string {
	if r.BudgetCap > 0 && !strings.HasPrefix(r.Budget, "none") {
		return r.Budget + fmt.Sprintf(" (at most %d per training example, of the d = %d here)", r.BudgetCap, r.D)
	}
	return r.Budget
}

// ownKNote says, for a solver of the papers' k + 1 family (AERR, AELR and
// their kin) fitted with k + 1 below d, that its k is the papers' k and not
// the budget per example that lao compare's --k is (at k + 1 = d, compare's
// row at k = d runs it with its own k = d: no row is this fit).
func ownKNote(name string, b lao.Budget, k, d int) string {
	if !strings.HasPrefix(b.Rule, "k+1") || k < 1 || k+1 >= d {
		return ""
	}
	below := fmt.Sprintf(" (its row at k = %d runs with own k %d)", k, k-1)
	if k == 1 {
		below = ""
	}
	if ks, _ := parseInts("--k", compareKs); !slices.Contains(ks, k+1) {
		below += fmt.Sprintf("; compare runs k = %d with --k %d (its default is %s)", k+1, k+1, compareKs)
	}
	return fmt.Sprintf("k = %d is %s's own k, as in its paper: it reads up to k+1 = %d attributes per training example; "+
		"lao compare's --k is the budget per example, the same for every method, so this fit is %s's row at k = %d there%s",
		k, name, k+1, name, k+1, below)
}

// sameBudgetReport is frames.BudgetCheck in fit's JSON.
type sameBudgetReport struct {
	Baseline string `json:"baseline"`
	K        int    `json:"k"`
	TestMSE  jfloat `json:"test_mse"`
	Ratio    jfloat `json:"ratio"`
	// Diff is the fit's test MSE less the baseline's, SE its standard
	// error from the paired test rows.
	Diff jfloat `json:"mse_difference"`
	SE   jfloat `json:"mse_difference_se"`
	text string
}

// checkBudget fits the practical baseline under fit's training budget
// (frames.CheckBudget) for the budgeted solvers on an l1 or l2 ball (the
// papers' but Murata & Suzuki's sparse ones, whose budget binds the
// predictions too, and the module's own; not full information, not
// screen-ridge itself) without prices, puts it in the report and warns
// when the fit is clearly worse. A fit of the zero predictor, which
// cross-validation chose, is compared at the budget of s, the solver it
// replaced. A baseline that cannot be fitted (a tiny training part) is a
// note, not a failure of the fit.
func (r *fitReport) checkBudget(p *prepared, fit *frames.Fitted, s lao.Solver, f *fitFlags) {
	about := lao.Describe(s)
	if _, screen := s.(*lao.ScreenRidge); screen || about.Full || (about.Ball != "l1" && about.Ball != "l2") || f.costs.given() {
		return
	}
	c, err := p.CheckBudget(fit, f.seed)
	name := fit.Solver.Name()
	if _, zero := fit.Solver.(*frames.ZeroPredictor); zero && err == nil {
		name = "the zero predictor, which cross-validation chose for " + s.Name() + ","
		var b lao.Budget
		if _, b, err = s.Start(lao.Problem{M: p.Train.Len(), D: p.Train.Dim(), Rand: lao.NewRand(f.seed)}); err == nil {
			c, err = p.CheckBudgetAt(fit, frames.PerExample(b), f.seed)
		}
	}
	if err != nil {
		r.Notes = append(r.Notes, fmt.Sprintf("the same-budget baseline could not be fitted: %v", err))
		return
	}
	if c == nil {
		return
	}
	r.SameBudget = &sameBudgetReport{Baseline: c.Baseline, K: c.K, TestMSE: jfloat(c.Test.MSE), Ratio: jfloat(c.Test.Ratio()), Diff: jfloat(c.Diff), SE: jfloat(c.SE), text: c.Text()}
	r.Warnings = append(r.Warnings, nonEmpty(c.Warning(name, fit.Test))...)
}

// dominantRowNote says when one test row holds at least half of the
// model's test squared error (frames.Prepared.DominantTestRow): which row,
// the test MSE and the zero predictor's without it, and the row's values
// outside the training range (frames.Model.RangeWarning), the usual cause
// (covid_testing.csv: one col_rec_tat of 61370.2 against a training
// maximum of 1322.1 made a fit 10 times worse than the mean); "" otherwise.
func dominantRowNote(src *dataSource, p *prepared, fit *frames.Fitted) string {
	row, share, mse, zero, err := p.DominantTestRow(fit.Result.W, frames.PredictBudgetOf(fit.Result))
	if err != nil || row < 0 || share < 0.5 || row >= len(p.test) {
		return ""
	}
	i := p.test[row]
	note := fmt.Sprintf("one test row, %s, holds %.0f %% of the model's test squared error: without it the test MSE is %.6g against the zero predictor's %.6g (ratio %s)",
		src.rowName(i), 100*share, mse, zero, frames.FormatRatio(mse/zero, 4))
	if src.tab != nil && i < len(src.tab.Lines) {
		if w := fit.Model.RangeWarning(src.tab.DataFrame.Subset([]int{i}), []int{src.tab.Lines[i]}, src.tab.PosName()); w != "" {
			note += "; its " + w
		}
	}
	return note
}

// budgetK is the k a solver runs with: its k parameter, or d for a
// full-information reference.
func budgetK(s lao.Solver, d int) int {
	if lao.Describe(s).Full {
		return d
	}
	if k, err := lao.FindParam(s, "k"); err == nil {
		return int(k.Get())
	}
	return 0
}

// fitBudgetText is the budget in fit's header: ", k = K", or none for a
// solver without k (exploitation reads its support), every attribute (full
// information), or k ≥ d (a budget that hides nothing, though the solver
// may read fewer, as AERR's k + 1 draws that repeat); with a cost budget,
// that budget, and k when it limits the count too.
func fitBudgetText(r *fitReport) string {
	if c := r.CostReport; c != nil && c.CostBudget > 0 {
		if r.K > 0 && r.K < r.D {
			return fmt.Sprintf(", cost budget %g per example, at most k = %d", c.CostBudget, r.K)
		}
		return fmt.Sprintf(", cost budget %g per example", c.CostBudget)
	}
	switch {
	case r.K == 0:
		return ""
	case r.K >= r.D && r.BudgetCap > 0: // a budget that hides nothing: the solver may still read fewer
		return fmt.Sprintf(", k = %d ≥ d (each example may reveal every attribute)", r.K)
	case r.K >= r.D:
		return ", every attribute of each example"
	}
	return fmt.Sprintf(", k = %d", r.K)
}

func printFit(w io.Writer, r *fitReport) error {
	fmt.Fprintf(w, "solver %s on %s: d = %d%s, %d training / %d test examples%s, seed %d, scaling %s\n",
		r.Solver, r.Data, r.D, fitBudgetText(r), r.MTrain, r.MTest, lastText(r.TestLast), r.Seed, r.Scaling)
	printUnused(w, r.Unused)
	if r.Missing != nil {
		if t := r.Missing.text(); t != "" {
			fmt.Fprintln(w, t)
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	printParams(w, r)
	fmt.Fprintf(w, "attributes observed %d (mean %.2f, max %d per example; budget %s), %.2fs\n",
		r.Attributes, r.MeanPer, r.MaxPer, r.budgetText(), r.Seconds)
	if c := r.Cells; c != nil {
		fmt.Fprintf(w, "cells fetched from the database: %d attribute cells (the attributes observed), %d to score the test rows, %d labels, %d aggregate values, in %d queries; a full scan reads %d\n",
			c.Attributes, c.Scoring, c.Labels, c.Aggregates, c.Queries, c.FullScan)
	}
	r.CostReport.print(w)
	zero := ": the training mean" // as everywhere unless said
	if !r.HasIntercept {
		zero = ": it predicts 0, the data were not centred"
	}
	fmt.Fprintf(w, "test MSE %.6g (zero predictor %.6g%s, ratio %s)\n", float64(r.TestMSE), float64(r.ZeroMSE), zero, ratioText(float64(r.TestMSE/r.ZeroMSE)))
	switch {
	case r.PredictBudget > 0 && r.PredictBudget < r.D:
		fmt.Fprintf(w, "each test example revealed %.2f attributes (prediction budget %d)\n", r.TestPer, r.PredictBudget)
	case r.PredictBudget > 0 && r.CostReport != nil && r.CostReport.PredictBudget > 0:
		fmt.Fprintf(w, "each test example revealed %.2f attributes (no limit on their number, only on their price: the prediction cost budget above)\n", r.TestPer)
	case r.PredictBudget > 0:
		fmt.Fprintf(w, "each test example revealed %.2f attributes (no prediction budget: the model may read all d = %d, and reads the columns of its non-zero weights)\n", r.TestPer, r.D)
	}
	if r.S > 0 {
		fmt.Fprintf(w, "model: s = %d non-zero weights allowed, %d used: %s\n", r.S, len(r.Support), strings.Join(r.Support, ", "))
	}
	if r.ClassErr != nil {
		fmt.Fprintf(w, "test classification error %.4f (labels are ±1; sign of the prediction)", float64(*r.ClassErr))
		switch z := r.ZeroClassErr; {
		case z != nil && r.HasIntercept:
			fmt.Fprintf(w, "; zero predictor %.4f (every row the training part's majority class)", float64(*z))
		case z != nil: // uncentred labels: the zero predictor predicts 0, no class
			fmt.Fprintf(w, "; zero predictor %.4f (it predicts 0, no class, and misses every row)", float64(*z))
		}
		fmt.Fprintln(w)
	}
	if c := r.SameBudget; c != nil {
		fmt.Fprintln(w, c.text)
	}
	if r.ModelFile != "" {
		fmt.Fprintf(w, "model saved to %s\n", r.ModelFile)
	}
	for _, m := range r.Warnings {
		fmt.Fprintln(w, "warning:", m)
	}
	fmt.Fprintln(w)
	return printCoefficients(w, r)
}

// cvText names the cross-validation a fit was tuned by.
func cvText(folds, repeats int, blocked bool) string {
	switch {
	case blocked: // one repeat: frames.Tune runs blocked folds once
		return fmt.Sprintf("%d-fold blocked CV (each fold a stretch of consecutive training rows, as --test-last holds out the last ones)", folds)
	case repeats > 1:
		return fmt.Sprintf("%d-fold CV repeated %d times", folds, repeats)
	}
	return fmt.Sprintf("%d-fold CV", folds)
}

// printParams says which parameters the fit ran with and how they were
// chosen (cross-validation, with its warnings, or the theorems' defaults).
func printParams(w io.Writer, r *fitReport) {
	switch {
	case r.Tuned:
		folds := cvText(r.CVFolds, r.CVRepeats, r.CVBlocked)
		for _, c := range r.CVWarnings {
			fmt.Fprintf(w, "warning: %s\n", c)
		}
		switch {
		case r.CVNested != "":
			fmt.Fprintf(w, "%s chose %s\n", folds, r.CVNested)
			return
		case r.CVZero:
			fmt.Fprintf(w, "%s chose the zero predictor (the training mean): no setting of the solver predicted the validation rows better by more than one standard error\n", folds)
			return
		}
		for _, n := range r.Refits {
			fmt.Fprintln(w, "refit:", n)
		}
		if len(r.Refits) > 0 {
			fmt.Fprintf(w, "parameters after the refits (CV's next choice): %s\n", tunedParams(r.Params, r.kByCost, r.tuned, r.given))
		} else {
			fmt.Fprintf(w, "parameters chosen by %s: %s\n", folds, tunedParams(r.Params, r.kByCost, r.tuned, r.given))
		}
		if r.CVNestedKept != "" {
			fmt.Fprintln(w, r.CVNestedKept)
		}
		for _, e := range r.CVEdges {
			fmt.Fprintf(w, "warning: %s: on the edge of the CV grid, the optimum may lie outside it\n", e)
		}
	case r.Streamed:
		fmt.Fprintf(w, "parameters (not tuned: the theorems' defaults unless set): %v\n", frames.Params(r.Params))
	case r.CVIdle:
		fmt.Fprintf(w, "parameters (not tuned: --cv %d had nothing to choose, every tunable parameter of %s being set on the command line or none): %v\n", r.CVFolds, r.Solver, frames.Params(r.Params))
	default:
		fmt.Fprintf(w, "parameters (not tuned: the theorems' defaults unless set; --cv 5 tunes them): %v\n", frames.Params(r.Params))
	}
}

// tunedParams formats the parameters of a tuned fit: those CV chose
// (tuned), then those set on the command line (given), then the others as
// the solver resolved them; with kByCost the "k" the solver reports is the
// one it took from its cost budget, said as kByCost says.
func tunedParams(p map[string]float64, kByCost string, tuned, given []string) string {
	has := func(names []string, name string) bool {
		return slices.ContainsFunc(names, func(g string) bool { return strings.EqualFold(g, name) })
	}
	chosen, set, other := frames.Params{}, frames.Params{}, frames.Params{}
	budgetK := ""
	for name, v := range p {
		switch {
		case name == "k" && kByCost != "":
			budgetK = fmt.Sprintf("; k = %g: %s", v, kByCost)
		case has(given, name):
			set[name] = v
		case has(tuned, name) || tuned == nil:
			chosen[name] = v
		default:
			other[name] = v
		}
	}
	parts := []string{chosen.String() + budgetK}
	for _, part := range []struct {
		what string
		p    frames.Params
	}{{"set on the command line", set}, {"the others as resolved", other}} {
		if len(part.p) > 0 {
			parts = append(parts, fmt.Sprintf("%s: %v", part.what, part.p))
		}
	}
	if parts[0] == "" {
		parts = parts[1:] // nothing was chosen: no empty first part
	}
	return strings.Join(parts, "; ")
}

// printCoefficients lists the intercept and every column's coefficient with
// how many training examples revealed the column.
func printCoefficients(w io.Writer, r *fitReport) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "column\tcoefficient\tobserved (training examples that revealed it)")
	if r.HasIntercept {
		fmt.Fprintf(tw, "%s\t%.6g\t\n", frames.InterceptName, float64(r.Intercept))
	} else {
		fmt.Fprintf(tw, "%s\t0 (none: the data were not centred)\t\n", frames.InterceptName)
	}
	shown := shownColumns(r)
	for _, n := range shown {
		fmt.Fprintf(tw, "%s\t%.6g\t%d (%.0f %%)\n", n, float64(r.Weights[n]), r.AttributeCounts[n], 100*float64(r.AttributeCounts[n])/float64(r.MTrain))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	rest := len(r.Columns) - len(shown)
	order, size := "largest |coefficient| first", "larger than %.3g in absolute value"
	if r.sd != nil {
		order, size = "largest |coefficient| × standard deviation first (the change in the prediction for one standard deviation of the column)", "with a larger effect than %.3g"
	}
	switch {
	case rest == 0:
		return nil
	case len(shown) == 0:
		_, err := fmt.Fprintf(w, "(every one of the %d coefficients is 0; --json lists every column)\n", rest)
		return err
	case len(shown) < maxCoefRows: // every non-zero coefficient is shown
		_, err := fmt.Fprintf(w, "(the %s with a non-zero coefficient, %s; the other %s coefficient 0; --json lists every column)\n",
			count(len(shown), "column"), order, count(rest, "column")+map[bool]string{true: " has", false: " have"}[rest == 1])
		return err
	}
	_, err := fmt.Fprintf(w, "(the %d columns, %s; %d more columns, none "+size+"; --json lists every column)\n",
		len(shown), order, rest, r.effect(shown[len(shown)-1]))
	return err
}

// effect is how fit's table ranks a column: |coefficient| × the column's
// training standard deviation (the prediction's change for one standard
// deviation: raw coefficients rank columns by their units), or
// |coefficient| where that is not known.
func (r *fitReport) effect(c string) float64 {
	e := math.Abs(float64(r.Weights[c]))
	if sd := r.sd[c]; sd > 0 {
		e *= sd
	}
	return e
}

// maxCoefRows is how many columns fit's table lists: beyond it the
// columns of the largest |coefficient| (a 30,000-column table printed
// 30,000 lines).
const maxCoefRows = 100

// shownColumns returns the columns fit's table lists: all of them up to
// maxCoefRows, else the maxCoefRows of the largest effect (ties in file
// order), in that order, without those whose coefficient is 0 (a lasso of
// 7 non-zero weights among 6,829 columns lists 7).
func shownColumns(r *fitReport) []string {
	if len(r.Columns) <= maxCoefRows {
		return r.Columns
	}
	cols := slices.Clone(r.Columns)
	slices.SortStableFunc(cols, func(a, b string) int {
		return cmp.Compare(r.effect(b), r.effect(a))
	})
	cols = cols[:maxCoefRows]
	if i := slices.IndexFunc(cols, func(c string) bool { return r.Weights[c] == 0 }); i >= 0 {
		cols = cols[:i]
	}
	return cols
}

// setSupport gives Exploitation its fixed support from --support (column
// names or 0-based indices, comma-separated; a name that is the target or
// an unused column is refused saying so). Other solvers refuse the flag.
func setSupport(s lao.Solver, spec string, names []string, target string, unused []frames.Unused) error {
	type supporter interface{ SetSupport([]int) }
	if spec == "" {
		return nil
	}
	sup, ok := s.(supporter)
	if !ok {
		return fmt.Errorf("fit: --support applies to exploitation (its fixed support S_0), not %s", s.Name())
	}
	var idx []int
	for _, f := range strings.Split(spec, ",") {
		if f = strings.TrimSpace(f); f == "" {
			return fmt.Errorf("fit: --support %q: an empty name between commas", spec)
		}
		j := slices.Index(names, f)
		if j < 0 {
			n, err := strconv.Atoi(f)
			if f == target {
				return fmt.Errorf("fit: --support: %q is the target, not an attribute", f)
			}
			if u := slices.IndexFunc(unused, func(u frames.Unused) bool { return u.Column == f }); u >= 0 {
				return fmt.Errorf("fit: --support: %q is not an attribute: unused column (%s)", f, unused[u].Reason)
			}
			if err != nil || n < 0 || n >= len(names) {
				return fmt.Errorf("fit: --support: %q is neither a column nor an index in [0, %d)", f, len(names))
			}
			j = n
		}
		idx = append(idx, j)
	}
	sup.SetSupport(idx)
	return nil
}

// zeroWarning is frames.Scores.Warning (a model worse than the zero
// predictor) or NearZeroWarning (within 5 % of it) for the test rows, with
// the advice to cross-validate when the parameters were not (folds 0).
func zeroWarning(sc frames.Scores, folds int) string {
	w := cmp.Or(sc.Warning("test"), sc.NearZeroWarning("test"))
	if w != "" && folds == 0 {
		w += "; parameters not given took the theorems' worst-case values: cross-validate them (--cv 5)"
	}
	if w != "" {
		w += "; lao compare shows whether ridge on every column does better on this table"
	}
	return w
}

// lastText says which rows the test part is when they are the last ones
// (--test-last).
func lastText(testLast bool) string {
	if testLast {
		return " (the test part: the last rows)"
	}
	return ""
}

// ratioText prints an MSE ratio to four decimals, or to two significant
// digits below 0.01, where four decimals keep one digit or none (a ratio
// of 0.000173 printed "0.0002").
func ratioText(r float64) string { return frames.FormatRatio(r, 4) }
