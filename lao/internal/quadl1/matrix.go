package quadl1

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/lao/internal/dense"
)

// Matrix is the symmetric positive semidefinite d×d matrix A of a
// problem, held in one of two forms:
//
//   - Dense: all d² entries, row-major (any symmetric A);
//   - Rows: A = s·XᵀX + εI for the m rows of X (m×d, row-major), without
//     forming it: a row of A costs O(md) when the solver first needs it and
//     is kept, an entry O(m). When m < d (a table wider than it is long)
//     this is what makes the lasso affordable: coordinate descent and the
//     path's pieces only ever read the rows of the coordinates that were
//     non-zero at some point, about m of them, where the dense form needs
//     the d² entries in memory and O(md²) time to sum them.
//
// A solver reads A only through Row, At and the diagonal; the two forms
// hold the same matrix up to rounding. Entries of the Rows form are sums
// over the rows of X in order, each product rounded (no fused multiply-add),
// so A_ij and A_ji are the same bits whichever is computed. A Matrix of the
// Rows form keeps the rows it computed, up to 2m + 64 of them (the oldest
// goes first; a row computed again has the same bits: a lasso's support
// stays below m), and is not safe for concurrent use. A row returned by Row is valid until the
// next call of Row.
type Matrix struct {
	d     int
	a     []float64 // the Dense form, else nil
	x     []float64 // the Rows form: X, m×d
	m     int
	scale float64 // s
	ridge float64 // ε
	diag  []float64
	rows  map[int][]float64 // the Rows form's rows computed and kept
	order []int             // the keys of rows, oldest first
}

// KeptRows is the most rows of A a Rows form of m rows of X keeps.
func KeptRows(m int) int { return 2*m + 64 }

// Dense returns the Matrix of A (d×d, row-major; not copied: do not
// modify it while the Matrix is in use).
func Dense(A []float64, d int) *Matrix {
	mt := &Matrix{d: d, a: A}
	if d >= 1 && len(A) == d*d {
		mt.diag = make([]float64, d)
		for j := range d {
			mt.diag[j] = A[j*d+j]
		}
	}
	return mt
}

// Rows returns the Matrix s·XᵀX of the m rows of X (m×d, row-major; not
// copied).
func Rows(X []float64, m, d int, s float64) *Matrix {
	mt := &Matrix{d: d, x: X, m: m, scale: s, rows: map[int][]float64{}}
	if d >= 1 && m >= 0 && len(X) == m*d {
		mt.diag = make([]float64, d)
		for j := range d {
			mt.diag[j] = mt.entry(j, j)
		}
	}
	return mt
}

// Dim returns d.
func (mt *Matrix) Dim() int { return mt.d }

// WithRidge returns the matrix A + εI (a new Matrix; A is not changed, and
// the Dense form is copied).
func (mt *Matrix) WithRidge(eps float64) *Matrix {
	if mt.a != nil {
		Ae := append([]float64(nil), mt.a...)
		for j := range mt.d {
			Ae[j*mt.d+j] += eps
		}
		return Dense(Ae, mt.d)
	}
	r := &Matrix{d: mt.d, x: mt.x, m: mt.m, scale: mt.scale, ridge: mt.ridge + eps, rows: map[int][]float64{}}
	r.diag = make([]float64, mt.d)
	for j, v := range mt.diag {
		r.diag[j] = v + eps
	}
	return r
}

// Row returns row i of A (len d). The caller must not modify it.
func (mt *Matrix) Row(i int) []float64 {
	if mt.a != nil {
		return mt.a[i*mt.d : (i+1)*mt.d]
	}
	return mt.row(i)
}

// row computes (once) row i of the Rows form: s·Σ_r x_ri x_r (+ ε at i).
func (mt *Matrix) row(i int) []float64 {
	if r, ok := mt.rows[i]; ok {
		return r
	}
	d := mt.d
	var r []float64
	if len(mt.order) >= KeptRows(mt.m) { // reuse the oldest row's memory
		old := mt.order[0]
		mt.order = mt.order[1:]
		r = mt.rows[old]
		delete(mt.rows, old)
		clear(r)
	} else {
		r = make([]float64, d)
	}
	for k := range mt.m {
		xr := mt.x[k*d : (k+1)*d]
		c := xr[i]
		if c == 0 {
			continue
		}
		for j, v := range xr {
			r[j] += float64(c * v) // rounded product: the bits of entry
		}
	}
	for j := range r {
		r[j] *= mt.scale
	}
	r[i] += mt.ridge
	mt.rows[i] = r
	mt.order = append(mt.order, i)
	return r
}

// At returns A_ij.
func (mt *Matrix) At(i, j int) float64 {
	switch {
	case mt.a != nil:
		return mt.a[i*mt.d+j]
	case i == j:
		return mt.diag[i]
	}
	if r, ok := mt.rows[i]; ok {
		return r[j]
	}
	if r, ok := mt.rows[j]; ok {
		return r[i]
	}
	return mt.entry(i, j)
}

// entry computes A_ij of the Rows form as row computes it (without ε).
func (mt *Matrix) entry(i, j int) float64 {
	d := mt.d
	var s float64
	for k := range mt.m {
		if c := mt.x[k*d+i]; c != 0 {
			s += float64(c * mt.x[k*d+j])
		}
	}
	return s * mt.scale
}

// Diag returns A_jj.
func (mt *Matrix) Diag(j int) float64 { return mt.diag[j] }

// MulVec returns A·w. The Dense form takes one dot product per row; the
// Rows form s·Xᵀ(Xw) + εw in O(md).
func (mt *Matrix) MulVec(w []float64) []float64 {
	d := mt.d
	out := make([]float64, d)
	if mt.a != nil {
		for i := range d {
			out[i] = dot(mt.a[i*d:(i+1)*d], w)
		}
		return out
	}
	for k := range mt.m {
		xr := mt.x[k*d : (k+1)*d]
		if t := dense.Dot(xr, w); t != 0 {
			dense.Axpy(mt.scale*t, xr, out)
		}
	}
	for i, wi := range w {
		out[i] += mt.ridge * wi
	}
	return out
}

// maxAbs returns the largest |A_ij|: a scan of the Dense form; for the
// Rows form, which is positive semidefinite, the largest diagonal entry
// (|A_ij| ≤ √(A_ii A_jj)).
func (mt *Matrix) maxAbs() float64 {
	var amax float64
	if mt.a != nil {
		for _, x := range mt.a {
			amax = max(amax, math.Abs(x))
		}
		return amax
	}
	for _, x := range mt.diag {
		amax = max(amax, x)
	}
	return amax
}

// finite reports whether every entry of A is finite: the Dense form's
// entries; the Rows form's X, scale, ridge and diagonal (a sum of squares
// that overflows is infinite there first).
func (mt *Matrix) finite() bool {
	for _, x := range mt.a {
		if x-x != 0 { // NaN or ±Inf
			return false
		}
	}
	for _, x := range mt.x {
		if x-x != 0 {
			return false
		}
	}
	if mt.scale-mt.scale != 0 || mt.ridge-mt.ridge != 0 {
		return false
	}
	for _, x := range mt.diag {
		if x-x != 0 {
			return false
		}
	}
	return true
}

// shape describes the storage for an error message.
func (mt *Matrix) shape() string {
	if mt.x != nil || mt.a == nil && mt.m > 0 {
		return fmt.Sprintf("%d rows, len(X) = %d", mt.m, len(mt.x))
	}
	return fmt.Sprintf("len(A) = %d", len(mt.a))
}
