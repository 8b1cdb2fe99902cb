package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

// pricedCSV writes a table of 6 attributes (one text column) and a costs
// file pricing a and e at 20, the others at 1 or 2.
func pricedCSV(t *testing.T) (data, costs string) {
	t.Helper()
	r := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	b.WriteString("a,b,c,d,e,f,street,y\n")
	for i := range 800 {
		x := make([]float64, 6)
		for j := range x {
			x[j] = r.NormFloat64()
		}
		fmt.Fprintf(&b, "%g,%g,%g,%g,%g,%g,Elm %d,%g\n", x[0], x[1], x[2], x[3], x[4], x[5], i, 2*x[0]-x[1]+0.5*x[2]+0.3*r.NormFloat64())
	}
	return writeTemp(t, "priced.csv", b.String()), writeTemp(t, "costs.csv", "column,cost\na,20\nb,1\nc,2\nd,1\ne,20\nf,1\nstreet,5\n")
}

// fit with prices: the JSON reports the prices, the budgets and the spend;
// the handle kept every example within the cost budget; k is derived from it.
func TestFitWithCosts(t *testing.T) {
	data, costs := pricedCSV(t)
	out, err := runCmd(t, "fit", "--json", "--data", data, "--target", "y", "--solver", "ddaerr", "--costs", costs, "--cost-budget", "43", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	var rep map[string]any
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	// sorted prices 20 20 2 1 1 1: k+1 = 3 costs 42, k+1 = 4 costs 43
	if rep["k"] != 3.0 || rep["cost_budget"] != 43.0 || rep["max_cost_per_example"].(float64) > 43 || rep["cost_spent"].(float64) <= 0 {
		t.Errorf("k %v, budget %v, max %v, spent %v", rep["k"], rep["cost_budget"], rep["max_cost_per_example"], rep["cost_spent"])
	}
	if c := rep["costs"].(map[string]any); c["a"] != 20.0 || c["f"] != 1.0 {
		t.Errorf("costs %v", c)
	}
	if _, ok := rep["attribute_costs"].(map[string]any)["e"]; !ok || !strings.Contains(out, `"mean_cost_per_example"`) {
		t.Errorf("attribute costs or mean missing: %s", out)
	}
	// a cost budget is its own budget: no note on the k + 1 family's own k
	if notes, _ := rep["notes"].([]any); strings.Contains(fmt.Sprint(notes), "own k") {
		t.Errorf("own-k note under a cost budget: %v", notes)
	}
	// the header names the cost budget, not "every attribute" (screen-ridge
	// with a cost budget has no count limit, so its k is d)
	text, err := runCmd(t, "fit", "--data", data, "--target", "y", "--solver", "screen-ridge", "--costs", costs, "--cost-budget", "25", "--cv", "0")
	if first, _, _ := strings.Cut(text, "\n"); err != nil || !strings.Contains(first, "d = 6, cost budget 25 per example,") {
		t.Errorf("screen-ridge within C = 25: %v\n%s", err, text)
	}
	text, err = runCmd(t, "fit", "--data", data, "--target", "y", "--solver", "hybrid", "--k", "4", "--s", "2", "--costs", costs, "--predict-cost-budget", "3", "--cv", "0")
	if err != nil || !strings.Contains(text, "prediction cost budget 3") || !strings.Contains(text, `price of "street" ignored`) {
		t.Errorf("hybrid within C' = 3: %v\n%s", err, text)
	}
}

// A column the priced gradient never draws keeps AERR's starting weight;
// fit sets it to 0, names the column, and a test example does not pay for it.
func TestFitNamesUnlearnedColumn(t *testing.T) {
	data, _ := pricedCSV(t)
	out, err := runCmd(t, "fit", "--json", "--data", data, "--target", "y", "--ignore", "street", "--solver", "aerr", "--k", "2", "--cv", "0",
		"--cost", "a=1,b=1,c=1,d=1,e=1e14,f=1")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Notes       []string           `json:"notes"`
		Weights     map[string]float64 `json:"weights"`
		TestCostPer float64            `json:"test_cost_per_example"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	note := strings.Join(rep.Notes, "\n")
	if rep.Weights["e"] != 0 || rep.TestCostPer > 5 || !strings.Contains(note, `no gradient step ever drew "e" (price 1e+14; `) {
		t.Errorf("weight of e %g, a test example costs %g, notes:\n%s", rep.Weights["e"], rep.TestCostPer, note)
	}
}

// Bad prices and budgets are errors that name the column or the flag.
func TestFitCostErrors(t *testing.T) {
	data, costs := pricedCSV(t)
	base := []string{"fit", "--data", data, "--target", "y", "--cv", "0"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--cost", "a=1,b=2"}, `no price for the feature column(s) "c", "d", "e", "f"`},
		{[]string{"--costs", costs, "--cost", "zz=3"}, `--cost: column "zz" is not in the table`},
		{[]string{"--costs", costs, "--cost", "a=3"}, `column "a" has a price already`},
		{[]string{"--cost", "a=-1"}, `--cost: column "a": price -1 must be positive`},
		{[]string{"--cost", "a=NaN"}, `column "a": price NaN`},
		{[]string{"--cost-budget", "5"}, "--cost-budget needs the attributes' prices"},
		{[]string{"--costs", costs, "--cost-budget", "0.5"}, "below the cheapest attribute's price 1"},
		{[]string{"--costs", costs, "--cost-budget", "0"}, "--cost-budget 0 pays for nothing: give a positive budget, or leave the flag out for none"},
		{[]string{"--solver", "aer", "--costs", costs, "--cost-budget", "30"}, "aer has no cost budget"},
		{[]string{"--costs", costs, "--cost-budget", "30"}, `cannot pay for one draw in the worst case: 2 attributes cost "a" (20), "e" (20)`},
		{[]string{"--costs", writeTemp(t, "bad.csv", "a,1\nb,x\n")}, `bad.csv:2: column "b": price "x" is not a number`},
		{[]string{"--costs", costs, "--cost-budget", "60", "--param", "costbudget=5"}, "--cost-budget 60 and --param costbudget=5 disagree"},
		{[]string{"--param", "costblind=1"}, "--param costblind=1 needs the attributes' prices"},
		{[]string{"--costs", costs, "--predict-cost-budget", "20"}, "aerr's model may have a weight on every column, which together cost 45 to read at prediction (a priced fit leaves out only the columns no gradient step drew, which a budget cannot count on): use screen-ridge or hybrid"},
		{[]string{"--solver", "hybrid", "--costs", costs, "--cost-budget", "1"}, `raise costbudget to at least`},
		{[]string{"--cost", "a=1e308,b=1e308,c=1,d=1,e=1,f=1"}, "the prices of the feature columns sum to +Inf"},
		{[]string{"--costs", writeTemp(t, "cur.csv", "a,$1.00\nb,2\n")}, "(a currency sign? write the number alone)"},
	} {
		_, err := runCmd(t, append(base, c.args...)...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: %v, want %q", c.args, err, c.want)
		}
	}
}

// A price for an ignored column is noted with the table's reason.
func TestPriceOfIgnoredColumn(t *testing.T) {
	data, costs := pricedCSV(t)
	out, err := runCmd(t, "fit", "--data", data, "--target", "y", "--cv", "0", "--costs", costs, "--ignore", "f", "--cost-budget", "60")
	if err != nil || !strings.Contains(out, `price of "f" ignored: the column is not used (ignored as requested)`) {
		t.Errorf("%v\n%s", err, out)
	}
}

// A cost budget that binds is a budget: screen-ridge with no k reads as
// many columns as it pays for, and fit says so, not that nothing was
// hidden (its k is d, but no example can afford every column).
func TestScreenRidgeCostBudgetIsABudget(t *testing.T) {
	data, costs := pricedCSV(t)
	out, err := runCmd(t, "fit", "--data", data, "--target", "y", "--solver", "screen-ridge", "--costs", costs, "--cost-budget", "21")
	if err != nil || strings.Contains(out, "nothing was hidden") || !strings.Contains(out, "no count limit: the cost budget decides how many columns an example reads") ||
		strings.Contains(out, "the largest k the cost budget pays for") {
		t.Errorf("%v\n%s", err, out)
	}
}

// describe --costs prints the predicted gains; compare --costs puts each
// priced solver beside its cost-blind version.
func TestDescribeAndCompareCosts(t *testing.T) {
	data, costs := pricedCSV(t)
	out, err := runCmd(t, "describe", "--data", data, "--target", "y", "--costs", costs, "--columns", "0")
	if err != nil || !strings.Contains(out, "predicted gain of priced over cost-blind sampling") || !strings.Contains(out, "ddaerr") {
		t.Fatalf("describe --costs: %v\n%s", err, out)
	}
	// compare --costs runs one k: several were silently cut to the first
	wantErr(t, []string{"compare", "--data", data, "--target", "y", "--costs", costs, "--k", "2,4"}, "at one k", "--k lists 2 values (2, 4)")
	out, err = runCmd(t, "compare", "--json", "--quiet", "--data", data, "--target", "y", "--solvers", "ddaerr,ridge", "--costs", costs, "--cost-budget", "43", "--repeat", "2", "--cv", "0")
	if err != nil {
		t.Fatal(err)
	}
	var rep costCompareReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	labels := map[string]bool{}
	for _, c := range rep.Curves {
		labels[c.Label] = true
		if c.CostBudget > 43 || c.Final.Cost <= 0 {
			t.Errorf("%s: budget %g, cost %g", c.Label, c.CostBudget, c.Final.Cost)
		}
	}
	if !labels["ddaerr (priced)"] || !labels["ddaerr (cost-blind)"] || !labels["ridge"] || len(rep.Pairs) < 1 || rep.Pairs[0].Predicted == nil {
		t.Errorf("curves %v, pairs %+v", labels, rep.Pairs)
	}
	// the split-by-split interval is corrected by the splits' n_test/n_train
	if mTest := int(math.Round(0.2 * float64(rep.M))); len(rep.Pairs) > 0 && rep.Pairs[0].AtCost.TestOverTrain != float64(mTest)/float64(rep.M-mTest) {
		t.Errorf("test_over_train %v, want %d/%d", rep.Pairs[0].AtCost.TestOverTrain, mTest, rep.M-mTest)
	}
	// and it reports the table as plain compare does (it said nothing of
	// the columns left out or the rows dropped)
	out, err = runCmd(t, "compare", "--quiet", "--data", data, "--target", "y", "--solvers", "screen-ridge", "--costs", costs, "--ignore", "f", "--cost-budget", "43", "--repeat", "2", "--cv", "0")
	if err != nil || !strings.Contains(out, "unused column f: ignored as requested") || !strings.Contains(out, ": m = ") {
		t.Errorf("compare --costs' header: %v\n%s", err, out)
	}
	// a budget one solver cannot pay for leaves it out with the reason
	// (it failed the whole comparison)
	out, err = runCmd(t, "compare", "--quiet", "--data", data, "--target", "y", "--solvers", "aerr,screen-ridge", "--costs", costs, "--cost-budget", "21", "--repeat", "2", "--cv", "0")
	if err != nil || !strings.Contains(out, "note: aerr (priced) not run: aerr: --cost-budget 21 cannot pay for one draw") || !strings.Contains(out, "screen-ridge (priced)") {
		t.Errorf("compare --costs with a budget aerr cannot pay: %v\n%s", err, out)
	}
	// likewise a prediction cost budget a dense model cannot meet (it failed at the end of the first fit)
	out, err = runCmd(t, "compare", "--quiet", "--data", data, "--target", "y", "--solvers", "aerr,screen-ridge", "--costs", costs, "--predict-cost-budget", "21", "--repeat", "2", "--cv", "0")
	if err != nil || !strings.Contains(out, "note: aerr (priced) not run: its model may have a weight on every column, which together cost 45") || !strings.Contains(out, "screen-ridge (priced)") {
		t.Errorf("compare --costs with a prediction budget aerr's model cannot meet: %v\n%s", err, out)
	}
}

// compare --costs honours the flags of compare's other path: --splits
// writes the rows of each split, --grid reaches the tuning (they were
// accepted and dropped; --cv-rule and --cv-halving travel with --grid in
// the same TuneOptions).
func TestCompareCostsSplitsAndGrid(t *testing.T) {
	data, costs := pricedCSV(t)
	splits := filepath.Join(t.TempDir(), "splits.csv")
	final := func(extra ...string) float64 {
		out, err := runCmd(t, append([]string{"compare", "--json", "--quiet", "--data", data, "--target", "y", "--solvers", "ridge", "--costs", costs, "--repeat", "2", "--cv", "3"}, extra...)...)
		if err != nil {
			t.Fatal(err)
		}
		var rep costCompareReport
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		for _, c := range rep.Curves {
			if c.Label == "ridge" {
				return c.Final.MSE
			}
		}
		t.Fatalf("no ridge curve: %s", out)
		return 0
	}
	tuned := final("--splits", splits)
	if b, err := os.ReadFile(splits); err != nil || !strings.HasPrefix(string(b), "repeat,seed,line,part\n") {
		t.Errorf("--splits with --costs: %v %.40q", err, b)
	}
	if heavy := final("--grid", "lambda=1e4,1e5"); !(heavy > 1.5*tuned) {
		t.Errorf("--grid lambda=1e4,1e5 gave ridge %g against %g tuned: the range did not reach the tuning", heavy, tuned)
	}
}

// The reading of a priced/cost-blind pair compares them at the same total
// cost, split by split: a cost ratio above 1 with the priced curve ending
// higher is not a gain, and a difference whose 95 % interval contains 0 is
// none (the new user's Boston pair was called "paid off" on a gap of one
// unpaired standard error).
func TestCostPairReading(t *testing.T) {
	at := func(v float64) *jfloat { j := jfloat(v); return &j }
	gap := func(mean, half float64, n int) experiments.Gap {
		return experiments.Gap{Mean: mean, Half: half, N: n, DF: float64(n - 1)}
	}
	for _, c := range []struct {
		p    costPair
		want string
	}{
		{costPair{PricedMSE: 52.7, PricedCost: 165, BlindAtPriced: at(42.3), CostRatio: 1.32, AtCost: gap(10.4, 3, 5)}, "did not pay off"},
		{costPair{PricedMSE: 0.68, PricedCost: 9319, BlindAtPriced: at(0.71), AtCost: gap(-0.03, 0.01, 20)}, "priced sampling paid off"},
		{costPair{PricedMSE: 37.32, PricedCost: 500, BlindAtPriced: at(40.79), AtCost: gap(-3.47, 9.1, 3)}, "which contains 0: no difference to tell"},
		// mpg.csv: a ratio of 1.13 beside a priced curve ending higher, within the noise
		{costPair{PricedMSE: 28.41, PricedCost: 1509, BlindAtPriced: at(23.42), CostRatio: 1.13, AtCost: gap(5.0, 40, 3)}, "no difference to tell; the cost ratio above 1 says only that the priced curve reached the larger final error sooner"},
		{costPair{PricedMSE: 37.32, PricedCost: 500, BlindAtPriced: at(40.79), AtCost: gap(-3.47, 0, 1)}, "1 split, no interval"},
		{costPair{PricedMSE: 28.41, PricedCost: 1509, BlindAtPriced: at(23.42), CostRatio: 1.13, AtCost: gap(5.0, 0, 1)}, "1 split, no interval to tell them apart; the cost ratio above 1"},
		{costPair{PricedMSE: 1, PricedCost: 5}, "not compared at the same total cost"},
		{costPair{PricedMSE: 83.38, PricedCost: 1309, BlindAtPriced: at(83.38), Identical: true}, "identical on every split"},
	} {
		got := c.p.reading()
		if !strings.Contains(got, c.want) {
			t.Errorf("%+v: %q, want %q", c.p, got, c.want)
		}
		if caveat := strings.Contains(got, "reached the larger final error sooner"); caveat != (c.p.CostRatio > 1 && c.p.BlindAtPriced != nil && c.p.PricedMSE > float64(*c.p.BlindAtPriced)) {
			t.Errorf("%+v: %q: the cost ratio's caveat %v", c.p, got, caveat)
		}
	}
}

// predict says what a row costs with a model fitted with prices, and
// refuses the model above --predict-cost-budget.
func TestPredictCost(t *testing.T) {
	data, costs := pricedCSV(t)
	model := filepath.Join(t.TempDir(), "m.json")
	if _, err := runCmd(t, "fit", "--data", data, "--target", "y", "--cv", "0", "--solver", "screen-ridge", "--k", "2",
		"--costs", costs, "--predict-cost-budget", "3", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	var err error
	out := captureStderr(t, func() {
		_, err = runCmd(t, "predict", "--model", model, "--data", data, "--out", filepath.Join(t.TempDir(), "p.csv"))
	})
	if err != nil || !strings.Contains(out, "each row costs") {
		t.Errorf("predict with prices: %v\n%s", err, out)
	}
	wantErr(t, []string{"predict", "--model", model, "--data", data, "--predict-cost-budget", "0.5"}, "more than --predict-cost-budget 0.5")
}

// A fit whose k a cost budget derived (--k not given) saves that k in the
// model's fit record, as the report prints it (it saved 0).
func TestSavedDerivedK(t *testing.T) {
	data, costs := pricedCSV(t)
	model := filepath.Join(t.TempDir(), "m.json")
	rep := fitJSON(t, "--data", data, "--target", "y", "--cv", "0", "--solver", "aerr", "--costs", costs, "--cost-budget", "60", "--save-model", model)
	fh, err := os.Open(model)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	m, err := frames.ReadModel(fh)
	if err != nil {
		t.Fatal(err)
	}
	if rep.K < 1 || m.Fit == nil || m.Fit.K != rep.K {
		t.Errorf("report k %d, saved %+v", rep.K, m.Fit)
	}
}

// When CV falls back to the zero predictor, the cost line keeps the cost
// budget given on the command line (it said "cost budget none").
func TestCostReportOfZeroPredictor(t *testing.T) {
	res := &lao.Result{Costs: []float64{1, 2, 3}, AttributeCosts: []float64{0, 0, 0}}
	r := newCostReport(&frames.ZeroPredictor{Of: "hybrid"}, 21, res, []string{"a", "b", "c"}, frames.Scores{})
	var b strings.Builder
	r.print(&b)
	if !strings.Contains(b.String(), "cost budget 21)") {
		t.Errorf("%s", b.String())
	}
	r = newCostReport(&frames.ZeroPredictor{Of: "hybrid"}, 0, res, []string{"a", "b", "c"}, frames.Scores{})
	b.Reset()
	r.print(&b)
	if !strings.Contains(b.String(), "cost budget none") {
		t.Errorf("no budget given: %s", b.String())
	}
}

// A curve that fell back to the zero predictor on some splits says so: its
// mean cost and MSE include those splits (a priced row's cost of 6.7 was
// 7.5 on the splits that learned).
func TestCurveNotesZeroSplits(t *testing.T) {
	c := experiments.CostCurve{Label: "aerr (priced)", Splits: [][]experiments.CostPoint{{{Cost: 10}}, {{Cost: 0}}, {{Cost: 12}}}}
	notes := curveNotes([]experiments.CostCurve{c, {Label: "ridge", Splits: [][]experiments.CostPoint{{{Cost: 5}}}}})
	if len(notes) != 1 || !strings.Contains(notes[0], "aerr (priced): cross-validation (or the refit rule) chose the zero predictor (the training mean) on 1 of 3 splits") {
		t.Errorf("%q", notes)
	}
}
