package frames_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// A costs file: a header and blank lines skipped; every malformed line is
// an error naming the file, the line and the column.
func TestReadCosts(t *testing.T) {
	got, err := frames.ReadCosts(strings.NewReader("column,cost\na, 1.5\n\nb,17.61\n"), "costs.csv")
	if err != nil || len(got) != 2 || got[1] != (frames.ColumnPrice{Column: "b", Cost: 17.61, Where: "costs.csv:4"}) {
		t.Fatalf("%+v, %v", got, err)
	}
	for in, want := range map[string]string{
		"a,1\nb,abc\n":        `costs.csv:2: column "b": price "abc" is not a number`,
		"a,1\nb,-2\n":         `costs.csv:2: column "b": price -2 must be positive`,
		"a,0\n":               `costs.csv:1: column "a": price 0 must be positive`,
		"a,1\nb,NaN\n":        `costs.csv:2: column "b": price NaN must be positive`,
		"a,1\nb,\n":           `costs.csv:2: column "b": the price is missing`,
		"a,1\nb,2,3\n":        "costs.csv: line 2 has 3 fields",
		"a,1,2\nb,2,3\n":      "costs.csv:1: 3 fields, want 2",
		"a,$1.00\nb,2\n":      `costs.csv:1: column "a": price "$1.00" is not a number (a currency sign?`,
		"a;2\nb;1,5\n":        `price "1,5" is not a number (numbers with a decimal comma?`,
		"a,1\n,2\n":           "costs.csv:2: empty column name",
		"column,cost\n":       "costs.csv: no prices",
		"a,1\nb,+Inf\n":       `column "b": price +Inf must be positive and finite`,
		"a,1\n\"b,2\n":        "costs.csv: line 2",
		"x\ny\n":              "costs.csv:1: 1 fields, want 2",
		"a,1\nb,1e999\n":      `column "b": price 1e999`,
		"price,column\n2,a\n": `costs.csv:2: column "2": price "a" is not a number (the two columns swapped?`,
		"a,2 EUR\n":           `price "2 EUR" is not a number (a unit after the number?`,
	} {
		if _, err := frames.ReadCosts(strings.NewReader(in), "costs.csv"); !errors.Is(err, frames.ErrPrices) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	// a comment line is not skipped (the separator and the fields are read
	// from the first line), but the error says what it is; a column named
	// "#preg" is a column
	for _, in := range []string{"# prices in euros\na,1\n", "# prices, from the clinic, 2024\na,1\n"} {
		if _, err := frames.ReadCosts(strings.NewReader(in), "costs.csv"); err == nil || !strings.Contains(err.Error(), "line 1 starts with #: a price file has no comment lines") {
			t.Errorf("%q: %v", in, err)
		}
	}
	if got, err := frames.ReadCosts(strings.NewReader("#preg,1\nb,2\n"), "costs.csv"); err != nil || len(got) != 2 || got[0].Column != "#preg" {
		t.Errorf("a column named #preg: %+v, %v", got, err)
	}
	// read as every table: a separator other than ',' and gzip
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte("column;cost\na;1.5\nb;17.61\n"))
	zw.Close()
	if got, err := frames.ReadCosts(&gz, "costs.csv.gz"); err != nil || len(got) != 2 || got[1].Cost != 17.61 || got[1].Where != "costs.csv.gz:3" {
		t.Errorf("gzip, semicolons: %+v, %v", got, err)
	}
	if _, err := frames.ParseCosts("a=1,b", "--cost"); err == nil || !strings.Contains(err.Error(), `--cost: "b": want name=price`) {
		t.Errorf("--cost without =: %v", err)
	}
	if _, err := frames.ParseCosts("a=1,5,b=2", "--cost"); err == nil || !strings.Contains(err.Error(), `"5": want name=price (a=1,5 with a decimal comma? write prices with a point, a=1.5)`) {
		t.Errorf("--cost with a decimal comma: %v", err)
	}
	if _, err := frames.ParseCosts("a=1.000,5", "--cost"); err == nil || !strings.Contains(err.Error(), `write prices with a point, a=1000.5)`) {
		t.Errorf("--cost with a decimal comma and a point between thousands: %v", err)
	}
	if p, err := frames.ParseCosts("a=1, b=2.5", "--cost"); err != nil || len(p) != 2 || p[1].Cost != 2.5 {
		t.Errorf("--cost a=1, b=2.5: %+v, %v", p, err)
	}
}

