package frames_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// budgetTable is a table of d columns where the label is 3·x1 + 2·x2 plus
// noise of standard deviation 0.1: two columns matter, so screening them
// under a budget of 3 per example recovers the model almost exactly.
func budgetTable(t *testing.T, m, d int) *frames.Prepared {
	t.Helper()
	rng := lao.NewRand(11)
	var b strings.Builder
	for j := range d {
		fmt.Fprintf(&b, "x%d,", j+1)
	}
	b.WriteString("y\n")
	for range m {
		x := make([]float64, d)
		for j := range x {
			x[j] = rng.NormFloat64()
			fmt.Fprintf(&b, "%g,", x[j])
		}
		fmt.Fprintf(&b, "%g\n", 3*x[0]+2*x[1]+0.1*rng.NormFloat64())
	}
	tab, err := frames.ReadCSV(strings.NewReader(b.String()), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(&lao.AERR{K: 2}), 0.25, 1)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// AERR at k = 2 with the theorems' worst-case parameters (one pass, no
// tuning) learns a fraction of what screen-ridge learns under the same
// budget of k + 1 = 3 attributes per example: CheckBudget fits screen-ridge
// at 3, its difference and standard error are those of the test rows'
// squared errors (TestErrors), and the warning names both, the factor and
// the rows.
func TestCheckBudgetWarns(t *testing.T) {
	p := budgetTable(t, 400, 20)
	fit, err := p.Fit(&lao.AERR{K: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.CheckBudget(fit, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Baseline != "screen-ridge" || c.K != 3 || c.Test.N != 100 {
		t.Fatalf("baseline %s at k = %d on %d rows, want screen-ridge at 3 on 100", c.Baseline, c.K, c.Test.N)
	}
	base, err := p.Fit(&lao.ScreenRidge{K: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Test != base.Test {
		t.Errorf("baseline scores %+v, want screen-ridge's own fit's %+v", c.Test, base.Test)
	}
	ours, _, _ := p.TestErrors(fit.Result.W, frames.PredictBudgetOf(fit.Result))
	theirs, _, _ := p.TestErrors(base.Result.W, frames.PredictBudgetOf(base.Result))
	var diff, ss float64
	for i := range ours {
		diff += (ours[i] - theirs[i]) / float64(len(ours))
	}
	for i := range ours {
		ss += math.Pow(ours[i]-theirs[i]-diff, 2)
	}
	se := math.Sqrt(ss / float64(len(ours)-1) / float64(len(ours)))
	if math.Abs(c.Diff-diff) > 1e-12*math.Abs(diff) || math.Abs(c.SE-se) > 1e-12*se {
		t.Errorf("difference %g ± %g, want %g ± %g", c.Diff, c.SE, diff, se)
	}
	if math.Abs(c.Diff-(fit.Test.MSE-c.Test.MSE)) > 1e-9*fit.Test.MSE {
		t.Errorf("mean difference %g, want the MSEs' difference %g", c.Diff, fit.Test.MSE-c.Test.MSE)
	}
	t.Logf("aerr %.4g, screen-ridge %.4g, difference %.3g ± %.2g", fit.Test.MSE, c.Test.MSE, c.Diff, c.SE)
	w := c.Warning("aerr", fit.Test)
	if !c.Worse(fit.Test) || !strings.Contains(w, "aerr's test MSE") || !strings.Contains(w, "screen-ridge under the same budget of 3 attributes per example") ||
		!strings.Contains(w, fmt.Sprintf("%.2f times", fit.Test.MSE/c.Test.MSE)) || !strings.Contains(w, "over the 100 test rows") {
		t.Errorf("aerr %g against screen-ridge %g: warning %q", fit.Test.MSE, c.Test.MSE, w)
	}
}

// A fit that is the baseline (ridge, whose budget is every attribute) has
// a zero difference and no warning; a fit within the factor or within two
// standard errors of the baseline gets none either; with prices there is
// no check.
func TestCheckBudgetQuiet(t *testing.T) {
	p := budgetTable(t, 200, 6)
	fit, err := p.Fit(&lao.Ridge{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.CheckBudget(fit, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.Baseline != "ridge" || c.K != 6 || c.Diff != 0 || c.Warning("ridge", fit.Test) != "" || !strings.Contains(c.Text(), "ridge on every attribute (a budget of 6 per example, d = 6: nothing is hidden; untuned)") {
		t.Errorf("ridge against itself: %+v, %q", c, c.Text())
	}
	for _, x := range []struct {
		n             int
		mse, diff, se float64
		worse         bool
	}{
		{50, 1.2, 0.2, 0.01, false}, // under the factor
		{50, 2, 1, 0.6, false},      // the interval, 1 ± 2.01·0.6, holds 0
		{10, 2, 1, 0.43, true},      // t(0.975, 9) = 2.262: 1 − 0.973 > 0
		{10, 2, 1, 0.45, false},     // 1 − 1.018 < 0, where two standard errors would have warned
		{9, 5, 4, 0.1, false},       // fewer than MinTestRows test rows
	} {
		c := &frames.BudgetCheck{Baseline: "screen-ridge", K: 3, D: 5, Test: frames.Scores{N: x.n, MSE: 1, ZeroMSE: 4}, Diff: x.diff, SE: x.se}
		ours := frames.Scores{N: x.n, MSE: x.mse, ZeroMSE: 4}
		if w := c.Warning("aerr", ours); c.Worse(ours) != x.worse || (w != "") != x.worse {
			t.Errorf("%d rows, MSE %g against 1, difference %g ± %g: worse %v, %q; want %v", x.n, x.mse, x.diff, x.se, c.Worse(ours), w, x.worse)
		}
	}
	var none *frames.BudgetCheck // CheckBudget's nil (prices, no budget) prints nothing
	if none.Text() != "" || none.Warning("aerr", fit.Test) != "" || none.Worse(fit.Test) {
		t.Error("a nil check says something")
	}
	var prices []frames.ColumnPrice
	for j := range 6 {
		prices = append(prices, frames.ColumnPrice{Column: fmt.Sprintf("x%d", j+1), Cost: float64(1 + j%2)})
	}
	if _, err := p.SetPrices(prices); err != nil {
		t.Fatal(err)
	}
	if c, err := p.CheckBudget(fit, 1); c != nil || err != nil {
		t.Errorf("priced: %+v, %v; want no check", c, err)
	}
}

// A test row whose feature lies far outside the training range (a typo:
// 100 times the others) holds most of the test squared error of a model
// that weighs that feature: DominantTestRow finds it, with its share and
// the MSEs without it, which are the means of TestErrors' other rows.
func TestDominantTestRow(t *testing.T) {
	rng := lao.NewRand(5)
	var b strings.Builder
	b.WriteString("a,b,y\n")
	const m = 200
	for i := range m {
		a, bb := rng.NormFloat64(), rng.NormFloat64()
		y := 2*a + bb + 0.1*rng.NormFloat64()
		if i == m-3 {
			a = 100 // the typo, in a test row; its label as the others'
		}
		fmt.Fprintf(&b, "%g,%g,%g\n", a, bb, y)
	}
	tab, err := frames.ReadCSV(strings.NewReader(b.String()), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	var train, test []int
	for i := range m {
		if i < m-40 {
			train = append(train, i)
		} else {
			test = append(test, i)
		}
	}
	p, err := frames.PrepareFrameRows(tab.DataFrame, "y", frames.OptionsFor(&lao.Ridge{}), train, test)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(&lao.Ridge{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	row, share, mse, zero, err := p.DominantTestRow(fit.Result.W, frames.PredictBudgetOf(fit.Result))
	if err != nil {
		t.Fatal(err)
	}
	model, zeros, _ := p.TestErrors(fit.Result.W, frames.PredictBudgetOf(fit.Result))
	var sum, rest, zrest float64
	for i := range model {
		sum += model[i]
		if i != row {
			rest, zrest = rest+model[i]/39, zrest+zeros[i]/39
		}
	}
	if row != 37 || share < 0.99 || math.Abs(share-model[row]/sum) > 1e-12 || math.Abs(mse-rest) > 1e-9*rest || math.Abs(zero-zrest) > 1e-9*zrest {
		t.Errorf("row %d, share %g, MSE %g and zero %g without it; want row 37, its share %g, %g and %g", row, share, mse, zero, model[37]/sum, rest, zrest)
	}
	if mse/zero > 0.1 {
		t.Errorf("without the typo the test MSE is %g of the zero predictor's, want the fit's (the label is 2a + b + small noise)", mse/zero)
	}
	few, err := frames.PrepareFrameRows(tab.DataFrame, "y", frames.OptionsFor(&lao.Ridge{}), train, test[:frames.MinTestRows-1])
	if err != nil {
		t.Fatal(err)
	}
	if row, _, _, _, _ := few.DominantTestRow(fit.Result.W, frames.PredictBudgetOf(fit.Result)); row != -1 {
		t.Errorf("%d test rows: row %d, want -1 (too few to say)", frames.MinTestRows-1, row)
	}
}

// Ratios print with the decimals asked, tiny ones with two significant
// digits and huge ones in exponent form (a typo's extrapolation printed
// 222271841275907200.0000).
func TestFormatRatio(t *testing.T) {
	for _, c := range []struct {
		r    float64
		want string
	}{{0.5, "0.5000"}, {1.2, "1.2000"}, {0.0057, "0.0057"}, {2.2227184127590720e17, "2.223e+17"}, {9999.5, "9999.5000"}, {math.NaN(), "NaN"}} {
		if got := frames.FormatRatio(c.r, 4); got != c.want {
			t.Errorf("FormatRatio(%g, 4) = %q, want %q", c.r, got, c.want)
		}
	}
}

// AESVR's budget holds in expectation (k + 2·E[draws]), its PerExample
// only a cap: CheckBudget compares at the mean rounded up. The zero
// predictor that CV chose has no budget: CheckBudget returns nil, and
// CheckBudgetAt compares it at the budget given.
func TestCheckBudgetMeanAndZero(t *testing.T) {
	p := budgetTable(t, 400, 20)
	fit, err := p.Fit(&lao.AESVR{K: 2}, 1)
	if err != nil {
		t.Fatal(err)
	}
	c, err := p.CheckBudget(fit, 1)
	if err != nil {
		t.Fatal(err)
	}
	if b := fit.Result.Budget; !(b.Mean > 0) || c.K != int(math.Ceil(b.Mean)) || c.K >= b.PerExample || c.Baseline != "screen-ridge" {
		t.Errorf("AESVR's budget %+v: checked at %d (%s), want ⌈mean⌉ below the cap", b, c.K, c.Baseline)
	}
	zero, err := p.Fit(&frames.ZeroPredictor{Of: "aerr"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c, err := p.CheckBudget(zero, 1); c != nil || err != nil {
		t.Errorf("the zero predictor: %+v, %v; want no check", c, err)
	}
	c, err = p.CheckBudgetAt(zero, 3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if c.K != 3 || !c.Worse(zero.Test) || !strings.Contains(c.Warning("the zero predictor, which cross-validation chose for aerr,", zero.Test), "the zero predictor, which cross-validation chose for aerr, whose test MSE") {
		t.Errorf("the zero predictor at 3: %+v: %q", c, c.Warning("the zero predictor, which cross-validation chose for aerr,", zero.Test))
	}
}
