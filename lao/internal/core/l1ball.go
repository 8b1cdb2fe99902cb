package core

import (
	"cmp"
	"math"
	"slices"
)

// L1Ball is the state of Pegasos-style projected gradient descent on the
// l1 ball with averaging (AER of Cesa-Bianchi, Shalev-Shwartz & Shamir
// 2010): shrink w by a factor, add to a few coordinates, project onto
// {||w||₁ ≤ B}, accumulate the average. The projection follows Duchi,
// Shalev-Shwartz, Singer & Chandra (2008, Section 5) for sparse updates:
//
//	w_i = s·sign_i·(m_i − Θ)  for the active coordinates (m_i > Θ), else 0,
//
// with a global scale s (the shrink costs O(1)) and a global threshold Θ
// (soft-thresholding every coordinate by θ is Θ += θ/s, O(1)). The active
// magnitudes m_i are kept in a balanced search tree (a treap keyed by
// (m_i, i) with subtree counts and sums), where the projection's threshold
// is found in O(log d) and the coordinates it zeroes are removed, each at
// most once per insertion: a step that touches k coordinates costs
// O(k log d) amortised. A second, index-ordered tree of the same sums draws
// j with probability |w_j|/||w||₁ exactly as a linear scan over j would.
// The running sum Σ_τ w_τ is kept lazily as σ_i(m_i ΔS₁ − ΔS₂) with
// S₁ = Σ s_τ and S₂ = Σ s_τΘ_τ.
type L1Ball struct {
	s, theta float64
	n        []l1node // one record per coordinate: its state and its treap node
	nActive  int

	root         int32     // the treap, over active coordinates
	byIndex      *PairTree // (m_i, 1) for active i, in index order
	S1, S2       float64
	t            int
	scratchStack []int32
}

// l1node is coordinate i's state in one record: its magnitude m_i
// (meaningful while active, m_i > Θ), sign, lazy-sum record and treap node.
type l1node struct {
	m, sign           float64
	acc, last1, last2 float64
	tsum              float64 // sum of m over the node's subtree
	left, right, tcnt int32
	prio              uint32
	active            bool
}

const none = int32(-1)

// NewL1Ball returns the state at w = 0 for d coordinates.
func NewL1Ball(d int) *L1Ball {
	b := &L1Ball{s: 1, n: make([]l1node, d), root: none, byIndex: NewPairTree(d)}
	for i := range d {
		b.n[i].prio = uint32(splitmix(uint64(i)) >> 32)
	}
	return b
}

// splitmix is a fixed hash for the treap's priorities (no random stream
// is consumed, so the solver's draws are those of the pseudo-code).
func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// W returns w_i.
func (b *L1Ball) W(i int) float64 {
	if !b.n[i].active {
		return 0
	}
	return b.s * b.n[i].sign * (b.n[i].m - b.theta)
}

// Norm1 returns ||w||₁.
func (b *L1Ball) Norm1() float64 {
	if b.root == none {
		return 0
	}
	return b.s * (b.n[b.root].tsum - b.theta*float64(b.n[b.root].tcnt))
}

// SampleAbs returns j drawn with probability |w_j|/||w||₁ given u uniform
// in [0, 1), by the inverse distribution function in index order (as a
// linear scan would). w must be non-zero.
func (b *L1Ball) SampleAbs(u float64) int {
	sm, cnt := b.byIndex.Totals()
	return b.byIndex.SampleAffine(u*(sm-b.theta*cnt), b.theta)
}

// Shrink multiplies w by f ≥ 0 (Pegasos's 1 − 1/t).
func (b *L1Ball) Shrink(f float64) {
	if f == 0 {
		for b.root != none {
			b.deactivateAll()
		}
		b.s = 1
		return
	}
	b.s *= f
	if b.s < 1/scaleRange {
		b.rescale()
	}
}

// Add adds delta to w_i.
func (b *L1Ball) Add(i int, delta float64) {
	w := b.W(i) + delta
	if b.n[i].active {
		b.deactivate(i)
	}
	if w != 0 {
		b.activate(i, math.Abs(w)/b.s+b.theta, math.Copysign(1, w))
	}
}

// ProjectL1 replaces w by its Euclidean projection onto {||w||₁ ≤ B}.
func (b *L1Ball) ProjectL1(B float64) {
	if b.root == none || b.Norm1() <= B {
		return
	}
	z := B / b.s // the radius in m-units
	// Find ρ: the smallest key whose G = Σ_{keys above}(key' − key) is < z.
	var sumAbove float64
	var cntAbove int32
	bestSum, bestCnt := 0.0, int32(0)
	for x := b.root; x != none; {
		r := b.n[x].right
		sa, ca := sumAbove, cntAbove
		if r != none {
			sa += b.n[r].tsum
			ca += b.n[r].tcnt
		}
		if sa-float64(ca)*b.n[x].m < z { // x qualifies: try smaller keys
			bestSum, bestCnt = sa+b.n[x].m, ca+1
			sumAbove, cntAbove = bestSum, bestCnt
			x = b.n[x].left
		} else {
			x = r
		}
	}
	theta := (bestSum - z) / float64(bestCnt)
	b.theta = max(b.theta, theta)
	b.popBelow(b.theta)
	// w_i = s(m_i − Θ) loses relative precision ε·Θ/(m_i − Θ) as Θ grows:
	// fold Θ into the magnitudes when it dwarfs their mean excess.
	if r := b.root; r != none && b.theta*float64(b.n[r].tcnt) > thetaRatio*(b.n[r].tsum-b.theta*float64(b.n[r].tcnt)) {
		b.refold()
	}
}

