package lao

import (
	"fmt"
	"math"
)

// This file holds the formulas of our result on priced attributes
// (docs/costs.md; theorem registry "ours/c1" to "ours/c4"): the sampling
// distributions that minimise an importance-weighted draw's second moment
// per unit of expected cost, the minimal products, and the bound they give
// after a total expected cost T. None of the four papers prices attributes.

// PricedSampling returns q_j ∝ √(E[x_j²]/c_j) (normalised): for one
// importance-weighted draw x̃ = x_i/q_i·e_i, the distribution that minimises
// E||x̃||²·E[cost] = (Σ_j E[x_j²]/q_j)(Σ_j q_j c_j) (Cauchy-Schwarz; ours).
func PricedSampling(moments, costs []float64) ([]float64, error) {
	if err := pricedShape("PricedSampling", moments, costs); err != nil {
		return nil, err
	}
	q := make([]float64, len(costs))
	var z float64
	for j, m := range moments {
		q[j] = math.Sqrt(m / costs[j])
		z += q[j]
	}
	if !(z > 0) {
		return nil, fmt.Errorf("lao: PricedSampling: every second moment is 0: %w", ErrParam)
	}
	for j := range q {
		q[j] /= z
	}
	return q, nil
}

// SecondMomentAndCost returns, for one draw from q (normalised here) with
// second moments E[x_j²] and prices c_j, the draw's second moment
// S = Σ_j E[x_j²]/q_j (Kukliansky & Shamir 2015's Lemma 3.4 quantity; +Inf
// if some q_j = 0 while E[x_j²] > 0) and its expected cost Σ_j q_j c_j.
func SecondMomentAndCost(moments, q, costs []float64) (S, cost float64, err error) {
	if err := pricedShape("SecondMomentAndCost", moments, costs); err != nil {
		return 0, 0, err
	}
	if S, err = SamplingCost(moments, q); err != nil {
		return 0, 0, err
	}
	var z float64
	for _, v := range q {
		z += v
	}
	for j, v := range q {
		cost += v / z * costs[j]
	}
	return S, cost, nil
}

// PricedProduct is Γ = (Σ_j √(E[x_j²]·c_j))², the smallest second moment
// times expected cost of one draw, reached by PricedSampling (ours).
func PricedProduct(moments, costs []float64) float64 {
	var s float64
	for j, m := range moments {
		s += math.Sqrt(m * costs[j])
	}
	return s * s
}

// PricedGain is the predicted gain of priced over cost-blind sampling: the
// second moment times expected cost of one draw from the cost-blind qBlind
// divided by Γ (PricedProduct). It is at least 1, and 1 when the prices
// are equal and qBlind is optimal for equal prices. For qBlind ∝ √E[x²]
// (DDAERR) it is (Σ√E[x_j²])(Σ√E[x_j²]·c_j)/Γ, for the uniform q of AERR on
// equal moments d·Σc_j/(Σ√c_j)². When the x̃ draws dominate the cost and
// the variance, it is the ratio of the total costs at which the two reach
// the same bound (ours/c2).
func PricedGain(moments, qBlind, costs []float64) (float64, error) {
	S, c, err := SecondMomentAndCost(moments, qBlind, costs)
	if err != nil {
		return 0, err
	}
	return S * c / PricedProduct(moments, costs), nil
}

// PricedGainAtK is the ratio of the total expected costs at which the
// cost-blind and the priced GAERR reach the same bound of Kukliansky &
// Shamir's Theorem 3.1 with k draws for x̃ and one inner-product draw of
// expected cost cin: (S_b/k + 1)(k·c_b + cin) / ((S_a/k + 1)(k·c_a + cin)),
// where S and c are each sampler's second moment and expected cost per
// draw (SecondMomentAndCost).
func PricedGainAtK(k int, Sb, cb, Sa, ca, cin float64) float64 {
	fk := float64(k)
	return (Sb/fk + 1) * (fk*cb + cin) / ((Sa/fk + 1) * (fk*ca + cin))
}

// PricedOptimalK is the number of x̃ draws that minimises
// (S/k + 1)(k·c + cin), the bound's factor per unit of cost: √(S·cin/c).
func PricedOptimalK(S, c, cin float64) float64 { return math.Sqrt(S * cin / c) }

// PricedRidgeBound is our bound on GAERR's excess risk after examples of
// total expected cost T, with k = PricedOptimalK: 4B²(√(S·c) + √cin)/√T,
// where S·c is the x̃ draw's second moment times expected cost (Γ with
// PricedSampling) and cin the expected cost of the inner-product draw
// (ours/c2; ||x||₂ ≤ 1, |y| ≤ B, ||w*||₂ ≤ B, η optimal).
func PricedRidgeBound(T, B, product, cin float64) float64 {
	return 4 * B * B * (math.Sqrt(product) + math.Sqrt(cin)) / math.Sqrt(T)
}

// PricedUniformS returns (Σ_j √c_j)(Σ_j 1/√c_j)/d: for q_j ∝ 1/√c_j and
// equal second moments E[x_j²] = μ/d, the second moment of one draw is
// Σ_j E[x_j²]/q_j = μ·PricedUniformS, so it replaces d in AERR's Theorem
// 3.1 step size (it is d when the prices are equal).
func PricedUniformS(costs []float64) float64 {
	var a, b float64
	for _, c := range costs {
		a += math.Sqrt(c)
		b += 1 / math.Sqrt(c)
	}
	return a * b / float64(len(costs))
}

// PricedInnerL1Factor is Kantorovich's bound (r^{1/4} + r^{-1/4})²/4 on
// (Σ|w_j|/√c_j)(Σ|w_j|√c_j)/||w||₁², r = max c/min c: how much the priced
// inner-product draw p_j ∝ |w_j|/√c_j can raise the l1 solvers' bound
// E[(w_j x_j/p_j)²] ≤ ||w||₁² (ours/c3; 1 for equal prices).
func PricedInnerL1Factor(costs []float64) float64 {
	lo, hi := math.Inf(1), 0.0
	for _, c := range costs {
		lo, hi = min(lo, c), max(hi, c)
	}
	r := math.Sqrt(math.Sqrt(hi / lo))
	return (r + 1/r) * (r + 1/r) / 4
}

func pricedShape(where string, moments, costs []float64) error {
	if len(moments) != len(costs) || len(costs) == 0 {
		return fmt.Errorf("lao: %s: %d moments, %d prices: %w", where, len(moments), len(costs), ErrShape)
	}
	if err := CheckCosts(costs, len(costs)); err != nil {
		return err
	}
	return checkMoments("lao: "+where, moments, len(moments))
}

// pricedHalf is S(q) = Σ_j E[x_j²]/q_j for q_j ∝ √(E[x_j²]/c_j):
// (Σ_j √(E[x_j²]/c_j))(Σ_j √(E[x_j²]·c_j)), which replaces
// ||E[x²]||_{1/2} in DDAERR's Theorem 3.5 step size (they agree when the
// prices are equal).
func pricedHalf(moments, costs []float64) float64 {
	var a, b float64
	for j, m := range moments {
		a += math.Sqrt(m / costs[j])
		b += math.Sqrt(m * costs[j])
	}
	return a * b
}

// pricedInnerL1Eta is the factor √(2/(κ+1)), κ = PricedInnerL1Factor, by
// which the priced inner-product draw of the l1 solvers shrinks their
// theorem step size: their G² is proportional to E[φ̃²] ≤ 2B²κ + 2B²
// instead of 4B² (ours/c3).
func pricedInnerL1Eta(costs []float64) float64 {
	return math.Sqrt(2 / (PricedInnerL1Factor(costs) + 1))
}
