package frames

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// Prepared is a seeded train/test split in the solver's units, with the
// map back to the data's: the first step of the one path from a table to a
// model,
//
//	p, err := frames.PrepareFrame(df, "price", frames.OptionsFor(solver), 0.2, seed)  // or PrepareTable
//	res, err := lao.Fit(solver, p.Train.Stream(), lao.Options{Seed: seed})
//	model, err := p.Model(res.W)                          // the table's units
//	score, err := p.Score(res.W, res.PredictionBudget())  // test MSE beside the zero predictor's
//
// which the command line (fit, describe, compare), the experiments and the
// notebooks all take. The transform is fitted on the training part only.
type Prepared struct {
	Train, Test lao.Table
	// Transform maps the data to the solver's units (fitted on Train).
	Transform Transform
	// Options are the options the transform was fitted with (PrepareFrames;
	// FitAll fits them again on every row).
	Options Options
	// ScalingChoice is the scaling the features got and why.
	ScalingChoice ScalingChoice
	// Target names the label column ("" for a data set without names).
	Target string
	// Binary reports whether every label (both parts) is −1 or +1, both
	// present.
	Binary bool
	// Unused lists the columns of a DataFrame that are not features, with
	// the reason.
	Unused []Unused
	// Data is the training part's conversion, for a DataFrame (nil for a
	// table): its statistics, dropped columns and filled cells.
	Data *Data
	// Stats are the training statistics of the features (nil for a sparse
	// table).
	Stats []ColumnStats
	// Costs, if not nil, are the features' prices in attribute order
	// (SetPrices): Fit gives them to a priced solver and accounts every fit
	// in them.
	Costs []float64
	// IDLike lists the features that look like row or group numbers or
	// dates (IDLikeColumns), the features in row order along which the
	// label trends (TrendColumns) and the text columns of dates in row
	// order (TextDateColumns), all on the whole frame in its row order
	// (PrepareFrame only). Features stay features; Warnings says so.
	IDLike []IDLike
	// Collinear lists the pairs of features that are, up to rounding,
	// linear functions of each other on the training part, then the
	// features nearly a linear function of the label (a copy or version of
	// the target: CollinearColumns; PrepareFrame only). They stay
	// features; Warnings says so.
	Collinear []Collinear
	// ZeroGaps lists the features whose zeros stand apart from their other
	// values, on the whole frame (ZeroGapColumns; PrepareFrame only): 0
	// may stand for a missing measurement. ZeroGapNote says so.
	ZeroGaps []ZeroGap
	// NumericNames lists the column names of the whole frame that are
	// numbers, when they and the empty header cells are more than half of
	// its names (NumericHeader: PrepareFrame only): the file's first line
	// was probably data, read as the header and lost as a row; EmptyNames
	// then lists the names given to its empty cells (GeneratedNames).
	// Warnings says so.
	NumericNames, EmptyNames []string
	// countLine: the header is a line of counts (CountLine), this hint.
	countLine string
	// Shifted lists the columns left out as constant on the training rows
	// whose test rows hold other values (PrepareFrames). Their Unused
	// reasons say so, and Warnings.
	Shifted []Shifted
	// TestLast reports that every test row comes after every training row
	// in the table's order (SplitLast's parts, PrepareFrameRows and
	// PrepareTableRows): for rows in time order the test error then
	// measures forecasting, not interpolation, and Warnings says so.
	TestLast bool
	// TrainOrder, with TestLast, is each training row's row in the table
	// (PrepareFrameRows, PrepareTableRows): TuneFit's folds are then
	// blocks of consecutive rows (TuneOptions.Order), so that the
	// parameters are chosen, as they are tested, on rows whose neighbours
	// in time were not fitted. Nil otherwise.
	TrainOrder []int
	// LabelTrend is the correlation of the label with its row's position
	// in the whole frame (LabelTrend; PrepareFrameRows only, else 0): with
	// TestLast and a trend of at least MaxLabelTrend, Warnings says that
	// the earlier rows' mean is a weak yardstick for the later ones.
	LabelTrend float64
	// labelSorted: the rows are sorted or grouped by the label
	// (LabelSorted), so its trend says nothing of time.
	labelSorted bool
}

