package core

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"
)

func relDiff(a, b []float64) float64 {
	var top, diff float64
	for i := range b {
		top = max(top, math.Abs(b[i]))
		diff = max(diff, math.Abs(a[i]-b[i]))
	}
	return diff / max(top, 1e-300)
}

// SumTree against plain sums and a linear scan, over random updates.
func TestSumTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{1, 2, 3, 7, 8, 9, 64, 65, 100, 4097} {
		tr := NewSumTree(n)
		w := make([]float64, n)
		for step := range 2000 {
			i := rng.IntN(n)
			w[i] = 0
			if rng.IntN(4) > 0 {
				w[i] = rng.ExpFloat64()
			}
			tr.Set(i, w[i])
			if step%97 == 0 {
				tr.Build(w)
			}
			var total float64
			for _, v := range w {
				total += v
			}
			if math.Abs(tr.Total()-total) > 1e-12*total {
				t.Fatalf("n=%d: total %g, want %g", n, tr.Total(), total)
			}
			if total == 0 {
				continue
			}
			u := rng.Float64() * tr.Total()
			got := tr.Sample(u)
			// The linear scan's answer, allowing a neighbour when u sits
			// within rounding of a boundary.
			acc, want := 0.0, -1
			for j, v := range w {
				if v > 0 && acc+v > u {
					want = j
					break
				}
				acc += v
			}
			if w[got] <= 0 {
				t.Fatalf("n=%d: sampled zero-weight index %d", n, got)
			}
			if got != want && math.Abs(acc-u) > 1e-12*total {
				t.Fatalf("n=%d: Sample(%g) = %d, linear scan %d", n, u, got, want)
			}
		}
	}
}

// Lazy against a dense simulation: random touches, scale changes
// (including geometric shrinking: many epochs), folds and accumulations;
// with d = 2000 most coordinates stay untouched across several epochs.
func TestLazyMatchesDense(t *testing.T) {
	for _, d := range []int{30, 2000} {
		lazyMatchesDense(t, d)
	}
}

func lazyMatchesDense(t *testing.T, d int) {
	rng := rand.New(rand.NewPCG(3, uint64(d)))
	w0 := make([]float64, d)
	for i := range w0 {
		w0[i] = rng.NormFloat64()
	}
	l := NewLazy(w0)
	w := append([]float64(nil), w0...)
	sum := make([]float64, d)
	got := make([]float64, d)
	for step := range 50000 {
		l.Accumulate()
		for i := range w {
			sum[i] += w[i]
		}
		for range 1 + rng.IntN(3) {
			i := rng.IntN(d)
			v := rng.NormFloat64()
			l.SetA(i, v/l.Scale())
			w[i] = v
		}
		switch rng.IntN(10) {
		case 0: // shrink fast
			f := 0.5 + 0.4*rng.Float64()
			l.SetScale(l.Scale() * f)
			for i := range w {
				w[i] *= f
			}
			// re-inflate w through touches so it does not vanish
			for i := range w {
				if rng.IntN(3) == 0 {
					l.SetA(i, 1/l.Scale())
					w[i] = 1
				}
			}
		case 1:
			l.Fold(l.Scale())
		}
		if step%5000 == 4999 {
			l.Sum(got)
			if diff := relDiff(got, sum); diff > 1e-9 {
				t.Fatalf("step %d: lazy sum differs from the dense sum by %g", step, diff)
			}
		}
	}
	l.Current(got)
	if diff := relDiff(got, w); diff > 1e-12 {
		t.Fatalf("current w differs by %g", diff)
	}
}

// Ball: Add, Shrink and ProjectL2 against dense updates.
func TestBallMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const d, B = 20, 0.7
	w := make([]float64, d)
	for i := range w {
		w[i] = 0.01
	}
	b := NewBall(w)
	got := make([]float64, d)
	for step := 1; step <= 20000; step++ {
		i := rng.IntN(d)
		delta := rng.NormFloat64() * 0.3
		b.Add(i, delta)
		w[i] += delta
		if step%3 == 0 {
			f := 1 - 1/float64(step)
			b.Shrink(f)
			for j := range w {
				w[j] *= f
			}
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
				t.Fatalf("step %d: Ball differs from dense by %g", step, diff)
			}
			var n2 float64
			for _, v := range w {
				n2 += v * v
			}
			if math.Abs(b.Norm2()-n2) > 1e-10*n2 {
				t.Fatalf("step %d: Norm2 %g, want %g", step, b.Norm2(), n2)
			}
		}
	}
	b.Shrink(0)
	if b.Norm2() != 0 {
		t.Error("Shrink(0) left a non-zero w")
	}
}

