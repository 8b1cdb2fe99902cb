package kernel

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

func TestExerciseVerdicts(t *testing.T) {
	e := Exercise{ID: "1.1", Question: "ratio?", Measured: 2, RelTol: 0.05}
	for _, c := range []struct {
		p    float64
		ok   bool
		want string
	}{{Unanswered, false, "not answered yet"}, {2.05, true, "✓"}, {2.2, false, "✗"}} {
		if got := e.Check(c.p); got != c.ok {
			t.Errorf("Check(%g) = %v, want %v", c.p, got, c.ok)
		}
		if v := e.Verdict(c.p); !strings.Contains(v, c.want) {
			t.Errorf("Verdict(%g) = %q, want %q in it", c.p, v, c.want)
		}
	}
	if err := e.Solution(2.01); err != nil {
		t.Errorf("a right solution: %v", err)
	}
	for _, p := range []float64{2.5, Unanswered} {
		if err := e.Solution(p); err == nil {
			t.Errorf("Solution(%g): no error", p)
		}
	}
	abs := Exercise{Measured: 0.1, AbsTol: Tolerance(0.01)}
	if !abs.within(0.149) || abs.within(0.151) {
		t.Errorf("AbsTol of 5 SE = 0.05 around 0.1: within(0.149) = %v, within(0.151) = %v", abs.within(0.149), abs.within(0.151))
	}
}

func TestBoundVerdicts(t *testing.T) {
	x := []float64{1, 2, 4}
	zero := Curve{Name: "w = 0", X: []float64{1, 4}, Mean: []float64{0.5, 0.5}, Role: Zero}
	informative := Curve{Name: "A bound", X: x, Mean: []float64{2, 0.6, 0.3}, Role: Bound}
	vacuous := Curve{Name: "B bound", X: x, Mean: []float64{2, 1, 0.6}, Role: Bound}
	lines, err := BoundVerdicts([]Curve{informative, zero}, "m", "")
	if err != nil || len(lines) != 1 || !strings.Contains(lines[0], "from m = 4 on") {
		t.Errorf("informative bound: %q, %v", lines, err)
	}
	if _, err := BoundVerdicts([]Curve{informative, vacuous, zero}, "m", ""); err == nil {
		t.Error("a bound vacuous at every m without a reason: no error")
	}
	lines, err = BoundVerdicts([]Curve{informative, vacuous, zero}, "m", "its constant is 32")
	// B falls from 1 to 0.6 between m = 2 and 4 (slope log(0.6)/log 2 = −0.74) and would meet 0.5 near m = 4·(0.5/0.6)^(1/−0.74) = 5.1
	if err != nil || len(lines) != 2 || !strings.Contains(lines[1], VacuousMark) || !strings.Contains(lines[1], "its constant is 32") ||
		!strings.Contains(lines[1], "at the slope of its last points (-0.74) it would reach it near m = 5.1, 1.3 times the largest m here") {
		t.Errorf("vacuous bound with a reason: %q, %v", lines, err)
	}
	if _, err := BoundVerdicts([]Curve{informative}, "m", "x"); err == nil {
		t.Error("no Zero curve: no error")
	}
	// a theorem stated with O(·), drawn with constant 1: below w = 0 is not
	// a certified bound, and the line says so
	rate := plot.RateCurve("Theorem 2", Curve{Name: "AER", X: x, Mean: []float64{1, 1, 1}}, func(m float64) float64 { return 1.2 / m })
	lines, err = BoundVerdicts([]Curve{rate, zero}, "m", "")
	if err != nil || len(lines) != 1 || !strings.HasPrefix(lines[0], "Theorem 2 (O-constant 1): below the predict-0 risk") ||
		!strings.Contains(lines[0], "informative only if the theorem's O(·) constant were 1") {
		t.Errorf("rate curve: %q, %v", lines, err)
	}
}

// The notebooks' transcriptions of the papers' estimators (the cells
// students edit) must match the library draw for draw.
func aerrCell(ex *lao.Example, w []float64, k int, rng *rand.Rand) []float64 {
	d := ex.Dim()
	g := make([]float64, d)
	for range k { // x̃ = (d/k) Σ_r x_{i_r} e_{i_r}, i_r uniform
		i := rng.IntN(d)
		g[i] += float64(d) / float64(k) * ex.Attr(i)
	}
	var n2 float64
	for _, v := range w {
		n2 += v * v
	}
	phi := -ex.Label()
	if n2 > 0 { // φ̃ = ||w||² x_j / w_j − y, P[j] = w_j²/||w||²
		j := SampleSq(w, rng.Float64())
		phi += n2 * ex.Attr(j) / w[j]
	}
	for i := range g {
		g[i] *= phi
	}
	return g
}

