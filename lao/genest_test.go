package lao

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao/internal/core"
)

// refGeometric is "choose n ≥ 0 with probability (½)^{n+1}" written as coin
// flips: the bits of uniform 64-bit words, lowest first, a 0 bit meaning
// "one more".
func refGeometric(rng *rand.Rand) int {
	n := 0
	for {
		u := rng.Uint64()
		for b := range 64 {
			if u>>b&1 == 1 {
				return n
			}
			n++
		}
	}
}

// refGenEst is Hazan & Koren 2012, Procedure 3, line by line, reading the
// full row x scaled by s (the input x' = s·x) and drawing j with a plain
// linear scan.
func refGenEst(x, w []float64, s, y float64, coef func(int) float64, B float64, rng *rand.Rand) float64 {
	N := math.Ceil(4 * B * B) // line 1
	n := refGeometric(rng)    // line 2
	theta := make([]float64, n)
	var n2 float64
	for _, v := range w {
		n2 += v * v
	}
	draw := func() float64 { // lines 5-6 / 10-11: ||w||²x'[j]/w[j] with P[j] = w_j²/||w||²
		if n2 == 0 {
			return 0
		}
		j, _ := refDraw(w, func(v float64) float64 { return v * v }, rng)
		return n2 * s * x[j] / w[j]
	}
	if float64(n) <= 2*math.Log2(N) { // line 3
		for r := range n {
			theta[r] = draw() - y
		}
	} else { // line 8
		for r := range n {
			var sum float64
			for range int(N) {
				sum += draw()
			}
			theta[r] = sum/N - y
		}
	}
	phi := math.Pow(2, float64(n+1)) * coef(n) // line 14
	if phi == 0 {
		return 0
	}
	for _, t := range theta {
		phi *= t
	}
	return phi
}

// genEstCase is one input of Procedure 3 with ||x||₂ ≤ 1, ||w||₂ ≤ B, |y| ≤ B.
type genEstCase struct {
	name string
	f    Analytic
	B, s float64
	x, w []float64
	y    float64
}

func genEstCases() []genEstCase {
	rng := NewRand(41)
	unit := func(d int, norm float64) []float64 {
		v := make([]float64, d)
		var n2 float64
		for i := range v {
			v[i] = rng.NormFloat64()
			n2 += v[i] * v[i]
		}
		for i := range v {
			v[i] *= norm / math.Sqrt(n2)
		}
		return v
	}
	w := unit(6, 0.75)
	w[3] = 0 // a zero weight is never drawn
	x := unit(6, 0.9)
	sparse := make([]float64, 6)
	sparse[1] = 0.5
	return []genEstCase{
		// N = ⌈4·0.75²⌉ = 3: n ≤ 3 draws once per θ, n ≥ 4 averages 3 draws.
		{"rho B=0.75", RhoSeries(), 0.75, 1, x, w, 0.4},
		{"rho B=0.75 y<0", RhoSeries(), 0.75, 1, x, w, -0.6},
		{"rho B=1.1 s=0.5", RhoSeries(), 1.1, 0.5, x, unit(6, 1.1), 0.9}, // N = 5
		{"rho w sparse", RhoSeries(), 0.75, 1, x, sparse, 0.2},
		{"rho w=0", RhoSeries(), 0.75, 1, x, make([]float64, 6), 0.7},
		{"logistic B=0.75", LogisticSeries(), 0.75, 1, x, w, 0.3},
		{"logistic classification s=y", LogisticSeries(), 0.75, -1, x, w, 0},
	}
}

// Hazan & Koren 2012, Lemma 4.1: φ̂ is unbiased for f'(w·x − y). The
// tolerance is 5 standard errors from the exact variance (SecondMoment −
// f'(θ)²), with fixed seeds.
func TestGenEstUnbiasedLemma41(t *testing.T) {
	const draws = 400000
	for i, c := range genEstCases() {
		g, err := NewGenEst(c.f, c.B)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.SetW(c.w); err != nil {
			t.Fatal(err)
		}
		theta := c.s*dot(c.w, c.x) - c.y
		want := c.f.Deriv(theta)
		variance := g.SecondMoment(c.w, c.x, c.s, c.y) - want*want
		if !(variance >= 0) || math.IsInf(variance, 0) {
			t.Fatalf("%s: variance %g", c.name, variance)
		}
		rng := NewRand(uint64(500 + i))
		ex := NewExample(len(c.x))
		var sum float64
		for range draws {
			ex.Reset(c.x, c.y, len(c.x))
			phi, err := g.Estimate(ex, c.s, c.y, rng)
			if err != nil {
				t.Fatal(err)
			}
			sum += phi
		}
		mean := sum / draws
		se := math.Sqrt(variance / draws)
		t.Logf("%s: θ = %.3f, mean %.5f, f'(θ) = %.5f, SE %.5f, Var %.3g", c.name, theta, mean, want, se, variance)
		if math.Abs(mean-want) > 5*se+1e-12 {
			t.Errorf("%s: mean %g, want f'(θ) = %g (%.1f standard errors)", c.name, mean, want, math.Abs(mean-want)/se)
		}
	}
}

