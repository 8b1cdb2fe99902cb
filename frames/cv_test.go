package frames_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// linearData returns m examples with d standard normal attributes and
// y = signal·(x·w*) + N(0,1) noise, w* = (1, ..., 1).
func linearData(m, d int, signal float64, seed uint64) *lao.Dataset {
	r := rand.New(rand.NewPCG(seed, 2))
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = r.NormFloat64()
			y[i] += signal * x[i*d+j]
		}
		y[i] += r.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}

func buildRidge(p frames.Params) (lao.Solver, error) { return ridge{Lambda: p["lambda"]}, nil }

// lambdaGrid is {1e-6, 1, 1e6}: far enough apart that the right choice
// is not a close call.
func lambdaGrid(t *testing.T) []frames.Params {
	v, err := frames.LogSpace(1e-6, 1e6, 3)
	if err != nil {
		t.Fatal(err)
	}
	return frames.Grid(map[string][]float64{"lambda": v})
}

// TestCrossValidatePicksObvious: with a strong signal and many examples
// the least-regularised setting wins; with pure noise and m ≈ d the
// heaviest regularisation (predicting ≈ 0) wins.
func TestCrossValidatePicksObvious(t *testing.T) {
	grid := lambdaGrid(t)
	res, err := frames.CrossValidate(linearData(400, 5, 1, 1), 10, grid, buildRidge, 3)
	if err != nil {
		t.Fatal(err)
	}
	if res.BestIndex != 0 || res.Best["lambda"] != 1e-6 {
		t.Errorf("signal: best %v (index %d), want lambda=1e-06\n%v", res.Best, res.BestIndex, res.Frame())
	}
	res, err = frames.CrossValidate(linearData(40, 30, 0, 2), 10, grid, buildRidge, 3)
	if err != nil {
		t.Fatal(err)
	}
	if res.BestIndex != len(grid)-1 {
		t.Errorf("noise: best %v (index %d), want lambda=1e6\n%v", res.Best, res.BestIndex, res.Frame())
	}
	for _, s := range res.Settings {
		if len(s.FoldMSE) != 10 || s.Std < 0 || math.IsNaN(s.Mean) {
			t.Errorf("setting %v: %d folds, mean %g, std %g", s.Params, len(s.FoldMSE), s.Mean, s.Std)
		}
	}
}

func TestCrossValidateDeterministic(t *testing.T) {
	ds, grid := linearData(60, 3, 1, 4), lambdaGrid(t)
	a, err := frames.CrossValidate(ds, 5, grid, buildRidge, 9)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := frames.CrossValidate(ds, 5, grid, buildRidge, 9)
	for i := range a.Settings {
		if !slices.Equal(a.Settings[i].FoldMSE, b.Settings[i].FoldMSE) {
			t.Fatalf("setting %d: fold MSEs differ across identical runs", i)
		}
	}
	// The mean and std in the table agree with the fold errors.
	s := a.Settings[2]
	var mean, ss float64
	for _, v := range s.FoldMSE {
		mean += v / 5
	}
	for _, v := range s.FoldMSE {
		ss += (v - mean) * (v - mean)
	}
	if math.Abs(s.Mean-mean) > 1e-12*mean || math.Abs(s.Std-math.Sqrt(ss/4)) > 1e-12*mean {
		t.Errorf("mean %g std %g, want %g %g", s.Mean, s.Std, mean, math.Sqrt(ss/4))
	}
	f := a.Frame()
	if r, c := f.Dims(); r != len(grid) || c != 3 || strings.Join(f.Names(), ",") != "lambda,mean_mse,std_mse" {
		t.Errorf("Frame %dx%d %v", r, c, f.Names())
	}
	if got := f.Col("mean_mse").Float()[2]; got != s.Mean {
		t.Errorf("Frame mean_mse[2] = %g, want %g", got, s.Mean)
	}
}