func aerCell(ex *lao.Example, w []float64, k int, rng *rand.Rand) []float64 {
	d := ex.Dim()
	kx, ky := (k+1)/2, k/2
	perm := make([]int, d)
	for i := range perm {
		perm[i] = i
	}
	v := make([]float64, d)
	for i := range kx { // k/2 attributes without replacement (partial Fisher-Yates)
		j := i + rng.IntN(d-i)
		perm[i], perm[j] = perm[j], perm[i]
		v[perm[i]] += float64(d) / float64(kx) * ex.Attr(perm[i])
	}
	var yhat float64
	if n1 := Norm1(w); n1 > 0 {
		for range ky { // ŷ: k/2 draws with P[i] = |w_i|/||w||₁
			j := SampleAbs(w, rng.Float64())
			yhat += n1 * math.Copysign(1, w[j]) * ex.Attr(j)
		}
		yhat /= float64(ky)
	}
	for i := range v {
		v[i] *= 2 * (yhat - ex.Label())
	}
	return v
}

func genEstCell(f lao.Analytic, N int) ScalarEstimator {
	lmax := int(math.Floor(2 * math.Log2(float64(N))))
	return func(ex *lao.Example, w []float64, s, y float64, rng *rand.Rand) float64 {
		n := 0
		for { // P[n] = 2^−(n+1)
			u := rng.Uint64()
			if u != 0 {
				n += bits.TrailingZeros64(u)
				break
			}
			n += 64
		}
		var n2 float64
		for _, v := range w {
			n2 += v * v
		}
		draw := func() float64 {
			j := SampleSq(w, rng.Float64())
			return s * n2 * ex.Attr(j) / w[j]
		}
		prod := 1.0
		for range n {
			if n <= lmax {
				prod *= draw() - y
				continue
			}
			var sum float64
			for range N {
				sum += draw()
			}
			prod *= sum/float64(N) - y
		}
		return math.Ldexp(f.Coef(n)*prod, n+1)
	}
}

func TestCompareEstimator(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	d := 30
	w, x := make([]float64, d), make([]float64, d)
	for i := range d {
		w[i], x[i] = rng.NormFloat64()/6, rng.NormFloat64()/6
	}
	w[3] = 0
	for _, c := range []struct {
		solver string
		f      Estimator
	}{{"aerr", aerrCell}, {"aer", aerCell}} {
		cmp, err := CompareEstimator(c.solver, 4, c.f, w, x, 0.3, 2000)
		if err != nil || cmp.Differ != 0 || cmp.MaxAttrs > cmp.Budget {
			t.Errorf("%s transcription: %v, %v", c.solver, cmp, err)
		}
	}
	// A changed estimator (j drawn uniformly) differs.
	uniform := func(ex *lao.Example, w []float64, k int, rng *rand.Rand) []float64 {
		d := ex.Dim()
		g := make([]float64, d)
		for range k {
			i := rng.IntN(d)
			g[i] += float64(d) / float64(k) * ex.Attr(i)
		}
		j := rng.IntN(d)
		for i := range g {
			g[i] *= float64(d)*w[j]*ex.Attr(j) - ex.Label()
		}
		return g
	}
	if cmp, err := CompareEstimator("aerr", 4, uniform, w, x, 0.3, 200); err != nil || cmp.Differ < 150 {
		t.Errorf("uniform j: %v, %v: want most draws to differ", cmp, err)
	}
	// A cell that reads beyond the budget is an error, not a result.
	greedy := func(ex *lao.Example, w []float64, k int, rng *rand.Rand) []float64 {
		g := make([]float64, ex.Dim())
		for j := range g {
			g[j] = ex.Attr(j)
		}
		return g
	}
	if _, err := CompareEstimator("aerr", 4, greedy, w, x, 0.3, 1); err == nil {
		t.Error("an estimator over its budget: no error")
	}
	for _, f := range []lao.Analytic{lao.RhoSeries(), lao.LogisticSeries()} {
		g := kernelGenEst(t, f)
		cmp, err := CompareGenEst(f, 0.75, genEstCell(f, g.N()), w[:6], x[:6], 1, 0.4, 5000)
		if err != nil || cmp.Differ != 0 {
			t.Errorf("GenEst %s transcription: %v, %v", f.Name, cmp, err)
		}
	}
}

