package lao

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// pricedData is a regression problem with unequal second moments
// (x_j = s_j·N(0,1), s_j decreasing, ||x||₂ about 1/2) and a price vector
// with a 40:1 spread.
func pricedData(m int, seed uint64) (ds *Dataset, mom, costs []float64) {
	const d = 10
	rng := NewRand(seed)
	scale := make([]float64, d)
	mom, costs = make([]float64, d), make([]float64, d)
	for j := range scale {
		scale[j] = 0.3 / math.Sqrt(float64(j+1))
		mom[j] = scale[j] * scale[j]
		costs[j] = []float64{1, 40, 2, 1, 5, 1, 20, 1, 3, 1}[j]
	}
	wstar := []float64{0.8, -0.5, 0.4, 0, 0.3, 0, -0.6, 0, 0.2, 0}
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = scale[j] * rng.NormFloat64()
		}
		y[i] = dot(wstar, row) + 0.1*rng.NormFloat64()
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds, mom, costs
}

// pricedSolvers builds each priced solver of the AERR/AELR family, with
// prices c (nil: the paper's solver) and the cost-blind switch.
func pricedSolvers(mom []float64) map[string]func(c []float64, blind bool) Solver {
	pr := func(c []float64, blind bool) Prices { return Prices{Costs: c, CostBlind: blind} }
	return map[string]func([]float64, bool) Solver{
		"aerr":         func(c []float64, b bool) Solver { return &AERR{K: 3, B: 1, Prices: pr(c, b)} },
		"aerr split":   func(c []float64, b bool) Solver { return &AERR{K: 3, B: 1, Split: true, Prices: pr(c, b)} },
		"aerr adagrad": func(c []float64, b bool) Solver { return &AERR{K: 3, B: 1, AdaGrad: true, Prices: pr(c, b)} },
		"ddaerr":       func(c []float64, b bool) Solver { return &DDAERR{K: 3, B: 1, Moments: mom, Prices: pr(c, b)} },
		"ddaerr paper": func(c []float64, b bool) Solver {
			return &DDAERR{K: 3, B: 1, Moments: mom, Paper: true, Prices: pr(c, b)}
		},
		"aelr":   func(c []float64, b bool) Solver { return &AELR{K: 3, B: 2, Prices: pr(c, b)} },
		"ddaelr": func(c []float64, b bool) Solver { return &DDAELR{K: 3, B: 2, Moments: mom, Prices: pr(c, b)} },
		"ddaelr innerdd": func(c []float64, b bool) Solver {
			return &DDAELR{K: 3, B: 2, Moments: mom, InnerDD: true, Prices: pr(c, b)}
		},
	}
}

// fitCheckpoints fits s with checkpoints and returns the result and a copy
// of the weights at each checkpoint.
func fitCheckpoints(t *testing.T, s Solver, ds Table, opt Options) (*Result, [][]float64) {
	t.Helper()
	var ws [][]float64
	opt.Checkpoints = []int{1, 37, 200, ds.Len()}
	opt.OnCheckpoint = func(c Checkpoint) { ws = append(ws, slices.Clone(c.W)) }
	res, err := Fit(s, ds.Stream(), opt)
	if err != nil {
		t.Fatalf("%s: %v", s.Name(), err)
	}
	return res, ws
}

