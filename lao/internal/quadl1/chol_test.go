package quadl1

import (
	"errors"
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCholUpdatesMatchRefactorisation grows and shrinks a support as the
// homotopy does (append a coordinate, delete one anywhere) and checks after
// every event that the updated factor solves A_SS x = b as gonum's
// Cholesky of A_SS factorised from scratch does.
func TestCholUpdatesMatchRefactorisation(t *testing.T) {
	rng := NewRand(11)
	const d = 60
	A, _ := qpRandPSD(rng, d, 3*d, 0.8)
	var S []int
	var c *chol
	free := rng.Perm(d)
	for event := range 400 {
		if len(S) > 0 && (rng.IntN(3) == 0 || len(free) == 0) {
			k := rng.IntN(len(S))
			free = append(free, S[k])
			S = slices.Delete(S, k, k+1)
			c.drop(k)
		} else {
			j := free[len(free)-1]
			free = free[:len(free)-1]
			col := make([]float64, len(S))
			for ii, i := range S {
				col[ii] = A[i*d+j]
			}
			if c == nil {
				c = &chol{}
			}
			if !c.extend(col, A[j*d+j]) {
				t.Fatalf("event %d: extend refused a positive definite matrix (pivot ratio %g)", event, c.cond())
			}
			S = append(S, j)
		}
		n := len(S)
		if c.dim() != n {
			t.Fatalf("event %d: factor of dimension %d for |S| = %d", event, c.dim(), n)
		}
		if n == 0 {
			continue
		}
		sym := mat.NewSymDense(n, nil)
		b := make([]float64, n)
		for ii, i := range S {
			for jj := ii; jj < n; jj++ {
				sym.SetSym(ii, jj, A[i*d+S[jj]])
			}
			b[ii] = rng.NormFloat64()
		}
		var ref mat.Cholesky
		if !ref.Factorize(sym) {
			t.Fatalf("event %d: gonum refuses A_SS", event)
		}
		want := mat.NewVecDense(n, nil)
		if err := ref.SolveVecTo(want, mat.NewVecDense(n, b)); err != nil {
			t.Fatal(err)
		}
		got := make([]float64, n)
		c.solve(b, got)
		if diff := maxAbsDiff(got, want.RawVector().Data); diff > 1e-9*(1+mat.Norm(want, math.Inf(1))) {
			t.Fatalf("event %d (|S| = %d): solve differs from gonum's by %g", event, n, diff)
		}
	}
}

// TestCholRefusesSingular: a repeated column has pivot 0, a nearly
// repeated one a pivot ratio above maxCond.
func TestCholRefusesSingular(t *testing.T) {
	A := []float64{ // x1, x2 = x1 and x3 = x1 + 1e-7 e
		1, 1, 1,
		1, 1, 1,
		1, 1, 1 + 1e-14,
	}
	if c := cholOf(Dense(A, 3), []int{0, 1}); c != nil {
		t.Errorf("repeated column accepted (pivot ratio %g)", c.cond())
	}
	c := cholOf(Dense(A, 3), []int{0})
	if c.extend([]float64{1}, 1+1e-14) {
		t.Errorf("nearly repeated column accepted (pivot ratio %g)", c.cond())
	}
	if c.dim() != 1 {
		t.Errorf("refused extension left dimension %d", c.dim())
	}
}

// TestMinBallInexactCertificate forces the near-singular stop (maxCond
// lowered to 100, so that correlated supports count as singular) and checks
// the certificate an *InexactError carries: w minimises the penalised
// problem at its λ, and its objective exceeds the exact constrained
// minimum (solved with the default maxCond) by at most the reported gap.
func TestMinBallInexactCertificate(t *testing.T) {
	defer func(c float64) { maxCond = c }(maxCond)
	rng := NewRand(5)
	inexact := 0
	const forced = 100
	for trial := range 40 {
		d := 20 + rng.IntN(20)
		A, v, _ := qpProblem(rng, qpCase{d, 3 * d, 0.99, true, 1})
		var B float64
		{ // B beyond the l1 norm of the minimiser of smallest norm: the path must reach λ near 0
			maxCond = 1e10
			w, _, err := MinPenalised(Dense(A, d), v, 1e-9)
			if err != nil {
				t.Fatal(err)
			}
			B = 0.9 * norm1(w)
		}
		maxCond = 1e10
		wx, _, err := MinBall(Dense(A, d), v, B)
		if err != nil {
			continue // not a case with an exact reference
		}
		maxCond = forced
		w, _, err := MinBall(Dense(A, d), v, B)
		var ie *InexactError
		if !errors.As(err, &ie) {
			continue
		}
		inexact++
		if err := KKTPenalised(Dense(A, d), v, ie.Lambda, w, 1e-8); err != nil {
			t.Errorf("trial %d: not the penalised minimiser at λ = %g: %v", trial, ie.Lambda, err)
		}
		n1 := norm1(w)
		if n1 > B || math.Abs(ie.Gap-ie.Lambda*(B-n1)) > 1e-12*ie.Gap {
			t.Errorf("trial %d: ||w||₁ = %g, B = %g, gap %g ≠ λ(B − ||w||₁) = %g", trial, n1, B, ie.Gap, ie.Lambda*(B-n1))
		}
		f, fx := qpObjective(A, v, w, d), qpObjective(A, v, wx, d)
		if tol := 1e-10 * (1 + math.Abs(fx)); f-fx > ie.Gap+tol {
			t.Errorf("trial %d: f(w) − f* = %g above the certified gap %g", trial, f-fx, ie.Gap)
		}
	}
	if inexact < 5 {
		t.Fatalf("only %d of 40 problems took the inexact path: the test does not test it", inexact)
	}
	t.Logf("%d certified inexact results", inexact)
}
