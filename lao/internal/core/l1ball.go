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
// (soft-thresholding every coordinate by θ is Θ += θ/s, O(1)). The
// projection's threshold only grows, and the new one is
// Θ' = (Σ_{active} m_i − B/s)/#active unless the smallest active magnitude
// is at most Θ', in which case that coordinate becomes 0 and Θ' is
// recomputed without it. So the active magnitudes are kept in a min-heap
// (4-ary, laid out by cache line: most coordinates stay active, and a
// heap touches far fewer lines than a search tree) as lower bounds: a
// magnitude that grows keeps its old key until it reaches the top (minActive
// then raises it), so only decreases sift (a sift-down per update cost a
// seventh of AER's step at d = 10^5), their sum and count in
// an index-ordered pair of sum trees (which also draws j with probability
// |w_j|/||w||₁ exactly as a linear scan over j would), and a coordinate
// zeroed by a projection is popped once per activation: a step that
// touches k coordinates costs O(k log d) amortised. The running sum
// Σ_τ w_τ is kept lazily as σ_i(m_i ΔS₁ − ΔS₂) with S₁ = Σ s_τ and
// S₂ = Σ s_τΘ_τ, restarted in epochs.
type L1Ball struct {
	s, theta float64
	n        []l1coord
	ep       []uint32  // ep[i]: the epoch of n[i].last
	heap     minHeap   // the active coordinates by (key ≤ m_i, i)
	byIndex  *PairTree // (m_i, 1) for active i, in index order
	S        [2]float64
	clock    epochs
	t        int
}

// l1coord is coordinate i's state: its magnitude m_i (meaningful while
// active, m_i > Θ), sign and lazy-sum record.
type l1coord struct {
	m, sign, acc float64
	last         [2]float64
}

// NewL1Ball returns the state at w = 0 for d coordinates.
func NewL1Ball(d int) *L1Ball {
	return &L1Ball{s: 1, n: make([]l1coord, d), ep: make([]uint32, d), heap: newMinHeap(d),
		byIndex: NewPairTree(d), clock: newEpochs()}
}

func (b *L1Ball) active(i int) bool { return b.heap.pos[i] >= 0 }

// W returns w_i.
func (b *L1Ball) W(i int) float64 {
	if !b.active(i) {
		return 0
	}
	return b.s * b.n[i].sign * (b.n[i].m - b.theta)
}

// Norm1 returns ||w||₁.
func (b *L1Ball) Norm1() float64 {
	if b.heap.len() == 0 {
		return 0
	}
	sm, cnt := b.byIndex.Totals()
	return b.s * (sm - b.theta*cnt)
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
		for b.heap.len() > 0 {
			b.deactivate(int(b.heap.min().i))
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
	switch {
	case w == 0:
		if b.active(i) {
			b.deactivate(i)
		}
	case b.active(i):
		b.flush(i)
		m := math.Abs(w)/b.s + b.theta
		b.n[i].m, b.n[i].sign = m, math.Copysign(1, w)
		b.heap.lower(i, m) // a larger m keeps its key, a lower bound
		b.byIndex.Set(i, m, 1)
	default:
		b.activate(i, math.Abs(w)/b.s+b.theta, math.Copysign(1, w))
	}
}

// ProjectL1 replaces w by its Euclidean projection onto {||w||₁ ≤ B}.
func (b *L1Ball) ProjectL1(B float64) {
	if b.heap.len() == 0 || b.Norm1() <= B {
		return
	}
	z := B / b.s           // the radius in m-units
	for b.heap.len() > 0 { // empty only when z is below the magnitudes' rounding (or they are not finite): w = 0
		sm, cnt := b.byIndex.Totals()
		theta := (sm - z) / cnt
		i, below := b.minAtMost(theta)
		if !below {
			b.theta = max(b.theta, theta)
			break
		}
		b.deactivate(i) // its w_i is 0 at the new threshold
	}
	for b.heap.len() > 0 { // rounding
		i, below := b.minAtMost(b.theta)
		if !below {
			break
		}
		b.deactivate(i)
	}
	// w_i = s(m_i − Θ) loses relative precision ε·Θ/(m_i − Θ) as Θ grows:
	// fold Θ into the magnitudes when it dwarfs their mean excess.
	if sm, cnt := b.byIndex.Totals(); b.theta*cnt > thetaRatio*(sm-b.theta*cnt) {
		b.refold()
	}
}

// minAtMost returns the active coordinate with the smallest (m_i, i) and
// whether its m_i is at most theta (the heap must not be empty). The heap's
// keys are lower bounds: a top key above theta answers at once; otherwise
// the top is raised to its magnitude until a top key is one, which is then
// the smallest (every other key is at least it, and every m_j at least its
// key), so the coordinates leave in the order of an exact heap.
func (b *L1Ball) minAtMost(theta float64) (int, bool) {
	for {
		top := b.heap.min()
		if top.m > theta {
			return int(top.i), false
		}
		m := b.n[top.i].m
		if !(m > top.m) { // m = top.m (or NaN, which no raise would settle)
			return int(top.i), true
		}
		b.heap.raiseTop(m)
	}
}

// thetaRatio bounds Θ against the mean of m_i − Θ (see ProjectL1): a
// relative error of about ε·thetaRatio ≈ 2e-10 in w, and a refold (O(d))
// rare enough to cost nothing per step.
const thetaRatio = 1e6

// Accumulate adds the current w to the running sum.
func (b *L1Ball) Accumulate() {
	b.S[0] += b.s
	b.S[1] += b.s * b.theta
	b.t++
	if b.S[0] > rebaseRatio*b.s {
		b.newEpoch()
	}
}

// newEpoch restarts S₁ and S₂ at 0 (see Lazy.newEpoch).
func (b *L1Ball) newEpoch() {
	if b.clock.count() >= max(64, len(b.n)/16) {
		b.rebaseSums()
		return
	}
	b.clock.next(b.S)
	b.S = [2]float64{}
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
		dst[i] = (b.n[i].acc + b.owed(i)) * inv
	}
}

