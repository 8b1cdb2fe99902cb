package lao

import (
	"math"
	"sync"
)

// This file holds the analytic losses of Hazan & Koren 2012, Section 4:
// the smooth ρ behind AESVR's approximation of the δ-insensitive loss
// (eq. (7), Claims 4.2 and 4.3), and the logistic loss as a classification
// loss estimated through the same Procedure 3 (GenEst).

// Analytic is a loss f(z) given through the Taylor coefficients of its
// derivative at 0, f'(z) = Σ_{n≥0} a_n zⁿ (Hazan & Koren 2012, §4.1): what
// GenEst (Procedure 3) needs to estimate f'(w·x − y) from a few attributes.
type Analytic struct {
	Name string
	// Coef returns a_n for n ≥ 0. It must be safe for concurrent use.
	Coef func(n int) float64
	// LogAbsCoef, if set, returns ln|a_n| (−Inf where a_n = 0), for the
	// orders at which a_n underflows float64 while a_n²Vⁿ still matters
	// (GenEst.SecondMoment at large |θ|: erf's a_n = O(1/(n/2)!) is below
	// 1e-300 from n ≈ 340). Without it, SecondMoment returns +Inf there.
	LogAbsCoef func(n int) float64
	// Radius is the radius of convergence of Σ a_n zⁿ (math.Inf(1) when f'
	// is entire). If Radius is 0, GenEst estimates it by the root test on
	// a_64 … a_128 (Cauchy–Hadamard), which underestimates the radius of an
	// entire function: declare it when it is known.
	Radius float64
	// F and Deriv are f and f' in closed form, if known. GenEst never calls
	// them; tests, notebooks and SecondMoment's callers compare with them.
	F, Deriv func(z float64) float64
}

// Rho is ρ(x) = x·erf(x) + exp(−x²)/√π (Hazan & Koren 2012, §4.2), a
// smooth convex approximation of |x|: ρ(x) = E|x + Z| for Z ~ N(0, ½), so
// |x| ≤ ρ(x) ≤ |x| + 1/√π, and ρ'(x) = erf(x).
func Rho(x float64) float64 {
	return x*math.Erf(x) + math.Exp(-x*x)/math.SqrtPi
}

// RhoCoef is a_n of eq. (7) of Hazan & Koren 2012, the Taylor coefficients
// of ρ' = erf (Claim 4.3): a_{2m} = 0 and
// a_{2m+1} = (2/√π)·(−1)^m/(m!·(2m+1)). Negative n gives 0.
func RhoCoef(n int) float64 {
	if n < 0 || n%2 == 0 {
		return 0
	}
	m := (n - 1) / 2
	t := rhoTable()
	if m < len(t) {
		return t[m]
	}
	// 1/m! underflows long before this point; keep the formula anyway.
	v := 2 / math.SqrtPi * math.Exp(-lgamma(float64(m+1))) / float64(2*m+1)
	if m%2 == 1 {
		v = -v
	}
	return v
}

var rhoTable = sync.OnceValue(func() []float64 {
	t := make([]float64, 200)
	inv := 1.0 // 1/m!
	for m := range t {
		if m > 0 {
			inv /= float64(m)
		}
		t[m] = 2 / math.SqrtPi * inv / float64(2*m+1)
		if m%2 == 1 {
			t[m] = -t[m]
		}
	}
	return t
})

// rhoLogAbsCoef is ln|RhoCoef(n)| = ln(2/√π) − ln m! − ln(2m + 1) for
// n = 2m + 1, −Inf for even or negative n; finite where RhoCoef underflows.
func rhoLogAbsCoef(n int) float64 {
	if n < 0 || n%2 == 0 {
		return math.Inf(-1)
	}
	m := (n - 1) / 2
	return math.Log(2/math.SqrtPi) - lgamma(float64(m+1)) - math.Log(float64(2*m+1))
}

func lgamma(x float64) float64 {
	v, _ := math.Lgamma(x)
	return v
}

// RhoSeries is ρ as an Analytic: ρ' = erf with the coefficients of eq. (7)
// (Hazan & Koren 2012, Claim 4.3); entire, so the radius is infinite.
func RhoSeries() Analytic {
	return Analytic{Name: "rho", Coef: RhoCoef, LogAbsCoef: rhoLogAbsCoef, Radius: math.Inf(1), F: Rho, Deriv: math.Erf}
}

