package lao

import (
	"fmt"
	"math"
	"testing"
)

// Per-example cost of each budgeted solver at the MNIST dimension.
// go test ./lao -run XXX -bench . -benchtime 20000x
func BenchmarkSolvers(b *testing.B) {
	const d, m = 784, 4096
	rng := NewRand(1)
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 20, 0.5, rng), sigma: 0.1}
	ds := p.sample(m, rng)
	mom := make([]float64, d) // uneven moments: DDAERR samples from a non-uniform q (alias table)
	for i := range mom {
		mom[i] = 1 / float64(i+1)
	}
	for _, s := range []Solver{&AER{K: 4}, &AERR{K: 4}, &AELR{K: 4}, &AERR{K: 56}, &DDAERR{K: 4, Moments: mom}, &DDAERR{K: 56, Moments: mom}, &DDAELR{K: 4, Moments: mom}} {
		name := fmt.Sprintf("%s/k=%d/d=%d", s.Name(), kOf(s), d)
		b.Run(name, func(b *testing.B) {
			l, bud, err := s.Start(Problem{M: m, D: d, Rand: NewRand(2)})
			if err != nil {
				b.Fatal(err)
			}
			ex := NewExample(d)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				r := i % m
				ex.Reset(ds.Row(r), ds.Label(r), bud.PerExample)
				l.Observe(ex)
			}
		})
	}
}

func kOf(s Solver) int {
	p, err := FindParam(s, "k")
	if err != nil {
		return 0
	}
	return int(p.Get())
}
