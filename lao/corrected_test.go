package lao

import (
	"cmp"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// correlatedTable returns m rows of d correlated columns (x = A z, z
// standard normal) and y = w*·x + noise: a population whose second moments
// have non-zero off-diagonal entries.
func correlatedTable(m, d int, seed uint64) *Dataset {
	rng := NewRand(seed)
	A := make([]float64, d*d)
	for i := range A {
		A[i] = rng.NormFloat64() / math.Sqrt(float64(d))
	}
	for j := range d {
		A[j*d+j] += 1
	}
	wstar := make([]float64, d)
	for j := range min(3, d) {
		wstar[j] = 1 / float64(j+1)
	}
	x, y, z := make([]float64, m*d), make([]float64, m), make([]float64, d)
	for i := range m {
		for j := range z {
			z[j] = rng.NormFloat64()
		}
		row := x[i*d : (i+1)*d]
		for j := range row {
			row[j] = dot(A[j*d:(j+1)*d], z)
		}
		y[i] = dot(wstar, row) + 0.3*rng.NormFloat64()
	}
	ds, _ := NewDataset(x, y, d, nil)
	return ds
}

// The Horvitz-Thompson moments of CorrectedRidge are unbiased: over many
// fits (each drawing fresh k-of-d subsets of the same rows) the mean of
// every entry of Σ̂ and γ̂ is within 5 standard errors of the rows' exact
// second moments (1/m)Σ x xᵀ and (1/m)Σ x y.
func TestCorrectedRidgeMomentsUnbiased(t *testing.T) {
	const m, d, k, runs = 40, 6, 3, 4000
	ds := correlatedTable(m, d, 3)
	checkUnbiased(t, runs, exactMoments(ds), func(r int) []float64 {
		C, b := startCorrected(t, &CorrectedRidge{K: k}, ds, uint64(r)).moments(nil)
		return append(C, b...)
	})
}

// exactMoments returns the rows' second moments (1/m)Σ x xᵀ (d×d) and
// (1/m)Σ x y, concatenated: what the unbiased estimators estimate.
func exactMoments(ds *Dataset) []float64 {
	m, d := ds.Len(), ds.Dim()
	out := make([]float64, d*d+d)
	for i := range m {
		row, y := ds.Row(i), ds.Label(i)
		for j := range d {
			out[d*d+j] += row[j] * y / float64(m)
			for l := range d {
				out[j*d+l] += row[j] * row[l] / float64(m)
			}
		}
	}
	return out
}

// checkUnbiased fails unless every entry's mean over runs estimates
// (estimate(r) returns them for run r) is within 5 standard errors of truth.
func checkUnbiased(t *testing.T, runs int, truth []float64, estimate func(r int) []float64) {
	t.Helper()
	sum, sq := make([]float64, len(truth)), make([]float64, len(truth))
	for r := range runs {
		for i, v := range estimate(r) {
			sum[i] += v
			sq[i] += v * v
		}
	}
	for i := range truth {
		mean := sum[i] / float64(runs)
		se := math.Sqrt((sq[i]/float64(runs) - mean*mean) / float64(runs))
		if math.Abs(mean-truth[i]) > 5*se {
			t.Errorf("entry %d: mean of the estimates %.5f, exact %.5f, 5 standard errors %.5f", i, mean, truth[i], 5*se)
		}
	}
}

// startCorrected runs a CorrectedRidge learner over ds with seed and
// returns it.
func startCorrected(t *testing.T, s *CorrectedRidge, ds *Dataset, seed uint64) *correctedRidgeLearner {
	t.Helper()
	l, b, err := s.Start(Problem{M: ds.Len(), D: ds.Dim(), Rand: NewRand(seed)})
	if err != nil {
		t.Fatal(err)
	}
	observeAll(l, ds, b.PerExample)
	return l.(*correctedRidgeLearner)
}

// plainDraws draws k of d attributes as the solvers do: a partial
// Fisher-Yates shuffle of a permutation kept across examples.
type plainDraws struct{ perm []int }

func (p *plainDraws) draw(ex *Example, k int, rng *rand.Rand) (S []int, z []float64) {
	if p.perm == nil {
		p.perm = make([]int, ex.Dim())
		for i := range p.perm {
			p.perm[i] = i
		}
	}
	d := len(p.perm)
	for i := range k {
		r := i + rng.IntN(d-i)
		p.perm[i], p.perm[r] = p.perm[r], p.perm[i]
		S, z = append(S, p.perm[i]), append(z, ex.Attr(p.perm[i]))
	}
	return S, z
}

// revealedLog keeps every example's revealed cells (S_t, z_t) and label.
type revealedLog struct {
	S [][]int
	Z [][]float64
	Y []float64
}

func (r *revealedLog) add(S []int, z []float64, y float64) {
	r.S, r.Z, r.Y = append(r.S, S), append(r.Z, z), append(r.Y, y)
}

// plainCorrectedRidge transcribes CorrectedRidge as stated: keep every
// revealed (S_t, z_t, y_t); at the end form Σ̂ and γ̂ entry by entry with the
// inclusion probabilities, shrink the off-diagonal, clip the eigenvalues at
// 0 and solve (Σ̂₊ + μI) w = γ̂ by a general LU solve.
type plainCorrectedRidge struct {
	k              int
	lambda, shrink float64
	rng            *rand.Rand
	draws          plainDraws
	log            revealedLog
}

func (p *plainCorrectedRidge) Observe(ex *Example) {
	S, z := p.draws.draw(ex, p.k, p.rng)
	p.log.add(S, z, ex.Label())
}

func (p *plainCorrectedRidge) Weights(dst []float64) {
	d, m := len(dst), float64(len(p.log.Y))
	pi := float64(p.k) / float64(d)
	pi2 := float64(p.k*(p.k-1)) / float64(d*(d-1))
	C, b := mat.NewSymDense(d, nil), make([]float64, d)
	for j := range d {
		for l := j; l < d; l++ {
			var s float64
			for t, S := range p.log.S {
				a, c := slices.Index(S, j), slices.Index(S, l)
				if a >= 0 && c >= 0 {
					s += p.log.Z[t][a] * p.log.Z[t][c]
				}
			}
			if j == l {
				C.SetSym(j, l, s/(m*pi))
			} else {
				C.SetSym(j, l, s/(m*pi2)*(1-p.shrink))
			}
		}
		for t, S := range p.log.S {
			if a := slices.Index(S, j); a >= 0 {
				b[j] += p.log.Z[t][a] * p.log.Y[t] / (m * pi)
			}
		}
	}
	plainPSDRidge(C, b, p.lambda, dst)
}

// plainPSDRidge solves (C₊ + μI) w = b, C₊ = C with its eigenvalues clipped
// at 0, μ = lambda·tr(C₊)/n, by forming C₊ + μI and an LU solve.
func plainPSDRidge(C *mat.SymDense, b []float64, lambda float64, w []float64) {
	n := len(b)
	var eig mat.EigenSym
	eig.Factorize(C, true)
	ev := eig.Values(nil)
	var Q mat.Dense
	eig.VectorsTo(&Q)
	var tr float64
	for i := range ev {
		ev[i] = max(ev[i], 0)
		tr += ev[i]
	}
	mu := lambda * tr / float64(n)
	if mu == 0 {
		clear(w) // no signal seen yet
		return
	}
	A := mat.NewDense(n, n, nil)
	for i := range n {
		for j := range n {
			var s float64
			for q := range n {
				s += Q.At(i, q) * ev[q] * Q.At(j, q)
			}
			A.Set(i, j, s)
		}
		A.Set(i, i, A.At(i, i)+mu)
	}
	var x mat.VecDense
	if err := x.SolveVec(A, mat.NewVecDense(n, b)); err != nil {
		panic(err)
	}
	copy(w, x.RawVector().Data)
}

// plainSolver runs a plain learner built from a fast solver's resolved
// parameters, with the fast solver's budget.
type plainSolver struct {
	Solver
	plain func(l Learner) Learner
}

func (p plainSolver) Start(pr Problem) (Learner, Budget, error) {
	l, b, err := p.Solver.Start(pr)
	if err != nil {
		return nil, b, err
	}
	return p.plain(l), b, nil
}

// matchIterates fits s and its plain counterpart with the same seed and
// checks the weights agree at every checkpoint.
func matchIterates(t *testing.T, s Solver, plain func(Learner) Learner, ds *Dataset, seed uint64) {
	t.Helper()
	var cps []int
	for c := 1; c <= ds.Len(); c += 1 + c/3 {
		cps = append(cps, c)
	}
	if cps[len(cps)-1] != ds.Len() {
		cps = append(cps, ds.Len())
	}
	collect := func(s Solver) [][]float64 {
		var out [][]float64
		_, err := Fit(s, ds.Stream(), Options{Seed: seed, Checkpoints: cps, OnCheckpoint: func(c Checkpoint) {
			out = append(out, slices.Clone(c.W))
		}})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	fast, ref := collect(s), collect(plainSolver{s, plain})
	for i := range fast {
		for j := range fast[i] {
			if d := math.Abs(fast[i][j] - ref[i][j]); d > 1e-9*(1+math.Abs(ref[i][j])) {
				t.Fatalf("%s seed %d: after %d examples w[%d] = %.12g, plain reference %.12g", s.Name(), seed, cps[i], j, fast[i][j], ref[i][j])
			}
		}
	}
}

// CorrectedRidge matches its plain transcription at every checkpoint.
func TestCorrectedRidgeMatchesPlainReference(t *testing.T) {
	ds := correlatedTable(120, 7, 5)
	for seed, s := range []*CorrectedRidge{{K: 2}, {K: 3, Shrink: 0.4}, {K: 7, Lambda: 0.01}} {
		matchIterates(t, s, func(l Learner) Learner {
			c := l.(*correctedRidgeLearner)
			return &plainCorrectedRidge{k: c.k, lambda: c.lambda, shrink: c.shrink, rng: c.rng}
		}, ds, uint64(seed))
	}
}

// plainAdaptiveScreen transcribes AdaptiveScreen: uniform draws for the
// warm-up; then, every period examples, the columns ranked by |correlation|
// (computed afresh from every revealed cell, two-pass) and the top k read;
// at the end, ridge on the columns T read: with the moments of the examples
// that revealed exactly T when there are CompleteCases·k of them, else with
// those of the set the most examples revealed if k or more and a tenth of
// the examples did, else with
// available-case moments, each pair's shrunk by n/(n + PairPrior).
type plainAdaptiveScreen struct {
	k, warm, period int
	lambda          float64
	rng             *rand.Rand
	draws           plainDraws
	log             revealedLog
	top             []int
}

func (p *plainAdaptiveScreen) Observe(ex *Example) {
	t := len(p.log.Y)
	if t < p.warm {
		S, z := p.draws.draw(ex, p.k, p.rng)
		p.log.add(S, z, ex.Label())
		return
	}
	if (t-p.warm)%p.period == 0 {
		p.top = p.ranked(ex.Dim())
	}
	z := make([]float64, p.k)
	for a, j := range p.top {
		z[a] = ex.Attr(j)
	}
	p.log.add(slices.Clone(p.top), z, ex.Label())
}

// ranked returns the k columns of largest |correlation| with y over the
// examples that revealed them (ties: the lower index), increasing.
func (p *plainAdaptiveScreen) ranked(d int) []int {
	score := make([]float64, d)
	for j := range d {
		var xs, ys []float64
		for t, S := range p.log.S {
			if a := slices.Index(S, j); a >= 0 {
				xs, ys = append(xs, p.log.Z[t][a]), append(ys, p.log.Y[t])
			}
		}
		score[j] = math.Round(math.Abs(plainCorr(xs, ys))*1e9) / 1e9 // ties to 9 decimals
	}
	order := make([]int, d)
	for j := range order {
		order[j] = j
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(score[b], score[a]) })
	top := slices.Clone(order[:p.k])
	slices.Sort(top)
	return top
}

func plainCorr(x, y []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return 0
	}
	var mx, my float64
	for i := range x {
		mx, my = mx+x[i]/n, my+y[i]/n
	}
	var sxx, sxy, syy float64
	for i := range x {
		sxx += (x[i] - mx) * (x[i] - mx)
		sxy += (x[i] - mx) * (y[i] - my)
		syy += (y[i] - my) * (y[i] - my)
	}
	if !(sxx > 0) || !(syy > 0) {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}

func (p *plainAdaptiveScreen) Weights(dst []float64) {
	clear(dst)
	T := p.top // the columns read since the last ranking; in the warm-up, the top k now
	if T == nil {
		T = p.ranked(len(dst))
	}
	n := len(T)
	C, b := mat.NewSymDense(n, nil), make([]float64, n)
	// The complete cases: the examples whose revealed set is T; too few,
	// and those of the set the most examples revealed, if it has enough.
	casesOf := func(T []int) (cases []int) {
		for t, S := range p.log.S {
			if s := slices.Sorted(slices.Values(S)); slices.Equal(s, T) {
				cases = append(cases, t)
			}
		}
		return cases
	}
	cases := casesOf(T)
	complete := len(cases) >= CompleteCases*n
	if !complete {
		var most []int // the most revealed set; ties: the smaller
		for _, S := range p.log.S {
			s := slices.Sorted(slices.Values(S))
			if c, cm := len(casesOf(s)), len(casesOf(most)); most == nil || c > cm || c == cm && slices.Compare(s, most) < 0 {
				most = s
			}
		}
		if c := casesOf(most); len(most) == n && len(c) >= n && len(c) >= min(CompleteCases*n, len(p.log.Y)/CompleteCases) {
			T, cases, complete = most, c, true
		}
	}
	if complete {
		for a, j := range T {
			for c := a; c < n; c++ {
				var s float64
				for _, t := range cases {
					S, z := p.log.S[t], p.log.Z[t]
					s += z[slices.Index(S, j)] * z[slices.Index(S, T[c])]
				}
				C.SetSym(a, c, s/float64(len(cases)))
			}
			for _, t := range cases {
				b[a] += p.log.Z[t][slices.Index(p.log.S[t], j)] * p.log.Y[t] / float64(len(cases))
			}
		}
		w := make([]float64, n)
		plainPSDRidge(C, b, p.lambda, w)
		for a, j := range T {
			dst[j] = w[a]
		}
		return
	}
	for a, j := range T {
		for c := a; c < n; c++ {
			var s, cnt float64
			for t, S := range p.log.S {
				ia, ic := slices.Index(S, j), slices.Index(S, T[c])
				if ia >= 0 && ic >= 0 {
					s, cnt = s+p.log.Z[t][ia]*p.log.Z[t][ic], cnt+1
				}
			}
			switch {
			case cnt > 0 && c == a:
				C.SetSym(a, c, s/cnt)
			case cnt > 0: // shrunk toward 0 by cnt/(cnt + n₀)
				C.SetSym(a, c, s/cnt*cnt/(cnt+PairPrior))
			}
		}
		var s, cnt float64
		for t, S := range p.log.S {
			if ia := slices.Index(S, j); ia >= 0 {
				s, cnt = s+p.log.Z[t][ia]*p.log.Y[t], cnt+1
			}
		}
		if cnt > 0 {
			b[a] = s / cnt
		}
	}
	w := make([]float64, n)
	plainPSDRidge(C, b, p.lambda, w)
	for a, j := range T {
		dst[j] = w[a]
	}
}

// AdaptiveScreen matches its plain transcription at every checkpoint. The
// fifth setting takes the fallback to the set read longest (after 114
// examples its final ranking's set has too few complete cases): without it
// in the transcription, the two differ there; the last one (re-ranked after
// every example) has sets read by k examples but not by a tenth of them,
// and differs without that condition.
func TestAdaptiveScreenMatchesPlainReference(t *testing.T) {
	ds := correlatedTable(150, 9, 7)
	for seed, s := range []*AdaptiveScreen{{K: 2}, {K: 3, Warm: 20, Period: 1}, {K: 4, Lambda: 0.001, Period: 7}, {K: 2, Warm: 12, Period: 2}, {K: 2, Warm: 30, Period: 10}, {K: 2, Warm: 100, Period: 1}} {
		matchIterates(t, s, func(l Learner) Learner {
			a := l.(*adaptiveScreenLearner)
			return &plainAdaptiveScreen{k: a.k, warm: a.warm, period: a.period, lambda: a.lambda, rng: a.rng}
		}, ds, uint64(seed))
	}
}

// After its warm-up AdaptiveScreen reads the columns that carry the
// signal: on a table where y depends on 2 of 12 independent columns, k = 2
// finds them, reads them on almost every example and fits them closely.
func TestAdaptiveScreenFindsTheSignal(t *testing.T) {
	const m, d = 2000, 12
	rng := NewRand(9)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = 2*x[i*d+3] - x[i*d+8] + 0.1*rng.NormFloat64()
	}
	ds, _ := NewDataset(x, y, d, nil)
	res, err := Fit(&AdaptiveScreen{K: 2, Lambda: 1e-6}, ds.Stream(), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.AttributeCounts[3] < m*9/10 || res.AttributeCounts[8] < m*9/10 {
		t.Errorf("columns 3 and 8 read on %d and %d of %d examples, want ≥ 90 %%", res.AttributeCounts[3], res.AttributeCounts[8], m)
	}
	if math.Abs(res.W[3]-2) > 0.02 || math.Abs(res.W[8]+1) > 0.02 || len(res.Support) != 2 {
		t.Errorf("w = %v, want 2 at 3 and −1 at 8 only", res.W)
	}
}

// On two columns correlated at 0.995 that both carry the signal, the fit on
// the complete cases recovers the coefficients (1, 1) within 5 of their
// standard errors (≈ 0.02 each, from the label noise 0.1 over ~2,950
// examples whose difference of the two columns has sd 0.1), as ridge on
// the full rows would; the available-case moments, shrunk by
// n/(n + PairPrior), would not (w = (1.18, 0.82) on this table).
func TestAdaptiveScreenCompleteCasesCollinear(t *testing.T) {
	const m, d = 3000, 6
	rng := NewRand(5)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		x[i*d+1] = x[i*d] + 0.1*rng.NormFloat64()
		y[i] = x[i*d] + x[i*d+1] + 0.1*rng.NormFloat64()
	}
	ds, _ := NewDataset(x, y, d, nil)
	res, err := Fit(&AdaptiveScreen{K: 2, Lambda: 1e-9}, ds.Stream(), Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(res.W[0]-1) > 0.1 || math.Abs(res.W[1]-1) > 0.1 {
		t.Errorf("w = %.3f, want (1, 1) on columns 0 and 1 within 0.1", res.W)
	}
}

// With k = d CorrectedRidge sees every cell, π = π₂ = 1, and is the ridge
// regression of the full data with the relative penalty.
func TestCorrectedRidgeFullBudgetIsRidge(t *testing.T) {
	ds := correlatedTable(200, 5, 11)
	res, err := Fit(&CorrectedRidge{K: 5, Lambda: 0.01}, ds.Stream(), Options{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	C, b := mat.NewSymDense(5, nil), make([]float64, 5)
	for i := range ds.Len() {
		row := ds.Row(i)
		for j := range 5 {
			b[j] += row[j] * ds.Label(i) / 200
			for l := j; l < 5; l++ {
				C.SetSym(j, l, C.At(j, l)+row[j]*row[l]/200)
			}
		}
	}
	want := make([]float64, 5)
	plainPSDRidge(C, b, 0.01, want)
	for j := range want {
		if math.Abs(res.W[j]-want[j]) > 1e-9 {
			t.Errorf("w[%d] = %g, full-data ridge %g", j, res.W[j], want[j])
		}
	}
}

func TestCorrectedSolversBadParameters(t *testing.T) {
	ds := correlatedTable(30, 4, 1)
	for _, s := range []Solver{&CorrectedRidge{K: 1}, &CorrectedRidge{K: 5}, &CorrectedRidge{K: 2, Shrink: 1},
		&CorrectedRidge{K: 2, Lambda: -1}, &AdaptiveScreen{K: 0}, &AdaptiveScreen{K: 2, Warm: 31}, &AdaptiveScreen{K: 2, Period: -1}} {
		if _, err := Fit(s, ds.Stream(), Options{}); !errors.Is(err, ErrParam) {
			t.Errorf("%s %+v: error %v, want ErrParam", s.Name(), s, err)
		}
	}
}

// AdaptiveScreen's available-case moments are unbiased while its design
// does not depend on the data: with the whole fit a uniform warm-up (Warm
// = m), the mean over many fits of every pair's mean of x_j x_l over the
// examples that revealed both (and of x_j y) is within 5 standard errors
// of the rows' exact moment.
func TestAdaptiveScreenWarmUpMomentsUnbiased(t *testing.T) {
	const m, d, k, runs = 60, 5, 3, 4000
	ds := correlatedTable(m, d, 4)
	checkUnbiased(t, runs, exactMoments(ds), func(r int) []float64 {
		l, b, err := (&AdaptiveScreen{K: k, Warm: m}).Start(Problem{M: m, D: d, Rand: NewRand(uint64(r))})
		if err != nil {
			t.Fatal(err)
		}
		ex := NewExample(d)
		for i := range m {
			ex.Reset(ds.Row(i), ds.Label(i), b.PerExample)
			l.Observe(ex)
		}
		C, g := pooledMoments(l.(*adaptiveScreenLearner).cells, []int{0, 1, 2, 3, 4})
		return append(C, g...)
	})
}
