package experiments

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"time"

	"github.com/laoproject/lao/lao"
)

// BenchSpec describes a throughput measurement of the budgeted solvers:
// examples per second of each solver, of its plain O(d) implementation
// (lao.Reference), and of a raw loop that does only the memory traffic of
// an LAO step, at several dimensions, on rows cycled from a matrix larger
// than the CPU cache.
type BenchSpec struct {
	// Solvers are registry names; empty means every budgeted solver with a
	// fast path (DefaultBenchSolvers).
	Solvers []string
	// Dims lists the dimensions d (default 784, 10^4, 10^5).
	Dims []int
	// K is the solvers' k (default 4).
	K int
	// MatrixBytes is the size of the row matrix (default 600 MiB, more than
	// this machine's last-level cache; at least 64 rows are used).
	MatrixBytes int
	// Seconds is the minimum time of each measurement (default 0.3).
	Seconds float64
	Seed    uint64
}

// DefaultBenchSolvers are the solvers lao bench measures by default.
var DefaultBenchSolvers = []string{"aerr", "aelr", "aer", "ddaerr", "ddaelr", "twophased-ddaerr", "twophased-ddaelr"}

// BenchRow is one solver at one dimension.
type BenchRow struct {
	Solver string `json:"solver"`
	D      int    `json:"d"`
	K      int    `json:"k"`
	// ExamplesPerSec is the solver's throughput (Observe through the handle).
	ExamplesPerSec float64 `json:"examples_per_sec"`
	// ReferenceExamplesPerSec is that of the plain O(d) implementation.
	ReferenceExamplesPerSec float64 `json:"reference_examples_per_sec"`
	// RawLoopExamplesPerSec is that of a loop that reads as many attributes
	// per example (uniformly drawn, straight from the row) and updates as
	// many weights, and does nothing else.
	RawLoopExamplesPerSec float64 `json:"raw_loop_examples_per_sec"`
	AllocsPerExample      float64 `json:"allocs_per_example"`
	AttributesPerExample  float64 `json:"attributes_per_example"`
	// ModelBytes is the heap the solver's learner holds (measured after
	// Start): O(d).
	ModelBytes int64 `json:"model_bytes"`
}

// Bench runs spec. progress, if not nil, receives a line per measurement.
func Bench(spec BenchSpec, progress func(string)) ([]BenchRow, error) {
	if len(spec.Solvers) == 0 {
		spec.Solvers = DefaultBenchSolvers
	}
	if len(spec.Dims) == 0 {
		spec.Dims = []int{784, 10_000, 100_000}
	}
	spec.K = cmp0(spec.K, 4)
	spec.MatrixBytes = cmp0(spec.MatrixBytes, 600<<20)
	if spec.Seconds <= 0 {
		spec.Seconds = 0.3
	}
	for _, name := range spec.Solvers {
		if _, err := benchSolver(name, spec.K, 10); err != nil {
			return nil, err
		}
	}
	var rows []BenchRow
	for _, d := range spec.Dims {
		if d < spec.K+1 {
			return nil, fmt.Errorf("experiments: Bench: d = %d must exceed k + 1 = %d: %w", d, spec.K+1, lao.ErrParam)
		}
		ds := BenchMatrix(d, spec.MatrixBytes, spec.Seed)
		for _, name := range spec.Solvers {
			row, err := benchOne(name, spec, ds)
			if err != nil {
				return nil, err
			}
			rows = append(rows, row)
			if progress != nil {
				progress(fmt.Sprintf("%s d=%d: %.0f examples/s (plain %.0f, raw loop %.0f)", name, d,
					row.ExamplesPerSec, row.ReferenceExamplesPerSec, row.RawLoopExamplesPerSec))
			}
		}
		runtime.GC()
	}
	return rows, nil
}

