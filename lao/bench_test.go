package lao

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/laoproject/lao/lao/internal/core"
)

// benchMatrixBytes is the size of the row matrix the benchmarks cycle
// through: larger than this machine's last-level cache (480 MiB reported),
// so attribute reads come from memory as they would on real data.
const benchMatrixBytes = 600 << 20

// benchRows returns a row-major matrix of ±1/√d entries of about
// benchMatrixBytes and its labels, built once per d (the benchmarks that a
// -bench pattern leaves out never build theirs).
func benchRows(d int) (*Dataset, error) {
	if ds, ok := benchCache[d]; ok {
		return ds, nil
	}
	clear(benchCache) // one matrix at a time: they are large
	runtime.GC()
	m := max(benchMatrixBytes/(8*d), 64)
	rng := NewRand(uint64(d))
	x := make([]float64, m*d)
	s := 1 / math.Sqrt(float64(d))
	for i := range x {
		if rng.Uint64()&1 == 0 {
			x[i] = s
		} else {
			x[i] = -s
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = rng.Float64() - 0.5
	}
	ds, err := NewDataset(x, y, d, nil)
	if err == nil {
		benchCache[d] = ds
	}
	return ds, err
}

var benchCache = map[int]*Dataset{}

// benchSolvers are the budgeted solvers the benchmarks time, with uneven
// moments (q far from uniform) for the data-dependent ones.
func benchSolvers(d int) []Solver {
	mom := make([]float64, d)
	for i := range mom {
		mom[i] = 1 / float64(i+1)
	}
	return []Solver{&AER{K: 4}, &AERR{K: 4}, &AERR{K: 56}, &AELR{K: 4}, &DDAERR{K: 4, Moments: mom},
		&DDAERR{K: 56, Moments: mom}, &DDAELR{K: 4, Moments: mom}, &TwoPhasedDDAERR{K: 4}, &TwoPhasedDDAELR{K: 4},
		&AESVR{K: 4}, &Hybrid{K: 4}}
}

// Per-example cost of each budgeted solver (one Observe per op) at the
// MNIST dimension and at d = 10^4 and 10^5, rows cycled from a matrix
// larger than the cache, beside the raw loop of the same reads
// (raw/k=5: five uniform reads per row added to a weight vector, what an
// AERR step must at least do). k = 4; k = 56 for the ridge family too.
//
//	go test ./lao -run XXX -bench BenchmarkSolvers -benchtime 200000x
func BenchmarkSolvers(b *testing.B) {
	for _, d := range []int{784, 10000, 100000} {
		b.Run(fmt.Sprintf("raw/k=5/d=%d", d), func(b *testing.B) { benchRaw(b, d, 5) })
		for _, s := range benchSolvers(d) {
			b.Run(fmt.Sprintf("%s/k=%d/d=%d", s.Name(), kOf(s), d), func(b *testing.B) {
				ds, err := benchRows(d)
				if err != nil {
					b.Fatal(err)
				}
				benchObserve(b, s, ds, false)
			})
		}
	}
}

// benchRaw times the raw loop: a uniform reads per row, each added to a
// weight.
func benchRaw(b *testing.B, d, a int) {
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	w := make([]float64, d)
	rng := NewRand(2)
	m := ds.Len()
	b.ResetTimer()
	for i := range b.N {
		row := ds.Row(i % m)
		for range a {
			j := rng.IntN(d)
			w[j] += 0.5 * row[j]
		}
	}
}

// What AER's step must at least do with an index-ordered sum tree, beside
// the raw loop: per row, k/2 = 2 uniform attributes and 2 drawn with
// probability proportional to a weight (core.PairTree.SampleAffine, as
// L1Ball.SampleAbs), the 4 reads in one batch, and the 2 uniform
// coordinates' weights set anew from the values read (PairTree.Set, as
// L1Ball.Add), so that a row's draws wait on the previous row's update as
// AER's do. No heap, no lazy sums, no projection: the gap between this and
// AER is the l1 ball's bookkeeping. Beside it, 4 uniform reads per row in
// one batch, independent from row to row (batch) and with each row's
// indices waiting on the previous row's values (serial).
//
//	go test ./lao -run XXX -bench BenchmarkAERFloor -benchtime 1000000x
func BenchmarkAERFloor(b *testing.B) {
	for _, d := range []int{784, 10000, 100000} {
		b.Run(fmt.Sprintf("raw/k=5/d=%d", d), func(b *testing.B) { benchRaw(b, d, 5) })
		b.Run(fmt.Sprintf("batch/k=4/d=%d", d), func(b *testing.B) { benchBatchReads(b, d, false) })
		b.Run(fmt.Sprintf("serial/k=4/d=%d", d), func(b *testing.B) { benchBatchReads(b, d, true) })
		b.Run(fmt.Sprintf("tree/k=4/d=%d", d), func(b *testing.B) { benchTreeFloor(b, d) })
	}
}

// benchTreeFloor times the loop BenchmarkAERFloor describes.
func benchTreeFloor(b *testing.B, d int) {
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	rng := NewRand(2)
	ms, ones := make([]float64, d), make([]float64, d)
	for i := range ms {
		ms[i], ones[i] = rng.Float64()+0.5, 1
	}
	tr := core.NewPairTree(d)
	tr.Build(ms, ones)
	var idx [4]int
	var sink float64
	m := ds.Len()
	b.ResetTimer()
	for i := range b.N {
		row := ds.Row(i % m)
		idx[0], idx[1] = rng.IntN(d), rng.IntN(d)
		total, _ := tr.Totals()
		idx[2], idx[3] = tr.SampleAffine(rng.Float64()*total, 0), tr.SampleAffine(rng.Float64()*total, 0)
		var v [4]float64
		for r, j := range idx {
			v[r] = row[j]
		}
		tr.Set(idx[0], 0.5+math.Abs(v[0]+v[2]), 1)
		tr.Set(idx[1], 0.5+math.Abs(v[1]+v[3]), 1)
		sink += v[2]
	}
	benchSink = sink
}

// benchBatchReads times 4 uniform reads per row issued together, as a
// solver's batch; with serial, a row's indices wait on the previous row's
// values (a solver's next draws wait on its update), so the reads of one
// row overlap and those of consecutive rows do not.
func benchBatchReads(b *testing.B, d int, serial bool) {
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	rng := NewRand(2)
	var sum float64
	m := ds.Len()
	b.ResetTimer()
	for i := range b.N {
		row := ds.Row(i % m)
		dep := 0
		if serial {
			dep = int(math.Float64bits(sum) & 1) // 0, but only once the reads are in
		}
		var idx [4]int
		for r := range idx {
			idx[r] = rng.IntN(d - dep)
		}
		for _, j := range idx {
			sum += row[j]
		}
		sum = math.Abs(sum) * 0 // keeps the dependency, not the value
	}
	benchSink = sum
}

// benchSink keeps benchTreeFloor's reads from being optimised away.
var benchSink float64

// Zero allocations per example after Start, for every budgeted solver.
func TestObserveDoesNotAllocate(t *testing.T) {
	const d, m = 500, 400
	rng := NewRand(5)
	ds := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 8, 0.5, rng), sigma: 0.3}.sample(m, rng)
	for _, s := range benchSolvers(d) {
		l, bud, err := s.Start(Problem{M: 4 * m, D: d, Rand: NewRand(2)})
		if err != nil {
			t.Fatal(err)
		}
		ex := NewExample(d)
		i := 0
		step := func() {
			ex.Reset(ds.Row(i%m), ds.Label(i%m), bud.PerExample)
			l.Observe(ex)
			i++
		}
		for range m { // past the two-phased solvers' first phase
			step()
		}
		if a := testing.AllocsPerRun(2*m, step); a > 0 {
			t.Errorf("%s k=%d: %g allocations per example", s.Name(), kOf(s), a)
		}
	}
}

