package lao

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao/internal/observe"
)

// costSlack is the handle's relative slack on a cost budget.
const costSlack = observe.CostSlack

// This file holds what every priced solver shares: the prices of the
// attributes, the cost budgets, their validation and their accounting.
// Prices are ours (this module's extension of the LAO protocol; none of the
// four papers prices attributes): see docs/costs.md for the derivation of
// the sampling distributions and the theorem registry's "ours/..." entries.

// Prices are the attributes' prices and the cost budgets of a priced
// solver (AERR, DDAERR, AELR, DDAELR, ScreenRidge and Hybrid embed them).
// With Costs nil the solver is the paper's; with every price equal it
// makes exactly the draws of the paper's solver (identical iterates), and
// only the accounting is in prices.
type Prices struct {
	// Costs[j] is attribute j's price c_j (length d, positive and finite).
	// Nil means no prices: the solver is the paper's and CostBudget and
	// PredictCostBudget must be 0. Supply it with SetCosts
	// (frames.WithPrices does from a table's column names).
	Costs []float64
	// CostBudget is C, the hard per-example cost budget the observation
	// handle enforces: a read that would take an example's spend above C is
	// refused. If CostBudget is 0, the worst case of the solver's draws
	// (e.g. the k+1 most expensive attributes for AERR) is used; with K = 0
	// the solver then derives k from C (the most draws whose worst case
	// fits).
	CostBudget float64
	// PredictCostBudget is C', the prediction-time cost budget: the fitted
	// model may read attributes costing at most C' in total from a test
	// example. A model that needs more is refused. Hybrid and ScreenRidge
	// choose their support within it; for the dense solvers it is a check.
	// If PredictCostBudget is 0, there is none.
	PredictCostBudget float64
	// CostBlind makes the solver sample as if every price were equal (the
	// paper's draws) while the handle still charges the real prices and
	// enforces the same cost budget: the cost-blind reference at the same
	// cost. Off, the draws are priced (docs/costs.md).
	CostBlind bool
	// Names are the attributes' names, for messages (frames.WithPrices sets
	// them from the table's columns); nil: attributes are named by index.
	Names []string
}

// PriceUser is implemented by the priced solvers (through their embedded
// Prices). NeedsCosts reports whether the prices are still missing;
// SetCosts supplies them.
type PriceUser interface {
	NeedsCosts() bool
	SetCosts(c []float64)
	PricesOf() *Prices
}

// NeedsCosts reports whether the prices are still missing.
func (p *Prices) NeedsCosts() bool { return p.Costs == nil }

// SetCosts supplies the attributes' prices.
func (p *Prices) SetCosts(c []float64) { p.Costs = c }

// PricesOf returns the solver's prices and budgets.
func (p *Prices) PricesOf() *Prices { return p }

// priceParams declares the cost budgets and the cost-blind switch; what
// says what the cost budget pays for ("the k+1 draws", ...).
func (p *Prices) priceParams(what string) []Param {
	return []Param{
		FloatParam("costbudget", &p.CostBudget, "C, hard cost budget per training example, paying for "+what+" (needs prices)", nil).
			withDefault("the worst case of the solver's draws"),
		FloatParam("predictcostbudget", &p.PredictCostBudget, "C', cost budget of the model's support at prediction time (needs prices); 0: none", nil),
		BoolParam("costblind", &p.CostBlind, "sample as if every price were equal (the cost-blind reference at the same budget); off: priced draws (ours)"),
	}
}

// CheckCosts validates prices for d attributes: length d, every price
// positive and finite, and their sum at most MaxPriceSum, so that the costs
// of up to 10¹⁸ examples add up without overflow. The error names the
// first bad attribute by index.
func CheckCosts(costs []float64, d int) error {
	if msg, sentinel := costsProblem(costs, d); msg != "" {
		return fmt.Errorf("lao: %s: %w", msg, sentinel)
	}
	return nil
}

// costsProblem says what is wrong with prices for d attributes (CheckCosts),
// with the sentinel error it belongs to, or "" if nothing is.
func costsProblem(costs []float64, d int) (string, error) {
	if len(costs) != d {
		return fmt.Sprintf("%d prices for %d attributes", len(costs), d), ErrShape
	}
	var sum float64
	for j, c := range costs {
		if !(c > 0) || math.IsInf(c, 0) {
			return fmt.Sprintf("the price of attribute %d is %g; prices must be positive and finite", j, c), ErrParam
		}
		sum += c
	}
	if !(sum <= MaxPriceSum) {
		return fmt.Sprintf("the prices sum to %g, above %g: the costs of many examples would overflow; express them in a larger unit", sum, MaxPriceSum), ErrParam
	}
	return "", nil
}

// MaxPriceSum bounds the sum of the prices of a table's attributes.
const MaxPriceSum = 1e290

