package lowerbound

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/laoproject/lao/lao"
)

// Active is a prediction-on-a-budget instance: x uniform on {±1}^d and
// y = w*·x exactly, so L_D(w*) = 0 for the loss (w·x − y)², yet any
// predictor that reads only k_t attributes of a test example (a "k_t-active"
// predictor, which may choose each attribute after seeing the previous ones)
// has risk at least Floor(k_t): the unread attributes are fair signs
// independent of everything it saw, so E(ŷ − y)² ≥ Σ_{i unread} w*_i².
//
//   - NewActiveL2(d): w* = (1/√d, …, 1/√d), ||w*||₂ = 1, floor 1 − k_t/d
//     (Cesa-Bianchi, Shalev-Shwartz & Shamir, JMLR 2011, Theorem 2).
//   - NewActiveL1(d, s): w* = 1/s on s = ck attributes, ||w*||₁ = 1, floor
//     (s − k_t)/s² = (1 − 1/c)/(ck) at k_t = k (JMLR 2011, Theorem 3).
//   - NewCSSTheorem4(): d = s = 3, floor 1/9 with 2 attributes (ICML 2010,
//     Theorem 4: c = 3/2, k = 2).
//
// Training is not the obstacle: with k = 2 attributes per training example
// the learners converge to w* (ICML 2010 §1.1); predicting is.
type Active struct {
	d, s int
	l2   bool
	w    []float64
	name string // set by NewCSSTheorem4; else Name derives it
}

// NewActiveL2 returns the instance of JMLR 2011, Theorem 2 (d ≥ 1).
func NewActiveL2(d int) (*Active, error) {
	if d < 1 {
		return nil, paramErr("NewActiveL2", "d", "= %d must be at least 1", d)
	}
	a := &Active{d: d, s: d, l2: true, w: make([]float64, d)}
	for i := range a.w {
		a.w[i] = 1 / math.Sqrt(float64(d))
	}
	return a, nil
}

// NewActiveL1 returns the instance of JMLR 2011, Theorem 3, with s = ck
// non-zero weights 1/s (1 ≤ s ≤ d).
func NewActiveL1(d, s int) (*Active, error) {
	switch {
	case d < 1:
		return nil, paramErr("NewActiveL1", "d", "= %d must be at least 1", d)
	case s < 1 || s > d:
		return nil, paramErr("NewActiveL1", "s", "= %d must be in [1, d = %d]", s, d)
	}
	a := &Active{d: d, s: s, w: make([]float64, d)}
	for i := range s {
		a.w[i] = 1 / float64(s)
	}
	return a, nil
}

// NewCSSTheorem4 returns the instance of Cesa-Bianchi et al. 2010,
// Theorem 4: d = 3, y = (x₁ + x₂ + x₃)/3, floor 1/9 with 2 attributes.
func NewCSSTheorem4() *Active {
	a, _ := NewActiveL1(3, 3)
	a.name = "Cesa-Bianchi et al. 2010, Th. 4 (d = 3: the journal's Th. 3 with s = ||w*||₀ = 3 weights 1/3)"
	return a
}

// Name identifies the instance by the theorem of Cesa-Bianchi et al.'s
// journal version (2011) it builds.
func (a *Active) Name() string {
	if a.name != "" {
		return a.name
	}
	if a.l2 {
		return fmt.Sprintf("Cesa-Bianchi et al. 2011, Th. 2 (l2), d = %d", a.d)
	}
	return fmt.Sprintf("Cesa-Bianchi et al. 2011, Th. 3 (l1), d = %d, s = ||w*||₀ = %d", a.d, a.s)
}

// Dim is d.
func (a *Active) Dim() int { return a.d }

// Loss is (w·x − y)².
func (a *Active) Loss() Loss { return Squared }

// WStar returns a copy of w*.
func (a *Active) WStar() []float64 { return slices.Clone(a.w) }

// Risk is ||w − w*||₂² (E[xxᵀ] = I and y = w*·x).
func (a *Active) Risk(w []float64) float64 {
	if len(w) != a.d {
		return math.NaN()
	}
	return sqDist(w, a.w)
}

// RiskStar is 0.
func (a *Active) RiskStar() float64 { return 0 }

// Excess is Risk(w).
func (a *Active) Excess(w []float64) float64 { return a.Risk(w) }

