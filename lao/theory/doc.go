// Package theory makes the papers' theorems something to run: a registry of
// every theorem as data (what it says, its bound as a function, which
// solver exhibits it, which notebook and CLI experiment show it).
//
// The bounds themselves are plain functions in package lao, next to the
// solvers whose parameters they take (lao.AERRBound, lao.DDAERRBound, ...);
// this package depends on lao, never the reverse.
//
//	for _, t := range theory.Theorems() {
//		fmt.Println(t.ID, t.Number, t.Statement)
//	}
//	t, _ := theory.TheoremByID("hk2012/3.1")
//	fmt.Println(t.Bound(theory.BoundParams{D: 784, K: 4, M: 10000, B: 1}))
package theory
