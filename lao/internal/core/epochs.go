package core

// epochs keeps the bookkeeping of prefix sums that restart at 0 from time
// to time (see rebaseRatio): the lazy averages owe a coordinate the sums
// accumulated since its last touch, a difference of two prefix sums that
// loses precision once the sums are much larger than their recent
// increments. Restarting them is O(1) here: a coordinate remembers the
// epoch of its last touch, and one untouched since an earlier epoch e is
// owed the rest of epoch e, the whole epochs since (tail, sums of positive
// terms, no cancellation) and the current sums. Up to two sums are kept
// (Lazy uses one, L1Ball two).
type epochs struct {
	epoch uint32
	ends  [][2]float64 // ends[e]: the sums at the end of epoch e < epoch
	tail  [][2]float64 // tail[e] = Σ_{f=e}^{epoch−1} ends[f], for e ≤ epoch (tail[epoch] = 0)
}

func newEpochs() epochs { return epochs{tail: make([][2]float64, 1)} }

// next closes the current epoch whose sums ended at S.
func (c *epochs) next(S [2]float64) {
	c.ends = append(c.ends, S)
	for e := range c.tail {
		c.tail[e][0] += S[0]
		c.tail[e][1] += S[1]
	}
	c.tail = append(c.tail, [2]float64{})
	c.epoch++
}

// count returns the number of closed epochs since the last reset.
func (c *epochs) count() int { return len(c.ends) }

// reset forgets the epochs (every coordinate was brought to the current
// one, whose sums restart at 0).
func (c *epochs) reset() {
	c.epoch = 0
	c.ends, c.tail = c.ends[:0], append(c.tail[:0], [2]float64{})
}

// since returns component k of the sums accumulated since a touch in
// epoch e (e < the current epoch) when the sums stood at last, given the
// current epoch's sums S.
func (c *epochs) since(k int, e uint32, last, S float64) float64 {
	return (c.ends[e][k] - last) + c.tail[e+1][k] + S
}
