package lowerbound

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// moments draws n examples of inst and checks E[x y] and E[x xᵀ] against
// the given formulas within 5 standard errors (each entry is a mean of a
// bounded variable; its standard error comes from the sample).
func checkMoments(t *testing.T, inst Instance, n int, exy func(i int) float64, exx func(i, j int) float64) {
	t.Helper()
	d := inst.Dim()
	src := inst.Source(n, 5)
	row := make([]float64, d)
	sxy, sxy2 := make([]float64, d), make([]float64, d)
	sxx, sxx2 := make([]float64, d*d), make([]float64, d*d)
	for range n {
		y, err := src.Next(row)
		if err != nil {
			t.Fatal(err)
		}
		for i, v := range row {
			sxy[i] += v * y
			sxy2[i] += v * y * v * y
			for j, u := range row {
				sxx[i*d+j] += v * u
				sxx2[i*d+j] += v * u * v * u
			}
		}
	}
	check := func(what string, sum, sq, want float64) {
		mean := sum / float64(n)
		se := math.Sqrt(max(sq/float64(n)-mean*mean, 0) / float64(n))
		if math.Abs(mean-want) > 5*se+1e-12 {
			t.Errorf("%s: %s = %g, want %g (SE %g)", inst.Name(), what, mean, want, se)
		}
	}
	for i := range d {
		check("E[x_i y]", sxy[i], sxy2[i], exy(i))
		for j := range d {
			check("E[x_i x_j]", sxx[i*d+j], sxx2[i*d+j], exx(i, j))
		}
	}
}

// riskByMonteCarlo checks Risk(w) against the average loss of w on n
// examples, within 5 standard errors.
func riskByMonteCarlo(t *testing.T, inst Instance, w []float64, n int) {
	t.Helper()
	src := inst.Source(n, 6)
	row := make([]float64, inst.Dim())
	var s, sq float64
	half := 1.0
	if inst.Loss() == HalfSquared {
		half = 0.5
	}
	for range n {
		y, _ := src.Next(row)
		var p float64
		for i, v := range row {
			p += w[i] * v
		}
		l := half * (p - y) * (p - y)
		s += l
		sq += l * l
	}
	mean := s / float64(n)
	se := math.Sqrt((sq/float64(n) - mean*mean) / float64(n))
	if want := inst.Risk(w); math.Abs(mean-want) > 5*se {
		t.Errorf("%s: Monte Carlo risk %g ± %g, Risk(w) = %g", inst.Name(), mean, se, want)
	}
}

func TestCSSPopulation(t *testing.T) {
	c, err := NewCSS(8, 2, 0.04, 5)
	if err != nil {
		t.Fatal(err)
	}
	p := c.Bias()
	checkMoments(t, c, 100000,
		func(i int) float64 {
			if i == 5 {
				return 2 * p
			}
			return 0
		},
		func(i, j int) float64 {
			if i == j {
				return 1
			}
			return 0
		})
	rng := lao.NewRand(3)
	for range 3 {
		w := make([]float64, 8)
		for i := range w {
			w[i] = 0.3 * rng.NormFloat64()
		}
		riskByMonteCarlo(t, c, w, 100000)
		if e := c.Excess(w); math.Abs(e-(c.Risk(w)-c.RiskStar())) > 1e-12 {
			t.Errorf("Excess %g ≠ Risk − RiskStar %g", e, c.Risk(w)-c.RiskStar())
		}
	}
	if c.Excess(c.WStar()) != 0 || math.Abs(c.Risk(c.WStar())-(1-4*0.04)) > 1e-15 {
		t.Errorf("w*: excess %g, risk %g, want 0 and 1 − 4ε", c.Excess(c.WStar()), c.Risk(c.WStar()))
	}
	// Journal A.2: every w with excess below ε identifies j.
	for range 20000 {
		w := c.WStar()
		for i := range w {
			w[i] += 0.15 * rng.NormFloat64()
		}
		if c.Excess(w) < c.Eps() && !c.Identifies(w) {
			t.Fatalf("w with excess %g < ε does not identify j: %v", c.Excess(w), w)
		}
	}
}

