// Package dense holds the dense linear algebra of the offline references
// (Ridge, Lasso, Baseline) that gonum's generic routines leave slow: the
// Gram matrix Σ x xᵀ of the examples, accumulated block by block by tile
// kernels in assembly (AVX-512 or AVX2 with FMA, chosen at run time) with
// a portable Go kernel beside them that does the same arithmetic (the tests
// check that all agree bit for bit; the purego build tag selects it).
//
//	g := dense.NewGram(d)
//	for _, x := range rows {
//		g.Add(x)
//	}
//	xx := g.Upper() // Σ x xᵀ, upper triangle, row-major
//
// On the same kernels: Cholesky, LAPACK's blocked factorisation A = UᵀU
// (Ridge's solve; the trailing updates are Gram matrices subtracted in
// place), and CholeskySolve. Beside them: PSD, the nearest positive
// semidefinite matrix (Baseline's clip), by a Householder reduction of its
// own (tridiagonal) and the QL iteration; and the level-1 kernels Axpy and
// Dot, with the same pairing of assembly and portable twin.
//
// Results do not depend on the number of cores: every entry is summed in
// the same order whichever goroutine computes it.
package dense
