package experiments

import (
	"math"
	"slices"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Centring (Preprocess.Center, through frames.PrepareParts) and the intercept: the transformed training part has zero
// column and label means, the test part is shifted by the training means,
// and the error of w on it is that of the model w·(x − μ) + ȳ on the
// original data.
func TestPreprocess(t *testing.T) {
	rng := lao.NewRand(3)
	const m, d = 50, 4
	mk := func(n int) *lao.Dataset {
		x, y := make([]float64, n*d), make([]float64, n)
		for i := range x {
			x[i] = rng.Float64() + float64(i%d)
		}
		for i := range y {
			y[i] = float64(2*rng.IntN(2)-1) + 0.3
		}
		ds, _ := lao.NewDataset(x, y, d, nil)
		return ds
	}
	train, test := mk(m), mk(20)
	sp := &splitPrep{train: train, test: test, pre: Preprocess{Center: true}, cache: map[string]*frames.Prepared{}}
	p, err := sp.forSolver(&lao.AER{K: 2})
	if err != nil {
		t.Fatal(err)
	}
	tr, off := p.Train.(*lao.Dataset), p.Transform.YOffset
	mu := make([]float64, d)
	var ybar float64
	for i := range m {
		for j, v := range train.Row(i) {
			mu[j] += v / m
		}
		ybar += train.Label(i) / m
	}
	if math.Abs(off-ybar) > 1e-12 {
		t.Errorf("offset %g, want the training mean %g", off, ybar)
	}
	for j := range d {
		var s float64
		for i := range m {
			s += tr.Row(i)[j]
		}
		if math.Abs(s/m) > 1e-12 {
			t.Errorf("column %d: mean %g after centring", j, s/m)
		}
	}
	w := []float64{0.3, -0.2, 0.1, 0.05}
	var mse float64
	wrong := 0
	for i := range test.Len() {
		var p float64
		for j, v := range test.Row(i) {
			p += w[j] * (v - mu[j])
		}
		p += ybar
		mse += (p - test.Label(i)) * (p - test.Label(i)) / float64(test.Len())
		if (p > 0) != (test.Label(i) > 0) {
			wrong++
		}
	}
	sc, err := p.Score(w, 0)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(sc.MSE-mse) > 1e-12 {
		t.Errorf("MSE %g on the shifted test part, want %g", sc.MSE, mse)
	}
	if got := sc.ClassificationError; got != float64(wrong)/float64(test.Len()) {
		t.Errorf("classification error %g, want %g", got, float64(wrong)/float64(test.Len()))
	}
	sp.pre = Preprocess{}
	if p, err := sp.forSolver(&lao.AER{K: 2}); err != nil || p.Transform.YOffset != 0 || !slices.Equal(p.Train.(*lao.Dataset).Labels(), train.Labels()) ||
		!slices.Equal(p.Test.(*lao.Dataset).Row(3), test.Row(3)) {
		t.Errorf("the zero Preprocess changed the data (%v)", err)
	}
}
