package lao

import (
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
	"github.com/laoproject/lao/lao/internal/prefetch"
)

// GenEst is Procedure 3 of Hazan & Koren 2012 (§4.1): an unbiased estimate
// of f'(w·x − y) for an analytic loss f, from the Taylor coefficients a_n
// of f' and a few attributes of x drawn with probability w_j²/||w||₂²:
//
//	1: N = ⌈4B²⌉
//	2: choose n ≥ 0 with probability 2^−(n+1)
//	3-7:  if n ≤ 2 log₂ N: θ_r = ||w||²x[j]/w[j] − y from one draw j (r = 1..n)
//	8-12: else: θ_r = (1/N)Σ_{s=1..N} ||w||²x[j_s]/w[j_s] − y from N draws
//	14: φ̂ = 2^{n+1}·a_n·θ_1⋯θ_n
//
// Lemma 4.1: E[φ̂] = f'(w·x − y), and if ||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B the
// expected number of attributes used is at most 3 (MeanDraws gives the
// exact expected number of draws, at most 2; distinct attributes can only
// be fewer). Unbiasedness needs Σ|a_n|·(2B)ⁿ < ∞, since E|θ_r| ≤
// ||w||₂||x||₂ + |y| ≤ 2B: NewGenEst refuses a series whose radius of
// convergence is not above 2B.
//
// Estimate generalises the input (w, x, y) to (w, s·x, y) for a scale s,
// which is how AESVR feeds it x/ε (Algorithm 4) and how a classification
// loss f(y·w·x) feeds it s = y, y = 0. Attributes are read only through the
// Example handle, so the handle counts and caps them.
//
// The paper states E[φ̂²] ≤ exp(O(log² B)) ("proof omitted"). The exact second
// moment (SecondMoment) is Σ_n 2^{n+1}a_n²·E[θ̃²]ⁿ ≥ Σ_n 2^{n+1}a_n²θ^{2n};
// for ρ' = erf this is of order exp(4θ²), so the estimator is only
// practical for |w·x − y| of order 1.
type GenEst struct {
	f    Analytic
	b    float64
	n    int // N = ⌈4B²⌉
	lmax int // the largest n of the first branch: 2^lmax ≤ N² < 2^{lmax+1}
	w    l2Sampler
}

// l2Sampler is what GenEst needs of w: ||w||₂², draws of j with
// probability w_j²/||w||₂² and w_j. core.Ball (AESVR's iterate) provides
// them in O(log d); SetW builds one from a dense w.
type l2Sampler interface {
	Norm2() float64
	SampleSq(u float64) int
	W(j int) float64
	Dim() int
}

// maxGenEstB caps B so that N = ⌈4B²⌉ stays an exact integer (4B² ≤ 2^50).
const maxGenEstB = 1 << 24

// NewGenEst returns Procedure 3 for the loss f with the norm bound B
// (N = ⌈4B²⌉). Errors name the parameter: B must be positive, finite and at
// most 2^24; f.Coef must be set; f's radius of convergence (declared, or
// estimated when f.Radius is 0) must exceed 2B, the largest |w·x − y| the
// estimator's terms reach in expectation.
func NewGenEst(f Analytic, B float64) (*GenEst, error) {
	if !(B > 0) || B > maxGenEstB {
		return nil, paramErr("genest", "B", "= %g must be in (0, 2^24]", B)
	}
	if f.Coef == nil {
		return nil, paramErr("genest", "Coef", "of loss %q is nil: the Taylor coefficients of f' are required", f.Name)
	}
	if f.Radius < 0 || math.IsNaN(f.Radius) {
		return nil, paramErr("genest", "Radius", "= %g of loss %q must be ≥ 0 (0: estimate it)", f.Radius, f.Name)
	}
	need := 2 * B
	if f.Radius == 0 {
		r := RootTestRadius(f.Coef)
		if !(r > need) {
			return nil, paramErr("genest", "Coef", "of loss %q: the series Σ a_n zⁿ diverges at |z| = 2B = %g (root test on a_64..a_128 gives radius %.4g); declare Radius if it is larger", f.Name, need, r)
		}
	} else if !(f.Radius > need) {
		return nil, paramErr("genest", "B", "= %g: loss %q's series Σ a_n zⁿ has radius of convergence %g, but GenEst needs it to converge absolutely at |z| = 2B = %g", B, f.Name, f.Radius, need)
	}
	g := &GenEst{f: f, b: B, n: int(math.Ceil(4 * B * B))}
	nn := float64(g.n) * float64(g.n)
	for math.Ldexp(1, g.lmax+1) <= nn {
		g.lmax++
	}
	return g, nil
}

