package experiments

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// CompareResult is one of our methods timed on the exported data set.
type CompareResult struct {
	Method   string  `json:"method"`
	Seconds  float64 `json:"seconds"`
	TrainMSE float64 `json:"train_mse"`
}

// ExportCompare writes a dense regression data set (m rows of d Gaussian
// attributes scaled to ||x||₂ ≈ 1, y = w*·x + noise) to dir as raw
// little-endian float64 files x.f64 (row-major) and y.f64 with meta.json,
// fits our full-information and budgeted solvers on it, and writes their
// timings to lao.json: the input of cmd/bench/sklearn.py, which runs
// scikit-learn's Ridge and SGDRegressor (one epoch) on the same rows.
func ExportCompare(dir string, d, m int, seed uint64) ([]CompareResult, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	rng := lao.NewRand(seed)
	ws := make([]float64, d)
	for i := range ws {
		ws[i] = rng.NormFloat64() / math.Sqrt(float64(d))
	}
	x, y := make([]float64, m*d), make([]float64, m)
	s := 1 / math.Sqrt(float64(d))
	for i := range m {
		row := x[i*d : (i+1)*d]
		var p float64
		for j := range row {
			row[j] = rng.NormFloat64() * s
			p += ws[j] * row[j]
		}
		y[i] = p + 0.1*rng.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		return nil, err
	}
	if err := writeF64(filepath.Join(dir, "x.f64"), x); err != nil {
		return nil, err
	}
	if err := writeF64(filepath.Join(dir, "y.f64"), y); err != nil {
		return nil, err
	}
	if err := writeJSON(filepath.Join(dir, "meta.json"), map[string]any{"m": m, "d": d, "seed": seed,
		"format": "x.f64: m*d little-endian float64, row-major; y.f64: m float64"}); err != nil {
		return nil, err
	}
	methods := []struct {
		name string
		s    lao.Solver
	}{
		{"lao ridge (offline, exact, lambda = 1e-3)", &lao.Ridge{Lambda: 1e-3}},
		{"lao online-ridge (one epoch)", &lao.OnlineRidge{B: 2, Eta: 0.5}},
		{"lao aerr (k = 4, one epoch)", &lao.AERR{K: 4, B: 2, Eta: 0.5}},
		{"lao aelr (k = 4, one epoch)", &lao.AELR{K: 4, B: 2}},
	}
	var out []CompareResult
	for _, c := range methods {
		start := time.Now()
		res, err := lao.Fit(c.s, ds.Stream(), lao.Options{Seed: seed})
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		secs := time.Since(start).Seconds()
		id := frames.Identity(d)
		sc, err := frames.Score(res.W, ds.Stream(), &id, 0)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", c.name, err)
		}
		out = append(out, CompareResult{Method: c.name, Seconds: secs, TrainMSE: sc.MSE})
	}
	return out, writeJSON(filepath.Join(dir, "lao.json"), out)
}

func writeF64(path string, v []float64) error {
	b := make([]byte, 8*len(v))
	for i, x := range v {
		binary.LittleEndian.PutUint64(b[8*i:], math.Float64bits(x))
	}
	return os.WriteFile(path, b, 0o644)
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
