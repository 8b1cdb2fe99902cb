package lowerbound

import (
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
)

func TestSlope(t *testing.T) {
	x := []float64{1, 2, 4, 8, 16}
	y := make([]float64, len(x))
	for i, v := range x {
		y[i] = 3 * math.Pow(v, -1.7)
	}
	if s := Slope(x, y); math.Abs(s+1.7) > 1e-12 {
		t.Errorf("slope %g, want −1.7", s)
	}
	if s := Slope([]float64{1}, []float64{2}); !math.IsNaN(s) {
		t.Errorf("one point: slope %g, want NaN", s)
	}
}

// majorityExcess is the expected excess of MajorityVote on the HazanKoren
// instance after n reads of every coordinate: with f the probability that
// a coordinate's vote is wrong (ties split evenly),
// E Excess = 4pf − 8p²f(1 − f)(1 − 1/d) (lower-bounds-and-competitors.md §3.4).
func majorityExcess(d, n int, p float64) float64 {
	q := 0.5 - p // the probability that one coin disagrees with σ_i
	var f float64
	for j := 0; j <= n; j++ { // j coins disagree
		lp := lgamma(n+1) - lgamma(j+1) - lgamma(n-j+1) + float64(j)*math.Log(q) + float64(n-j)*math.Log(1-q)
		switch {
		case 2*j > n:
			f += math.Exp(lp)
		case 2*j == n:
			f += 0.5 * math.Exp(lp)
		}
	}
	return 4*p*f - 8*p*p*f*(1-f)*(1-1/float64(d))
}

func lgamma(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}

// The majority vote's mean excess on the ridge instance after n reads of
// every coordinate matches its closed form within 5 standard errors (from
// the spread over 40 seeds).
func TestMajorityVoteClosedForm(t *testing.T) {
	const d, seeds = 128, 40
	h, _ := NewHazanKoren(d, 1, 0.05, 1)
	for _, n := range []int{9, 17, 33} { // odd: no ties
		var s, sq float64
		for seed := range uint64(seeds) {
			res, err := lao.Fit(&MajorityVote{K: 1}, h.Source(d*n, seed), lao.Options{Seed: seed})
			if err != nil {
				t.Fatal(err)
			}
			e := h.Excess(res.W)
			s += e
			sq += e * e
		}
		mean := s / seeds
		se := math.Sqrt((sq/seeds - mean*mean) / seeds)
		want := majorityExcess(d, n, h.Bias())
		t.Logf("n = %d reads per coordinate: mean excess %.4f ± %.4f, closed form %.4f", n, mean, se, want)
		if math.Abs(mean-want) > 5*se {
			t.Errorf("n = %d: mean excess %g, closed form %g (%.1f SE)", n, mean, want, math.Abs(mean-want)/se)
		}
	}
}

// MeasureSamples returns a consistent curve: the last median is below ε,
// the one before is not, M is interpolated between their sizes, and the
// attribute count is the solver's k.
func TestMeasureSamplesCurve(t *testing.T) {
	for _, c := range []struct {
		d, k int
		eps  float64
	}{{128, 1, 0.05}, {256, 2, 0.05}, {64, 1, 0.03}} {
		h, err := NewHazanKoren(c.d, c.k, c.eps, 1)
		if err != nil {
			t.Fatal(err)
		}
		got, err := MeasureSamples(&MajorityVote{K: c.k}, h, c.eps, MeasureOptions{Seeds: 5})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("d = %d, k = %d, ε = %g: M = %.0f (d/(kε²) = %.0f)", c.d, c.k, c.eps, got.M, HKMinExamples(c.d, c.k, c.eps))
		last := len(got.Sizes) - 1
		if !got.Reached || last < 1 || got.Median[last] >= c.eps || got.Median[last-1] < c.eps ||
			got.M < float64(got.Sizes[last-1]) || got.M > float64(got.Sizes[last]) {
			t.Errorf("inconsistent curve: sizes %v, medians %v, M %g", got.Sizes, got.Median, got.M)
		}
		if got.AttributesPerExample != float64(c.k) {
			t.Errorf("attributes per example %g, want k = %d", got.AttributesPerExample, c.k)
		}
	}
}

// The coin counter identifies the good attribute of the CSS instance within
// a small multiple of the lower bound, and a solver that reaches nothing
// by MMax reports Reached = false.
func TestMeasureSamplesCoinCounter(t *testing.T) {
	c, _ := NewCSS(64, 2, 0.05, 17)
	got, err := MeasureSamples(&CoinCounter{K: 2}, c, c.Eps(), MeasureOptions{Seeds: 5})
	if err != nil {
		t.Fatal(err)
	}
	lower := CSSMinExamples(64, 2, 0.05)
	// Prediction of the reconstruction: about d ln d/(2kε) examples.
	pred := 64 * math.Log(64) / (2 * 2 * 0.05)
	t.Logf("coin counter: M = %.0f, journal lower bound %.1f, d ln d/(2kε) = %.0f", got.M, lower, pred)
	if !got.Reached || got.M < lower || got.M > 3*pred {
		t.Errorf("coin counter needed %g examples (lower bound %g, prediction %g)", got.M, lower, pred)
	}
	never, err := MeasureSamples(&CoinCounter{K: 2}, c, c.Eps(), MeasureOptions{Seeds: 3, MMax: 64})
	if err != nil || never.Reached || !math.IsNaN(never.M) {
		t.Errorf("MMax = 64: %+v, %v", never, err)
	}
}

// Workers > 1 gives the same medians as a sequential run.
func TestMeasureSamplesWorkers(t *testing.T) {
	h, _ := NewHazanKoren(32, 1, 0.05, 2)
	a, err := MeasureSamples(&lao.AERR{K: 1}, h, 0.05, MeasureOptions{Seeds: 4, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	b, err := MeasureSamples(&lao.AERR{K: 1}, h, 0.05, MeasureOptions{Seeds: 4, Seed: 3, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if a.M != b.M || len(a.Median) != len(b.Median) {
		t.Errorf("sequential M = %g, parallel M = %g", a.M, b.M)
	}
}