// Prices by name onto the feature columns: missing, unknown, repeated and
// target columns are errors naming them; an unused column is a note.
func TestPricesFor(t *testing.T) {
	feats := []string{"a", "b", "c"}
	unused := []frames.Unused{{Column: "street", Reason: "text"}}
	pr := func(s string) []frames.ColumnPrice {
		p, err := frames.ParseCosts(s, "--cost")
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	costs, notes, err := frames.PricesFor(feats, pr("c=3,a=1,b=2,street=9"), unused, "y")
	if err != nil || !slices.Equal(costs, []float64{1, 2, 3}) || len(notes) != 1 || !strings.Contains(notes[0], `"street" ignored: the column is not used (text)`) {
		t.Errorf("%v %v %v", costs, notes, err)
	}
	for in, want := range map[string]string{
		"a=1":                         `--cost: no price for the feature column(s) "b", "c"`,
		"a=1,b=2,c=3,d=4":             `--cost: column "d" is not in the table (features: a, b, c)`,
		"A=1,b=2,c=3":                 `column "A" is not in the table (features: a, b, c); did you mean "a"?`,
		"# 2024 prices=1,a=1,b=2,c=3": `column "# 2024 prices" is not in the table (features: a, b, c); a comment line?`,
		"u=1,v=2":                     `--cost: none of the 2 priced columns is in the table (u, v; features: a, b, c): is this the price file for this table?`,
		"a=1,b=2,c=3,a=5":             `column "a" has a price already`,
		"a=1,b=2,c=3,y=1":             `column "y" is the target`,
	} {
		if _, _, err := frames.PricesFor(feats, pr(in), unused, "y"); !errors.Is(err, frames.ErrPrices) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", in, err, want)
		}
	}
	// Prices built in Go, not parsed: a price that is not positive and finite is refused by its column.
	for _, c := range []float64{-1, 0, math.NaN(), math.Inf(1)} {
		prices := []frames.ColumnPrice{{Column: "a", Cost: 1}, {Column: "b", Cost: c}, {Column: "c", Cost: 1}}
		want := fmt.Sprintf(`prices: the price of column "b" is %g; prices must be positive and finite`, c)
		if _, _, err := frames.PricesFor(feats, prices, unused, "y"); !errors.Is(err, frames.ErrPrices) || !strings.Contains(err.Error(), want) {
			t.Errorf("price %g: %v, want %q", c, err, want)
		}
	}
}

