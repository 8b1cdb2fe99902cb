package frames

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// ModelFormat is the format tag of a saved model (Model.WriteJSON). The
// format is documented in docs/model-format.md.
const ModelFormat = "lao-model/1"

// FitInfo records how a model was fitted: the solver, its parameters and
// budget, the attribute accounting and which data it saw.
type FitInfo struct {
	Solver string             `json:"solver"`
	Params map[string]float64 `json:"params"` // defaults resolved, tuned values where tuned
	Seed   uint64             `json:"seed"`
	// K is the solver's k (attributes per training example it chooses);
	// 0 for a full-information reference.
	K          int    `json:"k"`
	Budget     string `json:"budget"`             // the budget rule, e.g. "k+1 per example"
	PerExample int    `json:"budget_per_example"` // the hard cap the handles enforced
	Examples   int    `json:"examples"`           // training examples m
	Attributes int64  `json:"attributes_observed"`
	// AttributeCounts[j] is the number of training examples that revealed
	// column j: which attributes the learner paid for, and how often.
	AttributeCounts []int64 `json:"attribute_counts,omitempty"`
	// Weights are the fitted weights in the solver's units (lao.Result.W);
	// Model.Transform.Unscale(Weights) gives Model.Coef and Intercept.
	Weights []float64 `json:"solver_weights"`
	// Fingerprint identifies the training data (Fingerprint); empty in
	// the record Prepared.Fit, TuneFit and CSVStream.Fit keep, which do not
	// hash their training rows (the CLI and Data.ModelFromFit do).
	Fingerprint string `json:"training_fingerprint"`
	// RowSample holds the hashes of up to 256 training rows
	// (NewRowSample): predict counts those the rows it scores hold
	// (Model.TrainingRowsFound), to say that their error is no estimate of
	// the error on new rows whatever the file is called. Nil when the
	// training rows were not in memory (a lazy or streaming fit), when
	// NewRowSample declines, and in files saved before it was recorded.
	RowSample *RowSample `json:"training_row_sample,omitempty"`
	// Data names the table the training part was drawn from, as given
	// (a file path), and Rows is that table's number of rows, training and
	// test part together: predict warns when it scores rows that look like
	// that table's, training rows included.
	// DataBytes is that file's size, if it is a regular file: rows dropped
	// for missing cells make Rows differ from what predict reads.
	Data      string `json:"data,omitempty"`
	Rows      int    `json:"data_rows,omitempty"`
	DataBytes int64  `json:"data_bytes,omitempty"`
	// Decimal and Thousands are the number marks that table's cells were
	// read with (CSVOptions.DecimalComma, CSVOptions.Thousands): "." or ","
	// ("": not recorded, as in files saved before they were) and "" (none)
	// or the thousands mark. Predict reads a new file so unless told
	// otherwise (SetNumberMarks, NumberMarks).
	Decimal   string `json:"decimal,omitempty"`
	Thousands string `json:"thousands,omitempty"`
	// NoHeader: that table was a CSV file without a header line, read with
	// CSVOptions.NoHeader (its columns named column1 … columnN); predict
	// reads a new CSV file so unless told otherwise.
	NoHeader bool `json:"no_header,omitempty"`
	// FileColumns is, with NoHeader, that file's number of columns: predict
	// refuses a headerless file with another number (save the label
	// column, if it was the last), whose names would be shifted.
	FileColumns int `json:"file_columns,omitempty"`
	// Missing is the missing-value policy the training table was read with
	// when it was not MissingError: "mean" (CSVOptions.Missing MissingMean:
	// cells filled with the training mean) or "drop-rows"; predict handles
	// a new file's missing cells so unless told otherwise.
	Missing string `json:"missing,omitempty"`
	// With prices (ours, docs/costs.md): the price of each column, the
	// cost budgets per training example and for the model's support at
	// prediction time (0: none), and what the fit spent in all, at most and
	// on average per example, and per column.
	Costs              []float64 `json:"costs,omitempty"`
	CostBudget         float64   `json:"cost_budget,omitempty"`
	PredictCostBudget  float64   `json:"predict_cost_budget,omitempty"`
	CostSpent          float64   `json:"cost_spent,omitempty"`
	MaxCostPerExample  float64   `json:"max_cost_per_example,omitempty"`
	MeanCostPerExample float64   `json:"mean_cost_per_example,omitempty"`
	AttributeCosts     []float64 `json:"attribute_costs,omitempty"`
}