// EG: weights against the plain formula w = B sinh(u)/Σcosh(u), including
// |u| far beyond exp's range; no NaN or Inf.
func TestEGMatchesFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const d, B = 25, 2.0
	e := NewEG(d, B)
	u := make([]float64, d)
	got, want := make([]float64, d), make([]float64, d)
	for step := range 20000 {
		i := rng.IntN(d)
		delta := rng.NormFloat64() * 3
		if step%500 == 0 {
			delta = 900 * math.Copysign(1, rng.NormFloat64()) // far jumps: re-centring
		}
		e.AddU(i, delta)
		u[i] += delta
		if step%250 == 0 {
			top := 0.0
			for _, v := range u {
				top = max(top, math.Abs(v))
			}
			var den float64
			for j, v := range u {
				p, n := math.Exp(v-top), math.Exp(-v-top)
				want[j] = p - n
				den += p + n
			}
			for j := range want {
				want[j] *= B / den
			}
			e.Current(got)
			for j, v := range got {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					t.Fatalf("step %d: w[%d] = %g", step, j, v)
				}
			}
			if diff := relDiff(got, want); diff > 1e-12 {
				t.Fatalf("step %d: EG differs from the formula by %g", step, diff)
			}
			var n1 float64
			for _, v := range want {
				n1 += math.Abs(v)
			}
			if math.Abs(e.Norm1()-n1) > 1e-12*B {
				t.Fatalf("step %d: Norm1 %g, want %g", step, e.Norm1(), n1)
			}
		}
	}
}

// denseProjectL1 projects onto the l1 ball by bisection on the threshold.
func denseProjectL1(w []float64, B float64) {
	var n1, hi float64
	for _, v := range w {
		n1 += math.Abs(v)
		hi = max(hi, math.Abs(v))
	}
	if n1 <= B {
		return
	}
	lo := 0.0
	for range 200 {
		mid := (lo + hi) / 2
		var s float64
		for _, v := range w {
			s += max(math.Abs(v)-mid, 0)
		}
		if s > B {
			lo = mid
		} else {
			hi = mid
		}
	}
	for i, v := range w {
		w[i] = math.Copysign(max(math.Abs(v)-hi, 0), v)
	}
}

// L1Ball: Shrink, Add, ProjectL1, the average and the |w|-draws against a
// dense simulation, long enough to rebase several times.
func TestL1BallMatchesDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, d := range []int{1, 7, 60} {
		b := NewL1Ball(d)
		w, sum := make([]float64, d), make([]float64, d)
		got := make([]float64, d)
		for step := 1; step <= 30000; step++ {
			f := 1 - 1/float64(step)
			b.Shrink(f)
			for i := range w {
				w[i] *= f
			}
			for range 1 + rng.IntN(4) {
				i := rng.IntN(d)
				delta := rng.NormFloat64() * 2 / math.Sqrt(float64(step))
				b.Add(i, delta)
				w[i] += delta
			}
			B := 0.3 + rng.Float64()
			b.ProjectL1(B)
			denseProjectL1(w, B)
			b.Accumulate()
			for i := range w {
				sum[i] += w[i]
			}
			if step%997 == 0 {
				b.Current(got)
				if diff := relDiff(got, w); diff > 1e-9 {
					t.Fatalf("d=%d step %d: L1Ball differs from dense by %g", d, step, diff)
				}
				var n1 float64
				for _, v := range w {
					n1 += math.Abs(v)
				}
				if math.Abs(b.Norm1()-n1) > 1e-9*max(n1, 1e-300) {
					t.Fatalf("d=%d step %d: Norm1 %g, want %g", d, step, b.Norm1(), n1)
				}
				b.Average(got)
				for i := range sum {
					sum[i] /= float64(step)
				}
				if diff := relDiff(got, sum); diff > 1e-9 {
					t.Fatalf("d=%d step %d: average differs by %g", d, step, diff)
				}
				for i := range sum {
					sum[i] *= float64(step)
				}
				if n1 > 0 {
					u := rng.Float64()
					j := b.SampleAbs(u)
					acc, want := 0.0, -1
					for i, v := range w {
						if a := math.Abs(v); a > 0 && acc+a > u*n1 {
							want = i
							break
						} else {
							acc += a
						}
					}
					if w[j] == 0 || (j != want && math.Abs(acc-u*n1) > 1e-9*n1) {
						t.Fatalf("d=%d step %d: SampleAbs(%g) = %d (w=%g), linear scan %d", d, step, u, j, w[j], want)
					}
				}
			}
		}
		b.Shrink(0)
		if b.Norm1() != 0 {
			t.Error("Shrink(0) left a non-zero w")
		}
	}
}