// setTrainOrder keeps the training rows' rows in the table when the test
// rows are the last ones.
func (p *Prepared) setTrainOrder(train []int) {
	if p.TestLast && len(train) == p.Train.Len() {
		p.TrainOrder = slices.Clone(train)
	}
}

// SetPrices sets the features' prices from prices given by column name
// (ReadCosts, ParseCosts) with PricesFor: every feature needs one, a price
// for a column that is not in the table is an error, one for an unused
// column a note (returned).
func (p *Prepared) SetPrices(prices []ColumnPrice) (notes []string, err error) {
	if err := p.ready("SetPrices"); err != nil {
		return nil, err
	}
	costs, notes, err := PricesFor(p.Train.Names(), prices, p.Unused, p.Target)
	if err != nil {
		return nil, err
	}
	p.Costs = costs
	return notes, nil
}

// PrepareFrame splits df (Split with testFrac and seed) and prepares its
// rows with PrepareFrameRows.
func PrepareFrame(df dataframe.DataFrame, target string, opt Options, testFrac float64, seed uint64) (*Prepared, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFrame, df.Err)
	}
	train, test, err := Split(df.Nrow(), testFrac, seed)
	if err != nil {
		return nil, err
	}
	return PrepareFrameRows(df, target, opt, train, test)
}

// PrepareFrameRows prepares the rows train and test of df (indices into
// its rows, as Split or SplitLast return them; the training part is fitted
// in the order given) with PrepareFrames, and flags the features that look
// like identifiers (IDLike, from df in its row order). TestLast records
// whether every test row comes after every training row. To prepare many
// splits of one frame, NewFrame(df, target).PrepareRows makes the checks
// of the whole frame once.
func PrepareFrameRows(df dataframe.DataFrame, target string, opt Options, train, test []int) (*Prepared, error) {
	return NewFrame(df, target).PrepareRows(opt, train, test)
}

// checkRows returns an error (ErrParam) unless train and test are
// non-empty lists of distinct row indices in [0, m) that share none.
func checkRows(m int, train, test []int) error {
	if len(train) == 0 || len(test) == 0 {
		return fmt.Errorf("%d training and %d test rows: both parts need rows: %w", len(train), len(test), lao.ErrParam)
	}
	seen := make([]bool, m)
	for _, part := range [][]int{train, test} {
		for _, i := range part {
			if i < 0 || i >= m {
				return fmt.Errorf("row index %d is not among the %d rows (0 to %d): %w", i, m, m-1, lao.ErrParam)
			}
			if seen[i] {
				return fmt.Errorf("row index %d is given twice: %w", i, lao.ErrParam)
			}
			seen[i] = true
		}
	}
	return nil
}

// PrepareFrames fits the transform of opt on the training frame
// (FromDataFrame) and applies it to the test frame (Data.Apply): for parts
// split, or preprocessed, by the caller.
func PrepareFrames(trainDF, testDF dataframe.DataFrame, target string, opt Options) (*Prepared, error) {
	data, err := FromDataFrame(trainDF, target, opt)
	if err != nil {
		return nil, err
	}
	test, err := data.Apply(testDF)
	if err != nil {
		return nil, err
	}
	p := &Prepared{Train: data.Dataset, Test: test, Transform: data.Transform, ScalingChoice: data.ScalingChoice,
		Target: target, Unused: data.Unused, Data: data, Stats: data.Stats, Options: opt}
	p.Binary = binaryLabels(&p.Transform, p.Train, p.Test)
	p.Shifted = shiftedColumns(trainDF, testDF, data.Dropped)
	markShifted(p.Unused, p.Shifted)
	return p, nil
}