// Insensitive is the δ-insensitive absolute loss of support-vector
// regression, |x|_δ = max{0, |x| − δ} (Hazan & Koren 2012, §2.1).
func Insensitive(x, delta float64) float64 { return max(0, math.Abs(x)-delta) }

// FEps is Hazan & Koren 2012's smooth approximation of |x|_δ (§4.2):
// f_ε(x) = (ε/2)ρ((x − δ)/ε) + (ε/2)ρ((x + δ)/ε) − δ. Claim 4.2:
// it is convex, analytic and within ε of |x|_δ everywhere (in fact
// |x|_δ ≤ f_ε(x) ≤ |x|_δ + ε/√π).
func FEps(x, eps, delta float64) float64 {
	return eps/2*Rho((x-delta)/eps) + eps/2*Rho((x+delta)/eps) - delta
}

// FEpsDeriv is f_ε'(x) = ½ρ'((x − δ)/ε) + ½ρ'((x + δ)/ε), the factor AESVR's
// gradient estimate is unbiased for (Hazan & Koren 2012, proof of Thm 4.4).
func FEpsDeriv(x, eps, delta float64) float64 {
	return 0.5*math.Erf((x-delta)/eps) + 0.5*math.Erf((x+delta)/eps)
}

// Logistic is the logistic loss f(z) = log(1 + e^{−z}), for classification
// losses ℓ(w·x, y) = f(y·w·x) (Hazan & Koren 2012, §4: "classification
// losses ... of the form f(y·wᵀx)").
func Logistic(z float64) float64 {
	if z > 0 {
		return math.Log1p(math.Exp(-z))
	}
	return -z + math.Log1p(math.Exp(z))
}

// LogisticDeriv is f'(z) = −1/(1 + e^z) for f = Logistic.
func LogisticDeriv(z float64) float64 { return -0.5 + 0.5*math.Tanh(z/2) }

// LogisticCoef is a_n of the logistic loss: f'(z) = −1/(1 + e^z) =
// −½ + ½tanh(z/2) = Σ a_n zⁿ with a_0 = −½, a_{2m} = 0 for m ≥ 1 and
//
//	a_{2m+1} = (−1)^m · 2λ(2m+2)/π^{2m+2},  λ(s) = Σ_{j≥0} (2j+1)^{−s},
//
// from the partial fractions tanh(x) = Σ_j 8x/((2j+1)²π² + 4x²). So a_1 = ¼,
// a_3 = −1/48, a_5 = 1/480, … The poles of f' at z = ±iπ make the radius of
// convergence π: GenEst with this loss needs 2B < π.
func LogisticCoef(n int) float64 {
	switch {
	case n < 0:
		return 0
	case n == 0:
		return -0.5
	case n%2 == 0:
		return 0
	}
	m := (n - 1) / 2
	t := logisticTable()
	if m < len(t) {
		return t[m]
	}
	return logisticOdd(m)
}

var logisticTable = sync.OnceValue(func() []float64 {
	t := make([]float64, 64)
	for m := range t {
		t[m] = logisticOdd(m)
	}
	return t
})

// logisticOdd is a_{2m+1} of LogisticCoef.
func logisticOdd(m int) float64 {
	s := float64(2*m + 2)
	v := 2 * dirichletLambda(s) / math.Pow(math.Pi, s)
	if m%2 == 1 {
		v = -v
	}
	return v
}

// dirichletLambda is λ(s) = Σ_{j≥0} (2j+1)^{−s} for s ≥ 2: exact π²/8 at
// s = 2; otherwise the sum to j = 2000 plus the tail's integral
// ∫_{J+½}^∞ (2x+1)^{−s} dx = (2J+2)^{1−s}/(2(s−1)), stopping early once
// the terms no longer change the sum.
func dirichletLambda(s float64) float64 {
	if s == 2 {
		return math.Pi * math.Pi / 8
	}
	sum := 0.0
	const J = 2000
	for j := range J + 1 {
		term := math.Pow(float64(2*j+1), -s)
		if term < sum*1e-18 {
			return sum
		}
		sum += term
	}
	return sum + math.Pow(2*J+2, 1-s)/(2*(s-1))
}

// LogisticSeries is the logistic loss as an Analytic (radius π).
func LogisticSeries() Analytic {
	return Analytic{Name: "logistic", Coef: LogisticCoef, Radius: math.Pi, F: Logistic, Deriv: LogisticDeriv}
}
