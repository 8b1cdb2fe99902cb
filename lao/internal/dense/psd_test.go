package dense

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// refPSD clips with gonum's EigenSym: Q diag(max(λ, 0)) Qᵀ.
func refPSD(a []float64, n int) ([]float64, float64, float64) {
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(n, append([]float64(nil), a...)), true) {
		panic("EigenSym failed")
	}
	vals := eig.Values(nil)
	var q mat.Dense
	eig.VectorsTo(&q)
	minEig, dist := math.Inf(1), 0.0
	out := make([]float64, n*n)
	for k, v := range vals {
		minEig = min(minEig, v)
		if v < 0 {
			dist += v * v
			continue
		}
		for i := range n {
			for j := range n {
				out[i*n+j] += v * q.At(i, k) * q.At(j, k)
			}
		}
	}
	return out, minEig, math.Sqrt(dist)
}

// PSD against gonum's eigendecomposition on indefinite, rank-deficient
// (zero rows, as MNIST's constant pixels), repeated-eigenvalue and
// already semidefinite matrices.
func TestPSDMatchesEigenSym(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 5))
	for trial, n := range []int{1, 2, 3, 10, 57, 200} {
		for kind := range 4 {
			a := make([]float64, n*n)
			for i := range n {
				for j := i; j < n; j++ {
					v := rng.NormFloat64()
					switch {
					case kind == 1 && (i%4 == 0 || j%4 == 0):
						v = 0 // zero rows and columns
					case kind == 2:
						v = 0
						if i == j {
							v = float64(i%3) - 1 // eigenvalues −1, 0, 1 repeated
						}
					}
					a[i*n+j], a[j*n+i] = v, v
				}
			}
			if kind == 3 { // semidefinite: AᵀA
				b := make([]float64, n*n)
				for i := range n {
					for j := range n {
						for k := range n {
							b[i*n+j] += a[k*n+i] * a[k*n+j]
						}
					}
				}
				a = b
			}
			want, wMin, wDist := refPSD(a, n)
			orig := append([]float64(nil), a...)
			gotMin, gotDist, ok := PSD(a, n)
			if !ok {
				t.Fatalf("n=%d kind %d: no convergence", n, kind)
			}
			var scale float64
			for _, v := range orig {
				scale = max(scale, math.Abs(v))
			}
			tol := 1e-11 * float64(n) * max(scale, 1)
			if math.Abs(gotMin-wMin) > tol || math.Abs(gotDist-wDist) > tol {
				t.Fatalf("n=%d kind %d: min eigenvalue %g, distance %g; gonum %g, %g", n, kind, gotMin, gotDist, wMin, wDist)
			}
			for i := range a {
				if math.Abs(a[i]-want[i]) > tol {
					t.Fatalf("trial %d n=%d kind %d: entry %d = %g, gonum %g", trial, n, kind, i, a[i], want[i])
				}
			}
			if wDist == 0 {
				for i := range a {
					if a[i] != orig[i] {
						t.Fatalf("n=%d kind %d: a semidefinite matrix was changed", n, kind)
					}
				}
			}
		}
	}
}

// rot's vector path against its portable one, bit for bit.
func TestRotAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	for _, n := range []int{0, 1, 4, 7, 64, 101} {
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
		}
		x2, y2 := append([]float64(nil), x...), append([]float64(nil), y...)
		c, s := 0.6, 0.8
		rot(x, y, c, s)
		rotGo(x2, y2, c, s)
		for i := range x {
			if x[i] != x2[i] || y[i] != y2[i] {
				t.Fatalf("n=%d: pair %d = (%v, %v), portable (%v, %v)", n, i, x[i], y[i], x2[i], y2[i])
			}
		}
	}
}

// Axpy's vector path against its portable one, bit for bit.
func TestAxpyAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for _, n := range []int{0, 1, 7, 8, 9, 64, 101} {
		x, y := make([]float64, n), make([]float64, n+3)
		for i := range x {
			x[i] = rng.NormFloat64()
		}
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		y2 := append([]float64(nil), y...)
		Axpy(-1.7, x, y)
		axpyGo(-1.7, x, y2[:n])
		for i := range y {
			if y[i] != y2[i] {
				t.Fatalf("n=%d: y[%d] = %v, portable %v", n, i, y[i], y2[i])
			}
		}
	}
}

