package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

// costCompareReport is `lao compare --costs`: test error against cost
// spent, each priced solver beside its cost-blind version at the same cost
// budget (ours, docs/costs.md).
type costCompareReport struct {
	Data   string `json:"data"`
	Target string `json:"target,omitempty"`
	// Reading is how the CSV file was read, where not by default.
	Reading    *readingReport `json:"csv_reading,omitempty"`
	Repeats    int            `json:"repeats"`
	CostBudget float64        `json:"cost_budget,omitempty"`
	// M and D are the table's rows (training and test) and the features
	// of the first split; Unused, Missing and Warnings are what plain
	// compare reports of the table (columns left out, rows dropped, cells
	// filled, e.g. a column that copies the label).
	M        int                     `json:"m"`
	D        int                     `json:"d"`
	Unused   []frames.Unused         `json:"unused_columns"`
	Missing  *missingReport          `json:"missing,omitempty"`
	Warnings []string                `json:"warnings"`
	Curves   []experiments.CostCurve `json:"curves"`
	Pairs    []costPair              `json:"pairs"`
	Notes    []string                `json:"notes"`
	// testOverTrain is the splits' n_test/n_train (the first split's), for
	// the paired intervals (experiments.TestOverTrain).
	testOverTrain float64
}

// describeTable sets what r says of the table from the first split's
// preparation, as plain compare's header does.
func (r *costCompareReport) describeTable(src *dataSource, f *compareFlags, first lao.Solver) error {
	p, err := src.prepare(first, f.scale, holdout{f.testFrac, false}, f.seed)
	if err != nil {
		return err
	}
	r.M, r.D, r.Missing, r.Warnings, r.Unused = p.Train.Len()+p.Test.Len(), p.Train.Dim(), p.missing, p.Warnings(), append([]frames.Unused{}, p.unused...)
	r.testOverTrain = experiments.TestOverTrain(p.Test.Len(), p.Train.Len())
	return nil
}

// costPair compares a priced solver with its cost-blind version: the costs
// at which the two mean curves first reach the larger of their final test
// MSEs, Target (interpolated in log cost; CostRatio = cost-blind's /
// priced's: above 1, the priced one got there for less), the cost-blind
// one's MSE at the priced one's total cost, and the predicted gain.
type costPair struct {
	Solver          string  `json:"solver"`
	K               int     `json:"k"`
	BlindMSE        float64 `json:"cost_blind_final_mse"`
	BlindCost       float64 `json:"cost_blind_total_cost"`
	PricedMSE       float64 `json:"priced_final_mse"`
	PricedCost      float64 `json:"priced_total_cost"`
	Target          float64 `json:"target_mse"`
	PricedToTarget  jfloat  `json:"priced_cost_to_target"`
	BlindToTarget   jfloat  `json:"cost_blind_cost_to_target"`
	CostRatio       jfloat  `json:"cost_ratio"`
	BlindAtPriced   *jfloat `json:"cost_blind_mse_at_priced_cost"`
	Predicted       *jfloat `json:"predicted_gain_at_k,omitempty"`
	PredictedOneDrw *jfloat `json:"predicted_gain_one_draw,omitempty"`
	// AtCost is, split by split, the priced solver's final test MSE minus
	// the cost-blind one's at the same total cost (experiments.GapAtCost):
	// the mean with its 95 % half-width.
	AtCost experiments.Gap `json:"priced_minus_cost_blind_at_priced_cost"`
	// Identical: the two runs were the same on every split (the prices
	// changed no choice: screen-ridge and hybrid use them where a budget
	// binds).
	Identical bool `json:"identical"`
	Splits    int  `json:"splits"` // the splits run; AtCost.N of them compared
	// Reading says in a sentence which sampler is ahead at the same total
	// cost (the priced one's), the comparison a cost ratio above 1 can hide
	// when the priced curve reached the larger final error early and ended
	// above the cost-blind one; it calls a difference only when AtCost's
	// interval excludes 0.
	Reading string `json:"reading"`
}

