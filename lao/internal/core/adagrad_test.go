package core

import (
	"math"
	"math/rand/v2"
	"testing"
)

// AddAdaGrad and AddDenseAdaGrad against a dense transcription of diagonal
// AdaGrad (G_i += g_i², w_i −= η g_i/√G_i) with projections onto the l2
// ball in between; the running average against a dense sum.
func TestBallAdaGradMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const d, B, eta = 16, 0.8, 0.3
	w, G, sum := make([]float64, d), make([]float64, d), make([]float64, d)
	for i := range w {
		w[i] = 0.02
	}
	b := NewBall(w)
	got := make([]float64, d)
	for step := 1; step <= 20000; step++ {
		b.Accumulate()
		for j := range w {
			sum[j] += w[j]
		}
		if step%7 == 0 { // a dense step
			r := rng.NormFloat64()
			x := make([]float64, d)
			var nz []int
			for j := range x {
				if rng.IntN(3) > 0 {
					x[j] = rng.NormFloat64()
					nz = append(nz, j)
				}
			}
			b.AddDenseAdaGrad(eta, r, x, nz)
			for j, v := range x {
				if g := r * v; g != 0 {
					G[j] += g * g
					w[j] -= eta * g / math.Sqrt(G[j])
				}
			}
		} else {
			i, g := rng.IntN(d), rng.NormFloat64()*2
			b.AddAdaGrad(i, eta, g)
			G[i] += g * g
			w[i] -= eta * g / math.Sqrt(G[i])
		}
		b.ProjectL2(B)
		var n float64
		for _, v := range w {
			n += v * v
		}
		if n = math.Sqrt(n); n > B {
			for j := range w {
				w[j] *= B / n
			}
		}
		if step%1000 == 0 {
			b.Current(got)
			if diff := relDiff(got, w); diff > 1e-10 {
				t.Fatalf("step %d: AdaGrad Ball differs from dense by %g", step, diff)
			}
			for j := range G {
				if math.Abs(b.AdaGradSum(j)-G[j]) > 1e-12*G[j] {
					t.Fatalf("step %d: G[%d] = %g, want %g", step, j, b.AdaGradSum(j), G[j])
				}
			}
			b.Sum(got)
			if diff := relDiff(got, sum); diff > 1e-10 {
				t.Fatalf("step %d: running sum differs from dense by %g", step, diff)
			}
		}
	}
}

// The weighted tree (|w_j|c_j) stays current through Add, projections,
// folds (Ball) and AddU and re-centring (EG); draws against a linear scan.
func TestWeightedDraws(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const d = 12
	c := make([]float64, d)
	for i := range c {
		c[i] = 1 / float64(i+1)
	}
	c[3] = 0 // never drawn
	w := make([]float64, d)
	for i := range w {
		w[i] = 0.1
	}
	b := NewBall(w)
	b.EnableWeighted(c)
	e := NewEG(d, 2)
	e.EnableWeighted(c)
	check := func(l *Lazy, step int) {
		cur := make([]float64, d)
		l.Current(cur)
		var tot float64
		for j, v := range cur {
			tot += math.Abs(v) * c[j]
		}
		if math.Abs(l.WeightedNorm()-tot) > 1e-10*tot {
			t.Fatalf("step %d: WeightedNorm %g, want %g", step, l.WeightedNorm(), tot)
		}
		for range 20 {
			u := rng.Float64()
			want, acc := -1, u*tot
			for j, v := range cur {
				if p := math.Abs(v) * c[j]; p > 0 {
					want = j
					if acc -= p; acc < 0 {
						break
					}
				}
			}
			if got := l.SampleWeighted(u); got != want && math.Abs(acc) > 1e-9*tot {
				t.Fatalf("step %d: SampleWeighted(%g) = %d, linear scan %d", step, u, got, want)
			}
		}
	}
	for step := 1; step <= 3000; step++ {
		b.Add(rng.IntN(d), rng.NormFloat64())
		b.ProjectL2(0.5)
		if step%100 == 0 {
			b.Shrink(1e-120) // forces a fold
		}
		delta := rng.NormFloat64() * 2
		if step%300 == 0 {
			delta = 800 // forces a re-centring
		}
		e.AddU(rng.IntN(d), delta)
		if step%50 == 0 {
			check(b.Lazy, step)
			check(e.Lazy, step)
		}
	}
}

// NewEGAt reproduces the weights it is given.
func TestNewEGAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for trial := range 200 {
		d := 1 + rng.IntN(30)
		B := 0.1 + 3*rng.Float64()
		w := make([]float64, d)
		var n1 float64
		for i := range w {
			w[i] = rng.NormFloat64()
			n1 += math.Abs(w[i])
		}
		f := []float64{0, 0.3, 0.9, 0.999999}[trial%4] * B / n1
		for i := range w {
			w[i] *= f
		}
		e, ok := NewEGAt(w, B)
		if !ok {
			t.Fatalf("trial %d: NewEGAt refused ||w||₁ = %g < B = %g", trial, f*n1, B)
		}
		got := make([]float64, d)
		e.Current(got)
		for i := range w {
			if math.Abs(got[i]-w[i]) > 1e-9*B {
				t.Fatalf("trial %d: w[%d] = %g, want %g", trial, i, got[i], w[i])
			}
		}
	}
	if _, ok := NewEGAt([]float64{1, -1}, 2); ok {
		t.Error("NewEGAt accepted ||w||₁ = B")
	}
}
