package lao

import (
	"cmp"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/dselector"
)

// Dantzig is the competitor "Dantzig" of Murata & Suzuki 2018's
// experiments: Kale, Karnin, Liang & Pál (ICML 2017), the Dantzig selector
// (Candès & Tao 2007) re-solved on everything observed so far, in its
// realisable (stochastic) variant.
//
// [RECON] Kale et al.'s pseudo-code could not be read; this is a
// reconstruction (made for this project, not from the paper's text),
// pinned down by what Murata & Suzuki (2018) report (re-solving on a
// growing, partially observed design; memory that grows with the data; a
// prediction support of size s). The estimators are the reconstruction's
// [UNVERIFIED] choice. Each round t:
//
//	K = supp(w) (≤ s);  S = r = s' − s indices uniform without replacement
//	read x on K ∪ S;  ŷ_t = Σ_{j∈K} w_j x_j (the online prediction)
//	b_i  += (d/r) x_i y            for i ∈ S         E[b/n] = (1/n)Σ x y
//	A_ii += (d/r) x_i²             for i ∈ S         E[A/n] = (1/n)Σ x xᵀ
//	A_ij += d(d−1)/(r(r−1)) x_i x_j for i ≠ j ∈ S
//	at t = t0, ⌈γt0⌉, ⌈γ²t0⌉, … (and at the last example):
//	   Σ = A/n, c = b/n, λ = c_λ ŝ √(log d / n)
//	   v = argmin ||v||₁ s.t. ||Σv − c||∞ ≤ λ   (the Dantzig selector, an LP)
//	   infeasible: keep w and double c_λ;  else w = H_s(v)
//
// The scale ŝ = √(m̂₂·ŷ₂), with m̂₂ = mean_j Σ_jj and ŷ₂ the mean square
// label, is ours: it makes λ follow the units of x and y (the
// reconstruction's λ assumes unit-scale attributes), so one c_λ serves
// any data; ŝ ≈ 5 on Murata & Suzuki's synthetic data.
//
// The LP is solved by linearised ADMM (package lao/internal/dselector,
// checked against gonum's simplex), warm-started from the previous
// solution; a problem the iteration cannot make feasible within
// MaxIter iterations counts as infeasible.
//
// Memory: the estimate A is a dense d×d matrix, O(d²) (plus a d×d scratch
// for Σ): 4 MB at d = 500, and 160 GB at d = 10⁵, so
// Start refuses d above MaxDim. This is the cost Murata & Suzuki criticise.
//
// Budget: at most s + r = s' distinct attributes per training example
// (hard); the model is s-sparse (Budget.Predict = s'). Murata & Suzuki's Table 1
// gives the sample complexity Õ(d s_*²/s' (σ + d/s')²/ε) under restricted
// isometry (DantzigSamples).
//
// With Isotropic set the Gram matrix is replaced by its diagonal (the
// reconstruction's [UNVERIFIED] alternative for r = 1 random read, which
// leans on restricted isometry: XᵀX/n ≈ I on sparse vectors); the selector
// is then soft thresholding, v_j = sgn(c_j)(|c_j| − λ)₊/Σ_jj, and s' ≥ s+1
// suffices. H_s of v chooses the support, and the weights on it are then
// refitted by least squares on the same diagonal estimate, w_j = c_j/Σ_jj
// (ours: the Gauss-Dantzig selector of Candès & Tao 2007, §1.6, which
// removes the soft threshold's shrinkage; without it a λ large enough to
// keep noise out at small n biased every weight at large n, and
// cross-validation chose a λ so small that the first solves, from a few
// hundred examples, put noise on the support: test MSE 652 at 200 examples
// of Murata & Suzuki's synthetic data against the zero predictor's 26).
type Dantzig struct {
	// K is s', the attributes read per example, in [s+2, d] (s+1 with
	// Isotropic).
	K int
	// S is s, the prediction support, in [1, s'−2]. If S is 0, s = ⌊s'/2⌋.
	S int
	// CLambda is c_λ > 0 in λ = c_λ ŝ√(log d/n). If CLambda is 0,
	// c_λ = d/(2(s'−s)) (isotropic: √(2d/(s'−s))): with r = s' − s, the
	// noise of an estimated Σ_ij (i ≠ j) grows like d/r, as in the
	// reconstruction's theory-guided λ ∝ (σ + d/r)√(log(d/δ)/n)
	// ([UNVERIFIED]; the constant ½ is ours); the isotropic default is the
	// universal threshold √(2 log d) times the standard deviation
	// ≈ ŝ√(d/r)/√n of an estimated c_j, so that an attribute without
	// signal is rarely kept.
	CLambda float64
	// T0 is the first re-solve, in examples. If T0 is 0, t0 = ⌈2d/(s'−s)⌉
	// (the reconstruction's middle choice of {d/r, 2d/r, 5d/r}, r = s' − s:
	// every attribute has been read about twice).
	T0 int
	// Growth is the re-solve schedule's factor γ > 1 (t0, ⌈γt0⌉, …). If
	// Growth is 0, γ = 2 (doubling).
	Growth float64
	// Isotropic uses the diagonal of the Gram estimate only (see above);
	// off uses the full estimate.
	Isotropic bool
	// MaxIter and Tol bound the ADMM solve of each LP (0: 5000 iterations,
	// relative tolerance 1e-4).
	MaxIter int
	Tol     float64
	// MaxDim is the largest d accepted (the d×d estimate needs 16d² bytes).
	// If MaxDim is 0, d ≤ 8192 (1 GiB).
	MaxDim int
}

