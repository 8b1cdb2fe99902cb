// Package dselector solves the Dantzig selector (Candès & Tao 2007),
//
//	minimise ||v||₁  subject to  ||Σv − c||∞ ≤ λ,
//
// for a symmetric d×d matrix Σ (not necessarily positive semidefinite: the
// Dantzig competitor of Murata & Suzuki 2018 plugs in an unbiased but noisy
// estimate of E[xxᵀ]), by the linearised alternating direction method of
// multipliers. Writing z = Σv − c, the iteration (scaled dual u, penalty ρ,
// τ ≥ ||Σ||₂²) is
//
//	v ← soft(v − Σ(Σv − c − z + u)/τ, 1/(ρτ))
//	z ← clip(Σv − c + u, −λ, λ)
//	u ← u + Σv − c − z
//
// with ρ adapted by residual balancing (Boyd et al. 2011, §3.4.1). Each
// iteration costs two d×d matrix-vector products; memory is O(d²) for Σ,
// which the caller owns. The linear program itself (4d variables) is what
// gonum's lp.Simplex solves exactly; the tests compare the two on small d.
package dselector

import (
	"math"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Options control Solve. Zero values select the defaults.
type Options struct {
	// MaxIter bounds the iterations (default 5000).
	MaxIter int
	// Tol is the relative tolerance: stop when ||Σv − c||∞ ≤ λ(1 + Tol)
	// and the last change of v is at most Tol·max(1, ||v||∞) (default 1e-4).
	Tol float64
	// Slack is the relative violation ||Σv − c||∞ ≤ λ(1 + Slack) accepted
	// as feasible when MaxIter is reached (default 0.01).
	Slack float64
}

// Result is the outcome of Solve.
type Result struct {
	V []float64
	// Converged reports whether the stopping rule of Options.Tol was met.
	Converged bool
	// Feasible reports whether the constraint holds within Slack at the
	// end: ||Σv − c||∞ ≤ λ(1 + Slack). False after MaxIter iterations
	// means the problem is infeasible or converges too slowly to tell.
	Feasible bool
	// Violation is ||Σv − c||∞ − λ.
	Violation float64
	Iter      int
}

// Solver holds the scratch of Solve, and its last dual state for warm starts.
type Solver struct {
	d              int
	z, u, sv, r, w []float64
	rho            float64
}

// Rho returns the current ADMM penalty (for diagnostics).
func (s *Solver) Rho() float64 { return s.rho }

// New returns a solver for d×d problems.
func New(d int) *Solver {
	f := func() []float64 { return make([]float64, d) }
	return &Solver{d: d, z: f(), u: f(), sv: f(), r: f(), w: f()}
}

// Solve minimises ||v||₁ subject to ||Σv − c||∞ ≤ λ (λ > 0), starting from
// v0 (nil: zero) and, if warm, from the dual state of the previous call.
// sigma is row-major d×d and symmetric.
func (s *Solver) Solve(sigma []float64, c []float64, lambda float64, v0 []float64, warm bool, opt Options) Result {
	d := s.d
	opt = opt.withDefaults()
	A := blas64.General{Rows: d, Cols: d, Stride: d, Data: sigma}
	mv := func(x, dst []float64) { // dst = Σx
		blas64.Gemv(blas.NoTrans, 1, A, blas64.Vector{N: d, Inc: 1, Data: x}, 0, blas64.Vector{N: d, Inc: 1, Data: dst})
	}
	v := make([]float64, d)
	if v0 != nil {
		copy(v, v0)
	}
	tau := 1.05*spectralNormSq(mv, d, s.w, s.r) + 1e-12
	if !warm || s.rho == 0 {
		clear(s.z)
		clear(s.u)
		s.rho = 1 / math.Max(lambda, 1e-12)
	}
	res := Result{V: v}
	zold := make([]float64, d)
	mv(v, s.sv) // Σv, kept current below
	for it := 1; it <= opt.MaxIter; it++ {
		res.Iter = it
		dv, vmax := s.primal(mv, v, c, tau)
		mv(v, s.sv)
		copy(zold, s.z)
		viol, prim, dual := s.dual(v, c, lambda, zold)
		res.Violation = viol - lambda
		if res.Violation <= lambda*opt.Tol && dv <= opt.Tol*math.Max(1, vmax) {
			res.Converged, res.Feasible = true, true
			return res
		}
		if it%10 == 0 {
			s.balance(prim, dual, tau)
		}
	}
	res.Feasible = res.Violation <= lambda*opt.Slack
	return res
}

// withDefaults fills the zero fields of o with the defaults.
func (o Options) withDefaults() Options {
	if o.MaxIter == 0 {
		o.MaxIter = 5000
	}
	if o.Tol == 0 {
		o.Tol = 1e-4
	}
	if o.Slack == 0 {
		o.Slack = 0.01
	}
	return o
}

// primal is the linearised v-update: v ← soft(v − Σ(Σv − c − z + u)/τ,
// 1/(ρτ)). It returns the largest change of an entry and max |v_i|.
func (s *Solver) primal(mv func(x, dst []float64), v, c []float64, tau float64) (dv, vmax float64) {
	for i := range s.r {
		s.r[i] = s.sv[i] - c[i] - s.z[i] + s.u[i]
	}
	mv(s.r, s.w) // Σ(Σv − c − z + u)
	thr := 1 / (s.rho * tau)
	for i := range v {
		nv := soft(v[i]-s.w[i]/tau, thr)
		dv = math.Max(dv, math.Abs(nv-v[i]))
		v[i] = nv
		vmax = math.Max(vmax, math.Abs(nv))
	}
	return dv, vmax
}

// dual is the z- and u-update from Σv (s.sv): z = clip(Σv − c + u, ±λ),
// u += Σv − c − z. It returns ||Σv − c||∞ and the squared primal residual
// and squared change of z.
func (s *Solver) dual(v, c []float64, lambda float64, zold []float64) (viol, prim, dual float64) {
	for i := range v {
		a := s.sv[i] - c[i]
		viol = math.Max(viol, math.Abs(a))
		s.z[i] = math.Max(-lambda, math.Min(lambda, a+s.u[i]))
		p := a - s.z[i]
		s.u[i] += p
		prim += p * p
		dz := s.z[i] - zold[i]
		dual += dz * dz
	}
	return viol, prim, dual
}

// balance adapts ρ by residual balancing, from the squared primal residual
// and the squared change of z (the dual residual is about
// ρ||Σ(z − z_old)|| ≈ ρ||Σ||·||Δz||).
func (s *Solver) balance(prim, dual, tau float64) {
	prim, dual = math.Sqrt(prim), s.rho*math.Sqrt(tau*dual)
	switch {
	case prim > 10*dual:
		s.rho *= 2
		scale(s.u, 0.5)
	case dual > 10*prim:
		s.rho /= 2
		scale(s.u, 2)
	}
}

func soft(x, t float64) float64 {
	switch {
	case x > t:
		return x - t
	case x < -t:
		return x + t
	}
	return 0
}

func scale(x []float64, a float64) {
	for i := range x {
		x[i] *= a
	}
}

// spectralNormSq estimates ||Σ||₂² = λ_max(ΣᵀΣ) by power iteration on Σ²
// from a fixed start (deterministic); a, b are scratch.
func spectralNormSq(mv func(x, dst []float64), d int, a, b []float64) float64 {
	for i := range a {
		a[i] = 1 + float64(i%7)/7 // a fixed start with components along most directions
	}
	var est float64
	for range 50 {
		mv(a, b)
		mv(b, a)
		var n float64
		for _, x := range a {
			n += x * x
		}
		n = math.Sqrt(n)
		if n == 0 {
			return 0
		}
		prev := est
		for i := range a {
			a[i] /= n
		}
		est = n // ||Σ²a||, ||a|| = 1 after the first pass: → λ_max(Σ²) from below
		if prev > 0 && math.Abs(est-prev) <= 1e-6*est {
			break
		}
	}
	return est
}
