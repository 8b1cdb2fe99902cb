package main

import (
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

type fitFlags struct {
	data, target, solver string
	params               paramFlags // --k, --B, --eta, --lambda and every --param name=value
	seed                 uint64
	testFrac             float64
	cv                   int
	cvTable              string
	asJSON               bool
	scale                string
}

// fitReport is the JSON form of `lao fit --json`.
type fitReport struct {
	Solver     string             `json:"solver"`
	Data       string             `json:"data"`
	D          int                `json:"d"`
	K          int                `json:"k"`
	MTrain     int                `json:"m_train"`
	MTest      int                `json:"m_test"`
	Seed       uint64             `json:"seed"`
	Params     map[string]float64 `json:"params"`
	Tuned      bool               `json:"tuned_by_cv"`
	CVFolds    int                `json:"cv_folds,omitempty"`
	CVEdges    []string           `json:"cv_edges,omitempty"`
	Scaling    string             `json:"scaling"`
	Intercept  float64            `json:"intercept"`
	Weights    map[string]float64 `json:"weights"`
	TestMSE    float64            `json:"test_mse"`
	ZeroMSE    float64            `json:"zero_predictor_mse"`
	Attributes int64              `json:"attributes_observed"`
	MeanPer    float64            `json:"mean_attributes_per_example"`
	MaxPer     int                `json:"max_attributes_per_example"`
	Budget     string             `json:"budget"`
	Seconds    float64            `json:"seconds"`
	order      []string
}

func parseFitFlags(args []string) (*fitFlags, error) {
	f := &fitFlags{}
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	fs.StringVar(&f.data, "data", "", "CSV file (.csv or .csv.gz) or a named data set: mnist:3v5, covertype:1, ctslice")
	fs.StringVar(&f.target, "target", "", "label column of a CSV file (named data sets have their own)")
	fs.StringVar(&f.solver, "solver", "aerr", "solver name (see `lao solvers`)")
	f.params.define(fs)
	fs.Uint64Var(&f.seed, "seed", 1, "seed of the split, the folds and the solver (independent streams derived from it)")
	fs.Float64Var(&f.testFrac, "test-frac", 0.1, "fraction of rows held out for testing")
	fs.IntVar(&f.cv, "cv", 0, "tune B, eta or lambda by this many folds of cross-validation on the training part (0: theorem defaults)")
	fs.StringVar(&f.cvTable, "cv-table", "", "with --cv: write the validation error of every grid point to this CSV file")
	fs.BoolVar(&f.asJSON, "json", false, "print one JSON object")
	fs.StringVar(&f.scale, "scale", "auto", "CSV feature scaling: auto (the solver's theorem: l2 or linf), l2, linf, none")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	switch {
	case f.data == "":
		return nil, errors.New("fit: --data is required")
	case f.testFrac <= 0 || f.testFrac >= 1:
		return nil, fmt.Errorf("fit: --test-frac %g must be in (0, 1)", f.testFrac)
	case f.cvTable != "" && f.cv == 0:
		return nil, errors.New("fit: --cv-table needs --cv N (N ≥ 2)")
	case f.cv == 1 || f.cv < 0:
		return nil, fmt.Errorf("fit: --cv %d must be 0 (off) or at least 2", f.cv)
	}
	return f, nil
}

// prepared is a train/test split in the solver's units plus the map back.
type prepared struct {
	train, test lao.Table
	model       func(w []float64) (names []string, coef []float64, intercept float64, err error)
	scaling     string
	yscale      float64 // labels in solver units = (y − offset)/yscale
}

func runFit(args []string, stdout io.Writer) error {
	f, err := parseFitFlags(args)
	if err != nil {
		return err
	}
	s, err := lao.New(f.solver)
	if err != nil {
		return err
	}
	if err := f.params.apply(s); err != nil {
		return err
	}
	about := lao.Describe(s)
	var p *prepared
	switch {
	case isNamed(f.data):
		p, err = prepareNamed(f)
	case datasets.IsSVMLightPath(f.data):
		p, err = prepareSVMLight(f)
	default:
		p, err = prepareCSV(f, about)
	}
	if err != nil {
		return err
	}
	s = frames.WithPriors(s, p.train)
	rep := &fitReport{Solver: s.Name(), Data: f.data, D: p.train.Dim(), MTrain: p.train.Len(),
		MTest: p.test.Len(), Seed: f.seed, Scaling: p.scaling}
	if k, err := lao.FindParam(s, "k"); err == nil {
		rep.K = int(k.Get())
	}
	if about.Full {
		rep.K = p.train.Dim()
	}
	start := time.Now()
	if f.cv > 0 {
		var cv *frames.CVResult
		if s, cv, err = frames.TuneSolver(s, p.train, f.cv, f.seed); err != nil {
			return err
		}
		rep.Tuned, rep.CVFolds, rep.CVEdges = true, f.cv, cv.Edges()
		if f.cvTable != "" {
			if err := writeFile(f.cvTable, cv.WriteCSV); err != nil {
				return err
			}
		}
	}
	res, err := lao.Fit(s, p.train.Stream(), lao.Options{Seed: f.seed})
	if err != nil {
		return err
	}
	rep.Params = res.Params
	names, coef, intercept, err := p.model(res.W)
	if err != nil {
		return err
	}
	rep.Intercept, rep.order = intercept, names
	rep.Weights = map[string]float64{}
	for j, n := range names {
		rep.Weights[n] = coef[j]
	}
	rep.TestMSE = lao.MSE(res.W, p.test)
	rep.ZeroMSE = lao.MSE(make([]float64, p.test.Dim()), p.test)
	// Report errors in the data's own units (labels may have been scaled to |y| ≤ 1).
	rep.TestMSE, rep.ZeroMSE = rep.TestMSE*p.yscale*p.yscale, rep.ZeroMSE*p.yscale*p.yscale
	rep.Attributes, rep.MeanPer, rep.MaxPer = res.Attributes, res.MeanPerExample(), res.MaxPerExample
	rep.Budget, rep.Seconds = res.Budget.Rule, time.Since(start).Seconds()
	if f.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	return printFit(stdout, rep)
}

func isNamed(data string) bool {
	return strings.HasPrefix(data, "mnist:") || strings.HasPrefix(data, "covertype:") || data == "ctslice"
}

// prepareSVMLight reads a libsvm/svmlight file into sparse rows, as they
// are: no centring or scaling (either would make the rows dense).
func prepareSVMLight(f *fitFlags) (*prepared, error) {
	if f.scale != "auto" && f.scale != "none" {
		return nil, fmt.Errorf("fit: --scale %s: a libsvm/svmlight file is used as it is (sparse rows; scale it beforehand)", f.scale)
	}
	ds, err := datasets.OpenSVMLight(f.data, datasets.SVMLightOptions{})
	if err != nil {
		return nil, err
	}
	train, test, err := frames.SplitTable(ds, f.testFrac, f.seed)
	if err != nil {
		return nil, err
	}
	model := func(w []float64) ([]string, []float64, float64, error) { return ds.Names(), w, 0, nil }
	return &prepared{train: train, test: test, model: model, scaling: "none (sparse rows)", yscale: 1}, nil
}

func prepareNamed(f *fitFlags) (*prepared, error) {
	ds, err := datasets.Open(f.data)
	if err != nil {
		return nil, err
	}
	train, test, err := frames.SplitDataset(ds, f.testFrac, f.seed)
	if err != nil {
		return nil, err
	}
	model := func(w []float64) ([]string, []float64, float64, error) { return ds.Names(), w, 0, nil }
	return &prepared{train: train, test: test, model: model, scaling: "none", yscale: 1}, nil
}

func prepareCSV(f *fitFlags, about lao.About) (*prepared, error) {
	if f.target == "" {
		return nil, errors.New("fit: --target is required for a CSV file")
	}
	df, err := readCSV(f.data)
	if err != nil {
		return nil, err
	}
	trainDF, testDF, err := frames.SplitFrame(df, f.testFrac, f.seed)
	if err != nil {
		return nil, err
	}
	opt := frames.Options{Center: true, LabelBound: 1, DropConstant: true}
	scale := f.scale
	if scale == "auto" {
		scale = map[string]string{"l1": "linf", "l2": "l2"}[about.Ball]
	}
	switch scale {
	case "l2":
		opt.Scaling = frames.ScaleL2
	case "linf":
		opt.Scaling = frames.ScaleLinf
	case "none":
		opt.LabelBound = 0
	default:
		return nil, fmt.Errorf("fit: --scale %q must be auto, l2, linf or none", f.scale)
	}
	data, err := frames.FromDataFrame(trainDF, f.target, opt)
	if err != nil {
		return nil, err
	}
	test, err := data.Apply(testDF)
	if err != nil {
		return nil, err
	}
	model := func(w []float64) ([]string, []float64, float64, error) {
		m, err := data.Model(w)
		if err != nil {
			return nil, nil, 0, err
		}
		return m.Features, m.Coef, m.Intercept, nil
	}
	return &prepared{train: data.Dataset, test: test, model: model, scaling: scale, yscale: data.Transform.YScale}, nil
}

func readCSV(path string) (dataframe.DataFrame, error) {
	fh, err := os.Open(path)
	if err != nil {
		return dataframe.DataFrame{}, fmt.Errorf("fit: %w", err)
	}
	defer fh.Close()
	var r io.Reader = fh
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(fh)
		if err != nil {
			return dataframe.DataFrame{}, fmt.Errorf("fit: %s: %w", path, err)
		}
		defer gz.Close()
		r = gz
	}
	df := dataframe.ReadCSV(r)
	if df.Err != nil {
		return df, fmt.Errorf("fit: reading %s: %w", path, df.Err)
	}
	return df, nil
}