// runCompareCosts is `lao compare --costs/--cost`: every solver of
// --solvers with prices (the priced ones twice: priced and cost-blind, at
// the same budget), checkpointed, test error against cost spent.
func runCompareCosts(src *dataSource, f *compareFlags, names []string, ks []int, stdout, progress io.Writer) error {
	prepare, err := costPrepare(src, f)
	if err != nil {
		return err
	}
	k, err := costK(f, ks, prepare)
	if err != nil {
		return err
	}
	entries, err := costEntries(names, k, !f.kSet, f.costs)
	if err != nil {
		return err
	}
	entries, notRun, err := runnableCostEntries(entries, prepare, f.seed, f.costs.predict)
	if err != nil {
		return err
	}
	fmt.Fprintf(progress, "compare --costs: %d curves × %d splits\n", len(entries), f.repeat)
	curves, err := experiments.RunCosts(experiments.CostSpec{Prepare: prepare, Entries: entries, Splits: f.repeat, Seed: f.seed, CVFolds: f.cv,
		Tune: f.cvOpts.options(f.cv, f.seed), Progress: func(done, total int, msg string) {
			fmt.Fprintf(progress, "compare --costs: [%d/%d] %s\n", done, total, msg)
		}})
	if err != nil {
		return fmt.Errorf("compare: %w", err)
	}
	rep := &costCompareReport{Data: src.name, Target: src.target, Reading: src.reading, Repeats: f.repeat, CostBudget: f.costs.budget, Curves: curves, Notes: notRun}
	first, err := entries[0].New()
	if err != nil {
		return err
	}
	if err := rep.describeTable(src, f, first); err != nil {
		return err
	}
	rep.Notes = append(append(append(rep.Notes, labelNotes(src, holdout{f.testFrac, false})...), src.tableNotes()...), curveNotes(curves)...)
	dd, err := costScalingNotes(src, f, entries)
	if err != nil {
		return err
	}
	rep.Notes = append(rep.Notes, dd...)
	if rep.Pairs, err = costPairs(curves, prepare, rep.testOverTrain); err != nil {
		return err
	}
	if f.splits != "" { // the splits compare writes without prices: the same seeds and rows
		if err := writeFile(f.splits, func(w io.Writer) error { return writeSplits(w, src, f) }); err != nil {
			return err
		}
	}
	if err := writePlot(f.plot, func(png bool) ([]byte, error) { return costPlot(rep, png) }); err != nil {
		return err
	}
	if f.asJSON {
		orEmpty(&rep.Warnings, &rep.Notes)
		return printJSON(stdout, rep)
	}
	return printCostCompare(stdout, rep)
}

// costPrepare returns the split of a seed for a solver, prepared by fit's
// path with the prices of --costs/--cost set.
func costPrepare(src *dataSource, f *compareFlags) (func(lao.Solver, uint64) (*frames.Prepared, error), error) {
	prices, err := f.costs.prices()
	if err != nil {
		return nil, fmt.Errorf("compare: %w", err)
	}
	return func(s lao.Solver, seed uint64) (*frames.Prepared, error) {
		p, err := src.prepare(s, f.scale, holdout{f.testFrac, false}, seed)
		if err != nil {
			return nil, err
		}
		if p.Data == nil {
			return nil, fmt.Errorf("compare: %w", f.costs.noNames(src.name))
		}
		if _, err := p.SetPrices(prices); err != nil {
			return nil, fmt.Errorf("compare: %w", err)
		}
		return p.Prepared, nil
	}, nil
}

// costEntries lists the curves of compare --costs: every solver of names,
// a solver with prices twice (priced and cost-blind, at the same budget).
func costEntries(names []string, k int, derive bool, costs costFlags) ([]experiments.CostEntry, error) {
	var entries []experiments.CostEntry
	for _, n := range names {
		probe, err := lao.New(n)
		if err != nil {
			return nil, err
		}
		variants := []bool{false}
		if _, ok := probe.(lao.PriceUser); ok {
			variants = []bool{false, true}
		}
		for _, blind := range variants {
			label := n
			if _, ok := probe.(lao.PriceUser); ok {
				label += map[bool]string{false: " (priced)", true: " (cost-blind)"}[blind]
			}
			entries = append(entries, experiments.CostEntry{Label: label, New: costSolver(n, blind, k, derive, costs)})
		}
	}
	return entries, nil
}