// SecondMoment is the exact second moment: a simulation agrees within 5
// standard errors (estimated from the draws' fourth moment) on the cases
// with light tails (the others have a fourth moment too large for a sample
// to pin down).
func TestGenEstSecondMomentMatchesSimulation(t *testing.T) {
	const draws = 400000
	for i, c := range genEstCases() {
		if c.name != "rho w sparse" && c.name != "logistic B=0.75" {
			continue
		}
		g, _ := NewGenEst(c.f, c.B)
		g.SetW(c.w)
		want := g.SecondMoment(c.w, c.x, c.s, c.y)
		rng := NewRand(uint64(77 + i))
		ex := NewExample(len(c.x))
		var s2, s4 float64
		for range draws {
			ex.Reset(c.x, c.y, len(c.x))
			phi, _ := g.Estimate(ex, c.s, c.y, rng)
			s2 += phi * phi
			s4 += phi * phi * phi * phi
		}
		m2 := s2 / draws
		se := math.Sqrt(max(s4/draws-m2*m2, 0) / draws)
		t.Logf("%s: E[φ̂²] simulated %.5f ± %.5f, exact %.5f", c.name, m2, se, want)
		if math.Abs(m2-want) > 5*se {
			t.Errorf("%s: simulated E[φ̂²] = %g, SecondMoment = %g (%.1f SE)", c.name, m2, want, math.Abs(m2-want)/se)
		}
	}
}

// SecondMoment stays finite where erf's coefficients underflow float64:
// with RhoSeries' log-coefficients it is the sum with coefficients from
// math.Lgamma, and it is at least the sum's largest high-order term,
// 2^{n+1}a_n²vⁿ (notebook 07's lower bound, ln E[φ̂²]/ln² B ≥ 19 at B = 30);
// without them (Coef only) it is +Inf, as documented.
func TestGenEstSecondMomentLargeTheta(t *testing.T) {
	for n := range 300 {
		a := RhoCoef(n)
		if got := rhoLogAbsCoef(n); a != 0 && math.Abs(got-math.Log(math.Abs(a))) > 1e-9*math.Max(1, math.Abs(got)) {
			t.Fatalf("n = %d: ln|a_n| = %g, from RhoCoef %g", n, got, math.Log(math.Abs(a)))
		}
	}
	x := []float64{0.5, -0.3, 0.2, 0.6, 0.1, -0.2}
	w := []float64{0.4, 0.3, 0, -0.5, 0.2, 0.1}
	const eps = 0.025 // notebook 07's AESVR scaling x/ε with B = 0.75/ε = 30
	g, err := NewGenEst(RhoSeries(), 0.75/eps)
	if err != nil {
		t.Fatal(err)
	}
	m2 := g.SecondMoment(w, x, 1/eps, 0)
	if math.IsInf(m2, 0) || math.IsNaN(m2) {
		t.Fatalf("E[φ̂²] = %g at B = 30: the log-coefficients should keep it finite", m2)
	}
	var wx, n2, x2 float64
	for j := range w {
		if w[j] != 0 {
			wx, n2, x2 = wx+w[j]*x[j], n2+w[j]*w[j], x2+x[j]*x[j]
		}
	}
	theta, v1 := wx/eps, n2*x2/(eps*eps)
	vn := theta*theta + (v1-theta*theta)/float64(g.N())
	lmax := int(math.Floor(2 * math.Log2(float64(g.N()))))
	logSum, peak := math.Inf(-1), math.Inf(-1)
	for m := range 5000 {
		n, v := 2*m+1, v1
		if n > lmax {
			v = vn
		}
		lt := float64(n+1)*math.Ln2 + 2*(math.Log(2/math.SqrtPi)-lgamma(float64(m+1))-math.Log(float64(n))) + float64(n)*math.Log(v)
		logSum, peak = logAddExp(logSum, lt), math.Max(peak, lt)
	}
	if got := math.Log(m2); math.Abs(got-logSum) > 1e-9*logSum || got < peak {
		t.Errorf("ln E[φ̂²] = %.12g, want the direct sum's %.12g (at least its largest term's %.6g)", got, logSum, peak)
	}
	if r := math.Log(m2) / math.Pow(math.Log(30), 2); r < 19 {
		t.Errorf("ln E[φ̂²]/ln² B = %.2f at B = 30, below notebook 07's lower bound 19", r)
	}
	plain := RhoSeries()
	plain.LogAbsCoef = nil
	g2, _ := NewGenEst(plain, 0.75/eps)
	if m := g2.SecondMoment(w, x, 1/eps, 0); !math.IsInf(m, 1) {
		t.Errorf("without LogAbsCoef E[φ̂²] = %g at B = 30, want +Inf (the coefficients underflow)", m)
	}
}

