package lao

import (
	"math"
	"testing"

	"github.com/laoproject/lao/lao/internal/prefetch"
)

// relDiff is max_i |a_i − b_i| / max_i |b_i|.
func relDiff(a, b []float64) float64 {
	var top float64
	for _, v := range b {
		top = max(top, math.Abs(v))
	}
	return maxAbsDiff(a, b) / max(top, 1e-300)
}

// The fast O(k log d) solvers (lazy averaging, global scales, sum trees,
// log-domain EG weights) against the plain O(d) transcriptions of the
// pseudo-code, same seed, after 10^4 examples: the averaged iterates agree
// to a relative 1e-9. Skipped in -short mode (the references are O(md)).
func TestFastPathsMatchPlainReferencesLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long reference runs")
	}
	const d, m, k = 40, 10000, 4
	rng := NewRand(77)
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 8, 0.5, rng), sigma: 0.3}
	ds := p.sample(m, rng)
	q := make([]float64, d)
	for i := range q {
		q[i] = 1 / float64(i+1)
	}
	w1 := make([]float64, d)
	for i := range w1 {
		w1[i] = 1 / (100 * math.Sqrt(d))
	}
	cases := []struct {
		s   Solver
		ref func() []float64
	}{
		// A large step makes the projection and its global scale work on most steps.
		{&AERR{K: k, B: 1, Eta: 0.5}, func() []float64 { return refAERR(ds, k, 1, 0.5, w1, 3) }},
		{&AERR{K: k, B: 1}, func() []float64 { return refAERR(ds, k, 1, AERRDefaultEta(d, k, m), w1, 3) }},
		{&GAERR{K: k, B: 2, Eta: 0.2, Sampling: Sampling{Q: q}}, func() []float64 { return refGAERR(ds, k, 2, 0.2, q, 3) }},
		// η = 2 makes the EG weights very uneven (|log z| in the hundreds).
		{&AELR{K: k, B: 1, Eta: 2}, func() []float64 { return refAELR(ds, k, 1, 2, 3) }},
		{&AELR{K: k, B: 1}, func() []float64 { return refAELR(ds, k, 1, AELRDefaultEta(d, k, m, 1), 3) }},
		{&GAELR{K: k, B: 3, Eta: 0.3, Sampling: Sampling{Q: q}}, func() []float64 { return refGAELR(ds, k, 3, 0.3, q, 3) }},
		{&AER{K: k, B: 1}, func() []float64 { return refAER(ds, k, 1, AERDefaultLambda(d, k, m, 1, 1), 3) }},
		// A small λ makes every step move w far: the projection is active throughout.
		{&AER{K: k, B: 0.5, Lambda: 0.05}, func() []float64 { return refAER(ds, k, 0.5, 0.05, 3) }},
		{&OnlineRidge{B: 0.5, Eta: 0.3}, func() []float64 { return refOnline(ds, 0.3, func(w []float64) { refProjectL2(w, 0.5) }) }},
		{&OnlineLasso{B: 2, Eta: 0.5}, func() []float64 { return refOnlineEG(ds, 2, 0.5) }},
	}
	for _, c := range cases {
		res := fitOrFatal(t, c.s, ds, 3)
		if diff := relDiff(res.W, c.ref()); diff > 1e-9 {
			t.Errorf("%s %v: fast path differs from the plain reference by %g (relative) after %d examples", c.s.Name(), GetParams(c.s), diff, m)
		}
	}
	// The full-information online solvers' sparse update (examples with at
	// most d/8 non-zero attributes): the same rows with each attribute kept
	// with probability 1/16, and every fourth row dense, so both updates
	// alternate.
	sx, sy := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j, v := range ds.Row(i) {
			if i%4 == 0 || rng.IntN(16) == 0 {
				sx[i*d+j] = v
			}
		}
		sy[i] = ds.Label(i)
	}
	sparse, err := NewDataset(sx, sy, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, eta := range []float64{0.5, 5} { // η = 5: |u_i| in the hundreds, re-centring on the sparse path
		res := fitOrFatal(t, &OnlineLasso{B: 2, Eta: eta}, sparse, 3)
		if diff := relDiff(res.W, refOnlineEG(sparse, 2, eta)); diff > 1e-9 {
			t.Errorf("online-lasso η = %g on sparse rows: differs from the plain reference by %g (relative) after %d examples", eta, diff, m)
		}
	}
	res := fitOrFatal(t, &OnlineRidge{B: 0.5, Eta: 0.3}, sparse, 3)
	if diff := relDiff(res.W, refOnline(sparse, 0.3, func(w []float64) { refProjectL2(w, 0.5) })); diff > 1e-9 {
		t.Errorf("online-ridge on sparse rows: differs from the plain reference by %g (relative) after %d examples", diff, m)
	}
	for _, s := range []Solver{&OnlineRidge{AdaGrad: true}, &OnlineRidge{B: 0.3, Eta: 1, AdaGrad: true}} {
		ref, err := Reference(s)
		if err != nil {
			t.Fatal(err)
		}
		if diff := relDiff(fitOrFatal(t, s, sparse, 3).W, fitOrFatal(t, ref, sparse, 3).W); diff > 1e-9 {
			t.Errorf("%s %v on sparse rows: differs from the plain reference by %g (relative) after %d examples", s.Name(), GetParams(s), diff, m)
		}
	}
}

// refProjectL2 scales w onto the l2 ball of radius B.
func refProjectL2(w []float64, B float64) {
	if n := math.Sqrt(dot(w, w)); n > B {
		for i := range w {
			w[i] *= B / n
		}
	}
}

