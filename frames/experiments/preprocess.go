package experiments

import (
	"fmt"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Preprocess is how each split's examples are prepared for an entry's
// solver: the options of the one prepare path (frames.PrepareParts, fitted
// on the split's training part), which `lao fit` and the notebooks take
// too. The papers do not say how MNIST was preprocessed; the zero value
// uses the examples as they are, no intercept.
type Preprocess struct {
	// Center subtracts each attribute's mean over the split's training
	// part from the attribute, in the training and the test part, and
	// fits a free intercept (labels centred on the training mean ȳ,
	// predictions w·x + ȳ). The solver learns with the same budget:
	// x_i − μ_i is known once x_i is observed; μ is prior knowledge, like
	// DDAERR's moments.
	Center bool
	// Intercept fits a free intercept alone: labels centred on the
	// training mean, the attributes as they are.
	Intercept bool
	// Scale, if not empty, prepares each split for each entry's solver as
	// `lao fit --scale` does (frames.ScaleOptions): "auto" is the scaling
	// policy of frames.OptionsFor, a scaling name that scaling; the
	// attributes and labels are centred and the labels scaled to |y| ≤ 1.
	Scale string
}

// On reports whether any transformation is selected.
func (p Preprocess) On() bool { return p.Center || p.Intercept || p.Scale != "" }

// String names the transformation for reports.
func (p Preprocess) String() string {
	switch {
	case p.Scale != "":
		return "scaling " + p.Scale + " (as lao fit --scale), intercept"
	case p.Center:
		return "centred attributes, intercept"
	case p.Intercept:
		return "intercept"
	}
	return "none"
}

// Options returns the frames options that prepare a split for solver s.
func (p Preprocess) Options(s lao.Solver) (frames.Options, error) {
	if p.Scale != "" {
		return frames.ScaleOptions(s, p.Scale)
	}
	return frames.Options{Center: p.Center, Intercept: p.Intercept}, nil
}

// splitPrep prepares one split for every entry's solver, once per distinct
// options (entries whose solvers get the same options share the result).
type splitPrep struct {
	train, test *lao.Dataset
	pre         Preprocess
	cache       map[string]*frames.Prepared
	share       *frames.CVShare // the entries' cross-validations on this split
}

func (sp *splitPrep) forSolver(s lao.Solver) (*frames.Prepared, error) {
	opt, err := sp.pre.Options(s)
	if err != nil {
		return nil, err
	}
	key := fmt.Sprintf("%+v", opt)
	if p, ok := sp.cache[key]; ok {
		return p, nil
	}
	p, err := frames.PrepareParts(sp.train, sp.test, opt)
	if err != nil {
		return nil, err
	}
	sp.cache[key] = p
	return p, nil
}