// RootTestRadius estimates the radius of convergence of Σ a_n zⁿ by the
// Cauchy–Hadamard root test on n = 64..128: 1/max |a_n|^{1/n}. It is +Inf
// if those coefficients are all 0.
func RootTestRadius(coef func(int) float64) float64 {
	var lim float64
	for n := 64; n <= 128; n++ {
		a := math.Abs(coef(n))
		if math.IsNaN(a) || math.IsInf(a, 0) {
			return 0
		}
		if a > 0 {
			lim = max(lim, math.Exp(math.Log(a)/float64(n)))
		}
	}
	if lim == 0 {
		return math.Inf(1)
	}
	return 1 / lim
}

// N returns N = ⌈4B²⌉, the number of draws each θ_r averages in the second
// branch.
func (g *GenEst) N() int { return g.n }

// Branch returns the largest n of the first branch, ⌊2 log₂ N⌋.
func (g *GenEst) Branch() int { return g.lmax }

// Loss returns the analytic loss.
func (g *GenEst) Loss() Analytic { return g.f }

// MeanDraws is the exact expected number of attribute draws per call,
// Σ_{n ≤ L} n·2^{−(n+1)} + Σ_{n > L} nN·2^{−(n+1)} = 1 + (N − 1)(L + 2)/2^{L+1}
// with L = ⌊2 log₂ N⌋. It is at most 2 for every N (Lemma 4.1 states 3);
// distinct attributes can only be fewer. (If w = 0 nothing is drawn.)
func (g *GenEst) MeanDraws() float64 {
	l := float64(g.lmax)
	return 1 + float64(g.n-1)*(l+2)*math.Ldexp(1, -(g.lmax+1))
}

// SetW sets the regressor w the next estimates use and prepares the draws
// with probability w_j²/||w||₂² (a copy of w in a sum tree: O(d) once, then
// O(log d) per draw). Entries must be finite.
func (g *GenEst) SetW(w []float64) error {
	for j, v := range w {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return fmt.Errorf("genest: w[%d] = %g: %w", j, v, ErrNotFinite)
		}
	}
	g.w = core.NewBall(w)
	return nil
}

// Estimate returns φ̂ with E[φ̂] = f'(s·(w·x) − y) for the example behind ex
// and the w of the last SetW: Procedure 3 with input (w, s·x, y). It reads
// attributes only through ex; a refusal of the handle (budget spent) is
// returned as an error wrapping ErrBudgetExceeded. rng drives the draws.
func (g *GenEst) Estimate(ex *Example, s, y float64, rng *rand.Rand) (phi float64, err error) {
	switch {
	case g.w == nil:
		return 0, fmt.Errorf("genest: Estimate before SetW: %w", ErrParam)
	case ex.Dim() != g.w.Dim():
		return 0, fmt.Errorf("genest: example has d = %d attributes, w has %d: %w", ex.Dim(), g.w.Dim(), ErrShape)
	case rng == nil:
		return 0, fmt.Errorf("genest: nil random generator: %w", ErrParam)
	case math.IsNaN(s) || math.IsInf(s, 0) || math.IsNaN(y) || math.IsInf(y, 0):
		return 0, fmt.Errorf("genest: s = %g, y = %g: %w", s, y, ErrNotFinite)
	}
	defer recoverBudget(&err, "genest")
	return g.estimate(ex, g.w, s, y, rng), nil
}

// estimate is Procedure 3 (lines numbered as in the paper) at the w behind
// the sampler, each draw read as it is made (the plain transcription; the
// AESVR learner uses estimateDrawn); the handle panics with a *BudgetError
// on a refused attribute.
func (g *GenEst) estimate(ex *Example, w l2Sampler, s, y float64, rng *rand.Rand) float64 {
	n := geometricHalf(rng) // line 2: P[n] = 2^−(n+1)
	return g.product(n, y, func(int) float64 { return innerDraw(ex, w, s, rng) })
}

