package lao

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Reference returns a solver that runs s's algorithm with the plain
// implementation: a dense iterate, the average updated by a pass over all
// d coordinates, the inner-product draws by a linear scan, the l1
// projection by sorting — the pseudo-code as printed, O(d) per example
// (O(d log d) for AER). Same seed, same draws: its iterates equal s's to
// rounding (TestFastPathsMatchPlainReferencesLong). It exists to verify and
// to measure the fast cores (lao bench); it fails with ErrParam for
// solvers whose learner has no separate fast path (Baseline, the offline
// references and Murata & Suzuki's solvers, whose learners are the plain
// algorithm).
func Reference(s Solver) (Solver, error) {
	switch s.(type) {
	case *AERR, *GAERR, *DDAERR, *AELR, *GAELR, *DDAELR, *AER, *Centroid, *TwoPhasedDDAERR, *TwoPhasedDDAELR,
		*OnlineRidge, *OnlineLasso, *AESVR:
		return &referenceSolver{Solver: s}, nil
	}
	return nil, fmt.Errorf("lao: Reference: %s has no separate plain implementation: %w", s.Name(), ErrParam)
}

type referenceSolver struct{ Solver }

// Start starts s and replaces its learner by the plain one, built from the
// parameters the fast learner resolved.
func (r *referenceSolver) Start(p Problem) (Learner, Budget, error) {
	l, b, err := r.Solver.Start(p)
	if err != nil {
		return nil, b, err
	}
	pl := plainLearner(l, p.D)
	if pl == nil { // not reached for the solvers Reference accepts
		return nil, b, fmt.Errorf("lao: Reference: no plain learner for %s's %T: %w", r.Name(), l, ErrParam)
	}
	return pl, b, nil
}

// plainLearner returns the plain counterpart of a fast learner at the same
// state (the start of a fit), or nil if it has none.
func plainLearner(l Learner, d int) Learner {
	switch l := l.(type) {
	case *aerrLearner:
		w := make([]float64, d)
		l.w.Current(w)
		return &plainAERR{q: l.q, k: l.k, o: l.o, B: l.B, eta: l.eta, rng: l.rng, w: w,
			sum: make([]float64, d), sq: make([]float64, d), G: make([]float64, d), xt: newSparseVec(d)}
	case *aelrLearner:
		u := make([]float64, d)
		for i := range u {
			u[i] = l.z.U(i) // w_1 = 0, or the warm start
		}
		return &plainAELR{q: l.q, k: l.k, o: l.o, B: l.B, eta: l.eta, rng: l.rng, u: u,
			w: make([]float64, d), sum: make([]float64, d), ab: make([]float64, d), xt: newSparseVec(d)}
	case *aerLearner:
		p := &plainAER{aerLearner: l, w: make([]float64, d), sum: make([]float64, d),
			ab: make([]float64, d), scratch: make([]float64, d)}
		p.sampler = &plainL1{p.w, p.ab}
		return p
	case *twoPhasedLearner:
		l.plain = true
		if l.first != nil {
			l.first = plainLearner(l.first, d).(drawRecorder)
		}
		return l
	case *onlineRidgeLearner:
		return &plainOnline{B: l.B, eta: l.eta, ada: l.ada, w: make([]float64, d), sum: make([]float64, d),
			x: make([]float64, d), u: make([]float64, d)}
	case *aesvrLearner:
		w := make([]float64, d)
		l.w.Current(w)
		return &plainAESVR{p: l.p, rng: l.rng, w: &plainL2{w: w}, sum: make([]float64, d), xt: newSparseVec(d)}
	case *onlineLassoLearner:
		return &plainOnline{B: l.z.B, eta: l.eta, eg: true, w: make([]float64, d), sum: make([]float64, d),
			x: make([]float64, d), u: make([]float64, d)}
	}
	return nil
}

