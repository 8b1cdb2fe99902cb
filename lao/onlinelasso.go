package lao

import (
	"math"

	"github.com/laoproject/lao/lao/internal/core"
)

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
	// Eta is the step size η. If Eta is 0, the regret bound's
	// (1/G)√(log(2d)/m), G = 2B, is used (see above).
	Eta float64
}

// Name returns "online-lasso".
func (o *OnlineLasso) Name() string { return "online-lasso" }

// Params binds B and eta to the struct's fields.
func (o *OnlineLasso) Params() []Param {
	return []Param{
		radiusParam(&o.B, "l1"),
		stepParam(&o.Eta, "step size", "the regret bound's (1/G)√(log(2d)/m), G = 2B",
			func(p Problem) float64 {
				return math.Sqrt(math.Log(2*float64(p.D))/float64(p.M)) / (2 * max(o.B, defaultRadius))
			}),
	}
}

// About describes the reference.
func (o *OnlineLasso) About() About {
	return About{Paper: "full-information reference", Algorithm: "EG± on the l1 ball, averaged", Budget: "all d attributes", Full: true, Ball: "l1"}
}

// params resolves B and Eta (defaults from m and d).
func (o *OnlineLasso) params(p Problem) (B, eta float64, err error) {
	if B, err = positiveOr("online-lasso", "B", o.B, defaultRadius); err != nil {
		return 0, 0, err
	}
	G := 2 * B
	eta, err = positiveOr("online-lasso", "eta", o.Eta, math.Sqrt(math.Log(2*float64(p.D))/float64(p.M))/G)
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
	return &onlineLassoLearner{eta: eta, z: core.NewEG(p.D, B), row: newFullRow(p.D), du: make([]float64, p.D)}, budget, nil
}

// onlineLassoLearner runs on the EG± core: O(d) per example, like reading
// the example. The core keeps u = log z⁺ = −ηΣ_s g_s. The gradient
// (w·x − y)x is zero where x is: on an example with few non-zero
// attributes (at most d/sparseShare) only those coordinates of u move, at
// O(log d) each (EG.AddU), instead of the core's O(d) dense update with d
// exponentials (on Kukliansky & Shamir's simulated data, d = 500, a third
// of the time per example).
type onlineLassoLearner struct {
	eta float64
	z   *core.EG
	du  []float64
	row fullRow
}

func (l *onlineLassoLearner) Observe(ex *Example) {
	sparse := l.row.read(ex, sparseShare)
	x := l.row.x
	l.z.Accumulate() // w̄ averages w_1..w_t
	if sparse {
		r := sparseDot(l.z.Lazy, x, l.row.nz) - ex.Label()
		for _, i := range l.row.nz {
			l.z.AddU(i, -l.eta*r*x[i])
		}
		return
	}
	r := l.z.Dot(x) - ex.Label()
	for i, v := range x {
		l.du[i] = -l.eta * r * v
	}
	l.z.AddUDense(l.du)
}

// Weights writes the average of w_1..w_t (0 before the first example).
func (l *onlineLassoLearner) Weights(dst []float64) { l.z.Average(dst) }

func (l *onlineLassoLearner) Params() map[string]float64 {
	return map[string]float64{"B": l.z.B, "eta": l.eta}
}
