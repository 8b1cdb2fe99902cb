package frames

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/lao"
)

// Column names of the DataFrame returned by Model.Frame.
const (
	NameColumn = "column"
	CoefColumn = "coefficient"
)

// Model is a linear predictor in the original units of a DataFrame:
// ŷ = Intercept + Σ_j Coef[j]·x[Features[j]].
type Model struct {
	Features     []string
	Coef         []float64
	Intercept    float64
	HasIntercept bool // the model was fitted on centred data; Frame lists the intercept
	// Fill, if not nil, holds per feature the value Predict uses for a
	// missing (NaN) cell: the training mean, when the model was fitted with
	// Options.FillMissing. If nil, a missing cell is an error.
	Fill []float64
	// Zero is what the zero weight vector predicts, the reference every
	// model should beat: the training mean of the target if the data were
	// centred, else 0.
	Zero float64
	// Target names the label column the model was fitted on ("" if unknown).
	Target string
	// Binary reports whether every training label was −1 or +1 (then the
	// sign of a prediction is a class).
	Binary bool
	// Transform, if not nil, is how the solver saw the columns: the
	// centring and scaling fitted on the training part.
	Transform *Transform
	// Fit, if not nil, records how the model was fitted: Prepared.Fit,
	// TuneFit, FitAll, CSVStream.Fit and Data.ModelFromFit set it, and
	// WriteJSON saves it (a model fitted at prices needs it to predict
	// within a cost budget).
	Fit *FitInfo
}

// NewModel maps weights w, fitted on examples transformed by t, to a
// model in the original units of the columns names (the label column
// target; binary: every label is ±1): coefficients and intercept by
// t.Unscale, the zero predictor t.YOffset, a copy of t. A coefficient
// that is not finite is an error naming its column.
func NewModel(w []float64, names []string, target string, t *Transform, binary bool) (*Model, error) {
	if t == nil {
		return nil, fmt.Errorf("frames: Model: the transform is nil (Identity(d) leaves the columns as they are): %w", lao.ErrShape)
	}
	if len(w) != len(names) || len(w) != len(t.Scale) {
		return nil, fmt.Errorf("frames: Model: %d weights for %d features (%d scales): %w", len(w), len(names), len(t.Scale), lao.ErrShape)
	}
	coef, b := t.Unscale(w)
	for j, c := range coef {
		if math.IsNaN(c) || math.IsInf(c, 0) {
			cause := ""
			if t.YScale > 1e150 { // the labels, not the fit, overflow
				cause = fmt.Sprintf("; the labels of %q reach ±%g: rescale that column (divide it by a power of ten)", target, t.YScale*max(t.LabelBound, 1))
			}
			return nil, fmt.Errorf("frames: Model: coefficient of %q is %g (weight %g, scale %g)%s: %w", names[j], c, w[j], t.Scale[j], cause, lao.ErrNotFinite)
		}
	}
	tc := *t
	tc.Offset, tc.Scale, tc.Fill = slices.Clone(t.Offset), slices.Clone(t.Scale), slices.Clone(t.Fill)
	return &Model{Features: slices.Clone(names), Coef: coef, Intercept: b, HasIntercept: t.Center, Fill: slices.Clone(t.Fill),
		Zero: t.YOffset, Target: target, Binary: binary, Transform: &tc}, nil
}

// Score returns the model's errors on df with labels from the column
// target, beside those of the zero predictor (Model.Zero). The predictions
// are read from the DataFrame by column name (Predict); Score of a fit's
// weights on prepared rows gives the same numbers.
func (m *Model) Score(df dataframe.DataFrame, target string) (Scores, error) {
	if err := checkFrame(df); err != nil {
		return Scores{}, err
	}
	y, err := readColumn(df, target, "target", false)
	if err != nil {
		return Scores{}, err
	}
	pred, err := m.Predict(df)
	if err != nil {
		return Scores{}, err
	}
	sc := newScorer(m.Zero)
	for i, p := range pred {
		sc.add(p, y[i])
	}
	s := sc.result()
	if !s.Binary { // sign(prediction) ≠ sign(label) means nothing for other labels
		s.ClassificationError, s.ZeroClassificationError = math.NaN(), math.NaN()
	}
	return s, nil
}

