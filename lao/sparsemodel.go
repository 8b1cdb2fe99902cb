package lao

import (
	"fmt"
	"math"
	"slices"
)

// This file holds what the sparse solvers of Murata & Suzuki 2018 share
// (Exploration, Exploitation, Hybrid, and the competitors RDA and
// Dantzig): the hard thresholding operator H_s, the mini-batch schedule,
// the validation of the two budgets s' (attributes per example) and s
// (non-zero weights), and the prediction-time accounting of a fit.

const paperMS = "Murata & Suzuki, NeurIPS 2018"

// hardThreshold sets v to H_s(v), the projection onto s-sparse vectors
// (Murata & Suzuki 2018, Section 2.1): it keeps the s entries of largest
// |v_j| and zeroes the others. Ties are broken towards the smaller index,
// so the result is deterministic. order is scratch of length len(v). It
// returns the support of the result, sorted, in supp[:0].
func hardThreshold(v []float64, s int, order, supp []int) []int {
	supp = supp[:0]
	nz := 0
	for _, x := range v {
		if x != 0 {
			nz++
		}
	}
	if nz > s { // keep the s largest (O(d log s), not a sort of the non-zeros)
		keep := topS(v, s, order)
		k := 0
		for j := range v {
			if k < len(keep) && keep[k] == j {
				k++
				continue
			}
			v[j] = 0
		}
	}
	for j, x := range v {
		if x != 0 {
			supp = append(supp, j)
		}
	}
	return supp
}

// better reports whether coordinate a ranks before b for H_s: larger |w|,
// ties towards the smaller index.
func better(w []float64, a, b int) bool {
	x, y := math.Abs(w[a]), math.Abs(w[b])
	return x > y || (x == y && a < b)
}

// topS returns in dst[:0] the s coordinates of w that H_s keeps (largest
// |w_j|, ties towards the smaller index, zeros included if w has fewer than
// s non-zeros), in increasing order, in O(d log s) with a min-heap.
func topS(w []float64, s int, dst []int) []int {
	h := dst[:0]
	down := func(i int) {
		for {
			c := 2*i + 1
			if c >= len(h) {
				return
			}
			if c+1 < len(h) && better(w, h[c], h[c+1]) {
				c++ // the worse child
			}
			if !better(w, h[i], h[c]) {
				return
			}
			h[i], h[c] = h[c], h[i]
			i = c
		}
	}
	for j := range w {
		if len(h) < s {
			h = append(h, j)
			for i := len(h) - 1; i > 0; { // sift up: the worst on top
				p := (i - 1) / 2
				if !better(w, h[p], h[i]) {
					break
				}
				h[p], h[i] = h[i], h[p]
				i = p
			}
		} else if s > 0 && better(w, j, h[0]) {
			h[0] = j
			down(0)
		}
	}
	slices.Sort(h)
	return h
}

// HardThreshold returns H_s(v): a copy of v keeping its s entries of
// largest magnitude (ties towards the smaller index), the projection onto
// s-sparse vectors of Murata & Suzuki 2018. s ≤ 0 gives the zero vector.
func HardThreshold(v []float64, s int) []float64 {
	out := slices.Clone(v)
	hardThreshold(out, max(s, 0), make([]int, 0, len(v)), nil)
	return out
}

// Support returns the indices of the non-zero entries of w, increasing:
// the attributes a linear model reads at prediction time.
func Support(w []float64) []int {
	var s []int
	for j, v := range w {
		if v != 0 {
			s = append(s, j)
		}
	}
	return s
}

// maxBatch caps a geometrically growing mini-batch (it can never be
// filled by a real data set; the cap only prevents overflow).
const maxBatch = 1 << 40

// batchAt returns the mini-batch size ⌈b1·γⁿ⌉ after n growth steps (at
// most maxBatch).
func batchAt(b1 int, growth float64, n int) int {
	if growth == 1 || n == 0 {
		return b1
	}
	v := math.Ceil(float64(b1)*math.Pow(growth, float64(n)) - 1e-9)
	if v >= maxBatch || math.IsInf(v, 0) || math.IsNaN(v) {
		return maxBatch
	}
	return int(v)
}

// sparsity holds the resolved budgets of a sparse solver.
type sparsity struct {
	sp, s int // s' (attributes per example) and s (non-zero weights)
}

