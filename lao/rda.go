package lao

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/floats"
)

// RDA is the competitor "RDA" of Murata & Suzuki 2018's experiments: Ito et
// al. (NeurIPS 2017), Algorithm 1, l1-regularised dual averaging (Xiao
// 2010) with an exploration-exploitation read pattern.
//
// [RECON] Ito et al.'s pseudo-code could not be read; this is a
// reconstruction (made for this project, not from the paper's text),
// pinned down by what Murata & Suzuki (2018) report: the read pattern (the
// s attributes where the dense iterate is largest plus random ones, s_*+2
// at the least), dual averaging, prediction from the top s. The exact
// estimator and regulariser are the reconstruction's [UNVERIFIED]. Each
// round t:
//
//	K  = the s largest |w_j| (ties by index; a uniform random s-subset while w = 0)
//	r  = s' − s,  r1 = ⌊r/2⌋,  r2 = r − r1,  c = d − s
//	I  = r1 iid uniform draws from [d]∖K,  J = r2 iid uniform draws from [d]∖K
//	res  = Σ_{j∈K} w_j x_j + (c/r1) Σ_{j∈I} w_j x_j − y        E[res] = w·x − y
//	x̂    = x|K + (c/r2) Σ_{j∈J} x_j e_j                          E[x̂] = x
//	G   += 2·res·x̂                                              E = ∇(w·x − y)²
//	w_j  = 0 if |G_j/t| ≤ λ, else −(√t/γ)(G_j/t − λ sgn(G_j/t))   (β_t = γ√t)
//	w   ← R·w/||w|| if R > 0 and ||w|| > R
//
// I and J are independent, so E[res·x̂] = (w·x − y)x: two probes, hence
// s' ≥ s + 2. The output (Weights) is H_s(w), the top-s truncation;
// Diagnostics reports the online squared error of ŷ_t = Σ_{j∈K} w_j x_j.
//
// Budget: at most s + r1 + r2 = s' distinct attributes per training example
// (hard); the model is s-sparse (Budget.Predict = s'). Each round costs O(d)
// (the dual-averaging step touches every coordinate).
//
// Murata & Suzuki's Table 1 lists RDA1's sample complexity O(d²σ²/ε²) under linear
// independence of the features (RDA1Samples).
type RDA struct {
	// K is s', the attributes read per example, in [s+2, d].
	K int
	// S is s, the prediction support (the top s of w), in [1, s'−2]. If S
	// is 0, s = ⌊s'/2⌋.
	S int
	// Lambda is the l1 weight λ ≥ 0 of the dual-averaging objective. 0 is
	// plain dual averaging.
	Lambda float64
	// Gamma is γ > 0 in the proximal weight β_t = γ√t. If Gamma is 0,
	// γ = √d·(d/(s'−s))^(3/2) (RDADefaultGamma): the noise scale of the
	// estimator above. The noise of G_j/t is about (d/r)·|res|/√t and
	// that of res grows with ||w|| by √(d/r), so a smaller γ lets the
	// iterate w = −(√t/γ)(…) amplify its own noise and diverge. (The
	// reconstruction suggests a grid 10^-2…10^2, which diverges on
	// Murata & Suzuki's synthetic data; our choice, [UNVERIFIED].)
	Gamma float64
	// R, if positive, is the radius of an l2 ball the iterate is projected
	// onto; 0 means no projection.
	R float64
}

// Name returns "rda".
func (r *RDA) Name() string { return "rda" }

// Params binds k (s'), s, lambda, gamma and R to the struct's fields.
func (r *RDA) Params() []Param {
	return []Param{
		IntParam("k", &r.K, "s', attributes read per example; in [s+2, d]"),
		sparsityParam(&r.S, "the prediction support (top-s of the dual-averaging iterate)"),
		FloatParam("lambda", &r.Lambda, "l1 weight λ ≥ 0 of the dual-averaging objective; 0: none", &Tune{Values: []float64{0, 0.01, 0.1, 0.3, 1}}),
		FloatParam("gamma", &r.Gamma, "proximal strength γ > 0, β_t = γ√t",
			&Tune{Factors: []float64{0.1, 0.3, 1, 3, 10}, Center: func(p Problem) float64 { return r.defaultGamma(p.D) }}).
			withDefault("√d·(d/(s'−s))^(3/2)"),
		FloatParam("R", &r.R, "radius of an l2 ball the iterate is projected onto; 0: none", nil),
	}
}

// About cites the paper and the reconstruction.
func (r *RDA) About() About {
	return About{Paper: "Ito et al., NeurIPS 2017 (as run by " + paperMS + "; reconstructed)", Algorithm: "Algorithm 1 (RDA) [RECON]",
		Budget: "s' per example (s exploit + s'−s random); top-s model, prediction from ≤ s' attributes", Ball: "l0"}
}

// Start validates the parameters and returns a learner at w = 0.
func (r *RDA) Start(p Problem) (Learner, Budget, error) {
	sp, err := resolveSparsity("rda", r.K, r.S, p.D, 2)
	if err != nil {
		return nil, Budget{}, err
	}
	if !(r.Lambda >= 0) || math.IsInf(r.Lambda, 0) {
		return nil, Budget{}, paramErr("rda", "lambda", "= %g: the l1 weight must be finite and ≥ 0", r.Lambda)
	}
	gamma, err := positiveOr("rda", "gamma", r.Gamma, RDADefaultGamma(p.D, sp.sp, sp.s))
	if err != nil {
		return nil, Budget{}, err
	}
	if !(r.R >= 0) || math.IsInf(r.R, 0) {
		return nil, Budget{}, paramErr("rda", "R", "= %g: the radius must be finite and ≥ 0 (0: no projection)", r.R)
	}
	d := p.D
	l := &rdaLearner{sp: sp.sp, s: sp.s, lambda: r.Lambda, gamma: gamma, R: r.R, rng: p.Rand,
		G: make([]float64, d), w: make([]float64, d), inK: make([]bool, d), order: make([]int, 0, d),
		comp: make([]int, 0, d), perm: identity(d), xhat: newSparseVec(d), out: make([]float64, d)}
	l.r1 = (sp.sp - sp.s) / 2
	l.r2 = sp.sp - sp.s - l.r1
	return l, sparseBudget(sp.sp, sp.s), nil
}