// PrepareTable splits a table (Split with testFrac and seed) and prepares
// its rows with PrepareTableRows.
func PrepareTable(t lao.Table, opt Options, testFrac float64, seed uint64) (*Prepared, error) {
	if isNil(t) {
		return nil, fmt.Errorf("frames: PrepareTable: the table is nil: %w", lao.ErrEmpty)
	}
	train, test, err := Split(t.Len(), testFrac, seed)
	if err != nil {
		return nil, err
	}
	return PrepareTableRows(t, opt, train, test)
}

// PrepareTableRows prepares the rows train and test of t (indices into its
// rows, as Split or SplitLast return them) with PrepareParts. TestLast
// records whether every test row comes after every training row.
func PrepareTableRows(t lao.Table, opt Options, train, test []int) (*Prepared, error) {
	if isNil(t) {
		return nil, fmt.Errorf("frames: PrepareTableRows: the table is nil: %w", lao.ErrEmpty)
	}
	if err := checkRows(t.Len(), train, test); err != nil {
		return nil, fmt.Errorf("frames: PrepareTableRows: %w", err)
	}
	p, err := PrepareParts(lao.Subset(t, train), lao.Subset(t, test), opt)
	if err != nil {
		return nil, err
	}
	p.TestLast = TestAfterTrain(train, test)
	p.setTrainOrder(train)
	return p, nil
}

// PrepareParts fits the transform of opt on a training table and applies
// it to both parts. A dense table's columns are centred, scaled and checked
// as a DataFrame's are (FromDataFrame; it has no missing cells); a sparse
// table's rows are used as they are (they would become dense if centred):
// only its labels follow the label rule (opt.Center or opt.Intercept,
// opt.LabelBound), and a feature scaling is an error. The zero Options
// leave either as it is, as the papers use their data sets.
func PrepareParts(train, test lao.Table, opt Options) (*Prepared, error) {
	if err := opt.check(); err != nil {
		return nil, err
	}
	if emptyTable(train) {
		return nil, fmt.Errorf("frames: PrepareParts: no training rows: %w", lao.ErrEmpty)
	}
	train, test = stored(train), stored(test) // a view's rows, copied
	p := &Prepared{}
	if opt.identity() { // the data as they are: no copy
		p.Train, p.Test, p.Transform = train, test, Identity(train.Dim())
		p.ScalingChoice = ScalingChoice{Scaling: NoScaling, Reason: scalingReason(NoScaling, ""), RhoOwn: math.NaN(), RhoLinf: math.NaN()}
		p.Binary = binaryLabels(&p.Transform, p.Train, p.Test)
		return p, nil
	}
	switch tr := train.(type) {
	case *lao.Dataset:
		opt.keepConstant = true // a data set keeps its d attributes
		data, err := fromColumns(datasetColumns(tr), tr.Labels(), tr.Names(), "label", opt)
		if err != nil {
			return nil, err
		}
		p.Train, p.Transform, p.ScalingChoice, p.Stats = data.Dataset, data.Transform, data.ScalingChoice, data.Stats
	case *lao.SparseDataset:
		if opt.Scaling != NoScaling || opt.Center {
			return nil, fmt.Errorf("frames: PrepareParts: the rows of a sparse table are used as they are (scale them beforehand); only its labels are centred (Options.Intercept) and scaled: %w", lao.ErrParam)
		}
		y := make([]float64, tr.Len())
		for i := range y {
			y[i] = tr.Label(i)
		}
		offset, scale, err := fitLabel(columnStats(y), "label", opt)
		if err != nil {
			return nil, err
		}
		p.Transform = Identity(tr.Dim())
		p.Transform.Center, p.Transform.LabelBound, p.Transform.YOffset, p.Transform.YScale = opt.Intercept, opt.LabelBound, offset, scale
		p.ScalingChoice = ScalingChoice{Scaling: NoScaling, Reason: "sparse rows are used as they are (scale them beforehand)", RhoOwn: math.NaN(), RhoLinf: math.NaN()}
		if p.Train, err = p.Transform.Apply(tr); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("frames: PrepareParts: %T is neither a dense nor a sparse table: %w", train, lao.ErrShape)
	}
	var err error
	if p.Test, err = p.Transform.Apply(test); err != nil {
		return nil, err
	}
	p.Binary = binaryLabels(&p.Transform, p.Train, p.Test)
	return p, nil
}

