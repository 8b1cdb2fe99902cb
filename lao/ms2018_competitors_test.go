package lao

import (
	"math"
	"sort"
	"testing"

	"github.com/laoproject/lao/lao/internal/dselector"
)

// Plain transcriptions of the reconstructed competitors of Murata & Suzuki
// 2018's experiments (RDA, Ito et al. 2017; Dantzig, Kale et al. 2017; see
// ../shared/theory/lower-bounds-and-competitors.md §4), dense and reading
// full rows, drawing random numbers in the library's order.

// refRDA is the reconstructed RDA (Ito et al. 2017, Algorithm 1 [RECON]),
// drawing its random numbers in the library's order: K (only while w = 0:
// a partial Fisher-Yates shuffle of the identity), then I, then J.
func refRDA(ds *Dataset, sp, s int, lambda, gamma float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver")) // the stream Fit gives the solver
	d := ds.Dim()
	w, G := make([]float64, d), make([]float64, d)
	r1 := (sp - s) / 2
	r2 := sp - s - r1
	for t := 1; t <= ds.Len(); t++ {
		x, y := ds.Row(t-1), ds.Label(t-1)
		var K []int
		if norm1(w) == 0 {
			perm := identity(d)
			for i := range s {
				j := i + rng.IntN(d-i)
				perm[i], perm[j] = perm[j], perm[i]
			}
			K = append(K, perm[:s]...)
		} else {
			K = refSupp(refH(w, s))
			for j := 0; len(K) < s; j++ { // fewer than s non-zeros: the smallest zero indices
				if w[j] == 0 {
					K = append(K, j)
				}
			}
		}
		sort.Ints(K)
		inK := make([]bool, d)
		for _, j := range K {
			inK[j] = true
		}
		var comp []int
		for j := range d {
			if !inK[j] {
				comp = append(comp, j)
			}
		}
		c := float64(d - s)
		res := -y
		xhat := make([]float64, d)
		for _, j := range K {
			res += w[j] * x[j]
			xhat[j] += x[j]
		}
		var probe float64
		for range r1 {
			j := comp[rng.IntN(len(comp))]
			probe += w[j] * x[j]
		}
		res += c / float64(r1) * probe
		for range r2 {
			j := comp[rng.IntN(len(comp))]
			xhat[j] += c / float64(r2) * x[j]
		}
		for j := range G {
			G[j] += 2 * res * xhat[j]
		}
		for j := range w {
			gb := G[j] / float64(t)
			if math.Abs(gb) <= lambda {
				w[j] = 0
			} else {
				w[j] = -math.Sqrt(float64(t)) / gamma * (gb - lambda*math.Copysign(1, gb))
			}
		}
	}
	return refH(w, s)
}

func TestRDAMatchesReference(t *testing.T) {
	rng := NewRand(33)
	d := 20
	p := newGaussProblem(d, 3, 0.3, rng)
	ds := p.sample(600, rng)
	for _, c := range []struct{ sp, s int }{{8, 3}, {5, 3}, {20, 6}} {
		for _, lambda := range []float64{0, 0.2} {
			res := fitOrFatal(t, &RDA{K: c.sp, S: c.s, Lambda: lambda, Gamma: 50}, ds, 4)
			want := refRDA(ds, c.sp, c.s, lambda, 50, 4)
			if r := relDiff(res.W, want); r > 1e-9 {
				t.Errorf("%+v λ=%g: relative difference %g from the reconstruction", c, lambda, r)
			}
		}
	}
}

// refDantzig is the reconstructed Dantzig competitor (Kale et al. 2017
// [RECON]) with the pairwise sums written out, re-solving at
// t0, ⌈2t0⌉, … and at the last example with the same LP solver.
func refDantzig(ds *Dataset, sp, s int, clambda float64, t0 int, iso bool, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver")) // the stream Fit gives the solver
	d, m := ds.Dim(), ds.Len()
	r := sp - s
	A := make([]float64, d*d)
	b := make([]float64, d)
	w := make([]float64, d)
	v := make([]float64, d)
	perm := identity(d)
	next := t0
	sel := dselector.New(d)
	solves := 0
	var y2 float64
	for t := 1; t <= m; t++ {
		x, y := ds.Row(t-1), ds.Label(t-1)
		y2 += y * y
		for i := range r { // S: r indices without replacement
			j := i + rng.IntN(d-i)
			perm[i], perm[j] = perm[j], perm[i]
		}
		S := perm[:r]
		for _, i := range S {
			b[i] += float64(d) / float64(r) * x[i] * y
			A[i*d+i] += float64(d) / float64(r) * x[i] * x[i]
			for _, j := range S {
				if i != j && !iso {
					A[i*d+j] += float64(d*(d-1)) / float64(r*(r-1)) * x[i] * x[j]
				}
			}
		}
		solve := t == next || t == m
		if t == next {
			next *= 2
		}
		if !solve || t < t0 {
			continue
		}
		n := float64(t)
		var tr float64
		for j := range d {
			tr += A[j*d+j] / n
		}
		lambda := clambda * math.Sqrt(tr/float64(d)*y2/n) * math.Sqrt(math.Log(float64(d))/n)
		c := make([]float64, d)
		for i := range c {
			c[i] = b[i] / n
		}
		solves++
		if iso {
			for j := range v {
				v[j] = 0
				if A[j*d+j] > 0 {
					v[j] = math.Copysign(math.Max(math.Abs(c[j])-lambda, 0), c[j]) / (A[j*d+j] / n)
				}
			}
		} else {
			sigma := make([]float64, d*d)
			for i := range sigma {
				sigma[i] = A[i] / n
			}
			res := sel.Solve(sigma, c, lambda, v, solves > 1, dselector.Options{})
			if !res.Feasible {
				clambda *= 2
				continue
			}
			copy(v, res.V)
		}
		w = refH(v, s)
		if iso { // Gauss-Dantzig: least squares on the support, on the diagonal estimate
			for j := range w {
				if w[j] != 0 {
					w[j] = b[j] / A[j*d+j]
				}
			}
		}
	}
	return w
}

func TestDantzigMatchesReference(t *testing.T) {
	rng := NewRand(34)
	d := 15
	p := newGaussProblem(d, 2, 0.2, rng)
	ds := p.sample(700, rng)
	for _, iso := range []bool{false, true} {
		sp := 9
		z := &Dantzig{K: sp, S: 3, CLambda: 2, T0: 10}
		if iso {
			z.Isotropic = true
		}
		res := fitOrFatal(t, z, ds, 5)
		want := refDantzig(ds, sp, 3, 2, 10, iso, 5)
		if r := relDiff(res.W, want); r > 1e-9 {
			t.Errorf("isotropic=%v: relative difference %g from the reconstruction (got %v want %v)", iso, r, res.W, want)
		}
		if res.Diagnostics["solves"] != 8 { // t = 10, 20, …, 640, and 700
			t.Errorf("isotropic=%v: %v solves, want 8", iso, res.Diagnostics["solves"])
		}
	}
}
