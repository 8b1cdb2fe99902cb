package experiments

import (
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"time"

	"github.com/laoproject/lao/lao"
)

// BenchSpec describes a throughput measurement of the budgeted solvers:
// examples per second of each solver, of its plain O(d) implementation
// (lao.Reference), and of a raw loop that does only the memory traffic of
// an LAO step, at several dimensions, on rows cycled from a matrix larger
// than the CPU cache. The solver and the raw loop are timed in alternating
// rounds, so that a machine whose load changes during the run still gives
// a fair ratio (the median of the rounds' ratios), and by the CPU time of
// the measuring thread where the system reports it (Linux), so that other
// processes' turns on the CPU are not counted.
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
	// Seconds is the minimum time of each measurement (default 0.3), split
	// into Rounds alternating rounds of the solver and the raw loop.
	Seconds float64
	// Rounds is the number of alternating rounds (default 5).
	Rounds int
	Seed   uint64
}

// DefaultBenchSolvers are the solvers lao bench measures by default: every
// budgeted solver of the papers with an O(k log d) step.
var DefaultBenchSolvers = []string{"aerr", "aelr", "aer", "ddaerr", "ddaelr", "twophased-ddaerr", "twophased-ddaelr", "aesvr", "hybrid"}

// BenchRow is one solver at one dimension.
type BenchRow struct {
	Solver string `json:"solver"`
	D      int    `json:"d"`
	K      int    `json:"k"`
	// ExamplesPerSec is the solver's throughput (Observe through the
	// handle), the median of the rounds.
	ExamplesPerSec float64 `json:"examples_per_sec"`
	// ReferenceExamplesPerSec is that of the plain O(d) implementation (0
	// for a solver without one: its learner is the plain algorithm).
	ReferenceExamplesPerSec float64 `json:"reference_examples_per_sec"`
	// RawLoopExamplesPerSec is that of a loop that reads as many attributes
	// per example (uniformly drawn, straight from the row) and updates as
	// many weights, and does nothing else; the median of the rounds.
	RawLoopExamplesPerSec float64 `json:"raw_loop_examples_per_sec"`
	// RawRatio is the median over the rounds of the raw loop's time per
	// example divided by the solver's: how many times slower than the raw
	// loop the solver is (1/RawRatio = ExamplesPerSec/RawLoopExamplesPerSec
	// when the machine's load is steady).
	RawRatio             float64 `json:"raw_ratio"`
	AllocsPerExample     float64 `json:"allocs_per_example"`
	AttributesPerExample float64 `json:"attributes_per_example"`
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
	spec.Rounds = cmp0(spec.Rounds, 5)
	if spec.Seconds <= 0 {
		spec.Seconds = 0.3
	}
	for _, name := range spec.Solvers { // fail fast on a name or a k the solver refuses
		if _, err := benchSolver(name, spec.K, max(10, spec.K+2)); err != nil {
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
				plain := "no plain version"
				if row.ReferenceExamplesPerSec > 0 {
					plain = fmt.Sprintf("plain %.0f", row.ReferenceExamplesPerSec)
				}
				progress(fmt.Sprintf("%s d=%d: %.0f examples/s (%s, raw loop %.0f: raw loop ÷ ours %.2f)", name, d,
					row.ExamplesPerSec, plain, row.RawLoopExamplesPerSec, row.RawRatio))
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
	if _, _, err := s.Start(lao.Problem{M: 100, D: d, Rand: lao.NewRand(1)}); err != nil {
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
	fast, err := newSolverRun(s, ds, spec.Seed)
	if err != nil {
		return row, err
	}
	// A first run settles the attribute count the raw loop mirrors.
	if _, err := timed(fast, calibrate(fast, spec.Seconds/float64(spec.Rounds))); err != nil {
		return row, err
	}
	raw := newRawRun(ds, int(math.Round(fast.attrsPerExample())), spec.Seed)
	rates, ratio, err := interleave([]runner{fast, raw}, spec.Seconds, spec.Rounds)
	if err != nil {
		return row, err
	}
	row.ExamplesPerSec, row.RawLoopExamplesPerSec, row.RawRatio = rates[0], rates[1], ratio
	row.AttributesPerExample, row.ModelBytes = fast.attrsPerExample(), fast.model
	if row.AllocsPerExample, err = fast.allocsPerExample(4096); err != nil {
		return row, err
	}
	if ref, err := lao.Reference(s); err == nil {
		plain, err := newSolverRun(ref, ds, spec.Seed)
		if err != nil {
			return row, err
		}
		n := calibrate(plain, spec.Seconds/float64(spec.Rounds))
		el, err := timed(plain, n)
		if err != nil {
			return row, err
		}
		row.ReferenceExamplesPerSec = float64(n) / el
	}
	return row, nil
}

// runner is one side of a measurement: prepare readies a run of n
// examples (untimed), run processes them.
type runner interface {
	prepare(n int) error
	run(n int) error
}

// solverRun feeds a learner rows cycled from a data set, counting the
// attributes revealed and the allocations. Every run is a fresh fit of its
// n examples (Start with m = n), so a solver whose work changes along a
// fit (the two-phased ones) is measured over whole fits.
type solverRun struct {
	s        lao.Solver
	seed     uint64
	l        lao.Learner
	ds       *lao.Dataset
	ex       *lao.Example
	budget   int
	next     int
	examples int64
	attrs    int64
	model    int64
}

func newSolverRun(s lao.Solver, ds *lao.Dataset, seed uint64) (*solverRun, error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	l, budget, err := s.Start(lao.Problem{M: benchM, D: ds.Dim(), Rand: lao.NewRand(seed)})
	if err != nil {
		return nil, err
	}
	runtime.GC() // what Start allocated and dropped is not the model
	runtime.ReadMemStats(&after)
	return &solverRun{s: s, seed: seed, l: l, ds: ds, ex: lao.NewExample(ds.Dim()), budget: budget.PerExample,
		model: int64(after.HeapAlloc) - int64(before.HeapAlloc)}, nil
}

// benchM is the m the model memory is measured with.
const benchM = 1 << 20

// prepare starts a fresh learner for a fit of n examples.
func (r *solverRun) prepare(n int) error {
	l, budget, err := r.s.Start(lao.Problem{M: max(n, 2), D: r.ds.Dim(), Rand: lao.NewRand(r.seed)})
	if err != nil {
		return err
	}
	r.l, r.budget = l, budget.PerExample
	return nil
}

// run observes n more rows, each through lao.Step (a refusal or a
// failure is an error, as in Fit).
func (r *solverRun) run(n int) error {
	m := r.ds.Len()
	for i := range n {
		r.ex.Reset(r.ds.Row(r.next), r.ds.Label(r.next), r.budget)
		if err := lao.Step(r.l, r.ex); err != nil {
			return fmt.Errorf("%s: example %d: %w", r.s.Name(), i+1, err)
		}
		r.attrs += int64(r.ex.Observed())
		if r.next++; r.next == m {
			r.next = 0
		}
	}
	r.examples += int64(n)
	return nil
}

func (r *solverRun) attrsPerExample() float64 { return float64(r.attrs) / float64(max(r.examples, 1)) }

// allocsPerExample counts the allocations of a fit of n examples after
// Start (untimed: reading the counters stops the world).
func (r *solverRun) allocsPerExample(n int) (float64, error) {
	if err := r.prepare(n); err != nil {
		return 0, err
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	err := r.run(n)
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(n), err
}

// rawRun is a loop that, per example, reads a attributes at uniform
// positions of the row and adds each to one weight: the memory traffic of
// an LAO step without its algorithm.
type rawRun struct {
	ds   *lao.Dataset
	a    int
	w    []float64
	rng  *rand.Rand
	next int
}

func (r *rawRun) prepare(int) error { return nil }

func newRawRun(ds *lao.Dataset, a int, seed uint64) *rawRun {
	return &rawRun{ds: ds, a: a, w: make([]float64, ds.Dim()), rng: rand.New(rand.NewPCG(seed, 1))}
}

func (r *rawRun) run(n int) error {
	d, m := r.ds.Dim(), r.ds.Len()
	for range n {
		row := r.ds.Row(r.next)
		for range r.a {
			j := r.rng.IntN(d)
			r.w[j] += 0.5 * row[j]
		}
		if r.next++; r.next == m {
			r.next = 0
		}
	}
	return nil
}

// timed returns the seconds r takes on n examples (after preparing them):
// the CPU time of the thread that runs them where the system reports it
// (on a machine shared with other work the wall time counts theirs too),
// else the wall time.
func timed(r runner, n int) (float64, error) {
	if err := r.prepare(n); err != nil {
		return 0, err
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu0, ok := threadCPU()
	start := time.Now()
	err := r.run(n)
	el := time.Since(start).Seconds()
	if cpu1, ok1 := threadCPU(); ok && ok1 && cpu1 > cpu0 {
		el = cpu1 - cpu0
	}
	return el, err
}

// calibrate returns the smallest n (a power of two, at least 64) for which
// r takes at least seconds on n examples, at least 10 times its time on 64
// examples, and doubling n last took the time up at least 1.8-fold (r runs
// on each n it tries). The last two conditions keep a fit's one-time costs
// out of its rate: the two-phased solvers' hand-over builds their sampling
// distribution in O(d), and at d = 10^5 AER's first thousand examples take
// about 20 ms of page faults as its trees fill (2026-11-30); a run of 64
// examples behind either was timed at a few thousand examples per second.
// It gives up at 16 × seconds.
func calibrate(r runner, seconds float64) int {
	fixed, err := timed(r, 64)
	if err != nil {
		return 64
	}
	prev := fixed
	for n := 128; ; n *= 2 {
		el, err := timed(r, n)
		if err != nil || n >= 1<<26 || el >= 16*seconds || (el >= seconds && el >= 10*fixed && el >= 1.8*prev) {
			return n
		}
		prev = el
	}
}

// interleave times each runner on its own calibrated n, in rounds that
// alternate between them, and returns each one's median rate (examples
// per second) and the median over the rounds of the second's rate divided
// by the first's.
func interleave(rs []runner, seconds float64, rounds int) (rates []float64, ratio float64, err error) {
	slice := seconds / float64(rounds)
	ns := make([]int, len(rs))
	for i, r := range rs {
		ns[i] = calibrate(r, slice/2)
	}
	per := make([][]float64, len(rs))
	ratios := make([]float64, rounds)
	for k := range rounds {
		for i, r := range rs {
			el, err := timed(r, ns[i])
			if err != nil {
				return nil, 0, err
			}
			per[i] = append(per[i], float64(ns[i])/el)
		}
		ratios[k] = per[1][k] / per[0][k]
	}
	for i := range rs {
		rates = append(rates, median(per[i]))
	}
	return rates, median(ratios), nil
}

// median returns the median of v (v is reordered).
func median(v []float64) float64 {
	slices.Sort(v)
	n := len(v)
	if n%2 == 1 {
		return v[n/2]
	}
	return (v[n/2-1] + v[n/2]) / 2
}

func cmp0(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
