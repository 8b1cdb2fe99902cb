package frames

import (
	"fmt"
	"math"
	"slices"

	"github.com/laoproject/lao/lao"
)

// Scaling selects how feature columns are rescaled to meet a theorem's
// assumption on the examples. Every scaling is a fixed per-column affine map
// x'_j = (x_j − c_j)/s_j, fitted on the training frame and applied
// identically to new frames, so coefficients map back exactly. Per-row
// normalisation (x/||x||) is deliberately not offered: it is not a fixed
// linear map, and a model fitted on normalised rows cannot be written as
// coefficients on the original columns.
type Scaling int

const (
	// NoScaling leaves the feature values unchanged (s_j = 1).
	NoScaling Scaling = iota
	// ScaleL2 divides every column by one common factor s, the largest
	// Euclidean norm of a (centred) training row, so that ||x||_2 ≤ 1: the
	// assumption of ridge-type bounds (Hazan & Koren 2012 Thm 3.1). Relative column
	// scales are kept.
	ScaleL2
	// ScaleLinf divides each column j by its own s_j = max_i |x_ij − c_j|,
	// so that every value lies in [−1, 1] and ||x||_∞ ≤ 1: the assumption
	// of lasso-type bounds (Hazan & Koren 2012 Thm 3.4, Cesa-Bianchi et al. 2010 Thms 1-2).
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
)

// String returns the constant's name.
func (s Scaling) String() string {
	switch s {
	case NoScaling:
		return "NoScaling"
	case ScaleL2:
		return "ScaleL2"
	case ScaleLinf:
		return "ScaleLinf"
	case StandardL2:
		return "StandardL2"
	case StandardLinf:
		return "StandardLinf"
	}
	return fmt.Sprintf("Scaling(%d)", int(s))
}

