package lao

import (
	"fmt"
	"slices"
	"sync"

	"github.com/laoproject/lao/lao/internal/dense"
	"github.com/laoproject/lao/lao/internal/quadl1"
)

// gram accumulates Σ x xᵀ (upper triangle, row-major d×d) and Σ y x over
// the examples it observes, reading all d attributes of each: the one pass
// of the offline references (Ridge, Lasso). Dense rows go to the tile
// kernels of package dense in blocks (the result does not depend on the
// number of cores); rows that are mostly zeros are added at once in
// O(nnz²).
//
// A table with fewer rows than attributes (m < d, e.g. 64 tumours × 6,830
// genes) is kept as its rows instead (the wide form: m·d numbers where
// XᵀX has d², and no O(md²) sum): Ridge then solves in the m×m space of
// XXᵀ and Lasso reads XᵀX a row at a time (wide.go).
type gram struct {
	d    int
	acc  *dense.Gram // nil in the wide form
	wide *wideRows   // the wide form, else nil
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

// newGram returns the sums of m examples of d attributes, in the wide
// form when 0 < m < d.
func newGram(d, m int) *gram {
	g := &gram{d: d, xy: make([]float64, d), row: newFullRow(d), xs: make([]float64, 0, d)}
	if m > 0 && m < d {
		g.wide = &wideRows{x: make([]float64, 0, m*d), y: make([]float64, 0, m)}
	} else {
		g.acc = dense.NewGram(d)
	}
	return g
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
	if g.wide != nil {
		g.wide.add(x, y)
		return
	}
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
	if g.seen == 0 || g.wide != nil {
		return nil, nil, false
	}
	C = symmetricOf(g.acc.Upper(), g.d, 1/float64(g.seen))
	b = g.linear()
	return C, b, true
}

// symmetricOf returns the full symmetric n×n matrix (row-major) whose
// upper triangle is that of xx times inv.
func symmetricOf(xx []float64, n int, inv float64) []float64 {
	C := make([]float64, n*n)
	for i := range n {
		for j := i; j < n; j++ {
			c := xx[i*n+j] * inv
			C[i*n+j], C[j*n+i] = c, c
		}
	}
	return C
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
	return checkMemory(solver, float64(copies)*8*float64(d)*float64(d), fmt.Sprintf("d = %d needs about %%.0f MiB for its %d d×d matrices", d, copies), limitMiB, online)
}

// checkWide is checkQuadratic for the wide form of Ridge and Lasso (m < d
// rows kept, see wide.go): copies arrays of m·d numbers (the rows, Ridge's
// m×m matrices counted as m·d each) and the rows of XᵀX a Lasso keeps
// (quadl1.KeptRows).
func checkWide(solver string, m, d, copies, limitMiB int, online string) error {
	if limitMiB < 0 {
		return paramErr(solver, "maxmem", "= %d must not be negative", limitMiB)
	}
	rows := float64(copies*m + min(quadl1.KeptRows(m), d))
	return checkMemory(solver, 8*rows*float64(d), fmt.Sprintf("%d rows of d = %d need about %%.0f MiB", m, d), limitMiB, online)
}

// checkMemory refuses bytes beyond limitMiB (0: DefaultMaxMemoryMiB); what
// formats the MiB needed for the message.
func checkMemory(solver string, bytes float64, what string, limitMiB int, online string) error {
	if limitMiB == 0 {
		limitMiB = DefaultMaxMemoryMiB
	}
	if need := bytes / (1 << 20); need > float64(limitMiB) {
		return fmt.Errorf("%s: "+what+" (limit %d MiB; raise it with MaxMemoryMiB / --param maxmem=N, or use %s, O(d) memory): %w",
			solver, need, limitMiB, online, ErrParam)
	}
	return nil
}