// SetNumberMarks records the number marks opt read the training table
// with.
func (fi *FitInfo) SetNumberMarks(opt CSVOptions) {
	fi.Decimal, fi.Thousands = ".", ""
	if opt.DecimalComma {
		fi.Decimal = ","
	}
	if opt.Thousands != 0 {
		fi.Thousands = string(opt.Thousands)
	}
}

// NumberMarks returns the recorded number marks as CSVOptions fields
// (recorded false: none were, a point and no thousands mark returned), or
// an error naming the field when the file holds marks no reader accepts.
func (fi *FitInfo) NumberMarks() (decimalComma bool, thousands rune, recorded bool, err error) {
	switch fi.Decimal {
	case "", ".":
	case ",":
		decimalComma = true
	default:
		return false, 0, false, fmt.Errorf("%w: fit.decimal is %q, want \".\" or \",\" (or absent: not recorded)", ErrModelFile, fi.Decimal)
	}
	if r := []rune(fi.Thousands); len(r) == 1 {
		thousands = r[0]
	} else if len(r) > 1 {
		return false, 0, false, fmt.Errorf("%w: fit.thousands is %q, want one mark", ErrModelFile, fi.Thousands)
	}
	if _, err := (CSVOptions{DecimalComma: decimalComma, Thousands: thousands}).NumberParser(); err != nil {
		return false, 0, false, fmt.Errorf("%w: fit.thousands: %v", ErrModelFile, err)
	}
	return decimalComma, thousands, fi.Decimal != "", nil
}

// modelFile is the JSON layout of a saved model.
type modelFile struct {
	Format       string     `json:"format"`
	Target       string     `json:"target,omitempty"`
	Columns      []string   `json:"columns"`
	Coef         []float64  `json:"coefficients"`
	Intercept    float64    `json:"intercept"`
	HasIntercept bool       `json:"has_intercept"`
	Zero         float64    `json:"zero_prediction"`
	Fill         []float64  `json:"fill,omitempty"`
	Binary       bool       `json:"labels_plus_minus_one"`
	Transform    *Transform `json:"scaling,omitempty"`
	Fit          *FitInfo   `json:"fit,omitempty"`
}

// ErrModelFile: a saved model is malformed or inconsistent.
var ErrModelFile = errors.New("frames: bad model file")

// ModelFromFit is Data.Model for the result of fitting s with lao.Fit
// (Options.Seed = seed), with the fit recorded in Model.Fit (solver,
// parameters, budget, per-column attribute counts, solver weights, the
// training data's fingerprint and a sample of its rows, NewRowSample) for a
// saved model.
func (d *Data) ModelFromFit(s lao.Solver, res *lao.Result, seed uint64) (*Model, error) {
	m, err := d.Model(res.W)
	if err != nil {
		return nil, err
	}
	m.Fit = NewFitInfo(s, res, seed, Fingerprint(d.Dataset))
	m.Fit.RowSample = NewRowSample(d.Dataset, m)
	return m, nil
}

// NewFitInfo records the fit of s (the fingerprint of its training data
// from Fingerprint).
func NewFitInfo(s lao.Solver, res *lao.Result, seed uint64, fingerprint string) *FitInfo {
	fi := &FitInfo{Solver: res.Solver, Params: res.Params, Seed: seed, Budget: res.Budget.Rule,
		PerExample: res.Budget.PerExample, Examples: res.Examples, Attributes: res.Attributes,
		AttributeCounts: slices.Clone(res.AttributeCounts), Weights: slices.Clone(res.W), Fingerprint: fingerprint}
	if k, err := lao.FindParam(s, "k"); err == nil && !lao.Describe(s).Full {
		fi.K = int(k.Get())
		if v, ok := res.Params["k"]; ok && fi.K == 0 {
			fi.K = int(v) // derived from a cost budget (K = 0 asks for it)
		}
	}
	if res.Costs != nil {
		fi.Costs, fi.AttributeCosts = slices.Clone(res.Costs), slices.Clone(res.AttributeCosts)
		fi.CostBudget, fi.PredictCostBudget = res.Budget.Cost, res.Budget.PredictCost
		fi.CostSpent, fi.MaxCostPerExample, fi.MeanCostPerExample = res.CostSpent, res.MaxCostPerExample, res.MeanCostPerExample()
	}
	return fi
}