// Name returns "dantzig".
func (z *Dantzig) Name() string { return "dantzig" }

// Params binds k (s'), s, clambda, t0, growth and isotropic to the
// struct's fields.
func (z *Dantzig) Params() []Param {
	return []Param{
		IntParam("k", &z.K, "s', attributes read per example; in [s+2, d] ([s+1, d] with isotropic)"),
		sparsityParam(&z.S, "the prediction support (H_s of the Dantzig selector)"),
		FloatParam("clambda", &z.CLambda, "c_λ in λ = c_λ·ŝ·√(log d/n), ŝ = √(mean Σ_jj · mean y²)",
			&Tune{Factors: []float64{0.25, 0.5, 1, 2, 4}, Center: func(p Problem) float64 { return z.defaultCLambda(p.D) }}).
			withDefault("d/(2(s'−s)) (isotropic: √(2d/(s'−s)))"),
		IntParam("t0", &z.T0, "first re-solve of the LP, in examples").withDefault("⌈2d/(s'−s)⌉"),
		growthParam(&z.Growth, "factor γ > 1 of the re-solve schedule t0, ⌈γt0⌉, …"),
		BoolParam("isotropic", &z.Isotropic, "use only the diagonal of the Gram estimate (soft thresholding); off: the full Dantzig selector"),
	}
}

// About cites the paper and the reconstruction.
func (z *Dantzig) About() About {
	return About{Paper: "Kale, Karnin, Liang & Pál, ICML 2017 (as run by " + paperMS + "; reconstructed)", Algorithm: "Dantzig selector on unbiased moment estimates [RECON]",
		Budget: "s' per example (supp w + s'−s random); s-sparse model, prediction from ≤ s' attributes; O(d²) memory", Ball: "l0"}
}

