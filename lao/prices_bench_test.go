package lao

import (
	"fmt"
	"testing"
)

// Per-example cost of the priced solvers, the handle charging prices and
// enforcing the cost budget, beside the unpriced BenchmarkSolvers:
//
//	go test ./lao -run XXX -bench 'Solvers/(aerr|ddaerr)/k=4/d=784|PricedSolvers' -benchtime 200000x
func BenchmarkPricedSolvers(b *testing.B) {
	const d = 784
	ds, err := benchRows(d)
	if err != nil {
		b.Fatal(err)
	}
	mom, costs := make([]float64, d), make([]float64, d)
	for i := range mom {
		mom[i] = 1 / float64(i+1)
		costs[i] = float64(1 + i%7)
	}
	pr := Prices{Costs: costs}
	for _, s := range []Solver{&AERR{K: 4, Prices: pr}, &DDAERR{K: 4, Moments: mom, Prices: pr}, &AELR{K: 4, Prices: pr}} {
		b.Run(fmt.Sprintf("%s/k=%d/d=%d", s.Name(), kOf(s), d), func(b *testing.B) {
			l, bud, err := s.Start(Problem{M: max(b.N, 2), D: d, Rand: NewRand(2)})
			if err != nil {
				b.Fatal(err)
			}
			ex := NewExample(d)
			ex.SetPrices(bud.Costs, bud.Cost)
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				r := i % ds.Len()
				ex.Reset(ds.Row(r), ds.Label(r), bud.PerExample)
				l.Observe(ex)
			}
		})
	}
}