func TestHazanKorenPopulation(t *testing.T) {
	h, err := NewHazanKoren(6, 1, 0.05, 2)
	if err != nil {
		t.Fatal(err)
	}
	p, u := h.Bias(), h.WStar()
	checkMoments(t, h, 100000,
		func(i int) float64 { return 2 * p * u[i] },
		func(i, j int) float64 {
			v := 4 * p * p * u[i] * u[j]
			if i == j {
				v += (1 - 4*p*p) / 6
			}
			return v
		})
	rng := lao.NewRand(4)
	for range 3 {
		w := make([]float64, 6)
		for i := range w {
			w[i] = 0.4 * rng.NormFloat64()
		}
		riskByMonteCarlo(t, h, w, 100000)
	}
	if math.Abs(h.Risk(u)-h.RiskStar()) > 1e-15 {
		t.Errorf("Risk(u) = %g, RiskStar = %g", h.Risk(u), h.RiskStar())
	}
}

// w* = u minimises the risk over the unit ball when p ≥ 1/(2(d − 1)):
// random points of the ball never do better; below the threshold a
// shorter multiple of u does (the reason the constructor refuses it).
func TestHazanKorenMinimiser(t *testing.T) {
	d := 9
	p0 := 1 / (2 * float64(d-1))
	rng := lao.NewRand(8)
	for _, p := range []float64{p0, 0.1, 0.25} {
		h, err := NewHazanKorenBias(d, 1, p/2, p, 3)
		if err != nil {
			t.Fatal(err)
		}
		u := h.WStar()
		for range 20000 {
			w := make([]float64, d)
			var n2 float64
			for i := range w {
				w[i] = u[i] + rng.NormFloat64()*rng.Float64()
				n2 += w[i] * w[i]
			}
			if n := math.Sqrt(n2); n > 1 {
				for i := range w {
					w[i] /= n
				}
			}
			if e := h.Excess(w); e < -1e-12 {
				t.Fatalf("p = %g: w in the ball with excess %g < 0", p, e)
			}
		}
	}
	below := &HazanKoren{d: d, p: 0.8 * p0, u: make([]float64, d)}
	for i := range below.u {
		below.u[i] = 1 / math.Sqrt(float64(d))
	}
	// Along u the risk is ½[((1 − 4p²)/d + 4p²)a² − 4pa + 1], smallest at
	// a = 2p/((1 − 4p²)/d + 4p²) < 1 here.
	q := below.p
	a := 2 * q / ((1-4*q*q)/float64(d) + 4*q*q)
	shorter := make([]float64, d)
	for i := range shorter {
		shorter[i] = a * below.u[i]
	}
	if a >= 1 || below.Risk(shorter) >= below.Risk(below.u) {
		t.Errorf("p below 1/(2(d−1)): %g·u should beat u, risks %g vs %g", a, below.Risk(shorter), below.Risk(below.u))
	}
	if _, err := NewHazanKorenBias(d, 1, 0.1, 0.8*p0, 1); err == nil {
		t.Error("bias below 1/(2(d−1)) accepted")
	}
}

// The floor of prediction on a budget, by exhaustive search over every
// adaptive predictor, equals the theorems' formula: 1/9 for Cesa-Bianchi et
// al. 2010 Theorem 4, 1 − k_t/d (JMLR 2011 Theorem 2) and (s − k_t)/s²
// (Theorem 3).
func TestActiveFloorExhaustive(t *testing.T) {
	th4 := NewCSSTheorem4()
	got, err := th4.BestActiveRisk(2)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got-1.0/9) > 1e-15 || math.Abs(th4.Floor(2)-1.0/9) > 1e-15 {
		t.Errorf("Theorem 4: best 2-active risk %g, floor %g, want 1/9", got, th4.Floor(2))
	}
	var insts []*Active
	for d := 1; d <= 7; d++ {
		a, _ := NewActiveL2(d)
		insts = append(insts, a)
		for s := 1; s <= d; s++ {
			a, _ := NewActiveL1(d, s)
			insts = append(insts, a)
		}
	}
	for _, a := range insts {
		for kt := 0; kt <= a.Dim(); kt++ {
			best, err := a.BestActiveRisk(kt)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(best-a.Floor(kt)) > 1e-12 {
				t.Errorf("%s, k_t = %d: exhaustive %g, floor %g", a.Name(), kt, best, a.Floor(kt))
			}
		}
	}
	l2, _ := NewActiveL2(6)
	if f := l2.Floor(2); math.Abs(f-(1-2.0/6)) > 1e-15 {
		t.Errorf("l2 floor %g, want 1 − k/d", f)
	}
	l1, _ := NewActiveL1(10, 6) // c = 3, k = 2: (1 − 1/c)/(ck) = 1/9
	if f := l1.Floor(2); math.Abs(f-(1-1.0/3)/6) > 1e-15 {
		t.Errorf("l1 floor %g, want (1 − 1/c)/(ck)", f)
	}
	big, _ := NewActiveL2(MaxExhaustiveD + 1)
	if _, err := big.BestActiveRisk(2); !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "d ") {
		t.Errorf("d > MaxExhaustiveD: %v", err)
	}
}

