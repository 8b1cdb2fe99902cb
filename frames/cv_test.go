package frames_test

import (
	"errors"
	"math"
	"math/rand/v2"
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
		{"fit fails", ds, 10, []frames.Params{{"lambda": -1}}, buildRidge, lao.ErrParam, "fold 0"},
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
