package core

import "math"

// EG is the state of the exponentiated gradient algorithm EG± on the l1
// ball of radius B with averaging (the update of AELR, GAELR, DDAELR and
// online lasso; Kivinen & Warmuth 1997). Its weights are z⁺_i = e^{u_i} and
// z⁻_i = e^{−u_i} (they start at 1 and move by e^{∓η g_i}, so one
// logarithm u_i per coordinate suffices) and
//
//	w_i = B (z⁺_i − z⁻_i)/Σ_j (z⁺_j + z⁻_j) = B sinh(u_i)/Σ_j cosh(u_j).
//
// It keeps w = s·a with a_i = sinh(u_i)e^{−M}, s = B/Σ_j cosh(u_j)e^{−M}
// and a global offset M so that nothing overflows; the normaliser and
// ||w||₁ are SumTrees (no drift, and j ∝ |w_j| is drawn from the second),
// and the running sum of the iterates is kept lazily. Changing k of the u_i
// costs O(k log d); there is no pass over d per step, except an O(d)
// re-centring of M when some |u_i| moves 700 beyond it.
type EG struct {
	*Lazy
	B  float64
	M  float64   // u_i = log z⁺_i is kept in the coordinate record (aux)
	eM float64   // e^{−M}
	tr *PairTree // (|a_i|, cosh(u_i)e^{−M}): ||w||₁'s draws and the normaliser
	ab []float64 // scratch for recentre
	ch []float64
	// hyp[i] caches sinh(u_i) and cosh(u_i) (unscaled, |u_i| < 20) at the
	// u_i they were computed for: a dense step (AddUDense) re-centres every
	// coordinate, and on a table of mostly zero attributes most u_i have
	// not moved. nil until the first dense step.
	hyp []hypCache
}

// hypCache is one coordinate's cached sinh and cosh (see EG.hyp); u holds
// the bits of the u_i they belong to (NaN: none).
type hypCache struct {
	u      uint64
	sh, ch float64
}

// expRange is how far |u_i| − M may grow before M is re-centred
// (e^700 < MaxFloat64 = e^709.8).
const expRange = 700

// NewEG returns the state at u = 0 (w = 0) for d coordinates and radius B.
func NewEG(d int, B float64) *EG {
	e := &EG{Lazy: NewLazy(make([]float64, d)), B: B, tr: NewPairTree(d), ab: make([]float64, d), ch: make([]float64, d)}
	e.recentre()
	return e
}

// sinhCosh returns sinh(u)e^{−M} and cosh(u)e^{−M} without overflow for
// |u| − M ≤ expRange; eM = e^{−M}. One expm1 serves both, accurate for
// small |u| too: with E = e^{|u|} − 1, sinh|u| = E(E+2)/(2(E+1)) and
// cosh u = ((E+1) + 1/(E+1))/2.
func sinhCosh(u, M, eM float64) (sh, ch float64) {
	a := math.Abs(u)
	if a < 20 {
		E := math.Expm1(a)
		p := E + 1
		return math.Copysign(E*(E+2)/(2*p), u) * eM, (p + 1/p) / 2 * eM
	}
	p, n := math.Exp(a-M), math.Exp(-a-M)
	return math.Copysign((p-n)/2, u), (p + n) / 2
}

// recentre sets M = max|u_i| and recomputes every coordinate, O(d).
func (e *EG) recentre() { e.recentreAt(maxAbsAux(e.c, nil)) }

// recentreAt is recentre with M = max|u_i| given.
func (e *EG) recentreAt(M float64) {
	e.M, e.eM = M, math.Exp(-M)
	if e.hyp != nil {
		e.recentreCached()
	} else {
		for i := range e.c {
			e.flush(i)
			c := &e.c[i]
			c.a, e.ch[i] = sinhCosh(c.aux, M, e.eM)
			e.ab[i] = math.Abs(c.a)
		}
	}
	e.tr.Build(e.ab, e.ch)
	_, t := e.tr.Totals()
	e.s = e.B / t
	e.rebuildWeighted()
}

// NewEGAt returns the state whose weights are w (||w||₁ < B, len d) with
// an empty sum: the warm start of a second phase from a first phase's
// output. It solves B·sinh(u_i)/Σ_j cosh(u_j) = w_i: with a_i = w_i/B and
// C = Σ_j cosh(u_j), sinh(u_i) = a_i·C and C is the root of
// Σ_j √(1 + (a_j C)²) − C, a convex function that is d at 0 and falls
// with slope ||a||₁ − 1 < 0, so Newton's method from 0 rises to it
// monotonically. It returns ok = false if ||w||₁ ≥ B (no EG± weights
// represent w) or w is not finite.
func NewEGAt(w []float64, B float64) (e *EG, ok bool) {
	var n1 float64
	for _, v := range w {
		n1 += math.Abs(v)
	}
	if !(n1 < B) || math.IsNaN(n1) {
		return nil, false
	}
	C := 0.0
	for range 200 {
		g, dg := -C, -1.0
		for _, v := range w {
			a := v / B
			r := math.Sqrt(1 + a*a*C*C)
			g += r
			dg += a * a * C / r
		}
		next := C - g/dg
		if next <= C*(1+1e-15) {
			break
		}
		C = next
	}
	e = NewEG(len(w), B)
	for i, v := range w {
		e.c[i].aux = math.Asinh(v / B * C)
	}
	e.recentre()
	return e, true
}

