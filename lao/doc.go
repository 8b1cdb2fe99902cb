// Package lao implements learning with limited attribute observation (LAO):
// linear regression where, for every training example, the learner sees the
// label but may actively choose only a few of the d attributes.
//
// The protocol is enforced, not trusted. A solver reaches an example only
// through an *Example handle that reveals the label and at most a budget of
// distinct attributes (re-reading one is free); a request beyond the budget
// is refused with ErrBudgetExceeded and never served. The handle lives in an
// internal package, so a solver cannot touch a row except through it. Fit
// drives a Solver over a Source of examples and returns a Result with the
// weights and the attribute accounting (total attributes observed, the
// maximum on any single example), so experiments can put "attributes seen"
// on the x-axis as the papers do.
//
// The solvers follow the papers' pseudo-code, one file each:
//
//	Baseline, AER, Centroid       Cesa-Bianchi, Shalev-Shwartz & Shamir, ICML 2010
//	AERR, AELR, AESVR (with
//	GenEst, Procedure 3)          Hazan & Koren, ICML 2012
//	GAERR, GAELR, DDAERR, DDAELR,
//	TwoPhasedDDAERR/DDAELR        Kukliansky & Shamir, ICML 2015 (theorem,
//	                              section and page numbers as in the arXiv
//	                              version 1410.6382)
//	Exploration, Exploitation,
//	Hybrid                        Murata & Suzuki, NeurIPS 2018
//	RDA, Dantzig                  the competitors of Murata & Suzuki's experiments
//	                              (Ito et al. 2017, Kale et al. 2017; reconstructed)
//	ScreenRidge, AdaptiveScreen   practical screening baselines (this module)
//	CorrectedRidge                Loh & Wainwright 2012's corrected moments for
//	                              missing data, with the known k-of-d inclusion
//	                              probabilities (Horvitz-Thompson)
//	Ridge, Lasso, OnlineRidge,
//	OnlineLasso                   full-information references (budget d)
//
// The budget is spent when an example reveals its cells; computing on what
// was revealed is free. CorrectedRidge and AdaptiveScreen fit on every cell
// every example revealed (revealed.go), not on a single pass of gradient
// steps.
//
// Murata & Suzuki's solvers have a second budget, at prediction time: the
// model has at most s non-zero weights (hard thresholding H_s) and a test
// example may reveal only s' attributes. Budget.Predict states it, Fit
// refuses an output that would exceed it, Result.Support lists the
// attributes the model reads, and EvaluateBudgeted (BudgetedMSE) predicts
// through handles with that budget.
//
// Options beyond the specified algorithms are bool fields that default to
// off (variants.go; 1 or 0 by name): AdaGrad's per-coordinate steps (Kukliansky & Shamir 2015,
// Appendix A) for AERR, DDAERR, two-phased DDAERR and online ridge, and the
// variants that paper's experiments ran (Section 5: inner-product draws
// p_j ∝ |w_j|√E[x_j²], the budget split evenly, ε = 0, a warm-started
// second phase; Paper selects them all).
//
// Each solver is a struct whose exported fields are the paper's parameters
// (K, B, Eta, Lambda, ...); a zero field selects the theorem's choice,
// computed from m, d, k and B. The struct is the single source of truth:
// Params binds every parameter by name ("k", "B", "eta", ...) to its field,
// with its default (Param.Default, the one place it is written: the usage
// text prints it and a test holds the field's doc to it) and its
// cross-validation range, so package frames (CV), the command line and the
// experiments reach every solver the same way (New, SetParams, Grid), and
// errors name parameters as users type them. Start validates the
// parameters once per fit and returns the learner with its budget. A
// learner never panics on data: a numerical failure is an error (Failer),
// which Fit returns. To drive a solver by hand, one example at a time,
// use Run (NewRun): it makes Fit's checks at every step (the budget, the
// row's width and values) and on the output (Weights); Step, the bare
// protocol, checks only the budget and a Failer. The theorems' bounds are
// plain functions next to the solvers (AERRBound, AELRBound, DDAERRBound, ExplorationSamples,
// HybridSamples, ...).
//
// Sub-packages: lao/theory is the theorem registry (every theorem, lemma
// and claim of the four papers as data, with its bound); lao/lowerbound
// holds the lower-bound instance generators (the hard distributions of
// Cesa-Bianchi et al. 2010/2011 and Hazan & Koren 2012, each with its exact
// risk), their matching learners, MeasureSamples and the exhaustive search
// over adaptive predictors.
//
// Dependencies point one way: lao depends on gonum only; its internal
// packages (observe: the handle; quadl1: the exact l1-ball QP; dselector:
// the Dantzig selector by ADMM; errs: the shared sentinel errors) depend on
// nothing of ours; lao/lowerbound depends on lao; lao/theory depends on lao
// and lao/lowerbound; frames, frames/experiments, datasets, kernel and
// cmd/lao depend on lao, and nothing in lao imports them.
//
// A fit is deterministic given Options.Seed (PCG from math/rand/v2):
//
//	train, _ := lao.NewDataset(x, y, d, nil) // x row-major, len m*d
//	res, err := lao.Fit(&lao.AERR{K: 4}, train.Stream(), lao.Options{Seed: 1})
//	// res.W, res.Attributes, res.MaxPerExample
package lao