// With every price equal, and with unequal prices but cost-blind draws,
// each priced solver makes exactly the paper's draws: identical iterates at
// every checkpoint, bit for bit. Only the accounting is in prices, and it
// is exact. (The paper's solver is accounted at the same prices, so that
// both outputs set the unlearned weights of a priced fit to 0 alike.)
func TestPricesReduceToPaper(t *testing.T) {
	ds, mom, costs := pricedData(400, 1)
	equal := slices.Repeat([]float64{2.5}, ds.Dim())
	for name, mk := range pricedSolvers(mom) {
		if plain, _ := fitCheckpoints(t, mk(nil, false), ds, Options{Seed: 3}); plain.Costs != nil || plain.CostSpent != 0 {
			t.Errorf("%s: an unpriced fit reports prices %v, spend %g", name, plain.Costs, plain.CostSpent)
		}
		for _, c := range []struct {
			what   string
			prices []float64
			blind  bool
		}{{"equal prices", equal, false}, {"cost-blind", costs, true}} {
			ref, refW := fitCheckpoints(t, mk(nil, false), ds, Options{Seed: 3, Costs: c.prices})
			res, w := fitCheckpoints(t, mk(c.prices, c.blind), ds, Options{Seed: 3})
			for i := range refW {
				if !slices.Equal(w[i], refW[i]) {
					t.Errorf("%s, %s: checkpoint %d differs from the paper's solver", name, c.what, i)
				}
			}
			if !slices.Equal(res.AttributeCounts, ref.AttributeCounts) || res.Params["eta"] != ref.Params["eta"] {
				t.Errorf("%s, %s: counts or step differ: eta %g vs %g", name, c.what, res.Params["eta"], ref.Params["eta"])
			}
			var want float64
			for j, n := range res.AttributeCounts {
				want += float64(n) * c.prices[j]
			}
			if math.Abs(res.CostSpent-want) > 1e-9*want || res.MaxCostPerExample > res.Budget.Cost*(1+costSlack) {
				t.Errorf("%s, %s: spent %g, want Σ counts·c = %g; max per example %g, budget %g",
					name, c.what, res.CostSpent, want, res.MaxCostPerExample, res.Budget.Cost)
			}
			if wc := WorstCaseCost(c.prices, 4); res.Budget.Cost != wc {
				t.Errorf("%s, %s: default cost budget %g, want the worst case of k+1 = 4 draws %g", name, c.what, res.Budget.Cost, wc)
			}
		}
	}
}

// The priced solvers against the pseudo-code (GAERR's transcription with
// the priced q) and against their plain O(d) implementations
// (lao.Reference), iterate for iterate.
func TestPricedMatchesReference(t *testing.T) {
	ds, mom, costs := pricedData(400, 2)
	f := rootPrices(costs)
	res := fitOrFatal(t, &AERR{K: 3, B: 1, Prices: Prices{Costs: costs}}, ds, 4)
	eta := math.Sqrt(3 / (2 * PricedUniformS(costs) * 400))
	if res.Params["eta"] != eta {
		t.Errorf("priced AERR's default eta %g, want √(k/(2·S'·m)) = %g", res.Params["eta"], eta)
	}
	if diff := maxAbsDiff(res.W, refGAERR(ds, 3, 1, eta, f, 4)); diff > 1e-12 {
		t.Errorf("priced AERR differs from GAERR's pseudo-code with q ∝ 1/√c by %g", diff)
	}
	q := make([]float64, len(mom))
	for j := range q {
		q[j] = math.Sqrt(mom[j]) * f[j]
	}
	res = fitOrFatal(t, &DDAERR{K: 3, B: 1, Moments: mom, Prices: Prices{Costs: costs}}, ds, 4)
	if eta := DDAERRDefaultEta(3, 400, pricedHalf(mom, costs)); res.Params["eta"] != eta {
		t.Errorf("priced DDAERR's default eta %g, want Theorem 3.5's with S(q) %g", res.Params["eta"], eta)
	}
	if diff := maxAbsDiff(res.W, refGAERR(ds, 3, 1, res.Params["eta"], q, 4)); diff > 1e-12 {
		t.Errorf("priced DDAERR differs from GAERR's pseudo-code with q ∝ √(E[x²]/c) by %g", diff)
	}
	for name, mk := range pricedSolvers(mom) {
		s := mk(costs, false)
		fast := fitOrFatal(t, s, ds, 5)
		plain, err := Reference(mk(costs, false))
		if err != nil {
			t.Fatal(err)
		}
		if diff := maxAbsDiff(fast.W, fitOrFatal(t, plain, ds, 5).W); diff > 1e-12 {
			t.Errorf("%s with prices: fast and plain implementations differ by %g", name, diff)
		}
	}
}

