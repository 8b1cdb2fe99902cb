package lao

// Lasso is offline lasso regression with full information: the reference
// the LAO lasso solvers (AER and Baseline of seed 001, AELR of seed 000)
// are compared with. It minimises the empirical squared loss of the
// examples seen so far,
//
//	(1/m) Σ (w·x − y)²  + Lambda·||w||₁          (penalised form), or
//	(1/m) Σ (w·x − y)²  subject to ||w||₁ ≤ B    (constrained form,
//	                                               seed 001 eq. (1), p = 1),
//
// on the Gram matrix C = XᵀX/m: coordinate descent to find the support,
// then the exact solution on it (see minQuadL1Ball), so the KKT conditions
// hold up to rounding.
//
// Budget: all d attributes of every example (full information); it goes
// through the same protocol as the LAO solvers, with budget d.
type Lasso struct {
	// Lambda, if positive, selects the penalised form with this weight.
	Lambda float64
	// B, if positive, selects the constrained form with radius B. At most
	// one of Lambda and B may be set; if both are 0, B = 1 (the theorems'
	// ||w||₁ ≤ B with data scaled so that B = 1).
	B float64
}

var _ Solver = (*Lasso)(nil)

// Name returns "lasso".
func (r *Lasso) Name() string { return "lasso" }

// Budget returns the full-information rule: d attributes per example.
func (r *Lasso) Budget(p Problem) (Budget, error) {
	if _, _, err := refParams("lasso", r.Lambda, r.B); err != nil {
		return Budget{}, err
	}
	return fullBudget("lasso", p)
}

// Start validates the parameters and returns a learner that accumulates
// XᵀX and Xᵀy in one pass.
func (r *Lasso) Start(p Problem) (Learner, error) {
	lambda, B, err := refParams("lasso", r.Lambda, r.B)
	if err != nil {
		return nil, err
	}
	if _, err := fullBudget("lasso", p); err != nil {
		return nil, err
	}
	return &lassoLearner{gram: newGram(p.D), lambda: lambda, B: B}, nil
}

type lassoLearner struct {
	*gram
	lambda, B float64
}

// Weights writes the lasso solution for the examples seen so far (0 before
// the first), so a checkpoint after t examples is the fit on that prefix.
// The objective is wᵀCw − 2bᵀw (+ const), i.e. A = C, v = −2b. If the
// exact solver stops short of the KKT point (see minQuadL1Ball), its best
// point is used.
func (l *lassoLearner) Weights(dst []float64) {
	C, b, ok := l.moments()
	if !ok {
		clear(dst)
		return
	}
	for i := range b {
		b[i] *= -2
	}
	var w []float64
	if l.lambda > 0 {
		w, _, _ = minQuadL1(C, b, l.d, l.lambda)
	} else {
		w, _, _ = minQuadL1Ball(C, b, l.d, l.B)
	}
	if w == nil { // only on invalid input, which the protocol rules out
		clear(dst)
		return
	}
	copy(dst, w)
}

// Params reports the form used: "lambda" (penalised) or "B" (constrained).
func (l *lassoLearner) Params() map[string]float64 { return penaltyParams(l.lambda, l.B) }