// plainAERR is AERR/GAERR (Hazan & Koren 2012, Alg. 1; Kukliansky &
// Shamir 2015, Alg. 1) with a dense iterate.
type plainAERR struct {
	q      *aliasTable
	k      int
	o      estOpts
	B, eta float64
	rng    *rand.Rand
	w, sum []float64
	sq, G  []float64
	t      int
	xt     *sparseVec
}

func (l *plainAERR) Observe(ex *Example) {
	l.t++
	for i, v := range l.w {
		l.sum[i] += v
	}
	xEstimate(ex, l.k, l.q, l.rng, l.xt)
	var yw float64
	if l.o.innerC != nil {
		yw = plainWeightedInner(ex, l.w, l.o.innerC, l.sq, l.o.r, l.rng)
	} else {
		var n2 float64
		for j, v := range l.w {
			l.sq[j] = v * v
			n2 += l.sq[j]
		}
		for range l.o.r {
			if n2 > 0 {
				j := scan(l.sq, n2, l.rng)
				yw += n2 * ex.Attr(j) / l.w[j]
			}
		}
		yw /= float64(l.o.r)
	}
	phi := yw - ex.Label()
	for a, i := range l.xt.idx {
		if l.o.ada { // AdaGrad: G_i += g_i², w_i −= η g_i/√G_i (nothing for g_i = 0)
			g := phi * l.xt.vals[a]
			if g == 0 {
				continue
			}
			l.G[i] += g * g
			l.w[i] -= l.eta * g / math.Sqrt(l.G[i])
			continue
		}
		l.w[i] -= l.eta * phi * l.xt.vals[a]
	}
	if n := math.Sqrt(dot(l.w, l.w)); n > l.B {
		for i := range l.w {
			l.w[i] *= l.B / n
		}
	}
}

func (l *plainAERR) Weights(dst []float64) { plainAverage(dst, l.sum, l.t) }
func (l *plainAERR) xDraws() []int         { return l.xt.draws }

// plainWeightedInner is the mean of r draws of w_j x_j/p_j with
// p_j = |w_j|c_j/Σ_i|w_i|c_i, by a linear scan (scratch has length d).
func plainWeightedInner(ex *Example, w, c, scratch []float64, r int, rng *rand.Rand) float64 {
	var W float64
	for j, v := range w {
		scratch[j] = math.Abs(v) * c[j]
		W += scratch[j]
	}
	if W == 0 {
		return 0
	}
	var s float64
	for range r {
		j := scan(scratch, W, rng)
		s += w[j] * ex.Attr(j) / (scratch[j] / W)
	}
	return s / float64(r)
}

// plainAELR is AELR/GAELR (Hazan & Koren 2012, Alg. 2; Kukliansky &
// Shamir 2015, Alg. 3) with the EG± weights recomputed densely every step.
type plainAELR struct {
	q             *aliasTable
	k             int
	o             estOpts
	B, eta        float64
	rng           *rand.Rand
	u, w, sum, ab []float64
	t             int
	xt            *sparseVec
}

func (l *plainAELR) Observe(ex *Example) {
	l.t++
	egDense(l.w, l.u, l.B)
	for i, v := range l.w {
		l.sum[i] += v
	}
	xEstimate(ex, l.k, l.q, l.rng, l.xt)
	var yw float64
	if l.o.innerC != nil {
		yw = plainWeightedInner(ex, l.w, l.o.innerC, l.ab, l.o.r, l.rng)
	} else {
		var n1 float64
		for j, v := range l.w {
			l.ab[j] = math.Abs(v)
			n1 += l.ab[j]
		}
		for range l.o.r {
			if n1 > 0 {
				j := scan(l.ab, n1, l.rng)
				yw += n1 * math.Copysign(1, l.w[j]) * ex.Attr(j)
			}
		}
		yw /= float64(l.o.r)
	}
	phi := yw - ex.Label()
	c := 1 / l.eta
	for a, i := range l.xt.idx {
		g := max(min(phi*l.xt.vals[a], c), -c)
		l.u[i] -= l.eta * g
	}
}

