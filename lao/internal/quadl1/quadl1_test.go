package quadl1

import (
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/laoproject/lao/lao/internal/errs"
)

// qpRandPSD returns A = XᵀX/r for an r×d Gaussian X (rank min(r, d)) with
// columns mixed by a random AR(1) correlation rho, and X itself.
func qpRandPSD(rng *rand.Rand, d, r int, rho float64) (A, X []float64) {
	X = make([]float64, r*d)
	for i := range r {
		prev := rng.NormFloat64()
		for j := range d {
			z := rho*prev + math.Sqrt(1-rho*rho)*rng.NormFloat64()
			X[i*d+j], prev = z, z
		}
	}
	A = make([]float64, d*d)
	for i := range r {
		x := X[i*d : (i+1)*d]
		for a := range d {
			axpy(x[a]/float64(r), x[a:], A[a*d+a:(a+1)*d])
		}
	}
	for a := range d {
		for b := range a {
			A[a*d+b] = A[b*d+a]
		}
	}
	return A, X
}

// qpCase is one random problem: rank r, correlation rho, v in the range of
// A or not, and B relative to the l1 norm of an unconstrained solution.
type qpCase struct {
	d, r    int
	rho     float64
	inRange bool
	bScale  float64
}

func qpProblem(rng *rand.Rand, c qpCase) (A, v []float64, B float64) {
	A, X := qpRandPSD(rng, c.d, c.r, c.rho)
	v = make([]float64, c.d)
	if c.inRange { // v = −2Xᵀy/r: a least-squares problem
		for i := range c.r {
			y := rng.NormFloat64()
			axpy(-2*y/float64(c.r), X[i*c.d:(i+1)*c.d], v)
		}
	} else {
		for j := range v {
			v[j] = rng.NormFloat64()
		}
	}
	return A, v, c.bScale * (1 + rng.Float64())
}

func TestMinQuadL1BallKKT(t *testing.T) {
	rng := NewRand(1)
	n := 0
	for _, d := range []int{1, 2, 3, 5, 8, 13, 21, 34, 60} {
		for _, r := range []int{1, (d + 1) / 2, d, 3 * d} {
			for _, rho := range []float64{0, 0.9} {
				for _, inRange := range []bool{true, false} {
					for _, bs := range []float64{1e-3, 0.1, 1, 10, 1e4} {
						c := qpCase{d, r, rho, inRange, bs}
						A, v, B := qpProblem(rng, c)
						w, _, err := MinBall(Dense(A, d), v, B)
						if err != nil {
							t.Fatalf("%+v: %v", c, err)
						}
						if err := KKTBall(Dense(A, d), v, B, w, 1e-8); err != nil {
							t.Errorf("%+v, B = %g: %v", c, B, err)
						}
						n++
					}
				}
			}
		}
	}
	t.Logf("%d problems", n)
}

func TestMinQuadL1BallInterior(t *testing.T) {
	// Full rank, B beyond the unconstrained minimiser: the result is it.
	rng := NewRand(2)
	for _, d := range []int{1, 4, 30} {
		A, _ := qpRandPSD(rng, d, 3*d, 0.5)
		v := make([]float64, d)
		for j := range v {
			v[j] = rng.NormFloat64()
		}
		var ch mat.Cholesky
		if !ch.Factorize(mat.NewSymDense(d, append([]float64(nil), A...))) {
			t.Fatal("test matrix not PD")
		}
		var w0 mat.VecDense
		if err := ch.SolveVecTo(&w0, mat.NewVecDense(d, append([]float64(nil), v...))); err != nil {
			t.Fatal(err)
		}
		w0.ScaleVec(-0.5, &w0)
		want := w0.RawVector().Data
		w, _, err := MinBall(Dense(A, d), v, 2*norm1(want))
		if err != nil {
			t.Fatal(err)
		}
		if diff := maxAbsDiff(w, want); diff > 1e-9*(1+norm1(want)) {
			t.Errorf("d=%d: interior solution differs from -A⁻¹v/2 by %g", d, diff)
		}
	}
	// Rank-deficient with v in the range and a large B: an unconstrained
	// minimiser of smallest l1 norm (gradient 0).
	A, X := qpRandPSD(rng, 10, 4, 0)
	v := make([]float64, 10)
	for i := range 4 {
		axpy(-2*rng.NormFloat64(), X[i*10:(i+1)*10], v)
	}
	w, _, err := MinBall(Dense(A, 10), v, 1e6)
	if err != nil {
		t.Fatal(err)
	}
	g := quadGrad(Dense(A, 10), v, w)
	if gi := math.Sqrt(dot(g, g)); gi > 1e-10*kktScale(Dense(A, len(v)), v, w) {
		t.Errorf("rank-deficient interior: ||gradient|| = %g, want 0", gi)
	}
	if nz := nonZero(w); nz > 4 {
		t.Errorf("rank-deficient interior: %d non-zeros, the min-l1 minimiser has at most rank = 4", nz)
	}
}

