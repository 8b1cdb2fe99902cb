package experiments

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// CompareResult is one of our methods timed on an exported table.
type CompareResult struct {
	Table    string  `json:"table"`
	Method   string  `json:"method"`
	Solver   string  `json:"solver"`
	Seconds  float64 `json:"seconds"` // the best of compareRuns fits
	TrainMSE float64 `json:"train_mse"`
	// Params are the parameters the fit used, defaults resolved (the
	// scikit-learn side uses the same λ and B).
	Params map[string]float64 `json:"params"`
}

// CompareTable is a table of the scikit-learn comparison.
type CompareTable struct {
	Name string
	Data *lao.Dataset
}

// CompareTables returns the tables of the comparison: "dense", m = 11,552
// rows of d = 784 Gaussian attributes scaled to ||x||₂ ≈ 1 with
// y = w*·x + noise (the size of MNIST 3 vs 5's training set), and, if mnist
// is not nil, "mnist3v5": its training images of 3 and 5 (pixels/255,
// labels −1 and +1).
func CompareTables(seed uint64, mnist *datasets.MNIST) ([]CompareTable, error) {
	const m, d = 11552, 784
	rng := lao.NewRand(seed)
	ws := make([]float64, d)
	for i := range ws {
		ws[i] = rng.NormFloat64() / math.Sqrt(d)
	}
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = rng.NormFloat64() / math.Sqrt(d)
		}
		y[i] = dot(ws, row) + 0.1*rng.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		return nil, err
	}
	tables := []CompareTable{{"dense", ds}}
	if mnist != nil {
		p, err := mnist.Pair(3, 5)
		if err != nil {
			return nil, err
		}
		tables = append(tables, CompareTable{"mnist3v5", p})
	}
	return tables, nil
}

func dot(a, b []float64) float64 {
	var s float64
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

// compareMethods are our methods of the comparison: the offline
// references (the scikit-learn side fits Ridge, Lasso and Baseline written
// with numpy and scikit-learn, with the same parameters) and one epoch of
// online and budgeted solvers.
func compareMethods() []struct {
	name string
	s    lao.Solver
} {
	return []struct {
		name string
		s    lao.Solver
	}{
		{"lao ridge (offline, exact, lambda = 1e-3)", &lao.Ridge{Lambda: 1e-3}},
		{"lao lasso (offline, exact, lambda = lambda_max/100)", &lao.Lasso{}},
		{"lao baseline (k = 4, B = 1)", &lao.Baseline{K: 4, B: 1}},
		{"lao online-ridge (one epoch)", &lao.OnlineRidge{B: 2, Eta: 0.5}},
		{"lao aerr (k = 4, one epoch)", &lao.AERR{K: 4, B: 2, Eta: 0.5}},
		{"lao aelr (k = 4, one epoch)", &lao.AELR{K: 4, B: 2}},
	}
}

// compareRuns is the number of fits each timing is the best of (as the
// scikit-learn side's).
const compareRuns = 3

// ExportCompare writes every table to dir/NAME as raw little-endian
// float64 files x.f64 (row-major) and y.f64 with meta.json, fits our
// methods on it, and writes their timings to dir/NAME/lao.json: the input
// of cmd/bench/sklearn.py.
func ExportCompare(dir string, seed uint64, tables []CompareTable) ([]CompareResult, error) {
	var out []CompareResult
	for _, tb := range tables {
		res, err := exportTable(filepath.Join(dir, tb.Name), tb, seed)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", tb.Name, err)
		}
		out = append(out, res...)
	}
	return out, nil
}

func exportTable(dir string, tb CompareTable, seed uint64) ([]CompareResult, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	ds := tb.Data
	m, d := ds.Len(), ds.Dim()
	x, y := make([]float64, 0, m*d), make([]float64, m)
	for i := range m {
		x, y[i] = append(x, ds.Row(i)...), ds.Label(i)
	}
	if err := writeF64(filepath.Join(dir, "x.f64"), x); err != nil {
		return nil, err
	}
	if err := writeF64(filepath.Join(dir, "y.f64"), y); err != nil {
		return nil, err
	}
	if err := writeJSON(filepath.Join(dir, "meta.json"), map[string]any{"m": m, "d": d, "seed": seed, "table": tb.Name,
		"format": "x.f64: m*d little-endian float64, row-major; y.f64: m float64"}); err != nil {
		return nil, err
	}
	var out []CompareResult
	for _, c := range compareMethods() {
		r := CompareResult{Table: tb.Name, Method: c.name, Solver: c.s.Name()}
		for run := range compareRuns {
			// The recorded fit is run 0's, with seed (meta.json's); the
			// others draw with seeds of their own, as a run with another's
			// seed would reuse its work (Baseline's clip of the same
			// estimated matrix is remembered in the process).
			rs := seed
			if run > 0 {
				rs = lao.SeedFor(seed, fmt.Sprint("timing run ", run))
			}
			start := time.Now()
			res, err := lao.Fit(c.s, ds.Stream(), lao.Options{Seed: rs})
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			if el := time.Since(start).Seconds(); run == 0 || el < r.Seconds {
				r.Seconds = el
			}
			if run > 0 {
				continue
			}
			id := frames.Identity(d)
			sc, err := frames.Score(res.W, ds.Stream(), &id, 0)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", c.name, err)
			}
			r.TrainMSE, r.Params = sc.MSE, res.Params
		}
		out = append(out, r)
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
