package lao

import (
	"errors"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/laoproject/lao/lao/internal/quadl1"
)

// fiData returns m Gaussian examples with d correlated attributes and a
// noisy linear label.
func fiData(seed uint64, m, d int) *Dataset {
	rng := NewRand(seed)
	X := make([]float64, m*d) // rows: a Gaussian AR(1) sequence, correlation 0.5
	for i := range m {
		prev := rng.NormFloat64()
		for j := range d {
			z := 0.5*prev + math.Sqrt(0.75)*rng.NormFloat64()
			X[i*d+j], prev = z, z
		}
	}
	wt := make([]float64, d)
	for j := range wt {
		wt[j] = rng.NormFloat64()
	}
	y := make([]float64, m)
	for i := range y {
		y[i] = dot(wt, X[i*d:(i+1)*d]) + rng.NormFloat64()
	}
	ds, err := NewDataset(X, y, d, nil)
	if err != nil {
		panic(err)
	}
	return ds
}

// fiMoments returns C = XᵀX/m and b = Xᵀy/m computed directly.
func fiMoments(ds *Dataset) (C, b []float64) {
	m, d := ds.Len(), ds.Dim()
	C, b = make([]float64, d*d), make([]float64, d)
	for t := range m {
		x := ds.Row(t)
		for i := range d {
			for j := range d {
				C[i*d+j] += x[i] * x[j] / float64(m)
			}
			b[i] += x[i] * ds.Label(t) / float64(m)
		}
	}
	return C, b
}

func fiFit(t *testing.T, s Solver, ds *Dataset) *Result {
	t.Helper()
	res, err := Fit(s, ds.Stream(), Options{})
	if err != nil {
		t.Fatalf("%s: %v", s.Name(), err)
	}
	return res
}

func TestRidgePenalisedClosedForm(t *testing.T) {
	for _, c := range []struct{ m, d int }{{200, 10}, {15, 30}, {1, 4}} {
		ds := fiData(1, c.m, c.d)
		for _, lambda := range []float64{1e-3, 0.1, 10} {
			w := fiFit(t, &Ridge{Lambda: lambda}, ds).W
			C, b := fiMoments(ds)
			for i := range c.d {
				C[i*c.d+i] += lambda
			}
			var want mat.VecDense // (XᵀX/m + λI) w = Xᵀy/m by LU
			if err := want.SolveVec(mat.NewDense(c.d, c.d, C), mat.NewVecDense(c.d, b)); err != nil {
				t.Fatal(err)
			}
			wv := want.RawVector().Data
			if diff := maxAbsDiff(w, wv); diff > 1e-8*(1+math.Sqrt(dot(wv, wv))) {
				t.Errorf("m=%d d=%d λ=%g: differs from the closed form by %g", c.m, c.d, lambda, diff)
			}
		}
	}
}

// C + λI singular to rounding: C = vvᵀ (rank one) with b = 0.7v, as the
// moments of a table whose columns are multiples of one another, and λ at
// or below rounding of ||C||. The solve must give C⁺b = 0.7v/||v||² (the
// limit λ → 0 of the ridge solution, within rounding of it when λ is tiny)
// whether the Cholesky pivot of the second column comes out 0 (λ = 1e-300:
// 4 + 1e-300 − 4) or tiny and positive (λ = 1e-17), never the rounding in
// b's null-space components divided by λ. Also a C whose second column
// differs from the first by one rounding (condition about 4e15).
func TestRidgePenalisedSingular(t *testing.T) {
	v := []float64{1, 2, 3}
	const d = 3
	C, b, want := make([]float64, d*d), make([]float64, d), make([]float64, d)
	for i := range d {
		for j := range d {
			C[i*d+j] = v[i] * v[j]
		}
		b[i], want[i] = 0.7*v[i], 0.7*v[i]/14
	}
	for _, lambda := range []float64{1e-300, 1e-17} {
		w := make([]float64, d)
		if err := ridgePenalised(C, b, d, lambda, w); err != nil {
			t.Fatal(err)
		}
		if diff := maxAbsDiff(w, want); !(diff <= 1e-12) {
			t.Errorf("λ = %g: w = %v, want C⁺b = %v", lambda, w, want)
		}
	}
	near := []float64{1, 1, 1, 1 + 0x1p-50} // [[1, 1], [1, 1 + 2⁻⁵⁰]]
	w := make([]float64, 2)
	if err := ridgePenalised(near, []float64{1, 1}, 2, 1e-300, w); err != nil {
		t.Fatal(err)
	}
	if diff := maxAbsDiff(w, []float64{0.5, 0.5}); !(diff <= 1e-12) {
		t.Errorf("nearly singular: w = %v, want about (0.5, 0.5), the minimiser along C's large eigenvector", w)
	}
}