// Lemma 4.1's attribute count: the exact expected number of draws is at
// most 2 (≤ 3 as stated) for every N, and the mean number of distinct
// attributes a call reveals agrees with it (d large and w flat, so repeats
// are rare) and stays below 3.
func TestGenEstAttributesLemma41(t *testing.T) {
	for _, B := range []float64{0.1, 0.5, 0.75, 1, 1.2, 2, 3.7, 10, 100, 1e4} {
		g, err := NewGenEst(RhoSeries(), B)
		if err != nil {
			t.Fatal(err)
		}
		if m := g.MeanDraws(); m > 2 || m < 1 {
			t.Errorf("B = %g (N = %d): expected draws %g, want in [1, 2]", B, g.N(), m)
		}
	}
	const d, calls = 4000, 200000
	for _, B := range []float64{0.75, 1.5} {
		g, _ := NewGenEst(RhoSeries(), B)
		w := make([]float64, d)
		x := make([]float64, d)
		for i := range w {
			w[i] = B / math.Sqrt(d)
			x[i] = 1 / math.Sqrt(d)
		}
		g.SetW(w)
		rng := NewRand(9)
		ex := NewExample(d)
		var sum, sq float64
		for range calls {
			ex.Reset(x, 0.3, d)
			if _, err := g.Estimate(ex, 1, 0.3, rng); err != nil {
				t.Fatal(err)
			}
			o := float64(ex.Observed())
			sum += o
			sq += o * o
		}
		mean := sum / calls
		se := math.Sqrt((sq/calls - mean*mean) / calls)
		want := g.MeanDraws()
		t.Logf("B = %g, N = %d: mean attributes per call %.4f ± %.4f, expected draws %.4f", B, g.N(), mean, se, want)
		if math.Abs(mean-want) > 5*se+0.01*want {
			t.Errorf("B = %g: mean attributes per call %g, expected draws %g", B, mean, want)
		}
		if mean+5*se > 3 {
			t.Errorf("B = %g: mean attributes per call %g ± %g exceeds Lemma 4.1's 3", B, mean, se)
		}
	}
}

// The library's GenEst (cumulative weights, binary search) draws the same
// numbers as the line-by-line transcription of Procedure 3.
func TestGenEstMatchesReference(t *testing.T) {
	for i, c := range genEstCases() {
		g, _ := NewGenEst(c.f, c.B)
		g.SetW(c.w)
		lib, ref := NewRand(uint64(900+i)), NewRand(uint64(900+i))
		ex := NewExample(len(c.x))
		for call := range 20000 {
			ex.Reset(c.x, c.y, len(c.x))
			got, err := g.Estimate(ex, c.s, c.y, lib)
			if err != nil {
				t.Fatal(err)
			}
			want := refGenEst(c.x, c.w, c.s, c.y, c.f.Coef, c.B, ref)
			if math.Abs(got-want) > 1e-12*max(1, math.Abs(want)) {
				t.Fatalf("%s: call %d: GenEst %g, reference %g", c.name, call, got, want)
			}
		}
	}
}

