package lao

import (
	"fmt"
	"runtime"
	"sync"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// gram accumulates Σ x xᵀ (upper triangle, row-major d×d) and Σ y x over
// the examples it observes, reading all d attributes of each: the one pass
// of the offline references (Ridge, Lasso). Dense rows are buffered in
// blocks and added with the level-3 BLAS routine Dsyrk, in fixed chunks on
// up to GOMAXPROCS goroutines (each into its own partial sum, added in a
// fixed order, so the result does not depend on the core count); rows that
// are mostly zeros (MNIST pixels) are added at once in O(nnz²).
type gram struct {
	d     int
	xx    []float64
	xy    []float64
	x     []float64
	nz    []int
	xs    []float64
	block []float64 // buffered dense rows, row-major
	nb    int       // rows buffered
	parts [][]float64
	seen  int
}

// gramBlock is the number of dense rows buffered before a flush, in
// chunks of gramChunk rows (one Dsyrk each).
const (
	gramBlock = 256
	gramChunk = 64
)

func newGram(d int) *gram {
	return &gram{d: d, xx: make([]float64, d*d), xy: make([]float64, d), x: make([]float64, d),
		nz: make([]int, 0, d), xs: make([]float64, 0, d)}
}

// Observe reads all d attributes and adds the example's outer product.
func (g *gram) Observe(ex *Example) {
	d := g.d
	readAll(ex, g.x)
	y := ex.Label()
	g.nz, g.xs = g.nz[:0], g.xs[:0]
	for i, v := range g.x {
		if v != 0 {
			g.nz, g.xs = append(g.nz, i), append(g.xs, v)
			g.xy[i] += y * v
		}
	}
	g.seen++
	if 4*len(g.nz) < d { // sparse: nnz²/2 beats d²/2 by far
		for a, i := range g.nz {
			row, xi := g.xx[i*d:(i+1)*d], g.xs[a]
			for b := a; b < len(g.nz); b++ {
				row[g.nz[b]] += xi * g.xs[b]
			}
		}
		return
	}
	if g.block == nil {
		g.block = make([]float64, gramBlock*d)
	}
	copy(g.block[g.nb*d:], g.x)
	if g.nb++; g.nb == gramBlock {
		g.flush()
	}
}

// flush adds the buffered rows: XᵀX of the block by Dsyrk on the upper
// triangle, in fixed chunks of gramChunk rows, each into its own partial
// sum, run on up to GOMAXPROCS goroutines and added in chunk order — so the
// result does not depend on the number of cores.
func (g *gram) flush() {
	if g.nb == 0 {
		return
	}
	d := g.d
	chunks := (g.nb + gramChunk - 1) / gramChunk
	for len(g.parts) < chunks {
		g.parts = append(g.parts, make([]float64, d*d))
	}
	next := make(chan int, chunks)
	for c := range chunks {
		next <- c
	}
	close(next)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), chunks) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range next {
				lo, hi := c*gramChunk, min((c+1)*gramChunk, g.nb)
				clear(g.parts[c])
				syrk(g.block[lo*d:hi*d], hi-lo, d, g.parts[c])
			}
		}()
	}
	wg.Wait()
	for _, p := range g.parts[:chunks] {
		for i := range d {
			axpy(1, p[i*d+i:(i+1)*d], g.xx[i*d+i:(i+1)*d])
		}
	}
	g.nb = 0
}

// syrk adds XᵀX (X: n×d, row-major) to the upper triangle of c.
func syrk(x []float64, n, d int, c []float64) {
	blas64.Syrk(blas.Trans, 1, blas64.General{Rows: n, Cols: d, Stride: d, Data: x},
		1, blas64.Symmetric{Uplo: blas.Upper, N: d, Stride: d, Data: c})
}

// moments returns the full symmetric C = XᵀX/m and b = Xᵀy/m of the
// examples seen so far (ok false before the first).
func (g *gram) moments() (C, b []float64, ok bool) {
	g.flush()
	if g.seen == 0 {
		return nil, nil, false
	}
	d, inv := g.d, 1/float64(g.seen)
	C = make([]float64, d*d)
	for i := range d {
		for j := i; j < d; j++ {
			c := g.xx[i*d+j] * inv
			C[i*d+j], C[j*d+i] = c, c
		}
	}
	b = make([]float64, d)
	for i, v := range g.xy {
		b[i] = v * inv
	}
	return C, b, true
}

// DefaultMaxMemoryMiB is the memory the offline solvers (Ridge, Lasso,
// Baseline) may use for their d×d matrices unless their MaxMemoryMiB says
// otherwise: 4 GiB.
const DefaultMaxMemoryMiB = 4096

// checkQuadratic refuses a solver whose copies d×d float64 matrices would
// exceed limitMiB (0: DefaultMaxMemoryMiB), naming the memory it would need
// and the online solver to use instead.
func checkQuadratic(solver string, d, copies, limitMiB int, online string) error {
	if limitMiB < 0 {
		return paramErr(solver, "maxmem", "= %d must not be negative", limitMiB)
	}
	if limitMiB == 0 {
		limitMiB = DefaultMaxMemoryMiB
	}
	need := float64(copies) * 8 * float64(d) * float64(d) / (1 << 20)
	if need > float64(limitMiB) {
		return fmt.Errorf("%s: d = %d needs about %.0f MiB for its %d d×d matrices (limit %d MiB; raise it with MaxMemoryMiB / --param maxmem=N, or use %s, O(d) memory): %w",
			solver, d, need, copies, limitMiB, online, ErrParam)
	}
	return nil
}