// Frame returns the model as a DataFrame with columns "column" (String)
// and "coefficient" (Float): an "(intercept)" row first if HasIntercept,
// then one row per feature in attribute order. To save a model, prefer
// gota's WriteJSON: WriteCSV prints floats with %f (six decimals), which
// rounds small coefficients away. A nil model gives a frame of no rows.
func (m *Model) Frame() dataframe.DataFrame {
	if m == nil {
		m = &Model{}
	}
	names := make([]string, 0, len(m.Features)+1)
	coef := make([]float64, 0, len(m.Features)+1)
	if m.HasIntercept {
		names = append(names, InterceptName)
		coef = append(coef, m.Intercept)
	}
	names = append(names, m.Features...)
	coef = append(coef, m.Coef...)
	return dataframe.New(
		series.New(names, series.String, NameColumn),
		series.New(coef, series.Float, CoefColumn),
	)
}

// ModelFromFrame reads a model back from a DataFrame in the form written by
// Model.Frame (columns "column" and "coefficient", an optional
// "(intercept)" row).
func ModelFromFrame(df dataframe.DataFrame) (*Model, error) {
	if err := checkFrame(df); err != nil {
		return nil, err
	}
	coef, err := readColumn(df, CoefColumn, "coefficient", false)
	if err != nil {
		return nil, err
	}
	names, err := stringColumn(df, NameColumn)
	if err != nil {
		return nil, err
	}
	m := &Model{}
	seen := make(map[string]bool, len(names))
	for i, name := range names {
		if seen[name] {
			return nil, fmt.Errorf("frames: ModelFromFrame: row %d (0-based): column %q appears twice: %w", i, name, lao.ErrParam)
		}
		seen[name] = true
		if name == InterceptName {
			m.Intercept, m.HasIntercept = coef[i], true
			continue
		}
		m.Features = append(m.Features, name)
		m.Coef = append(m.Coef, coef[i])
	}
	return m, nil
}

// stringColumn returns the values of a String column.
func stringColumn(df dataframe.DataFrame, name string) (vals []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			vals, err = nil, fmt.Errorf("frames: column %q: gota panicked: %v: %w", name, r, ErrFrame)
		}
	}()
	if !slices.Contains(df.Names(), name) {
		return nil, unknownColumn(name, "name", df.Names())
	}
	s := df.Col(name)
	if s.Err != nil {
		return nil, fmt.Errorf("frames: column %q: %w: %w", name, ErrFrame, s.Err)
	}
	if s.Type() != series.String {
		return nil, fmt.Errorf("frames: column %q has type %s, want string: %w", name, s.Type(), ErrFrame)
	}
	return s.Records(), nil
}

// Predict returns the model's predictions for the rows of df, reading the
// feature columns by name. Columns whose coefficient is zero are not read
// (a sparse model needs only its support). A missing, non-numeric or
// non-finite feature is an error naming the column.
func (m *Model) Predict(df dataframe.DataFrame) ([]float64, error) {
	if err := m.checkShape("Predict"); err != nil {
		return nil, err
	}
	cols, err := m.supportColumns(df)
	if err != nil {
		return nil, err
	}
	pred := make([]float64, df.Nrow())
	for j, col := range cols {
		for i, v := range col {
			if math.IsNaN(v) {
				v = m.Fill[j]
			}
			pred[i] += m.Coef[j] * v
		}
	}
	for i := range pred { // last, as lao.Predict's sum plus the intercept in PredictOnBudget: the same bits
		pred[i] += m.Intercept
	}
	return pred, nil
}

// supportColumns reads, by name, the feature columns of df whose
// coefficient is not zero (nil for the others): what a prediction reads.
// A missing, non-numeric or non-finite feature is an error naming the
// column; a missing cell is allowed when the model fills it (Fill).
func (m *Model) supportColumns(df dataframe.DataFrame) ([][]float64, error) {
	return m.readSupport(df, m.Fill != nil)
}

