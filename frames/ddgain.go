package frames

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao"
)

// BoundRatios returns, for a budget of k attributes per example for x̃
// (plus the inner-product draws), the ratio of the data-dependent solvers'
// excess-risk bounds to the uniform ones', each at its best step size: what
// Kukliansky & Shamir's analysis predicts DDAERR (DDAELR) gains over AERR
// (AELR) on data with these second moments E[x_j²].
//
// Both bounds are proportional to G, the root of the gradient estimate's
// second moment. By their Lemmas 3.2 and 3.4, E||x̃||² = S/k +
// ((k−1)/k)E||x||² with S = Σ_j E[x_j²]/q_j: S = d·E||x||² for the uniform
// q and ρ_ridge·d·E||x||² for q ∝ √E[x_j²], so
//
//	Ridge = √((ρ_ridge·d + k − 1)/(d + k − 1)),
//
// and likewise (Lemmas 4.2 and 4.5, with E||x||∞² replaced by its lower
// bound max_j E[x_j²], which favours DDAELR) Lasso = √((ρ_lasso·d + k −
// 1)/(d + k − 1)). A ratio of 1 means no predicted gain; the improvement
// ratio ρ alone (ImprovementRatios) overstates the gain when k is not small
// against ρ·d, because the k − 1 term is common to both. It is NaN where
// ImprovementRatios is.
func BoundRatios(moments []float64, k int) Rho {
	rho := ImprovementRatios(moments)
	d, kk := float64(len(moments)), float64(max(k, 1))
	f := func(r float64) float64 { return math.Sqrt((r*d + kk - 1) / (d + kk - 1)) }
	return Rho{Ridge: f(rho.Ridge), Lasso: f(rho.Lasso)}
}

// CenteredMoments returns E[(x_j − E[x_j])²] for every attribute of ds: the
// second moments a solver sees after the attributes are centred (as
// `lao fit` does for a CSV file). Centring changes them — for a Bernoulli
// attribute from μ_j to μ_j(1 − μ_j) — and with them the improvement ratios.
func CenteredMoments(ds lao.Table) []float64 {
	m, d := ds.Len(), ds.Dim()
	mean, sq := make([]float64, d), make([]float64, d)
	if m == 0 {
		return sq
	}
	// Two passes (means, then squared deviations): no cancellation for
	// attributes with a large mean.
	pass := func(f func(row []float64)) {
		src, row := ds.Stream(), make([]float64, d)
		for i := range m {
			if _, err := src.Next(row); err != nil {
				panic(fmt.Sprintf("frames: CenteredMoments: row %d of an in-memory table: %v", i, err))
			}
			f(row)
		}
	}
	pass(func(row []float64) {
		for j, v := range row {
			mean[j] += v
		}
	})
	for j := range mean {
		mean[j] /= float64(m)
	}
	pass(func(row []float64) {
		for j, v := range row {
			sq[j] += (v - mean[j]) * (v - mean[j])
		}
	})
	for j := range sq {
		sq[j] /= float64(m)
	}
	return sq
}