// Fingerprint returns "sha256:" and the hex SHA-256 of a table: its shape,
// attribute names, every value and label (as float64 bits, in order). The
// same training part of the same file with the same options gives the same
// fingerprint.
func Fingerprint(t lao.Table) string {
	h := sha256.New()
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	put(uint64(t.Len()))
	put(uint64(t.Dim()))
	for _, n := range t.Names() {
		put(uint64(len(n)))
		h.Write([]byte(n))
	}
	row := make([]float64, t.Dim())
	src := t.Stream()
	for range t.Len() {
		y, err := src.Next(row)
		if err != nil {
			break
		}
		for _, v := range row {
			put(math.Float64bits(v))
		}
		put(math.Float64bits(y))
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// WriteJSON saves the model (format ModelFormat, documented in
// docs/model-format.md); ReadModel reads it back.
func (m *Model) WriteJSON(w io.Writer) error {
	if err := m.check(); err != nil {
		return err
	}
	f := modelFile{Format: ModelFormat, Target: m.Target, Columns: m.Features, Coef: m.Coef, Intercept: m.Intercept,
		HasIntercept: m.HasIntercept, Zero: m.Zero, Fill: m.Fill, Binary: m.Binary, Transform: m.Transform, Fit: m.Fit}
	if m.Fit != nil && m.Fit.Params == nil { // {} rather than null, which ReadModel refuses
		fi := *m.Fit
		fi.Params = map[string]float64{}
		f.Fit = &fi
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return fmt.Errorf("frames: saving the model: %w", err)
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// ReadModel reads a model saved by WriteJSON and checks it: the format
// tag, one coefficient (and fill value, scale, offset, solver weight,
// attribute count) per column, finite numbers, distinct column names, and
// coefficients that are the solver weights mapped back by the scaling.
func ReadModel(r io.Reader) (*Model, error) {
	if isNil(r) {
		return nil, fmt.Errorf("frames: ReadModel: the reader is nil: %w", ErrModelFile)
	}
	b, err := readModelJSON(r)
	if err != nil {
		return nil, err
	}
	var f modelFile
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%w: field %q is a JSON %s, want %s", ErrModelFile, te.Field, te.Value, te.Type)
		}
		return nil, fmt.Errorf("%w: %v", ErrModelFile, strings.TrimPrefix(err.Error(), "json: "))
	}
	if f.Format != ModelFormat {
		return nil, fmt.Errorf("%w: format %q, want %q", ErrModelFile, f.Format, ModelFormat)
	}
	m := &Model{Target: f.Target, Features: f.Columns, Coef: f.Coef, Intercept: f.Intercept, HasIntercept: f.HasIntercept,
		Zero: f.Zero, Fill: f.Fill, Binary: f.Binary, Transform: f.Transform, Fit: f.Fit}
	if err := m.check(); err != nil {
		return nil, err
	}
	return m, nil
}

// check validates the model's shape and numbers.
func (m *Model) check() error {
	if m == nil {
		return fmt.Errorf("frames: WriteJSON: the model is nil: %w", ErrNilModel)
	}
	d := len(m.Features)
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrModelFile, fmt.Sprintf(format, args...))
	}
	if d == 0 {
		return bad("no columns")
	}
	if err := m.checkNames(bad); err != nil {
		return err
	}
	if err := m.checkLengths(bad); err != nil {
		return err
	}
	if field, v, ok := m.nonFinite(); ok {
		return bad("%s is %g", field, v)
	}
	if t := m.Transform; t != nil {
		for j := range t.Min {
			if t.Min[j] > t.Max[j] {
				return bad("scaling.min of column %q is %g, above its scaling.max %g", m.Features[j], t.Min[j], t.Max[j])
			}
		}
	}
	if fi := m.Fit; fi != nil {
		if err := fi.check(m.Features, bad); err != nil {
			return err
		}
	}
	if t, fi := m.Transform, m.Fit; t != nil && fi != nil {
		for j, s := range t.Scale {
			if !(s > 0) {
				return bad("scale of column %q is %g", m.Features[j], s)
			}
		}
		coef, b := t.Unscale(fi.Weights)
		for j, c := range coef {
			if !nearly(c, m.Coef[j]) {
				return bad("coefficient of %q is %g, but the solver weights and scaling give %g", m.Features[j], m.Coef[j], c)
			}
		}
		if t.Center && !nearly(b, m.Intercept) {
			return bad("intercept is %g, but the solver weights and scaling give %g", m.Intercept, b)
		}
	}
	return nil
}

