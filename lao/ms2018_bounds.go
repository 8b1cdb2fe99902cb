package lao

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// The bounds and sample complexities of Murata & Suzuki 2018 (Section 4 and
// Table 1) as functions. The loss is (θ·x − y)². Bounds stated with O(·) or
// Õ(·) are returned with every hidden constant and log factor set to 1:
// they are shapes for plotting and comparing, not certified numbers.

// SparseConstants are the quantities Murata & Suzuki 2018's bounds depend on.
type SparseConstants struct {
	D      int     // d, the number of attributes
	SPrime int     // s', attributes observed per example
	S      int     // s, the sparsity of the iterates (≥ s_*)
	SStar  int     // s_* = |supp θ_*|
	Kappa  float64 // κ_s = L_s/μ_s, the restricted condition number (≥ 1)
	Mu     float64 // μ_s, the restricted strong convexity (Assumption 3)
	RInf   float64 // R_∞ ≥ ||x||∞ (Assumption 1)
	Sigma  float64 // σ, the noise's sub-Gaussian parameter
	RMin   float64 // r_min = min_{j ∈ supp θ_*} |θ_*j|
}

// ExplorationSamples is Corollary 4.2: the number of examples Exploration
// needs to reach excess risk ε,
//
//	κ_s R_∞⁴/μ_s² · ds²/(s'−s) + κ_s R_∞²/μ_s · ds/(s'−s) · σ²/ε   (Õ, log factors dropped).
func ExplorationSamples(c SparseConstants, eps float64) float64 {
	q := float64(c.D) / float64(c.SPrime-c.S)
	s := float64(c.S)
	r2 := c.RInf * c.RInf
	return c.Kappa*r2*r2/(c.Mu*c.Mu)*q*s*s + c.Kappa*r2/c.Mu*q*s*c.Sigma*c.Sigma/eps
}

// HybridSamples is Corollary 4.5: the number of examples Hybrid needs to
// reach excess risk ε,
//
//	κ³R⁴/μ² s² + κR⁴/μ² · ds²/(s'−s) + κR²/μ · (κ²s/(μ r_min²) ∧ ds/(s'−s)) · σ²/ε.
//
// The minimum is where Hybrid gains over Exploration: once the support is
// found, the noise term no longer pays d/(s'−s).
func HybridSamples(c SparseConstants, eps float64) float64 {
	q := float64(c.D) / float64(c.SPrime-c.S)
	s := float64(c.S)
	r2 := c.RInf * c.RInf
	k := c.Kappa
	exploit := k * k * s / (c.Mu * c.RMin * c.RMin)
	return k*k*k*r2*r2/(c.Mu*c.Mu)*s*s + k*r2*r2/(c.Mu*c.Mu)*q*s*s + k*r2/c.Mu*math.Min(exploit, q*s)*c.Sigma*c.Sigma/eps
}

// The rows of Table 1 of Murata & Suzuki 2018, with κ_s, μ_s and R_∞
// treated as constants (1) and s = s_*, as the table does.

// Table1Exploration is Table 1's Exploration row: d s_*²/s' + (d s_*/s')·σ²/ε.
func Table1Exploration(d, sp, sstar int, sigma, eps float64) float64 {
	q, s := float64(d)/float64(sp), float64(sstar)
	return q*s*s + q*s*sigma*sigma/eps
}

// Table1Hybrid is Table 1's Hybrid row: d s_*²/s' + (s_*/r_min² ∧ d s_*/s')·σ²/ε.
func Table1Hybrid(d, sp, sstar int, sigma, rmin, eps float64) float64 {
	q, s := float64(d)/float64(sp), float64(sstar)
	return q*s*s + math.Min(s/(rmin*rmin), q*s)*sigma*sigma/eps
}

// DantzigSamples is Table 1's row for the Dantzig-selector method of Kale et
// al. 2017: (d s_*²/s')(σ + d/s')²/ε, under restricted isometry.
func DantzigSamples(d, sp, sstar int, sigma, eps float64) float64 {
	q, s := float64(d)/float64(sp), float64(sstar)
	return q * s * s * (sigma + q) * (sigma + q) / eps
}

// RDA1Samples is Table 1's row for Ito et al. 2017's Algorithm 1 (the RDA
// competitor): d²σ²/ε², under linear independence of the features.
func RDA1Samples(d int, sigma, eps float64) float64 {
	fd := float64(d)
	return fd * fd * sigma * sigma / (eps * eps)
}

// RDA23Samples is Table 1's row for Ito et al. 2017's Algorithms 2 and 3:
// (d/s')¹⁶ + dσ²/ε² (the d¹⁶/s'¹⁶ term is why Murata & Suzuki did not run them).
func RDA23Samples(d, sp int, sigma, eps float64) float64 {
	return math.Pow(float64(d)/float64(sp), 16) + float64(d)*sigma*sigma/(eps*eps)
}

