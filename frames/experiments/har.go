package experiments

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Intervals over the test rows of one split in time order.
//
// When every split of a comparison tests the same rows, the table's last
// ones (compare --test-last, frames.SplitLast), the splits differ only in
// the solvers' draws and the order of the same training rows: their
// spread says nothing of how a method would do on other rows. The
// uncertainty is the test rows' own, and they are a time series: a
// difference of two methods' squared errors on neighbouring rows is
// correlated (the sunspot cycle puts runs of rows above or below any
// model), so the plain variance of the row differences understates the
// variance of their mean. This is Diebold & Mariano's (1995) comparison of
// predictive accuracy; its variance is the long-run variance of the loss
// differential, estimated here by the equal-weighted cosine (EWC)
// estimator with Student's t critical values, which Lazarus, Lewis, Stock
// & Watson (2018, "HAR inference: recommendations for practice", Journal
// of Business & Economic Statistics 36) recommend for their size in small
// samples: ν = ⌊0.4·T^(2/3)⌋ cosine terms for T rows, t with ν degrees of
// freedom. TestRowsIntervalCalibrated and TestRowsIntervalCalibratedSeeds
// measure its size.
//
// The rows' differences are averaged over the seeds first, so a seed that
// moves every row's error alike (a lucky λ of CV) would leave the rows'
// variance as it is: with S ≥ 2 seeds the variance of the mean adds the
// seeds' own, s²/S of the per-seed gaps, and the degrees of freedom
// combine ν and S − 1 by Welch and Satterthwaite (a row-by-row part of
// the seeds' noise is then counted twice: conservative). The combined
// degrees of freedom can exceed ν, so with a small seeds' share the
// interval can be a little narrower than the rows' alone, though its
// variance is larger (interest_inflation: ±0.347 over the rows, ±0.326
// with the seeds): the variance is then estimated from more independent
// parts. Capping them at ν was tried and made the interval conservative,
// excluding 0 on 3.5 % of null series instead of 5 %
// (TestRowsIntervalCalibratedSeeds, jitter 0.3). With one seed the
// interval is conditional on its draws, and the verdict says so. Either
// way the comparison is of the models fitted on these training rows, on
// these test rows: whether they would rank the same on other periods is
// what a longer test part tells.

// ewcTerms is ν = ⌊0.4·T^(2/3)⌋, the number of cosine terms of the EWC
// estimator for T rows (0 below T = 4: no interval).
func ewcTerms(T int) int {
	return int(math.Floor(0.4 * math.Pow(float64(T), 2.0/3)))
}

// ewcVar returns Ω̂/T, the EWC estimate of the variance of the mean of z,
// a series in time order, and its degrees of freedom ν (0, and variance 0,
// when z is too short for one term): Ω̂ = (1/ν)·Σ_{j=1..ν} Λ_j²,
// Λ_j = √(2/T)·Σ_t cos(π·j·(t − ½)/T)·(z_t − z̄), t = 1..T. The mean's
// 95 % half-width is t_ν,0.975·√(Ω̂/T).
func ewcVar(z []float64) (variance float64, nu int) {
	T := len(z)
	nu = ewcTerms(T)
	if nu < 1 {
		return 0, 0
	}
	var mean float64
	for _, v := range z {
		mean += v / float64(T)
	}
	var omega float64
	for j := 1; j <= nu; j++ {
		var l float64
		for t, v := range z {
			l += math.Cos(math.Pi*float64(j)*(float64(t)+0.5)/float64(T)) * (v - mean)
		}
		l *= math.Sqrt(2 / float64(T))
		omega += l * l / float64(nu)
	}
	return omega / float64(T), nu
}

// onRows reports whether every outcome of a and b carries its test rows
// (Outcome.Rows), as many of them, at least 2: the intervals are then
// over the rows.
func onRows(a, b []Outcome) bool {
	if len(a) == 0 || len(a[0].Rows) < 2 {
		return false
	}
	T := len(a[0].Rows)
	for _, part := range [][]Outcome{a, b} {
		for _, o := range part {
			if len(o.Rows) != T || len(o.ZeroRows) != T {
				return false
			}
		}
	}
	return true
}

// overRows sets g's interval (Half, DF, TestRows) from the test rows of
// the outcomes paired by seed (pairedGap; T rows each; the zero predictor's rows are
// the first outcome's ZeroRows): the difference of the two methods' errors
// on each row, averaged over the pairs, in time order (ewcVar), its
// variance widened by the spread of the per-seed gaps seedGaps (with two
// or more; the seeds' share of the variance is kept for the verdict's
// advice).
func overRows(g Gap, T int, pairs []seedPair, seedGaps []float64) Gap {
	g.TestRows, g.TestOverTrain, g.floor, g.Half, g.DF, g.seedShare, g.RowsLower = T, 0, 0, 0, 0, 0, 0
	if len(pairs) == 0 {
		return g
	}
	z := make([]float64, T)
	for _, p := range pairs {
		against := p.of.ZeroRows
		if p.against != nil {
			against = p.against.Rows
		}
		for t := range z {
			z[t] += (p.of.Rows[t] - against[t]) / float64(len(pairs))
		}
	}
	for _, d := range z {
		if d < 0 {
			g.RowsLower++
		}
	}
	rows, nu := ewcVar(z) // the rows' variance of the mean, Ω̂/T
	if nu == 0 {
		return g
	}
	g.DF = float64(nu)
	var seeds float64
	if S := float64(len(seedGaps)); S >= 2 {
		_, sd := MeanSD(seedGaps)
		seeds = sd * sd / S
		if rows+seeds > 0 {
			g.DF = (rows + seeds) * (rows + seeds) / (rows*rows/float64(nu) + seeds*seeds/(S-1))
			g.seedShare = seeds / (rows + seeds)
		}
	}
	g.Half = distuv.StudentsT{Mu: 0, Sigma: 1, Nu: g.DF}.Quantile(0.975) * math.Sqrt(rows+seeds)
	return g
}
