package lao

import "math/rand/v2"

// revealedCells accumulates, over the training examples, the products of
// the cells each example revealed: Σ x_j x_l over the examples that revealed
// both j and l, Σ x_j y over those that revealed j, and how many examples
// revealed each pair (the diagonal: each attribute). The corrected solvers
// (CorrectedRidge, AdaptiveScreen) build their moment estimates from it; a
// budget is spent once, when an example reveals its cells, and everything
// computed from these sums afterwards is free.
type revealedCells struct {
	d  int
	xx []float64 // d×d, upper triangle (j ≤ l): Σ x_j x_l
	xy []float64 // Σ x_j y
	n  []float64 // d×d, upper triangle: examples that revealed j and l
	m  int       // examples added
}

func newRevealedCells(d int) *revealedCells {
	return &revealedCells{d: d, xx: make([]float64, d*d), xy: make([]float64, d), n: make([]float64, d*d)}
}

// add adds one example: the attributes idx (distinct) with values x, and
// its label y.
func (c *revealedCells) add(idx []int, x []float64, y float64) {
	d := c.d
	for a, j := range idx {
		c.xy[j] += x[a] * y
		for b, l := range idx {
			if j <= l {
				c.xx[j*d+l] += x[a] * x[b]
				c.n[j*d+l]++
			}
		}
	}
	c.m++
}

// sum returns Σ x_j x_l and the count of examples that revealed j and l.
func (c *revealedCells) sum(j, l int) (s, n float64) {
	if j > l {
		j, l = l, j
	}
	return c.xx[j*c.d+l], c.n[j*c.d+l]
}

// drawUniform draws k of the d attributes uniformly without replacement
// (a partial Fisher-Yates shuffle of perm, whose first k entries are the
// draw), reads them through ex into x and returns their indices.
func drawUniform(ex *Example, k int, perm []int, x []float64, rng *rand.Rand) []int {
	d := len(perm)
	for i := range k {
		r := i + rng.IntN(d-i)
		perm[i], perm[r] = perm[r], perm[i]
		x[i] = ex.Attr(perm[i])
	}
	return perm[:k]
}

// psdRidge writes into w the ridge solution (C₊ + μI) w = b of a moment
// matrix C (n×n, row-major, symmetric) that need not be positive
// semidefinite: C₊ is its projection onto the PSD cone (eigenvalues clipped
// at 0), and μ = lambda·tr(C₊)/n, so lambda is relative to the mean
// eigenvalue and free of the columns' scale. It returns μ (0 and w = 0 when
// C₊ is 0).
func psdRidge(C, b []float64, n int, lambda float64, w []float64) (float64, error) {
	Q, ev, beta, err := eigenMoments(C, b, n)
	if err != nil {
		return 0, err
	}
	var tr float64
	for _, e := range ev {
		tr += e
	}
	mu := lambda * tr / float64(n)
	if !(mu > 0) {
		clear(w)
		return 0, nil
	}
	secularPoint(Q, ev, beta, mu, w)
	return mu, nil
}