func TestCrossValidateErrors(t *testing.T) {
	ds, grid := linearData(20, 2, 1, 5), lambdaGrid(t)
	empty, _ := lao.NewDataset(nil, nil, 2, nil)
	bad := errors.New("no such solver")
	cases := []struct {
		name  string
		ds    *lao.Dataset
		k     int
		grid  []frames.Params
		build func(frames.Params) (lao.Solver, error)
		want  error
		words string
	}{
		{"one fold", ds, 1, grid, buildRidge, lao.ErrParam, "k = 1"},
		{"too many folds", ds, 21, grid, buildRidge, lao.ErrParam, "k = 21"},
		{"empty data", empty, 10, grid, buildRidge, lao.ErrEmpty, ""},
		{"nil data", nil, 10, grid, buildRidge, lao.ErrEmpty, ""},
		{"empty grid", ds, 10, nil, buildRidge, lao.ErrParam, "grid"},
		{"build fails", ds, 10, grid, func(frames.Params) (lao.Solver, error) { return nil, bad }, bad, "lambda=1e-06"},
		{"fit fails", ds, 10, []frames.Params{{"lambda": -1}}, buildRidge, lao.ErrParam, "fold 1 of 10"},
	}
	for _, c := range cases {
		_, err := frames.CrossValidate(c.ds, c.k, c.grid, c.build, 1)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.words) {
			t.Errorf("%s: %v, want %v mentioning %q", c.name, err, c.want, c.words)
		}
	}
}

func TestLogSpaceAndGrid(t *testing.T) {
	v, err := frames.LogSpace(1e-3, 10, 5)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1e-3, 1e-2, 1e-1, 1, 10}
	for i := range v {
		if math.Abs(v[i]-want[i]) > 1e-14*want[i] {
			t.Errorf("LogSpace[%d] = %g, want %g", i, v[i], want[i])
		}
	}
	if v[0] != 1e-3 || v[4] != 10 {
		t.Errorf("end points %g %g not exact", v[0], v[4])
	}
	if one, _ := frames.LogSpace(2, 5, 1); len(one) != 1 || one[0] != 2 {
		t.Errorf("LogSpace(2, 5, 1) = %v", one)
	}
	for _, c := range [][3]float64{{0, 1, 3}, {1, -1, 3}, {1, 2, 0}, {math.NaN(), 1, 2}, {1, math.Inf(1), 2}} {
		if _, err := frames.LogSpace(c[0], c[1], int(c[2])); !errors.Is(err, lao.ErrParam) {
			t.Errorf("LogSpace%v: %v, want ErrParam", c, err)
		}
	}
	g := frames.Grid(map[string][]float64{"eta": {1, 2, 3}, "B": {10, 20}})
	var got []string
	for _, p := range g {
		got = append(got, p.String())
	}
	if s := strings.Join(got, "; "); s != "B=10 eta=1; B=10 eta=2; B=10 eta=3; B=20 eta=1; B=20 eta=2; B=20 eta=3" {
		t.Errorf("Grid = %s", s)
	}
	if len(frames.Grid(map[string][]float64{"a": {1}, "b": nil})) != 0 {
		t.Error("an empty axis must give an empty grid")
	}
}

// TestCrossValidateWorkers: the concurrent evaluation gives exactly the
// serial result (GOMAXPROCS = 1) for a randomised solver.
func TestCrossValidateWorkers(t *testing.T) {
	ds := linearData(300, 6, 0.3, 11)
	grid := frames.Grid(map[string][]float64{"B": {0.5, 1, 2}, "eta": {0.01, 0.1, 1}})
	build := func(p frames.Params) (lao.Solver, error) {
		s := &lao.AERR{K: 3}
		return s, lao.SetParams(s, p)
	}
	prev := runtime.GOMAXPROCS(1)
	serial, err := frames.CrossValidate(ds, 4, grid, build, 5)
	runtime.GOMAXPROCS(max(prev, 4))
	parallel, err2 := frames.CrossValidate(ds, 4, grid, build, 5)
	runtime.GOMAXPROCS(prev)
	if err != nil || err2 != nil {
		t.Fatal(err, err2)
	}
	for i := range serial.Settings {
		if !slices.Equal(serial.Settings[i].FoldMSE, parallel.Settings[i].FoldMSE) {
			t.Fatalf("setting %v: serial %v, parallel %v", grid[i], serial.Settings[i].FoldMSE, parallel.Settings[i].FoldMSE)
		}
	}
	if serial.BestIndex != parallel.BestIndex {
		t.Errorf("best %d serial, %d parallel", serial.BestIndex, parallel.BestIndex)
	}
}

