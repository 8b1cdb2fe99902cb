package lao

import (
	"cmp"
	"encoding/binary"
	"maps"
	"math/rand/v2"
	"slices"
)

// revealedCells accumulates, over the training examples, the products of
// the cells each example revealed: Σ x_j x_l over the examples that revealed
// both j and l, Σ x_j y over those that revealed j, and how many examples
// revealed each pair (the diagonal: each attribute). The corrected solvers
// (CorrectedRidge, AdaptiveScreen) build their moment estimates from it; a
// budget is spent once, when an example reveals its cells, and everything
// computed from these sums afterwards is free.
//
// When the examples reveal fewer attributes than d in all (k·m < d: a
// table of 64 rows and 6,830 genes) the sums are kept on the attributes
// revealed only (the compact form), at most k·m of them in the order
// first revealed: the same sums, in O((km)²) memory instead of O(d²).
type revealedCells struct {
	d           int
	side        int       // of xx and n: d, or the compact form's capacity
	xx          []float64 // side×side, upper triangle (row(j) ≤ row(l)): Σ x_j x_l
	xy          []float64 // Σ x_j y, at row(j)
	n           []float64 // side×side, upper triangle: examples that revealed j and l
	m           int       // examples added
	compactRows           // the compact form's rows (pos nil: the row is the attribute)
}

// newRevealedCells returns the sums of m examples (0: not known) of k of
// d attributes each, in the compact form when k·m < d.
func newRevealedCells(d, m, k int) *revealedCells {
	side := d
	if m > 0 && k*m < d {
		side = k * m
	}
	c := &revealedCells{d: d, side: side, xx: make([]float64, side*side), xy: make([]float64, side), n: make([]float64, side*side)}
	if side < d {
		c.pos = map[int]int{}
	}
	return c
}

// compactRows numbers the attributes of a compact form (Baseline's Ā,
// revealedCells' sums) in the order first seen: pos[j] is attribute j's
// row and cols[r] row r's attribute. With pos nil the row is the attribute.
type compactRows struct {
	pos  map[int]int
	cols []int
}

// grownSquare returns the n×n row-major a in a new×new array (new ≥ n).
func grownSquare(a []float64, n, size int) []float64 {
	b := make([]float64, size*size)
	for r := range n {
		copy(b[r*size:r*size+n], a[r*n:(r+1)*n])
	}
	return b
}

// row returns attribute j's row, making one the first time j is seen.
func (c *compactRows) row(j int) int {
	if c.pos == nil {
		return j
	}
	r, ok := c.pos[j]
	if !ok {
		r = len(c.cols)
		c.pos[j], c.cols = r, append(c.cols, j)
	}
	return r
}

// row is compactRows.row, growing the compact form's sums when more
// attributes are revealed than its capacity (more examples than the m
// it was made for).
func (c *revealedCells) row(j int) int {
	r := c.compactRows.row(j)
	if r >= c.side {
		size := min(c.d, 2*c.side)
		c.xx, c.n = grownSquare(c.xx, c.side, size), grownSquare(c.n, c.side, size)
		c.xy = append(c.xy, make([]float64, size-c.side)...)
		c.side = size
	}
	return r
}

// lin returns Σ x_j y (0 for an attribute never revealed).
func (c *revealedCells) lin(j int) float64 {
	if c.pos == nil {
		return c.xy[j]
	}
	if r, ok := c.pos[j]; ok {
		return c.xy[r]
	}
	return 0
}

// revealed returns the attributes some example revealed, increasing, in
// the compact form; nil (all d) otherwise.
func (c *revealedCells) revealed() []int {
	if c.pos == nil {
		return nil
	}
	return slices.Sorted(maps.Keys(c.pos))
}

// add adds one example: the attributes idx (distinct) with values x, and
// its label y.
func (c *revealedCells) add(idx []int, x []float64, y float64) {
	for _, j := range idx { // every new row first: they may grow the sums
		c.row(j)
	}
	side := c.side
	for a, j := range idx {
		j = c.row(j)
		c.xy[j] += x[a] * y
		for b, l := range idx {
			if l = c.row(l); j <= l {
				c.xx[j*side+l] += x[a] * x[b]
				c.n[j*side+l]++
			}
		}
	}
	c.m++
}

// sum returns Σ x_j x_l and the count of examples that revealed j and l.
func (c *revealedCells) sum(j, l int) (s, n float64) {
	if c.pos != nil {
		var okj, okl bool
		if j, okj = c.pos[j]; !okj {
			return 0, 0
		}
		if l, okl = c.pos[l]; !okl {
			return 0, 0
		}
	}
	if j > l {
		j, l = l, j
	}
	return c.xx[j*c.side+l], c.n[j*c.side+l]
}

