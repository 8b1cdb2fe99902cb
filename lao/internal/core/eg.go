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
func (e *EG) recentre() {
	var M float64
	for i := range e.c {
		M = max(M, math.Abs(e.c[i].aux))
	}
	e.M, e.eM = M, math.Exp(-M)
	for i := range e.c {
		e.flush(i)
		c := &e.c[i]
		c.a, e.ch[i] = sinhCosh(c.aux, M, e.eM)
		e.ab[i] = math.Abs(c.a)
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

// AddUDense adds delta (len d) to u, O(d).
func (e *EG) AddUDense(delta []float64) {
	for i, v := range delta {
		e.c[i].aux += v
	}
	e.recentre()
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