// thetaRatio bounds Θ against the mean of m_i − Θ (see ProjectL1): a
// relative error of about ε·thetaRatio ≈ 2e-10 in w, and a refold (O(d log d))
// rare enough to cost nothing per step.
const thetaRatio = 1e6

// Accumulate adds the current w to the running sum.
func (b *L1Ball) Accumulate() {
	b.S1 += b.s
	b.S2 += b.s * b.theta
	b.t++
	if b.S1 > rebaseRatio*b.s {
		b.rebaseSums()
	}
}

// Steps returns the number of accumulated iterates.
func (b *L1Ball) Steps() int { return b.t }

// Average writes the mean of the accumulated iterates into dst.
func (b *L1Ball) Average(dst []float64) {
	if b.t == 0 {
		clear(dst)
		return
	}
	inv := 1 / float64(b.t)
	for i := range dst {
		c := &b.n[i]
		v := c.acc
		if c.active {
			v += c.sign * (c.m*(b.S1-c.last1) - (b.S2 - c.last2))
		}
		dst[i] = v * inv
	}
}

// Current writes w into dst.
func (b *L1Ball) Current(dst []float64) {
	for i := range dst {
		dst[i] = b.W(i)
	}
}

// flush moves active coordinate i's owed part of the sum into acc.
func (b *L1Ball) flush(i int) {
	b.n[i].acc += b.n[i].sign * (b.n[i].m*(b.S1-b.n[i].last1) - (b.S2 - b.n[i].last2))
	b.n[i].last1, b.n[i].last2 = b.S1, b.S2
}

func (b *L1Ball) activate(i int, m, sign float64) {
	b.n[i].m, b.n[i].sign, b.n[i].active = m, sign, true
	b.n[i].last1, b.n[i].last2 = b.S1, b.S2
	b.nActive++
	b.byIndex.Set(i, m, 1)
	x := int32(i)
	b.n[x].left, b.n[x].right, b.n[x].tcnt, b.n[x].tsum = none, none, 1, m
	b.root = b.insert(x, b.root)
}

// insert adds node x (its key (m_x, x)) to the treap t in one descent.
func (b *L1Ball) insert(x, t int32) int32 {
	if t == none {
		return x
	}
	nx, nt := &b.n[x], &b.n[t]
	if nx.prio > nt.prio {
		nx.left, nx.right = b.split(t, nx.m, x)
		b.pull(x)
		return x
	}
	if nx.m < nt.m || (nx.m == nt.m && x < t) {
		nt.left = b.insert(x, nt.left)
	} else {
		nt.right = b.insert(x, nt.right)
	}
	b.pull(t)
	return t
}

// remove deletes node x from the treap t in one descent.
func (b *L1Ball) remove(x, t int32) int32 {
	if t == x {
		return b.merge(b.n[t].left, b.n[t].right)
	}
	nx, nt := &b.n[x], &b.n[t]
	if nx.m < nt.m || (nx.m == nt.m && x < t) {
		nt.left = b.remove(x, nt.left)
	} else {
		nt.right = b.remove(x, nt.right)
	}
	b.pull(t)
	return t
}

func (b *L1Ball) deactivate(i int) {
	b.flush(i)
	b.root = b.remove(int32(i), b.root)
	b.drop(i)
}

// drop marks i inactive (its sum already flushed).
func (b *L1Ball) drop(i int) {
	b.n[i].active = false
	b.nActive--
	b.byIndex.Set(i, 0, 0)
}

// popBelow removes every active coordinate with m_i ≤ th (now w_i = 0).
func (b *L1Ball) popBelow(th float64) {
	l, r := b.splitLE(b.root, th)
	b.root = r
	if l == none {
		return
	}
	stack := append(b.scratchStack[:0], l)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c := b.n[x].left; c != none {
			stack = append(stack, c)
		}
		if c := b.n[x].right; c != none {
			stack = append(stack, c)
		}
		b.flush(int(x))
		b.drop(int(x))
	}
	b.scratchStack = stack
}

// deactivateAll removes every active coordinate.
func (b *L1Ball) deactivateAll() { b.popBelow(math.Inf(1)) }

// flushAll moves every active coordinate's owed sum into acc.
func (b *L1Ball) flushAll() {
	for i := range b.n {
		if b.n[i].active {
			b.flush(i)
		}
	}
}