// resolveSparsity validates s' (k, field K) and s (field S) on d attributes:
// 1 ≤ s' ≤ d, and s defaults to ⌊s'/2⌋ (at least 1) and must satisfy
// 1 ≤ s ≤ s' − gap (gap = 1 for Exploration and Hybrid, whose Algorithms
// require s' > s; 2 for RDA and Dantzig, which spend s' − s ≥ 2 random
// reads on two independent probes).
func resolveSparsity(solver string, K, S, d, gap int) (sparsity, error) {
	if K < 1 {
		return sparsity{}, paramErr(solver, "k", "= %d: s', the attributes observed per example, must be at least 1 (it is the budget)", K)
	}
	if K > d {
		return sparsity{}, paramErr(solver, "k", "= %d: s' exceeds the number of attributes d = %d", K, d)
	}
	if K < gap+1 {
		return sparsity{}, paramErr(solver, "k", "= %d: %s needs k ≥ %d (s ≥ 1 attributes to predict from and s' − s ≥ %d to explore)", K, solver, gap+1, gap)
	}
	s := S
	if s == 0 {
		s = max(K/2, 1)
	}
	switch {
	case s < 1:
		return sparsity{}, paramErr(solver, "s", "= %d: the sparsity s must be at least 1", s)
	case s > d:
		return sparsity{}, paramErr(solver, "s", "= %d exceeds the number of attributes d = %d", s, d)
	case s > K-gap:
		return sparsity{}, paramErr(solver, "s", "= %d: need s ≤ s' − %d with s' = k = %d (s' − s attributes per example explore)", s, gap, K)
	}
	return sparsity{sp: K, s: s}, nil
}

// resolveBatch validates a mini-batch size (0: defBatch) and its growth
// factor (0: defaultGrowth; ≥ 1).
func resolveBatch(solver string, batch int, growth float64, defBatch int) (int, float64, error) {
	if batch == 0 {
		batch = defBatch
	}
	if batch < 1 {
		return 0, 0, paramErr(solver, "batch", "= %d: the mini-batch size must be at least 1", batch)
	}
	if growth == 0 {
		growth = defaultGrowth
	}
	if !(growth >= 1) || math.IsInf(growth, 0) {
		return 0, 0, paramErr(solver, "growth", "= %g: the mini-batch growth factor must be finite and at least 1", growth)
	}
	return batch, growth, nil
}

// checkEta validates a step size: 0 (the default, resolved by the
// learner), or positive and finite.
func checkEta(solver string, eta float64) error {
	if eta != 0 && (!(eta > 0) || math.IsInf(eta, 0)) {
		return paramErr(solver, "eta", "= %g: the step size must be positive and finite", eta)
	}
	return nil
}

// initialTheta validates θ0 (length d, finite) and returns H_s(θ0), or the
// zero vector if theta0 is nil.
func initialTheta(solver string, theta0 []float64, d, s int) ([]float64, error) {
	th := make([]float64, d)
	if theta0 == nil {
		return th, nil
	}
	if len(theta0) != d {
		return nil, paramErr(solver, "Theta0", "has length %d, want d = %d", len(theta0), d)
	}
	for j, v := range theta0 {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, paramErr(solver, "Theta0", "[%d] = %g is not finite", j, v)
		}
	}
	copy(th, theta0)
	hardThreshold(th, s, make([]int, 0, d), nil)
	return th, nil
}

// sparseBudget is the budget rule of the sparse solvers: s' distinct
// attributes per training example, and a model that predicts from at most
// s' attributes of a test example.
func sparseBudget(sp, s int) Budget {
	return Budget{PerExample: sp, Predict: sp,
		Rule: fmt.Sprintf("s' = %d per example; model s = %d-sparse, predicts from ≤ s' attributes", sp, s)}
}

// stepEstimate accumulates the squares of the attributes observed while a
// default step size is still unknown (the learners' first mini-batch).
type stepEstimate struct {
	sum float64
	n   int
}

func (e *stepEstimate) add(x float64) { e.sum += x * x; e.n++ }

// eta returns the default step 1/(2L̂) with L̂ = 2·m̂₂, m̂₂ the mean square
// of the observed attributes: Theorem 4.1's η = Θ(1/L_s) with L_s = 2·E[x_j²],
// the restricted smoothness of L(θ) = E(θ·x − y)² for uncorrelated
// attributes of equal variance (e.g. 1/4 for the paper's standard normal
// attributes). All-zero observations give 1/4.
func (e *stepEstimate) eta() float64 {
	if e.n == 0 || e.sum == 0 {
		return 0.25
	}
	return 1 / (4 * e.sum / float64(e.n))
}