func (l *plainAELR) Weights(dst []float64) { plainAverage(dst, l.sum, l.t) }
func (l *plainAELR) xDraws() []int         { return l.xt.draws }

// plainAER is AER (Cesa-Bianchi et al. 2010, Alg. 2) with a dense iterate
// and the sort-based l1 projection. It shares the fast learner's draws.
type plainAER struct {
	*aerLearner
	w, sum, ab, scratch []float64
	sampler             *plainL1 // w as an l1Sampler (a pointer: no boxing per example)
	t                   int
}

func (l *plainAER) Observe(ex *Example) {
	l.t++
	yhat := aerEstimates(ex, l.sampler, l.kx, l.ky, l.rng, l.perm, l.swaps, l.out, l.v)
	t := float64(l.t)
	for i := range l.w {
		l.w[i] *= 1 - 1/t
	}
	c := 2 / (l.lambda * t) * (yhat - ex.Label())
	for a, i := range l.v.idx {
		l.w[i] -= c * l.v.vals[a]
	}
	projectL1Sorted(l.w, l.B, l.scratch)
	for i, v := range l.w {
		l.sum[i] += v
	}
}

func (l *plainAER) Weights(dst []float64) { plainAverage(dst, l.sum, l.t) }

// plainL1 is a dense w as an l1Sampler drawing by a linear scan.
type plainL1 struct{ w, ab []float64 }

func (s plainL1) Norm1() float64 {
	var n float64
	for j, v := range s.w {
		s.ab[j] = math.Abs(v)
		n += s.ab[j]
	}
	return n
}
func (s plainL1) SampleAbs(u float64) int { n := s.Norm1(); return scanU(s.ab, u*n) }
func (s plainL1) W(j int) float64         { return s.w[j] }

// plainAESVR is AESVR (Hazan & Koren 2012, Alg. 4) with a dense iterate:
// GenEst's draws of j ∝ w_j² by a linear scan, the average by a pass over
// d. It shares the fast learner's GenEst and draws.
type plainAESVR struct {
	failure
	p   aesvrParams
	rng *rand.Rand
	w   *plainL2
	sum []float64
	xt  *sparseVec
	t   int
}

func (l *plainAESVR) Observe(ex *Example) {
	if l.err != nil {
		return
	}
	l.t++
	for i, v := range l.w.w {
		l.sum[i] += v
	}
	uniformXEstimate(ex, l.p.k, l.rng, l.xt)
	inv, y := 1/l.p.eps, ex.Label()
	yp, ym := (y+l.p.delta)*inv, (y-l.p.delta)*inv
	phi := 0.5 * (l.p.genest.estimate(ex, l.w, inv, yp, l.rng) + l.p.genest.estimate(ex, l.w, inv, ym, l.rng))
	if math.IsNaN(phi) || math.IsInf(phi, 0) {
		l.fail(fmt.Errorf("example %d: GenEst's estimate φ̃ = %g: %w", l.t, phi, ErrNotFinite))
		return
	}
	for a, i := range l.xt.idx {
		l.w.w[i] -= l.p.eta * phi * l.xt.vals[a]
	}
	if n := math.Sqrt(dot(l.w.w, l.w.w)); n > l.p.B {
		for i := range l.w.w {
			l.w.w[i] *= l.p.B / n
		}
	}
}

func (l *plainAESVR) Weights(dst []float64) { plainAverage(dst, l.sum, l.t) }

// plainL2 is a dense w as an l2Sampler drawing j ∝ w_j² by a linear scan.
type plainL2 struct{ w []float64 }

func (s *plainL2) Norm2() float64 { return dot(s.w, s.w) }
func (s *plainL2) SampleSq(u float64) int {
	u *= s.Norm2()
	last := -1
	for j, v := range s.w {
		if v == 0 {
			continue
		}
		last = j
		if u -= v * v; u < 0 {
			return j
		}
	}
	return last
}
func (s *plainL2) W(j int) float64 { return s.w[j] }
func (s *plainL2) Dim() int        { return len(s.w) }

