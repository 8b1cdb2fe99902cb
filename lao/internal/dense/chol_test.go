package dense

import (
	"math"
	"runtime"
	"slices"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

// spd returns Σ x xᵀ/m + I over m = 2d + 5 of rows(·, d, seed): symmetric,
// eigenvalues in [1, about 6], so U is well determined (condition about 6).
func spd(d int, seed uint64) []float64 {
	m := 2*d + 5
	a := gramOf(goTiler, rows(m, d, seed), d)
	for i := range d {
		for j := i; j < d; j++ {
			a[i*d+j] /= float64(m)
			a[j*d+i] = a[i*d+j]
		}
		a[i*d+i]++
	}
	return a
}

var cholSizes = []int{1, 2, 15, 16, 17, 63, 64, 65, 130, 200, 301}

// Cholesky against LAPACK's dpotrf (gonum): both are backward stable, so on
// a matrix of condition about 6 their factors agree to a few hundred
// roundings of the largest entry; the lower triangle is 0.
func TestCholeskyMatchesLAPACK(t *testing.T) {
	for _, d := range cholSizes {
		a := spd(d, uint64(d))
		want, ok := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Upper, N: d, Stride: d, Data: slices.Clone(a)})
		if !ok {
			t.Fatalf("d = %d: dpotrf failed", d)
		}
		got := slices.Clone(a)
		for i := range d { // the lower triangle must not be read
			for j := range i {
				got[i*d+j] = math.NaN()
			}
		}
		if !Cholesky(got, d) {
			t.Fatalf("d = %d: Cholesky failed on a positive definite matrix", d)
		}
		scale := 0.0
		for _, v := range want.Data {
			scale = max(scale, math.Abs(v))
		}
		tol := 256 * float64(d) * 0x1p-52 * scale
		for i := range d {
			for j := range d {
				g, w := got[i*d+j], want.Data[i*d+j]
				if j < i {
					w = 0
				}
				if math.Abs(g-w) > tol || (j < i && g != 0) {
					t.Fatalf("d = %d: U[%d][%d] = %v, dpotrf %v", d, i, j, g, w)
				}
			}
		}
	}
}

// Every kernel this CPU runs gives the portable kernel's factor bit for
// bit, and so does any number of cores.
func TestCholeskyKernelsAndCoresAgree(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, d := range []int{65, 200} {
		a := spd(d, 7)
		runtime.GOMAXPROCS(1)
		want := slices.Clone(a)
		cholesky(want, d, goTiler)
		for _, p := range []int{1, 2, 5} {
			runtime.GOMAXPROCS(p)
			for _, k := range kernels() {
				got := slices.Clone(a)
				cholesky(got, d, k)
				if i := firstDiff(got, want); i >= 0 {
					t.Fatalf("d = %d, %s kernel, GOMAXPROCS=%d: entry %d = %v, portable kernel %v", d, k.name, p, i, got[i], want[i])
				}
			}
		}
	}
}

func firstDiff(a, b []float64) int {
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return i
		}
	}
	return -1
}

// A matrix that is not positive definite, or holds a NaN or an infinity
// on the diagonal, is refused (at the first pivot that is not positive and
// finite, in the first block or a later one).
func TestCholeskyRefuses(t *testing.T) {
	for _, c := range []struct {
		name string
		i    int
		v    float64
	}{{"negative pivot", 0, -1}, {"zero pivot after a block", 70, 0}, {"NaN", 3, math.NaN()}, {"+Inf", 100, math.Inf(1)}} {
		const d = 130
		a := spd(d, 3)
		for j := range d { // row and column i of A: a pivot of v at step i
			if j != c.i {
				a[c.i*d+j], a[j*d+c.i] = 0, 0
			}
		}
		a[c.i*d+c.i] = c.v
		if Cholesky(a, d) {
			t.Errorf("%s: Cholesky accepted it", c.name)
		}
	}
	const d = 130
	for _, c := range []struct {
		name   string
		i, j   int
		v      float64
		accept bool
	}{
		// a positive diagonal and an off-diagonal entry that makes the
		// 2×2 minor of (i, j) negative, in a later block: indefinite
		{"indefinite, positive diagonal", 70, 100, 0, false},
		{"NaN off the diagonal", 5, 90, math.NaN(), false},
		{"+Inf off the diagonal", 80, 81, math.Inf(1), false},
		{"NaN below the diagonal (not read)", 90, 5, math.NaN(), true},
	} {
		a := spd(d, 4)
		v := c.v
		if c.name == "indefinite, positive diagonal" {
			v = 2 * math.Sqrt(a[c.i*d+c.i]*a[c.j*d+c.j])
		}
		a[c.i*d+c.j] = v
		if got := Cholesky(a, d); got != c.accept {
			t.Errorf("%s: Cholesky returned %v, want %v", c.name, got, c.accept)
		}
	}
}

// CholeskySolve's x solves A x = b to a few roundings of ||A||·||x||.
func TestCholeskySolve(t *testing.T) {
	for _, d := range cholSizes {
		a := spd(d, uint64(d)+1)
		b := make([]float64, d)
		for i := range b {
			b[i] = math.Sin(float64(i) + 1)
		}
		u := slices.Clone(a)
		if !Cholesky(u, d) {
			t.Fatalf("d = %d: Cholesky failed", d)
		}
		x := slices.Clone(b)
		CholeskySolve(u, d, x)
		var an, xn float64
		for i, v := range a {
			an = max(an, math.Abs(v))
			xn = max(xn, math.Abs(x[i%d]))
		}
		tol := 64 * float64(d) * 0x1p-52 * an * xn
		for i := range d {
			r := -b[i]
			for j := range d {
				r += a[i*d+j] * x[j]
			}
			if math.Abs(r) > tol {
				t.Fatalf("d = %d: residual %v in row %d (tolerance %v)", d, r, i, tol)
			}
		}
	}
}

// Cholesky against gonum's dpotrf at d = 784 (MNIST's dimension).
//
//	go test ./lao/internal/dense -run XXX -bench Cholesky
func BenchmarkCholesky(b *testing.B) {
	const d = 784
	a := spd(d, 1)
	work := make([]float64, d*d)
	b.Run("ours", func(b *testing.B) {
		for range b.N {
			copy(work, a)
			Cholesky(work, d)
		}
	})
	b.Run("gonum", func(b *testing.B) {
		for range b.N {
			copy(work, a)
			lapack64.Potrf(blas64.Symmetric{Uplo: blas.Upper, N: d, Stride: d, Data: work})
		}
	})
}