// diverged is the failure of a sparse learner whose iterate is not finite
// after update t; hint says which parameter to change. Callers test
// allFinite first and format the hint only on failure (not on every
// update).
func diverged(t int, hint string) error {
	return fmt.Errorf("the iterate diverged at update %d: %s: %w", t, hint, ErrNotFinite)
}

// allFinite reports whether no entry of v is NaN or ±Inf.
func allFinite(v []float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// etaHint is diverged's hint for the step-size solvers.
func etaHint(eta float64, batch int) string {
	return fmt.Sprintf("the step size η = %g is too large, or the mini-batch B = %d too small, for these data "+
		"(Murata & Suzuki 2018, Theorem 4.1 needs η = Θ(1/L_s) and B_t = Õ(κ_s² s²))", eta, batch)
}

// DefaultBatch is the default first mini-batch ⌈s²/4⌉ of Exploration,
// Exploitation and Hybrid: the first term κ_s²(R²/L_s)²s² of Theorem 4.1's
// B_t with κ_s = 1 and R² the attributes' mean square, L_s = 2R² (the
// smoothness the default η assumes). Smaller first batches let the hard
// thresholding keep noise coordinates and the iterate blow up.
func DefaultBatch(s int) int { return max(1, (s*s+3)/4) }

// PredictionBudget returns the number of attributes of a test example the
// fitted model may read: Budget.Predict if the solver declares one
// (Murata & Suzuki 2018's s'), otherwise d.
func (r *Result) PredictionBudget() int {
	if r.Budget.Predict > 0 {
		return r.Budget.Predict
	}
	return len(r.W)
}

// checkPrediction verifies that a fit's output respects its prediction
// budget: a model with more non-zero weights than Budget.Predict could not
// predict through a handle with that budget.
func checkPrediction(name string, res *Result) error {
	if res.Budget.Predict > 0 && len(res.Support) > res.Budget.Predict {
		return fmt.Errorf("%s: the model has %d non-zero weights, more than its prediction budget %d: %w",
			name, len(res.Support), res.Budget.Predict, ErrBudgetExceeded)
	}
	return nil
}

// Evaluation is a linear model's test error measured through observation
// handles, with what the handles revealed.
type Evaluation struct {
	MSE float64 // mean of (w·x − y)² over the test rows
	// MeanAttributes and MaxAttributes are the distinct attributes
	// revealed per test row (the model's support, read through the handle).
	MeanAttributes float64
	MaxAttributes  int
}

// EvaluateBudgeted predicts every row of t (a dense Dataset or a
// SparseDataset) through a handle with the given budget (Predict) and
// returns the mean squared error and the attributes read per row. It fails
// with ErrBudgetExceeded if w needs more than budget attributes.
// BudgetedMSE is its MSE alone, for dense data.
func EvaluateBudgeted(w []float64, t Table, budget int) (Evaluation, error) {
	if t == nil || t.Len() == 0 {
		return Evaluation{}, fmt.Errorf("lao: EvaluateBudgeted: %w", ErrEmpty)
	}
	ex := NewExample(t.Dim())
	var ev Evaluation
	var seen int64
	for i := range t.Len() {
		t.lend(i, ex, budget)
		p, err := Predict(w, ex)
		if err != nil {
			return Evaluation{}, fmt.Errorf("test row %d: %w", i, err)
		}
		r := p - t.Label(i)
		ev.MSE += r * r
		seen += int64(ex.Observed())
		ev.MaxAttributes = max(ev.MaxAttributes, ex.Observed())
	}
	n := float64(t.Len())
	ev.MSE /= n
	ev.MeanAttributes = float64(seen) / n
	return ev, nil
}

// sparseEtaParam declares the constant step size η of Exploration,
// Exploitation and Hybrid: zero selects 1/(2L̂), estimated on the first
// mini-batch (stepEstimate); cross-validation searches sparseStepValues.
func sparseEtaParam(v *float64) Param {
	return FloatParam("eta", v, "constant step size η", &Tune{Values: sparseStepValues}).
		withDefault("1/(2L̂), L̂ = 2·mean square of the first mini-batch's attributes")
}

// batchParam declares a first mini-batch size, tuned over batchValues;
// zero selects def.
func batchParam(v *int, what, def string) Param {
	return Param{Name: "batch", Usage: what, Int: v, Tune: &Tune{Values: batchValues}}.withDefault(def)
}