// curveNotes lists each curve's refits and the splits on which it fell
// back to the zero predictor (its row's means include them).
func curveNotes(curves []experiments.CostCurve) []string {
	var notes []string
	for _, c := range curves {
		for _, n := range c.Refits {
			notes = append(notes, c.Label+", "+n)
		}
		if n := zeroSplits(c); n > 0 && n < len(c.Splits) {
			notes = append(notes, fmt.Sprintf("%s: cross-validation (or the refit rule) chose the zero predictor (the training mean) on %d of %d splits, "+
				"which read no attribute and cost 0: the row's mean cost and test MSE include them", c.Label, n, len(c.Splits)))
		}
	}
	return notes
}

// costScalingNotes says which scaling the data-dependent solvers of
// entries got on the first split and why (ddScalingNote, as plain compare
// says it): with standardised columns a priced data-dependent row draws as
// the priced uniform one does.
func costScalingNotes(src *dataSource, f *compareFlags, entries []experiments.CostEntry) ([]string, error) {
	by := map[ddScaling][]string{}
	for _, e := range entries {
		s, err := e.New()
		if err != nil {
			return nil, err
		}
		if !frames.DataDependent(s) {
			continue
		}
		p, err := src.prepare(s, f.scale, holdout{f.testFrac, false}, f.seed)
		if err != nil {
			return nil, err
		}
		if key := (ddScaling{p.note, p.ScalingChoice.Scaling.Standard()}); p.note != "" && !slices.Contains(by[key], s.Name()) {
			by[key] = append(by[key], s.Name())
		}
	}
	return ddScalingNotes(by, true), nil
}

// zeroSplits counts the splits on which c's fit read nothing (final cost
// 0): cross-validation, or the refit rule, chose the zero predictor.
func zeroSplits(c experiments.CostCurve) int {
	n := 0
	for _, pts := range c.Splits {
		if len(pts) > 0 && pts[len(pts)-1].Cost == 0 {
			n++
		}
	}
	return n
}

// runnableCostEntries keeps the entries whose solver can start on the
// first split at the flags' prices and budgets and whose model can meet the
// prediction cost budget predict (0: none), and says why each other one
// cannot (e.g. a cost budget below a solver's worst-case draw), as compare
// lists a solver that cannot run at a k instead of failing; it is an error
// when none can.
func runnableCostEntries(entries []experiments.CostEntry, prepare func(lao.Solver, uint64) (*frames.Prepared, error), seed uint64, predict float64) ([]experiments.CostEntry, []string, error) {
	var keep []experiments.CostEntry
	var notRun []string
	for _, e := range entries {
		s, err := e.New()
		if err != nil {
			return nil, nil, err
		}
		p, err := prepare(s, seed)
		if err != nil {
			return nil, nil, err
		}
		s = frames.WithPrices(frames.WithPriors(s, p.Train), p.Costs, p.Train.Names())
		if _, _, err := s.Start(lao.Problem{M: p.Train.Len(), D: p.Train.Dim(), Rand: lao.NewRand(0)}); errors.Is(err, lao.ErrParam) {
			notRun = append(notRun, fmt.Sprintf("%s not run: %s", e.Label, userMessage(err)))
			continue
		}
		if all, over := denseOverBudget(s, p.Costs, predict); over {
			notRun = append(notRun, fmt.Sprintf("%s not run: its model may have a weight on every column, which together cost %g to read at prediction, above --predict-cost-budget %g", e.Label, all, predict))
			continue
		}
		keep = append(keep, e)
	}
	if len(keep) == 0 {
		return nil, nil, fmt.Errorf("compare: no solver can run at these prices and budgets:\n  %s", strings.Join(notRun, "\n  "))
	}
	return keep, notRun, nil
}