// U returns u_i = log z⁺_i.
func (e *EG) U(i int) float64 { return e.c[i].aux }

// Norm1 returns ||w||₁.
func (e *EG) Norm1() float64 { a, _ := e.tr.Totals(); return e.s * a }

// SampleAbs returns j drawn with probability |w_j|/||w||₁, given u uniform
// in [0, 1). w must be non-zero.
func (e *EG) SampleAbs(u float64) int { a, _ := e.tr.Totals(); return e.tr.Sample(u * a) }

// AddU adds delta to u_i (z⁺_i ← z⁺_i e^{delta}, z⁻_i ← z⁻_i e^{−delta}).
func (e *EG) AddU(i int, delta float64) {
	u := e.c[i].aux + delta
	e.c[i].aux = u
	if math.Abs(u)-e.M > expRange {
		e.recentre()
		return
	}
	a, c := sinhCosh(u, e.M, e.eM)
	e.SetA(i, a)
	e.tr.Set(i, math.Abs(a), c)
	e.refresh()
}

// maxAbsAux adds delta_i (if delta is not nil, len(c)) to every c_i.aux
// and returns max(0, max_i |c_i.aux|). The maximum is exact, so four
// running maxima (no chain of dependent comparisons) give the same bits as
// one; an Inf or a NaN shows in chk (a·0 is 0 for every finite a), and
// then the maximum is taken again by the builtin max in one chain, so that
// a NaN comes out with the bits it always had.
func maxAbsAux(c []coord, delta []float64) float64 {
	var m, chk [4]float64
	at := func(i int) float64 {
		if delta != nil {
			c[i].aux += delta[i]
		}
		return math.Abs(c[i].aux)
	}
	i := 0
	for ; i+4 <= len(c); i += 4 {
		for j := range 4 {
			a := at(i + j)
			if a > m[j] {
				m[j] = a
			}
			chk[j] += a * 0
		}
	}
	for ; i < len(c); i++ {
		a := at(i)
		if a > m[0] {
			m[0] = a
		}
		chk[0] += a * 0
	}
	if s := chk[0] + chk[1] + chk[2] + chk[3]; s != s { // an Inf or a NaN: the one-chain loop, NaN's bits and all
		var M float64
		for i := range c {
			M = max(M, math.Abs(c[i].aux))
		}
		return M
	}
	return max(m[0], m[1], m[2], m[3])
}

// recentreCached is recentre's pass over the coordinates with the sinh and
// cosh of every u_i that has not moved since its last pass taken from
// e.hyp: the same arithmetic as sinhCosh (the cached value times e^{−M}),
// so every bit of the result is the same, without an exponential for
// those coordinates.
//
// The flush of each coordinate's owed sum (Lazy.flush) is written out here
// for a coordinate last flushed in the current epoch, as every coordinate
// is after a dense step in the same epoch: acc += a·(S − last), the
// expression of Lazy.owed (an earlier epoch's goes through owed).
func (e *EG) recentreCached() {
	M, eM := e.M, e.eM
	S, epoch := e.S, e.clock.epoch
	n := len(e.c)
	cs, hyp, ch, ab, ep := e.c[:n], e.hyp[:n], e.ch[:n], e.ab[:n], e.ep[:n]
	for i := range cs {
		c := &cs[i]
		if ep[i] == epoch {
			c.acc += c.a * (S - c.last)
		} else {
			c.acc += e.owed(i)
			ep[i] = epoch
		}
		c.last = S
		if u := c.aux; math.Abs(u) < 20 {
			h := &hyp[i]
			if b := math.Float64bits(u); h.u != b {
				E := math.Expm1(math.Abs(u))
				p := E + 1
				h.u, h.sh, h.ch = b, math.Copysign(E*(E+2)/(2*p), u), (p+1/p)/2
			}
			c.a, ch[i] = h.sh*eM, h.ch*eM
		} else {
			c.a, ch[i] = sinhCosh(u, M, eM)
		}
		ab[i] = math.Abs(c.a)
	}
}

// AddUDense adds delta (len d) to u, O(d).
func (e *EG) AddUDense(delta []float64) {
	if e.hyp == nil {
		e.hyp = make([]hypCache, len(e.c))
		for i := range e.hyp {
			e.hyp[i].u = math.Float64bits(math.NaN())
		}
	}
	e.recentreAt(maxAbsAux(e.c, delta[:len(e.c)]))
}

// refresh recomputes s from the normaliser, re-centring M when every
// coordinate has become tiny relative to it.
func (e *EG) refresh() {
	_, t := e.tr.Totals()
	if t < 1e-280 {
		e.recentre()
		return
	}
	e.s = e.B / t
}

// Hint asks for what an AddU(i, ·) or W(i) reads (see package
// prefetch).
func (e *EG) Hint(i int) {
	e.Lazy.Hint(i)
	e.tr.a.Hint(i)
	e.tr.b.Hint(i)
}