// Model maps weights fitted on p.Train (lao.Result.W) to a model in the
// data's units (NewModel).
func (p *Prepared) Model(w []float64) (*Model, error) {
	if err := p.ready("Model"); err != nil {
		return nil, err
	}
	return NewModel(w, p.Train.Names(), p.Target, &p.Transform, p.Binary)
}

// WithPriorsFrom is WithPriors for a table that is not in memory: if s
// still needs the attributes' second moments (lao.MomentsUser), it returns
// a copy of s given those moments() computes (a pass over a file, a query
// to a database); otherwise s itself.
func WithPriorsFrom(s lao.Solver, moments func() ([]float64, error)) (lao.Solver, error) {
	mu, ok := s.(lao.MomentsUser)
	if !ok || !mu.NeedsMoments() {
		return s, nil
	}
	mom, err := moments()
	if err != nil {
		return nil, err
	}
	if s, err = lao.Clone(s); err != nil {
		return nil, err
	}
	s.(lao.MomentsUser).SetMoments(mom)
	return s, nil
}

// Fitted is a solver fitted on a prepared split: the fit, the model in the
// data's units and its test scores.
type Fitted struct {
	Solver lao.Solver // the solver as fitted (with its priors: WithPriors)
	Result *lao.Result
	Model  *Model
	Test   Scores
	// CV is the cross-validation that chose the parameters (TuneFit; nil
	// when nothing was tuned), Refits the notes of Refit's rule: the
	// settings refitted because their fit was worse than the zero
	// predictor on its own training data.
	CV     *CVResult
	Refits []string
}

// Warnings returns what a reader of the fit's test scores should know: the
// model is worse than the zero predictor (Scores.Warning), or within 5 %
// of it, so it has learned little; and then, in either case, if nothing
// was tuned (CV is nil), that the parameters left at 0 took the theorems'
// values, chosen for the worst case, which cross-validation (TuneFit)
// often beats by far; and, for ±1 labels, a classification error not
// below the majority class's (Scores.ClassWarning).
func (f *Fitted) Warnings() []string {
	var out []string
	if w := cmp.Or(f.Test.Warning("test"), f.Test.NearZeroWarning("test")); w != "" {
		if f.CV == nil {
			w += "; its parameters left at 0 took the theorems' worst-case values: cross-validate them (TuneFit)"
		}
		out = append(out, w)
	}
	if w := f.Test.ClassWarning("test"); w != "" {
		out = append(out, w)
	}
	return out
}

// Fit fits s on p.Train (lao.Fit with Options.Seed = seed; a data-dependent
// solver's moments from p.Train, WithPriors; with p.Costs, a priced
// solver's prices, WithPrices, and every fit accounted in them), maps the
// weights to the data's units (Model) and scores them on p.Test through
// handles of the fit's prediction budget, in count and in price
// (ScoreWithin). Tune s first (TuneSolver on p.Train), or call TuneFit,
// to fit with cross-validated parameters: the theorems' defaults are
// worst-case choices, and on a real table often little better than the
// zero predictor (Fitted.Warnings says so).
func (p *Prepared) Fit(s lao.Solver, seed uint64) (*Fitted, error) {
	if err := p.ready("Fit"); err != nil {
		return nil, err
	}
	if isNil(s) {
		return nil, fmt.Errorf("frames: Fit: the solver is nil: %w", lao.ErrNotPointer)
	}
	score := func(w []float64, b PredictBudget) (Scores, error) {
		return ScoreWithin(w, p.Test.Stream(), &p.Transform, b)
	}
	return fitScored(WithPrices(WithPriors(s, p.Train), p.Costs, p.Train.Names()), p.Train.Stream(), seed, p.Costs, p.Model, score)
}

