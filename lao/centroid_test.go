package lao

import (
	"testing"
)

// refCentroid transcribes Centroid densely: v from k uniform draws without
// replacement, v_j = (d/k)x_j; w ← (1 − 1/t)w + (2/(λt))·y·v; projection
// onto the l1 ball (bisection); w̄ the average of the projected iterates.
func refCentroid(ds *Dataset, k int, B, lambda float64, seed uint64) []float64 {
	rng := NewRand(SeedFor(seed, "solver"))
	d, m := ds.Dim(), ds.Len()
	w, wbar := make([]float64, d), make([]float64, d)
	for t := 1; t <= m; t++ {
		x, y := ds.Row(t-1), ds.Label(t-1)
		perm := make([]int, d)
		for i := range perm {
			perm[i] = i
		}
		v := make([]float64, d)
		for i := range k {
			j := i + rng.IntN(d-i)
			perm[i], perm[j] = perm[j], perm[i]
			v[perm[i]] += float64(d) / float64(k) * x[perm[i]]
		}
		for i := range w {
			w[i] = (1-1/float64(t))*w[i] + 2/(lambda*float64(t))*y*v[i]
		}
		w = refProjectL1(w, B)
		for i := range wbar {
			wbar[i] += w[i] / float64(m)
		}
	}
	return wbar
}

func TestCentroidMatchesReference(t *testing.T) {
	rng := NewRand(14)
	p := signProblem{d: 12, scale: 1, wstar: randomWStar(12, 4, 0.5, rng), sigma: 0.3}
	ds := p.sample(500, rng)
	for _, c := range []struct{ B, lambda float64 }{{1, 0.5}, {100, 2}} { // projection active, and not
		res := fitOrFatal(t, &Centroid{K: 3, B: c.B, Lambda: c.lambda}, ds, 9)
		if diff := relDiff(res.W, refCentroid(ds, 3, c.B, c.lambda, 9)); diff > 1e-9 {
			t.Errorf("B = %g: Centroid differs from the transcription by %g", c.B, diff)
		}
		if res.MaxPerExample > 3 {
			t.Errorf("%d attributes on one example, budget 3", res.MaxPerExample)
		}
	}
}
