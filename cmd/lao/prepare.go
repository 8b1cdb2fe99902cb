package main

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// dataSource is a loaded --data: a CSV table, a named data set or a
// libsvm/svmlight file.
type dataSource struct {
	name   string
	target string
	tab    *frames.Table // CSV
	ds     lao.Table     // named data set (dense) or svmlight file (sparse)
	sparse bool
}

// loadData reads --data once (a CSV file, a named data set or a
// libsvm/svmlight file).
func loadData(t *tableFlags, cmd string) (*dataSource, error) {
	if isNamed(t.data) {
		ds, err := datasets.Open(t.data)
		if err != nil {
			return nil, err
		}
		return &dataSource{name: t.data, ds: ds}, nil
	}
	if datasets.IsSVMLightPath(t.data) {
		ds, err := t.readSVMLight(cmd)
		if err != nil {
			return nil, err
		}
		return &dataSource{name: t.data, ds: ds, sparse: true}, nil
	}
	if t.target == "" {
		return nil, fmt.Errorf("%s: --target is required for a CSV file", cmd)
	}
	tab, err := t.readTable(cmd)
	if err != nil {
		return nil, err
	}
	return &dataSource{name: t.data, target: t.target, tab: tab}, nil
}

// prepared is a train/test split in the solver's units plus the map back.
type prepared struct {
	train, test lao.Table
	data        *frames.Data // the CSV's training frame (nil for a named data set)
	testY       []float64    // test labels in the data's own units
	binary      bool         // every label is ±1
	toLabel     func(p float64) float64
	scaling     string
	unused      []frames.Unused
	missing     *missingReport
	intercept   *float64 // a sparse file's label offset (the training mean), nil otherwise
}

// scaleOptions maps --scale to frames.Options for a solver.
func scaleOptions(scale string, about lao.About) (frames.Options, string, error) {
	opt := frames.Options{Center: true, LabelBound: 1, DropConstant: true}
	if scale == "auto" {
		scale = "std-l2"
		if about.Ball == "l1" || about.Ball == "l0" { // l0: Murata & Suzuki's ||x||∞ ≤ R∞
			scale = "std-linf"
		}
	}
	switch scale {
	case "std-l2":
		opt.Scaling = frames.StandardL2
	case "std-linf":
		opt.Scaling = frames.StandardLinf
	case "l2":
		opt.Scaling = frames.ScaleL2
	case "linf":
		opt.Scaling = frames.ScaleLinf
	case "none":
		opt.LabelBound = 0
	default:
		return opt, "", fmt.Errorf("--scale %q must be auto, std-l2, std-linf, l2, linf or none", scale)
	}
	return opt, scale, nil
}

// split draws the seeded train/test split and converts it for a solver
// described by about: a CSV's columns are scaled on the training part
// only (--scale), a named data set is used as it is.
func (src *dataSource) split(testFrac float64, seed uint64, scale string, about lao.About) (*prepared, error) {
	if src.ds != nil {
		scaling := "none (the data set's own)"
		if src.sparse {
			if scale != "auto" && scale != "none" {
				return nil, fmt.Errorf("--scale %s: a libsvm/svmlight file is used as it is (sparse rows; scale it beforehand)", scale)
			}
			scaling = "none (sparse rows)"
		}
		train, test, err := frames.SplitTable(src.ds, testFrac, seed)
		if err != nil {
			return nil, err
		}
		p := &prepared{train: train, test: test, testY: labels(test), binary: binaryLabels(labels(src.ds)),
			toLabel: func(p float64) float64 { return p }, scaling: scaling, unused: []frames.Unused{}}
		if src.sparse && !p.binary {
			return p.centreLabels()
		}
		return p, nil
	}
	opt, name, err := scaleOptions(scale, about)
	if err != nil {
		return nil, err
	}
	opt.FillMissing = src.tab.Missing == frames.MissingMean
	trainDF, testDF, err := frames.SplitFrame(src.tab.DataFrame, testFrac, seed)
	if err != nil {
		return nil, err
	}
	data, err := frames.FromDataFrame(trainDF, src.target, opt)
	if err != nil {
		return nil, err
	}
	test, err := data.Apply(testDF)
	if err != nil {
		return nil, err
	}
	testY := testDF.Col(src.target).Float()
	allY := src.tab.Col(src.target).Float()
	used := map[string]bool{}
	for _, n := range data.Names() {
		used[n] = true
	}
	mr := newMissingReport(src.tab, used)
	tr := data.Transform
	return &prepared{train: data.Dataset, test: test, data: data, testY: testY, binary: binaryLabels(allY),
		toLabel: tr.UnscaleLabel, scaling: name, unused: unusedColumns(src.tab, data), missing: &mr}, nil
}

// labels returns the labels of a table.
func labels(t lao.Table) []float64 {
	y := make([]float64, t.Len())
	for i := range y {
		y[i] = t.Label(i)
	}
	return y
}

// centreLabels centres a sparse file's labels on their training mean (the
// model's intercept): the rows stay as they are (centring them would make
// them dense), and the zero predictor becomes the training mean, as for a
// CSV file. ±1 labels are left alone.
func (p *prepared) centreLabels() (*prepared, error) {
	tr, te := p.train.(*lao.SparseDataset), p.test.(*lao.SparseDataset)
	ytr, yte := labels(tr), labels(te)
	var mean float64
	for _, v := range ytr {
		mean += v / float64(len(ytr))
	}
	shift := func(y []float64) []float64 {
		out := make([]float64, len(y))
		for i, v := range y {
			out[i] = v - mean
		}
		return out
	}
	var err error
	if p.train, err = tr.WithLabels(shift(ytr)); err != nil {
		return nil, err
	}
	if p.test, err = te.WithLabels(shift(yte)); err != nil {
		return nil, err
	}
	p.toLabel = func(v float64) float64 { return v + mean }
	p.intercept = &mean
	p.scaling += "; labels centred on the training mean (the intercept)"
	return p, nil
}

// model maps weights to a model in the data's own units.
func (p *prepared) model(w []float64) (*frames.Model, error) {
	if p.data != nil {
		return p.data.Model(w)
	}
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("weight of %q is %g: %w", p.train.Names()[j], v, lao.ErrNotFinite)
		}
	}
	m := &frames.Model{Features: append([]string(nil), p.train.Names()...), Coef: append([]float64(nil), w...), Binary: p.binary}
	if p.intercept != nil {
		m.HasIntercept, m.Intercept = true, *p.intercept
	}
	return m, nil
}