// fiRidgeKKT checks (C + μI)w = b, ||w|| ≤ B, μ ≥ 0, μ(||w||−B) = 0: the
// gradient 2(Cw − b) of the empirical loss must be −2μw.
func fiRidgeKKT(C, b []float64, d int, B float64, w []float64) (mu float64, msg string) {
	g := make([]float64, d)
	for i := range d {
		g[i] = 2 * (dot(C[i*d:(i+1)*d], w) - b[i])
	}
	var cmax float64
	for _, c := range C {
		cmax = max(cmax, math.Abs(c))
	}
	n := math.Sqrt(dot(w, w))
	scale := 2 * (math.Sqrt(dot(b, b)) + cmax*float64(d)*n)
	if n > B*(1+1e-12) {
		return 0, "outside the ball"
	}
	if n >= B*(1-1e-9) {
		mu = -dot(g, w) / (2 * n * n)
	}
	if mu < -1e-8*scale {
		return mu, "negative multiplier"
	}
	for i := range g {
		if math.Abs(g[i]+2*mu*w[i]) > 1e-8*(scale+2*mu*n) {
			return mu, "gradient is not −2μw"
		}
	}
	return mu, ""
}

func TestRidgeConstrainedKKT(t *testing.T) {
	for _, c := range []struct{ m, d int }{{200, 10}, {15, 30}, {3, 3}} {
		ds := fiData(2, c.m, c.d)
		C, b := fiMoments(ds)
		for _, B := range []float64{0.01, 0.3, 1, 1e3} {
			w := fiFit(t, &Ridge{B: B}, ds).W
			mu, msg := fiRidgeKKT(C, b, c.d, B, w)
			if msg != "" {
				t.Errorf("m=%d d=%d B=%g: %s (μ = %g)", c.m, c.d, B, msg, mu)
			}
			if B == 1e3 && mu != 0 {
				t.Errorf("m=%d d=%d B=%g: constraint should be inactive, μ = %g", c.m, c.d, B, mu)
			}
		}
	}
	// d > m, B large: the least-squares solution of minimum norm, X⁺y.
	ds := fiData(3, 6, 12)
	w := fiFit(t, &Ridge{B: 1e6}, ds).W
	var want mat.VecDense
	X := mat.NewDense(6, 12, append([]float64(nil), ds.x...))
	if err := want.SolveVec(X, mat.NewVecDense(6, append([]float64(nil), ds.Labels()...))); err != nil {
		t.Fatal(err)
	}
	if diff := maxAbsDiff(w, want.RawVector().Data); diff > 1e-8 {
		t.Errorf("d > m: differs from the minimum-norm least-squares solution by %g", diff)
	}
}

func TestLassoKKT(t *testing.T) {
	for _, c := range []struct{ m, d int }{{200, 10}, {15, 30}, {50, 60}} {
		ds := fiData(4, c.m, c.d)
		C, b := fiMoments(ds)
		v := make([]float64, c.d)
		for i := range v {
			v[i] = -2 * b[i]
		}
		vmax := 0.0
		for _, x := range v {
			vmax = max(vmax, math.Abs(x))
		}
		for _, f := range []float64{0.01, 0.3, 2} {
			w := fiFit(t, &Lasso{Lambda: f * vmax}, ds).W
			if err := quadl1.KKTPenalised(quadl1.Dense(C, c.d), v, f*vmax, w, 1e-8); err != nil {
				t.Errorf("m=%d d=%d λ=%g: %v", c.m, c.d, f*vmax, err)
			}
		}
		for _, B := range []float64{0.05, 1, 10, 1e4} {
			w := fiFit(t, &Lasso{B: B}, ds).W
			if err := quadl1.KKTBall(quadl1.Dense(C, c.d), v, B, w, 1e-8); err != nil {
				t.Errorf("m=%d d=%d B=%g: %v", c.m, c.d, B, err)
			}
		}
	}
}

