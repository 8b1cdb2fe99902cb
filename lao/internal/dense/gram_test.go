package dense

import (
	"math"
	"math/rand/v2"
	"runtime"
	"syscall"
	"testing"
)

// rows returns m random rows of length d, a third of their entries 0 and
// some whole columns 0 (as MNIST's border pixels).
func rows(m, d int, seed uint64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 1))
	out := make([][]float64, m)
	for r := range out {
		out[r] = make([]float64, d)
		for j := range out[r] {
			if j%17 != 3 && rng.IntN(3) > 0 {
				out[r][j] = rng.NormFloat64()
			}
		}
	}
	return out
}

func gramOf(k tiler, xs [][]float64, d int) []float64 {
	g := newGram(d, k)
	for _, x := range xs {
		g.Add(x)
	}
	return g.Upper()
}

// Every kernel this CPU runs against the portable one, bit for bit, and
// all against a plain sum to rounding, on sizes that leave edge tiles and
// a partial last block.
func TestGramKernelsAgree(t *testing.T) {
	for _, c := range []struct{ m, d int }{{1, 1}, {5, 3}, {300, 37}, {600, 130}, {257, 784}} {
		xs := rows(c.m, c.d, uint64(c.d))
		want := gramOf(goTiler, xs, c.d)
		for i := range c.d {
			for j := i; j < c.d; j++ {
				var s, top float64
				for _, x := range xs {
					s += x[i] * x[j]
					top += math.Abs(x[i] * x[j])
				}
				if math.Abs(want[i*c.d+j]-s) > 1e-12*(top+1) {
					t.Fatalf("m=%d d=%d: entry (%d,%d) = %g, plain sum %g", c.m, c.d, i, j, want[i*c.d+j], s)
				}
			}
		}
		for _, k := range kernels() {
			got := gramOf(k, xs, c.d)
			for i := range c.d {
				for j := i; j < c.d; j++ {
					if got[i*c.d+j] != want[i*c.d+j] {
						t.Fatalf("%s m=%d d=%d: entry (%d,%d) = %v, portable kernel %v", k.name, c.m, c.d, i, j, got[i*c.d+j], want[i*c.d+j])
					}
				}
			}
		}
	}
}

// The same sums whatever the number of cores.
func TestGramIndependentOfCores(t *testing.T) {
	xs := rows(700, 150, 9)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	runtime.GOMAXPROCS(1)
	one := gramOf(best, xs, 150)
	for _, p := range []int{2, 3, 8} {
		runtime.GOMAXPROCS(p)
		got := gramOf(best, xs, 150)
		for i := range got {
			if got[i] != one[i] && i/150 <= i%150 {
				t.Fatalf("GOMAXPROCS=%d: entry %d = %v, %v with one core", p, i, got[i], one[i])
			}
		}
	}
}

// AddSparse against Add.
func TestGramSparse(t *testing.T) {
	const d = 40
	xs := rows(50, d, 3)
	dense, sparse := newGram(d, goTiler), newGram(d, goTiler)
	for _, x := range xs {
		dense.Add(x)
		var idx []int
		var val []float64
		for j, v := range x {
			if v != 0 {
				idx, val = append(idx, j), append(val, v)
			}
		}
		sparse.AddSparse(idx, val)
	}
	a, b := dense.Upper(), sparse.Upper()
	for i := range d {
		for j := i; j < d; j++ {
			if math.Abs(a[i*d+j]-b[i*d+j]) > 1e-12*(1+math.Abs(a[i*d+j])) {
				t.Fatalf("entry (%d,%d): dense %g, sparse %g", i, j, a[i*d+j], b[i*d+j])
			}
		}
	}
}

// The Gram matrix of 2,048 dense rows of d = 784 (MNIST's dimension) with
// each kernel; ns/op divided by 2048·784²/2 ≈ 6.3e8 fused multiply-adds
// gives the rate.
//
//	go test ./lao/internal/dense -run XXX -bench Gram
func BenchmarkGram(b *testing.B) {
	const m, d = 2048, 784
	xs := rows(m, d, 1)
	for _, k := range kernels() {
		b.Run(k.name, func(b *testing.B) {
			cpu0 := cpuSeconds()
			for range b.N {
				gramOf(k, xs, d)
			}
			fma := float64(b.N) * m * d * d / 2
			b.ReportMetric(fma/b.Elapsed().Seconds()/1e9, "GFMA/s")
			b.ReportMetric(fma/(cpuSeconds()-cpu0)/1e9, "GFMA/cpu-s")
		})
	}
}

// cpuSeconds is the process's user CPU time: a rate per CPU second is far
// less sensitive than wall time to a machine shared with other work.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return float64(ru.Utime.Sec) + float64(ru.Utime.Usec)/1e6
}
