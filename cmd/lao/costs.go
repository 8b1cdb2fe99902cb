package main

import (
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"text/tabwriter"

	"gonum.org/v1/gonum/floats"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// costFlags are the prices of the attributes and the cost budgets (ours,
// docs/costs.md): --costs FILE.csv, --cost name=price,..., --cost-budget C
// and --predict-cost-budget C'.
type costFlags struct {
	file, list      string
	budget, predict float64
	fs              *flag.FlagSet // to tell a budget typed as 0 from none
}

func (c *costFlags) define(fs *flag.FlagSet) {
	c.fs = fs
	fs.StringVar(&c.file, "costs", "", "CSV of the attributes' prices: two columns, column name and price (a header line is skipped); every feature column needs one")
	fs.Var(listFlag{&c.list}, "cost", "attributes' prices as `name=price,...` (repeatable: the lists add up; with --costs: more prices; a column may be priced once)")
	fs.Float64Var(&c.budget, "cost-budget", 0, "C: hard cost budget per training example, enforced by the observation handle (needs prices; priced solvers then take the largest k it pays for unless --k is given; leave it out for none: 0 is refused)")
	fs.Float64Var(&c.predict, "predict-cost-budget", 0, "C': cost budget of the model's columns at prediction time (needs prices; hybrid and screen-ridge choose their columns within it, other models must fit in it; leave it out for none: 0 is refused)")
}

// given reports whether prices were given.
func (c *costFlags) given() bool { return c.file != "" || c.list != "" }

// check validates the flags on their own.
func (c *costFlags) check(cmd string) error {
	for _, b := range []struct {
		name string
		v    float64
	}{{"--cost-budget", c.budget}, {"--predict-cost-budget", c.predict}} {
		if math.IsNaN(b.v) || math.IsInf(b.v, 0) || b.v < 0 {
			return fmt.Errorf("%s: %s %g must be positive and finite", cmd, b.name, b.v)
		}
		if b.v == 0 && flagGiven(c.fs, b.name[2:]) {
			return fmt.Errorf("%s: %s 0 pays for nothing: give a positive budget, or leave the flag out for none", cmd, b.name)
		}
		if b.v > 0 && !c.given() {
			return fmt.Errorf("%s: %s needs the attributes' prices (--costs FILE.csv or --cost name=price,...)", cmd, b.name)
		}
	}
	return nil
}

// flagGiven reports whether flag name was set on the command line.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	if fs != nil {
		fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	}
	return given
}

