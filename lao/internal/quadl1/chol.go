package quadl1

import "math"

// chol is the Cholesky factor L (A_SS = L Lᵀ, lower triangular) of the
// matrix of a piece's support, kept so that the homotopy's events cost
// O(|S|²) each instead of a new O(|S|³) factorisation: a coordinate
// entering the support appends a row (extend), one leaving it deletes a row
// and restores the triangle by Givens rotations (drop). Row i is rows[i],
// of length i+1, its last entry the pivot L_ii > 0.
//
// The pieces' acceptance does not rest on the factor: piece checks the
// residual of every solve. The factor only has to say when A_SS is too
// close to singular to solve at all, by the squared ratio of its largest
// to its smallest pivot (a lower bound on A_SS's condition number) against
// maxCond.
type chol struct {
	rows [][]float64
}

// cholOf factorises A_SS row by row; it returns nil if A_SS is not
// numerically positive definite.
func cholOf(A *Matrix, S []int) *chol {
	c := &chol{rows: make([][]float64, 0, len(S))}
	col := make([]float64, len(S))
	for n, j := range S {
		for ii, i := range S[:n] {
			col[ii] = A.At(i, j)
		}
		if !c.extend(col[:n], A.Diag(j)) {
			return nil
		}
	}
	return c
}

// dim returns |S|.
func (c *chol) dim() int { return len(c.rows) }

// extend appends the row and column (col, diag) to the factored matrix:
// it solves L r = col and sets the new pivot √(diag − r·r). It leaves the
// factor unchanged and reports false if that pivot is not positive or the
// pivot ratio would exceed maxCond.
func (c *chol) extend(col []float64, diag float64) bool {
	n := len(c.rows)
	r := make([]float64, n+1)
	for i, row := range c.rows {
		r[i] = (col[i] - dot(row[:i], r[:i])) / row[i]
	}
	p := diag - dot(r[:n], r[:n])
	if !(p > 0) {
		return false
	}
	r[n] = math.Sqrt(p)
	c.rows = append(c.rows, r)
	if c.cond() > maxCond {
		c.rows = c.rows[:n]
		return false
	}
	return true
}

// cond returns (max_i L_ii / min_i L_ii)², at most A_SS's condition number.
func (c *chol) cond() float64 {
	if len(c.rows) == 0 {
		return 1
	}
	lo, hi := math.Inf(1), 0.0
	for i, row := range c.rows {
		lo, hi = min(lo, row[i]), max(hi, row[i])
	}
	return (hi / lo) * (hi / lo)
}

// drop deletes row and column k of the factored matrix: row k of L goes,
// and the rows below, which then reach one column past the diagonal, are
// brought back to lower triangular form by rotating columns (j, j+1) for
// j = k, k+1, ... (each rotation touches the rows from j down: O(|S|²) in
// all).
func (c *chol) drop(k int) {
	c.rows = append(c.rows[:k], c.rows[k+1:]...)
	for j := k; j < len(c.rows); j++ {
		a, b := c.rows[j][j], c.rows[j][j+1]
		h := math.Hypot(a, b)
		cs, sn := a/h, b/h
		for _, row := range c.rows[j:] {
			x, y := row[j], row[j+1]
			row[j], row[j+1] = cs*x+sn*y, -sn*x+cs*y
		}
		c.rows[j][j] = h // exactly, and positive
		c.rows[j] = c.rows[j][:j+1]
	}
}

// solve writes into x the solution of L Lᵀ x = b (len |S|).
func (c *chol) solve(b, x []float64) {
	copy(x, b)
	for i, row := range c.rows { // L y = b
		x[i] = (x[i] - dot(row[:i], x[:i])) / row[i]
	}
	for i := len(c.rows) - 1; i >= 0; i-- { // Lᵀ x = y
		row := c.rows[i]
		x[i] /= row[i]
		axpy(-x[i], row[:i], x[:i])
	}
}
