package lao

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/prefetch"
)

// aliasTable draws index i of [0, d) with probability q_i in O(1) per draw
// (Walker's alias method, Vose's construction), for the fixed sampling
// distributions of the data-dependent solvers. The plain reference is
// sampleProportional (a linear scan); TestAliasMatchesProportional checks
// that both draw the same distribution.
type aliasTable struct {
	q   []float64 // the normalised probabilities
	col []aliasColumn
}

// aliasColumn is column i of the table: a draw of i accepts it with
// probability prob, else returns alias. One record, one cache line per draw.
type aliasColumn struct {
	prob  float64
	alias int32
}

// newAliasTable builds the table of the distribution proportional to w
// (w_i ≥ 0, finite, positive sum).
func newAliasTable(w []float64) (*aliasTable, error) {
	d := len(w)
	var sum float64
	for i, v := range w {
		if v < 0 || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("weight %d = %g, want finite and ≥ 0", i, v)
		}
		sum += v
	}
	if d == 0 || sum == 0 {
		return nil, fmt.Errorf("the %d weights sum to 0", d)
	}
	t := &aliasTable{q: make([]float64, d), col: make([]aliasColumn, d)}
	scaled := make([]float64, d)
	small, large := make([]int, 0, d), make([]int, 0, d) // at most d between them: no regrowth at large d
	for i, v := range w {
		t.q[i] = v / sum
		scaled[i] = t.q[i] * float64(d)
		if scaled[i] < 1 {
			small = append(small, i)
		} else {
			large = append(large, i)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		t.col[s] = aliasColumn{scaled[s], int32(l)}
		scaled[l] -= 1 - scaled[s]
		if scaled[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range large { // what is left has probability 1 up to rounding
		t.col[i] = aliasColumn{1, int32(i)}
	}
	for _, i := range small {
		t.col[i] = aliasColumn{1, int32(i)}
	}
	return t, nil
}

// draw returns one index.
func (t *aliasTable) draw(rng *rand.Rand) int {
	i := rng.IntN(len(t.col))
	c := &t.col[i]
	if rng.Float64() < c.prob {
		return i
	}
	return int(c.alias)
}

// drawAhead appends k draws to dst: the same random numbers, in the same
// order, and the same indices as k calls of draw, with every drawn
// column's cache line asked for before the first is used (their misses
// overlap instead of following one another), and then the line of q_i
// that term will read. u is scratch for the k uniforms.
func (t *aliasTable) drawAhead(rng *rand.Rand, dst []int, k int, u []float64) ([]int, []float64) {
	n := len(dst)
	u = u[:0]
	for range k {
		i := rng.IntN(len(t.col))
		prefetch.At(t.col, i)
		dst = append(dst, i)
		u = append(u, rng.Float64())
	}
	for r, v := range u {
		if c := &t.col[dst[n+r]]; !(v < c.prob) {
			dst[n+r] = int(c.alias)
		}
		prefetch.At(t.q, dst[n+r])
	}
	return dst, u
}

// qXEstimate sets xt to x̃ = (1/k) Σ_{r=1..k} x[i_r]/q_{i_r}·e_{i_r} with
// i_1..i_k drawn independently from q (Kukliansky & Shamir 2015, Alg. 1 lines 3-7, eq. (1)).
// E[x̃] = x wherever q_i > 0. It reveals at most k attributes.
func qXEstimate(ex *Example, k int, q *aliasTable, rng *rand.Rand, xt *sparseVec) {
	drawnXEstimate(ex, k, func() int { return q.draw(rng) }, func(i int, x float64) float64 { return q.term(k, i, x) }, xt)
}

// term is the term x_i/(k·q_i) that attribute i, one of k draws from q,
// adds to x̃.
func (t *aliasTable) term(k, i int, x float64) float64 { return x / (float64(k) * t.q[i]) }

// xEstimate sets xt to the estimate of x from k independent draws: uniform
// (uniformXEstimate, AERR/AELR) when q is nil, else from q (qXEstimate,
// GAERR/GAELR).
func xEstimate(ex *Example, k int, q *aliasTable, rng *rand.Rand, xt *sparseVec) {
	if q == nil {
		uniformXEstimate(ex, k, rng, xt)
		return
	}
	qXEstimate(ex, k, q, rng, xt)
}