// PairTree against two SumTrees.
func TestPairTree(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{1, 5, 33} {
		p, a, b := NewPairTree(n), NewSumTree(n), NewSumTree(n)
		for step := range 1000 {
			i := rng.IntN(n)
			x, y := rng.ExpFloat64(), rng.ExpFloat64()
			p.Set(i, x, y)
			a.Set(i, x)
			b.Set(i, y)
			ta, tb := p.Totals()
			if ta != a.Total() || tb != b.Total() {
				t.Fatalf("n=%d step %d: totals %g %g, want %g %g", n, step, ta, tb, a.Total(), b.Total())
			}
			if u := rng.Float64() * ta; p.Sample(u) != a.Sample(u) {
				t.Fatalf("n=%d: Sample(%g) = %d, SumTree %d", n, u, p.Sample(u), a.Sample(u))
			}
		}
	}
}

// sinhCosh from one expm1 is as accurate as math.Sinh/Cosh, tiny |u| included.
func TestSinhCosh(t *testing.T) {
	for _, u := range []float64{0, 1e-300, -1e-12, 3e-8, 0.01, -0.7, 1, 5.5, -19.9, 25, -300} {
		for _, M := range []float64{0, 30} {
			if math.Abs(u)-M > expRange {
				continue
			}
			sh, ch := sinhCosh(u, M, math.Exp(-M))
			wsh, wch := math.Sinh(u)*math.Exp(-M), math.Cosh(u)*math.Exp(-M)
			if math.Abs(u) >= 20 { // the direct form
				wsh = (math.Exp(u-M) - math.Exp(-u-M)) / 2
				wch = (math.Exp(u-M) + math.Exp(-u-M)) / 2
			}
			if math.Abs(sh-wsh) > 4e-16*math.Abs(wsh) || math.Abs(ch-wch) > 4e-16*wch {
				t.Errorf("u=%g M=%g: (%g, %g), want (%g, %g)", u, M, sh, ch, wsh, wch)
			}
		}
	}
}

// Lazy's epochs: s shrinks geometrically (a new epoch every few hundred
// steps) while each coordinate is touched every ~d steps, so most are owed
// sums spanning several epochs; Sum against a dense simulation.
func TestLazyEpochsMatchDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	const d, steps = 500, 12000
	w := make([]float64, d)
	for i := range w {
		w[i] = rng.NormFloat64()
	}
	l := NewLazy(w)
	sum, got := make([]float64, d), make([]float64, d)
	for step := 1; step <= steps; step++ {
		l.Accumulate()
		for i := range w {
			sum[i] += w[i]
		}
		i, v := rng.IntN(d), rng.NormFloat64()
		l.SetA(i, v/l.Scale())
		w[i] = v
		l.SetScale(l.Scale() * 0.99)
		for j := range w {
			w[j] *= 0.99
		}
		if step%3000 == 0 {
			l.Sum(got)
			if diff := relDiff(got, sum); diff > 1e-9 {
				t.Fatalf("step %d (epoch %d): lazy sum differs from the dense sum by %g", step, l.clock.epoch, diff)
			}
		}
	}
	if l.clock.epoch < 10 {
		t.Errorf("only %d epochs: the test does not exercise them", l.clock.epoch)
	}
}

// AddUDense with its cache of sinh and cosh (recentreCached) and its
// four-lane maximum (maxAbsAux) against the code before them: the
// addition, M = max|u_i| by the builtin max in one chain, and the uncached
// pass (recentreAt without e.hyp). Every bit of the iterate, the
// normaliser's leaves and the running sum must be the same, over dense
// steps that leave most coordinates where they were (a table of mostly
// zero attributes), move some past |u| = 20, where the cache does not
// apply, and reach the re-centring range, mixed with sparse steps (AddU,
// online lasso's path on rows with few non-zero attributes), at a d that
// is not a multiple of four, over enough steps that the running sum starts
// new epochs (the flush written out in recentreCached has a branch for a
// coordinate last flushed in an earlier epoch).
func TestEGDenseCacheSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	const d, B = 41, 3.0
	cached, plain := NewEG(d, B), NewEG(d, B)
	delta := make([]float64, d)
	var epochs uint32 // the highest epoch reached (rebase resets it to 0)
	defer func() {
		if epochs < 2 {
			t.Errorf("epochs reached %d: the test no longer starts new epochs", epochs)
		}
	}()
	for step := range 30000 {
		cached.Accumulate()
		plain.Accumulate()
		if step%5 == 4 { // a sparse step on both
			i, v := rng.IntN(d), rng.NormFloat64()*2
			if step%100 == 99 {
				v = 800 // re-centring from AddU, the cache live
			}
			cached.AddU(i, v)
			plain.AddU(i, v)
		} else {
			egDenseDelta(delta, step, rng)
			cached.AddUDense(delta)
			var M float64
			for i, v := range delta {
				plain.c[i].aux += v
				M = max(M, math.Abs(plain.c[i].aux))
			}
			plain.recentreAt(M)
		}
		if plain.hyp != nil {
			t.Fatal("the plain EG took a dense step")
		}
		sameEGBits(t, step, cached, plain)
		epochs = max(epochs, cached.clock.epoch)
	}
	avgC, avgP := make([]float64, d), make([]float64, d)
	cached.Average(avgC)
	plain.Average(avgP)
	for i := range avgC {
		if math.Float64bits(avgC[i]) != math.Float64bits(avgP[i]) {
			t.Fatalf("average[%d]: %v, %v", i, avgC[i], avgP[i])
		}
	}
}

