package lao

import (
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"testing"
)

// cellTable serves a Dataset as a CellSource and counts, independently of
// the handle, the cells it delivered and the batches it was asked for. It
// checks the CellSource contract: each attribute asked at most once per
// example.
type cellTable struct {
	ds             *Dataset
	i              int
	cells, batches int64
	perExample     map[int]bool
	failAt         int // fail the first fetch of this example (1-based), 0: never
	err            error
}

func (c *cellTable) Dim() int { return c.ds.Dim() }
func (c *cellTable) Len() int { return c.ds.Len() }
func (c *cellTable) Next(row []float64) (float64, error) {
	if c.i >= c.ds.Len() {
		return 0, io.EOF
	}
	copy(row, c.ds.Row(c.i))
	c.i++
	return c.ds.Label(c.i - 1), nil
}
func (c *cellTable) NextLabel() (float64, error) {
	if c.i >= c.ds.Len() {
		return 0, io.EOF
	}
	c.i++
	c.perExample = map[int]bool{}
	return c.ds.Label(c.i - 1), nil
}
func (c *cellTable) Fetch(attrs []int, vals []float64) error {
	if c.failAt == c.i {
		return errors.New("connection lost")
	}
	c.batches++
	for a, j := range attrs {
		if c.perExample[j] && c.err == nil {
			c.err = fmt.Errorf("example %d: attribute %d fetched twice", c.i, j)
		}
		c.perExample[j] = true
		vals[a] = c.ds.Row(c.i - 1)[j]
		c.cells++
	}
	return nil
}

// The protocol on a lazy source: every solver fitted on a CellSource gives
// the weights and accounting of the same rows in memory, bit for bit, and
// the source delivered exactly the cells the handles revealed (counted on
// the source's side); AERR-type solvers fetch their x̃ draws in one batch.
func TestCellSourceProtocol(t *testing.T) {
	rng := NewRand(31)
	for trial := range 8 {
		d := 3 + rng.IntN(20)
		k := 2 + rng.IntN(d-2)
		m := 20 + rng.IntN(60)
		p := signProblem{d: d, scale: 1 / math.Sqrt(float64(d)), wstar: randomWStar(d, 1+rng.IntN(d), 0.5, rng), sigma: 0.2}
		ds := p.sample(m, rng)
		solvers := append(stochasticSolvers(k, d), sparseSolvers(d, k, max(1, k-2), []int{0, d - 1})...)
		solvers = append(solvers, &Ridge{})
		for _, s := range solvers {
			seed := rng.Uint64()
			want, err := Fit(s, ds.Stream(), Options{Seed: seed})
			if err != nil {
				t.Fatalf("%s: %v", s.Name(), err)
			}
			src := &cellTable{ds: ds}
			got, err := Fit(s, src, Options{Seed: seed})
			if err != nil {
				t.Fatalf("%s lazy: %v", s.Name(), err)
			}
			if src.err != nil {
				t.Errorf("%s: %v", s.Name(), src.err)
			}
			if !reflect.DeepEqual(got.W, want.W) || got.Attributes != want.Attributes || !slices.Equal(got.AttributeCounts, want.AttributeCounts) {
				t.Errorf("trial %d %s d=%d k=%d: lazy fit differs: W %v vs %v, attributes %d vs %d", trial, s.Name(), d, k, got.W, want.W, got.Attributes, want.Attributes)
			}
			if src.cells != got.Attributes {
				t.Errorf("%s: the source delivered %d cells, the handles revealed %d", s.Name(), src.cells, got.Attributes)
			}
			if a, ok := s.(*AERR); ok && !a.Split && src.batches > int64(m) { // x̃'s k and the inner product's one read in one batch
				t.Errorf("aerr: %d fetches for %d examples, want at most 1 per example", src.batches, m)
			}
		}
	}
}

// Predict on a lazy row fetches the model's support in one batch, within
// the prediction budget.
func TestCellSourcePredict(t *testing.T) {
	ds, err := NewDataset([]float64{1, 2, 3, 4, 5, 6}, []float64{1, 2}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	src := &cellTable{ds: ds}
	ex := NewExample(3)
	w := []float64{0.5, 0, 2}
	for i := range 2 {
		y, err := src.NextLabel()
		if err != nil {
			t.Fatal(err)
		}
		ex.ResetLazy(y, 2, src)
		p, err := Predict(w, ex)
		if err != nil {
			t.Fatal(err)
		}
		if want := 0.5*ds.Row(i)[0] + 2*ds.Row(i)[2]; p != want {
			t.Errorf("row %d: %g, want %g", i, p, want)
		}
	}
	if src.cells != 4 || src.batches != 2 {
		t.Errorf("%d cells in %d batches, want 4 in 2", src.cells, src.batches)
	}
	src = &cellTable{ds: ds}
	y, _ := src.NextLabel()
	ex.ResetLazy(y, 1, src)
	if _, err := Predict(w, ex); !errors.Is(err, ErrBudgetExceeded) || src.cells != 1 {
		t.Errorf("over budget: %v, %d cells fetched (want the budget's 1)", err, src.cells)
	}
}

// A source that fails mid-fit ends the fit with its error: no result.
func TestCellSourceFailure(t *testing.T) {
	rng := NewRand(3)
	p := signProblem{d: 6, scale: 0.4, wstar: randomWStar(6, 3, 0.5, rng), sigma: 0.2}
	ds := p.sample(30, rng)
	for _, s := range []Solver{&AERR{K: 2}, &Ridge{}, &Exploration{K: 3, S: 2, Batch: 2}} {
		res, err := Fit(s, &cellTable{ds: ds, failAt: 17}, Options{Seed: 1})
		var se *SourceError
		if res != nil || !errors.As(err, &se) || !errors.Is(err, err) {
			t.Errorf("%s: %v, %v; want no result and a *SourceError", s.Name(), res, err)
		}
	}
}

// Priced solvers on a lazy source: the same weights, spend and accounting
// as in memory, under a cost budget that refuses some reads; the source
// delivered exactly the cells revealed.
func TestCellSourcePriced(t *testing.T) {
	rng := NewRand(77)
	const d, m = 9, 60
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 4, 0.5, rng), sigma: 0.2}
	ds := p.sample(m, rng)
	costs := make([]float64, d)
	mom := make([]float64, d)
	for i := range costs {
		costs[i], mom[i] = 1+float64(i%4), 1/float64(i+1)
	}
	for name, mk := range pricedSolvers(mom) {
		s := mk(costs, false)
		want, err := Fit(s, ds.Stream(), Options{Seed: 5})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		src := &cellTable{ds: ds}
		got, err := Fit(s, src, Options{Seed: 5})
		if err != nil {
			t.Fatalf("%s lazy: %v", name, err)
		}
		if !reflect.DeepEqual(got.W, want.W) || got.CostSpent != want.CostSpent || got.Attributes != want.Attributes || src.cells != got.Attributes || src.err != nil {
			t.Errorf("%s: lazy W %v spent %g attributes %d (cells %d, %v); in memory W %v spent %g attributes %d",
				name, got.W, got.CostSpent, got.Attributes, src.cells, src.err, want.W, want.CostSpent, want.Attributes)
		}
	}
}
