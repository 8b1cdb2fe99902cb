// Package quadl1 solves the two quadratic problems behind the
// full-information lasso and the Baseline algorithm of Cesa-Bianchi,
// Shalev-Shwartz & Shamir (2010), exactly:
//
//	MinPenalised:  min_w  wᵀAw + vᵀw + λ||w||₁
//	MinBall:       min_w  wᵀAw + vᵀw   subject to ||w||₁ ≤ B
//
// for A symmetric positive semidefinite, by coordinate descent to find the
// support and an exact solve on it (with the LARS-lasso homotopy when
// descent cannot identify the support); for d ≤ 1024 MinBall first walks
// the exact path from w = 0, and MinBallPath solves several radii from one
// walk, the same results as MinBall at each. KKTBall and KKTPenalised
// certify a solution. It knows nothing of examples or budgets.
package quadl1