// drawUniform draws k of the d attributes uniformly without replacement
// (a partial Fisher-Yates shuffle of perm, whose first k entries are the
// draw), reads them through ex into x and returns their indices.
func drawUniform(ex *Example, k int, perm []int, x []float64, rng *rand.Rand) []int {
	d := len(perm)
	for i := range k {
		r := i + rng.IntN(d-i)
		perm[i], perm[r] = perm[r], perm[i]
		x[i] = ex.Attr(perm[i])
	}
	return perm[:k]
}

// psdRidge writes into w the ridge solution (C₊ + μI) w = b of a moment
// matrix C (n×n, row-major, symmetric) that need not be positive
// semidefinite: C₊ is its projection onto the PSD cone (eigenvalues clipped
// at 0), and μ = lambda·tr(C₊)/d, so lambda is relative to the mean
// eigenvalue and free of the columns' scale; d ≥ n is the number of
// attributes C stands for (d − n rows of zeros left out). It returns μ (0
// and w = 0 when C₊ is 0).
func psdRidge(C, b []float64, n, d int, lambda float64, w []float64) (float64, error) {
	Q, ev, beta, err := eigenMoments(C, b, n)
	if err != nil {
		return 0, err
	}
	var tr float64
	for _, e := range ev {
		tr += e
	}
	mu := lambda * tr / float64(d)
	if !(mu > 0) {
		clear(w)
		return 0, nil
	}
	secularPoint(Q, ev, beta, mu, w)
	return mu, nil
}

// completeCases accumulates, for every set of attributes some example
// revealed, the moments of the examples that revealed exactly that set:
// Σ x xᵀ and Σ x y in the set's increasing order, and their count.
type completeCases struct {
	k    int
	sets map[string]*caseMoments
	key  []byte // scratch: the set's key
	ord  []int  // scratch: positions in increasing order of attribute
}

type caseMoments struct {
	xx, xy []float64 // k×k and k, in increasing order of attribute
	n      float64
}

func newCompleteCases(k int) *completeCases {
	return &completeCases{k: k, sets: map[string]*caseMoments{}, ord: make([]int, k)}
}

// add adds one example that revealed the k distinct attributes idx with
// values x, and its label y.
func (c *completeCases) add(idx []int, x []float64, y float64) {
	ord := c.ord[:len(idx)]
	for a := range ord {
		ord[a] = a
	}
	slices.SortFunc(ord, func(a, b int) int { return cmp.Compare(idx[a], idx[b]) })
	c.key = c.key[:0]
	for _, a := range ord {
		c.key = binary.AppendUvarint(c.key, uint64(idx[a]))
	}
	m := c.sets[string(c.key)]
	if m == nil {
		m = &caseMoments{xx: make([]float64, len(idx)*len(idx)), xy: make([]float64, len(idx))}
		c.sets[string(c.key)] = m
	}
	n := len(idx)
	for p, a := range ord {
		m.xy[p] += x[a] * y
		for q, b := range ord {
			m.xx[p*n+q] += x[a] * x[b]
		}
	}
	m.n++
}

// moments returns the means of x xᵀ and x y over the examples that revealed
// exactly the attributes T (increasing), and their count (0 and nil
// moments if none did).
func (c *completeCases) moments(T []int) (C, b []float64, n float64) {
	c.key = c.key[:0]
	for _, j := range T {
		c.key = binary.AppendUvarint(c.key, uint64(j))
	}
	m := c.sets[string(c.key)]
	if m == nil {
		return nil, nil, 0
	}
	C, b = make([]float64, len(m.xx)), make([]float64, len(m.xy))
	for i, v := range m.xx {
		C[i] = v / m.n
	}
	for i, v := range m.xy {
		b[i] = v / m.n
	}
	return C, b, m.n
}

// mostCases returns the set of attributes the most examples revealed
// exactly (increasing; ties: the lexicographically smaller set) and their
// count.
func (c *completeCases) mostCases() (T []int, n float64) {
	for key, m := range c.sets {
		if m.n < n {
			continue
		}
		S := decodeSet(key)
		if m.n > n || slices.Compare(S, T) < 0 {
			T, n = S, m.n
		}
	}
	return T, n
}

// decodeSet returns the attributes of a completeCases key.
func decodeSet(key string) []int {
	var S []int
	for b := []byte(key); len(b) > 0; {
		v, w := binary.Uvarint(b)
		S, b = append(S, int(v)), b[w:]
	}
	return S
}