func printFit(w io.Writer, r *fitReport) error {
	fmt.Fprintf(w, "solver %s on %s: d = %d, k = %d, %d training / %d test examples, seed %d, scaling %s\n",
		r.Solver, r.Data, r.D, r.K, r.MTrain, r.MTest, r.Seed, r.Scaling)
	if r.Tuned {
		fmt.Fprintf(w, "parameters chosen by %d-fold CV: %v\n", r.CVFolds, r.Params)
		for _, e := range r.CVEdges {
			fmt.Fprintf(w, "warning: %s: on the edge of the CV grid, the optimum may lie outside it\n", e)
		}
	} else {
		fmt.Fprintf(w, "parameters (theorem defaults unless set): %v\n", r.Params)
	}
	fmt.Fprintf(w, "attributes observed %d (mean %.2f, max %d per example; budget %s), %.2fs\n",
		r.Attributes, r.MeanPer, r.MaxPer, r.Budget, r.Seconds)
	fmt.Fprintf(w, "test MSE %.6g (zero predictor %.6g, ratio %.4f)\n\n", r.TestMSE, r.ZeroMSE, r.TestMSE/r.ZeroMSE)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "column\tcoefficient")
	if r.Scaling != "none" {
		fmt.Fprintf(tw, "%s\t%.6g\n", frames.InterceptName, r.Intercept)
	}
	for _, n := range r.order {
		fmt.Fprintf(tw, "%s\t%.6g\n", n, r.Weights[n])
	}
	return tw.Flush()
}