// prices reads --costs and --cost.
func (c *costFlags) prices() ([]frames.ColumnPrice, error) {
	var out []frames.ColumnPrice
	if c.file != "" {
		f, err := os.Open(c.file)
		if err != nil {
			return nil, fmt.Errorf("--costs: %w", err)
		}
		defer f.Close()
		if out, err = frames.ReadCosts(f, c.file); err != nil {
			return nil, err
		}
	}
	if c.list != "" {
		more, err := frames.ParseCosts(c.list, "--cost")
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// apply sets the prices on the prepared split (by column name) and the
// cost budgets on s; kGiven says whether --k was given (without it, a
// solver that can derive k from a cost budget does). It returns notes
// (prices of unused columns) and s with its prices.
func (c *costFlags) apply(p *prepared, data string, s lao.Solver, kGiven bool) (lao.Solver, []string, error) {
	if !c.given() {
		for _, name := range []string{"costblind", "costbudget", "predictcostbudget"} {
			if q, err := lao.FindParam(s, name); err == nil && q.Get() != 0 {
				return nil, nil, fmt.Errorf("--param %s=%g needs the attributes' prices: give them with --costs FILE or --cost name=price,...", name, q.Get())
			}
		}
		return s, nil, nil
	}
	if p.Data == nil {
		return nil, nil, c.noNames(data)
	}
	pr, err := c.prices()
	if err != nil {
		return nil, nil, err
	}
	notes, err := p.SetPrices(pr)
	if err != nil {
		return nil, nil, err
	}
	for _, b := range []struct {
		flag, param string
		v           float64
	}{{"--cost-budget", "costbudget", c.budget}, {"--predict-cost-budget", "predictcostbudget", c.predict}} {
		if b.v == 0 {
			continue
		}
		q, err := lao.FindParam(s, b.param)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %s has no cost budget; the priced solvers are aerr, ddaerr, aelr, ddaelr, screen-ridge and hybrid", b.flag, s.Name())
		}
		if set := q.Get(); set != 0 && set != b.v { // --param name=… given too
			return nil, nil, fmt.Errorf("%s %g and --param %s=%g disagree: give the budget once", b.flag, b.v, b.param, set)
		}
		if err := q.Set(b.v); err != nil {
			return nil, nil, err
		}
	}
	if c.budget > 0 && !kGiven && lao.DerivesK(s) {
		if q, err := lao.FindParam(s, "k"); err == nil {
			_ = q.Set(0) // the largest k the budget pays for
		}
	}
	if all, over := denseOverBudget(s, p.Costs, c.predict); over {
		return nil, nil, fmt.Errorf("--predict-cost-budget %g: %s's model may have a weight on every column, which together cost %g to read at prediction (a priced fit leaves out only the columns no gradient step drew, which a budget cannot count on): use screen-ridge or hybrid, which choose their columns within it, or raise it to %g",
			c.predict, s.Name(), all, all)
	}
	return frames.WithPrices(s, p.Costs, p.Train.Names()), notes, nil
}

// noNames is the error for prices given with data whose attributes have
// no column names (a libsvm/svmlight file, a named data set).
func (c *costFlags) noNames(data string) error {
	flag := "--costs"
	if c.file == "" {
		flag = "--cost"
	}
	return fmt.Errorf("%s: prices are matched to attributes by column name, from a table with a header (CSV, SQLite); %s has no column names to match", flag, data)
}

// denseOverBudget reports whether s's model, which reads every column
// unless s chooses its support (choosesSupport), costs more to read at
// prediction than the budget predict (0: none), and what all columns cost.
func denseOverBudget(s lao.Solver, costs []float64, predict float64) (all float64, over bool) {
	all = floats.Sum(costs)
	return all, predict > 0 && all > predict && !choosesSupport(s)
}

// choosesSupport reports whether s picks the columns its model reads within
// a prediction cost budget (the others' weights are dense: AERR, AELR and
// their data-dependent versions start from non-zero weights everywhere).
func choosesSupport(s lao.Solver) bool {
	switch s.(type) {
	case *lao.ScreenRidge, *lao.Hybrid:
		return true
	}
	return false
}

// CostReport is what `lao fit --json` adds with prices.
type CostReport struct {
	Costs      map[string]float64 `json:"costs,omitempty"`
	CostBudget float64            `json:"cost_budget,omitempty"` // given (--cost-budget); omitted for none
	// WorstCostPer is, without a cost budget, the most one example's draws
	// can cost (the k+1 dearest attributes for AERR): a bound, not a budget.
	WorstCostPer   float64            `json:"worst_case_cost_per_example,omitempty"`
	PredictBudget  float64            `json:"predict_cost_budget,omitempty"`
	CostSpent      float64            `json:"cost_spent,omitempty"`
	MaxCostPer     float64            `json:"max_cost_per_example,omitempty"`
	MeanCostPer    float64            `json:"mean_cost_per_example,omitempty"`
	AttributeCosts map[string]float64 `json:"attribute_costs,omitempty"`
	TestCostPer    float64            `json:"test_cost_per_example,omitempty"`
}

// newCostReport fills the cost fields from a fit of s (nil without
// prices); a cost budget is reported as one only if s was given it, or
// the command line (given, --cost-budget) when s is CV's fallback, the
// zero predictor, which has none of its own.
func newCostReport(s lao.Solver, given float64, res *lao.Result, names []string, sc frames.Scores) *CostReport {
	if res.Costs == nil {
		return nil
	}
	r := &CostReport{Costs: map[string]float64{}, AttributeCosts: map[string]float64{}, CostBudget: res.Budget.Cost,
		PredictBudget: res.Budget.PredictCost, CostSpent: res.CostSpent, MaxCostPer: res.MaxCostPerExample,
		MeanCostPer: res.MeanCostPerExample(), TestCostPer: sc.MeanCost}
	if _, zero := s.(*frames.ZeroPredictor); zero && given > 0 {
		r.CostBudget = given
	} else if b, ok := lao.GetParams(s)["costbudget"]; !ok || b == 0 { // the handle's cap is the draws' worst case
		r.CostBudget, r.WorstCostPer = 0, res.Budget.Cost
	}
	for j, n := range names {
		r.Costs[n], r.AttributeCosts[n] = res.Costs[j], res.AttributeCosts[j]
	}
	return r
}

// print writes the cost lines of `lao fit`.
func (r *CostReport) print(w io.Writer) {
	if r == nil {
		return
	}
	budget := "none"
	switch {
	case r.CostBudget > 0:
		budget = fmt.Sprintf("%.6g", r.CostBudget)
	case r.WorstCostPer > 0:
		budget = fmt.Sprintf("none: an example's draws cost at most %.6g", r.WorstCostPer)
	}
	fmt.Fprintf(w, "cost spent %.6g (mean %.4g, max %.4g per example; cost budget %s)\n", r.CostSpent, r.MeanCostPer, r.MaxCostPer, budget)
	pb := "none"
	if r.PredictBudget > 0 {
		pb = fmt.Sprintf("%.6g", r.PredictBudget)
	}
	fmt.Fprintf(w, "each test example cost %.4g to predict (prediction cost budget %s)\n", r.TestCostPer, pb)
}

// costGain is the predicted gain of priced over cost-blind sampling for
// one solver (ours, docs/costs.md): ρ_c for one draw (Corollary C.5), the
// ratio of Theorem C.2's costs at k draws, and the cost-optimal k of each.
type costGain struct {
	Solver      string  `json:"solver"`
	Blind       string  `json:"cost_blind_q"`
	Priced      string  `json:"priced_q"`
	Gain        jfloat  `json:"gain_one_draw"`
	K           int     `json:"k"`
	GainAtK     jfloat  `json:"gain_at_k"`
	KStarBlind  jfloat  `json:"k_star_cost_blind"`
	KStarPriced jfloat  `json:"k_star_priced"`
	InnerCost   float64 `json:"inner_draw_cost"`
}

// costGains computes the predicted gains on the data as the solver sees
// them: AERR's uniform draw against q ∝ 1/√c, DDAERR's q ∝ √E[x²] against
// q ∝ √(E[x²]/c). The inner-product draw is priced at the mean price (p ∝ w²
// with w spread evenly).
func costGains(ds *lao.Dataset, costs []float64, k int) ([]costGain, error) {
	mom := frames.SecondMoments(ds)
	d := len(costs)
	uniform, inv, roots := make([]float64, d), make([]float64, d), make([]float64, d)
	var cin float64
	for j, c := range costs {
		uniform[j], inv[j], roots[j] = 1, 1/math.Sqrt(c), math.Sqrt(mom[j])
		cin += c / float64(d)
	}
	priced, err := lao.PricedSampling(mom, costs)
	if err != nil {
		return nil, fmt.Errorf("describe --costs: %w", err)
	}
	var out []costGain
	for _, row := range []struct {
		name         string
		blind, aware []float64
		bname, aname string
	}{{"aerr", uniform, inv, "uniform", "∝ 1/√c"}, {"ddaerr", roots, priced, "∝ √E[x²]", "∝ √(E[x²]/c)"}} {
		Sb, cb, err := lao.SecondMomentAndCost(mom, row.blind, costs)
		if err != nil {
			return nil, err
		}
		Sa, ca, err := lao.SecondMomentAndCost(mom, row.aware, costs)
		if err != nil {
			return nil, err
		}
		out = append(out, costGain{Solver: row.name, Blind: row.bname, Priced: row.aname, Gain: jfloat(Sb * cb / (Sa * ca)), K: k,
			GainAtK: jfloat(lao.PricedGainAtK(k, Sb, cb, Sa, ca, cin)), KStarBlind: jfloat(lao.PricedOptimalK(Sb, cb, cin)),
			KStarPriced: jfloat(lao.PricedOptimalK(Sa, ca, cin)), InnerCost: cin})
	}
	return out, nil
}

// printCostGains prints the predicted gains as a table.
func printCostGains(w io.Writer, gains []costGain) error {
	if len(gains) == 0 {
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "\npredicted gain of priced over cost-blind sampling (ours, docs/costs.md; the inner-product draw priced at the mean price %.4g):\n", gains[0].InnerCost)
	fmt.Fprintf(tw, "solver\tcost-blind q\tpriced q\tgain, one draw (ρ_c)\tgain at k = %d\tk* cost-blind\tk* priced\n", gains[0].K)
	for _, g := range gains {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.3f\t%.3f\t%.1f\t%.1f\n", g.Solver, g.Blind, g.Priced, float64(g.Gain), float64(g.GainAtK), float64(g.KStarBlind), float64(g.KStarPriced))
	}
	fmt.Fprintln(tw, "(a gain is the ratio of the total costs at which the cost-blind and the priced sampler reach the same bound; 1: none)")
	fmt.Fprintln(tw, "(a prediction for the bound of Kukliansky & Shamir's Theorem 3.1, a worst case over w*: the gain measured on a table can be lower or higher, and on a few hundred rows is mostly noise; lao compare --costs measures it)")
	fmt.Fprintln(tw, "(k*: the number of x̃ draws per example that gets the most out of each unit of cost under that sampler, √(S·c_in/c̄); a k far above it buys little per unit spent)")
	fmt.Fprintln(tw, "the l1 solvers (aelr, ddaelr) keep their x̃ draws: prices change their k and their inner-product draw only (ours/c4)")
	return tw.Flush()
}

// describePrices reads the prices of describe --costs/--cost, matches them
// to the columns as fit would (PricesFor) and adds the prices and the
// predicted gains to the report.
func describePrices(rep *describeReport, scaled *lao.Dataset, cf *costFlags, k int) error {
	pr, err := cf.prices()
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	costs, notes, err := frames.PricesFor(scaled.Names(), pr, rep.Unused, rep.Target)
	if err != nil {
		return fmt.Errorf("describe: %w", err)
	}
	rep.Notes = append(rep.Notes, notes...)
	rep.Costs = map[string]float64{}
	for j, n := range scaled.Names() {
		rep.Costs[n] = costs[j]
	}
	rep.CostGain, err = costGains(scaled, costs, min(k, scaled.Dim()))
	return err
}