func TestReferenceCheckpointsArePrefixFits(t *testing.T) {
	ds := fiData(5, 60, 8)
	for _, s := range []Solver{&Ridge{}, &Ridge{Lambda: 0.1}, &Lasso{}, &Lasso{Lambda: 0.1}} {
		got := map[int][]float64{}
		_, err := Fit(s, ds.Stream(), Options{Checkpoints: []int{5, 30}, OnCheckpoint: func(c Checkpoint) {
			got[c.Examples] = append([]float64(nil), c.W...)
		}})
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{5, 30} {
			want := fiFit(t, s, ds.Head(n)).W
			if diff := maxAbsDiff(got[n], want); diff > 1e-12 {
				t.Errorf("%s: checkpoint %d differs from the fit on the prefix by %g", s.Name(), n, diff)
			}
		}
	}
}

func TestReferenceBudget(t *testing.T) {
	ds := fiData(6, 40, 7)
	for _, s := range []Solver{&Ridge{}, &Lasso{}, &OnlineRidge{}, &OnlineLasso{}} {
		res := fiFit(t, s, ds)
		if res.MaxPerExample != 7 || res.Attributes != 40*7 || res.Budget.PerExample != 7 {
			t.Errorf("%s: max %d, total %d, budget %d; want d = 7 per example", s.Name(), res.MaxPerExample, res.Attributes, res.Budget.PerExample)
		}
		if !res.Budget.Full || !strings.Contains(res.Budget.Rule, "full information") {
			t.Errorf("%s: rule %q", s.Name(), res.Budget.Rule)
		}
	}
}

func TestReferenceBadParameters(t *testing.T) {
	ds := fiData(7, 10, 3)
	nan, inf := math.NaN(), math.Inf(1)
	for _, c := range []struct {
		s     Solver
		param string
	}{
		{&Ridge{B: -1}, "B"}, {&Ridge{B: nan}, "B"}, {&Ridge{B: inf}, "B"},
		{&Ridge{Lambda: -1}, "lambda"}, {&Ridge{Lambda: nan}, "lambda"}, {&Ridge{Lambda: 1, B: 1}, "lambda"},
		{&Lasso{B: -2}, "B"}, {&Lasso{Lambda: inf}, "lambda"}, {&Lasso{Lambda: 1, B: 2}, "lambda"},
		{&OnlineRidge{B: -1}, "B"}, {&OnlineRidge{Eta: nan}, "eta"}, {&OnlineRidge{Eta: -0.1}, "eta"},
		{&OnlineLasso{B: inf}, "B"}, {&OnlineLasso{Eta: -1}, "eta"},
	} {
		_, err := Fit(c.s, ds.Stream(), Options{})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), c.s.Name()+": "+c.param) {
			t.Errorf("%s %+v: got %v, want an ErrParam naming %s", c.s.Name(), c.s, err, c.param)
		}
	}
}

// fiIterates fits s with a checkpoint after every example and recovers the
// iterates w_t = t·w̄_t − (t−1)·w̄_{t−1} from the running averages.
func fiIterates(t *testing.T, s Solver, ds *Dataset) [][]float64 {
	m, d := ds.Len(), ds.Dim()
	cps := make([]int, m)
	for i := range cps {
		cps[i] = i + 1
	}
	prev := make([]float64, d)
	var ws [][]float64
	_, err := Fit(s, ds.Stream(), Options{Checkpoints: cps, OnCheckpoint: func(c Checkpoint) {
		w := make([]float64, d)
		for i := range w {
			w[i] = float64(c.Examples)*c.W[i] - float64(c.Examples-1)*prev[i]
		}
		copy(prev, c.W)
		ws = append(ws, w)
	}})
	if err != nil {
		t.Fatal(err)
	}
	return ws
}

