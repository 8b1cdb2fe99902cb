// Package core holds the learner cores the solvers of package lao share:
// the state of an online algorithm (its iterate, the running sum for the
// averaged output, the sampling structures of the inner-product estimates)
// with the fast path written once per core. A solver file keeps its
// paper's estimator, parameters and defaults; the core owns the update,
// the projection and the averaging.
//
//	Ball  projected online gradient descent on the l2 ball (AERR, GAERR,
//	      DDAERR, online ridge; Shrink gives Pegasos's (1 − 1/t) step)
//	EG    exponentiated gradient EG± on the l1 ball (AELR, GAELR, DDAELR,
//	      online lasso)
//	L1Ball  Pegasos steps projected onto the l1 ball (AER), with Duchi et
//	      al. 2008's projection for sparse updates (a min-heap of lower bounds of the
//	      active magnitudes)
//
// They keep w = s·a with a global scale s, so projecting onto the l2 ball,
// shrinking, or renormalising the EG weights costs O(1); the running sum
// of the iterates is kept lazily (Lazy, restarted in epochs); the norms and
// the draws of j with probability w_j²/||w||₂² or |w_j|/||w||₁ come from a
// SumTree of fan-out 8, one cache line per level. A step that touches k
// coordinates costs O(k log d), with no pass over d. The plain
// O(d) transcriptions of the pseudo-code live in package lao's tests, which
// check that the solvers built on these cores reproduce them iterate for
// iterate.
//
// The package knows nothing of examples or budgets: it never sees a row.
package core