// The tridiagonal matrix on which the QL iteration once failed to converge:
// Baseline's estimated second moments on MNIST 3 vs 5 (k = 4, B = 0.25, the
// first CV fold), after Householder reduction. Blocks of entries around
// 1e-80, whose diagonal spans 1e-144 to 1e-80, sit beside eigenvalues of
// order 0.1; deflating only relative to the neighbours never converged.
// The eigenvalues must match gonum's on the same matrix.
func TestTQLMNISTTridiagonal(t *testing.T) {
	f, err := os.Open("testdata/tridiagonal_mnist3v5.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var d, e []float64
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		var di, ei float64
		if _, err := fmt.Sscan(sc.Text(), &di, &ei); err != nil {
			t.Fatal(err)
		}
		d, e = append(d, di), append(e, ei)
	}
	n := len(d)
	dense := make([]float64, n*n)
	w := make([]float64, n*n)
	for i := range n {
		dense[i*n+i], w[i*n+i] = d[i], 1
		if i+1 < n {
			dense[i*n+i+1], dense[(i+1)*n+i] = e[i], e[i]
		}
	}
	var eig mat.EigenSym
	if !eig.Factorize(mat.NewSymDense(n, dense), false) {
		t.Fatal("gonum's EigenSym failed")
	}
	want := eig.Values(nil)
	if !tql(d, e, w, n) {
		t.Fatal("the QL iteration did not converge")
	}
	slices.Sort(d)
	var norm float64
	for _, v := range want {
		norm = max(norm, math.Abs(v))
	}
	for i := range d {
		if math.Abs(d[i]-want[i]) > 1e-13*float64(n)*norm {
			t.Fatalf("eigenvalue %d = %g, gonum %g", i, d[i], want[i])
		}
	}
}

// Dot's vector path against its portable one, bit for bit, and against
// the exact sum within the bound of its rounding.
func TestDotAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for _, n := range []int{0, 1, 15, 16, 17, 31, 32, 100, 784} {
		x, y := make([]float64, n), make([]float64, n+2)
		var exact, abs float64
		for i := range y {
			y[i] = rng.NormFloat64()
		}
		for i := range x {
			x[i] = rng.NormFloat64() * math.Exp(4*rng.NormFloat64())
			exact += x[i] * y[i]
			abs += math.Abs(x[i] * y[i])
		}
		got := Dot(x, y)
		s, m := dotBlocks(x, y)
		for i := m; i < n; i++ {
			s = math.FMA(x[i], y[i], s)
		}
		if got != s {
			t.Fatalf("n=%d: Dot %v, portable %v", n, got, s)
		}
		if math.Abs(got-exact) > float64(n+1)*0x1p-52*abs {
			t.Errorf("n=%d: Dot %v, sum %v: beyond the rounding bound %g", n, got, exact, float64(n+1)*0x1p-52*abs)
		}
	}
}

// TestPSDZeroRows: zero rows are set aside and the other block decomposed
// alone, with the result of the decomposition of the whole matrix (to
// rounding); the zero rows' eigenvalue 0 counts in the smallest eigenvalue;
// a matrix of zeros is left as it is.
func TestPSDZeroRows(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	const n = 60
	for _, definite := range []bool{false, true} {
		a := make([]float64, n*n)
		for i := range n {
			for j := i; j < n; j++ {
				if i%3 == 0 || j%3 == 0 {
					continue // rows 0, 3, 6, … stay zero
				}
				v := rng.NormFloat64()
				if definite {
					v *= 0.01
					if i == j {
						v = 1
					}
				}
				a[i*n+j], a[j*n+i] = v, v
			}
		}
		whole := append([]float64(nil), a...)
		wMin, wDist, ok := psdDense(whole, n)
		gotMin, gotDist, ok2 := PSD(a, n)
		if !ok || !ok2 {
			t.Fatal("no convergence")
		}
		if definite && (gotMin != 0 || gotDist != 0) {
			t.Errorf("semidefinite with zero rows: min eigenvalue %g, distance %g; want 0, 0", gotMin, gotDist)
		}
		if math.Abs(gotMin-wMin) > 1e-12 || math.Abs(gotDist-wDist) > 1e-12 {
			t.Errorf("definite %v: min eigenvalue %g, distance %g; whole matrix %g, %g", definite, gotMin, gotDist, wMin, wDist)
		}
		for i := range a {
			if math.Abs(a[i]-whole[i]) > 1e-12 {
				t.Fatalf("definite %v: entry %d = %g, whole matrix %g", definite, i, a[i], whole[i])
			}
		}
	}
	// Not exactly symmetric: row 0 is zero but column 0 is not. Index 0
	// is kept, as the whole decomposition (which reads the lower
	// triangle) keeps it.
	ns := []float64{0, 0, 0, 0, 1, 0.5, 5, 0.5, -1}
	whole := append([]float64(nil), ns...)
	wMin, _, _ := psdDense(whole, 3)
	if gotMin, _, ok := PSD(ns, 3); !ok || math.Abs(gotMin-wMin) > 1e-12 {
		t.Errorf("non-symmetric: min eigenvalue %g, whole matrix %g", gotMin, wMin)
	}
	z := make([]float64, 9)
	if m, dist, ok := PSD(z, 3); m != 0 || dist != 0 || !ok || slices.ContainsFunc(z, func(v float64) bool { return v != 0 }) {
		t.Errorf("zero matrix: %g %g %v %v", m, dist, ok, z)
	}
}
