package dense

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/lapack/gonum"
)

// tridiagonalGonum is the reduction PSD used before tridiagonal: gonum's
// Dsytrd and Dorgtr (the reference of the tests and the benchmark).
func tridiagonalGonum(a []float64, n int) (d, e, w []float64) {
	var impl gonum.Implementation
	d, e, tau := make([]float64, n), make([]float64, n), make([]float64, max(n-1, 1))
	work := make([]float64, 1)
	impl.Dsytrd(blas.Upper, n, a, n, d, e, tau, work, -1)
	work = make([]float64, int(work[0]))
	impl.Dsytrd(blas.Upper, n, a, n, d, e, tau, work, len(work))
	impl.Dorgtr(blas.Upper, n, a, n, tau, work, -1)
	if need := int(work[0]); need > len(work) {
		work = make([]float64, need)
	}
	impl.Dorgtr(blas.Upper, n, a, n, tau, work, len(work))
	w = make([]float64, n*n)
	for i := range n {
		for j := range n {
			w[j*n+i] = a[i*n+j]
		}
	}
	e[n-1] = 0
	return d, e, w
}

// symmetricTestMatrix is a random symmetric n×n matrix of one of five
// kinds: Gaussian; Gaussian with every fourth row and column zero (MNIST's
// blank pixels); Gaussian scaled by 10^±40 per row and column (entries
// spanning 160 decades); a tridiagonal one (nothing to reduce); and a
// Gaussian diagonal with subnormal entries (1e-309 … 1e-320) off it.
func symmetricTestMatrix(rng *rand.Rand, n, kind int) []float64 {
	a := make([]float64, n*n)
	s := make([]float64, n)
	for i := range s {
		s[i] = 1
		if kind == 2 {
			s[i] = math.Pow(10, 40*(2*rng.Float64()-1))
		}
	}
	for i := range n {
		for j := i; j < n; j++ {
			v := rng.NormFloat64() * s[i] * s[j]
			switch {
			case kind == 1 && (i%4 == 0 || j%4 == 0) || kind == 3 && j > i+1:
				v = 0
			case kind == 4 && i != j:
				v *= math.Pow(10, -309-11*rng.Float64())
			}
			a[i*n+j], a[j*n+i] = v, v
		}
	}
	return a
}

// tridiagonal's T = QᵀAQ and Q against their definitions, and T's
// eigenvalues against those of gonum's reduction: w·wᵀ = I and
// w·A·wᵀ = T within rounding, relative to the largest entry.
func TestTridiagonal(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	for _, n := range []int{1, 2, 3, 4, 17, 64, 150} {
		for kind := range 5 {
			a := symmetricTestMatrix(rng, n, kind)
			var scale float64
			for _, v := range a {
				scale = max(scale, math.Abs(v))
			}
			d, e, w := tridiagonal(append([]float64(nil), a...), n)
			tol := 1e-13 * float64(n)
			awt := make([]float64, n*n) // A·wᵀ
			for k := range n {
				for j := range n {
					for l := range n {
						awt[k*n+j] += a[k*n+l] * w[j*n+l]
					}
				}
			}
			for i := range n {
				for j := range n {
					var qq, tij float64 // (w wᵀ)_ij and (w A wᵀ)_ij
					for k := range n {
						qq += w[i*n+k] * w[j*n+k]
						tij += w[i*n+k] * awt[k*n+j]
					}
					want := 0.0
					switch {
					case i == j:
						want = d[i]
					case i == j+1:
						want = e[j]
					case j == i+1:
						want = e[i]
					}
					if math.Abs(qq-b2f(i == j)) > tol {
						t.Fatalf("n=%d kind %d: (QᵀQ)[%d][%d] = %g", n, kind, i, j, qq)
					}
					if math.Abs(tij-want) > tol*scale {
						t.Fatalf("n=%d kind %d: (QᵀAQ)[%d][%d] = %g, T has %g", n, kind, i, j, tij, want)
					}
				}
			}
			if e[n-1] != 0 {
				t.Fatalf("n=%d: trailing e = %g", n, e[n-1])
			}
			gd, ge, gw := tridiagonalGonum(append([]float64(nil), a...), n)
			if !tql(d, e, w, n) || !tql(gd, ge, gw, n) {
				t.Fatalf("n=%d kind %d: no convergence", n, kind)
			}
			sortFloats(d)
			sortFloats(gd)
			for i := range d {
				if math.Abs(d[i]-gd[i]) > tol*scale {
					t.Fatalf("n=%d kind %d: eigenvalue %d = %g, gonum's reduction %g", n, kind, i, d[i], gd[i])
				}
			}
		}
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func sortFloats(x []float64) {
	for i := 1; i < len(x); i++ {
		for j := i; j > 0 && x[j] < x[j-1]; j-- {
			x[j], x[j-1] = x[j-1], x[j]
		}
	}
}

// BenchmarkTridiagonal times the reduction (with Q) at MNIST's n = 784
// against gonum's Dsytrd and Dorgtr.
func BenchmarkTridiagonal(b *testing.B) {
	const n = 784
	a := symmetricTestMatrix(rand.New(rand.NewPCG(16, 17)), n, 1)
	for _, c := range []struct {
		name string
		f    func([]float64, int) ([]float64, []float64, []float64)
	}{{"lao", tridiagonal}, {"gonum", tridiagonalGonum}} {
		b.Run(fmt.Sprintf("%s/n=%d", c.name, n), func(b *testing.B) {
			buf := make([]float64, len(a))
			for b.Loop() {
				copy(buf, a)
				c.f(buf, n)
			}
		})
	}
}