func TestMinQuadL1BallLinearCoordinates(t *testing.T) {
	// A has zero rows: f is linear in those coordinates.
	d := 4
	A := make([]float64, d*d)
	A[0] = 1 // only coordinate 0 is quadratic
	for _, tc := range []struct {
		v []float64
		B float64
	}{
		{[]float64{-1, 0.3, -0.2, 0}, 10},  // μ = 0.3: w0 = (1-0.3)/2, rest on coordinate 1
		{[]float64{-4, 0.3, -0.2, 0}, 1},   // coordinate 0 alone exceeds B: μ > 0.3
		{[]float64{-0.1, 0.3, -0.5, 0}, 2}, // linear coordinate dominates: vertex
		{[]float64{0, 0, 0, 0}, 1},
	} {
		w, _, err := MinBall(Dense(A, d), tc.v, tc.B)
		if err != nil {
			t.Fatal(err)
		}
		if err := KKTBall(Dense(A, d), tc.v, tc.B, w, 1e-10); err != nil {
			t.Errorf("v=%v B=%g: w=%v: %v", tc.v, tc.B, w, err)
		}
	}
	if A := []float64{1, 0, 0, 0}; true { // all of A zero but one entry, all-zero A
		w, _, err := MinBall(Dense(make([]float64, 4), 2), []float64{1, -2}, 3)
		if err != nil || w[0] != 0 || w[1] != 3 {
			t.Errorf("A = 0: got %v, %v; want [0 3]", w, err)
		}
		_ = A
	}
}

// qpBruteForce enumerates every support and sign pattern (d ≤ 4) and returns
// the smallest objective among the feasible stationary points of the
// interior and of the faces sᵀw = B, including w = 0.
func qpBruteForce(A, v []float64, d int, B float64) float64 {
	best := 0.0 // w = 0
	for mask := 1; mask < 1<<d; mask++ {
		var S []int
		for j := range d {
			if mask>>j&1 == 1 {
				S = append(S, j)
			}
		}
		n := len(S)
		for signs := range 1 << n {
			s := make([]float64, n)
			for k := range n {
				s[k] = 1 - 2*float64(signs>>k&1)
			}
			// [2A_SS s; sᵀ 0][w; μ] = [−v_S; B]  and  2A_SS w = −v_S.
			K := mat.NewDense(n+1, n+1, nil)
			rhs := mat.NewVecDense(n+1, nil)
			for a := range n {
				for b := range n {
					K.Set(a, b, 2*A[S[a]*d+S[b]])
				}
				K.Set(a, n, s[a])
				K.Set(n, a, s[a])
				rhs.SetVec(a, -v[S[a]])
			}
			rhs.SetVec(n, B)
			for _, face := range []bool{true, false} {
				var sol mat.VecDense
				var err error
				if face {
					err = sol.SolveVec(K, rhs)
				} else {
					err = sol.SolveVec(K.Slice(0, n, 0, n), rhs.SliceVec(0, n))
				}
				if err != nil {
					continue
				}
				w := make([]float64, d)
				for k, j := range S {
					w[j] = sol.AtVec(k)
				}
				if norm1(w) <= B*(1+1e-12) {
					best = min(best, qpObjective(A, v, w, d))
				}
			}
		}
	}
	return best
}

