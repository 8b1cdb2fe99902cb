package core

import "math"

// Ball is the state of projected online gradient descent on an l2 ball
// with averaging (Zinkevich's algorithm, the update of AERR, GAERR, DDAERR,
// online ridge and, with Shrink, Pegasos): w = s·a with the scale s global,
// ||w||₂² = s²·Σa_i² kept in a SumTree (which also draws j with probability
// w_j²/||w||₂²), and the running sum of the iterates kept lazily. A step
// that touches k coordinates costs O(k log d); projecting or shrinking w
// costs O(1).
type Ball struct {
	*Lazy
	sq *SumTree // a_i², stale while dirty
	// A dense step (AddDense, AddDenseAdaGrad) passes over every
	// coordinate anyway: it sums a_i² on the way (n2) and marks the tree
	// dirty instead of rebuilding it, so that online ridge, which only
	// projects, never pays for the tree; the next draw or sparse step
	// rebuilds it.
	dirty bool
	n2    float64
	// moved[i]: a step has taken coordinate i (Add, AddDense's nz, the
	// AdaGrad steps), even by 0; Unmoved lists the others. nil until
	// TrackMoves: the steps of a fit that does not ask pay nothing.
	moved []bool
}

// scaleRange bounds s before it is folded into a (O(d), rarely).
const scaleRange = 1e100

// NewBall returns the state at w = w1 (copied) with an empty sum.
func NewBall(w1 []float64) *Ball {
	b := &Ball{Lazy: NewLazy(w1), sq: NewSumTree(len(w1))}
	b.rebuild()
	return b
}

func (b *Ball) rebuild() {
	b.dirty = false
	sq := b.sq.leaves()
	for i := range b.c {
		sq[i] = b.c[i].a * b.c[i].a
	}
	b.sq.Build(sq)
	b.rebuildWeighted()
}

// Norm2 returns ||w||₂².
func (b *Ball) Norm2() float64 {
	if b.dirty {
		return b.s * b.s * b.n2
	}
	return b.s * b.s * b.sq.Total()
}

// tree returns the sum tree of a_i², rebuilt if a dense step left it stale.
func (b *Ball) tree() *SumTree {
	if b.dirty {
		b.rebuild()
	}
	return b.sq
}

// SampleSq returns j drawn with probability w_j²/||w||₂², given u uniform
// in [0, 1). w must be non-zero.
func (b *Ball) SampleSq(u float64) int { t := b.tree(); return t.Sample(u * t.Total()) }

// Add adds delta to w_i.
func (b *Ball) Add(i int, delta float64) {
	if b.moved != nil {
		b.moved[i] = true
	}
	t := b.tree()
	a := b.c[i].a + delta/b.s
	b.SetA(i, a)
	t.Set(i, a*a)
}

// AddDense adds c·g to w (len(g) = d) whose non-zero entries are at nz
// (increasing), O(d): the coordinates of nz move, then ||w||² is summed in
// one pass without a test per coordinate (on MNIST's pixels the test
// mispredicted half the time).
func (b *Ball) AddDense(c float64, g []float64, nz []int) {
	c /= b.s
	for _, i := range nz {
		if b.moved != nil {
			b.moved[i] = true
		}
		b.flush(i)
		b.c[i].a += c * g[i]
	}
	b.denseDone(b.sumSq())
}

// sumSq returns Σ a_i², summed in index order.
func (b *Ball) sumSq() float64 {
	var n2 float64
	for i := range b.c {
		n2 += b.c[i].a * b.c[i].a
	}
	return n2
}

// denseDone ends a dense step whose pass summed n2 = Σ a_i².
func (b *Ball) denseDone(n2 float64) {
	b.rebuildWeighted()
	b.dirty, b.n2 = true, n2
}

// AddAdaGrad takes AdaGrad's step on coordinate i for the gradient
// coordinate g (Duchi, Hazan & Singer 2011, diagonal version; Kukliansky &
// Shamir 2015, Appendix A, eq. (13)): G_i += g², then
// w_i −= η·g/√G_i, so coordinate i's step size is η/√(Σ_s g_{s,i}²) over
// the steps so far, this one included. G_i is kept in the coordinate's
// record (aux). A zero g changes nothing.
func (b *Ball) AddAdaGrad(i int, eta, g float64) {
	if g == 0 {
		if b.moved != nil {
			b.moved[i] = true
		}
		return
	}
	b.Add(i, adaGradStep(&b.c[i], eta, g))
}

// AddDenseAdaGrad takes AdaGrad's step for the dense gradient r·x
// (len(x) = d; its non-zero entries at nz, increasing), O(d):
// AddAdaGrad(i, eta, r·x_i) for every i.
func (b *Ball) AddDenseAdaGrad(eta, r float64, x []float64, nz []int) {
	inv := 1 / b.s
	for _, i := range nz {
		if b.moved != nil {
			b.moved[i] = true
		}
		if g := r * x[i]; g != 0 {
			b.flush(i)
			b.c[i].a += adaGradStep(&b.c[i], eta, g) * inv
		}
	}
	b.denseDone(b.sumSq())
}

// adaGradStep is AdaGrad's update of one coordinate, the only copy:
// G_i += g², and the step −η·g/√G_i is returned (c.aux holds G_i).
func adaGradStep(c *coord, eta, g float64) float64 {
	c.aux += g * g
	return -eta * g / math.Sqrt(c.aux)
}

// TrackMoves starts recording which coordinates the steps take, for
// Unmoved; call it before the first step.
func (b *Ball) TrackMoves() {
	if b.moved == nil {
		b.moved = make([]bool, len(b.c))
	}
}

// Unmoved returns, increasing, the coordinates that no step has taken
// since TrackMoves and whose weight is non-zero: they still hold w₁'s
// value (up to the global scale of projections), which no gradient
// estimate informed. Without TrackMoves it returns nil.
func (b *Ball) Unmoved() []int {
	if b.moved == nil {
		return nil
	}
	var out []int
	for i, m := range b.moved {
		if !m && b.c[i].a != 0 {
			out = append(out, i)
		}
	}
	return out
}

// AdaGradSum returns G_i = Σ_s g_{s,i}², the sum AddAdaGrad keeps.
func (b *Ball) AdaGradSum(i int) float64 { return b.c[i].aux }

// Shrink multiplies w by f ≥ 0 (Pegasos's 1 − 1/t).
func (b *Ball) Shrink(f float64) {
	if f == 0 {
		b.Fold(b.s) // flush, then zero a explicitly: s = 0 cannot be undone
		for i := range b.c {
			b.c[i].a = 0
		}
		b.s = 1
		b.rebuild()
		return
	}
	b.s *= f
	b.keepRange()
}

// ProjectL2 replaces w by its projection onto {||w||₂ ≤ B}: w·B/max{||w||₂, B}.
func (b *Ball) ProjectL2(B float64) {
	if n := math.Sqrt(b.Norm2()); n > B {
		b.s *= B / n
		b.keepRange()
	}
}

// keepRange folds s into a when it leaves [1/scaleRange, scaleRange].
func (b *Ball) keepRange() {
	if b.s < 1/scaleRange || b.s > scaleRange {
		b.Fold(b.s)
		b.rebuild()
	}
}

// Hint asks for what an Add(i, ·) or W(i) reads (see package prefetch).
func (b *Ball) Hint(i int) {
	b.Lazy.Hint(i)
	if !b.dirty {
		b.sq.Hint(i)
	}
}