// Start validates the parameters and returns a learner at w = 0.
func (z *Dantzig) Start(p Problem) (Learner, Budget, error) {
	gap := 2
	if z.Isotropic {
		gap = 1
	}
	sp, err := resolveSparsity("dantzig", z.K, z.S, p.D, gap)
	if err != nil {
		return nil, Budget{}, err
	}
	maxDim := z.MaxDim
	if maxDim == 0 {
		maxDim = 8192
	}
	if p.D > maxDim {
		return nil, Budget{}, paramErr("dantzig", "MaxDim", "= %d < d = %d: the d×d moment estimate would need %.1f GiB (set MaxDim to allow it)",
			maxDim, p.D, 16*float64(p.D)*float64(p.D)/(1<<30))
	}
	cl, err := positiveOr("dantzig", "clambda", z.CLambda, DantzigDefaultCLambda(p.D, sp.sp, sp.s, z.Isotropic))
	if err != nil {
		return nil, Budget{}, err
	}
	growth := cmp.Or(z.Growth, defaultGrowth)
	if !(growth > 1) || math.IsInf(growth, 0) {
		return nil, Budget{}, paramErr("dantzig", "growth", "= %g: the re-solve schedule's factor must be finite and > 1", growth)
	}
	r := sp.sp - sp.s
	t0 := z.T0
	if t0 == 0 {
		t0 = (2*p.D + r - 1) / r
	}
	if t0 < 1 {
		return nil, Budget{}, paramErr("dantzig", "t0", "= %d: the first re-solve must be at example 1 or later", t0)
	}
	if z.MaxIter < 0 {
		return nil, Budget{}, paramErr("dantzig", "MaxIter", "= %d: want ≥ 0 (0: 5000)", z.MaxIter)
	}
	if !(z.Tol >= 0) || math.IsInf(z.Tol, 0) {
		return nil, Budget{}, paramErr("dantzig", "Tol", "= %g: want finite and ≥ 0 (0: 1e-4)", z.Tol)
	}
	d := p.D
	l := &dantzigLearner{sp: sp.sp, s: sp.s, r: r, m: p.M, clambda: cl, clambda0: cl, t0: t0, next: t0, growth: growth,
		iso: z.Isotropic, opt: dselector.Options{MaxIter: z.MaxIter, Tol: z.Tol}, rng: p.Rand,
		b: make([]float64, d), w: make([]float64, d), v: make([]float64, d), perm: identity(d),
		xs: make([]float64, r), order: make([]int, 0, d)}
	if l.iso {
		l.diag = make([]float64, d)
	} else {
		l.A = make([]float64, d*d)
	}
	return l, sparseBudget(sp.sp, sp.s), nil
}

// DantzigDefaultCLambda is Dantzig's default c_λ: d/(2(s'−s)), or
// √(2d/(s'−s)) for the isotropic variant (the universal threshold).
func DantzigDefaultCLambda(d, sp, s int, isotropic bool) float64 {
	q := float64(d) / float64(sp-s)
	if isotropic {
		return math.Sqrt(2 * q)
	}
	return q / 2
}

// defaultCLambda is the default c_λ for the current K and S (S = 0: ⌊K/2⌋).
func (z *Dantzig) defaultCLambda(d int) float64 {
	s := z.S
	if s == 0 {
		s = max(z.K/2, 1)
	}
	if z.K-s < 1 {
		return 1
	}
	return DantzigDefaultCLambda(d, z.K, s, z.Isotropic)
}

type dantzigLearner struct {
	sp, s, r, m        int
	clambda, clambda0  float64
	t, n, t0, next     int
	growth             float64
	iso                bool
	opt                dselector.Options
	rng                *rand.Rand
	A, diag, b         []float64 // sums of the unbiased estimates (A: d×d; diag: its diagonal when isotropic)
	w, v               []float64 // w = H_s(v), v the last selector solution
	supp               []int
	perm               []int
	xs                 []float64 // x on S, in perm order
	order              []int
	sigma              []float64 // scratch Σ = A/n
	sel                *dselector.Solver
	solves, infeasible int
	online             float64
	y2                 float64 // Σ y²
}

// dantzigSample draws S (r indices without replacement, a partial
// Fisher-Yates shuffle of perm) and reads x on S into xs; perm[:r] is S.
func dantzigSample(ex *Example, perm []int, xs []float64, rng *rand.Rand) {
	d := len(perm)
	for i := range xs {
		j := i + rng.IntN(d-i)
		perm[i], perm[j] = perm[j], perm[i]
		xs[i] = ex.Attr(perm[i])
	}
}