func kernelGenEst(t *testing.T, f lao.Analytic) *lao.GenEst {
	t.Helper()
	g, err := lao.NewGenEst(f, 0.75)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestCheckEnds(t *testing.T) {
	curve := func(label string, mse ...float64) experiments.Curve {
		c := experiments.Curve{Entry: experiments.Entry{Label: label}}
		for i, v := range mse {
			c.Points = append(c.Points, experiments.Point{Examples: 10 * (i + 1), MSE: v, MSEStd: 0.01})
		}
		return c
	}
	rep := &experiments.Report{Curves: []experiments.Curve{curve("falls", 1, 0.5, 0.4), curve("noise", 1, 0.4, 0.41), curve("rises", 1, 0.3, 0.6)}}
	if err := CheckEnds(rep, nil); err == nil || !strings.Contains(err.Error(), "rises ends at 0.6") || strings.Contains(err.Error(), "noise") {
		t.Errorf("CheckEnds: %v: want only the rising curve named", err)
	}
	if err := CheckEnds(rep, map[string]string{"rises": "why"}); err != nil {
		t.Errorf("an explained rise: %v", err)
	}
}

func TestMidSpikes(t *testing.T) {
	c := experiments.Curve{Entry: experiments.Entry{Label: "spiky"}}
	for i, v := range []float64{1.2, 0.9, 1.02, 1.1, 0.7, 1.08} { // not the first point (little data), 1.02 (noise) nor the last (CheckEnds)
		c.Points = append(c.Points, experiments.Point{Examples: 10 * (i + 1), MSE: v, ZeroMSE: 1})
	}
	got := midSpikes(c)
	if len(got) != 1 || !strings.Contains(got[0], "spiky after 40 examples: test error 1.1, above the zero predictor's 1") ||
		!strings.Contains(got[0], "next point is at 0.7") {
		t.Errorf("midSpikes = %q, want the one point at 40 examples", got)
	}
	c.Points[3].MSE = 0.95
	if got := midSpikes(c); len(got) != 0 {
		t.Errorf("midSpikes = %q on a curve that stays below the zero predictor after its start", got)
	}
}

// BelowAlong compares at equal attributes along the run: a curve that ends
// lower but was above for most of the run is below at few of the points,
// points where CV chose the zero predictor are skipped, and the other
// curve is interpolated in log attributes, never extrapolated.
func TestBelowAlong(t *testing.T) {
	pts := func(attrs []float64, mse ...float64) []experiments.Point {
		var out []experiments.Point
		for i, v := range mse {
			out = append(out, experiments.Point{Examples: 10 * (i + 1), Attributes: attrs[i], MSE: v})
		}
		return out
	}
	a := experiments.Curve{Entry: experiments.Entry{Label: "a"}, Points: pts([]float64{0, 50, 500, 5000, 50000}, 1, 1.1, 0.95, 0.9, 0.8)}
	a.Points[0].ZeroFits = 1
	b := experiments.Curve{Entry: experiments.Entry{Label: "b"}, Points: pts([]float64{40, 400, 4000, 40000}, 1.0, 0.9, 0.85, 0.82)}
	rep := &experiments.Report{Spec: experiments.Spec{Splits: 1}, Curves: []experiments.Curve{a, b}}
	below, compared, line, err := BelowAlong(rep, "a", "b")
	if err != nil {
		t.Fatal(err)
	}
	// 50000 lies more than 10 % beyond b's last point (not compared); at 50, 500, 5000 b is about 0.99, 0.89, 0.85.
	if below != 0 || compared != 3 || !strings.Contains(line, "at the last (5000 attributes): 0.900 vs 0.8") {
		t.Errorf("below %d of %d, %q; want 0 of 3, the last at 5000 attributes", below, compared, line)
	}
	// Within 10 % of b's last point, b's last value is used.
	rep.Curves[0].Points[4].Attributes = 43000
	if below, compared, line, _ = BelowAlong(rep, "a", "b"); below != 1 || compared != 4 || !strings.Contains(line, "(43000 attributes): 0.800 vs 0.820") {
		t.Errorf("below %d of %d, %q; want the last point compared with b's end value", below, compared, line)
	}
	if _, _, _, err := BelowAlong(rep, "a", "none"); err == nil {
		t.Error("a missing curve is not an error")
	}
}