// Current writes w into dst.
func (b *L1Ball) Current(dst []float64) {
	for i := range dst {
		dst[i] = b.W(i)
	}
}

// owed returns coordinate i's part of the sum since its last touch (0 if
// inactive).
func (b *L1Ball) owed(i int) float64 {
	if !b.active(i) {
		return 0
	}
	c := &b.n[i]
	d1, d2 := b.S[0]-c.last[0], b.S[1]-c.last[1]
	if e := b.ep[i]; e != b.clock.epoch {
		d1, d2 = b.clock.since(0, e, c.last[0], b.S[0]), b.clock.since(1, e, c.last[1], b.S[1])
	}
	return c.sign * (c.m*d1 - d2)
}

// flush moves coordinate i's owed part of the sum into acc.
func (b *L1Ball) flush(i int) {
	b.n[i].acc += b.owed(i)
	b.n[i].last, b.ep[i] = b.S, b.clock.epoch
}

func (b *L1Ball) activate(i int, m, sign float64) {
	b.n[i].m, b.n[i].sign = m, sign
	b.n[i].last, b.ep[i] = b.S, b.clock.epoch
	b.heap.push(i, m)
	b.byIndex.Set(i, m, 1)
}

// deactivate sets w_i = 0 (its sum flushed).
func (b *L1Ball) deactivate(i int) {
	b.flush(i)
	b.heap.remove(i)
	b.byIndex.Set(i, 0, 0)
}

// rebaseSums moves every owed part into acc and restarts S₁, S₂ and the
// epochs at 0, O(d).
func (b *L1Ball) rebaseSums() {
	for i := range b.n {
		b.n[i].acc += b.owed(i)
		b.n[i].last, b.ep[i] = [2]float64{}, 0
	}
	b.S = [2]float64{}
	b.clock.reset()
}

// rescale keeps s in floating-point range by multiplying the magnitudes,
// Θ and the tree's sums by a power of two and dividing s by it: exact, so
// the heap's order is untouched. O(d).
func (b *L1Ball) rescale() {
	b.rebaseSums()
	_, e := math.Frexp(b.s)
	f := math.Ldexp(1, e) // s/f in [0.5, 1)
	for i := range b.n {
		b.n[i].m *= f
	}
	for p := range b.heap.e {
		b.heap.e[p].m *= f
	}
	b.theta *= f
	b.s /= f
	b.byIndex.a.scale(f) // the sums of m; the counts stay
}

// refold folds s and Θ into the magnitudes (m_i ← s(m_i − Θ), Θ = 0,
// s = 1) and rebuilds the trees and the heap, O(d): rounding can merge two
// keys, so the heap's order is restored from scratch.
func (b *L1Ball) refold() {
	b.rebaseSums()
	ms, cs := make([]float64, len(b.n)), make([]float64, len(b.n))
	for p := range b.heap.e {
		x := &b.heap.e[p]
		c := &b.n[x.i]
		c.m = b.s * (c.m - b.theta)
		x.m = c.m
		ms[x.i], cs[x.i] = c.m, 1
	}
	b.s, b.theta = 1, 0
	b.byIndex.Build(ms, cs)
	b.heap.rebuild()
}