// egDenseDelta fills delta with a dense step: a fifth of the coordinates
// move, now and then one far (the large-|u| branch), and −0 is added to one.
func egDenseDelta(delta []float64, step int, rng *rand.Rand) {
	for i := range delta {
		delta[i] = 0
		if rng.IntN(5) == 0 {
			delta[i] = rng.NormFloat64() * 2
		}
		if step%400 == 399 && i == step%len(delta) {
			delta[i] = 750
		}
	}
	if step%7 == 0 {
		delta[3] = math.Copysign(0, -1) // −0 added: u's bits may not change
	}
}

// sameEGBits fails unless a and b hold the same bits in every coordinate's
// a_i, cosh term and sum, and in s and M.
func sameEGBits(t *testing.T, step int, a, b *EG) {
	t.Helper()
	for i := range a.c {
		if math.Float64bits(a.c[i].a) != math.Float64bits(b.c[i].a) ||
			math.Float64bits(a.ch[i]) != math.Float64bits(b.ch[i]) ||
			math.Float64bits(a.c[i].acc) != math.Float64bits(b.c[i].acc) {
			t.Fatalf("step %d, coordinate %d: (a %v, cosh %v, acc %v), the code before (a %v, cosh %v, acc %v)", step, i,
				a.c[i].a, a.ch[i], a.c[i].acc, b.c[i].a, b.ch[i], b.c[i].acc)
		}
	}
	if math.Float64bits(a.s) != math.Float64bits(b.s) || math.Float64bits(a.M) != math.Float64bits(b.M) {
		t.Fatalf("step %d: scale %v, %v; M %v, %v", step, a.s, b.s, a.M, b.M)
	}
}

// maxAbsAux against the builtin max in one chain, bit for bit, with Inf,
// NaN, ±0 and every tail length.
func TestMaxAbsAuxSameBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	special := []float64{0, math.Copysign(0, -1), math.Inf(1), math.Inf(-1), math.NaN(), -math.NaN(), 1e300}
	for n := range 10 {
		for trial := range 2000 {
			c := make([]coord, n)
			for i := range c {
				c[i].aux = rng.NormFloat64() * 30
				if trial%3 == 0 && rng.IntN(4) == 0 {
					c[i].aux = special[rng.IntN(len(special))]
				}
			}
			var want float64
			for i := range c {
				want = max(want, math.Abs(c[i].aux))
			}
			if got := maxAbsAux(c, nil); math.Float64bits(got) != math.Float64bits(want) {
				t.Fatalf("n = %d, %v: %v (%#x), the builtin max %v (%#x)", n, c, got, math.Float64bits(got), want, math.Float64bits(want))
			}
		}
	}
}

// Degenerate projections end: a NaN magnitude (the lower-bound heap could
// raise a NaN top for ever) and a radius below the magnitudes' rounding
// (every coordinate zeroed, which emptied the heap and then read its top).
func TestL1BallDegenerateProjections(t *testing.T) {
	done := make(chan string, 2)
	run := func(name string, f func()) {
		go func() {
			defer func() { done <- fmt.Sprint(name, ": ", recover()) }()
			f()
		}()
	}
	run("NaN", func() {
		b := NewL1Ball(3)
		b.Add(0, 1)
		b.Add(1, 2)
		b.Add(2, 3)
		b.ProjectL1(100)
		b.Add(1, math.NaN())
		b.ProjectL1(1)
	})
	run("tiny radius", func() {
		b := NewL1Ball(3)
		b.Add(0, 1e300)
		b.Add(1, 5e299)
		b.Add(2, 3e299)
		b.ProjectL1(1e-300)
		if n := b.Norm1(); !(n <= 1e-300) {
			t.Errorf("tiny radius: ||w||₁ = %g", n)
		}
	})
	for range 2 {
		select {
		case s := <-done:
			if !strings.HasSuffix(s, "<nil>") {
				t.Error(s)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("a projection did not return")
		}
	}
}