// check validates the prices and budgets against d (solver names the
// solver in errors). Without prices, a cost budget is an error.
func (p *Prices) check(solver string, d int) error {
	for _, b := range []struct {
		name string
		v    float64
	}{{"costbudget", p.CostBudget}, {"predictcostbudget", p.PredictCostBudget}} {
		if math.IsNaN(b.v) || math.IsInf(b.v, 0) || b.v < 0 {
			return paramErr(solver, b.name, "= %g must be positive and finite (or 0)", b.v)
		}
		if b.v > 0 && p.Costs == nil {
			return paramErr(solver, b.name, "= %g needs the attributes' prices (Costs; --costs or --cost on the command line)", b.v)
		}
	}
	if p.Costs == nil {
		return nil
	}
	if msg, _ := costsProblem(p.Costs, d); msg != "" {
		return paramErr(solver, "costs", "(Costs): %s", msg)
	}
	cheapest := slices.Min(p.Costs)
	if p.CostBudget > 0 && p.CostBudget < cheapest {
		return paramErr(solver, "costbudget", "= %g is below the cheapest attribute's price %g: no attribute can be read", p.CostBudget, cheapest)
	}
	if p.PredictCostBudget > 0 && p.PredictCostBudget < cheapest {
		return paramErr(solver, "predictcostbudget", "= %g is below the cheapest attribute's price %g: the model could use no attribute", p.PredictCostBudget, cheapest)
	}
	return nil
}

// priced reports whether the draws use the prices: prices given, not
// cost-blind, and not all equal (equal prices give the paper's draws
// exactly, so the paper's code path runs).
func (p *Prices) priced() bool {
	return p.Costs != nil && !p.CostBlind && !equalPrices(p.Costs)
}

// equalPrices reports whether every price is the same.
func equalPrices(c []float64) bool {
	for _, v := range c {
		if v != c[0] {
			return false
		}
	}
	return true
}

// rootPrices returns 1/√c_j, the factor prices put into an optimal
// sampling distribution (q_j ∝ √(E[x_j²]/c_j)).
func rootPrices(c []float64) []float64 {
	f := make([]float64, len(c))
	for j, v := range c {
		f[j] = 1 / math.Sqrt(v)
	}
	return f
}

// WorstCaseCost returns the largest spend of n distinct attributes: the
// sum of the n largest prices (all of them if n ≥ len(costs)). Draws with
// replacement re-read repeated attributes for free, so n draws never cost
// more.
func WorstCaseCost(costs []float64, n int) float64 {
	s := slices.Clone(costs)
	slices.Sort(s)
	var w float64
	for i := len(s) - 1; i >= 0 && i >= len(s)-n; i-- {
		w += s[i]
	}
	return w
}

// fitsBudget reports whether a spend fits a cost budget with the handle's
// slack (observe.CostSlack): what the solver plans is what the handle
// allows.
func fitsBudget(spend, budget float64) bool {
	return spend <= budget*(1+costSlack)
}

// resolveDraws resolves k and the cost budget of a solver that reads at
// most n(k) distinct attributes per example (n = k+1 for the AERR/AELR
// family): with prices and K = 0, k is the largest in [1, d] whose worst
// case fits CostBudget; with K > 0, its worst case must fit; with
// CostBudget = 0 the budget is that worst case.
func (p *Prices) resolveDraws(solver string, k, d int, n func(int) int) (int, float64, error) {
	if p.Costs == nil || (k > 0 && p.CostBudget == 0) {
		if err := checkK(solver, k, d); err != nil {
			return 0, 0, err
		}
		if p.Costs == nil {
			return k, 0, nil
		}
		return k, WorstCaseCost(p.Costs, n(k)), nil
	}
	largest := d // the largest k whose worst case the budget pays for (0: none)
	for ; largest >= 1 && !fitsBudget(WorstCaseCost(p.Costs, n(largest)), p.CostBudget); largest-- {
	}
	if largest == 0 {
		return 0, 0, paramErr(solver, "costbudget", "= %g cannot pay for one draw in the worst case: %d attributes cost %s; raise it to %g or drop the expensive columns",
			p.CostBudget, n(1), p.mostExpensive(n(1)), WorstCaseCost(p.Costs, n(1)))
	}
	if k == 0 {
		return largest, p.CostBudget, nil
	}
	if err := checkK(solver, k, d); err != nil {
		return 0, 0, err
	}
	if w := WorstCaseCost(p.Costs, n(k)); !fitsBudget(w, p.CostBudget) {
		return 0, 0, paramErr(solver, "costbudget", "= %g is below the worst case of k = %d: %d attributes can cost %g (%s); lower k to %d, or set k = 0 (on the command line: leave --k out) to take the largest k the budget pays for",
			p.CostBudget, k, n(k), w, p.mostExpensive(n(k)), largest)
	}
	return k, p.CostBudget, nil
}

