package frames

import (
	"fmt"
	"math"
	"strings"

	"github.com/laoproject/lao/lao"
)

// Scaling selects how feature columns are rescaled to meet a theorem's
// assumption on the examples. Every scaling is a fixed per-column affine map
// x'_j = (x_j − c_j)/s_j, fitted on the training frame and applied
// identically to new frames, so coefficients map back exactly. Per-row
// normalisation (x/||x||) is deliberately not offered: it is not a fixed
// linear map, and a model fitted on normalised rows cannot be written as
// coefficients on the original columns. OptionsFor says which scaling each
// solver family gets by default, and why.
type Scaling int

const (
	// NoScaling leaves the feature values unchanged (s_j = 1).
	NoScaling Scaling = iota
	// ScaleL2 divides every column by one common factor s, the largest
	// Euclidean norm of a (centred) training row, so that ||x||_2 ≤ 1: the
	// assumption of ridge-type bounds (Hazan & Koren 2012 Thm 3.1). Relative
	// column scales are kept.
	ScaleL2
	// ScaleLinf divides each column j by its own s_j = max_i |x_ij − c_j|,
	// so that every value lies in [−1, 1] and ||x||_∞ ≤ 1: the assumption
	// of lasso-type bounds (Hazan & Koren 2012 Thm 3.4, Cesa-Bianchi et al.
	// 2010 Thms 1-2).
	ScaleLinf
	// StandardL2 standardises every column (centred on its training mean,
	// divided by its standard deviation, as a statistician would) and then
	// divides all columns by one common factor R, the largest Euclidean
	// norm of a standardised training row, so that ||x||_2 ≤ 1 as the
	// ridge-type bounds assume: s_j = sd_j·R. Every column gets the same
	// weight in the penalty, whatever its units. It needs Options.Center.
	StandardL2
	// StandardLinf standardises every column and divides all of them by one
	// common factor, the largest |value| of a standardised training cell,
	// so that ||x||_∞ ≤ 1 as the lasso-type bounds assume. It needs
	// Options.Center.
	StandardLinf
	// CommonLinf divides every column by one common factor, the largest
	// |x_ij − c_j| of a training cell, so that ||x||_∞ ≤ 1 while the columns
	// keep their relative scales: the lasso-type counterpart of ScaleL2.
	CommonLinf
)

// scalings lists every Scaling with its Go name (String, the form saved in
// model files) and its command-line name (Name).
var scalings = []struct {
	s            Scaling
	goName, name string
}{
	{NoScaling, "NoScaling", "none"}, {ScaleL2, "ScaleL2", "l2"}, {ScaleLinf, "ScaleLinf", "linf"},
	{StandardL2, "StandardL2", "std-l2"}, {StandardLinf, "StandardLinf", "std-linf"}, {CommonLinf, "CommonLinf", "common-linf"},
}

// String returns the constant's name (the form saved in model files).
func (s Scaling) String() string {
	for _, c := range scalings {
		if c.s == s {
			return c.goName
		}
	}
	return fmt.Sprintf("Scaling(%d)", int(s))
}

// Name returns the scaling's command-line name: none, l2, linf, std-l2,
// std-linf or common-linf (ParseScaling reads it back).
func (s Scaling) Name() string {
	for _, c := range scalings {
		if c.s == s {
			return c.name
		}
	}
	return s.String()
}

// Standard reports whether s divides every column by its standard
// deviation (StandardL2, StandardLinf): every second moment is then equal.
func (s Scaling) Standard() bool { return s == StandardL2 || s == StandardLinf }

// KeepsUnits reports whether s keeps the columns' relative scales: one
// common factor (ScaleL2, CommonLinf) or none (NoScaling).
func (s Scaling) KeepsUnits() bool { return s == ScaleL2 || s == CommonLinf || s == NoScaling }

// ScalingNames returns the command-line names of the scalings, in order.
func ScalingNames() []string {
	out := make([]string, len(scalings))
	for i, c := range scalings {
		out[i] = c.name
	}
	return out
}