// The one path with prices: a priced solver gets them (WithPrices), an
// unpriced one is accounted in them, the test rows are scored within the
// prediction cost budget, and a saved model keeps the prices.
func TestPreparedWithPrices(t *testing.T) {
	tab, err := readCSV(t, quickCSV(400, ""), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(&lao.AERR{}), 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.SetPrices([]frames.ColumnPrice{{Column: "a", Cost: 10, Where: "x"}, {Column: "b", Cost: 1, Where: "x"}, {Column: "c", Cost: 1, Where: "x"}}); err != nil {
		t.Fatal(err)
	}
	aerr := &lao.AERR{K: 2}
	f, err := p.Fit(aerr, 3)
	if err != nil {
		t.Fatal(err)
	}
	if aerr.Costs != nil || !slices.Equal(f.Solver.(*lao.AERR).Costs, p.Costs) || f.Result.Budget.Cost != 12 {
		t.Errorf("WithPrices: argument %v, fitted %v, cost budget %g (want the k+1 = 3 dearest, 12)", aerr.Costs, f.Solver.(*lao.AERR).Costs, f.Result.Budget.Cost)
	}
	if f.Test.MeanCost != 12 || f.Test.MaxCost != 12 {
		t.Errorf("a dense model's test rows cost %g (max %g), want 12", f.Test.MeanCost, f.Test.MaxCost)
	}
	ridge, err := p.Fit(&lao.Ridge{}, 3)
	if err != nil || ridge.Result.CostSpent != 12*float64(p.Train.Len()) {
		t.Errorf("ridge accounted at %g, want 12 per row: %v", ridge.Result.CostSpent, err)
	}
	// TuneFit tunes and fits the priced solver Fit fits: a cost budget
	// needs the prices (it failed without them), and the result is that of
	// a solver given its prices by hand.
	tuned, err := p.TuneFit(&lao.AERR{K: 2, Prices: lao.Prices{CostBudget: 12}}, frames.TuneOptions{Folds: 3, Seed: 1}, 3)
	if err != nil {
		t.Fatalf("TuneFit with a cost budget after SetPrices: %v", err)
	}
	byHand, err := p.TuneFit(frames.WithPrices(&lao.AERR{K: 2, Prices: lao.Prices{CostBudget: 12}}, p.Costs, p.Train.Names()), frames.TuneOptions{Folds: 3, Seed: 1}, 3)
	if err != nil || !slices.Equal(tuned.Result.W, byHand.Result.W) || tuned.Result.CostSpent != byHand.Result.CostSpent {
		t.Errorf("TuneFit: %v; weights %v and cost %g, priced by hand %v and %g", err, tuned.Result.W, tuned.Result.CostSpent, byHand.Result.W, byHand.Result.CostSpent)
	}
	sc := &lao.ScreenRidge{K: 2, Prices: lao.Prices{PredictCostBudget: 2}}
	fs, err := p.Fit(sc, 3)
	if err != nil || lao.SupportCost(fs.Result.W, p.Costs) > 2 || fs.Test.MaxCost > 2 {
		t.Fatalf("screen-ridge within C' = 2: %v (support cost %g)", err, lao.SupportCost(fs.Result.W, p.Costs))
	}
	if _, err := frames.ScoreWithin(f.Result.W, p.Test.Stream(), &p.Transform, frames.PredictBudget{Costs: p.Costs, Cost: 5}); !errors.Is(err, lao.ErrBudgetExceeded) {
		t.Errorf("a dense model within a prediction cost budget of 5: %v", err)
	}
	m, err := p.Data.ModelFromFit(f.Solver, f.Result, 3)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"cost_spent"`) || !strings.Contains(buf.String(), `"mean_cost_per_example"`) {
		t.Errorf("the saved model does not record the spend: %s", buf.String())
	}
	back, err := frames.ReadModel(&buf)
	if err != nil || !slices.Equal(back.Fit.Costs, p.Costs) || back.Fit.CostBudget != 12 {
		t.Fatalf("round trip: %v, %+v", err, back.Fit)
	}
	if _, err := back.PredictWithin(tab.DataFrame, 0, 5); !errors.Is(err, lao.ErrBudgetExceeded) || !strings.Contains(err.Error(), "cost 12 per row") {
		t.Errorf("PredictWithin C' = 5: %v", err)
	}
	if pred, err := back.PredictWithin(tab.DataFrame, 0, 12); err != nil || len(pred) != tab.DataFrame.Nrow() {
		t.Errorf("PredictWithin C' = 12: %v", err)
	}
	// The model Prepared.Fit returns keeps its fit's record (it had none:
	// a saved model lost its solver and prices, and PredictWithin refused
	// a cost budget for want of the prices it was fitted at).
	if f.Model.Fit == nil || f.Model.Fit.Solver != "aerr" || !slices.Equal(f.Model.Fit.Costs, p.Costs) || f.Model.Fit.CostBudget != 12 {
		t.Fatalf("Prepared.Fit's model records %+v", f.Model.Fit)
	}
	if _, err := f.Model.PredictWithin(tab.DataFrame, 0, 5); !errors.Is(err, lao.ErrBudgetExceeded) {
		t.Errorf("Prepared.Fit's model within C' = 5: %v", err)
	}
	if tuned.Model.Fit == nil || tuned.Model.Fit.CostBudget != 12 {
		t.Errorf("TuneFit's model records %+v", tuned.Model.Fit)
	}
	bad := strings.Replace(buf.String(), `"costs": [`+"\n      10", `"costs": [`+"\n      -1", 1)
	if _, err := frames.ReadModel(strings.NewReader(bad)); !errors.Is(err, frames.ErrModelFile) {
		t.Errorf("a negative price in a model file: %v", err)
	}
}

// A streamed fit of a solver priced by hand scores its test rows in price
// too, as Prepared.Fit does (their mean cost was 0).
func TestStreamPricedScore(t *testing.T) {
	text := quickCSV(400, "")
	st, err := frames.StreamCSV(func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil },
		frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}, TestFrac: 0.2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	s := &lao.AERR{K: 2}
	s.SetCosts([]float64{10, 1, 1})
	f, err := st.Fit(s, 3)
	if err != nil {
		t.Fatal(err)
	}
	if f.Test.MeanCost != 12 || f.Test.MaxCost != 12 || f.Model.Fit == nil || !slices.Equal(f.Model.Fit.Costs, []float64{10, 1, 1}) {
		t.Errorf("streamed priced fit: test rows cost %g (max %g), want 12; record %+v", f.Test.MeanCost, f.Test.MaxCost, f.Model.Fit)
	}
}
