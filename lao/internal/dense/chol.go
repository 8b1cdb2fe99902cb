package dense

import "math"

// cholBlock is the number of rows of U computed before the rest of the
// matrix is updated with their products by the tile kernels.
const cholBlock = 64

// Cholesky factors the symmetric positive definite d×d matrix whose upper
// triangle is a's (row-major; the lower triangle is not read) as A = UᵀU,
// U upper triangular with a positive diagonal, in place: on return a's
// upper triangle is U and its lower triangle 0. It reports false, with a's
// contents unspecified, when a pivot is not positive and finite (A is not
// positive definite to working precision), as LAPACK's dpotrf does.
//
// It is LAPACK's blocked right-looking algorithm: cholBlock rows of U at a
// time (each by the level-1 kernels Axpy), then the trailing upper triangle
// less those rows' outer products, computed by the Gram matrix's tile
// kernels on both cores (about a sixth of d³ multiply-adds, nearly all of
// the work). The result does not depend on the number of cores or, as the
// Gram matrix, on which kernel the CPU runs.
func Cholesky(a []float64, d int) bool { return cholesky(a, d, best) }

func cholesky(a []float64, d int, k tiler) bool {
	a = a[:d*d]
	g := &Gram{k: k}
	for k0 := 0; k0 < d; k0 += cholBlock {
		k1 := min(k0+cholBlock, d)
		for r := k0; r < k1; r++ {
			row := a[r*d : (r+1)*d]
			p := row[r]
			if !(p > 0 && p <= math.MaxFloat64) {
				return false
			}
			p = math.Sqrt(p)
			row[r] = p
			for j := r + 1; j < d; j++ {
				row[j] /= p
			}
			for q := r + 1; q < k1; q++ { // the block's later rows less u_r's part
				Axpy(-row[q], row[q:], a[q*d+q:(q+1)*d])
			}
		}
		if k1 == d {
			break
		}
		g.view(a[k1*d+k1:], d-k1, d, true) // A₂₂ −= Σ_r u_r u_rᵀ over the block's rows
		for r := k0; r < k1; r++ {
			g.Add(a[r*d+k1 : (r+1)*d])
		}
		g.Flush()
	}
	for i := 1; i < d; i++ {
		clear(a[i*d : i*d+i])
	}
	return true
}

// CholeskySolve overwrites b with the solution x of UᵀU x = b, U the upper
// triangular factor Cholesky returned in u (d×d, row-major).
func CholeskySolve(u []float64, d int, b []float64) {
	b = b[:d]
	for i := range d { // Uᵀz = b, forward
		row := u[i*d : (i+1)*d]
		b[i] /= row[i]
		Axpy(-b[i], row[i+1:], b[i+1:])
	}
	for i := d - 1; i >= 0; i-- { // U x = z, backward
		row := u[i*d : (i+1)*d]
		b[i] = (b[i] - Dot(row[i+1:], b[i+1:])) / row[i]
	}
}