// drawsK is the k a solver that reads n(k) attributes per example runs
// with, for the centres of its CV grids: K, or with K = 0 and a cost budget
// the largest k the budget pays for (resolveDraws); K when that fails (the
// solver's Start then says why).
func (p *Prices) drawsK(K, d int, n func(int) int) int {
	if k, _, err := p.resolveDraws("", K, d, n); err == nil {
		return k
	}
	return K
}

// attrName names attribute j in messages: its name in quotes, or
// "attribute j" without Names.
func (p *Prices) attrName(j int) string {
	if len(p.Names) == len(p.Costs) && j < len(p.Names) {
		return strconv.Quote(p.Names[j])
	}
	return fmt.Sprintf("attribute %d", j)
}

// mostExpensive lists the n most expensive attributes as "name (c_j), ..."
// (or "attribute j (c_j)" without Names).
func (p *Prices) mostExpensive(n int) string {
	costs := p.Costs
	idx := make([]int, len(costs))
	for j := range idx {
		idx[j] = j
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(costs[b], costs[a]) }) // decreasing; ties keep index order
	parts := make([]string, 0, n)
	for _, j := range idx[:min(n, len(idx))] {
		parts = append(parts, fmt.Sprintf("%s (%g)", p.attrName(j), costs[j]))
	}
	return strings.Join(parts, ", ")
}

// budget adds the prices and cost budgets to a solver's count budget b:
// the hard cost budget C and the prediction-time budget (none if p is nil
// or has no prices).
func (p *Prices) budget(b Budget, cost float64) Budget {
	if p == nil || p.Costs == nil {
		return b
	}
	b.Costs, b.Cost, b.PredictCost = p.Costs, cost, p.PredictCostBudget
	b.Rule += fmt.Sprintf("; cost ≤ %g per example", cost)
	if p.PredictCostBudget > 0 {
		b.Rule += fmt.Sprintf(", model's support ≤ %g", p.PredictCostBudget)
	}
	return b
}

// fitPrices returns the prices a fit is charged at: the solver's own
// (budget.Costs) or opt, which must agree if both are given.
func fitPrices(solver string, b Budget, opt []float64, d int) ([]float64, error) {
	if opt != nil {
		if err := CheckCosts(opt, d); err != nil {
			return nil, fmt.Errorf("%s: Options.Costs: %w", solver, err)
		}
	}
	switch {
	case b.Costs == nil:
		return opt, nil
	case opt != nil && !slices.Equal(opt, b.Costs):
		return nil, fmt.Errorf("%s: Options.Costs differ from the solver's own prices: %w", solver, ErrParam)
	}
	return b.Costs, nil
}

// attributeCosts returns counts[i]·costs[i] (nil without prices).
func attributeCosts(counts []int64, costs []float64) []float64 {
	if costs == nil {
		return nil
	}
	out := make([]float64, len(counts))
	for i, n := range counts {
		out[i] = float64(n) * costs[i]
	}
	return out
}

// SupportCost returns the total price of the attributes where w is
// non-zero: what predicting with w costs per test example.
func SupportCost(w, costs []float64) float64 {
	var s float64
	for j, v := range w {
		if v != 0 {
			s += costs[j]
		}
	}
	return s
}

// checkPredictionCost verifies that a fit's output respects its
// prediction-time cost budget.
func checkPredictionCost(name string, res *Result) error {
	b := res.Budget.PredictCost
	if b <= 0 || res.Costs == nil {
		return nil
	}
	if c := SupportCost(res.W, res.Costs); !fitsBudget(c, b) {
		return fmt.Errorf("%s: the model's %d non-zero weights cost %g per test example, more than its prediction cost budget %g: %w",
			name, len(res.Support), c, b, ErrBudgetExceeded)
	}
	return nil
}

// MeanCostPerExample returns CostSpent / Examples.
func (r *Result) MeanCostPerExample() float64 {
	if r.Examples == 0 {
		return 0
	}
	return r.CostSpent / float64(r.Examples)
}

// PredictionCostBudget returns the prediction-time cost budget C' the
// model was fitted for (0: none).
func (r *Result) PredictionCostBudget() float64 { return r.Budget.PredictCost }

// kPlusOneCount is the AERR/AELR family's distinct attributes per example,
// min(k+1, d), as a function of k.
func kPlusOneCount(d int) func(int) int {
	return func(k int) int { return min(k+1, d) }
}

// meanOf returns the mean of v.
func meanOf(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s / float64(len(v))
}

// DerivesK reports whether s, given a cost budget and K = 0, takes the
// largest k the budget pays for (AERR, DDAERR, AELR, DDAELR: k+1 draws;
// screen-ridge: no count limit but the budget's). Hybrid keeps its counts
// s' and s beside the cost budgets.
func DerivesK(s Solver) bool {
	switch s.(type) {
	case *AERR, *DDAERR, *AELR, *DDAELR, *ScreenRidge:
		return true
	}
	return false
}