// ParseScaling reads a command-line name written by Scaling.Name.
func ParseScaling(name string) (Scaling, error) {
	for _, c := range scalings {
		if strings.EqualFold(strings.TrimSpace(name), c.name) {
			return c.s, nil
		}
	}
	return 0, fmt.Errorf("frames: scaling %q, want auto or one of %s: %w", name, strings.Join(ScalingNames(), ", "), lao.ErrParam)
}

// MarshalText writes the constant's name (String).
func (s Scaling) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (s *Scaling) UnmarshalText(b []byte) error {
	for _, c := range scalings {
		if string(b) == c.goName {
			*s = c.s
			return nil
		}
	}
	return fmt.Errorf("frames: unknown scaling %q: %w", b, lao.ErrParam)
}

// Transform is the record of the affine maps applied to the examples:
// x'_j = (x_j − Offset[j]) / Scale[j] for each feature and
// y' = (y − YOffset) / YScale for the label. A linear model w' fitted on
// (x', y') predicts, in original units,
//
//	ŷ = YScale·(w'·x') + YOffset = Σ_j w_j x_j + b,
//	w_j = YScale·w'_j/Scale[j],  b = YOffset − Σ_j w_j·Offset[j].
//
// The zero weight vector predicts YOffset: the training mean of the label
// when it was centred (the zero predictor every model is scored against).
type Transform struct {
	// Center: the label was centred on its training mean, so the model has
	// an intercept. The features were centred too (Offset holds their
	// training means), except the rows of a sparse table, which stay
	// sparse (Offset is 0).
	Center     bool      `json:"center"`
	Scaling    Scaling   `json:"scaling"`     // the feature scaling that was applied
	LabelBound float64   `json:"label_bound"` // B if labels were scaled so that max|y'| = B, else 0
	Offset     []float64 `json:"offset"`      // c_j: the training mean of feature j if centred, else 0
	Scale      []float64 `json:"scale"`       // s_j > 0: 1 under NoScaling
	YOffset    float64   `json:"y_offset"`    // the training mean of y if Center, else 0
	YScale     float64   `json:"y_scale"`     // > 0: max|y − YOffset|/LabelBound, or 1
	// Fill, if not nil, holds the value that replaces a missing (NaN) cell
	// of feature j: its training mean, in original units (Options.FillMissing).
	Fill []float64 `json:"fill,omitempty"`
	// Min and Max, if not nil, hold the smallest and largest training value
	// of feature j, in original units: Model.RangeWarning says when new rows
	// lie far outside them.
	Min []float64 `json:"min,omitempty"`
	Max []float64 `json:"max,omitempty"`
}

// Identity returns the transform that leaves d features and the label as
// they are (a data set used as the papers use it).
func Identity(d int) Transform {
	t := Transform{Scaling: NoScaling, Offset: make([]float64, d), Scale: make([]float64, d), YScale: 1}
	for j := range t.Scale {
		t.Scale[j] = 1
	}
	return t
}

// Unscale maps weights w' on the transformed features to coefficients w on
// the original columns and the intercept b (0 unless Center). w must have
// one entry per feature (len(Scale)).
func (t *Transform) Unscale(w []float64) (coef []float64, intercept float64) {
	coef = make([]float64, len(w))
	intercept = t.YOffset
	for j, v := range w {
		coef[j] = t.YScale * v / t.Scale[j]
		intercept -= coef[j] * t.Offset[j]
	}
	return coef, intercept
}

// UnscaleLabel maps a prediction (or label) in transformed units back to
// the original units: YScale·p + YOffset. A mean squared error in
// transformed units is YScale² times the error in original units.
func (t *Transform) UnscaleLabel(p float64) float64 { return t.YScale*p + t.YOffset }

