package lao

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// The machinery shared by Two-Phased DDAERR and DDAELR (Kukliansky &
// Shamir 2015, Algorithms 2 and 4): parameter validation, the first phase,
// and the hand-over to the second, with the variants of the paper's
// experiments (its Section 5): ε = 0, and a first phase that runs
// AERR/AELR on the budget and warm-starts the second phase from its output.

type twoPhasedParams struct {
	k, m1    int
	B, delta float64
	// the experimental variants in force (Paper turns them all on)
	split, inner, eps0, warm bool
	// w1 is Two-Phased DDAERR's w_1 (initialIterate); nil for Two-Phased
	// DDAELR, which starts at w_1 = 0.
	w1 []float64
}

// TwoPhasedVariants are the variants of Kukliansky & Shamir's experiments
// (their Section 5) that both two-phased solvers offer; the zero value is
// the paper's Algorithm 2 or 4. The first phase's algorithm is AERR for
// TwoPhasedDDAERR and AELR for TwoPhasedDDAELR.
type TwoPhasedVariants struct {
	// Eta1 is the first phase's step size when Warm is on. If Eta1 is 0,
	// eta if set, else the first phase's algorithm's theorem step for m1
	// examples is used: AERR's (Theorem 3.1; √2·B with adagrad on) or
	// AELR's (Theorem 3.4).
	Eta1 float64
	// Split splits the k+1 attributes evenly between x̃ and w·x (see
	// AERR.Split), in both phases.
	Split bool
	// InnerDD draws the second phase's inner-product attribute with
	// p_j ∝ |w_j|√(A_j + 13ε/6) (page 8 of the paper, with the estimated
	// moments).
	InnerDD bool
	// EpsZero sets ε = 0, as the paper's experiments did (q ∝ √A for
	// DDAERR, q ∝ A for DDAELR; an attribute never seen non-zero in the
	// first phase is then never sampled).
	EpsZero bool
	// Warm runs the first phase's algorithm during the first phase (the
	// moments are estimated from its k uniform x̃ draws per example, which
	// stay within the budget) and starts the second phase from its output
	// w̄, as the paper's experiments did; during the first phase the
	// weights are that algorithm's.
	Warm bool
	// Paper selects all four variants of the paper's experiments: Split,
	// InnerDD, EpsZero and Warm.
	Paper bool
}

// variants validates Eta1 and sets the variants in force.
func (tp *twoPhasedParams) variants(name string, v TwoPhasedVariants) error {
	if v.Eta1 != 0 { // the warm start's step (0: its default)
		if _, err := positiveOr(name, "eta1", v.Eta1, 1); err != nil {
			return err
		}
	}
	tp.split, tp.inner = paperFlags(v.Paper, v.Split, v.InnerDD)
	tp.eps0, tp.warm = v.EpsZero || v.Paper, v.Warm || v.Paper
	return nil
}

// resolveTwoPhased validates the parameters shared by Algorithms 2 and 4
// and sets the variants in force.
func resolveTwoPhased(name string, k, m1 int, B, eta, delta, half float64, p Problem, v TwoPhasedVariants) (tp twoPhasedParams, err error) {
	tp.k = k
	if err = checkK(name, tp.k, p.D); err != nil {
		return
	}
	if tp.B, err = positiveOr(name, "B", B, defaultRadius); err != nil {
		return
	}
	if eta != 0 {
		if _, err = positiveOr(name, "eta", eta, 1); err != nil {
			return
		}
	}
	if half != 0 {
		if _, err = positiveOr(name, "half", half, 1); err != nil {
			return
		}
	}
	if tp.delta, err = positiveOr(name, "delta", delta, defaultDelta); err != nil {
		return
	}
	if tp.delta >= 1 {
		err = paramErr(name, "delta", "= %g, want in (0, 1)", tp.delta)
		return
	}
	tp.m1 = m1
	if tp.m1 == 0 {
		tp.m1 = max(p.M/10, 1)
	}
	if tp.m1 < 1 || tp.m1 >= p.M {
		err = paramErr(name, "m1", "= %d, want 1 ≤ m1 < m = %d (the second phase needs examples)", tp.m1, p.M)
		return
	}
	err = tp.variants(name, v)
	return
}

// twoPhasedPhaseParams declares the first phase's length m1 and the
// failure probability δ of both solvers.
func twoPhasedPhaseParams(m1 *int, delta *float64) []Param {
	return []Param{
		IntParam("m1", m1, "length of the first phase").withDefault("⌊m/10⌋"),
		FloatParam("delta", delta, "failure probability δ of the moment estimates", nil).withDefault(num(defaultDelta)),
	}
}

// params declares the variant parameters of both solvers; first names the
// first phase's algorithm (AERR or AELR).
func (v *TwoPhasedVariants) params(first string) []Param {
	return []Param{
		FloatParam("eta1", &v.Eta1, "with warm on: the step size of the first phase ("+first+")", nil).withDefault("eta if set, else the first phase's algorithm's theorem step for m1 examples"),
		splitParam(&v.Split, " in both phases"),
		innerDDParam(&v.InnerDD, "|w_j|√(A_j + 13ε/6) in the second phase", "the algorithm's p_j"),
		BoolParam("eps0", &v.EpsZero, "ε = 0, as the paper's experiments; off: the algorithm's ε"),
		BoolParam("warm", &v.Warm, "run "+first+" in the first phase (its uniform x̃ draws estimate E[x_i²]) and start the second from its output; off: the algorithm's first phase, the second from w_1"),
		paperParam(&v.Paper, "innerdd, split, eps0 and warm"),
	}
}

