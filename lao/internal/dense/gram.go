package dense

import (
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
)

// Gram accumulates the upper triangle of Σ_r x_r x_rᵀ (d×d, row-major)
// over rows added one at a time: dense rows are packed into blocks of
// blockRows rows and added by the tile kernels, sparse ones directly in
// O(nnz²). Every entry is summed in the same order whatever the number of
// cores (each tile of a block is computed by one goroutine, by the same
// arithmetic), so the result does not depend on it.
type Gram struct {
	d, np int
	xx    []float64 // the sums; entries below the diagonal are not maintained
	ld    int       // the stride of xx's rows (d, or more for a view: cholesky)
	sub   bool      // subtract the rows' products instead of adding them
	pack  []float64 // the block being filled: panel p is pack[p·blockRows·16:], one row of 16 values after another
	nb    int       // rows in the block
	nz    []bool    // nz[p]: some value of panel p in the block is non-zero
	k     tiler
	tiles [][3]int // the tiles (i0, j0, rows) that touch the upper triangle, in a fixed order (a tile across the diagonal is computed whole)
}

// blockRows is the number of rows packed before the tiles are computed: a
// tile's two panels (128 × 8 and 128 × 16 values) stay in the L1 cache
// while it is computed (measured: 128 rows 24 GFMA per CPU second with
// AVX-512, 256 rows 16).
const blockRows = 128

// NewGram returns an empty accumulator for rows of length d.
func NewGram(d int) *Gram { return newGram(d, best) }

func newGram(d int, k tiler) *Gram {
	g := &Gram{k: k}
	g.view(make([]float64, d*d), d, d, false)
	return g
}

// view points g at the n×n upper triangle of xx (rows ld apart), to which
// the next rows' products are added (subtracted if sub); the pack buffer
// is kept. No block may be pending.
func (g *Gram) view(xx []float64, n, ld int, sub bool) {
	g.d, g.np, g.xx, g.ld, g.sub = n, (n+panelWidth-1)/panelWidth, xx, ld, sub
	g.nz = slices.Grow(g.nz[:0], g.np)[:g.np]
	clear(g.nz)
	g.tiles = g.tiles[:0]
	d, k := n, g.k
	for p0 := 0; p0 < d; p0 += panelWidth {
		i0 := p0
		for _, h := range k.heights() {
			for j0 := i0 / k.nr * k.nr; j0 < d && i0 < d; j0 += k.nr {
				g.tiles = append(g.tiles, [3]int{i0, j0, h})
			}
			i0 += h
		}
	}
}

// Add adds x xᵀ (len(x) = d).
func (g *Gram) Add(x []float64) {
	if len(g.pack) < g.np*blockRows*panelWidth {
		g.pack = make([]float64, g.np*blockRows*panelWidth)
	}
	for p := range g.np {
		dst := g.pack[(p*blockRows+g.nb)*panelWidth:][:panelWidth]
		src := x[p*panelWidth : min((p+1)*panelWidth, g.d)]
		copy(dst, src)
		clear(dst[len(src):])
		if !g.nz[p] {
			for _, v := range src {
				if v != 0 {
					g.nz[p] = true
					break
				}
			}
		}
	}
	if g.nb++; g.nb == blockRows {
		g.Flush()
	}
}

// AddSparse adds x xᵀ for the row whose non-zeros are xs at the increasing
// indices idx, in O(len(idx)²), to a Gram matrix of its own (NewGram; not
// to a view, whose stride and sign it ignores).
func (g *Gram) AddSparse(idx []int, xs []float64) {
	d := g.d
	for a, i := range idx {
		row, xi := g.xx[i*d:(i+1)*d], xs[a]
		for b := a; b < len(idx); b++ {
			row[idx[b]] += xi * xs[b]
		}
	}
}

// Flush adds the rows of the block being filled.
func (g *Gram) Flush() {
	if g.nb == 0 {
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(g.tiles)/8+1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			scratch := make([]float64, panelWidth*g.k.nr)
			for {
				t := int(next.Add(8)) - 8
				if t >= len(g.tiles) {
					return
				}
				for _, tl := range g.tiles[t:min(t+8, len(g.tiles))] {
					g.tile(tl[0], tl[1], tl[2], scratch)
				}
			}
		}()
	}
	wg.Wait()
	g.nb = 0
	clear(g.nz)
}

// tile adds the block's contribution to the tile of mr rows at (i0, j0).
func (g *Gram) tile(i0, j0, mr int, scratch []float64) {
	pi, pj := i0/panelWidth, j0/panelWidth
	if !g.nz[pi] || !g.nz[pj] {
		return // a zero panel adds exact zeros
	}
	a := g.pack[pi*blockRows*panelWidth+i0%panelWidth:]
	b := g.pack[pj*blockRows*panelWidth+j0%panelWidth:]
	nr, d, ld, f := g.k.nr, g.d, g.ld, g.k.kernel(mr)
	if i0+mr <= d && j0+nr <= d {
		f(g.nb, a, b, g.xx[i0*ld+j0:], ld, g.sub)
		return
	}
	clear(scratch) // an edge tile: computed whole, its part inside added
	f(g.nb, a, b, scratch, nr, false)
	for i := i0; i < min(i0+mr, d); i++ {
		row := g.xx[i*ld : i*ld+d]
		for j := j0; j < min(j0+nr, d); j++ {
			if g.sub {
				row[j] -= scratch[(i-i0)*nr+j-j0]
			} else {
				row[j] += scratch[(i-i0)*nr+j-j0]
			}
		}
	}
}

// Upper returns the sums (row-major d×d; entry (i, j) for j ≥ i) after
// flushing the block being filled. The slice is the accumulator's own.
func (g *Gram) Upper() []float64 {
	g.Flush()
	return g.xx
}