// dantzigAccumulate adds one example's unbiased estimates of x·y and xxᵀ
// (S = perm[:r], values xs) into b and A (d×d, or its diagonal diag if A is nil).
func dantzigAccumulate(A, diag, b []float64, perm []int, xs []float64, y float64) {
	d, r := len(b), len(xs)
	fd, fr := float64(d), float64(r)
	sd := fd / fr
	so := 0.0
	if r > 1 {
		so = fd * (fd - 1) / (fr * (fr - 1))
	}
	for a, i := range perm[:r] {
		xi := xs[a]
		b[i] += sd * xi * y
		if A == nil {
			diag[i] += sd * xi * xi
			continue
		}
		A[i*d+i] += sd * xi * xi
		for c := a + 1; c < r; c++ {
			j := perm[c]
			v := so * xi * xs[c]
			A[i*d+j] += v
			A[j*d+i] += v
		}
	}
}

func (l *dantzigLearner) Observe(ex *Example) {
	l.t++
	yhat := 0.0
	for _, j := range l.supp { // the online prediction reads supp(w)
		yhat += l.w[j] * ex.Attr(j)
	}
	l.online += (yhat - ex.Label()) * (yhat - ex.Label())
	dantzigSample(ex, l.perm, l.xs, l.rng)
	dantzigAccumulate(l.A, l.diag, l.b, l.perm, l.xs, ex.Label())
	l.y2 += ex.Label() * ex.Label()
	l.n++
	if l.t == l.next || l.t == l.m {
		if l.t == l.next {
			l.next = max(l.next+1, int(math.Ceil(float64(l.next)*l.growth-1e-9)))
		}
		if l.t >= l.t0 {
			l.solve()
		}
	}
}

// solve runs the Dantzig selector on the current estimates and sets w.
func (l *dantzigLearner) solve() {
	d := len(l.b)
	n := float64(l.n)
	var m2 float64
	for j := range d {
		if l.iso {
			m2 += l.diag[j]
		} else {
			m2 += l.A[j*d+j]
		}
	}
	scale := math.Sqrt(m2 / (float64(d) * n) * l.y2 / n)
	lambda := l.clambda * scale * math.Sqrt(math.Log(float64(d))/n)
	if !(lambda > 0) { // nothing observed yet, or all zero: no selector to solve
		return
	}
	l.solves++
	if l.iso {
		for j := range l.v {
			sjj, cj := l.diag[j]/n, l.b[j]/n
			l.v[j] = 0
			if sjj > 0 {
				l.v[j] = math.Copysign(math.Max(math.Abs(cj)-lambda, 0), cj) / sjj
			}
		}
	} else {
		if l.sel == nil {
			l.sel, l.sigma = dselector.New(d), make([]float64, d*d)
		}
		for i, a := range l.A {
			l.sigma[i] = a / n
		}
		c := make([]float64, d)
		for i, v := range l.b {
			c[i] = v / n
		}
		res := l.sel.Solve(l.sigma, c, lambda, l.v, l.solves > 1, l.opt)
		if !res.Feasible {
			l.infeasible++
			l.clambda *= 2 // keep w
			return
		}
		copy(l.v, res.V)
	}
	copy(l.w, l.v)
	l.supp = hardThreshold(l.w, l.s, l.order, l.supp)
	if l.iso { // Gauss-Dantzig: least squares on the support chosen, on the diagonal Gram estimate
		for _, j := range l.supp {
			l.w[j] = l.b[j] / l.diag[j]
		}
	}
}

func (l *dantzigLearner) Weights(dst []float64) { copy(dst, l.w) }

func (l *dantzigLearner) Params() map[string]float64 {
	return map[string]float64{"k": float64(l.sp), "s": float64(l.s), "clambda": l.clambda0, "t0": float64(l.t0), "growth": l.growth,
		"isotropic": map[bool]float64{true: 1}[l.iso]}
}

func (l *dantzigLearner) Diagnostics() map[string]float64 {
	out := map[string]float64{"solves": float64(l.solves), "infeasible": float64(l.infeasible), "final_clambda": l.clambda}
	if l.t > 0 {
		out["online_mse"] = l.online / float64(l.t)
	}
	return out
}
