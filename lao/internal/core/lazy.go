package core

import (
	"math"

	"github.com/laoproject/lao/lao/internal/prefetch"
)

// Lazy represents a vector w = s·a whose coordinates a_i change a few at a
// time while the global scale s may change every step, together with the
// running sum Σ_τ w_τ of the iterates it was told to accumulate. Both cost
// O(1) per step plus O(1) per touched coordinate: the sum is kept per
// coordinate as acc_i (the part up to its last touch) plus a_i times the
// growth of S = Σ_τ s_τ since then, which is exact because a_i does not
// change between touches. This is the lazy averaging of averaged SGD
// implementations, extended to a global scale.
//
// A coordinate's a_i, acc_i and last touch sit in one record, so a touch
// costs one cache line. The prefix sum S restarts at every epoch (see
// rebaseRatio); a coordinate remembers the epoch of its last touch, and one
// untouched since an earlier epoch is owed the rest of that epoch plus the
// whole epochs since (tail) plus the current S.
type Lazy struct {
	c     []coord
	ep    []uint32 // ep[i]: the epoch of c[i].last
	s     float64
	S     float64 // Σ s_τ over the accumulated steps of the current epoch
	clock epochs
	t     int // accumulated steps
	// wt, if non-nil, holds |a_i|·wc_i for weighted draws (weighted.go).
	wt *SumTree
	wc []float64
}

// coord is one coordinate's state; aux is free for a core's own use (EG
// keeps u_i there).
type coord struct {
	a, acc, last, aux float64
}

// NewLazy returns w = a (s = 1), with a copied from w0, and an empty sum.
func NewLazy(w0 []float64) *Lazy {
	l := &Lazy{c: make([]coord, len(w0)), ep: make([]uint32, len(w0)), s: 1, clock: newEpochs()}
	for i, v := range w0 {
		l.c[i].a = v
	}
	return l
}

// Dim returns the length of w.
func (l *Lazy) Dim() int { return len(l.c) }

// W returns w_i.
func (l *Lazy) W(i int) float64 { return l.s * l.c[i].a }

// A returns a_i (w_i = Scale()·A(i)).
func (l *Lazy) A(i int) float64 { return l.c[i].a }

// Scale returns s.
func (l *Lazy) Scale() float64 { return l.s }

// SetScale sets s; w changes everywhere at O(1) cost.
func (l *Lazy) SetScale(s float64) { l.s = s }

// rebaseRatio bounds S/s. A coordinate's owed sum a_i(S − last_i) is a
// difference of two prefix sums; when S is much larger than the recent
// scales (s shrinking by projections, or simply many steps) that
// difference loses relative precision ε·S/(S − last_i). Starting a new
// epoch (S restarts at 0; O(1) plus O(epochs)) keeps the relative error of
// the average below about ε·rebaseRatio ≈ 2e-12 (see epochs).
const rebaseRatio = 1e4

// Accumulate adds the current w to the running sum.
func (l *Lazy) Accumulate() {
	l.S += l.s
	l.t++
	if l.S > rebaseRatio*math.Abs(l.s) {
		l.newEpoch()
	}
}

// newEpoch closes the current epoch and restarts S at 0. When the epochs
// outnumber d/16, every coordinate is brought to the current epoch and the
// count restarts (O(d), at most once per d/16 epochs).
func (l *Lazy) newEpoch() {
	if l.clock.count() >= max(64, len(l.c)/16) {
		l.rebase()
		return
	}
	l.clock.next([2]float64{l.S})
	l.S = 0
}

// rebase moves every coordinate's owed part of the sum into acc and
// restarts S and the epochs at 0. O(d).
func (l *Lazy) rebase() {
	for i := range l.c {
		l.c[i].acc += l.owed(i)
		l.c[i].last, l.ep[i] = 0, 0
	}
	l.S = 0
	l.clock.reset()
}

// owed returns coordinate i's part of the sum since its last touch:
// a_i·Σ s_τ over the steps since.
func (l *Lazy) owed(i int) float64 {
	c := &l.c[i]
	if e := l.ep[i]; e != l.clock.epoch {
		return c.a * l.clock.since(0, e, c.last, l.S)
	}
	return c.a * (l.S - c.last)
}

// Steps returns the number of accumulated iterates.
func (l *Lazy) Steps() int { return l.t }

// SetA sets a_i = v (so w_i = s·v), keeping the running sum exact.
func (l *Lazy) SetA(i int, v float64) {
	l.flush(i)
	l.c[i].a = v
	if l.wt != nil {
		l.wt.Set(i, math.Abs(v)*l.wc[i])
	}
}

// flush moves coordinate i's lazily owed part of the sum into acc.
func (l *Lazy) flush(i int) {
	c := &l.c[i]
	c.acc += l.owed(i)
	c.last, l.ep[i] = l.S, l.clock.epoch
}

// Fold multiplies every a_i by f and divides s by f (w is unchanged), for
// keeping s and a in floating-point range. O(d); callers do it rarely.
func (l *Lazy) Fold(f float64) {
	l.rebase()
	for i := range l.c {
		l.c[i].a *= f
	}
	l.s /= f
	l.rebuildWeighted()
}

// Sum writes Σ_τ w_τ (over the accumulated steps) into dst.
func (l *Lazy) Sum(dst []float64) {
	for i := range l.c {
		dst[i] = l.c[i].acc + l.owed(i)
	}
}

// Average writes the mean of the accumulated iterates into dst (zero if
// none was accumulated).
func (l *Lazy) Average(dst []float64) {
	if l.t == 0 {
		clear(dst)
		return
	}
	l.Sum(dst)
	inv := 1 / float64(l.t)
	for i := range dst {
		dst[i] *= inv
	}
}

// Current writes w into dst.
func (l *Lazy) Current(dst []float64) {
	for i := range l.c {
		dst[i] = l.s * l.c[i].a
	}
}

// Dot returns w·x for a dense x (len d), O(d).
func (l *Lazy) Dot(x []float64) float64 {
	var s float64
	for i := range l.c {
		s += l.c[i].a * x[i]
	}
	return l.s * s
}

// Hint asks for coordinate i's records (see package prefetch): a step
// that will read or update w_i calls it when it knows i.
func (l *Lazy) Hint(i int) {
	prefetch.At(l.c, i)
	prefetch.At(l.ep, i)
	if l.wt != nil { // SetA keeps the weighted tree too
		prefetch.At(l.wc, i)
		l.wt.Hint(i)
	}
}