func TestMinQuadL1BallBruteForce(t *testing.T) {
	rng := NewRand(3)
	for trial := range 300 {
		d := 1 + trial%4
		r := 1 + rng.IntN(2*d)
		A, v, B := qpProblem(rng, qpCase{d, r, 0.5 * rng.Float64(), trial%3 == 0, math.Pow(10, 2*rng.Float64()-1)})
		w, _, err := MinBall(Dense(A, d), v, B)
		if err != nil {
			t.Fatal(err)
		}
		f := qpObjective(A, v, w, d)
		fb := qpBruteForce(A, v, d, B)
		tol := 1e-9 * (1 + math.Abs(fb)) * kktScale(Dense(A, len(v)), v, w)
		if f > fb+tol {
			t.Errorf("trial %d (d=%d, rank %d, B=%g): f = %.15g, brute force finds %.15g", trial, d, r, B, f, fb)
		}
		if r >= d && f < fb-tol { // full rank: the enumeration is exhaustive
			t.Errorf("trial %d: f = %.15g below the brute-force optimum %.15g", trial, f, fb)
		}
		// No random feasible point does better.
		for range 200 {
			u := make([]float64, d)
			for j := range u {
				u[j] = rng.NormFloat64()
			}
			if n := norm1(u); n > 0 {
				s := B * math.Pow(rng.Float64(), 0.2) / n
				for j := range u {
					u[j] *= s
				}
			}
			if fu := qpObjective(A, v, u, d); fu < f-tol {
				t.Fatalf("trial %d: feasible point with f = %g < %g", trial, fu, f)
			}
		}
	}
}

func TestMinQuadL1PenalisedKKT(t *testing.T) {
	rng := NewRand(4)
	for _, d := range []int{1, 3, 10, 40} {
		for _, r := range []int{(d + 1) / 2, 2 * d} {
			A, v, _ := qpProblem(rng, qpCase{d, r, 0.8, true, 1})
			vmax := 0.0
			for _, x := range v {
				vmax = max(vmax, math.Abs(x))
			}
			for _, f := range []float64{1e-3, 0.1, 0.5, 0.99, 2} {
				lambda := f * vmax
				w, _, err := MinPenalised(Dense(A, d), v, lambda)
				if err != nil {
					t.Fatal(err)
				}
				if err := KKTPenalised(Dense(A, d), v, lambda, w, 1e-8); err != nil {
					t.Errorf("d=%d r=%d λ=%g: %v", d, r, lambda, err)
				}
			}
		}
	}
}

func TestMinQuadL1BadInput(t *testing.T) {
	A := []float64{1, 0, 0, 1}
	for _, tc := range []struct {
		name string
		f    func() error
	}{
		{"shape", func() error { _, _, err := MinBall(Dense(A, 2), []float64{1}, 1); return err }},
		{"B", func() error { _, _, err := MinBall(Dense(A, 2), []float64{1, 1}, -1); return err }},
		{"NaN", func() error {
			_, _, err := MinBall(Dense([]float64{1, 0, 0, math.NaN()}, 2), []float64{1, 1}, 1)
			return err
		}},
		{"asymmetric", func() error { _, _, err := MinBall(Dense([]float64{1, 1, 0, 1}, 2), []float64{1, 1}, 1); return err }},
		{"negative diagonal", func() error { _, _, err := MinBall(Dense([]float64{-1, 0, 0, 1}, 2), []float64{1, 1}, 1); return err }},
		{"lambda", func() error { _, _, err := MinPenalised(Dense(A, 2), []float64{1, 1}, -1); return err }},
		{"unbounded", func() error {
			_, _, err := MinPenalised(Dense([]float64{0, 0, 0, 1}, 2), []float64{1, 1}, 0.5)
			return err
		}},
	} {
		if tc.f() == nil {
			t.Errorf("%s: no error", tc.name)
		}
	}
}

// qpLargeProblem is a d = 784 least-squares problem with strongly
// correlated columns (AR(1), rho = 0.95), m = 2000 rows and a sparse truth.
func qpLargeProblem() (A, v []float64, d int, wstar []float64) {
	rng := NewRand(5)
	d, m := 784, 2000
	A, X := qpRandPSD(rng, d, m, 0.95)
	wstar = make([]float64, d)
	for j := 0; j < d; j += 20 {
		wstar[j] = rng.NormFloat64()
	}
	v = make([]float64, d)
	for i := range m {
		x := X[i*d : (i+1)*d]
		y := dot(wstar, x) + 0.5*rng.NormFloat64()
		axpy(-2*y/float64(m), x, v)
	}
	return A, v, d, wstar
}

func TestMinQuadL1BallLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("d = 784 problem")
	}
	A, v, d, wstar := qpLargeProblem()
	for _, f := range []float64{0.05, 0.5, 1} {
		B := f * norm1(wstar)
		start := time.Now()
		w, iters, err := MinBall(Dense(A, d), v, B)
		el := time.Since(start)
		if err != nil {
			t.Fatal(err)
		}
		if err := KKTBall(Dense(A, d), v, B, w, 1e-8); err != nil {
			t.Errorf("B = %g: %v", B, err)
		}
		t.Logf("d=%d B=%.3g: %d non-zeros, %d sweeps, %v", d, B, nonZero(w), iters, el)
	}
}

