package lao

import "fmt"

// Moments are the sums XᵀX and Xᵀy over the rows of a table, the only
// thing the offline full-information references (Ridge, Lasso) fit from.
// Cross-validation fits one such solver with many settings on the same
// rows: with Moments the rows are read once per fold rather than once per
// setting (on MNIST 3 vs 5, accumulating XᵀX was two thirds of Lasso's
// 10-fold CV). A Moments is read-only once made and may be shared by
// concurrent fits.
type Moments struct {
	g *gram
}

// FitMoments fits s from m when s is a *Ridge or a *Lasso (ok true),
// returning, bit for bit, the weights of Fit of s on the table m was made
// from, and the same errors (wrapping ErrNotFinite for a non-finite fit),
// without reading the rows again. For any other solver, one that embeds
// Ridge or Lasso included (it may change how they start), ok is false and
// nothing is done: fit it with Fit.
func FitMoments(s Solver, m *Moments) (w []float64, ok bool, err error) {
	switch r := s.(type) {
	case *Ridge:
		w, err = r.fitMoments(m)
	case *Lasso:
		w, err = r.fitMoments(m, nil)
	default:
		return nil, false, nil
	}
	return w, true, err
}

// MomentsFit reports whether FitMoments fits s.
func MomentsFit(s Solver) bool {
	switch s.(type) {
	case *Ridge, *Lasso:
		return true
	}
	return false
}

// TableMoments reads every row of t in order, all of its attributes (the
// full-information budget), and returns their Moments, summed exactly as
// Fit of Ridge or Lasso on t.Stream() sums them.
func TableMoments(t Table) (mo *Moments, err error) {
	src := t.Stream()
	m, d := src.Len(), src.Dim()
	if m == 0 {
		return nil, fmt.Errorf("moments: %w", ErrEmpty)
	}
	g := newGram(d, m)
	s := momentsReader{}
	defer recoverBudget(&err, s.Name())
	res := &Result{Solver: s.Name(), Examples: m, Budget: Budget{PerExample: d, Predict: d}, AttributeCounts: make([]int64, d)}
	if err := feed(s, momentsLearner{g}, src, res, Options{}); err != nil {
		return nil, err
	}
	if g.acc != nil {
		g.acc.Flush() // nothing pending: later reads do not write
	}
	g.done = new(gramDone)
	return &Moments{g: g}, nil
}

// Examples returns the number of rows the moments were summed over.
func (m *Moments) Examples() int { return m.g.seen }

// offline returns the state of an offline learner that has seen the rows
// of m, after the checks of startOffline (the parameters and the memory
// of the solve).
func (m *Moments) offline(solver string, lambda, B float64, matrices, maxMiB int, instead string) (offline, error) {
	lambda, B, err := refParams(solver, lambda, B)
	if err != nil {
		return offline{}, err
	}
	if err := checkOffline(solver, m.g.seen, m.g.d, matrices, maxMiB, instead); err != nil {
		return offline{}, err
	}
	return offline{gram: m.g, lambda: lambda, B: B}, nil
}

// solve returns l's weights as Fit's last step computes and checks them.
func (m *Moments) solve(s Solver, l Learner) ([]float64, error) {
	w := make([]float64, m.g.d)
	l.Weights(w)
	if err := checkWeights(s, l, w, m.g.seen); err != nil {
		return nil, err
	}
	return w, nil
}

// fitMoments is FitMoments for Ridge.
func (r *Ridge) fitMoments(m *Moments) ([]float64, error) {
	o, err := m.offline("ridge", r.Lambda, r.B, 4, r.MaxMemoryMiB, "online-ridge")
	if err != nil {
		return nil, err
	}
	return m.solve(r, &ridgeLearner{o})
}

// fitMoments is FitMoments for Lasso, one of the set of fits plan (nil
// for a fit alone).
func (r *Lasso) fitMoments(m *Moments, plan *ballPlan) ([]float64, error) {
	o, err := m.offline("lasso", r.Lambda, r.B, 3, r.MaxMemoryMiB, "online-lasso")
	if err != nil {
		return nil, err
	}
	return m.solve(r, &lassoLearner{offline: o, diag: map[string]float64{}, plan: plan})
}

// FitMomentsSet returns FitMoments of each solver (each a *Ridge or a
// *Lasso, else ok is false for it) from m: the same weights and errors,
// bit for bit. The Lassos of the constrained form (B > 0) are fitted as
// one set: their radii are stops on one walk of the lasso path (quadl1's
// MinBallPath), so a cross-validation fold's grid of B costs about what its
// largest B alone does.
func FitMomentsSet(solvers []Solver, m *Moments) (ws [][]float64, ok []bool, errs []error) {
	ws, ok, errs = make([][]float64, len(solvers)), make([]bool, len(solvers)), make([]error, len(solvers))
	var radii []float64
	for _, s := range solvers {
		if r, isLasso := s.(*Lasso); isLasso && r.Lambda == 0 {
			radii = append(radii, r.B)
		}
	}
	plan := newBallPlan(radii)
	for i, s := range solvers {
		if r, isLasso := s.(*Lasso); isLasso && r.Lambda == 0 {
			ws[i], errs[i] = r.fitMoments(m, plan)
			ok[i] = true
			continue
		}
		ws[i], ok[i], errs[i] = FitMoments(s, m)
	}
	return ws, ok, errs
}

// momentsReader is the solver TableMoments feeds: every attribute of every
// row into the Gram sums.
type momentsReader struct{}

func (momentsReader) Name() string    { return "moments" }
func (momentsReader) Params() []Param { return nil }
func (momentsReader) About() About    { return About{Full: true} }
func (momentsReader) Start(Problem) (Learner, Budget, error) {
	return nil, Budget{}, fmt.Errorf("moments: not a solver: %w", ErrParam)
}

type momentsLearner struct{ *gram }

func (momentsLearner) Weights(dst []float64) { clear(dst) }
