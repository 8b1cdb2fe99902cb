package experiments

import (
	"math"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// A cost comparison on the priced family: the curves' costs grow, every
// example stays within the budget, and the priced draws spend less per
// example than the cost-blind ones at the same budget (the x̃ draws'
// expected price is 3.4 against 20.8 for these prices; the inner-product
// draw p ∝ w² is not priced and follows the iterate. Measured: 64 against
// 95 per example, over 4,800 examples whose spends have a standard
// deviation below 100, so the standard error of each mean is under 1.5).
func TestRunCostsPricedFamily(t *testing.T) {
	model := datasets.PricedModel{D: 20}
	ds, err := model.Sample(3000, 1)
	if err != nil {
		t.Fatal(err)
	}
	costs, _ := model.Costs()
	var prices []frames.ColumnPrice
	for j, n := range ds.Names() {
		prices = append(prices, frames.ColumnPrice{Column: n, Cost: costs[j], Where: "test"})
	}
	prep := func(s lao.Solver, seed uint64) (*frames.Prepared, error) {
		p, err := frames.PrepareTable(ds, frames.Options{}, 0.2, seed)
		if err != nil {
			return nil, err
		}
		p.Costs, _, err = frames.PricesFor(p.Train.Names(), prices, nil, "")
		return p, err
	}
	entry := func(label string, blind bool) CostEntry {
		return CostEntry{Label: label, New: func() (lao.Solver, error) {
			return &lao.AERR{K: 4, Prices: lao.Prices{CostBudget: 500, CostBlind: blind}}, nil
		}}
	}
	curves, err := RunCosts(CostSpec{Prepare: prep, Entries: []CostEntry{entry("priced", false), entry("blind", true)}, Splits: 2, Seed: 3, Points: 6})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range curves {
		for i := 1; i < len(c.Points); i++ {
			if c.Points[i].Cost < c.Points[i-1].Cost {
				t.Errorf("%s: cost decreases at point %d", c.Label, i)
			}
		}
		if c.Final.CostPerStep > 500 || c.CostBudget != 500 || c.K != 4 {
			t.Errorf("%s: %g per example, budget %g, k %d", c.Label, c.Final.CostPerStep, c.CostBudget, c.K)
		}
	}
	if p, b := curves[0].Final.CostPerStep, curves[1].Final.CostPerStep; !(p+10 < b) {
		t.Errorf("priced draws cost %g per example, cost-blind %g", p, b)
	}
}

// CostToReach and MSEAtCost interpolate in log cost.
func TestCostCurveInterpolation(t *testing.T) {
	c := CostCurve{Points: []CostPoint{{Cost: 10, MSE: 4}, {Cost: 100, MSE: 2}, {Cost: 1000, MSE: 1}}}
	if v, ok := c.CostToReach(3); !ok || math.Abs(v-math.Sqrt(1000)) > 1e-9 {
		t.Errorf("CostToReach(3) = %g, %v; want √1000", v, ok)
	}
	if _, ok := c.CostToReach(0.5); ok {
		t.Error("CostToReach below the curve reported reached")
	}
	if v, ok := c.MSEAtCost(math.Sqrt(10 * 100)); !ok || math.Abs(v-3) > 1e-9 {
		t.Errorf("MSEAtCost(√1000) = %g, %v", v, ok)
	}
	if _, ok := c.MSEAtCost(5000); ok {
		t.Error("MSEAtCost beyond the curve reported a value")
	}
}