// fitScored fits s on train (lao.Fit with Options.Seed = seed, accounted
// at the prices costs, nil for none) and maps and scores the weights with
// model and score (within the fit's prediction budget, in count and in
// price): the fit → model → score steps of Prepared.Fit and CSVStream.Fit.
func fitScored(s lao.Solver, train lao.Source, seed uint64, costs []float64, model func([]float64) (*Model, error), score func([]float64, PredictBudget) (Scores, error)) (*Fitted, error) {
	res, err := lao.Fit(s, train, lao.Options{Seed: seed, Costs: costs})
	if err != nil {
		return nil, err
	}
	f := &Fitted{Solver: s, Result: res}
	if f.Model, err = model(res.W); err != nil {
		return nil, err
	}
	// The record a saved model keeps (solver, parameters, prices); the
	// training rows' fingerprint, a pass over them, is left to the caller
	// (FitInfo.Fingerprint, Fingerprint).
	f.Model.Fit = NewFitInfo(s, res, seed, "")
	if f.Test, err = score(res.W, PredictBudgetOf(res)); err != nil {
		return nil, err
	}
	return f, nil
}

// MinTestRows is the test part's size below which SizeWarnings says its
// error is mostly noise.
const MinTestRows = 10

// SizeWarnings says what the split's sizes make fragile, whatever the
// tuning: a test part of fewer than MinTestRows rows, whose MSE is mostly
// noise, and fewer than two training rows per attribute.
func (p *Prepared) SizeWarnings() []string {
	if p.ready("") != nil {
		return nil
	}
	w := sizeWarnings(p.Train.Len(), p.Test.Len(), p.Train.Dim())
	if p.TestLast && p.Test.Len() < MinTestRows { // more splits cannot help: every one holds out the same rows
		w[0] = fmt.Sprintf("small test part: %d of the last rows are held out (fewer than %d), so the test MSE is mostly noise, "+
			"and every split of --test-last tests the same rows: hold out more of the last rows (--test-frac; testFrac in Go)", p.Test.Len(), MinTestRows)
	}
	return w
}

// sizeWarnings says when a split of mTrain training and mTest test rows
// of d attributes is too small to read its test MSE or to learn.
func sizeWarnings(mTrain, mTest, d int) []string {
	var out []string
	if mTest < MinTestRows {
		rows := "rows"
		if mTest == 1 {
			rows = "row"
		}
		out = append(out, fmt.Sprintf("small table: the test part holds %d %s (fewer than %d), so one split's test MSE is mostly noise: average over many splits (lao compare averages over --repeat splits; more splits narrow its intervals) or hold out more rows (--test-frac; testFrac in Go)",
			mTest, rows, MinTestRows))
	}
	if mTrain < 2*d {
		out = append(out, fmt.Sprintf("small table: %d training rows for %d attributes (fewer than 2 per attribute): a fit may do little better than the zero predictor, and its test error varies much from split to split", mTrain, d))
	}
	return out
}

