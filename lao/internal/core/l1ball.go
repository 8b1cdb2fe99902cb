package core

import "math"

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
	m        []float64 // magnitude of an active coordinate (m_i > Θ)
	sign     []float64 // ±1
	active   []bool
	nActive  int

	// the treap, over active coordinates
	root              int32
	left, right       []int32
	prio              []uint32
	tcnt              []int32
	tsum              []float64
	byIndex           *SumTree // m_i for active i, in index order
	countIdx          *SumTree // 1 for active i
	S1, S2            float64
	acc, last1, last2 []float64
	t, sinceRebase    int
	rebaseEvery       int
	scratchStack      []int32
}

const none = int32(-1)

// NewL1Ball returns the state at w = 0 for d coordinates.
func NewL1Ball(d int) *L1Ball {
	b := &L1Ball{s: 1, m: make([]float64, d), sign: make([]float64, d), active: make([]bool, d),
		root: none, left: make([]int32, d), right: make([]int32, d), prio: make([]uint32, d),
		tcnt: make([]int32, d), tsum: make([]float64, d), byIndex: NewSumTree(d), countIdx: NewSumTree(d),
		acc: make([]float64, d), last1: make([]float64, d), last2: make([]float64, d),
		rebaseEvery: max(int(rebaseRatio), d)}
	for i := range d {
		b.prio[i] = uint32(splitmix(uint64(i)) >> 32)
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
	if !b.active[i] {
		return 0
	}
	return b.s * b.sign[i] * (b.m[i] - b.theta)
}

// Norm1 returns ||w||₁.
func (b *L1Ball) Norm1() float64 {
	if b.root == none {
		return 0
	}
	return b.s * (b.tsum[b.root] - b.theta*float64(b.tcnt[b.root]))
}

// SampleAbs returns j drawn with probability |w_j|/||w||₁ given u uniform
// in [0, 1), by the inverse distribution function in index order (as a
// linear scan would). w must be non-zero.
func (b *L1Ball) SampleAbs(u float64) int {
	ms, cs := b.byIndex, b.countIdx
	weight := func(node int) float64 { return ms.t[node] - b.theta*cs.t[node] }
	u *= weight(1)
	j := 1
	for j < ms.size {
		l := weight(2 * j)
		if u < l || cs.t[2*j+1] == 0 {
			j = 2 * j
		} else {
			u -= l
			j = 2*j + 1
		}
	}
	return j - ms.size
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
		b.rebase()
	}
}

// Add adds delta to w_i.
func (b *L1Ball) Add(i int, delta float64) {
	w := b.W(i) + delta
	if b.active[i] {
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
		r := b.right[x]
		sa, ca := sumAbove, cntAbove
		if r != none {
			sa += b.tsum[r]
			ca += b.tcnt[r]
		}
		if sa-float64(ca)*b.m[x] < z { // x qualifies: try smaller keys
			bestSum, bestCnt = sa+b.m[x], ca+1
			sumAbove, cntAbove = bestSum, bestCnt
			x = b.left[x]
		} else {
			x = r
		}
	}
	theta := (bestSum - z) / float64(bestCnt)
	b.theta = max(b.theta, theta)
	b.popBelow(b.theta)
}

