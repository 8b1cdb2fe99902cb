// Package lowerbound makes the lower bounds of learning with limited
// attribute observation something to run: generators of the hard
// distributions of the theorems, each with its exact w*, L_D(w*) and excess
// risk, matching learners that attain the bounds, and a helper that
// measures how many examples any lao.Solver needs to reach a target excess
// risk, so measured sample counts can be set beside the theorems' rates.
//
//   - NewCSS: Cesa-Bianchi, Shalev-Shwartz & Shamir (ICML 2010, Theorem 3;
//     JMLR 2011, Theorem 1 and Appendix A): one attribute of bias √ε, the
//     rest noise; Ω(d/(kε)) examples for l1-bounded predictors.
//   - NewHazanKoren: Hazan & Koren (ICML 2012, Theorem 2.2): the hidden-sign
//     hypercube; Ω(d/(kε²)) examples for l2-bounded predictors.
//   - NewActiveL1, NewActiveL2, NewCSSTheorem4: prediction on a budget
//     (ICML 2010, Theorem 4; JMLR 2011, Theorems 2 and 3): L_D(w*) = 0, yet
//     any predictor reading k_t attributes of a test example has risk at
//     least Floor(k_t) — 1/9 with 2 of 3 — which BestActiveRisk confirms by
//     exhausting every adaptive predictor for small d.
//
// CoinCounter and MajorityVote are the matching learners, MeasureSamples
// the sample-count measurement (median over seeds) and Slope the log-log
// fit the experiment `lao experiment lower-bounds` reports.
//
// The constructions follow the journal version of Cesa-Bianchi et al.
// (JMLR 2011) where it gives them; the ridge instance, whose proof Hazan &
// Koren defer to their full version, follows a reconstruction made for this
// project (the hidden-sign hypercube of NewHazanKoren).
//
//	inst, _ := lowerbound.NewHazanKoren(128, 1, 0.05, 1)
//	c, _ := lowerbound.MeasureSamples(&lao.AERR{K: 1}, inst, inst.Eps(), lowerbound.MeasureOptions{})
//	fmt.Println(c.M, lowerbound.HKMinExamples(128, 1, 0.05))
package lowerbound
