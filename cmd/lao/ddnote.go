package main

import (
	"fmt"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// ddNote returns, for a data-dependent solver (one that takes prior second
// moments), what Kukliansky & Shamir's analysis predicts on the training
// data as the solver sees them (after the CLI's centring and scaling): the
// improvement ratio and the ratio of its excess-risk bound to the uniform
// solver's at budget k (frames.BoundRatios). Empty for other solvers.
//
// Why it is printed: per-column standardisation makes every moment equal
// (the scaling policy, frames.OptionsFor, standardises these solvers' data
// only when the columns are in different units); and on sparse non-negative
// attributes (power-law Bernoulli data like the paper's Section 5.1)
// centring turns μ_j into
// μ_j(1 − μ_j) and evens out the second moments: at d = 100, α = −2,
// ρ_ridge rises from 0.17 to 0.31 and the predicted ratio from 0.44 to
// 0.58. Measured through this command (docs/results.md), centring helps
// the uniform AERR more than DDAERR, so the gap shrinks, while DDAERR's own
// error is no worse centred; at k = 4 DDAERR as specified gains little
// because its inner-product estimate ignores the moments, and the paper's
// experimental variant (--param paper=1) recovers the gain.
func ddNote(s lao.Solver, train lao.Table, k int) string {
	if _, ok := s.(lao.MomentsUser); !ok || k < 1 || train == nil || train.Len() == 0 {
		return ""
	}
	mom := frames.SecondMoments(train)
	rho, br := frames.ImprovementRatios(mom), frames.BoundRatios(mom, k)
	ratio, name := br.Ridge, "rho_ridge"
	r := rho.Ridge
	if lao.Describe(s).Ball == "l1" {
		ratio, name, r = br.Lasso, "rho_lasso", rho.Lasso
	}
	return fmt.Sprintf("data-dependent sampling (Kukliansky & Shamir 2015): on the data as the solver sees them %s = %.3f, "+
		"predicted bound ratio to the uniform solver at k = %d: %.3f (1 = no gain; `lao describe --k K` compares the raw table; "+
		"--param paper=1 draws the inner-product attribute by the moments too)", name, r, k, ratio)
}