func TestCVResultEdges(t *testing.T) {
	set := func(B, eta, mean float64) frames.CVSetting {
		return frames.CVSetting{Params: frames.Params{"B": B, "eta": eta}, Mean: mean}
	}
	// Best at the largest eta for B = 2; B = 2 is interior among B values.
	r := &frames.CVResult{Settings: []frames.CVSetting{
		set(1, 0.1, 0.9), set(1, 1, 0.8), set(1, 10, 0.7),
		set(2, 0.1, 0.9), set(2, 1, 0.8), set(2, 10, 0.5),
		set(4, 0.1, 0.9), set(4, 1, 0.8), set(4, 10, 0.6),
	}, BestIndex: 5}
	r.Best = r.Settings[5].Params
	got := r.Edges()
	if len(got) != 1 || got[0] != "eta = 10 is the largest value tried (with B = 2)" {
		t.Errorf("Edges = %q", got)
	}
	// Interior in both: nothing to report.
	r.BestIndex, r.Best = 4, r.Settings[4].Params
	r.Settings[4].Mean = 0.1
	if got := r.Edges(); len(got) != 0 {
		t.Errorf("interior best: Edges = %q", got)
	}
	// Smallest B (eta = 0.1 is also the smallest eta): two lines.
	r.BestIndex, r.Best = 0, r.Settings[0].Params
	r.Settings[0].Mean = 0.05
	if got := r.Edges(); len(got) != 2 || !strings.Contains(got[0], "B = 1 is the smallest") || !strings.Contains(got[1], "eta = 0.1 is the smallest") {
		t.Errorf("corner best: Edges = %q", got)
	}
	// An error that has levelled off at the edge (within FlatEdge of the
	// next value inward) is not reported: a wider grid cannot help.
	flat := &frames.CVResult{Settings: []frames.CVSetting{
		{Params: frames.Params{"lambda": 1e-8}, Mean: 0.50000},
		{Params: frames.Params{"lambda": 1e-7}, Mean: 0.50001},
		{Params: frames.Params{"lambda": 1e-6}, Mean: 0.6},
	}, BestIndex: 0}
	flat.Best = flat.Settings[0].Params
	if got := flat.Edges(); len(got) != 0 {
		t.Errorf("flat edge: Edges = %q", got)
	}
	flat.Settings[1].Mean = 0.51
	if got := flat.Edges(); len(got) != 1 || !strings.Contains(got[0], "lambda = 1e-08 is the smallest") {
		t.Errorf("edge 2 %% below its neighbour: Edges = %q", got)
	}
	// Fewer than three values on an axis: not an edge.
	two := &frames.CVResult{Settings: []frames.CVSetting{{Params: frames.Params{"lambda": 1}}, {Params: frames.Params{"lambda": 2}}}, BestIndex: 1}
	two.Best = two.Settings[1].Params
	if got := two.Edges(); len(got) != 0 {
		t.Errorf("two values: Edges = %q", got)
	}
	var none *frames.CVResult
	if none.Edges() != nil {
		t.Error("nil result has edges")
	}
}

