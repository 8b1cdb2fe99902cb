package lao

import (
	"fmt"
	"slices"
	"sync"

	"github.com/laoproject/lao/lao/internal/dense"
)

// gram accumulates Σ x xᵀ (upper triangle, row-major d×d) and Σ y x over
// the examples it observes, reading all d attributes of each: the one pass
// of the offline references (Ridge, Lasso). Dense rows go to the tile
// kernels of package dense in blocks (the result does not depend on the
// number of cores); rows that are mostly zeros are added at once in
// O(nnz²).
type gram struct {
	d    int
	acc  *dense.Gram
	xy   []float64
	row  fullRow
	xs   []float64
	seen int
	// done, once set (TableMoments: no more rows), keeps C and b for every
	// fit from these sums: a cross-validation fits a dozen settings per fold.
	done *gramDone
}

// gramDone is moments' result for sums that no longer change.
type gramDone struct {
	once sync.Once
	C, b []float64
	ok   bool
}

func newGram(d int) *gram {
	return &gram{d: d, acc: dense.NewGram(d), xy: make([]float64, d), row: newFullRow(d), xs: make([]float64, 0, d)}
}

// Observe reads all d attributes and adds the example's outer product.
func (g *gram) Observe(ex *Example) {
	g.row.read(ex, 1) // lists the non-zeros of every row
	x, nz, y := g.row.x, g.row.nz, ex.Label()
	g.xs = g.xs[:0]
	for _, i := range nz {
		g.xs = append(g.xs, x[i])
		g.xy[i] += y * x[i]
	}
	g.seen++
	if 16*len(nz) < g.d { // very sparse: nnz²/2 scattered beats d²/2 in tiles
		g.acc.AddSparse(nz, g.xs)
		return
	}
	g.acc.Add(x)
}

// moments returns the full symmetric C = XᵀX/m and b = Xᵀy/m of the
// examples seen so far (ok false before the first). b is the caller's;
// once the sums are done, C is shared by every caller, who must only read
// it.
func (g *gram) moments() (C, b []float64, ok bool) {
	if d := g.done; d != nil {
		d.once.Do(func() { d.C, d.b, d.ok = g.sum() })
		return d.C, slices.Clone(d.b), d.ok
	}
	return g.sum()
}

// sum computes moments' C and b.
func (g *gram) sum() (C, b []float64, ok bool) {
	if g.seen == 0 {
		return nil, nil, false
	}
	xx := g.acc.Upper()
	d, inv := g.d, 1/float64(g.seen)
	C = make([]float64, d*d)
	for i := range d {
		for j := i; j < d; j++ {
			c := xx[i*d+j] * inv
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