func BenchmarkMinQuadL1Ball784(b *testing.B) {
	A, v, d, wstar := qpLargeProblem()
	B := 0.5 * norm1(wstar)
	for b.Loop() {
		if _, _, err := MinBall(Dense(A, d), v, B); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMinQuadL1BallMNIST times the constrained lasso of Cesa-Bianchi et al.'s
// experiment (MNIST 3 vs 5, d = 784, pixels in [0, 1], y = ±1) at several
// B. It needs the MNIST training files in $LAO_DATA_DIR/mnist.
func BenchmarkMinQuadL1BallMNIST(b *testing.B) {
	dir := os.Getenv("LAO_DATA_DIR")
	if dir == "" {
		b.Skip("LAO_DATA_DIR not set")
	}
	read := func(name string) []byte {
		f, err := os.Open(filepath.Join(dir, "mnist", name))
		if err != nil {
			b.Skip(err)
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			b.Fatal(err)
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			b.Fatal(err)
		}
		return raw[4+4*int(raw[3]):] // skip the IDX header
	}
	img, lab := read("train-images-idx3-ubyte.gz"), read("train-labels-idx1-ubyte.gz")
	if len(img) != 784*len(lab) {
		b.Fatal("inconsistent MNIST files")
	}
	d, m := 784, 0
	A, v, x := make([]float64, d*d), make([]float64, d), make([]float64, d)
	for i, l := range lab {
		if l != 3 && l != 5 {
			continue
		}
		m++
		for j := range d {
			x[j] = float64(img[i*d+j]) / 255
		}
		y := float64(l) - 4 // 3 → −1, 5 → +1
		for a := range d {
			if x[a] != 0 {
				axpy(x[a], x[a:], A[a*d+a:(a+1)*d])
			}
		}
		axpy(-2*y, x, v)
	}
	for a := range d {
		for c := range a {
			A[a*d+c] = A[c*d+a]
		}
	}
	for i := range A {
		A[i] /= float64(m)
	}
	for i := range v {
		v[i] /= float64(m)
	}
	for _, B := range []float64{1, 3, 10, 30} {
		b.Run(fmt.Sprintf("B=%g", B), func(b *testing.B) {
			for b.Loop() {
				if _, _, err := MinBall(Dense(A, d), v, B); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// checkQuad refuses a non-finite entry of A or v and an asymmetric pair
// wherever it sits (inside a tile of asymmetric's, across tiles, in the
// last row and column of a d that is not a whole number of tiles), and
// accepts A when every pair agrees to its tolerance.
func TestCheckQuadRefuses(t *testing.T) {
	const d = 70
	sym := func() []float64 {
		A := make([]float64, d*d)
		for i := range d {
			for j := range d {
				A[i*d+j] = 1 / float64(1+i+j)
			}
		}
		return A
	}
	v := make([]float64, d)
	if err := checkQuad(Dense(sym(), d), v); err != nil {
		t.Fatalf("a symmetric matrix: %v", err)
	}
	A := sym()
	A[3*d+60] += 0.5e-9 // within 1e-9·max|A| = 1e-9
	if err := checkQuad(Dense(A, d), v); err != nil {
		t.Fatalf("within the tolerance: %v", err)
	}
	for _, p := range [][2]int{{1, 2}, {5, 40}, {33, 34}, {0, d - 1}, {d - 2, d - 1}, {40, 5}} {
		A := sym()
		A[p[0]*d+p[1]] += 1e-6
		err := checkQuad(Dense(A, d), v)
		if !errors.Is(err, errs.ErrParam) || !strings.Contains(err.Error(), "not symmetric") {
			t.Errorf("A[%d][%d] changed: %v", p[0], p[1], err)
		}
	}
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		A := sym()
		A[d*d-1] = x
		if err := checkQuad(Dense(A, d), v); !errors.Is(err, errs.ErrNotFinite) {
			t.Errorf("A's last entry %v: %v", x, err)
		}
		w := make([]float64, d)
		w[d-1] = x
		if err := checkQuad(Dense(sym(), d), w); !errors.Is(err, errs.ErrNotFinite) {
			t.Errorf("v's last entry %v: %v", x, err)
		}
	}
}