func TestCVResultWriteCSVFullPrecision(t *testing.T) {
	r := &frames.CVResult{Settings: []frames.CVSetting{
		{Params: frames.Params{"eta": 1.72e-7}, Mean: 0.5, Std: 0.01},
		{Params: frames.Params{"eta": 3e-3}, Mean: 0.25, Std: 0.02},
	}, BestIndex: 1, Zero: frames.CVSetting{Mean: 2}}
	var b strings.Builder
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "eta,mean_mse,std_mse,mse_over_zero_predictor,best\n1.72e-07,0.5,0.01,0.25,no\n0.003,0.25,0.02,0.125,yes\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// With successive halving every rung is written, earlier rungs first,
// with the rows per fold each was evaluated on; best marks the last rung's
// choice.
func TestCVResultWriteCSVRungs(t *testing.T) {
	r := &frames.CVResult{
		Rungs: []frames.CVRung{{Examples: 400, Settings: []frames.CVSetting{
			{Params: frames.Params{"eta": 1}, Mean: 0.5, Std: 0.1},
			{Params: frames.Params{"eta": 2}, Mean: 0.4, Std: 0.1},
			{Params: frames.Params{"eta": 4}, Mean: 0.6, Std: 0.1},
		}}},
		Settings: []frames.CVSetting{{Params: frames.Params{"eta": 2}, Mean: 0.3, Std: 0.05}},
		LastRows: 1200, BestIndex: 0,
	}
	var b strings.Builder
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	want := "eta,mean_mse,std_mse,mse_over_zero_predictor,rung_rows,best\n1,0.5,0.1,,400,no\n2,0.4,0.1,,400,no\n4,0.6,0.1,,400,no\n2,0.3,0.05,,1200,yes\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWithPriors(t *testing.T) {
	ds := linearData(50, 3, 1, 12)
	dd := &lao.DDAERR{K: 2}
	got := frames.WithPriors(dd, ds).(*lao.DDAERR)
	if !slices.Equal(got.Moments, frames.SecondMoments(ds)) || got.K != 2 {
		t.Errorf("ddaerr: %+v, want the training moments", got)
	}
	if dd.Moments != nil {
		t.Error("WithPriors modified its argument")
	}
	if got := frames.WithPriors(&lao.AERR{K: 2}, ds); got.(*lao.AERR).W1 != nil {
		t.Errorf("aerr changed: %+v", got)
	}
	mine := []float64{1, 2, 3}
	if got := frames.WithPriors(&lao.DDAERR{Moments: mine}, ds).(*lao.DDAERR); !slices.Equal(got.Moments, mine) {
		t.Errorf("given moments replaced: %v", got.Moments)
	}
	// GAERR with a q power asks for moments too; with an explicit Q it does not.
	if got := frames.WithPriors(&lao.GAERR{K: 2, Sampling: lao.Sampling{QPower: 0.5}}, ds).(*lao.GAERR); !slices.Equal(got.Moments, frames.SecondMoments(ds)) {
		t.Errorf("gaerr qpower: moments %v", got.Moments)
	}
	if got := frames.WithPriors(&lao.GAERR{K: 2, Sampling: lao.Sampling{Q: mine}}, ds).(*lao.GAERR); got.Moments != nil {
		t.Errorf("gaerr with Q got moments %v", got.Moments)
	}
	// TuneSolver fills them too, and the chosen solver carries them.
	tuned, _, err := frames.TuneSolver(dd, ds, 2, 1)
	if err != nil || !slices.Equal(tuned.(*lao.DDAERR).Moments, frames.SecondMoments(ds)) {
		t.Errorf("TuneSolver: %+v, %v", tuned, err)
	}
}

// A grid point whose fit diverges (lao.ErrNotFinite) never wins and does
// not abort the search.
func TestCrossValidateDivergingSetting(t *testing.T) {
	rng := lao.NewRand(9)
	d, m := 8, 600
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = x[i*d] - x[i*d+1] + 0.1*rng.NormFloat64()
	}
	ds, _ := lao.NewDataset(x, y, d, nil)
	grid := []frames.Params{{"eta": 1e4}, {"eta": 0.2}}
	build := func(p frames.Params) (lao.Solver, error) {
		return &lao.Exploration{K: 6, S: 3, Eta: p["eta"], Batch: 1, Growth: 1}, nil
	}
	res, err := frames.CrossValidate(ds, 3, grid, build, 1)
	if err != nil {
		t.Fatal(err)
	}
	if res.Best["eta"] != 0.2 || !math.IsNaN(res.Settings[0].Mean) {
		t.Errorf("best %v, diverging setting's mean %g", res.Best, res.Settings[0].Mean)
	}
}

type panicSolver struct{ lao.Ridge }

func (p *panicSolver) Start(pr lao.Problem) (lao.Learner, lao.Budget, error) {
	panic("boom")
}

// A solver that panics in a CV worker goroutine gives an error naming the
// grid point, not a crashed process.
func TestCrossValidateRecoversPanics(t *testing.T) {
	ds := linearData(60, 3, 1, 1)
	grid := []frames.Params{{"lambda": 0.1}, {"lambda": 1}}
	_, err := frames.CrossValidate(ds, 3, grid, func(p frames.Params) (lao.Solver, error) {
		if p["lambda"] == 1 {
			return &panicSolver{}, nil
		}
		return &lao.Ridge{Lambda: p["lambda"]}, nil
	}, 1)
	if !errors.Is(err, frames.ErrSolverPanic) || !strings.Contains(err.Error(), "lambda=1") || !strings.Contains(err.Error(), "boom") {
		t.Errorf("CV with a panicking solver: %v", err)
	}
}