// ExplorationBound is Theorem 4.1's high-probability bound after T updates,
// (1−ᾰ)^T (L(θ_0) − L(θ_*) + Δ), with gap0 = L(θ_0) − L(θ_*). It is also
// Theorem 4.3's bound for Exploitation when supp θ_* ⊆ supp θ_0.
func ExplorationBound(alpha float64, T int, gap0, delta float64) float64 {
	return math.Pow(1-alpha, float64(T)) * (gap0 + delta)
}

// ExploitationGeneralBound is Theorem 4.3's bound when the support of θ_0
// may miss supp θ_*: (L(θ_0) − L(θ_*))/(1−ᾰ) + Δ.
func ExploitationGeneralBound(alpha, gap0, delta float64) float64 {
	return gap0/(1-alpha) + delta
}

// HybridBound is Theorem 4.4's bound after K rounds: 2(1−ᾰ)^K gap0 in
// general, and 2(1−ᾰ)^{K+T̃} gap0 once K ≥ ǩ + 1 (HybridRecoveryRound), the
// rounds after which the support has been found.
func HybridBound(alpha float64, K, Ttilde int, gap0, rmin, mu float64) float64 {
	e := float64(K)
	if K >= HybridRecoveryRound(alpha, gap0, rmin, mu)+1 {
		e += float64(Ttilde)
	}
	return 2 * math.Pow(1-alpha, e) * gap0
}

// HybridRecoveryRound is Theorem 4.4's ǩ = ⌈log(4 gap0/(r_min² μ_s)) /
// log(1/(1−ᾰ))⌉ (at least 0): after it, Exploration's iterate has found
// supp θ_*, and the bound gains the factor (1−ᾰ)^{T̃} (once, not per
// round: the paper's 2(1−ᾰ)^{K+T̃}).
func HybridRecoveryRound(alpha, gap0, rmin, mu float64) int {
	v := math.Log(4*gap0/(rmin*rmin*mu)) / math.Log(1/(1-alpha))
	return max(0, int(math.Ceil(v)))
}

// ExplorationFloor is our estimate (not Murata & Suzuki's) of the excess
// risk at which Exploration with a constant mini-batch of B examples per
// block and step η levels off, on an isotropic Gaussian design
// (E[xxᵀ] = I, so the excess is ||θ − θ_*||²) with noise variance σ², once
// the s_* = sstar coordinates of supp θ_* are kept. Each gradient
// coordinate is a mean over B examples, with variance 4(σ² + e)/B at
// excess e. The s_* true coordinates contract by 1 − 2η per update and take
// η² times that noise; the other s − s_* coordinates H_s keeps are the
// largest of the d − s_* pure-noise steps −ηg_j, whose squares add up to
// c = TopChiSquareSum(s − s_*, d − s_*) times η²·4(σ² + e)/B in expectation
// (selection makes them larger than a typical step: c is 26.7 for the 5
// largest of 95, against 5 without it). The floor is the stationary point
//
//	e = a(σ² + e),   a = (4η²/B)·(s_*/(1 − (1−2η)²) + c),   so e = aσ²/(1 − a),
//
// and +Inf when a ≥ 1 (the noise outgrows the contraction); NaN unless
// 0 ≤ s_* ≤ s ≤ d and B ≥ 1. It leaves out that a kept noise coordinate is
// more likely to be kept again: on d = 100, s_* = 5, s = 10, η = 1/4,
// σ = 0.1 the measured level (the mean of updates 9-12) was 1.19, 1.06 and
// 1.13 times the estimate at B = 50, 200 and 800, averaged over 20 seeds
// (notebook 06 shows 5 of them).
func ExplorationFloor(d, sstar, s, B int, eta, sigma float64) float64 {
	if sstar < 0 || sstar > s || s > d || B < 1 {
		return math.NaN()
	}
	c := TopChiSquareSum(s-sstar, d-sstar)
	a := 4 * eta * eta / float64(B) * (float64(sstar)/(1-(1-2*eta)*(1-2*eta)) + c)
	if a >= 1 {
		return math.Inf(1)
	}
	return a * sigma * sigma / (1 - a)
}

// TopChiSquareSum is the expected sum of the m largest of n independent
// χ²₁ variables (squares of standard normals): 0 for m ≤ 0, n for m ≥ n.
// It integrates n·E[Z²; Z² is among the m largest] over |Z| = z:
// n ∫ z²·2φ(z)·P(Binomial(n−1, 2(1−Φ(z))) ≤ m−1) dz, by the trapezoid rule
// on [0, 40] with 40,000 steps.
func TopChiSquareSum(m, n int) float64 {
	if m <= 0 || n <= 0 {
		return 0
	}
	if m >= n {
		return float64(n)
	}
	norm := distuv.UnitNormal
	f := func(z float64) float64 {
		above := distuv.Binomial{N: float64(n - 1), P: 2 * norm.Survival(z)}
		return z * z * 2 * norm.Prob(z) * above.CDF(float64(m-1))
	}
	const steps, hi = 40000, 40.0
	h := hi / steps
	sum := (f(0) + f(hi)) / 2
	for i := 1; i < steps; i++ {
		sum += f(float64(i) * h)
	}
	return float64(n) * sum * h
}