// warmStart returns the second phase's start: the first phase's output
// from if there is one and it is non-zero, else w1.
func warmStart(w1, from []float64) []float64 {
	if from != nil && dot(from, from) > 0 {
		return from
	}
	return w1
}

// drawRecorder is a first-phase learner that lists the attributes it drew
// uniformly for x̃ on the last example, with multiplicity.
type drawRecorder interface {
	Learner
	xDraws() []int
}

// twoPhasedLearner is the first phase shared by Algorithms 2 and 4 of
// Kukliansky & Shamir 2015 (lines 2-10: k+1 uniform draws per example,
// A[i] = mean of the squares seen of attribute i) and the hand-over to the
// second phase. With a first-phase learner (the experiments' warm start),
// that learner runs AERR/AELR on the budget instead, A is estimated from
// its uniform x̃ draws, and the second phase starts from its output.
type twoPhasedLearner struct {
	failure
	name         string
	tp           twoPhasedParams
	rng          *rand.Rand
	w1           []float64 // the weights reported during the first phase
	t            int
	counts, sums []float64
	first        drawRecorder // nil: Algorithm 2/4's first phase
	start        func(A, from []float64) (Learner, map[string]float64, error)
	second       Learner // nil during the first phase
	extra        map[string]float64
	plain        bool       // run the second phase with the plain implementation (Reference)
	track        bool       // trackUnlearned was called: the second phase tracks its moves too
	batch        drawnReads // the first phase's draws and their values (Algorithm 2/4)
}

func newTwoPhasedLearner(name string, tp twoPhasedParams, p Problem, w1 []float64,
	start func(A, from []float64) (Learner, map[string]float64, error)) *twoPhasedLearner {
	return &twoPhasedLearner{name: name, tp: tp, rng: p.Rand, w1: w1, counts: make([]float64, p.D),
		sums: make([]float64, p.D), start: start}
}

func (l *twoPhasedLearner) Observe(ex *Example) {
	if l.err != nil {
		return
	}
	l.t++
	if l.second != nil {
		l.second.Observe(ex)
		return
	}
	if l.first != nil {
		l.first.Observe(ex)
		for _, i := range l.first.xDraws() { // revealed already: re-reading is free
			l.record(i, ex.Attr(i))
		}
	} else {
		idx, vals := l.batch.draw(ex, l.tp.k+1, func() int { return l.rng.IntN(len(l.counts)) }) // lines 4-9
		for r, i := range idx {
			l.record(i, vals[r])
		}
	}
	if l.t == l.tp.m1 {
		l.handOver()
	}
}

// record adds the square of attribute i's value v to the first phase's
// moment estimate.
func (l *twoPhasedLearner) record(i int, v float64) {
	l.counts[i]++
	l.sums[i] += v * v
}

// handOver ends the first phase (line 10: A[i] = the mean of the squares
// seen of attribute i) and starts the second.
func (l *twoPhasedLearner) handOver() {
	d := len(l.counts)
	A := make([]float64, d)
	for i, c := range l.counts {
		if c > 0 {
			A[i] = l.sums[i] / c
		}
	}
	var from []float64
	if l.first != nil {
		from = make([]float64, d)
		l.first.Weights(from)
	}
	var err error
	if l.second, l.extra, err = l.start(A, from); err != nil {
		l.fail(fmt.Errorf("second phase: %w", err))
		return
	}
	if l.plain {
		l.second = plainLearner(l.second, d)
	}
	if u, ok := l.second.(unlearner); ok && l.track {
		u.trackUnlearned()
	}
}

// trackUnlearned makes the two phases one unlearner (priced fits): each
// phase that starts from w₁ or from the other's output records its moves.
func (l *twoPhasedLearner) trackUnlearned() {
	l.track = true
	if u, ok := l.first.(unlearner); ok {
		u.trackUnlearned()
	}
}

// unlearned lists the attributes that no phase moved, whose weight is still
// w₁'s: with a warm start, a weight the first phase learned and the second
// left alone is learned. A phase that cannot say keeps every weight.
func (l *twoPhasedLearner) unlearned() []int {
	var out []int
	for i, v := range l.w1 { // before any phase moved anything: w₁'s non-zero weights
		if v != 0 {
			out = append(out, i)
		}
	}
	for _, p := range []Learner{l.first, l.second} {
		if p == nil {
			continue
		}
		u, ok := p.(unlearner)
		if !ok {
			return nil
		}
		still := u.unlearned()
		out = slices.DeleteFunc(out, func(i int) bool { _, found := slices.BinarySearch(still, i); return !found })
	}
	return out
}

func (l *twoPhasedLearner) Weights(dst []float64) {
	switch {
	case l.second != nil:
		l.second.Weights(dst)
	case l.first != nil:
		l.first.Weights(dst)
	default:
		copy(dst, l.w1)
	}
}

func (l *twoPhasedLearner) Params() map[string]float64 {
	out := map[string]float64{"B": l.tp.B, "m1": float64(l.tp.m1), "delta": l.tp.delta}
	if l.tp.eps0 {
		out["eps0"] = 1
	}
	if l.tp.warm {
		out["warm"] = 1
	}
	if pr, ok := l.second.(ParamReporter); ok {
		for k, v := range pr.Params() {
			out[k] = v
		}
		for k, v := range l.extra {
			out[k] = v
		}
	}
	return out
}
