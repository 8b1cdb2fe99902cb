package dselector

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// exactLP solves the Dantzig selector as the linear program in standard
// form with gonum's simplex: variables (v⁺, v⁻, slack⁺, slack⁻) ≥ 0,
// Σ(v⁺ − v⁻) + slack⁺ = c + λ, −Σ(v⁺ − v⁻) + slack⁻ = λ − c.
func exactLP(t *testing.T, sigma []float64, d int, c []float64, lambda float64) (float64, []float64) {
	t.Helper()
	A := mat.NewDense(2*d, 4*d, nil)
	b := make([]float64, 2*d)
	obj := make([]float64, 4*d)
	for i := range d {
		obj[i], obj[d+i] = 1, 1
		for j := range d {
			A.Set(i, j, sigma[i*d+j])
			A.Set(i, d+j, -sigma[i*d+j])
			A.Set(d+i, j, -sigma[i*d+j])
			A.Set(d+i, d+j, sigma[i*d+j])
		}
		A.Set(i, 2*d+i, 1)
		A.Set(d+i, 3*d+i, 1)
		b[i], b[d+i] = c[i]+lambda, lambda-c[i]
	}
	f, x, err := lp.Simplex(obj, A, b, 1e-10, nil)
	if err != nil {
		t.Fatalf("simplex: %v", err)
	}
	v := make([]float64, d)
	for i := range v {
		v[i] = x[i] - x[d+i]
	}
	return f, v
}

// randomProblem returns a symmetric Σ = XᵀX/n + noise (possibly indefinite
// when noisy) and c = Σv* + small noise for a sparse v*.
func randomProblem(rng *rand.Rand, d int, noisy bool) ([]float64, []float64) {
	n := 3 * d
	X := make([]float64, n*d)
	for i := range X {
		X[i] = rng.NormFloat64()
	}
	sigma := make([]float64, d*d)
	for i := range d {
		for j := i; j < d; j++ {
			var s float64
			for r := range n {
				s += X[r*d+i] * X[r*d+j]
			}
			s /= float64(n)
			if noisy && i != j {
				s += 0.2 * rng.NormFloat64()
			}
			sigma[i*d+j], sigma[j*d+i] = s, s
		}
	}
	vstar := make([]float64, d)
	for i := range 2 {
		vstar[rng.IntN(d)] = float64(2*i - 1)
	}
	c := make([]float64, d)
	for i := range d {
		for j := range d {
			c[i] += sigma[i*d+j] * vstar[j]
		}
		c[i] += 0.05 * rng.NormFloat64()
	}
	return sigma, c
}

// The ADMM solution is feasible and its l1 norm matches the simplex
// optimum within the tolerance, on random problems (PSD and indefinite).
func TestSolveMatchesSimplex(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 12 {
		d := 3 + rng.IntN(8)
		sigma, c := randomProblem(rng, d, trial%2 == 1)
		lambda := 0.02 + 0.2*rng.Float64()
		want, vlp := exactLP(t, sigma, d, c, lambda)
		s := New(d)
		r := s.Solve(sigma, c, lambda, nil, false, Options{MaxIter: 200000, Tol: 1e-7})
		if !r.Converged {
			t.Fatalf("trial %d d=%d: not feasible after %d iterations (violation %g)", trial, d, r.Iter, r.Violation)
		}
		t.Logf("trial %d d=%d: %d iterations", trial, d, r.Iter)
		var got float64
		for _, v := range r.V {
			got += math.Abs(v)
		}
		if math.Abs(got-want) > 1e-4*(1+want) {
			t.Errorf("trial %d d=%d λ=%.3f: ||v||₁ = %.8f, simplex %.8f (simplex v %v, admm v %v)", trial, d, lambda, got, want, vlp, r.V)
		}
	}
}

// An infeasible problem (c outside the range of a singular Σ plus the
// λ-box) is reported as such.
func TestSolveInfeasible(t *testing.T) {
	d := 3
	sigma := []float64{1, 0, 0, 0, 1, 0, 0, 0, 0} // Σ e_3 = 0
	c := []float64{0.5, -0.2, 1}                  // |c_3| = 1 > λ: infeasible
	r := New(d).Solve(sigma, c, 0.1, nil, false, Options{MaxIter: 2000})
	if r.Feasible || r.Violation < 0.5 {
		t.Fatalf("infeasible problem reported feasible: %+v", r)
	}
}