// Training on 2 attributes per example converges to w* (test risk with all
// attributes → 0), but the learned w used on 2 test attributes stays at
// 1/9 or above.
func TestActiveLearnOnBudgetPredictOnBudget(t *testing.T) {
	a := NewCSSTheorem4()
	res, err := lao.Fit(&lao.AERR{K: 1, B: 1}, a.Source(20000, 1), lao.Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	full, budget := a.Risk(res.W), a.BudgetedRisk(res.W, 2)
	t.Logf("AERR k = 1 (2 attributes per training example): risk %.4f with all 3 test attributes, %.4f with 2", full, budget)
	if full > 0.02 {
		t.Errorf("risk with all test attributes %g, want near 0", full)
	}
	if budget < 1.0/9 {
		t.Errorf("risk with 2 test attributes %g below the floor 1/9", budget)
	}
	if a.BudgetedRisk(a.WStar(), 2) != 1.0/9 && math.Abs(a.BudgetedRisk(a.WStar(), 2)-1.0/9) > 1e-15 {
		t.Errorf("w* on 2 attributes: %g", a.BudgetedRisk(a.WStar(), 2))
	}
}

func TestGeneratorErrorsNameTheParameter(t *testing.T) {
	cases := []struct {
		err   error
		param string
	}{
		{second(NewCSS(7, 2, 0.05, 0)), "d"}, // d < 4k
		{second(NewCSS(8, 0, 0.05, 0)), "k"},
		{second(NewCSS(8, 2, 1.0/16, 0)), "eps"},
		{second(NewCSS(8, 2, 0, 0)), "eps"},
		{second(NewCSS(8, 2, 0.05, 8)), "j"},
		{second(NewHazanKoren(1, 1, 0.05, 0)), "d"},
		{second(NewHazanKoren(8, 9, 0.05, 0)), "k"},
		{second(NewHazanKoren(8, 1, 0.2, 0)), "eps"},  // p = 0.4 > ¼
		{second(NewHazanKoren(8, 1, 0.01, 0)), "eps"}, // p = 0.02 < 1/14
		{second(NewActiveL1(4, 5)), "s"},
		{second(NewActiveL2(0)), "d"},
	}
	for i, c := range cases {
		if c.err == nil || !errors.Is(c.err, ErrParam) || !strings.Contains(c.err.Error(), " "+c.param+" ") {
			t.Errorf("case %d: error %v, want ErrParam naming %s", i, c.err, c.param)
		}
	}
	if _, err := MeasureSamples(&MajorityVote{K: 1}, NewCSSTheorem4(), 0, MeasureOptions{}); !errors.Is(err, ErrParam) {
		t.Errorf("eps = 0: %v", err)
	}
}

func second[T any](_ T, err error) error { return err }

// Sample materialises the same rows as the stream.
func TestSampleMatchesSource(t *testing.T) {
	c, _ := NewCSS(8, 1, 0.05, 2)
	ds, err := Sample(c, 50, 9)
	if err != nil {
		t.Fatal(err)
	}
	src := c.Source(50, 9)
	row := make([]float64, 8)
	for i := range 50 {
		y, _ := src.Next(row)
		if y != ds.Label(i) || maxDiff(row, ds.Row(i)) != 0 {
			t.Fatalf("row %d differs", i)
		}
	}
}

func maxDiff(a, b []float64) float64 {
	var m float64
	for i := range a {
		m = max(m, math.Abs(a[i]-b[i]))
	}
	return m
}
