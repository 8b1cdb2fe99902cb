package quadl1

import (
	"fmt"
	"testing"
)

func BenchmarkMinBallDense(b *testing.B) {
	for _, d := range []int{200, 500, 1000} {
		rng := NewRand(1)
		A, v, _ := qpProblem(rng, qpCase{d: d, r: 2 * d, rho: 0.5, inRange: true, bScale: 1})
		free := make([]bool, d)
		for j := range free {
			free[j] = true
		}
		// the unconstrained norm
		q := newQuadCD(Dense(A, d), v, 1e12, free)
		steps := q.maxSteps()
		q.walk(q.polish(), 0, 1e12, &steps)
		n := norm1(q.w)
		for _, f := range []float64{0.1, 0.5, 0.9} {
			B := f * n
			b.Run(fmt.Sprintf("d=%d/B=%.1f", d, f), func(b *testing.B) {
				for b.Loop() {
					if _, _, err := MinBall(Dense(A, d), v, B); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
