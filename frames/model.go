package frames

import (
	"fmt"
	"math"

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
	// Fit, if not nil, records how the model was fitted (Data.ModelFromFit).
	Fit *FitInfo
}

// Scores are a model's errors on labelled rows, in the target's units.
type Scores struct {
	MSE     float64 // mean squared error
	ZeroMSE float64 // mean squared error of the constant prediction Model.Zero
	// Binary reports whether every label is −1 or +1; ClassificationError
	// is then the fraction of rows whose label's sign the prediction misses
	// (a zero prediction counts as a miss), else NaN.
	Binary              bool
	ClassificationError float64
}

// Ratio returns MSE/ZeroMSE: below 1, the model beats predicting the
// training mean.
func (s Scores) Ratio() float64 { return s.MSE / s.ZeroMSE }

// Score returns the model's errors on df with labels from the column
// target, beside those of the zero predictor.
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
	s := Scores{Binary: true}
	var wrong int
	for i, p := range pred {
		s.MSE += (p - y[i]) * (p - y[i])
		s.ZeroMSE += (m.Zero - y[i]) * (m.Zero - y[i])
		s.Binary = s.Binary && (y[i] == 1 || y[i] == -1)
		if p == 0 || (p > 0) != (y[i] > 0) {
			wrong++
		}
	}
	n := float64(len(y))
	s.MSE, s.ZeroMSE, s.ClassificationError = s.MSE/n, s.ZeroMSE/n, math.NaN()
	if s.Binary {
		s.ClassificationError = float64(wrong) / n
	}
	return s, nil
}

// Frame returns the model as a DataFrame with columns "column" (String)
// and "coefficient" (Float): an "(intercept)" row first if HasIntercept,
// then one row per feature in attribute order. To save a model, prefer
// gota's WriteJSON: WriteCSV prints floats with %f (six decimals), which
// rounds small coefficients away.
func (m *Model) Frame() dataframe.DataFrame {
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
			return nil, fmt.Errorf("frames: ModelFromFrame: row %d: column %q appears twice: %w", i, name, lao.ErrParam)
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
	if !contains(df.Names(), name) {
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
	if df.Err != nil {
		return nil, fmt.Errorf("%w: %w", ErrFrame, df.Err)
	}
	pred := make([]float64, df.Nrow())
	for i := range pred {
		pred[i] = m.Intercept
	}
	byName, err := columnsOf(df)
	if err != nil {
		return nil, err
	}
	for j, name := range m.Features {
		if m.Coef[j] == 0 {
			continue
		}
		col, err := byName.read(name, "feature", m.Fill != nil)
		if err != nil {
			return nil, err
		}
		for i, v := range col {
			if math.IsNaN(v) {
				v = m.Fill[j]
			}
			pred[i] += m.Coef[j] * v
		}
	}
	return pred, nil
}

// MSE returns the mean squared error of the model on df in original units,
// with labels from the column target.
func (m *Model) MSE(df dataframe.DataFrame, target string) (float64, error) {
	if err := checkFrame(df); err != nil {
		return 0, err
	}
	y, err := readColumn(df, target, "target", false)
	if err != nil {
		return 0, err
	}
	pred, err := m.Predict(df)
	if err != nil {
		return 0, err
	}
	var s float64
	for i, p := range pred {
		r := p - y[i]
		s += r * r
	}
	return s / float64(len(y)), nil
}

// NonZero returns the number of non-zero coefficients: the attributes the
// model reads at prediction time.
func (m *Model) NonZero() int { return lao.NonZero(m.Coef) }

// checkShape reports a model whose coefficients or fill values do not match
// its features (a hand-built Model), before any of them is indexed.
func (m *Model) checkShape(where string) error {
	if len(m.Coef) != len(m.Features) {
		return fmt.Errorf("frames: %s: %d coefficients for %d features: %w", where, len(m.Coef), len(m.Features), lao.ErrShape)
	}
	if m.Fill != nil && len(m.Fill) != len(m.Features) {
		return fmt.Errorf("frames: %s: %d fill values for %d features: %w", where, len(m.Fill), len(m.Features), lao.ErrShape)
	}
	return nil
}
