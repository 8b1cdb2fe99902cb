// Package lao implements learning with limited attribute observation (LAO):
// linear regression where, for every training example, the learner sees the
// label but may actively choose only a few of the d attributes.
//
// The protocol is enforced, not trusted. A solver reaches an example only
// through an *Example handle that reveals the label and at most a budget of
// distinct attributes (re-reading one is free); a request beyond the budget
// is refused with ErrBudgetExceeded and never served. Fit drives a Solver
// over a Source of examples and returns a Result with the weights and the
// attribute accounting (total attributes observed, the maximum on any single
// example), so experiments can put "attributes seen" on the x-axis as the
// papers do.
//
// The solvers follow the pseudo-code of the seed papers, one file each:
//
//	Baseline, AER         Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010
//	AERR, AELR            Hazan & Koren, ICML 2012
//
// Each solver is a struct whose exported fields are the paper's parameters
// (K, B, Eta, Lambda); a zero field selects the theorem's choice, computed
// from m, d, k and B. Full-information references (Ridge, Lasso,
// OnlineRidge, OnlineLasso) go through the same protocol with budget d.
// The theorems' bounds are plain functions (AERRBound, AELRBound, AERBound,
// BaselineBound).
//
// A fit is deterministic given Options.Seed (PCG from math/rand/v2):
//
//	train, _ := lao.NewDataset(x, y, d, nil) // x row-major, len m*d
//	res, err := lao.Fit(&lao.AERR{K: 4}, train.Stream(), lao.Options{Seed: 1})
//	// res.W, res.Attributes, res.MaxPerExample
package lao