// fiSignData returns m examples with Rademacher attributes scaled by
// xscale, y = w*·x + uniform noise in [−noise, noise].
func fiSignData(seed uint64, m int, wstar []float64, xscale, noise float64) *Dataset {
	rng := NewRand(seed)
	d := len(wstar)
	x, y := make([]float64, m*d), make([]float64, m)
	for t := range m {
		for j := range d {
			x[t*d+j] = xscale * float64(2*rng.IntN(2)-1)
		}
		y[t] = dot(wstar, x[t*d:(t+1)*d]) + noise*(2*rng.Float64()-1)
	}
	ds, _ := NewDataset(x, y, d, nil)
	return ds
}

// TestOnlineRidgeRegret checks OGD's regret bound, which holds for every
// sequence (Zinkevich 2003): Σℓ_t(w_t) − Σℓ_t(u) ≤ ||w_1 − u||²/(2η) +
// (η/2) Σ||g_t||², with ℓ_t(w) = ½(w·x_t − y_t)² and u the exact constrained
// minimiser (Ridge), on iterates recovered from per-example checkpoints.
func TestOnlineRidgeRegret(t *testing.T) {
	ds := fiSignData(8, 3000, []float64{0.5, -0.4, 0.2, 0, 0.1}, 1/math.Sqrt(5), 0.3)
	for _, B := range []float64{1, 0.3} {
		eta := 1 / math.Sqrt(3000)
		ws := fiIterates(t, &OnlineRidge{B: B}, ds)
		u := fiFit(t, &Ridge{B: B}, ds).W
		var regret, g2 float64
		for i, w := range ws {
			x, y := ds.Row(i), ds.Label(i)
			r := dot(w, x) - y
			ru := dot(u, x) - y
			regret += 0.5*r*r - 0.5*ru*ru
			g2 += r * r * dot(x, x)
		}
		bound := dot(u, u)/(2*eta) + eta/2*g2
		if regret > bound*(1+1e-9) {
			t.Errorf("B=%g: regret %g exceeds the OGD bound %g", B, regret, bound)
		}
		t.Logf("B=%g: regret %.4g, bound %.4g", B, regret, bound)
	}
}

// TestOnlineLassoRegret checks EG±'s regret bound for every sequence:
// Σℓ_t(w_t) − Σℓ_t(u) ≤ Σ g_t·(w_t − u) ≤ B(log(2d)/η + η Σ||g_t||∞²)
// when η||g_t||∞ ≤ 1 (Hedge's second-order bound on the 2d signed
// vertices), u the exact constrained minimiser (Lasso).
func TestOnlineLassoRegret(t *testing.T) {
	ds := fiSignData(9, 3000, []float64{0.3, -0.2, 0.1, 0, 0, 0.05}, 1, 0.3)
	for _, B := range []float64{1, 0.3} {
		d, m := 6, 3000
		eta := math.Sqrt(math.Log(2*float64(d))/float64(m)) / (2 * B)
		ws := fiIterates(t, &OnlineLasso{B: B}, ds)
		u := fiFit(t, &Lasso{B: B}, ds).W
		var regret, ginf2 float64
		for i, w := range ws {
			x, y := ds.Row(i), ds.Label(i)
			r := dot(w, x) - y
			ru := dot(u, x) - y
			regret += 0.5*r*r - 0.5*ru*ru
			var gi float64
			for _, xi := range x {
				gi = max(gi, math.Abs(r*xi))
			}
			if eta*gi > 1 {
				t.Fatalf("η||g||∞ = %g > 1: the bound does not apply", eta*gi)
			}
			ginf2 += gi * gi
		}
		bound := B * (math.Log(2*float64(d))/eta + eta*ginf2)
		if regret > bound*(1+1e-9) {
			t.Errorf("B=%g: regret %g exceeds the EG± bound %g", B, regret, bound)
		}
		t.Logf("B=%g: regret %.4g, bound %.4g", B, regret, bound)
	}
}