// BenchMatrix returns a data set of about bytes of ±1/√d entries (at least
// 64 rows) and uniform labels in [−½, ½): ||x||₂ = 1, as the ridge
// theorems assume.
func BenchMatrix(d, bytes int, seed uint64) *lao.Dataset {
	m := max(bytes/(8*d), 64)
	rng := lao.NewRand(seed ^ uint64(d))
	x := make([]float64, m*d)
	s := 1 / math.Sqrt(float64(d))
	for i := 0; i < len(x); i += 64 {
		bits := rng.Uint64()
		for j := i; j < min(i+64, len(x)); j++ {
			x[j] = s
			if bits&1 == 1 {
				x[j] = -s
			}
			bits >>= 1
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.Float64() - 0.5
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		panic(err) // finite by construction
	}
	return ds
}

// benchSolver returns the named solver with k set and, for the
// data-dependent ones, uneven prior moments E[x_i²] ∝ 1/(i+1), so that q is
// far from uniform.
func benchSolver(name string, k, d int) (lao.Solver, error) {
	s, err := lao.New(name)
	if err != nil {
		return nil, err
	}
	if p, err := lao.FindParam(s, "k"); err == nil {
		if err := p.Set(float64(k)); err != nil {
			return nil, err
		}
	}
	if mu, ok := s.(lao.MomentsUser); ok && mu.NeedsMoments() {
		mom := make([]float64, d)
		for i := range mom {
			mom[i] = 1 / (float64(d) * float64(i+1))
		}
		mu.SetMoments(mom)
	}
	if _, err := lao.Reference(s); err != nil {
		return nil, fmt.Errorf("experiments: Bench: %w", err)
	}
	return s, nil
}

func benchOne(name string, spec BenchSpec, ds *lao.Dataset) (BenchRow, error) {
	d := ds.Dim()
	row := BenchRow{Solver: name, D: d, K: spec.K}
	s, err := benchSolver(name, spec.K, d)
	if err != nil {
		return row, err
	}
	fast, err := measure(s, ds, spec.Seconds, spec.Seed)
	if err != nil {
		return row, err
	}
	ref, err := lao.Reference(s)
	if err != nil {
		return row, err
	}
	plain, err := measure(ref, ds, spec.Seconds, spec.Seed)
	if err != nil {
		return row, err
	}
	row.ExamplesPerSec, row.AllocsPerExample, row.AttributesPerExample, row.ModelBytes = fast.rate, fast.allocs, fast.attrs, fast.model
	row.ReferenceExamplesPerSec = plain.rate
	row.RawLoopExamplesPerSec = rawLoop(ds, int(math.Round(fast.attrs)), spec.Seconds, spec.Seed)
	return row, nil
}

type measurement struct {
	rate, allocs, attrs float64
	model               int64
}

// measure runs s over n cycled rows for n = 1000, 2000, ... until one run
// takes at least seconds, and reports the last run.
func measure(s lao.Solver, ds *lao.Dataset, seconds float64, seed uint64) (measurement, error) {
	d, m := ds.Dim(), ds.Len()
	for n := 1000; ; n *= 2 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		l, budget, err := s.Start(lao.Problem{M: n, D: d, Rand: lao.NewRand(seed)})
		if err != nil {
			return measurement{}, err
		}
		runtime.ReadMemStats(&after)
		model := int64(after.HeapAlloc) - int64(before.HeapAlloc)
		ex := lao.NewExample(d)
		var attrs int64
		runtime.ReadMemStats(&before)
		start := time.Now()
		for i := range n {
			r := i % m
			ex.Reset(ds.Row(r), ds.Label(r), budget.PerExample)
			if err := lao.Step(l, ex); err != nil { // a refusal or a failure, as an error (Fit's contract)
				return measurement{}, fmt.Errorf("%s: example %d: %w", s.Name(), i+1, err)
			}
			attrs += int64(ex.Observed())
		}
		el := time.Since(start).Seconds()
		runtime.ReadMemStats(&after)
		if el >= seconds || n >= 1<<26 {
			return measurement{rate: float64(n) / el, allocs: float64(after.Mallocs-before.Mallocs) / float64(n),
				attrs: float64(attrs) / float64(n), model: model}, nil
		}
	}
}

// rawLoop measures a loop that, per example, reads a attributes at uniform
// positions of the row and adds each to one weight: the memory traffic of
// an LAO step without its algorithm.
func rawLoop(ds *lao.Dataset, a int, seconds float64, seed uint64) float64 {
	d, m := ds.Dim(), ds.Len()
	w := make([]float64, d)
	rng := rand.New(rand.NewPCG(seed, 1))
	var sink float64
	for n := 1000; ; n *= 2 {
		start := time.Now()
		for i := range n {
			row := ds.Row(i % m)
			for range a {
				j := rng.IntN(d)
				w[j] += 0.5 * row[j]
			}
		}
		el := time.Since(start).Seconds()
		sink += w[0]
		if el >= seconds || n >= 1<<26 {
			if math.IsNaN(sink) {
				return 0
			}
			return float64(n) / el
		}
	}
}

func cmp0(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