// checkNames checks that the model's columns are distinct, none named as
// the intercept or as the target; bad builds check's error.
func (m *Model) checkNames(bad func(string, ...any) error) error {
	seen := map[string]bool{}
	for _, n := range m.Features {
		if seen[n] || n == InterceptName {
			return bad("column %q appears twice or clashes with the intercept", n)
		}
		if m.Target != "" && n == m.Target {
			return bad("the target %q is also one of the model's columns: a model does not read its own label", n)
		}
		seen[n] = true
	}
	return nil
}

// check validates the fit record's number marks, missing-value policy,
// prices and row sample (features names the columns).
func (fi *FitInfo) check(features []string, bad func(string, ...any) error) error {
	if _, _, _, err := fi.NumberMarks(); err != nil {
		return err
	}
	if p, err := ParseMissing(fi.Missing); fi.Missing != "" && (err != nil || p == MissingError) {
		return bad("fit.missing is %q, want \"mean\" or \"drop-rows\" (or absent: missing cells were refused)", fi.Missing)
	}
	for j, c := range fi.Costs {
		if !(c > 0) || math.IsInf(c, 0) {
			return bad("fit.costs: the price of column %q is %g, want positive and finite", features[j], c)
		}
	}
	if fi.RowSample != nil {
		if _, err := fi.RowSample.decode(); err != nil {
			return err
		}
	}
	return nil
}