// A cost budget C with K = 0 takes the largest k whose worst case fits;
// the handles never let an example cost more than C.
func TestCostBudgetDerivesK(t *testing.T) {
	ds, mom, costs := pricedData(300, 3)
	// sorted prices: 40 20 5 3 2 1 1 1 1 1; k+1 = 4 costs 68, k+1 = 5 costs 70
	for _, s := range []Solver{
		&AERR{Prices: Prices{Costs: costs, CostBudget: 69}},
		&DDAERR{Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
		&AELR{Prices: Prices{Costs: costs, CostBudget: 69}},
		&DDAELR{Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
	} {
		res := fitOrFatal(t, s, ds, 1)
		if res.Budget.PerExample != 4 || res.Budget.Cost != 69 {
			t.Errorf("%s: budget %d attributes, cost %g; want k+1 = 4 and 69", s.Name(), res.Budget.PerExample, res.Budget.Cost)
		}
		if res.MaxCostPerExample > 69 || res.MaxPerExample > 4 {
			t.Errorf("%s: an example cost %g (%d attributes), above the budget", s.Name(), res.MaxCostPerExample, res.MaxPerExample)
		}
		if !strings.Contains(res.Budget.Rule, "cost ≤ 69") {
			t.Errorf("%s: rule %q does not state the cost budget", s.Name(), res.Budget.Rule)
		}
	}
}

// A k taken from the cost budget (K = 0) centres the CV grids where the
// same k given explicitly does: the step sizes of the grid were all 0
// before (the centres used K = 0), so CV could not tune η.
func TestCostBudgetGridCentres(t *testing.T) {
	_, mom, costs := pricedData(300, 3)
	p := Problem{D: len(costs), M: 300}
	derived := func() []Solver {
		return []Solver{
			&AERR{Prices: Prices{Costs: costs, CostBudget: 69}},
			&DDAERR{Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
			&AELR{Prices: Prices{Costs: costs, CostBudget: 69}},
			&DDAELR{Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
		}
	}
	given := []Solver{
		&AERR{K: 3, Prices: Prices{Costs: costs, CostBudget: 69}},
		&DDAERR{K: 3, Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
		&AELR{K: 3, Prices: Prices{Costs: costs, CostBudget: 69}},
		&DDAELR{K: 3, Moments: mom, Prices: Prices{Costs: costs, CostBudget: 69}},
	}
	for i, s := range derived() {
		got, want := Grid(s, p), Grid(given[i], p)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: grid with k from the budget %v, with k = 3 given %v", s.Name(), got[:2], want[:2])
		}
		for _, pt := range got {
			if !(pt["eta"] > 0) {
				t.Fatalf("%s: a grid point with eta %g", s.Name(), pt["eta"])
			}
		}
	}
}

// readAllSolver reads every attribute of every example: under a cost budget
// below the total price, the handle must refuse it.
type readAllSolver struct{ b Budget }

func (g *readAllSolver) Name() string    { return "greedy" }
func (g *readAllSolver) Params() []Param { return nil }
func (g *readAllSolver) Start(p Problem) (Learner, Budget, error) {
	return &readAllLearner{d: p.D}, g.b, nil
}

type readAllLearner struct{ d int }

func (l *readAllLearner) Observe(ex *Example) {
	for j := range l.d {
		ex.Attr(j)
	}
}
func (l *readAllLearner) Weights(dst []float64) { clear(dst) }

// The handle refuses a read beyond the cost budget exactly as one beyond
// the count (ErrBudgetExceeded), and Options.Costs accounts an unpriced
// solver.
func TestHandleRefusesByCost(t *testing.T) {
	ds, _, costs := pricedData(20, 4)
	total := WorstCaseCost(costs, ds.Dim())
	_, err := Fit(&readAllSolver{Budget{PerExample: ds.Dim(), Costs: costs, Cost: total - 0.5}}, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) || !strings.Contains(err.Error(), "cost budget") {
		t.Errorf("a read beyond the cost budget: %v, want ErrBudgetExceeded naming the cost budget", err)
	}
	res, err := Fit(&readAllSolver{Budget{PerExample: ds.Dim()}}, ds.Stream(), Options{Costs: costs})
	if err != nil || res.CostSpent != 20*total || res.MaxCostPerExample != total || res.MeanCostPerExample() != total {
		t.Errorf("Options.Costs: %v, spent %g, want %g", err, res.CostSpent, 20*total)
	}
	if res.AttributeCosts[1] != 20*40 {
		t.Errorf("attribute 1 cost %g over the fit, want 20 × 40", res.AttributeCosts[1])
	}
	_, err = Fit(&AERR{K: 2, Prices: Prices{Costs: costs}}, ds.Stream(), Options{Costs: slices.Repeat([]float64{1}, ds.Dim())})
	if !errors.Is(err, ErrParam) {
		t.Errorf("Options.Costs unlike the solver's prices: %v, want ErrParam", err)
	}
}

// Bad prices and budgets are errors naming the parameter (and the
// attribute or the price that is wrong).
func TestPriceErrors(t *testing.T) {
	ds, mom, costs := pricedData(50, 5)
	bad := func(j int, v float64) []float64 { c := slices.Clone(costs); c[j] = v; return c }
	cases := []struct {
		s    Solver
		want string
	}{
		{&AERR{K: 2, Prices: Prices{Costs: bad(3, 0)}}, "aerr: costs (Costs): the price of attribute 3 is 0; prices must be positive and finite: lao: invalid parameter"},
		{&AERR{K: 2, Prices: Prices{Costs: bad(2, -1)}}, "attribute 2 is -1"},
		{&DDAERR{K: 2, Moments: mom, Prices: Prices{Costs: bad(0, math.NaN())}}, "attribute 0 is NaN"},
		{&AELR{K: 2, Prices: Prices{Costs: bad(9, math.Inf(1))}}, "attribute 9 is +Inf"},
		{&AERR{K: 2, Prices: Prices{Costs: costs[:4]}}, "4 prices for 10 attributes"},
		{&AERR{K: 2, Prices: Prices{CostBudget: 5}}, "aerr: costbudget = 5 needs the attributes' prices"},
		{&AERR{K: 2, Prices: Prices{Costs: costs, CostBudget: 0.5}}, "below the cheapest attribute's price 1"},
		{&AERR{K: 3, Prices: Prices{Costs: costs, CostBudget: 60}}, "aerr: costbudget = 60 is below the worst case of k = 3: 4 attributes can cost 68 (attribute 1 (40), attribute 6 (20)"},
		{&AERR{K: 3, Prices: Prices{Costs: costs, CostBudget: 60}}, "lower k to 1, or set k = 0"},
		// k = 1 already: no lower k to advise, the budget cannot pay for one draw
		{&AERR{K: 1, Prices: Prices{Costs: costs, CostBudget: 50}}, "aerr: costbudget = 50 cannot pay for one draw in the worst case: 2 attributes cost attribute 1 (40), attribute 6 (20); raise it to 60"},
		{&DDAELR{Moments: mom, Prices: Prices{Costs: costs, CostBudget: 50}}, "ddaelr: costbudget = 50 cannot pay for one draw in the worst case: 2 attributes cost attribute 1 (40), attribute 6 (20); raise it to 60"},
		{&AELR{K: 2, Prices: Prices{Costs: costs, PredictCostBudget: -1}}, "aelr: predictcostbudget = -1 must be positive"},
	}
	for _, c := range cases {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ErrParam containing %q", c.s.Name(), err, c.want)
		}
	}
	// a dense model cannot meet a prediction cost budget below its support's price
	_, err := Fit(&AERR{K: 2, Prices: Prices{Costs: costs, PredictCostBudget: 10}}, ds.Stream(), Options{})
	if !errors.Is(err, ErrBudgetExceeded) || !strings.Contains(err.Error(), "prediction cost budget 10") {
		t.Errorf("prediction cost budget below the model's support: %v", err)
	}
}

// A priced AERR whose gradient never draws an attribute (priced far above
// the others) keeps its starting weight w₁ there, even when the prediction
// draws (∝ w²) reveal it; Fit sets that weight to 0 and lists the
// attribute in Unlearned, so predicting does not pay for it. The other
// weights are the learner's, bit for bit, and an unpriced fit keeps w₁.
func TestFitDropsUnlearnedWeights(t *testing.T) {
	ds, _, costs := pricedData(300, 4)
	costs = slices.Clone(costs)
	costs[6] = 1e14 // q_6 ∝ 1/√c: about 1e-7 of the others' draws
	w1 := 1 / (100 * math.Sqrt(float64(ds.Dim())))
	s := &AERR{K: 3, B: 1, Prices: Prices{Costs: costs}}
	res, ws := fitCheckpoints(t, s, ds, Options{Seed: 5})
	l, _, err := s.Start(Problem{M: ds.Len(), D: ds.Dim(), Rand: NewRand(SeedFor(5, "solver"))}) // the same run by hand
	if err != nil {
		t.Fatal(err)
	}
	ex := NewExample(ds.Dim())
	ex.SetPrices(costs, res.Budget.Cost)
	for i := range ds.Len() {
		ex.Reset(ds.Row(i), ds.Label(i), res.Budget.PerExample)
		l.Observe(ex)
	}
	learner := make([]float64, ds.Dim())
	l.Weights(learner)
	if learner[6] != w1 || res.AttributeCounts[6] == 0 {
		t.Fatalf("the learner's w_6 = %g (want w₁'s %g: never drawn for a gradient), read by %d examples (want some: the inner-product draw)", learner[6], w1, res.AttributeCounts[6])
	}
	if !slices.Equal(res.Unlearned, []int{6}) || res.W[6] != 0 || slices.Contains(res.Support, 6) {
		t.Errorf("Unlearned %v, w_6 = %g, support %v: want [6], 0 and 6 left out", res.Unlearned, res.W[6], res.Support)
	}
	for j := range learner {
		if j != 6 && res.W[j] != learner[j] {
			t.Errorf("w_%d = %g, the learner's %g: only unlearned weights may change", j, res.W[j], learner[j])
		}
	}
	if last := ws[len(ws)-1]; !slices.Equal(last, res.W) {
		t.Errorf("the last checkpoint %v is not the result %v: a checkpoint drops unlearned weights too", last, res.W)
	}
	if c := SupportCost(res.W, costs); c >= costs[6] {
		t.Errorf("a test example costs %g: the unlearned attribute is still charged", c)
	}
	unpriced := fitOrFatal(t, &AERR{K: 1, B: 1}, ds.Head(3), 5) // 3 examples, k = 1: most attributes never drawn
	if unpriced.Unlearned != nil || slices.Index(unpriced.W, 0) >= 0 {
		t.Errorf("an unpriced fit dropped weights %v (w %v): the papers' solvers keep their output", unpriced.Unlearned, unpriced.W)
	}
}

// A Two-Phased DDAERR fitted with prices for accounting (Options.Costs)
// drops the weights no phase moved: with ε = 0, an attribute never seen
// non-zero in the first phase has q = √A = 0 and is never drawn for a
// gradient in the second, so its weight stays w₁'s. The other weights are
// the unpriced fit's, bit for bit, and the unpriced fit keeps w₁.
func TestTwoPhasedDropsUnlearnedWeights(t *testing.T) {
	src, _, costs := pricedData(400, 6)
	x, y := make([]float64, 0, src.Len()*src.Dim()), make([]float64, src.Len())
	for i := range src.Len() {
		row := slices.Clone(src.Row(i))
		row[6] = 0 // never seen non-zero
		x, y[i] = append(x, row...), src.Label(i)
	}
	ds, err := NewDataset(x, y, src.Dim(), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := func() Solver {
		return &TwoPhasedDDAERR{K: 3, B: 1, M1: 100, TwoPhasedVariants: TwoPhasedVariants{EpsZero: true}}
	}
	priced, ws := fitCheckpoints(t, s(), ds, Options{Seed: 5, Costs: costs})
	unpriced := fitOrFatal(t, s(), ds, 5)
	if unpriced.W[6] == 0 || unpriced.Unlearned != nil {
		t.Fatalf("unpriced w_6 = %g, Unlearned %v: want w₁'s non-zero weight kept", unpriced.W[6], unpriced.Unlearned)
	}
	if !slices.Equal(priced.Unlearned, []int{6}) || priced.W[6] != 0 {
		t.Errorf("priced: Unlearned %v, w_6 = %g: want [6] and 0", priced.Unlearned, priced.W[6])
	}
	for j := range priced.W {
		if j != 6 && priced.W[j] != unpriced.W[j] {
			t.Errorf("w_%d = %g priced, %g unpriced: only unlearned weights may change", j, priced.W[j], unpriced.W[j])
		}
	}
	if last := ws[len(ws)-1]; !slices.Equal(last, priced.W) {
		t.Errorf("the last checkpoint %v is not the result %v", last, priced.W)
	}
}