// MarshalText writes the constant's name (String).
func (s Scaling) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a name written by MarshalText.
func (s *Scaling) UnmarshalText(b []byte) error {
	for _, c := range []Scaling{NoScaling, ScaleL2, ScaleLinf, StandardL2, StandardLinf} {
		if string(b) == c.String() {
			*s = c
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
type Transform struct {
	Center     bool      `json:"center"`      // features and label were centred on their training means
	Scaling    Scaling   `json:"scaling"`     // the feature scaling that was applied
	LabelBound float64   `json:"label_bound"` // B if labels were scaled so that max|y'| = B, else 0
	Offset     []float64 `json:"offset"`      // c_j: the training mean of feature j if Center, else 0
	Scale      []float64 `json:"scale"`       // s_j > 0: 1 under NoScaling
	YOffset    float64   `json:"y_offset"`    // the training mean of y if Center, else 0
	YScale     float64   `json:"y_scale"`     // > 0: max|y − YOffset|/LabelBound, or 1
	// Fill, if not nil, holds the value that replaces a missing (NaN) cell
	// of feature j: its training mean, in original units (Options.FillMissing).
	Fill []float64 `json:"fill,omitempty"`
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

// dataset builds the transformed row-major examples from feature columns,
// filling missing cells with Fill. A transformed value that is not finite
// is an error naming the column and the row (0-based).
func (t *Transform) dataset(cols [][]float64, y []float64, names []string) (*lao.Dataset, error) {
	m, d := len(y), len(cols)
	x := make([]float64, m*d)
	for j, col := range cols {
		c, s := t.Offset[j], t.Scale[j]
		for i, v := range col {
			if math.IsNaN(v) && t.Fill != nil {
				v = t.Fill[j]
			}
			z := (v - c) / s
			if math.IsInf(z, 0) {
				z = v/s - c/s // v − c overflowed: values near ±MaxFloat64 of both signs
			}
			if math.IsNaN(z) || math.IsInf(z, 0) {
				return nil, fmt.Errorf("feature column %q, row %d: value %g becomes %g after centring and scaling: %w", names[j], i, v, z, lao.ErrNotFinite)
			}
			x[i*d+j] = z
		}
	}
	ys := make([]float64, m)
	for i, v := range y {
		ys[i] = (v - t.YOffset) / t.YScale
		if math.IsInf(ys[i], 0) {
			ys[i] = v/t.YScale - t.YOffset/t.YScale
		}
		if math.IsNaN(ys[i]) || math.IsInf(ys[i], 0) {
			return nil, fmt.Errorf("label of row %d: value %g becomes %g after centring and scaling: %w", i, v, ys[i], lao.ErrNotFinite)
		}
	}
	return lao.NewDataset(x, ys, d, append([]string(nil), names...))
}

// colStats is the spread of one column's present (non-NaN) values.
type colStats struct {
	mean, sd, lo, hi float64
	n                int // present values
}

// stats returns the mean, population standard deviation (1/n) and range of
// the non-NaN values of v, computed on v/max|v| so that values near
// ±MaxFloat64 do not overflow.
func stats(v []float64) colStats {
	s := colStats{lo: math.Inf(1), hi: math.Inf(-1)}
	var a float64
	for _, x := range v {
		if !math.IsNaN(x) {
			a = max(a, math.Abs(x))
			s.lo, s.hi = min(s.lo, x), max(s.hi, x)
			s.n++
		}
	}
	if s.n == 0 || a == 0 {
		return s
	}
	var mu float64
	for _, x := range v {
		if !math.IsNaN(x) {
			mu += x / a
		}
	}
	mu /= float64(s.n)
	var ss float64
	for _, x := range v {
		if !math.IsNaN(x) {
			r := x/a - mu
			ss += r * r
		}
	}
	s.mean, s.sd = mu*a, math.Sqrt(ss/float64(s.n))*a
	return s
}

// fitTransform fits the centring and scaling on the training columns and
// returns it with the indices of the columns kept and the unused ones.
// Missing (NaN) feature cells are filled with the column's mean when
// opt.FillMissing is set (cols is modified).
func fitTransform(cols [][]float64, y []float64, names []string, target string, opt Options) (t Transform, keep []int, unused []Unused, err error) {
	t = Transform{Center: opt.Center, Scaling: opt.Scaling, LabelBound: opt.LabelBound, YScale: 1}
	standard := opt.Scaling == StandardL2 || opt.Scaling == StandardLinf
	var sds []float64
	for j, col := range cols {
		st := stats(col)
		if opt.FillMissing && st.n < len(col) {
			for i, v := range col {
				if math.IsNaN(v) {
					col[i] = st.mean
				}
			}
		}
		constant := st.lo == st.hi || (standard && st.sd == 0)
		if constant && (opt.Center || (opt.Scaling == ScaleLinf && st.lo == 0)) {
			if !opt.DropConstant {
				return t, nil, nil, constantError(names[j], st.lo, opt.Center)
			}
			unused = append(unused, Unused{names[j], fmt.Sprintf("constant: every value is %g", st.lo)})
			continue
		}
		if math.IsInf(st.sd, 0) || math.IsInf(st.mean, 0) {
			return t, nil, nil, fmt.Errorf("frames: feature column %q: values up to %g are too large to centre and scale: %w", names[j], max(-st.lo, st.hi), lao.ErrNotFinite)
		}
		keep = append(keep, j)
		sds = append(sds, st.sd)
		if opt.Center {
			t.Offset = append(t.Offset, st.mean)
		} else {
			t.Offset = append(t.Offset, 0)
		}
		if opt.FillMissing {
			t.Fill = append(t.Fill, st.mean)
		}
	}
	if len(keep) == 0 {
		return t, nil, nil, fmt.Errorf("frames: every feature column was dropped as constant (%v): %w", unusedNames(unused), lao.ErrEmpty)
	}
	if t.Scale, err = fitScale(cols, keep, t.Offset, sds, names, opt.Scaling); err != nil {
		return t, nil, nil, err
	}
	if t.YOffset, t.YScale, err = fitLabel(y, target, opt); err != nil {
		return t, nil, nil, err
	}
	return t, keep, unused, nil
}

func unusedNames(u []Unused) []string {
	out := make([]string, len(u))
	for i, c := range u {
		out[i] = c.Column
	}
	return out
}

func constantError(name string, v float64, center bool) error {
	why := "ScaleLinf would divide it by max|x| = 0"
	if center {
		why = "centring makes it identically zero (the intercept absorbs it)"
	}
	return fmt.Errorf("frames: feature column %q is constant (every value is %g) and %s; remove it or set Options.DropConstant: %w",
		name, v, why, ErrConstantColumn)
}

// fitScale returns s_j for the kept columns (sds: their standard deviations).
func fitScale(cols [][]float64, keep []int, offset, sds []float64, names []string, sc Scaling) ([]float64, error) {
	scale := make([]float64, len(keep))
	switch sc {
	case NoScaling:
		for jj := range scale {
			scale[jj] = 1
		}
		return scale, nil
	case ScaleLinf:
		for jj, j := range keep {
			for _, v := range cols[j] {
				scale[jj] = max(scale[jj], math.Abs(v-offset[jj]))
			}
		}
		return scale, nil
	case StandardL2, StandardLinf:
		copy(scale, sds) // the rows are standardised, then share one factor
	default: // ScaleL2
		for jj := range scale {
			scale[jj] = 1
		}
	}
	r := commonFactor(cols, keep, offset, scale, sc == StandardLinf)
	if r == 0 || math.IsNaN(r) || math.IsInf(r, 0) {
		kept := make([]string, len(keep))
		for jj, j := range keep {
			kept[jj] = names[j]
		}
		return nil, fmt.Errorf("frames: the feature columns (%v) are all zero or too large for %v (common factor %g): %w", kept, sc, r, ErrConstantColumn)
	}
	for jj := range scale {
		scale[jj] *= r
	}
	return scale, nil
}

// commonFactor returns the largest l2 norm (linf: largest |value|) of a
// row of z_ij = (x_ij − c_j)/s_j, computed without overflow.
func commonFactor(cols [][]float64, keep []int, offset, scale []float64, linf bool) float64 {
	m := len(cols[keep[0]])
	z := func(jj, i int) float64 {
		v := cols[keep[jj]][i]
		r := (v - offset[jj]) / scale[jj]
		if math.IsInf(r, 0) {
			r = v/scale[jj] - offset[jj]/scale[jj]
		}
		return r
	}
	var a float64 // largest |z|
	for jj := range keep {
		for i := range m {
			a = max(a, math.Abs(z(jj, i)))
		}
	}
	if linf || a == 0 || math.IsInf(a, 0) {
		return a
	}
	norm2 := make([]float64, m)
	for jj := range keep {
		for i := range m {
			r := z(jj, i) / a
			norm2[i] += r * r
		}
	}
	return math.Sqrt(slices.Max(norm2)) * a
}

// fitLabel returns the label offset and scale.
func fitLabel(y []float64, target string, opt Options) (offset, scale float64, err error) {
	st := stats(y)
	if opt.Center {
		offset = st.mean
	}
	if opt.LabelBound == 0 {
		return offset, 1, nil
	}
	if st.lo == st.hi && (opt.Center || st.lo == 0) {
		return 0, 0, fmt.Errorf("frames: target column %q is constant (every value is %g), labels cannot be scaled to |y| ≤ B = %g: %w",
			target, st.lo, opt.LabelBound, ErrConstantColumn)
	}
	dev := max(math.Abs(st.hi-offset), math.Abs(st.lo-offset))
	if math.IsInf(dev, 0) {
		dev = max(math.Abs(st.hi/2-offset/2), math.Abs(st.lo/2-offset/2)) * 2
	}
	scale = dev / opt.LabelBound
	if math.IsInf(scale, 0) || scale == 0 {
		return 0, 0, fmt.Errorf("frames: target column %q: values up to %g cannot be scaled to |y| ≤ B = %g: %w", target, max(-st.lo, st.hi), opt.LabelBound, lao.ErrNotFinite)
	}
	return offset, scale, nil
}