// costK is the one k of compare --costs: the report pairs priced and
// cost-blind at it. Without --k (whose default lists several for the
// attribute-budget mode) the solvers that can take the largest k the cost
// budget pays for do so (costSolver), the others use lao.DefaultK, at most
// d as in fit.
func costK(f *compareFlags, ks []int, prepare func(lao.Solver, uint64) (*frames.Prepared, error)) (int, error) {
	switch {
	case f.kSet && len(ks) > 1:
		return 0, fmt.Errorf("compare: --costs compares priced and cost-blind sampling at one k, and --k lists %d values (%s): run one k at a time, or give --cost-budget without --k (the solvers that can then take the largest k the budget pays for; the others k = %d)",
			len(ks), joinInts(ks), lao.DefaultK)
	case f.kSet:
		return ks[0], nil
	}
	probe, err := prepare(&lao.Ridge{}, f.seed)
	if err != nil {
		return 0, err
	}
	return min(lao.DefaultK, probe.Train.Dim()), nil
}

// costSolver returns the constructor of solver name with the cost budgets
// of the flags (k from the budget where derive is set and the solver
// derives it, else k) and the cost-blind switch.
func costSolver(name string, blind bool, k int, derive bool, c costFlags) func() (lao.Solver, error) {
	return func() (lao.Solver, error) {
		s, err := lao.New(name)
		if err != nil {
			return nil, err
		}
		set := map[string]float64{}
		if _, err := lao.FindParam(s, "k"); err == nil {
			set["k"] = float64(k)
			if derive && c.budget > 0 && lao.DerivesK(s) {
				set["k"] = 0
			}
		}
		if _, ok := s.(lao.PriceUser); ok {
			set["costbudget"], set["predictcostbudget"] = c.budget, c.predict
			if blind {
				set["costblind"] = 1
			}
		}
		return s, lao.SetParams(s, set)
	}
}

// costPairs matches each priced curve with its cost-blind one and adds the
// predicted gain for AERR and DDAERR (Corollary C.5, at the curve's k);
// testOverTrain is the splits' n_test/n_train, for the paired intervals.
func costPairs(curves []experiments.CostCurve, prepare func(lao.Solver, uint64) (*frames.Prepared, error), testOverTrain float64) ([]costPair, error) {
	byLabel := map[string]experiments.CostCurve{}
	for _, c := range curves {
		byLabel[c.Label] = c
	}
	var out []costPair
	for _, c := range curves {
		name, ok := strings.CutSuffix(c.Label, " (priced)")
		if !ok {
			continue
		}
		b, ok := byLabel[name+" (cost-blind)"]
		if !ok { // its cost-blind version was not run
			continue
		}
		pr := costPair{Solver: name, K: c.K, BlindMSE: b.Final.MSE, BlindCost: b.Final.Cost, PricedMSE: c.Final.MSE, PricedCost: c.Final.Cost}
		pr.Target = max(b.Final.MSE, c.Final.MSE) // both mean curves reach it
		tp, _ := c.CostToReach(pr.Target)
		tb, _ := b.CostToReach(pr.Target)
		pr.PricedToTarget, pr.BlindToTarget, pr.CostRatio = jfloat(tp), jfloat(tb), jfloat(tb/tp)
		if v, ok := b.MSEAtCost(c.Final.Cost); ok {
			pr.BlindAtPriced = jptr(v)
		}
		pr.AtCost, pr.Splits = c.GapAtCost(b, name+" (cost-blind)", testOverTrain), len(c.Splits)
		pr.Identical = reflect.DeepEqual(c.Splits, b.Splits)
		pr.Reading = pr.reading()
		if name == "aerr" || name == "ddaerr" {
			s, _ := lao.New(name)
			p, err := prepare(s, 0)
			if err != nil {
				return nil, err
			}
			gains, err := costGains(p.Train.(*lao.Dataset), p.Costs, max(c.K, 1))
			if err != nil {
				return nil, err
			}
			for _, g := range gains {
				if g.Solver == name {
					pr.Predicted, pr.PredictedOneDrw = jptr(float64(g.GainAtK)), jptr(float64(g.Gain))
				}
			}
		}
		out = append(out, pr)
	}
	return out, nil
}