// plainOnline is online gradient descent (eg false) or EG± (eg true) with
// exact gradients and dense updates.
type plainOnline struct {
	B, eta       float64
	eg, ada      bool
	w, sum, x, u []float64
	t            int
}

func (l *plainOnline) Observe(ex *Example) {
	ex.All(l.x)
	if l.eg {
		egDense(l.w, l.u, l.B)
	}
	l.t++
	axpy(1, l.w, l.sum)
	r := dot(l.w, l.x) - ex.Label()
	if l.eg {
		axpy(-l.eta*r, l.x, l.u)
		return
	}
	if l.ada { // AdaGrad, u holding G_i = Σ g_i²
		for i, v := range l.x {
			if g := r * v; g != 0 {
				l.u[i] += g * g
				l.w[i] -= l.eta * g / math.Sqrt(l.u[i])
			}
		}
	} else {
		axpy(-l.eta*r, l.x, l.w)
	}
	if n := math.Sqrt(dot(l.w, l.w)); n > l.B {
		for i := range l.w {
			l.w[i] *= l.B / n
		}
	}
}

func (l *plainOnline) Weights(dst []float64) { plainAverage(dst, l.sum, l.t) }

// egDense writes w = B(z⁺ − z⁻)/(||z⁺||₁ + ||z⁻||₁) for z⁺ = e^u, z⁻ = e^−u,
// shifting the exponents by max|u| so that nothing overflows.
func egDense(w, u []float64, B float64) {
	var top float64
	for _, v := range u {
		top = max(top, math.Abs(v))
	}
	var norm float64
	for i, v := range u {
		p, n := math.Exp(v-top), math.Exp(-v-top)
		w[i] = p - n
		norm += p + n
	}
	for i := range w {
		w[i] *= B / norm
	}
}

// scan draws j with probability p[j]/total by a linear scan (one Float64).
func scan(p []float64, total float64, rng *rand.Rand) int {
	return scanU(p, rng.Float64()*total)
}

// scanU returns the j whose interval of the cumulative sums of p holds u.
func scanU(p []float64, u float64) int {
	last := -1
	for j, v := range p {
		if v <= 0 {
			continue
		}
		last = j
		if u -= v; u < 0 {
			return j
		}
	}
	return last
}

// projectL1Sorted replaces w by its Euclidean projection onto the l1 ball
// {u : ||u||_1 ≤ B} (Duchi, Shalev-Shwartz, Singer and Chandra 2008, Fig. 1:
// sort |w| descending, find the largest ρ with μ_ρ − (Σ_{r≤ρ} μ_r − B)/ρ > 0,
// soft-threshold by θ = (Σ_{r≤ρ} μ_r − B)/ρ). scratch must have len(w) room;
// it is overwritten. O(d log d).
func projectL1Sorted(w []float64, B float64, scratch []float64) {
	var norm float64
	for _, v := range w {
		norm += math.Abs(v)
	}
	if norm <= B {
		return
	}
	mu := scratch[:len(w)]
	for i, v := range w {
		mu[i] = math.Abs(v)
	}
	slices.Sort(mu)
	slices.Reverse(mu)
	var sum, theta float64
	for r, m := range mu {
		sum += m
		t := (sum - B) / float64(r+1)
		if m-t > 0 {
			theta = t
		} else {
			break
		}
	}
	for i, v := range w {
		a := math.Abs(v) - theta
		if a <= 0 {
			w[i] = 0
		} else {
			w[i] = math.Copysign(a, v)
		}
	}
}

func plainAverage(dst, sum []float64, t int) {
	if t == 0 {
		clear(dst)
		return
	}
	for i, v := range sum {
		dst[i] = v / float64(t)
	}
}