// RDADefaultGamma is RDA's default γ = √d·(d/(s'−s))^{3/2}.
func RDADefaultGamma(d, sp, s int) float64 {
	q := float64(d) / float64(sp-s)
	return math.Sqrt(float64(d)) * q * math.Sqrt(q)
}

// defaultGamma is the default γ for the current K and S (S = 0: ⌊K/2⌋).
func (r *RDA) defaultGamma(d int) float64 {
	s := r.S
	if s == 0 {
		s = max(r.K/2, 1)
	}
	if r.K-s < 1 {
		return 1
	}
	return RDADefaultGamma(d, r.K, s)
}

type rdaLearner struct {
	failure
	sp, s, r1, r2     int
	lambda, gamma, R  float64
	rng               *rand.Rand
	G, w              []float64
	t                 int
	K                 []int
	inK               []bool
	order, comp, perm []int // order: scratch for H_s
	xhat              *sparseVec
	out               []float64 // H_s(w), scratch for Weights
	online            float64   // Σ_t (ŷ_t − y_t)²
}

// topK sets l.K to the s largest |w_j| (ties by index), or a uniform random
// s-subset while w = 0, and l.comp to [d]∖K in increasing order.
func (l *rdaLearner) topK() {
	d := len(l.w)
	for _, j := range l.K {
		l.inK[j] = false
	}
	l.K = l.K[:0]
	if floats.Norm(l.w, 1) == 0 {
		for i := range l.s { // partial Fisher-Yates on the identity
			j := i + l.rng.IntN(d-i)
			l.perm[i], l.perm[j] = l.perm[j], l.perm[i]
			l.K = append(l.K, l.perm[i])
		}
		for i := range l.perm {
			l.perm[i] = i
		}
		slices.Sort(l.K)
	} else {
		l.K = topS(l.w, l.s, l.K)
	}
	for _, j := range l.K {
		l.inK[j] = true
	}
	l.comp = l.comp[:0]
	for j := range d {
		if !l.inK[j] {
			l.comp = append(l.comp, j)
		}
	}
}

// rdaEstimate returns the residual estimate res and sets xhat to x̂ (the
// RDA round's two independent probes), reading x on K ∪ I ∪ J only. It
// also returns ŷ = Σ_{j∈K} w_j x_j. comp is [d]∖K.
func rdaEstimate(ex *Example, w []float64, K, comp []int, r1, r2 int, rng *rand.Rand, xhat *sparseVec) (res, yhat float64) {
	xhat.reset()
	for _, j := range K {
		v := ex.Attr(j)
		yhat += w[j] * v
		xhat.add(j, v)
	}
	c := float64(len(comp))
	var probe float64
	for range r1 {
		j := comp[rng.IntN(len(comp))]
		probe += w[j] * ex.Attr(j)
	}
	res = yhat + c/float64(r1)*probe - ex.Label()
	for range r2 {
		j := comp[rng.IntN(len(comp))]
		xhat.add(j, c/float64(r2)*ex.Attr(j))
	}
	return res, yhat
}

func (l *rdaLearner) Observe(ex *Example) {
	if l.err != nil {
		return
	}
	l.t++
	l.topK()
	res, yhat := rdaEstimate(ex, l.w, l.K, l.comp, l.r1, l.r2, l.rng, l.xhat)
	l.online += (yhat - ex.Label()) * (yhat - ex.Label())
	for a, j := range l.xhat.idx {
		l.G[j] += 2 * res * l.xhat.vals[a]
	}
	t := float64(l.t)
	scale := math.Sqrt(t) / l.gamma
	for j, Gj := range l.G { // l1-RDA (Xiao 2010) with β_t = γ√t
		gb := Gj / t
		if math.Abs(gb) <= l.lambda {
			l.w[j] = 0
		} else {
			l.w[j] = -scale * (gb - math.Copysign(l.lambda, gb))
		}
	}
	if n := math.Sqrt(dot(l.w, l.w)); l.R > 0 && n > l.R {
		for j := range l.w {
			l.w[j] *= l.R / n
		}
	}
	if !allFinite(l.w) {
		l.fail(diverged(l.t, fmt.Sprintf("γ = %g is too small for these data (the estimator's noise is amplified by √t/γ)", l.gamma)))
	}
}

func (l *rdaLearner) Weights(dst []float64) {
	copy(l.out, l.w)
	hardThreshold(l.out, l.s, l.order, nil)
	copy(dst, l.out)
}

func (l *rdaLearner) Params() map[string]float64 {
	return map[string]float64{"k": float64(l.sp), "s": float64(l.s), "lambda": l.lambda, "gamma": l.gamma, "R": l.R}
}

func (l *rdaLearner) Diagnostics() map[string]float64 {
	if l.t == 0 {
		return nil
	}
	return map[string]float64{"online_mse": l.online / float64(l.t)}
}