// readSupport is supportColumns, with missing cells (NaN) allowed when
// missing is set.
func (m *Model) readSupport(df dataframe.DataFrame, missing bool) ([][]float64, error) {
	if df.Err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFrame, df.Err)
	}
	byName, err := columnsOf(df)
	if err != nil {
		return nil, err
	}
	cols := make([][]float64, len(m.Features))
	for j, name := range m.Features {
		if m.Coef[j] == 0 {
			continue
		}
		if cols[j], err = byName.read(name, "feature", missing); err != nil {
			return nil, err
		}
	}
	return cols, nil
}

// NonZero returns the number of non-zero coefficients: the attributes the
// model reads at prediction time.
// A nil model reads none.
func (m *Model) NonZero() int {
	if m == nil {
		return 0
	}
	return lao.NonZero(m.Coef)
}

// checkShape reports a nil model, and a model whose coefficients or fill
// values do not match its features (a hand-built Model), before any of
// them is indexed.
func (m *Model) checkShape(where string) error {
	if m == nil {
		return fmt.Errorf("frames: %s: the model is nil (fit one with Prepared.Fit or read one with ReadModel): %w", where, ErrNilModel)
	}
	if len(m.Coef) != len(m.Features) {
		return fmt.Errorf("frames: %s: %d coefficients for %d features: %w", where, len(m.Coef), len(m.Features), lao.ErrShape)
	}
	if m.Fill != nil && len(m.Fill) != len(m.Features) {
		return fmt.Errorf("frames: %s: %d fill values for %d features: %w", where, len(m.Fill), len(m.Features), lao.ErrShape)
	}
	return nil
}

// RangeWarning says which columns the model reads (a non-zero coefficient)
// hold values of df beyond their training range (Transform.Min, Max) by
// more than the range's width, or outside it in every row (at least 3),
// or "" if none does or the model has no ranges: predictions there
// extrapolate from the data the model was fitted on, or the numbers were
// read another way (a decimal point read as a thousands mark makes
// 695.265 into 695265) or are in another unit (4.7 % written 0.047).
// lines[i] is row i's position in the file (nil: rows from 1) and unit
// what it counts ("line" or "row"). Missing cells are not counted.
func (m *Model) RangeWarning(df dataframe.DataFrame, lines []int, unit string) string {
	w, _ := m.RangeReport(df, lines, unit)
	return w
}

// RangeReport returns RangeWarning and RowFlags from one scan of df.
//
// A nil model, or one whose shape checkShape refuses, reports nothing:
// Predict says what is wrong with it.
func (m *Model) RangeReport(df dataframe.DataFrame, lines []int, unit string) (warning string, flags []string) {
	if m.checkShape("RangeReport") != nil {
		return "", nil
	}
	scan, cols := m.rangeScan(df)
	return m.rangeWarning(scan, cols, lines, unit), m.rowFlags(df, scan, cols)
}

// rangeWarning is RangeWarning's text for the columns rangeScan found.
func (m *Model) rangeWarning(scan []rangeFlag, cols [][]float64, lines []int, unit string) string {
	var parts []string
	for _, r := range scan {
		col, first := cols[r.j], r.rows[0]
		pos := first + 1
		if first < len(lines) {
			pos = lines[first]
		}
		what := fmt.Sprintf("%d of %d rows beyond it by more than its width", len(r.rows), len(col))
		if r.every {
			what = fmt.Sprintf("every one of its %d rows outside it", len(r.rows))
		}
		parts = append(parts, fmt.Sprintf("%q: %s (%s on %s %d; training range %.6g to %.6g)",
			m.Features[r.j], what, strconv.FormatFloat(col[first], 'g', 6, 64), cmp.Or(unit, "line"), pos, m.Transform.Min[r.j], m.Transform.Max[r.j]))
	}
	if len(parts) == 0 {
		return ""
	}
	return "values outside the training range in " + strings.Join(parts, "; ") +
		": the predictions of those rows extrapolate from the data the model was fitted on, or the numbers were read " +
		"another way (see --decimal and --thousands) or are in another unit"
}

