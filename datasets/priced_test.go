package datasets_test

import (
	"errors"
	"math"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/lao"
)

// The priced family: prices, w* on the cheap or the expensive attributes,
// the closed-form predicted gain, exact excess risk, bad fields named.
func TestPricedModel(t *testing.T) {
	for _, exp := range []bool{false, true} {
		p := datasets.PricedModel{InformativeExpensive: exp}
		c, err := p.Costs()
		if err != nil || len(c) != 40 || c[31] != 1 || c[32] != 100 {
			t.Fatalf("prices %v, %v", c, err)
		}
		w, _ := p.WStar()
		first := 0
		if exp {
			first = 32
		}
		var n2 float64
		for j, v := range w {
			if v != 0 && (j < first || j >= first+4) {
				t.Errorf("informative expensive %v: w*[%d] = %g", exp, j, v)
			}
			n2 += v * v
		}
		if math.Abs(n2-1) > 1e-12 {
			t.Errorf("||w*||² = %g, want 1", n2)
		}
		ds, err := p.Sample(20000, 3)
		if err != nil {
			t.Fatal(err)
		}
		// the least-squares fit on a large sample is close to w*
		res, err := lao.Fit(&lao.Ridge{Lambda: 1e-9}, ds.Stream(), lao.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if e, _ := p.Excess(res.W); e > 0.01 {
			t.Errorf("least squares on 20000 examples: excess %g", e)
		}
	}
	g, err := datasets.PricedModel{}.PredictedGain()
	if want := (0.8 + 0.2*100) / math.Pow(0.8+0.2*10, 2); err != nil || math.Abs(g-want) > 1e-12 {
		t.Errorf("predicted gain %g, want (1 − f + fr)/(1 − f + f√r)² = %g", g, want)
	}
	for _, bad := range []datasets.PricedModel{{D: 1}, {Expensive: 1.5}, {Ratio: -1}, {Noise: math.NaN()}, {S: 30}} {
		if _, err := bad.Sample(10, 1); !errors.Is(err, lao.ErrParam) {
			t.Errorf("%+v: %v", bad, err)
		}
	}
}