// product is lines 3-14 of Procedure 3 for n: θ_i = draw − y (n ≤ L) or
// the mean of N draws − y, and 2^{n+1}·a_n·θ_1⋯θ_n. draw(r) returns the
// r-th inner-product draw, r = 0, 1, … in order.
func (g *GenEst) product(n int, y float64, draw func(r int) float64) float64 {
	prod := 1.0
	if n <= g.lmax { // lines 3-7
		for r := range n {
			prod *= draw(r) - y
		}
	} else { // lines 8-12
		inv := 1 / float64(g.n)
		for i := range n {
			var sum float64
			for r := range g.n {
				sum += draw(i*g.n + r)
			}
			prod *= sum*inv - y
		}
	}
	a := g.f.Coef(n)
	if a == 0 { // 0·(a possibly huge product) is 0
		return 0
	}
	return math.Ldexp(a*prod, n+1) // line 14: 2^{n+1}·a_n·θ_1⋯θ_n
}

// hintedL2 is an l2Sampler that can ask for a coordinate's records ahead
// of reading them (core.Ball).
type hintedL2 interface {
	l2Sampler
	Hint(j int)
}

// maxBatchedDraws is the most draws AESVR's GenEst holds at once (n·N
// can be large when B is: N = ⌈4B²⌉).
const maxBatchedDraws = 1 << 12

// estimateDrawn is estimate with the draws made ahead, up to chunk at a
// time, and each chunk's attributes read in one batch (Example.Attrs), so
// that their cache misses overlap one another and w's records (hinted at
// d ≥ 2^13): the same random numbers in the same order and the same
// arithmetic in the same order as estimate, so the same φ̂ to the bit (the
// plain AESVR of reference.go reads draw by draw;
// TestGenEstDrawnMatchesEstimate, TestAESVRReferenceMatchesFast).
func (g *GenEst) estimateDrawn(ex *Example, w hintedL2, s, y float64, rng *rand.Rand, b *drawnReads, chunk int) float64 {
	return g.estimateDrawnN(geometricHalf(rng), ex, w, s, y, rng, b, chunk) // line 2
}

// estimateDrawnN is estimateDrawn for the n of line 2 already drawn.
func (g *GenEst) estimateDrawnN(n int, ex *Example, w hintedL2, s, y float64, rng *rand.Rand, b *drawnReads, chunk int) float64 {
	n2 := w.Norm2()
	if n2 == 0 { // w = 0: every draw is exactly 0 and reads nothing
		return g.product(n, y, func(int) float64 { return 0 })
	}
	total := g.draws(n)
	far := prefetch.Far(ex.Dim())
	var vals []float64
	from, to := 0, 0 // the draws held: from ≤ r < to
	return g.product(n, y, func(r int) float64 {
		if r >= to {
			from, to = r, min(r+chunk, total)
			_, vals = b.draw(ex, to-from, func() int { return sampleHinted(w, rng, far) })
		}
		return s * n2 * vals[r-from] / w.W(b.pick[r-from])
	})
}

// draws is the number of inner-product draws lines 3-12 make for n: n, or
// n·N past the first branch.
func (g *GenEst) draws(n int) int {
	if n > g.lmax {
		return n * g.n
	}
	return n
}

// sampleHinted draws j with probability w_j²/||w||² and, when far, asks for
// w's record of j, which the estimate reads after the batch.
func sampleHinted(w hintedL2, rng *rand.Rand, far bool) int {
	j := w.SampleSq(rng.Float64())
	if far {
		w.Hint(j)
	}
	return j
}

// drawAhead draws line 2's n and, if its draws number at most room,
// appends them to pick (none when w = 0, whose draws read nothing) and
// reports ok: a caller that reads several estimates' attributes in one
// batch (AESVR: x̃ and both calls) computes φ̂ with productAhead from the
// values read. If they do not fit, nothing more is drawn and the caller
// finishes with estimateDrawnN. The random numbers are estimateDrawn's, in
// its order.
func (g *GenEst) drawAhead(w hintedL2, rng *rand.Rand, pick []int, room int, far bool) (n int, _ []int, ok bool) {
	n = geometricHalf(rng)
	if w.Norm2() == 0 {
		return n, pick, true
	}
	total := g.draws(n)
	if total > room {
		return n, pick, false
	}
	for range total {
		pick = append(pick, sampleHinted(w, rng, far))
	}
	return n, pick, true
}

// productAhead is estimateDrawnN's φ̂ from the draws drawAhead made (idx)
// and their values: the same arithmetic in the same order.
func (g *GenEst) productAhead(n int, w hintedL2, s, y float64, idx []int, vals []float64) float64 {
	n2 := w.Norm2()
	if n2 == 0 {
		return g.product(n, y, func(int) float64 { return 0 })
	}
	return g.product(n, y, func(r int) float64 { return s * n2 * vals[r] / w.W(idx[r]) })
}