// Hazan & Koren 2012, Claim 4.2: f_ε is within ε of |x|_δ on a fine grid
// (math.Erf), and convex there (second differences ≥ 0). The largest gap
// is ε/√π (at x = 0 when δ = 0): the test also checks the grid gets close
// to it, so it would notice an f_ε that were simply |x|_δ.
func TestFEpsClaim42(t *testing.T) {
	for _, c := range []struct{ eps, delta float64 }{{1, 0}, {0.1, 0}, {0.1, 0.05}, {0.5, 1}, {0.01, 0.3}, {2, 0.2}} {
		var sup float64
		h := c.eps / 200
		prev2, prev1 := math.NaN(), math.NaN()
		lo, hi := -c.delta-8*c.eps-1, c.delta+8*c.eps+1
		for x := lo; x <= hi; x += h {
			f := FEps(x, c.eps, c.delta)
			sup = max(sup, math.Abs(f-Insensitive(x, c.delta)))
			if !math.IsNaN(prev2) && prev2-2*prev1+f < -1e-12*max(1, math.Abs(f)) {
				t.Errorf("ε = %g, δ = %g: f_ε not convex at %g", c.eps, c.delta, x)
			}
			prev2, prev1 = prev1, f
		}
		t.Logf("ε = %g, δ = %g: sup |f_ε − |x|_δ| = %.6g (ε/√π = %.6g)", c.eps, c.delta, sup, c.eps/math.SqrtPi)
		if sup > c.eps {
			t.Errorf("ε = %g, δ = %g: sup |f_ε − |x|_δ| = %g > ε", c.eps, c.delta, sup)
		}
		// At the kinks x = ±δ the gap is ε/(2√π) + (ε/2)(ρ(2δ/ε) − 2δ/ε).
		kink := c.eps/(2*math.SqrtPi) + c.eps/2*(Rho(2*c.delta/c.eps)-2*c.delta/c.eps)
		if math.Abs(FEps(c.delta, c.eps, c.delta)-kink) > 1e-12 || sup < kink*(1-1e-4) {
			t.Errorf("ε = %g, δ = %g: sup %g, but the gap at x = δ is %g", c.eps, c.delta, sup, kink)
		}
	}
}

// Hazan & Koren 2012, Claim 4.3: ρ'(x) = Σ a_{2n+1}x^{2n+1} with the
// coefficients of eq. (7); ρ' is checked against a central difference of ρ
// and against math.Erf.
func TestRhoSeriesClaim43(t *testing.T) {
	for x := -3.0; x <= 3.0; x += 0.01 {
		var series float64
		for n := 0; n < 200; n++ {
			series += RhoCoef(n) * math.Pow(x, float64(n))
		}
		h := 1e-5
		numeric := (Rho(x+h) - Rho(x-h)) / (2 * h)
		if math.Abs(series-math.Erf(x)) > 1e-12 {
			t.Fatalf("x = %g: series %g, erf %g", x, series, math.Erf(x))
		}
		if math.Abs(numeric-series) > 1e-8 {
			t.Fatalf("x = %g: (ρ(x+h) − ρ(x−h))/2h = %g, series %g", x, numeric, series)
		}
		if d := FEpsDeriv(x, 0.3, 0.1); math.Abs(d-(FEps(x+h, 0.3, 0.1)-FEps(x-h, 0.3, 0.1))/(2*h)) > 1e-7 {
			t.Fatalf("x = %g: FEpsDeriv %g disagrees with FEps", x, d)
		}
	}
	if RhoCoef(2) != 0 || math.Abs(RhoCoef(3)+2/(3*math.SqrtPi)) > 1e-16 {
		t.Errorf("a_2 = %g, a_3 = %g", RhoCoef(2), RhoCoef(3))
	}
}

// The logistic coefficients: the first four are ¼, −1/48, 1/480,
// −17/80640, and the series reproduces f'(z) = −1/(1 + e^z) inside the
// radius π.
func TestLogisticCoefficients(t *testing.T) {
	want := map[int]float64{0: -0.5, 1: 0.25, 2: 0, 3: -1.0 / 48, 5: 1.0 / 480, 7: -17.0 / 80640}
	for n, w := range want {
		if got := LogisticCoef(n); math.Abs(got-w) > 1e-15 {
			t.Errorf("a_%d = %g, want %g", n, got, w)
		}
	}
	for z := -2.5; z <= 2.5; z += 0.01 {
		var series float64
		for n := range 400 {
			series += LogisticCoef(n) * math.Pow(z, float64(n))
		}
		if exact := -1 / (1 + math.Exp(z)); math.Abs(series-exact) > 1e-12 {
			t.Fatalf("z = %g: series %g, −1/(1+e^z) = %g", z, series, exact)
		}
		if math.Abs(LogisticDeriv(z)+1/(1+math.Exp(z))) > 1e-15 {
			t.Fatalf("z = %g: LogisticDeriv", z)
		}
	}
	if r := RootTestRadius(LogisticCoef); math.Abs(r-math.Pi) > 0.1 {
		t.Errorf("root-test radius of the logistic series %g, want about π", r)
	}
}