func jptr(v float64) *jfloat { j := jfloat(v); return &j }

// printCostHeader says what compare --costs ran on: the table's size,
// the columns left out, the rows dropped and cells filled, the warnings.
func printCostHeader(w io.Writer, r *costCompareReport, budget string) {
	fmt.Fprintf(w, "%s: m = %d, d = %d; test error against cost spent in training, %d splits; cost budget %s\n", r.Data, r.M, r.D, r.Repeats, budget)
	printUnused(w, r.Unused)
	printMissing(w, r.Missing)
	for _, m := range r.Warnings {
		fmt.Fprintln(w, "warning:", m)
	}
	fmt.Fprintln(w)
}

// printCostCompare prints compare --costs' report as text.
func printCostCompare(w io.Writer, r *costCompareReport) error {
	budget := "the worst case of each solver's draws"
	if r.CostBudget > 0 {
		budget = fmt.Sprintf("%g per example", r.CostBudget)
	}
	printCostHeader(w, r, budget)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "solver\town k\tcost budget\ttest MSE (mean ± sd)\t/ zero predictor\tcost per example\ttotal cost")
	var zero []string // the curves that read nothing
	for _, c := range r.Curves {
		cb := "—"
		if c.CostBudget > 0 {
			cb = fmt.Sprintf("%.4g", c.CostBudget)
		}
		k := fmt.Sprint(c.K)
		if c.Final.Cost == 0 { // nothing read: the zero predictor's row
			k, cb = "—", "—"
			zero = append(zero, c.Label)
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.4g ± %.2g\t%.3f\t%.4g\t%.4g\n", c.Label, k, cb, c.Final.MSE, c.Final.MSESD, c.Final.Ratio, c.Final.CostPerStep, c.Final.Cost)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w, "(own k: each solver's own parameter k, as in fit, not a budget shared by every row as in compare without --costs (the k + 1 family, AERR and its kin, reads k + 1 attributes per example): compare the rows across solvers by their cost per example)")
	for _, l := range zero {
		fmt.Fprintf(w, "note: %s read no attribute on any split: cross-validation (or the refit rule) chose the zero predictor, whose row this is\n", l)
	}
	for _, n := range r.Notes {
		fmt.Fprintln(w, "note:", n)
	}
	if len(r.Pairs) == 0 {
		return nil
	}
	return printCostPairs(w, r)
}

// printCostPairs prints the table of priced against cost-blind solvers of
// compare --costs, and what each pair says.
func printCostPairs(w io.Writer, r *costCompareReport) error {
	fmt.Fprintln(w, "\npriced against cost-blind at the same budget:")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "solver\tk\ttarget MSE (the larger final)\tcost to reach it: priced / cost-blind\tcost ratio to reach it: cost-blind / priced (above 1: priced got there cheaper)\tcost-blind MSE at the priced total cost\tpriced final MSE\tpredicted gain at k (one draw)")
	for _, p := range r.Pairs {
		reach, ratio := fmt.Sprintf("%.4g / %.4g", float64(p.PricedToTarget), float64(p.BlindToTarget)), fmt.Sprintf("%.2f", float64(p.CostRatio))
		if math.IsNaN(float64(p.CostRatio)) {
			ratio = "—"
		}
		at := "—"
		if p.BlindAtPriced != nil {
			at = fmt.Sprintf("%.4g", float64(*p.BlindAtPriced))
		}
		pred := "— (no prediction: heuristic or inner draw only)"
		if p.Predicted != nil {
			pred = fmt.Sprintf("%.2f (%.2f)", float64(*p.Predicted), float64(*p.PredictedOneDrw))
		}
		fmt.Fprintf(tw, "%s\t%d\t%.4g\t%s\t%s\t%s\t%.4g\t%s\n", p.Solver, p.K, p.Target, reach, ratio, at, p.PricedMSE, pred)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, p := range r.Pairs {
		fmt.Fprintf(w, "  %s: %s\n", p.Solver, p.Reading)
	}
	if r.Repeats == 1 {
		fmt.Fprintln(w, "  (the curves of one split: no interval; run more with --repeat)")
	} else {
		fmt.Fprintf(w, "  (mean curves over %d splits; the intervals are of the split-by-split differences)\n", r.Repeats)
	}
	return nil
}

// reading is Reading: at the priced solver's total cost, which mean curve
// is lower, and whether the splits tell the two apart.
func (p costPair) reading() string {
	if p.BlindAtPriced == nil {
		return fmt.Sprintf("not compared at the same total cost: the priced solver's total %.4g is outside the cost-blind curve's costs", p.PricedCost)
	}
	if p.Identical && p.PricedCost == 0 {
		return "both runs read no attribute on any split (the zero predictor): nothing to compare"
	}
	if p.Identical {
		return fmt.Sprintf("the priced and cost-blind runs are identical on every split (total cost %.4g, MSE %.4g): the prices changed none of its choices at this budget", p.PricedCost, p.PricedMSE)
	}
	g := p.AtCost
	head := fmt.Sprintf("on the mean curves, the priced solver ends at MSE %.4g for its total cost %.4g, where the cost-blind solver was at %.4g", p.PricedMSE, p.PricedCost, float64(*p.BlindAtPriced))
	over := count(g.N, "split")
	if n := p.Splits; g.N < n { // a split whose cost-blind curve does not span the priced total has no MSE there
		over = fmt.Sprintf("%d of the %d splits: on the other %d the cost-blind curve has no point at the priced run's total cost", g.N, n, n-g.N)
	}
	interval := fmt.Sprintf("split by split the priced one is %+.4g (95 %% interval corrected for the splits' overlap, %+.4g to %+.4g over %s)", g.Mean, g.Mean-g.Half, g.Mean+g.Half, over)
	switch {
	case g.N < 2:
		return head + fmt.Sprintf(": %s, no interval to tell them apart", over) + p.ratioCaveat()
	case !g.Clear():
		return head + ": " + interval + ", which contains 0: no difference to tell" + p.ratioCaveat()
	case g.Mean < 0:
		return head + ": " + interval + ": priced sampling paid off"
	}
	return head + ": " + interval + ": priced sampling did not pay off here" + p.ratioCaveat()
}

// ratioCaveat is what a cost ratio above 1 says when the priced curve ends
// above the cost-blind one at the same cost ("" otherwise): the ratio is
// measured at the larger of the two final errors, which the priced curve
// may reach sooner and never get below (mpg.csv: 1.13 beside a priced
// curve ending at 28.4 against 23.4).
func (p costPair) ratioCaveat() string {
	if !(float64(p.CostRatio) > 1) || p.BlindAtPriced == nil || !(p.PricedMSE > float64(*p.BlindAtPriced)) {
		return ""
	}
	return "; the cost ratio above 1 says only that the priced curve reached the larger final error sooner, not that it ended lower"
}

// costPlot draws test MSE against cost spent (log scale), one curve per
// entry, mean ± sd over the splits.
func costPlot(r *costCompareReport, png bool) ([]byte, error) {
	var curves []plot.Curve
	for _, c := range r.Curves {
		k := plot.Curve{Name: c.Label}
		for _, p := range c.Points {
			if p.Cost > 0 {
				k.X, k.Mean, k.Std = append(k.X, p.Cost), append(k.Mean, p.MSE), append(k.Std, p.MSESD)
			}
		}
		curves = append(curves, k)
	}
	title := r.Data
	if r.Target != "" {
		title += " → " + r.Target
	}
	pl, err := plot.BandsPlot(curves, plot.BandsOptions{Title: title, XLabel: "cost spent in training", YLabel: "test MSE", LogX: true,
		BandLabel: plot.BandLabel(r.Repeats, "splits")})
	if err != nil {
		return nil, fmt.Errorf("compare: plot: %w", err)
	}
	if png {
		return plot.PNG(pl, 0, 0)
	}
	return plot.SVG(pl, 0, 0)
}