// innerDraw returns s·||w||²·x[j]/w[j] for j drawn with probability
// w_j²/||w||² (lines 5-6 and 10-11): an unbiased estimate of s·(w·x) from one
// attribute. If w = 0 the inner product is exactly 0 and nothing is read.
func innerDraw(ex *Example, w l2Sampler, s float64, rng *rand.Rand) float64 {
	n2 := w.Norm2()
	if n2 == 0 {
		return 0
	}
	j := w.SampleSq(rng.Float64())
	return s * n2 * ex.Attr(j) / w.W(j)
}

// geometricHalf draws n ≥ 0 with P[n] = 2^−(n+1): the number of trailing
// zero bits of uniform 64-bit words (a word of 64 zeros adds 64 and draws
// again, so the law is exact).
func geometricHalf(rng *rand.Rand) int {
	n := 0
	for {
		if u := rng.Uint64(); u != 0 {
			return n + bits.TrailingZeros64(u)
		}
		n += 64
	}
}

// SecondMoment returns the exact E[φ̂²] of Estimate for the full row x (a
// diagnostic outside the protocol: it reads all of x): with
// θ = s·(w·x) − y, V₁ = E[θ̃_r²] of one draw = s²||w||²Σ_{w_j≠0}x_j² −
// 2sy(w·x) + y² and V_N = θ² + (V₁ − θ²)/N,
//
//	E[φ̂²] = Σ_{n ≤ L} 2^{n+1}a_n²V₁ⁿ + Σ_{n > L} 2^{n+1}a_n²V_Nⁿ.
//
// It is +Inf when the series diverges or exceeds the float64 range. The
// variance is SecondMoment − f'(θ)².
func (g *GenEst) SecondMoment(w, x []float64, s, y float64) float64 {
	var n2, sx2, wx float64
	for j, v := range w {
		if v != 0 {
			n2 += v * v
			sx2 += x[j] * x[j]
			wx += v * x[j]
		}
	}
	theta := s*wx - y
	v1 := s*s*n2*sx2 - 2*s*y*wx + y*y
	if n2 == 0 {
		v1 = y * y
	}
	vn := theta*theta + (v1-theta*theta)/float64(g.n)
	return seriesSecondMoment(g.f, g.lmax, v1, vn)
}

// seriesSecondMoment sums Σ_n 2^{n+1}a_n²Vⁿ (V = v1 for n ≤ lmax, vn
// beyond) in the log domain, until the terms past the peak are negligible.
// ln|a_n| comes from f.LogAbsCoef when f has it; otherwise from f.Coef,
// and a sum whose terms still matter where a_n underflows is +Inf.
func seriesSecondMoment(f Analytic, lmax int, v1, vn float64) float64 {
	const nmax = 1 << 14
	logSum, quiet := math.Inf(-1), 0
	for n := 0; n <= nmax; n++ {
		la, underflow := logAbsCoef(f, n)
		if math.IsNaN(la) || math.IsInf(la, 1) {
			return math.Inf(1)
		}
		v := max(v1, 0) // E[θ̃²] ≥ 0; rounding may leave −0.0…
		if n > lmax {
			v = max(vn, 0)
		}
		if math.IsInf(la, -1) || (v == 0 && n > 0) {
			quiet++
		} else {
			lt := float64(n+1)*math.Ln2 + 2*la + float64(n)*math.Log(v)
			if lt > logSum-40 {
				if underflow { // the coefficients underflow while the terms still matter
					return math.Inf(1)
				}
				quiet = 0
			} else {
				quiet++
			}
			logSum = logAddExp(logSum, lt)
		}
		if n > 64 && quiet > 64 {
			return math.Exp(logSum)
		}
	}
	return math.Inf(1)
}

// logAbsCoef returns ln|a_n| of f and whether it is unreliable: a_n from
// f.Coef below 1e-300 (underflowing) when f has no LogAbsCoef.
func logAbsCoef(f Analytic, n int) (float64, bool) {
	if f.LogAbsCoef != nil {
		return f.LogAbsCoef(n), false
	}
	a := math.Abs(f.Coef(n))
	if math.IsNaN(a) {
		return math.NaN(), false
	}
	return math.Log(a), a != 0 && a < 1e-300
}

func logAddExp(a, b float64) float64 {
	if math.IsInf(a, -1) {
		return b
	}
	if a < b {
		a, b = b, a
	}
	return a + math.Log1p(math.Exp(b-a))
}