// The plain O(d) implementations (Reference) at d = 784, for comparison.
func BenchmarkReferenceSolvers(b *testing.B) {
	const d = 784
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []Solver{&AER{K: 4}, &AERR{K: 4}, &AELR{K: 4}, &AESVR{K: 4}} {
		b.Run(fmt.Sprintf("%s/k=%d/d=%d", s.Name(), kOf(s), d), func(b *testing.B) {
			benchObserve(b, s, ds, true)
		})
	}
}

// Sparse rows: d = 10^6, 50 non-zeros per row.
func BenchmarkSparseSolvers(b *testing.B) {
	const d, nnz, m = 1_000_000, 50, 200_000
	rng := NewRand(3)
	ptr := make([]int, m+1)
	idx := make([]int32, 0, m*nnz)
	val := make([]float64, 0, m*nnz)
	y := make([]float64, m)
	for i := range m {
		start := rng.IntN(d - nnz*20)
		for j := range nnz {
			idx = append(idx, int32(start+20*j+rng.IntN(20)))
			val = append(val, rng.Float64()-0.5)
		}
		ptr[i+1] = len(idx)
		y[i] = rng.Float64() - 0.5
	}
	ds, err := NewSparseDataset(ptr, idx, val, y, d, nil)
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []Solver{&AER{K: 4}, &AERR{K: 4}, &AELR{K: 4}} {
		b.Run(fmt.Sprintf("%s/k=%d/d=%d/sparse", s.Name(), kOf(s), d), func(b *testing.B) {
			l, bud, err := s.Start(Problem{M: max(b.N, 2), D: d, Rand: NewRand(2)})
			if err != nil {
				b.Fatal(err)
			}
			ex := NewExample(d)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				r := i % m
				ri, rv := ds.RowSparse(r)
				ex.ResetSparse(ri, rv, ds.Label(r), bud.PerExample)
				l.Observe(ex)
			}
		})
	}
}

func benchObserve(b *testing.B, s Solver, ds *Dataset, plain bool) {
	if plain {
		var err error
		if s, err = Reference(s); err != nil {
			b.Fatal(err)
		}
	}
	d, m := ds.Dim(), ds.Len()
	l, bud, err := s.Start(Problem{M: max(b.N, 2), D: d, Rand: NewRand(2)})
	if err != nil {
		b.Fatal(err)
	}
	ex := NewExample(d)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		r := i % m
		ex.Reset(ds.Row(r), ds.Label(r), bud.PerExample)
		l.Observe(ex)
	}
}

func kOf(s Solver) int {
	p, err := FindParam(s, "k")
	if err != nil {
		return 0
	}
	return int(p.Get())
}

// Full-information online lasso at d = 784 on rows a fifth of whose
// attributes are non-zero (as MNIST's pixels: 158 of 784 on average in 3
// vs 5), past the sparse path's d/8: every example takes the O(d) dense
// step (EG.AddUDense), whose sinh and cosh are cached for the
// coordinates the example left where they were. Kukliansky & Shamir's
// Figure 4 under the paper's protocol spends most of its time here.
//
//	go test ./lao -run XXX -bench BenchmarkOnlineLassoDense -benchtime 100000x
func BenchmarkOnlineLassoDense(b *testing.B) {
	const d, m = 784, 4096
	rng := NewRand(3)
	x := make([]float64, m*d)
	for i := range x {
		if rng.IntN(5) == 0 {
			x[i] = rng.Float64()
		}
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = float64(2*rng.IntN(2) - 1)
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		b.Fatal(err)
	}
	benchObserve(b, &OnlineLasso{B: 32, Eta: 0.12}, ds, false)
}
