// Command costs measures priced against cost-blind sampling on the
// synthetic family of datasets.PricedModel (ours, docs/costs.md) and prints
// the markdown table of docs/results.md's "When attributes have prices":
//
//	go run ./cmd/bench/costs [-splits 5] [-m 20000]
//
// For each price ratio and each placement of the informative attributes
// (cheap or expensive) it runs AERR and AELR at k = 4, priced and
// cost-blind at the same cost budget (the worst case of k+1 draws), with
// B and η tuned by cross-validation on each training part (-cv 0: the
// theorems' steps),
// and reports the predicted gain, the cost at which the priced solver
// and the cost-blind one reach the larger of their two final test errors
// (first crossing of the mean curves, interpolated in log cost), and the
// cost-blind error at the priced one's total cost.
package main

import (
	"flag"
	"fmt"
	"log"
	"math"
	"os"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

func main() {
	splits := flag.Int("splits", 5, "seeded train/test splits")
	cv := flag.Int("cv", 3, "folds of cross-validation tuning B and eta on each training part (0: the theorems' steps)")
	m := flag.Int("m", 20000, "examples (10 % held out)")
	k := flag.Int("k", 4, "draws for x̃")
	flag.Parse()
	fmt.Println("| informative | price ratio r | solver | predicted gain at k (one draw) | target MSE ε | cost to reach ε: priced / cost-blind | measured cost ratio | cost-blind MSE at the priced total cost | priced final MSE | cost-blind final MSE |")
	fmt.Println("|---|---|---|---|---|---|---|---|---|---|")
	for _, exp := range []bool{false, true} {
		for _, r := range []float64{1, 4, 16, 100} {
			model := datasets.PricedModel{Ratio: r, InformativeExpensive: exp}
			if err := row(model, *m, *splits, *k, *cv); err != nil {
				log.Fatal(err)
			}
		}
	}
}

// row runs one configuration for AERR and AELR and prints two rows.
func row(model datasets.PricedModel, m, splits, k, cv int) error {
	ds, err := model.Sample(m, 7)
	if err != nil {
		return err
	}
	costs, _ := model.Costs()
	prep := func(s lao.Solver, seed uint64) (*frames.Prepared, error) {
		p, err := frames.PrepareTable(ds, frames.Options{}, 0.1, seed)
		if err != nil {
			return nil, err
		}
		p.Costs = costs
		return p, nil
	}
	place := "cheap"
	if model.InformativeExpensive {
		place = "expensive"
	}
	for _, name := range []string{"aerr", "aelr"} {
		entry := func(blind bool) experiments.CostEntry {
			return experiments.CostEntry{Label: fmt.Sprint(blind), New: func() (lao.Solver, error) {
				s, err := lao.New(name)
				if err != nil {
					return nil, err
				}
				return s, lao.SetParams(s, map[string]float64{"k": float64(k), "costblind": map[bool]float64{true: 1}[blind]})
			}}
		}
		curves, err := experiments.RunCosts(experiments.CostSpec{Prepare: prep, Entries: []experiments.CostEntry{entry(false), entry(true)},
			Splits: splits, Seed: 11, Points: 16, CVFolds: cv})
		if err != nil {
			return err
		}
		pr, bl := curves[0], curves[1]
		eps := max(pr.Final.MSE, bl.Final.MSE) // both curves reach it
		tp, _ := pr.CostToReach(eps)
		tb, _ := bl.CostToReach(eps)
		reach, ratio := fmt.Sprintf("%.3g / %.3g", tp, tb), fmt.Sprintf("%.2f", tb/tp)
		at := "—"
		if v, ok := bl.MSEAtCost(pr.Final.Cost); ok {
			at = fmt.Sprintf("%.4f", v)
		}
		fmt.Printf("| %s | %g | %s | %s | %.4g | %s | %s | %s | %.4f ± %.4f | %.4f ± %.4f |\n", place, model.Ratio, name,
			predicted(name, costs, k), eps, reach, ratio, at, pr.Final.MSE, pr.Final.MSESD, bl.Final.MSE, bl.Final.MSESD)
	}
	return nil
}

// predicted returns the predicted gain at k and of one draw: for AERR the
// uniform draw against q ∝ 1/√c on the family's equal moments, the
// inner-product draw at the mean price; for AELR 1 (its x̃ draw keeps
// the uniform q, ours/c4).
func predicted(name string, costs []float64, k int) string {
	if name == "aelr" {
		return "1 (x̃ unchanged)"
	}
	d := len(costs)
	mom, inv := make([]float64, d), make([]float64, d)
	var cin float64
	for j, c := range costs {
		mom[j], inv[j] = 1, 1/math.Sqrt(c)
		cin += c / float64(d)
	}
	Sb, cb, _ := lao.SecondMomentAndCost(mom, mom, costs)
	Sa, ca, _ := lao.SecondMomentAndCost(mom, inv, costs)
	return fmt.Sprintf("%.2f (%.2f)", lao.PricedGainAtK(k, Sb, cb, Sa, ca, cin), Sb*cb/(Sa*ca))
}

func init() { log.SetOutput(os.Stderr) }
