package frames

import (
	"fmt"
	"math"

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
	}
	return fmt.Sprintf("Scaling(%d)", int(s))
}

// Transform is the record of the affine maps applied to the examples:
// x'_j = (x_j − Offset[j]) / Scale[j] for each feature and
// y' = (y − YOffset) / YScale for the label. A linear model w' fitted on
// (x', y') predicts, in original units,
//
//	ŷ = YScale·(w'·x') + YOffset = Σ_j w_j x_j + b,
//	w_j = YScale·w'_j/Scale[j],  b = YOffset − Σ_j w_j·Offset[j].
type Transform struct {
	Center     bool      // features and label were centred on their training means
	Scaling    Scaling   // the feature scaling that was applied
	LabelBound float64   // B if labels were scaled so that max|y'| = B, else 0
	Offset     []float64 // c_j: the training mean of feature j if Center, else 0
	Scale      []float64 // s_j > 0: 1 under NoScaling
	YOffset    float64   // the training mean of y if Center, else 0
	YScale     float64   // > 0: max|y − YOffset|/LabelBound, or 1
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

// dataset builds the transformed row-major examples from feature columns.
func (t *Transform) dataset(cols [][]float64, y []float64, names []string) (*lao.Dataset, error) {
	m, d := len(y), len(cols)
	x := make([]float64, m*d)
	for j, col := range cols {
		c, s := t.Offset[j], t.Scale[j]
		for i, v := range col {
			x[i*d+j] = (v - c) / s
		}
	}
	ys := make([]float64, m)
	for i, v := range y {
		ys[i] = (v - t.YOffset) / t.YScale
	}
	return lao.NewDataset(x, ys, d, append([]string(nil), names...))
}

// colStats is the spread of one column.
type colStats struct{ mean, lo, hi float64 }

func stats(v []float64) colStats {
	s := colStats{lo: math.Inf(1), hi: math.Inf(-1)}
	for _, x := range v {
		s.mean += x
		s.lo, s.hi = min(s.lo, x), max(s.hi, x)
	}
	s.mean /= float64(len(v))
	return s
}

// fitTransform fits the centring and scaling on the training columns and
// returns it with the indices of the columns kept.
func fitTransform(cols [][]float64, y []float64, names []string, target string, opt Options) (t Transform, keep []int, dropped []string, err error) {
	t = Transform{Center: opt.Center, Scaling: opt.Scaling, LabelBound: opt.LabelBound, YScale: 1}
	for j, col := range cols {
		st := stats(col)
		constant := st.lo == st.hi
		if constant && (opt.Center || (opt.Scaling == ScaleLinf && st.lo == 0)) {
			if !opt.DropConstant {
				return t, nil, nil, constantError(names[j], st.lo, opt.Center)
			}
			dropped = append(dropped, names[j])
			continue
		}
		keep = append(keep, j)
		if opt.Center {
			t.Offset = append(t.Offset, st.mean)
		} else {
			t.Offset = append(t.Offset, 0)
		}
	}
	if len(keep) == 0 {
		return t, nil, nil, fmt.Errorf("frames: every feature column was dropped as constant (%v): %w", dropped, lao.ErrEmpty)
	}
	if t.Scale, err = fitScale(cols, keep, t.Offset, names, opt.Scaling); err != nil {
		return t, nil, nil, err
	}
	if t.YOffset, t.YScale, err = fitLabel(y, target, opt); err != nil {
		return t, nil, nil, err
	}
	return t, keep, dropped, nil
}

func constantError(name string, v float64, center bool) error {
	why := "ScaleLinf would divide it by max|x| = 0"
	if center {
		why = "centring makes it identically zero (the intercept absorbs it)"
	}
	return fmt.Errorf("frames: feature column %q is constant (every value is %g) and %s; remove it or set Options.DropConstant: %w",
		name, v, why, ErrConstantColumn)
}

// fitScale returns s_j for the kept columns.
func fitScale(cols [][]float64, keep []int, offset []float64, names []string, sc Scaling) ([]float64, error) {
	scale := make([]float64, len(keep))
	switch sc {
	case NoScaling:
		for jj := range scale {
			scale[jj] = 1
		}
	case ScaleLinf:
		for jj, j := range keep {
			for _, v := range cols[j] {
				scale[jj] = max(scale[jj], math.Abs(v-offset[jj]))
			}
		}
	case ScaleL2:
		norm2 := make([]float64, len(cols[keep[0]]))
		for jj, j := range keep {
			for i, v := range cols[j] {
				r := v - offset[jj]
				norm2[i] += r * r
			}
		}
		var s float64
		for _, v := range norm2 {
			s = max(s, v)
		}
		s = math.Sqrt(s)
		if s == 0 {
			kept := make([]string, len(keep))
			for jj, j := range keep {
				kept[jj] = names[j]
			}
			return nil, fmt.Errorf("frames: every feature column (%v) is zero, ScaleL2 would divide by 0: %w", kept, ErrConstantColumn)
		}
		for jj := range scale {
			scale[jj] = s
		}
	}
	return scale, nil
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
	var dev float64
	for _, v := range y {
		dev = max(dev, math.Abs(v-offset))
	}
	return offset, dev / opt.LabelBound, nil
}
