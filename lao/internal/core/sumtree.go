package core

import (
	"unsafe"

	"github.com/laoproject/lao/lao/internal/prefetch"
)

// fan is the number of children of an inner node of the sum trees: eight
// float64 fill one 64-byte cache line, so a step from a node to its
// children reads one line, and a tree over 10^5 weights is 6 levels deep
// instead of a binary tree's 17.
const fan = 8

// SumTree holds n non-negative weights in a tree of fan-out 8 whose inner
// nodes are the sums of their children: setting a weight, the total and
// drawing an index with probability proportional to its weight each cost
// O(log n) (log base 8). Inner nodes are recomputed from their children on
// every update (not adjusted by differences), in a fixed order, so the
// sums never drift however long the run.
//
// The levels are stored leaves first in one array, each level a whole
// number of 64-byte-aligned groups of 8: the children of entry j of level
// h+1 are entries 8j … 8j+7 of level h, and the top level is one group
// whose sum is the total.
type SumTree struct {
	n    int
	t    []float64 // the levels, leaves first (t[:n] are the weights)
	off  []int     // off[h] is where level h starts; off[0] = 0
	root float64   // the sum of the top group
}

// NewSumTree returns a tree of n zero weights.
func NewSumTree(n int) *SumTree {
	off, size := levels(n)
	return &SumTree{n: n, t: alignedFloats(size), off: off}
}

// levels returns the start of every level of a tree over n leaves and the
// total length.
func levels(n int) (off []int, size int) {
	l := max((n+fan-1)/fan*fan, fan)
	for {
		off = append(off, size)
		size += l
		if l == fan {
			return off, size
		}
		l = (l/fan + fan - 1) / fan * fan
	}
}

// alignedFloats returns n zeros whose first element sits on a 64-byte
// boundary, so that every group of 8 is one cache line.
func alignedFloats(n int) []float64 {
	buf := make([]float64, n+fan)
	skip := 0
	if r := uintptr(unsafe.Pointer(&buf[0])) % 64; r != 0 {
		skip = int((64 - r) / 8)
	}
	return buf[skip : skip+n : skip+n]
}

// sum8 is the sum of one group, always in the same order.
func sum8(g []float64) float64 {
	g = g[:fan:fan]
	return ((g[0] + g[1]) + (g[2] + g[3])) + ((g[4] + g[5]) + (g[6] + g[7]))
}

// Len returns n.
func (s *SumTree) Len() int { return s.n }

// leaves returns the weights (length n) to be written in place before a
// Build.
func (s *SumTree) leaves() []float64 { return s.t[:s.n] }

// Build sets every weight from w (len n) in O(n).
func (s *SumTree) Build(w []float64) {
	copy(s.t, w[:s.n])
	clear(s.t[s.n:s.levelEnd(0)])
	for h := 1; h < len(s.off); h++ {
		lo, up := s.off[h-1], s.off[h]
		groups := (up - lo) / fan
		for j := range groups {
			s.t[up+j] = sum8(s.t[lo+fan*j:])
		}
		clear(s.t[up+groups : s.levelEnd(h)])
	}
	top := s.off[len(s.off)-1]
	s.root = sum8(s.t[top:])
}

// levelEnd returns where level h ends.
func (s *SumTree) levelEnd(h int) int {
	if h+1 < len(s.off) {
		return s.off[h+1]
	}
	return len(s.t)
}

// Set sets weight i to v ≥ 0.
func (s *SumTree) Set(i int, v float64) {
	s.t[:s.n][i] = v
	s.root = walk(s.t, s.off, uintptr(i))
}

// walk recomputes the ancestors of leaf i (in range: the caller indexed it)
// and returns the new total. Every ancestor of a leaf in range is in range
// by the layout (levels), so the walk reads and writes without bounds
// checks: it is the innermost loop of every budgeted step.
func walk(t []float64, off []int, i uintptr) float64 {
	base := unsafe.Pointer(unsafe.SliceData(t))
	lo := uintptr(0)
	for _, up := range off[1:] {
		g := (*[fan]float64)(unsafe.Add(base, (lo+i&^(fan-1))*8))
		i /= fan
		*(*float64)(unsafe.Add(base, (uintptr(up)+i)*8)) = ((g[0] + g[1]) + (g[2] + g[3])) + ((g[4] + g[5]) + (g[6] + g[7]))
		lo = uintptr(up)
	}
	return sum8(t[lo:])
}

// walk2 is walk over two trees of the same layout at once.
func walk2(ta, tb []float64, off []int, i uintptr) (float64, float64) {
	ba, bb := unsafe.Pointer(unsafe.SliceData(ta)), unsafe.Pointer(unsafe.SliceData(tb))
	lo := uintptr(0)
	for _, up := range off[1:] {
		o := (lo + i&^(fan-1)) * 8
		ga, gb := (*[fan]float64)(unsafe.Add(ba, o)), (*[fan]float64)(unsafe.Add(bb, o))
		i /= fan
		o = (uintptr(up) + i) * 8
		*(*float64)(unsafe.Add(ba, o)) = ((ga[0] + ga[1]) + (ga[2] + ga[3])) + ((ga[4] + ga[5]) + (ga[6] + ga[7]))
		*(*float64)(unsafe.Add(bb, o)) = ((gb[0] + gb[1]) + (gb[2] + gb[3])) + ((gb[4] + gb[5]) + (gb[6] + gb[7]))
		lo = uintptr(up)
	}
	return sum8(ta[lo:]), sum8(tb[lo:])
}