// refOnline is online gradient descent from w = 0 with the exact gradient
// (w·x − y)x, a projection, and the average of w_1..w_m.
func refOnline(ds *Dataset, eta float64, project func([]float64)) []float64 {
	d := ds.Dim()
	w, wbar := make([]float64, d), make([]float64, d)
	for t := range ds.Len() {
		x := ds.Row(t)
		for i := range w {
			wbar[i] += w[i] / float64(ds.Len())
		}
		r := dot(w, x) - ds.Label(t)
		for i := range w {
			w[i] -= eta * r * x[i]
		}
		project(w)
	}
	return wbar
}

// refOnlineEG is EG± with the exact gradient and explicit z⁺, z⁻.
func refOnlineEG(ds *Dataset, B, eta float64) []float64 {
	d := ds.Dim()
	zp, zm := make([]float64, d), make([]float64, d)
	for i := range zp {
		zp[i], zm[i] = 1, 1
	}
	w, wbar := make([]float64, d), make([]float64, d)
	for t := range ds.Len() {
		x := ds.Row(t)
		var z1 float64
		for i := range zp {
			z1 += zp[i] + zm[i]
		}
		for i := range w {
			w[i] = B * (zp[i] - zm[i]) / z1
			wbar[i] += w[i] / float64(ds.Len())
		}
		r := dot(w, x) - ds.Label(t)
		for i := range zp {
			zp[i] *= math.Exp(-eta * r * x[i])
			zm[i] *= math.Exp(eta * r * x[i])
		}
	}
	return wbar
}

// referenceProblem draws the reference tests' data: m examples of sign
// attributes scaled by 1/√d, a 6-sparse w* and noise 0.3, with seed seed;
// mom are second moments 0.5/(i+1) for the moment-weighted solvers.
func referenceProblem(d, m int, seed uint64) (*Dataset, []float64) {
	rng := NewRand(seed)
	p := signProblem{d: d, scale: 1 / math.Sqrt(float64(d)), wstar: randomWStar(d, 6, 0.5, rng), sigma: 0.3}
	mom := make([]float64, d)
	for i := range mom {
		mom[i] = 0.5 / float64(i+1)
	}
	return p.sample(m, rng), mom
}

// matchesPlain fits s and its plain implementation (Reference) with seed 5
// and fails t unless their weights agree to 1e-9 (relative) and they
// observed the same number of attributes.
func matchesPlain(t *testing.T, s Solver, ds *Dataset) {
	t.Helper()
	ref, err := Reference(s)
	if err != nil {
		t.Fatal(err)
	}
	fast, plain := fitOrFatal(t, s, ds, 5), fitOrFatal(t, ref, ds, 5)
	if diff := relDiff(fast.W, plain.W); diff > 1e-9 || fast.Attributes != plain.Attributes {
		t.Errorf("%s %v: fast and plain differ by %g (attributes %d vs %d)", s.Name(), GetParams(s), diff, fast.Attributes, plain.Attributes)
	}
}

// Every solver with a fast path against its plain implementation
// (Reference), same seed, 10^4 examples: relative difference ≤ 1e-9.
func TestReferenceSolversMatchFastLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long reference runs")
	}
	const d, m, k = 30, 10000, 4
	ds, mom := referenceProblem(d, m, 78)
	solvers := append(stochasticSolvers(k, d), &OnlineRidge{}, &OnlineLasso{}, &DDAERR{K: k, Moments: mom},
		&GAELR{K: k, Sampling: Sampling{QPower: 1, Moments: mom}}, &AERR{K: k, B: 0.3, Eta: 0.3})
	for _, s := range solvers {
		switch s.Name() {
		case "baseline", "screen-ridge", "adaptive-screen", "corrected-ridge": // the last two: plain references in corrected_test.go
			if _, err := Reference(s); err == nil {
				t.Errorf("Reference(%s) accepted: it has no separate plain path", s.Name())
			}
			continue
		}
		matchesPlain(t, s, ds)
	}
}

// AESVR's plain implementation (Reference) against its fast path. GenEst's
// products amplify rounding (after a few thousand examples the two drift
// apart at a rate set by ε), so the horizon is shorter than the other
// solvers'.
func TestAESVRReferenceMatchesFast(t *testing.T) {
	const d, m, k = 30, 1500, 4
	rng := NewRand(78)
	p := signProblem{d: d, scale: 1 / math.Sqrt(d), wstar: randomWStar(d, 6, 0.5, rng), sigma: 0.1}
	ds := p.sample(m, rng)
	for _, s := range []*AESVR{{K: k, Delta: 0.1, Eps: 0.5}, {K: k, Eps: 1, Eta: 0.1}} {
		matchesPlain(t, s, ds)
	}
}

// The fast paths at a dimension where the steps hint the coordinates they
// will update (package prefetch): a hint changes no value, so fast and
// plain still end with the same weights (to 1e-9) and attribute counts
// (and a hint out of range would panic here).
func TestReferenceSolversMatchFastWide(t *testing.T) {
	const d, m, k = 1 << 13, 400, 4
	if !prefetch.Far(d) {
		t.Fatalf("prefetch.Far(%d) is false: this test no longer runs the hints", d)
	}
	ds, mom := referenceProblem(d, m, 79)
	solvers := []Solver{&AERR{K: k}, &AELR{K: k}, &DDAERR{K: k, Moments: mom}, &DDAELR{K: k, Moments: mom},
		&DDAERR{K: k, Moments: mom, InnerDD: true}, &DDAELR{K: k, Moments: mom, InnerDD: true}, // Lazy's weighted tree
		&TwoPhasedDDAERR{K: k}, &TwoPhasedDDAELR{K: k}, &AER{K: k}, &AESVR{K: k, Eps: 1, Eta: 0.1}}
	for _, s := range solvers {
		matchesPlain(t, s, ds)
	}
}
