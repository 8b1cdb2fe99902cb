package lao

import (
	"math"

	"github.com/laoproject/lao/lao/internal/dense"
	"github.com/laoproject/lao/lao/internal/quadl1"
	"gonum.org/v1/gonum/mat"
)

// A table with fewer rows than attributes (m < d: 64 tumours × 6,830 genes,
// a few dozen patients × thousands of measurements) is where the d×d Gram
// matrix of Ridge and Lasso is least affordable: on ISLR's NCI60 one ridge
// fit with its cross-validation summed and factorised 6,830×6,830 matrices
// for minutes in gigabytes. Its rows are m·d numbers, fewer than d², and
// both references are solved from them (the wide form of gram):
//
//   - Ridge in the dual: the minimiser of (1/m)||Xw − y||² + λ||w||² is
//     w = Xᵀα with (K + λI)α = y/m, K = XXᵀ/m (m×m), the same point as
//     (C + λI)w = b with C = XᵀX/m, b = Xᵀy/m; the constrained form's
//     secular equation has the same non-zero eigenvalues in K as in C.
//   - Lasso on quadl1's Rows form of C, which computes a row of C only when
//     the solver moves its coordinate.
//
// Both agree with the d×d solves to rounding (TestWideMatchesGram).

// wideRows is gram's wide form: the rows read, m×d row-major, and their
// labels.
type wideRows struct {
	x, y []float64
}

// add keeps one example.
func (w *wideRows) add(x []float64, y float64) {
	w.x = append(w.x, x...)
	w.y = append(w.y, y)
}

// linear returns b = Xᵀy/m as gram's sum computes it.
func (g *gram) linear() []float64 {
	inv := 1 / float64(g.seen)
	b := make([]float64, g.d)
	for i, v := range g.xy {
		b[i] = v * inv
	}
	return b
}

// quadratic returns C = XᵀX/m as a quadl1 matrix (the Dense form of
// moments, or the Rows form of the wide rows) and b = Xᵀy/m, the caller's;
// ok is false before the first example. err reports a non-finite entry
// (what is named in the message).
func (g *gram) quadratic(what string) (A *quadl1.Matrix, b []float64, ok bool, err error) {
	if g.wide == nil {
		C, b, ok := g.moments()
		if !ok {
			return nil, nil, false, nil
		}
		return quadl1.Dense(C, g.d), b, true, momentsFinite(what, C, b)
	}
	if g.seen == 0 {
		return nil, nil, false, nil
	}
	b = g.linear()
	A = quadl1.Rows(g.wide.x, g.seen, g.d, 1/float64(g.seen))
	return A, b, true, momentsFinite(what, b, diagonal(A))
}

// diagonal returns A's diagonal (len d).
func diagonal(A *quadl1.Matrix) []float64 {
	dg := make([]float64, A.Dim())
	for j := range dg {
		dg[j] = A.Diag(j)
	}
	return dg
}

// kernel returns K = XXᵀ/m (m×m, full symmetric, row-major) of the wide
// rows: the columns of X summed by the tile kernels as gram sums rows.
func (g *gram) kernel() []float64 {
	m, d := g.seen, g.d
	acc := dense.NewGram(m)
	col := make([]float64, m)
	for j := range d {
		for r := range m {
			col[r] = g.wide.x[r*d+j]
		}
		acc.Add(col)
	}
	return symmetricOf(acc.Upper(), m, 1/float64(m))
}

// primal writes w = Xᵀα (len d) for the wide rows' dual weights α (len m).
func (g *gram) primal(alpha, w []float64) {
	clear(w)
	d := g.d
	for r, a := range alpha {
		if a != 0 {
			dense.Axpy(a, g.wide.x[r*d:(r+1)*d], w)
		}
	}
}

// ridgeWide is ridgeLearner.Weights in the wide form: the same solutions
// from the m×m kernel (see the comment at the top of this file).
func (l *ridgeLearner) ridgeWide(dst []float64) {
	m := l.seen
	K := l.kernel()
	if l.fail(momentsFinite("kernel matrix XXᵀ/m or the labels", K, l.wide.y)) {
		clear(dst)
		return
	}
	var err error
	alpha := make([]float64, m)
	switch {
	case l.B > 0:
		err = ridgeBallDual(K, l.wide.y, m, l.B, alpha)
	case l.lambda > 0:
		err = ridgePenalised(K, l.dualTarget(), m, l.lambda, alpha)
	default: // tr(C) = tr(K)
		var tr float64
		for i := range m {
			tr += K[i*m+i]
		}
		l.auto = tr / float64(l.d*m)
		if l.auto == 0 {
			clear(dst)
			return
		}
		err = ridgePenalised(K, l.dualTarget(), m, l.auto, alpha)
	}
	if l.fail(err) {
		clear(dst)
		return
	}
	l.primal(alpha, dst)
}

// dualTarget returns y/m: (K + λI)α = y/m is ridgePenalised's system
// (C + λI)w = b on the m×m kernel, its Cholesky solve and its eigenbasis
// fallback alike.
func (g *gram) dualTarget() []float64 {
	t := make([]float64, g.seen)
	for i, v := range g.wide.y {
		t[i] = v / float64(g.seen)
	}
	return t
}

// ridgeBallDual writes into alpha the dual weights of ridgeBall's
// minimiser over ||w||₂ ≤ B: C's non-zero eigenvalues are K's, ev, and
// b's components on their eigenvectors are β_i = √(e_i/m)·(u_iᵀy), so
// ballMultiplier finds the same μ, and w(μ) = Xᵀα with
// α = Σ_i u_i (u_iᵀy)/(m(e_i + μ)).
func ridgeBallDual(K, y []float64, m int, B float64, alpha []float64) error {
	U, ev, uy, err := eigenMoments(K, y, m)
	if err != nil {
		return err
	}
	beta := make([]float64, m)
	zero := roundingZero(ev[m-1], m)
	for i, e := range ev {
		if e > zero { // below it u_i is in the null space of Xᵀ to rounding: b = Xᵀy/m has no component there, though √e·(u_iᵀy) would make one up
			beta[i] = math.Sqrt(e/float64(m)) * uy[i]
		}
	}
	mu, ok := ballMultiplier(ev, beta, m, B)
	if !ok {
		clear(alpha)
		return nil
	}
	z := make([]float64, m)
	for i, e := range ev {
		if beta[i] != 0 && e > 0 && e+mu > 0 {
			z[i] = uy[i] / (float64(m) * (e + mu))
		}
	}
	mat.NewVecDense(m, alpha).MulVec(U, mat.NewVecDense(m, z))
	return nil
}