// Bad inputs are errors that name the parameter.
func TestGenEstBadInputs(t *testing.T) {
	geometric := Analytic{Name: "1/(1−z)", Coef: func(int) float64 { return 1 }} // radius 1, undeclared
	cases := []struct {
		f     Analytic
		B     float64
		param string
	}{
		{RhoSeries(), 0, "B"},
		{RhoSeries(), -1, "B"},
		{RhoSeries(), math.NaN(), "B"},
		{RhoSeries(), math.Inf(1), "B"},
		{Analytic{Name: "nil"}, 1, "Coef"},
		{LogisticSeries(), 2, "B"},           // needs radius 4 > π
		{LogisticSeries(), math.Pi / 2, "B"}, // 2B = π: not absolutely convergent on the boundary
		{geometric, 1, "Coef"},               // root test: radius 1 ≤ 2
		{Analytic{Name: "x", Coef: RhoCoef, Radius: -1}, 1, "Radius"},
	}
	for _, c := range cases {
		_, err := NewGenEst(c.f, c.B)
		if err == nil || !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.param) {
			t.Errorf("NewGenEst(%s, B = %g): error %v, want ErrParam naming %s", c.f.Name, c.B, err, c.param)
		}
	}
	if _, err := NewGenEst(LogisticSeries(), 1.5); err != nil { // 3 < π
		t.Errorf("logistic, B = 1.5: %v", err)
	}
	if _, err := NewGenEst(geometric, 0.4); err != nil { // 0.8 < 1
		t.Errorf("geometric series, B = 0.4: %v", err)
	}
	g, _ := NewGenEst(RhoSeries(), 1)
	ex := NewExample(3)
	ex.Reset([]float64{1, 0, 0}, 0, 3)
	if _, err := g.Estimate(ex, 1, 0, NewRand(1)); !errors.Is(err, ErrParam) {
		t.Errorf("Estimate before SetW: %v", err)
	}
	if err := g.SetW([]float64{1, math.NaN(), 0}); !errors.Is(err, ErrNotFinite) {
		t.Errorf("SetW(NaN): %v", err)
	}
	g.SetW([]float64{1, 1})
	if _, err := g.Estimate(ex, 1, 0, NewRand(1)); !errors.Is(err, ErrShape) {
		t.Errorf("Estimate with len(w) ≠ d: %v", err)
	}
	// A budget of 0 attributes: the first draw is refused, as an error.
	g.SetW([]float64{1, 1, 1})
	rng := NewRand(3)
	var refused bool
	for range 50 {
		ex.Reset([]float64{0.5, 0.5, 0.5}, 0, 0)
		if _, err := g.Estimate(ex, 1, 0, rng); err != nil {
			if !errors.Is(err, ErrBudgetExceeded) {
				t.Fatalf("refusal: %v", err)
			}
			refused = true
		}
	}
	if !refused {
		t.Error("50 calls with a zero budget never needed an attribute")
	}
}

// The AESVR learner's GenEst (estimateDrawn: draws made ahead and read in
// batches, w's records hinted at d ≥ 2^13) against the draw-by-draw
// estimate: the same φ̂ to the bit and the same attributes revealed in the
// same order, from the same random numbers, on every case above and at
// d = 2^13 (the hints), in batches of 3 (their boundaries fall inside both
// branches of Procedure 3) and of maxBatchedDraws.
func TestGenEstDrawnMatchesEstimate(t *testing.T) {
	cases := genEstCases()
	wide := NewRand(43)
	x, w := make([]float64, 1<<13), make([]float64, 1<<13)
	for i := range x {
		x[i], w[i] = wide.NormFloat64()/90, wide.NormFloat64()/120
	}
	cases = append(cases, genEstCase{"rho d=2^13", RhoSeries(), 0.75, 1, x, w, 0.3},
		genEstCase{"rho s=0.3", RhoSeries(), 1.1, 0.3, cases[0].x, cases[2].w, 0.2})
	for i, c := range cases {
		g, err := NewGenEst(c.f, c.B)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		g.SetW(c.w)
		ball := g.w.(*core.Ball)
		for _, chunk := range []int{3, maxBatchedDraws} {
			seq, drawn := NewRand(uint64(950+i)), NewRand(uint64(950+i))
			a, b := NewExample(len(c.x)), NewExample(len(c.x))
			var batch drawnReads
			for call := range 3000 {
				a.Reset(c.x, c.y, len(c.x))
				b.Reset(c.x, c.y, len(c.x))
				want := g.estimate(a, ball, c.s, c.y, seq)
				got := g.estimateDrawn(b, ball, c.s, c.y, drawn, &batch, chunk)
				if math.Float64bits(got) != math.Float64bits(want) || !slices.Equal(a.RevealedList(), b.RevealedList()) {
					t.Fatalf("%s, batches of %d: call %d: drawn %g (revealed %v), draw by draw %g (%v)",
						c.name, chunk, call, got, b.RevealedList(), want, a.RevealedList())
				}
			}
		}
	}
}