// feature returns x'_j for the value v of feature j (Fill replacing NaN),
// computed without spurious overflow.
func (t *Transform) feature(j int, v float64) float64 {
	if math.IsNaN(v) && t.Fill != nil {
		v = t.Fill[j]
	}
	c, s := t.Offset[j], t.Scale[j]
	z := (v - c) / s
	if math.IsInf(z, 0) {
		z = v/s - c/s // v − c overflowed: values near ±MaxFloat64 of both signs
	}
	return z
}

// label returns y' for the label y.
func (t *Transform) label(y float64) float64 {
	z := (y - t.YOffset) / t.YScale
	if math.IsInf(z, 0) {
		z = y/t.YScale - t.YOffset/t.YScale
	}
	return z
}

// dataset builds the transformed row-major examples from feature columns,
// filling missing cells with Fill. A transformed value that is not finite
// is an error naming the column and the row (0-based).
func (t *Transform) dataset(cols [][]float64, y []float64, names []string) (*lao.Dataset, error) {
	m, d := len(y), len(cols)
	x := make([]float64, m*d)
	for j, col := range cols {
		for i, v := range col {
			z := t.feature(j, v)
			if math.IsNaN(z) || math.IsInf(z, 0) {
				return nil, fmt.Errorf("feature column %q, row %d (0-based): value %g becomes %g after centring and scaling: %w", names[j], i, v, z, lao.ErrNotFinite)
			}
			x[i*d+j] = z
		}
	}
	ys := make([]float64, m)
	for i, v := range y {
		if ys[i] = t.label(v); math.IsNaN(ys[i]) || math.IsInf(ys[i], 0) {
			return nil, fmt.Errorf("label of row %d (0-based): value %g becomes %g after centring and scaling: %w", i, v, ys[i], lao.ErrNotFinite)
		}
	}
	return lao.NewDataset(x, ys, d, append([]string(nil), names...))
}

// Apply returns the examples of a table transformed by t: a dense table
// row by row, a sparse one with its labels transformed and its rows as they
// are (t must then leave the features unchanged: Offset 0 and Scale 1).
func (t *Transform) Apply(tab lao.Table) (lao.Table, error) {
	tab = stored(tab)
	if len(t.Scale) != tab.Dim() {
		return nil, fmt.Errorf("frames: Transform.Apply: %d scales for %d attributes: %w", len(t.Scale), tab.Dim(), lao.ErrShape)
	}
	switch ds := tab.(type) {
	case *lao.Dataset:
		out, err := t.dataset(datasetColumns(ds), ds.Labels(), ds.Names())
		if err != nil {
			return nil, fmt.Errorf("frames: %w", err)
		}
		return out, nil
	case *lao.SparseDataset:
		for j := range t.Scale {
			if t.Offset[j] != 0 || t.Scale[j] != 1 {
				return nil, fmt.Errorf("frames: Transform.Apply: the rows of a sparse table are used as they are (attribute %q would be centred or scaled): %w", ds.Names()[j], lao.ErrParam)
			}
		}
		y := make([]float64, ds.Len())
		for i := range y {
			y[i] = t.label(ds.Label(i))
		}
		return ds.WithLabels(y)
	}
	return nil, fmt.Errorf("frames: Transform.Apply: %T is neither a dense nor a sparse table: %w", tab, lao.ErrShape)
}

// stored returns t as a dense or sparse table: t itself, or a copy of
// the rows of a view (lao.View), which the readers here do not take apart.
func stored(t lao.Table) lao.Table {
	switch t.(type) {
	case *lao.Dataset, *lao.SparseDataset, nil:
		return t
	}
	return lao.Subset(t, rangeOf(0, t.Len()))
}

// datasetColumns returns the columns of a dense table (one copy).
func datasetColumns(ds *lao.Dataset) [][]float64 {
	cols := make([][]float64, ds.Dim())
	for j := range cols {
		cols[j] = make([]float64, ds.Len())
	}
	for i := range ds.Len() {
		for j, v := range ds.Row(i) {
			cols[j][i] = v
		}
	}
	return cols
}
