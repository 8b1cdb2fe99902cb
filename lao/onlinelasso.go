package lao

import "math"

// OnlineLasso is exponentiated gradient EG± for lasso regression with full
// information: AELR (Hazan & Koren 2012, Algorithm 2) with the exact gradient
// g_t = (w_t·x_t − y_t) x_t of the loss ½(w·x − y)² in place of its
// estimate (so no clipping is needed). From z⁺ = z⁻ = 1 it steps
//
//	z⁺ ← z⁺ exp(−η g_t),   z⁻ ← z⁻ exp(+η g_t),
//	w_t = B (z⁺ − z⁻) / (||z⁺||₁ + ||z⁻||₁),
//
// keeping log z = ∓η Σ_s g_s so nothing overflows, and outputs the average
// w̄ = (1/m) Σ_{t≤m} w_t. With ||x||∞ ≤ 1 and |y| ≤ B the gradients have
// ||g_t||∞ ≤ G = 2B, and η = (1/G)√(log(2d)/m) gives the regret bound
// 2BG√(m log 2d) (Hazan & Koren 2012, Lemma 3.6 with exact gradients), i.e. an excess
// risk of at most 4B²√(log(2d)/m) for w̄.
//
// Budget: all d attributes of every example (full information), through the
// same protocol as the LAO solvers with budget d.
type OnlineLasso struct {
	// B is the radius of the l1 ball. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, η = (1/G)√(log(2d)/m) with
	// G = 2B, the choice of the regret bound above.
	Eta float64
}

var _ Solver = (*OnlineLasso)(nil)

// Name returns "online-lasso".
func (o *OnlineLasso) Name() string { return "online-lasso" }

// Params binds B and eta to the struct's fields.
func (o *OnlineLasso) Params() []Param {
	return []Param{
		FloatParam("B", &o.B, "radius of the l1 ball; 0 selects 1", radiusTune()),
		FloatParam("eta", &o.Eta, "step size; 0 selects the regret bound's choice",
			stepTune(func(p Problem) float64 { return math.Sqrt(math.Log(2*float64(p.D))/float64(p.M)) / (2 * max(o.B, 1)) })),
	}
}

// About describes the reference.
func (o *OnlineLasso) About() About {
	return About{Paper: "full-information reference", Algorithm: "EG± on the l1 ball, averaged", Budget: "all d attributes", Full: true, Ball: "l1"}
}

// params resolves B and Eta (defaults from m and d).
func (o *OnlineLasso) params(p Problem) (B, eta float64, err error) {
	if B, err = positiveOr("online-lasso", "B", o.B, 1); err != nil {
		return 0, 0, err
	}
	G := 2 * B
	eta, err = positiveOr("online-lasso", "Eta", o.Eta, math.Sqrt(math.Log(2*float64(p.D))/float64(p.M))/G)
	return B, eta, err
}

// Start validates the parameters and returns the learner.
func (o *OnlineLasso) Start(p Problem) (Learner, Budget, error) {
	B, eta, err := o.params(p)
	if err != nil {
		return nil, Budget{}, err
	}
	budget, err := fullBudget("online-lasso", p)
	if err != nil {
		return nil, Budget{}, err
	}
	d := p.D
	return &onlineLassoLearner{B: B, eta: eta, G: make([]float64, d), w: make([]float64, d),
		sum: make([]float64, d), x: make([]float64, d)}, budget, nil
}

type onlineLassoLearner struct {
	B, eta    float64
	G         []float64 // Σ_s g_s: log z⁺ = −ηG, log z⁻ = +ηG
	w, sum, x []float64
	t         int
}

// weights sets w = B (z⁺ − z⁻)/(||z⁺||₁ + ||z⁻||₁) from G, scaling every
// z by exp(−max|ηG|) first.
func (l *onlineLassoLearner) weights() {
	var M float64
	for _, g := range l.G {
		M = max(M, math.Abs(l.eta*g))
	}
	var den float64
	for i, g := range l.G {
		zp, zm := math.Exp(-l.eta*g-M), math.Exp(l.eta*g-M)
		l.w[i] = zp - zm
		den += zp + zm
	}
	for i := range l.w {
		l.w[i] *= l.B / den
	}
}

func (l *onlineLassoLearner) Observe(ex *Example) {
	readAll(ex, l.x)
	l.weights()
	axpy(1, l.w, l.sum)
	l.t++
	axpy(dot(l.w, l.x)-ex.Label(), l.x, l.G)
}

// Weights writes the average of w_1..w_t (0 before the first example).
func (l *onlineLassoLearner) Weights(dst []float64) { average(dst, l.sum, l.t) }

func (l *onlineLassoLearner) Params() map[string]float64 {
	return map[string]float64{"B": l.B, "eta": l.eta}
}