// Accumulate adds the current w to the running sum.
func (b *L1Ball) Accumulate() {
	b.S1 += b.s
	b.S2 += b.s * b.theta
	b.t++
	if b.sinceRebase++; b.sinceRebase >= b.rebaseEvery || b.S1 > rebaseRatio*b.s {
		b.rebase()
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
		v := b.acc[i]
		if b.active[i] {
			v += b.sign[i] * (b.m[i]*(b.S1-b.last1[i]) - (b.S2 - b.last2[i]))
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
	b.acc[i] += b.sign[i] * (b.m[i]*(b.S1-b.last1[i]) - (b.S2 - b.last2[i]))
	b.last1[i], b.last2[i] = b.S1, b.S2
}

func (b *L1Ball) activate(i int, m, sign float64) {
	b.m[i], b.sign[i], b.active[i] = m, sign, true
	b.last1[i], b.last2[i] = b.S1, b.S2
	b.nActive++
	b.byIndex.Set(i, m)
	b.countIdx.Set(i, 1)
	x := int32(i)
	b.left[x], b.right[x], b.tcnt[x], b.tsum[x] = none, none, 1, m
	l, r := b.split(b.root, m, x)
	b.root = b.merge(b.merge(l, x), r)
}

func (b *L1Ball) deactivate(i int) {
	b.flush(i)
	x := int32(i)
	l, r := b.split(b.root, b.m[i], x) // keys < (m_i, i) | keys ≥ (m_i, i)
	_, r = b.split(r, b.m[i], x+1)     // drop (m_i, i) itself
	b.root = b.merge(l, r)
	b.drop(i)
}

// drop marks i inactive (its sum already flushed).
func (b *L1Ball) drop(i int) {
	b.active[i] = false
	b.nActive--
	b.byIndex.Set(i, 0)
	b.countIdx.Set(i, 0)
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
		if c := b.left[x]; c != none {
			stack = append(stack, c)
		}
		if c := b.right[x]; c != none {
			stack = append(stack, c)
		}
		b.flush(int(x))
		b.drop(int(x))
	}
	b.scratchStack = stack
}

// deactivateAll removes every active coordinate.
func (b *L1Ball) deactivateAll() { b.popBelow(math.Inf(1)) }

// rebase folds s and Θ into the magnitudes and restarts the sums, O(d):
// it keeps m_i − Θ and the lazy sums' differences precise.
func (b *L1Ball) rebase() {
	for i, on := range b.active {
		if on {
			b.flush(i)
		}
	}
	for i, on := range b.active {
		b.last1[i], b.last2[i] = 0, 0
		if on {
			b.m[i] = b.s * (b.m[i] - b.theta)
		}
	}
	b.S1, b.S2, b.s, b.theta, b.sinceRebase = 0, 0, 1, 0, 0
	// Rebuild both trees from the new magnitudes (the key order is unchanged).
	ms := b.byIndex.t[b.byIndex.size : b.byIndex.size+b.byIndex.n]
	for i, on := range b.active {
		ms[i] = 0
		if on {
			ms[i] = b.m[i]
		}
	}
	b.byIndex.Build(ms)
	b.resum(b.root)
}

// resum recomputes the treap's subtree sums below x.
func (b *L1Ball) resum(x int32) {
	if x == none {
		return
	}
	b.resum(b.left[x])
	b.resum(b.right[x])
	b.pull(x)
}

func (b *L1Ball) pull(x int32) {
	c, s := int32(1), b.m[x]
	if l := b.left[x]; l != none {
		c += b.tcnt[l]
		s += b.tsum[l]
	}
	if r := b.right[x]; r != none {
		c += b.tcnt[r]
		s += b.tsum[r]
	}
	b.tcnt[x], b.tsum[x] = c, s
}

// split divides the treap x into keys < (m, i) and keys ≥ (m, i).
func (b *L1Ball) split(x int32, m float64, i int32) (int32, int32) {
	if x == none {
		return none, none
	}
	if b.m[x] < m || (b.m[x] == m && x < i) {
		l, r := b.split(b.right[x], m, i)
		b.right[x] = l
		b.pull(x)
		return x, r
	}
	l, r := b.split(b.left[x], m, i)
	b.left[x] = r
	b.pull(x)
	return l, x
}

// splitLE divides the treap x into keys ≤ th and keys > th.
func (b *L1Ball) splitLE(x int32, th float64) (int32, int32) {
	if x == none {
		return none, none
	}
	if b.m[x] <= th {
		l, r := b.splitLE(b.right[x], th)
		b.right[x] = l
		b.pull(x)
		return x, r
	}
	l, r := b.splitLE(b.left[x], th)
	b.left[x] = r
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
	if b.prio[l] > b.prio[r] {
		b.right[l] = b.merge(b.right[l], r)
		b.pull(l)
		return l
	}
	b.left[r] = b.merge(l, b.left[r])
	b.pull(r)
	return r
}
