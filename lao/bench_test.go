package lao

import (
	"fmt"
	"math"
	"testing"
)

// benchMatrixBytes is the size of the row matrix the benchmarks cycle
// through: larger than this machine's last-level cache (480 MiB reported),
// so attribute reads come from memory as they would on real data.
const benchMatrixBytes = 600 << 20

// benchRows returns a row-major matrix of ±1/√d entries of about
// benchMatrixBytes and its labels.
func benchRows(d int) (*Dataset, error) {
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
	return NewDataset(x, y, d, nil)
}

// Per-example cost of each budgeted solver (one Observe per op) at the
// MNIST dimension and at d = 10^4 and 10^5, rows cycled from a matrix
// larger than the cache. k = 4; k = 56 for the ridge family too.
//
//	go test ./lao -run XXX -bench BenchmarkSolvers -benchtime 200000x
func BenchmarkSolvers(b *testing.B) {
	for _, d := range []int{784, 10000, 100000} {
		ds, err := benchRows(d)
		if err != nil {
			b.Fatal(err)
		}
		mom := make([]float64, d) // uneven moments: the DD solvers draw from a non-uniform q
		for i := range mom {
			mom[i] = 1 / float64(i+1)
		}
		for _, s := range []Solver{&AER{K: 4}, &AERR{K: 4}, &AERR{K: 56}, &AELR{K: 4}, &DDAERR{K: 4, Moments: mom},
			&DDAERR{K: 56, Moments: mom}, &DDAELR{K: 4, Moments: mom}} {
			b.Run(fmt.Sprintf("%s/k=%d/d=%d", s.Name(), kOf(s), d), func(b *testing.B) {
				benchObserve(b, s, ds, false)
			})
		}
	}
}

// The plain O(d) implementations (Reference) of the same solvers at d = 784,
// for comparison.
func BenchmarkReferenceSolvers(b *testing.B) {
	const d = 784
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	for _, s := range []Solver{&AER{K: 4}, &AERR{K: 4}, &AELR{K: 4}} {
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