// checkLengths checks that every per-column list of the model file has one
// entry per column; bad builds check's error.
func (m *Model) checkLengths(bad func(string, ...any) error) error {
	d := len(m.Features)
	lengths := map[string]int{"coefficients": len(m.Coef)}
	if m.Fill != nil {
		lengths["fill"] = len(m.Fill)
	}
	if t := m.Transform; t != nil {
		lengths["scaling.offset"], lengths["scaling.scale"] = len(t.Offset), len(t.Scale)
		if t.Fill != nil {
			lengths["scaling.fill"] = len(t.Fill)
		}
		if (t.Min == nil) != (t.Max == nil) {
			return bad("scaling.min and scaling.max go together, and the file has only one of them")
		}
		if t.Min != nil {
			lengths["scaling.min"], lengths["scaling.max"] = len(t.Min), len(t.Max)
		}
	}
	if fi := m.Fit; fi != nil {
		lengths["fit.solver_weights"] = len(fi.Weights)
		if fi.AttributeCounts != nil {
			lengths["fit.attribute_counts"] = len(fi.AttributeCounts)
		}
		if fi.Costs != nil {
			lengths["fit.costs"] = len(fi.Costs)
		}
		if fi.AttributeCosts != nil {
			lengths["fit.attribute_costs"] = len(fi.AttributeCosts)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(lengths)) {
		if lengths[k] != d {
			return bad("%s has %d entries for %d columns", k, lengths[k], d)
		}
	}
	return nil
}

// nonFinite returns the first field of the model (by its name in the file)
// that holds a NaN or an infinity.
func (m *Model) nonFinite() (field string, v float64, ok bool) {
	scalars := map[string]float64{"intercept": m.Intercept, "zero_prediction": m.Zero}
	arrays := map[string][]float64{"coefficients": m.Coef, "fill": m.Fill}
	if t := m.Transform; t != nil {
		scalars["scaling.y_offset"], scalars["scaling.y_scale"] = t.YOffset, t.YScale
		arrays["scaling.offset"], arrays["scaling.scale"], arrays["scaling.fill"] = t.Offset, t.Scale, t.Fill
		arrays["scaling.min"], arrays["scaling.max"] = t.Min, t.Max
	}
	if fi := m.Fit; fi != nil {
		arrays["fit.solver_weights"], arrays["fit.attribute_costs"] = fi.Weights, fi.AttributeCosts
		scalars["fit.cost_budget"], scalars["fit.predict_cost_budget"] = fi.CostBudget, fi.PredictCostBudget
		scalars["fit.cost_spent"], scalars["fit.max_cost_per_example"], scalars["fit.mean_cost_per_example"] = fi.CostSpent, fi.MaxCostPerExample, fi.MeanCostPerExample
	}
	bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
	for _, name := range slices.Sorted(maps.Keys(arrays)) {
		if i := slices.IndexFunc(arrays[name], bad); i >= 0 {
			return fmt.Sprintf("%s[%d]", name, i), arrays[name][i], true
		}
	}
	for _, name := range slices.Sorted(maps.Keys(scalars)) {
		if bad(scalars[name]) {
			return name, scalars[name], true
		}
	}
	return "", 0, false
}

func nearly(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// PredictOnBudget predicts like Predict, but reads each row through a
// lao.Example handle that reveals at most budget attributes (prediction on
// a budget, Murata & Suzuki 2018): a model with more non-zero coefficients
// than budget is refused with an error wrapping lao.ErrBudgetExceeded.
func (m *Model) PredictOnBudget(df dataframe.DataFrame, budget int) ([]float64, error) {
	return m.predictWithin("PredictOnBudget", df, budget, 0)
}

// PredictWithin predicts like PredictOnBudget with at most budget
// attributes per row (0 or less: every column) and, if costBudget is
// positive, at most costBudget in the prices the model was fitted with
// (Fit.Costs): a model whose support costs more is refused with an error
// wrapping lao.ErrBudgetExceeded, as is a cost budget for a model fitted
// without prices.
func (m *Model) PredictWithin(df dataframe.DataFrame, budget int, costBudget float64) ([]float64, error) {
	return m.predictWithin("PredictWithin", df, budget, costBudget)
}

// predictWithin is PredictWithin, its errors naming the method called
// (where).
func (m *Model) predictWithin(where string, df dataframe.DataFrame, budget int, costBudget float64) ([]float64, error) {
	if err := m.checkShape(where); err != nil {
		return nil, err
	}
	if budget <= 0 {
		budget = len(m.Coef)
	}
	if nz := lao.NonZero(m.Coef); nz > budget {
		return nil, fmt.Errorf("frames: the model reads %d columns per row (non-zero coefficients), more than the budget of %d; fit a model with at most %d (e.g. screen-ridge with k ≤ %d): %w",
			nz, budget, budget, budget, lao.ErrBudgetExceeded)
	}
	var costs []float64
	if costBudget > 0 {
		if m.Fit == nil || m.Fit.Costs == nil {
			return nil, fmt.Errorf("frames: a prediction cost budget needs the prices the model was fitted with (fit.costs), and this model has none: %w", lao.ErrParam)
		}
		costs = m.Fit.Costs
		if c := lao.SupportCost(m.Coef, costs); c > costBudget*(1+1e-9) {
			return nil, fmt.Errorf("frames: the model's columns cost %g per row, more than the prediction cost budget %g; fit with --predict-cost-budget %g (hybrid or screen-ridge choose their columns within it): %w",
				c, costBudget, costBudget, lao.ErrBudgetExceeded)
		}
	}
	cols, err := m.supportColumns(df)
	if err != nil {
		return nil, err
	}
	x := make([]float64, len(m.Features))
	ex := lao.NewExample(len(x))
	ex.SetPrices(costs, costBudget)
	pred := make([]float64, df.Nrow())
	for i := range pred {
		for j, col := range cols {
			x[j] = 0
			if col != nil {
				x[j] = col[i]
				if math.IsNaN(x[j]) {
					x[j] = m.Fill[j]
				}
			}
		}
		ex.Reset(x, 0, budget)
		p, err := lao.Predict(m.Coef, ex)
		if err != nil {
			return nil, fmt.Errorf("frames: row %d (0-based): %w", i, err)
		}
		pred[i] = p + m.Intercept
	}
	return pred, nil
}