// Get returns weight i.
func (s *SumTree) Get(i int) float64 { return s.t[i] }

// Total returns the sum of the weights.
func (s *SumTree) Total() float64 { return s.root }

// Sample returns the index i whose interval [Σ_{j<i} w_j, Σ_{j≤i} w_j)
// contains u, for u in [0, Total()): with u uniform there, i is drawn with
// probability w_i/Total(). A zero-weight index is never returned (rounding
// that would land on one goes to the positive side). The tree must have a
// positive total.
func (s *SumTree) Sample(u float64) int {
	base := unsafe.Pointer(unsafe.SliceData(s.t))
	i := 0
	for h := len(s.off) - 1; h >= 0; h-- {
		// Every group below the top one is that of an entry in range.
		g := (*[fan]float64)(unsafe.Add(base, (s.off[h]+fan*i)*8))
		var c int
		c, u = pick(g, u)
		i = fan*i + c
	}
	return i
}

// pick returns the child of group g whose interval holds u, and u less the
// weights before it: the last child c whose prefix sum Σ_{j<c} g_j is at
// most u, counted without a data-dependent branch (a zero-weight child
// never is: the next prefix equals its own). If rounding leaves u at or
// beyond the group's sum, the last positive child is returned with u at
// its end.
func pick(g *[fan]float64, u float64) (int, float64) {
	var p [fan]float64 // p[c] = Σ_{j<c} g_j
	p[1] = g[0]
	p[2] = g[0] + g[1]
	p[3] = p[2] + g[2]
	p[4] = p[2] + (g[2] + g[3])
	p[5] = p[4] + g[4]
	p[6] = p[4] + (g[4] + g[5])
	p[7] = p[6] + g[6]
	c := (b2i(p[1] <= u) + b2i(p[2] <= u) + b2i(p[3] <= u) + b2i(p[4] <= u) +
		b2i(p[5] <= u) + b2i(p[6] <= u) + b2i(p[7] <= u)) & (fan - 1)
	if !(u < p[6]+(g[6]+g[7])) || g[c] <= 0 { // rounding at the group's end
		return pickLast(g, u)
	}
	return c, u - p[c]
}

// b2i is 1 for true and 0 for false (compiled to SETcc, no branch).
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pickLast handles rounding past a group's sum: the last positive child,
// with u at its end.
func pickLast(g *[fan]float64, u float64) (int, float64) {
	var before float64
	last := 0
	for c, v := range g {
		if v > 0 {
			last = c
		}
	}
	for _, v := range g[:last] {
		before += v
	}
	return last, max(u-before, 0)
}

// scale multiplies every weight and sum by f, a power of two (exact).
func (s *SumTree) scale(f float64) {
	for i := range s.t {
		s.t[i] *= f
	}
	s.root *= f
}

// PairTree is two SumTrees over the same n leaves, (a_i, b_i): the EG core
// keeps |a_i| (for draws) and the normaliser's cosh terms in one, the
// l1-ball core the magnitudes of the active coordinates and their count.
type PairTree struct {
	a, b *SumTree
}

// NewPairTree returns a tree of n zero pairs.
func NewPairTree(n int) *PairTree { return &PairTree{a: NewSumTree(n), b: NewSumTree(n)} }

// Build sets every pair from a and b (len n) in O(n).
func (p *PairTree) Build(a, b []float64) {
	p.a.Build(a)
	p.b.Build(b)
}

// Set sets leaf i's pair to (a, b).
func (p *PairTree) Set(i int, a, b float64) {
	p.a.t[:p.a.n][i] = a
	p.b.t[:p.b.n][i] = b
	p.a.root, p.b.root = walk2(p.a.t, p.b.t, p.a.off, uintptr(i))
}

// Totals returns the sums of the first and of the second weights.
func (p *PairTree) Totals() (float64, float64) { return p.a.root, p.b.root }

// Sample is SumTree.Sample over the first weights.
func (p *PairTree) Sample(u float64) int { return p.a.Sample(u) }

// SampleAffine draws over the weights a_i − θ·b_i, a node counting as
// empty when b is 0 (the l1-ball core: Σ(m_i − Θ) over the active
// coordinates below a node): u in [0, Σ_i (a_i − θ b_i)). Measured:
// scanning the children beats counting prefix sums here (the weights
// must be formed first).
func (p *PairTree) SampleAffine(u, theta float64) int {
	A, B := p.a, p.b
	i := 0
	for h := len(A.off) - 1; h >= 0; h-- {
		o := A.off[h] + fan*i
		ga, gb := A.t[o:o+fan:o+fan], B.t[o:o+fan:o+fan]
		c, lastU := 0, u
		for k := range fan {
			if gb[k] <= 0 {
				continue
			}
			v := ga[k] - theta*gb[k]
			c, lastU = k, u
			if u < v {
				break
			}
			u -= v
		}
		u = lastU
		i = fan*i + c
	}
	return i
}

// Hint asks for the lines a Set(i, ·) reads below the levels that stay
// in the cache: the leaf's group and its parent's.
func (s *SumTree) Hint(i int) {
	prefetch.At(s.t, i)
	if len(s.off) > 1 {
		prefetch.At(s.t, s.off[1]+i/fan)
	}
}