// rangeFlag is a column that RangeWarning names: feature j, and the rows
// it counts (beyond the range by more than its width, or every row with a
// value when every is set), in order.
type rangeFlag struct {
	j     int
	rows  []int
	every bool
}

// rangeScan finds the columns RangeWarning names, and returns them with
// the model's columns as read from df (nil for those it does not read);
// none if the model has no ranges or df lacks a column (Predict reports
// that).
func (m *Model) rangeScan(df dataframe.DataFrame) ([]rangeFlag, [][]float64) {
	t := m.Transform
	if t == nil || len(t.Min) != len(m.Features) {
		return nil, nil
	}
	cols, err := m.readSupport(df, true) // a missing cell is not counted, whether or not the model fills it
	if err != nil {
		return nil, nil
	}
	var flags []rangeFlag
	for j, col := range cols {
		lo, hi := t.Min[j], t.Max[j]
		w := hi - lo
		if w <= 0 {
			continue
		}
		far := func(v float64) bool { return v < lo-w || v > hi+w }
		slack := rangeSlack * max(math.Abs(lo), math.Abs(hi))
		nFar, outside, present := 0, 0, 0
		for _, v := range col {
			if !math.IsNaN(v) {
				present++
			}
			if v < lo-slack || v > hi+slack {
				outside++
			}
			if far(v) {
				nFar++
			}
		}
		switch {
		case outside == present && present >= 3: // every row: a unit changed (4.7 % written 0.047)?
			flags = append(flags, rangeFlag{j, rowsWhere(col, func(v float64) bool { return !math.IsNaN(v) }), true})
		case nFar > 0:
			flags = append(flags, rangeFlag{j, rowsWhere(col, far), false})
		}
	}
	return flags, cols
}

// rangeSlack is how far beyond a column's training range, relative to the
// range's largest magnitude, a value still counts as inside it for the
// every-row rule: the training table written with 6 or more significant
// digits (a spreadsheet's export) rounds the extremes out by less, and
// would otherwise have every row of a two-valued column outside.
const rangeSlack = 1e-6

// rowsWhere returns the indices i of col where keep(col[i]), in order.
func rowsWhere(col []float64, keep func(float64) bool) []int {
	var rows []int
	for i, v := range col {
		if keep(v) {
			rows = append(rows, i)
		}
	}
	return rows
}

// RowFlags returns, for each row of df, what a reader of its prediction
// should know, or "": the columns the model reads whose cell was missing
// and is filled (with Fill, the training mean), and those RangeWarning
// names in which the row is one it counts ("outside training range").
// It returns nil when no row has a flag, or when df lacks a column the
// model reads (Predict reports that).
func (m *Model) RowFlags(df dataframe.DataFrame) []string {
	_, flags := m.RangeReport(df, nil, "")
	return flags
}

// rowFlags is RowFlags for the columns rangeScan found (cols nil: the
// model has no ranges, or df lacks a column).
func (m *Model) rowFlags(df dataframe.DataFrame, scan []rangeFlag, cols [][]float64) []string {
	if cols == nil {
		var err error
		if cols, err = m.supportColumns(df); err != nil {
			return nil
		}
	}
	filled := make([][]string, df.Nrow())
	for j, col := range cols {
		for i, v := range col {
			if math.IsNaN(v) && m.Fill != nil {
				filled[i] = append(filled[i], m.Features[j])
			}
		}
	}
	outside := make([][]string, df.Nrow())
	for _, r := range scan {
		for _, i := range r.rows {
			outside[i] = append(outside[i], m.Features[r.j])
		}
	}
	flags, flagged := make([]string, df.Nrow()), false
	for i := range flags {
		var parts []string
		if len(filled[i]) > 0 {
			parts = append(parts, "filled: "+strings.Join(filled[i], ", "))
		}
		if len(outside[i]) > 0 {
			parts = append(parts, "outside training range: "+strings.Join(outside[i], ", "))
		}
		flags[i] = strings.Join(parts, "; ")
		flagged = flagged || flags[i] != ""
	}
	if !flagged {
		return nil
	}
	return flags
}