// Warnings are the SizeWarnings followed by one warning per IDLike
// column, one if the scaling keeps columns of different units
// (ScalingChoice.MixedUnitsKept), one per Collinear pair, with the hint to --ignore a column: what
// fit, compare and describe print before any result.
func (p *Prepared) Warnings() []string {
	if p.ready("") != nil {
		return nil
	}
	out := p.SizeWarnings()
	if n := p.NumericNames; len(n) > 0 && p.countLine != "" {
		out = append(out, p.countLine+"; the columns were named after it")
	} else if n := p.NumericNames; len(n) > 0 {
		empty := ""
		if g := p.EmptyNames; len(g) > 0 {
			empty = fmt.Sprintf(" and %d are empty (named %s)", len(g), QuoteFew(g, 2))
		}
		out = append(out, fmt.Sprintf("the header looks like data: %d column names are numbers (%s)%s: if the file has no header line, "+
			"its first row was read as the column names and is not among the rows; read it with --no-header (CSVOptions.NoHeader in Go) or add a first line naming the columns "+
			"(if the names are on a later line, skip the lines above them with --skip-lines, CSVOptions.SkipLines in Go)", len(n), QuoteFew(n, 4), empty))
	}
	for _, c := range p.IDLike {
		out = append(out, c.warning(p.TestLast))
	}
	if w := p.ScalingChoice.mixedUnitsWarning(); w != "" {
		out = append(out, w)
	}
	out = append(out, collinearWarnings(p.Collinear, func(name string) bool {
		return slices.ContainsFunc(p.IDLike, func(c IDLike) bool { return c.Column == name && !c.Year && !c.Date && c.Trend == 0 && !c.Text })
	})...)
	if w := shiftedWarning(p.Shifted, p.TestLast); w != "" {
		out = append(out, w)
	}
	if w := p.trendWarning(); w != "" {
		out = append(out, w)
	}
	return out
}

// trendWarning says that the label trends along the rows, unless a trend
// column's warning says it already ("" otherwise): for the last rows held
// out, that the training mean lags the test rows; for random ones, that
// they measure interpolation if the rows are a time series (freeny's label
// has a correlation of 0.998 with its row's position, and nothing else
// showed the order).
func (p *Prepared) trendWarning() string {
	if !(math.Abs(p.LabelTrend) >= MaxLabelTrend) || slices.ContainsFunc(p.IDLike, func(c IDLike) bool { return c.Trend != 0 }) {
		return ""
	}
	if !p.TestLast {
		if p.labelSorted || slices.ContainsFunc(p.IDLike, func(c IDLike) bool { return c.InOrder || c.Text }) {
			return "" // sorted by the label, or that column's warning already says random splits interpolate
		}
		return fmt.Sprintf("the label trends along the rows (correlation %.2f between a row's position and its label): if the rows are a time series, %s; "+
			"if the file is merely sorted by the label or a feature, this says nothing", p.LabelTrend, interpolates)
	}
	return fmt.Sprintf("the label trends along the rows (correlation %.2f between a row's position and its label), and the test part is the last rows: "+
		"the zero predictor, the earlier rows' mean, is a weak yardstick for later rows, so a ratio below 1 may only say that the trend went on", p.LabelTrend)
}

// Score evaluates weights fitted on p.Train on the test part, in the
// data's units, beside the zero predictor, through handles with the given
// prediction budget (Score; 0: every attribute).
func (p *Prepared) Score(w []float64, budget int) (Scores, error) {
	if err := p.ready("Score"); err != nil {
		return Scores{}, err
	}
	return Score(w, p.Test.Stream(), &p.Transform, budget)
}

// ready returns an error naming op when p is nil or was not made by
// PrepareFrame, PrepareFrames, PrepareTable or PrepareParts (a zero
// Prepared has no training or test part).
func (p *Prepared) ready(op string) error {
	if p == nil || isNil(p.Train) || isNil(p.Test) {
		return fmt.Errorf("frames: Prepared.%s: the Prepared is nil or empty (make one with PrepareFrame, PrepareTable or PrepareParts): %w", op, ErrFrame)
	}
	return nil
}

// binaryLabels reports whether the labels of the tables, in original
// units (tr maps them back), are all −1 or +1 and both occur.
func binaryLabels(tr *Transform, tables ...lao.Table) bool {
	var y []float64
	for _, t := range tables {
		for i := range t.Len() {
			y = append(y, t.Label(i))
		}
	}
	return binaryTarget(y, *tr)
}

// identity reports whether o leaves a table as it is.
func (o Options) identity() bool {
	return !o.Center && !o.Intercept && o.Scaling == NoScaling && o.LabelBound == 0 && !o.FillMissing && o.Features == nil
}
