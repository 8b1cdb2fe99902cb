// Package theory makes the papers' results something to run: a registry of
// every theorem, lemma and claim of the four papers (Cesa-Bianchi,
// Shalev-Shwartz & Shamir 2010 and its JMLR 2011 version; Hazan & Koren
// 2012; Kukliansky & Shamir 2015; Murata & Suzuki 2018) as data: what it
// says in one plain line, its bound as a function where it has one, and
// where it can be seen — the solver or lower-bound generator that exhibits
// it, the notebook and the CLI experiment that show it, and the Go tests
// that check it. `lao theorems` prints it.
//
// The bounds themselves are plain functions next to what they bound
// (lao.AERRBound, lao.DDAERRBound, lowerbound.CSSMinExamples, ...); this
// package depends on lao and lowerbound, never the reverse.
//
//	for _, t := range theory.Theorems() {
//		fmt.Println(t.ID, t.Number, t.Statement)
//	}
//	t, _ := theory.TheoremByID("hk2012/3.1")
//	fmt.Println(t.Bound(theory.BoundParams{D: 784, K: 4, M: 10000, B: 1}))
package theory