// TestOnlineReferencesConverge checks the excess risk of the averaged
// output on distributions meeting the theorems' assumptions, where it is
// known exactly: with Rademacher attributes (covariance s²I) and w* inside
// the ball, L(w) − L(w*) = ½s²||w − w*||². The theorems bound its
// expectation by 4B²/√m (OGD, ||x||₂ ≤ 1) and 4B²√(log(2d)/m) (EG±,
// ||x||∞ ≤ 1); the mean over 4 seeds must be below the bound, and the
// parameters make the bound at most a fifth of the zero predictor's excess
// risk, so passing means the references actually learn w*.
func TestOnlineReferencesConverge(t *testing.T) {
	m := 160000
	for _, c := range []struct {
		s             Solver
		wstar         []float64
		xscale, noise float64 // |y| ≤ ||w*||·||x|| + noise ≤ B = 1
		bound         float64
	}{
		{&OnlineRidge{}, []float64{0.4, -0.3}, 1 / math.Sqrt2, 0.4, 4 / math.Sqrt(float64(m))},
		{&OnlineLasso{}, []float64{0.4, -0.3, 0.1, 0}, 1, 0.2, 4 * math.Sqrt(math.Log(8)/float64(m))},
	} {
		s2 := c.xscale * c.xscale
		zero := 0.5 * s2 * dot(c.wstar, c.wstar)
		if c.bound > zero/5 {
			t.Fatalf("%s: test badly posed: bound %g vs zero predictor %g", c.s.Name(), c.bound, zero)
		}
		var mean float64
		for seed := range uint64(4) {
			w := fiFit(t, c.s, fiSignData(10+seed, m, c.wstar, c.xscale, c.noise)).W
			var e float64
			for i := range w {
				e += (w[i] - c.wstar[i]) * (w[i] - c.wstar[i])
			}
			mean += 0.5 * s2 * e / 4
		}
		if mean > c.bound {
			t.Errorf("%s: mean excess risk %g above the theorem's %g", c.s.Name(), mean, c.bound)
		}
		t.Logf("%s: mean excess risk %.3g, bound %.3g, zero predictor %.3g", c.s.Name(), mean, c.bound, zero)
	}
}

// The references' default penalties: Ridge λ = tr(C)/(d·m) (scikit-learn's
// Ridge(alpha=1) on standardised columns) and Lasso λ = λ_max/100, where
// λ_max = 2||b||∞ is the smallest penalty whose solution is 0.
func TestReferenceDefaultPenalties(t *testing.T) {
	ds := fiData(11, 80, 6)
	C, b := fiMoments(ds)
	d, m := ds.Dim(), float64(ds.Len())
	var tr, bmax float64
	for i := range d {
		tr += C[i*d+i]
		bmax = max(bmax, math.Abs(b[i]))
	}
	for _, c := range []struct {
		def, explicit Solver
		lambda        float64
	}{
		{&Ridge{}, &Ridge{Lambda: tr / (float64(d) * m)}, tr / (float64(d) * m)},
		{&Lasso{}, &Lasso{Lambda: 2 * bmax / 100}, 2 * bmax / 100},
	} {
		got, want := fiFit(t, c.def, ds), fiFit(t, c.explicit, ds)
		if math.Abs(got.Params["lambda"]-c.lambda) > 1e-12*c.lambda {
			t.Errorf("%s: default lambda %g, want %g", c.def.Name(), got.Params["lambda"], c.lambda)
		}
		for j := range got.W { // equal up to the rounding of λ
			if math.Abs(got.W[j]-want.W[j]) > 1e-12*(1+math.Abs(want.W[j])) {
				t.Fatalf("%s: default weights %v differ from lambda = %g: %v", c.def.Name(), got.W, c.lambda, want.W)
			}
		}
	}
	if res := fiFit(t, &Lasso{Lambda: 2 * bmax * (1 + 1e-9)}, ds); NonZero(res.W) != 0 {
		t.Errorf("lasso at λ_max: %v, want 0", res.W)
	}
	if res := fiFit(t, &Lasso{Lambda: 2 * bmax * 0.9}, ds); NonZero(res.W) == 0 {
		t.Error("lasso just below λ_max is 0")
	}
	// A radius set by the user fixes the form: CV tunes lambda only when
	// B is left at 0 (ridge), B only when lambda is (lasso).
	if Tunable(&Ridge{B: 2}) || !Tunable(&Ridge{}) || Tunable(&Lasso{Lambda: 0.1}) || !Tunable(&Lasso{}) {
		t.Error("Tunable: a set B (ridge) or lambda (lasso) must fix the form")
	}
}

