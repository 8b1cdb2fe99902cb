package experiments

import (
	"github.com/laoproject/lao/lao"
)

// Preprocess is how each split's examples are transformed before the
// solvers see them. The papers do not say how MNIST was preprocessed; the
// default (zero value) uses the pixels as they are, no intercept.
type Preprocess struct {
	// Center subtracts each attribute's mean over the split's training
	// part from the attribute, in the training and the test part (the
	// solver learns the same budget of attributes: x_i − μ_i is known once
	// x_i is observed; μ is prior knowledge, like DDAERR's moments).
	Center bool
	// Intercept fits a free intercept: labels are centred on the training
	// mean ȳ, and predictions are w·x + ȳ.
	Intercept bool
}

// On reports whether any transformation is selected.
func (p Preprocess) On() bool { return p.Center || p.Intercept }

// String names the transformation for reports.
func (p Preprocess) String() string {
	switch {
	case p.Center && p.Intercept:
		return "centred attributes, intercept"
	case p.Center:
		return "centred attributes"
	case p.Intercept:
		return "intercept"
	}
	return "none"
}

// apply returns the transformed training and test parts and the label
// offset ȳ (0 without an intercept).
func (p Preprocess) apply(train, test *lao.Dataset) (tr, te *lao.Dataset, offset float64, err error) {
	if !p.On() {
		return train, test, 0, nil
	}
	d := train.Dim()
	mu := make([]float64, d)
	if p.Center {
		for i := range train.Len() {
			for j, v := range train.Row(i) {
				mu[j] += v
			}
		}
		for j := range mu {
			mu[j] /= float64(train.Len())
		}
	}
	if p.Intercept {
		for _, y := range train.Labels() {
			offset += y
		}
		offset /= float64(train.Len())
	}
	shift := func(ds *lao.Dataset) (*lao.Dataset, error) {
		x := make([]float64, 0, ds.Len()*d)
		y := make([]float64, ds.Len())
		for i := range ds.Len() {
			for j, v := range ds.Row(i) {
				x = append(x, v-mu[j])
			}
			y[i] = ds.Label(i) - offset
		}
		return lao.NewDataset(x, y, d, ds.Names())
	}
	if tr, err = shift(train); err != nil {
		return nil, nil, 0, err
	}
	te, err = shift(test)
	return tr, te, offset, err
}

// classError is the fraction of test examples with sign(w·x + offset) ≠
// sign(y + offset): the classification error of the model with intercept
// offset on labels that were centred by it (a zero prediction counts as an
// error, as in lao.ClassificationError).
func classError(w []float64, test lao.Table, offset float64) float64 {
	if offset == 0 {
		return lao.ClassificationError(w, test)
	}
	wrong := 0
	for i := range test.Len() {
		p := test.Dot(w, i) + offset
		if p == 0 || (p > 0) != (test.Label(i)+offset > 0) {
			wrong++
		}
	}
	return float64(wrong) / float64(test.Len())
}