// rebaseSums restarts S₁ and S₂ at 0 (after moving every owed part into
// acc), O(d): keeps the lazy sums' differences precise (see Lazy).
func (b *L1Ball) rebaseSums() {
	b.flushAll()
	for i := range b.n {
		b.n[i].last1, b.n[i].last2 = 0, 0
	}
	b.S1, b.S2 = 0, 0
}

// rescale keeps s in floating-point range by multiplying the magnitudes,
// Θ and the subtree sums by a power of two and dividing s by it: exact, so
// the treap's order is untouched. O(d).
func (b *L1Ball) rescale() {
	b.rebaseSums()
	_, e := math.Frexp(b.s)
	f := math.Ldexp(1, e) // s/f in [0.5, 1)
	for i := range b.n {
		c := &b.n[i]
		c.m *= f
		c.tsum *= f
	}
	b.theta *= f
	b.s /= f
	b.byIndex.a.scale(f) // the sums of m; the counts stay
}

// refold folds s and Θ into the magnitudes (m_i ← s(m_i − Θ), Θ = 0,
// s = 1) and rebuilds both trees, O(d log d): rounding can merge two keys,
// so the treap is rebuilt from the sorted keys.
func (b *L1Ball) refold() {
	b.rebaseSums()
	ms, cs := make([]float64, len(b.n)), make([]float64, len(b.n))
	for i := range b.n {
		c := &b.n[i]
		if c.active {
			c.m = b.s * (c.m - b.theta)
			ms[i], cs[i] = c.m, 1
		}
	}
	b.s, b.theta = 1, 0
	b.byIndex.Build(ms, cs)
	b.rebuildTreap()
}

// rebuildTreap rebuilds the treap from the active coordinates sorted by
// (m_i, i), O(n log n): rescaling the magnitudes can round two distinct
// keys to one value, which would break the order the old tree encodes.
func (b *L1Ball) rebuildTreap() {
	ids := b.scratchStack[:0]
	for i := range b.n {
		if b.n[i].active {
			ids = append(ids, int32(i))
		}
	}
	slices.SortFunc(ids, func(x, y int32) int {
		if c := cmp.Compare(b.n[x].m, b.n[y].m); c != 0 {
			return c
		}
		return cmp.Compare(x, y)
	})
	// The Cartesian tree of the sorted keys by priority, with a stack of
	// the right spine.
	spine := make([]int32, 0, 64)
	for _, x := range ids {
		b.n[x].left, b.n[x].right = none, none
		last := none
		for len(spine) > 0 && b.n[spine[len(spine)-1]].prio < b.n[x].prio {
			last = spine[len(spine)-1]
			spine = spine[:len(spine)-1]
		}
		b.n[x].left = last
		if len(spine) > 0 {
			b.n[spine[len(spine)-1]].right = x
		}
		spine = append(spine, x)
	}
	b.root = none
	if len(spine) > 0 {
		b.root = spine[0]
	}
	b.resum(b.root)
	b.scratchStack = ids[:0]
}

// resum recomputes the treap's subtree sums below x.
func (b *L1Ball) resum(x int32) {
	if x == none {
		return
	}
	b.resum(b.n[x].left)
	b.resum(b.n[x].right)
	b.pull(x)
}

func (b *L1Ball) pull(x int32) {
	c, s := int32(1), b.n[x].m
	if l := b.n[x].left; l != none {
		c += b.n[l].tcnt
		s += b.n[l].tsum
	}
	if r := b.n[x].right; r != none {
		c += b.n[r].tcnt
		s += b.n[r].tsum
	}
	b.n[x].tcnt, b.n[x].tsum = c, s
}

// split divides the treap x into keys < (m, i) and keys ≥ (m, i).
func (b *L1Ball) split(x int32, m float64, i int32) (int32, int32) {
	if x == none {
		return none, none
	}
	if b.n[x].m < m || (b.n[x].m == m && x < i) {
		l, r := b.split(b.n[x].right, m, i)
		b.n[x].right = l
		b.pull(x)
		return x, r
	}
	l, r := b.split(b.n[x].left, m, i)
	b.n[x].left = r
	b.pull(x)
	return l, x
}

// splitLE divides the treap x into keys ≤ th and keys > th.
func (b *L1Ball) splitLE(x int32, th float64) (int32, int32) {
	if x == none {
		return none, none
	}
	if b.n[x].m <= th {
		l, r := b.splitLE(b.n[x].right, th)
		b.n[x].right = l
		b.pull(x)
		return x, r
	}
	l, r := b.splitLE(b.n[x].left, th)
	b.n[x].left = r
	b.pull(x)
	return l, x
}

// merge joins treaps l and r, every key of l below every key of r.
func (b *L1Ball) merge(l, r int32) int32 {
	if l == none {
		return r
	}
	if r == none {
		return l
	}
	if b.n[l].prio > b.n[r].prio {
		b.n[l].right = b.merge(b.n[l].right, r)
		b.pull(l)
		return l
	}
	b.n[r].left = b.merge(l, b.n[r].left)
	b.pull(r)
	return r
}
