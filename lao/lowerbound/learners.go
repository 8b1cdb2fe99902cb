package lowerbound

import (
	"math"

	"github.com/laoproject/lao/lao"
)

// The learners below are the matching upper bounds of the two sample-
// complexity lower bounds: simple strategies that know the instance's
// structure and reach the target with a number of examples of the lower
// bound's order, showing the bounds are tight (up to log d for the coin
// counter). Both read attributes round-robin, k per example, through the
// Example handle like every solver, so lao.Fit enforces their budget.

// CoinCounter is the coin-identification learner for the CSS instance
// (the natural learner of the instance): example t reads
// attributes (t·k + r) mod d, r = 0..k−1, and adds x_i·y to S_i; the
// output is (S_J/n_J)·e_J for J = argmax |S_J| (n_J: reads of J). It
// reaches excess ε with about d·ln d/(2kε) examples.
type CoinCounter struct {
	// K is the number of attributes read per example, in [1, d].
	K int
}

var _ lao.Solver = (*CoinCounter)(nil)

// Name returns "coin-counter".
func (c *CoinCounter) Name() string { return "coin-counter" }

// Params binds k.
func (c *CoinCounter) Params() []lao.Param { return roundRobinParams(&c.K) }

// About describes the learner.
func (c *CoinCounter) About() lao.About {
	return lao.About{Paper: "Cesa-Bianchi, Shalev-Shwartz & Shamir, JMLR 2011, Appendix A (matching learner)",
		Algorithm: "coin counting, round-robin reads", Budget: "k per example", Ball: "l1"}
}

// Start checks k and returns the learner with the budget k per example.
func (c *CoinCounter) Start(p lao.Problem) (lao.Learner, lao.Budget, error) {
	return startRoundRobin(c.Name(), c.K, p, coinOutput)
}

// MajorityVote is the sign-estimation learner for the HazanKoren instance:
// reads round-robin like CoinCounter, adds the coin √d·x_i·y = σ_i·z_i to
// C_i, and outputs sign(C)/√d (ties broken by a sign fixed at the start).
// At p = 2ε it reaches excess ε with about 0.1·d/(kε²) examples.
type MajorityVote struct {
	// K is the number of attributes read per example, in [1, d].
	K int
}

var _ lao.Solver = (*MajorityVote)(nil)

// Name returns "majority-vote".
func (v *MajorityVote) Name() string { return "majority-vote" }

// Params binds k.
func (v *MajorityVote) Params() []lao.Param { return roundRobinParams(&v.K) }

// About describes the learner.
func (v *MajorityVote) About() lao.About {
	return lao.About{Paper: "Hazan & Koren, ICML 2012, Theorem 2.2 (matching learner)",
		Algorithm: "majority vote on the hidden signs, round-robin reads", Budget: "k per example", Ball: "l2"}
}

// Start checks k and returns the learner with the budget k per example.
func (v *MajorityVote) Start(p lao.Problem) (lao.Learner, lao.Budget, error) {
	l, b, err := startRoundRobin(v.Name(), v.K, p, voteOutput)
	if err != nil {
		return nil, b, err
	}
	r := l.(*roundRobin)
	r.tie = make([]float64, p.D)
	for i := range r.tie {
		r.tie[i] = fairSign(p.Rand)
	}
	return r, b, nil
}

// roundRobinParams binds the k of a round-robin learner.
func roundRobinParams(k *int) []lao.Param {
	return []lao.Param{lao.IntParam("k", k, "attributes read per example, round-robin; in [1, d]")}
}

// startRoundRobin checks k and returns a round-robin learner with output
// rule out and the budget k per example.
func startRoundRobin(name string, k int, p lao.Problem, out func(l *roundRobin, dst []float64)) (lao.Learner, lao.Budget, error) {
	if k < 1 || k > p.D {
		return nil, lao.Budget{}, paramErr(name, "k", "= %d must be in [1, d = %d]", k, p.D)
	}
	l := &roundRobin{k: k, d: p.D, sum: make([]float64, p.D), n: make([]int, p.D), out: out}
	return l, lao.Budget{PerExample: k, Rule: "k per example"}, nil
}

// roundRobin reads k attributes per example in a fixed cycle and keeps the
// sums of x_i·y per attribute.
type roundRobin struct {
	k, d int
	t    int
	sum  []float64
	n    []int
	tie  []float64
	out  func(l *roundRobin, dst []float64)
}

func (l *roundRobin) Observe(ex *lao.Example) {
	y := ex.Label()
	for r := range l.k {
		i := (l.t*l.k + r) % l.d
		l.sum[i] += ex.Attr(i) * y
		l.n[i]++
	}
	l.t++
}

func (l *roundRobin) Weights(dst []float64) { l.out(l, dst) }

func coinOutput(l *roundRobin, dst []float64) {
	clear(dst)
	best := -1
	for i, s := range l.sum {
		if l.n[i] > 0 && (best < 0 || math.Abs(s) > math.Abs(l.sum[best])) {
			best = i
		}
	}
	if best >= 0 {
		dst[best] = l.sum[best] / float64(l.n[best])
	}
}

func voteOutput(l *roundRobin, dst []float64) {
	s := 1 / math.Sqrt(float64(l.d))
	for i, c := range l.sum {
		switch {
		case c > 0:
			dst[i] = s
		case c < 0:
			dst[i] = -s
		default:
			dst[i] = l.tie[i] * s
		}
	}
}