// Source draws m examples: x uniform signs, y = w*·x.
func (a *Active) Source(m int, seed uint64) lao.Source {
	return newStream(a.d, m, seed, func(rng *rand.Rand, row []float64) float64 {
		randomSigns(rng, row, 1)
		var y float64
		for i, v := range a.w {
			y += v * row[i]
		}
		return y
	})
}

// Floor is the theorems' floor on the risk of any k_t-active predictor:
// the sum of the d − k_t smallest w*_i² (1 − k_t/d for NewActiveL2,
// (s − k_t)/s² for NewActiveL1 when k_t < s, 0 once k_t covers the
// support). Negative k_t counts as 0.
func (a *Active) Floor(kt int) float64 {
	sq := make([]float64, a.d)
	for i, v := range a.w {
		sq[i] = v * v
	}
	slices.Sort(sq)
	var s float64
	for _, v := range sq[:max(a.d-max(kt, 0), 0)] {
		s += v
	}
	return s
}

// BudgetedRisk is the risk of using a learned w on a budget of k_t test
// attributes: read the k_t attributes with the largest |w_i| and predict
// Σ_{i read} w_i·x_i. It is Σ_{read}(w_i − w*_i)² + Σ_{unread} w*_i² ≥
// Floor(k_t), however good w is.
func (a *Active) BudgetedRisk(w []float64, kt int) float64 {
	if len(w) != a.d {
		return math.NaN()
	}
	idx := make([]int, a.d)
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		switch ai, aj := math.Abs(w[i]), math.Abs(w[j]); {
		case ai > aj:
			return -1
		case ai < aj:
			return 1
		}
		return 0
	})
	var r float64
	for rank, i := range idx {
		if rank < kt {
			e := w[i] - a.w[i]
			r += e * e
		} else {
			r += a.w[i] * a.w[i]
		}
	}
	return r
}

// MaxExhaustiveD is the largest d BestActiveRisk enumerates.
const MaxExhaustiveD = 12

// BestActiveRisk is the smallest risk of any k_t-active predictor,
// computed exhaustively: every adaptive policy (which attribute to read
// next, given the values read so far) and, at each leaf, the best
// prediction (the conditional mean of y), with the conditional risk
// computed by enumerating all completions of the unread attributes. It does
// not use the independence argument of the proofs, so it checks Floor
// independently. d must be at most MaxExhaustiveD, and 0 ≤ k_t ≤ d.
func (a *Active) BestActiveRisk(kt int) (float64, error) {
	switch {
	case a.d > MaxExhaustiveD:
		return 0, paramErr("BestActiveRisk", "d", "= %d: exhaustive search is limited to d ≤ %d", a.d, MaxExhaustiveD)
	case kt < 0 || kt > a.d:
		return 0, paramErr("BestActiveRisk", "kt", "= %d must be in [0, d = %d]", kt, a.d)
	}
	memo := map[uint32]float64{}
	var best func(read, vals uint32, depth int) float64
	best = func(read, vals uint32, depth int) float64 {
		key := read<<16 | vals
		if v, ok := memo[key]; ok {
			return v
		}
		var v float64
		if depth == kt {
			v = a.leafRisk(read, vals)
		} else {
			v = math.Inf(1)
			for i := range a.d {
				bit := uint32(1) << i
				if read&bit != 0 {
					continue
				}
				// x_i = −1 (bit clear) and +1 (bit set), each with probability ½
				e := 0.5*best(read|bit, vals, depth+1) + 0.5*best(read|bit, vals|bit, depth+1)
				v = min(v, e)
			}
		}
		memo[key] = v
		return v
	}
	return best(0, 0, 0), nil
}

// leafRisk is E[(E[y | seen] − y)² | seen]: y's variance over the 2^(d−|read|)
// equally likely completions of the unread attributes.
func (a *Active) leafRisk(read, vals uint32) float64 {
	pos := make([]int, a.d) // the bit of completion c that holds unread attribute i
	nfree := 0
	for i := range a.d {
		if read&(1<<i) == 0 {
			pos[i] = nfree
			nfree++
		}
	}
	n := 1 << nfree
	var sum, sq float64
	for c := range n {
		var y float64
		for i := range a.d {
			bit := uint32(1) << i
			var on bool
			if read&bit != 0 {
				on = vals&bit != 0
			} else {
				on = c&(1<<pos[i]) != 0
			}
			if on {
				y += a.w[i]
			} else {
				y -= a.w[i]
			}
		}
		sum += y
		sq += y * y
	}
	mean := sum / float64(n)
	return max(sq/float64(n)-mean*mean, 0)
}