// The blocked Gram accumulation (tile kernels on buffered dense rows,
// split across goroutines, sparse rows added at once) equals the direct
// sums, also mid-block (a checkpoint before the buffer is full).
func TestGramBlockedMatchesDirect(t *testing.T) {
	const gramBlock = 128 // package dense's block of rows
	const d = 40          // a row with one non-zero is below a sixteenth of d: added sparsely
	rng := NewRand(21)
	m := 3*gramBlock + 17
	x := make([]float64, m*d)
	y := make([]float64, m)
	for i := range m {
		for j := range d {
			if i%5 != 0 || j == i%d { // every fifth row is very sparse
				x[i*d+j] = rng.NormFloat64()
			}
		}
		y[i] = rng.NormFloat64()
	}
	ds, err := NewDataset(x, y, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, gramBlock - 1, gramBlock + 3, m} {
		h := ds.Head(n)
		g := newGram(d, 0) // the d×d sums whatever n
		ex := NewExample(d)
		for i := range n {
			ex.Reset(h.Row(i), h.Label(i), d)
			g.Observe(ex)
		}
		C, b, ok := g.moments()
		Cw, bw := fiMoments(h)
		if !ok || maxAbsDiff(C, Cw) > 1e-12 || maxAbsDiff(b, bw) > 1e-12 {
			t.Errorf("n = %d: Gram differs from the direct sums by %g, %g", n, maxAbsDiff(C, Cw), maxAbsDiff(b, bw))
		}
	}
}

// A d whose d×d matrices exceed the memory limit is refused with the
// memory it would need and the online solver to use; the limit can be
// raised. A table with fewer rows than attributes is kept as its rows
// (wide.go): 10 rows of 20,000 attributes are accepted, 5,000 rows of
// 200,000 not.
func TestOfflineMemoryLimit(t *testing.T) {
	p := Problem{M: 30000, D: 20000, Rand: NewRand(1)}
	for _, c := range []struct {
		s      Solver
		online string
	}{{&Ridge{}, "online-ridge"}, {&Lasso{}, "online-lasso"}, {&Baseline{K: 4}, "aer"}} {
		_, _, err := c.s.Start(p)
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "MiB") || !strings.Contains(err.Error(), c.online) {
			t.Errorf("%s at d = 20000: %v", c.s.Name(), err)
		}
	}
	if _, _, err := (&Ridge{MaxMemoryMiB: 1}).Start(Problem{M: 1000, D: 100}); err != nil {
		t.Errorf("d = 100 within 1 MiB refused: %v", err)
	}
	if _, _, err := (&Ridge{MaxMemoryMiB: 1}).Start(Problem{M: 1000, D: 300}); err == nil {
		t.Error("d = 300 over a 1 MiB limit accepted")
	}
	for _, s := range []Solver{&Ridge{}, &Lasso{}} {
		if _, _, err := s.Start(Problem{M: 10, D: 20000, Rand: NewRand(1)}); err != nil {
			t.Errorf("%s: 10 rows of d = 20000 refused: %v", s.Name(), err)
		}
		_, _, err := s.Start(Problem{M: 5000, D: 200000, Rand: NewRand(1)})
		if !errors.Is(err, ErrParam) || !strings.Contains(err.Error(), "5000 rows of d = 200000 need about") {
			t.Errorf("%s: 5000 rows of d = 200000: %v", s.Name(), err)
		}
	}
}

// The offline fits do not depend on the number of cores.
func TestGramIndependentOfCores(t *testing.T) {
	ds := fiData(31, 3*128+5, 12) // three blocks of package dense and a part
	var ws [][]float64
	for _, p := range []int{1, 2, 4} {
		prev := runtime.GOMAXPROCS(p)
		ws = append(ws, fiFit(t, &Ridge{Lambda: 1e-3}, ds).W)
		runtime.GOMAXPROCS(prev)
	}
	if !slices.Equal(ws[0], ws[1]) || !slices.Equal(ws[0], ws[2]) {
		t.Errorf("ridge weights differ with GOMAXPROCS: %v %v %v", ws[0][:2], ws[1][:2], ws[2][:2])
	}
}
