package lao

import (
	"math"

	"github.com/laoproject/lao/lao/internal/core"
)

// OnlineRidge is online gradient descent for ridge regression with full
// information: AERR (Hazan & Koren 2012, Algorithm 1) with the exact gradient
// g_t = (w_t·x_t − y_t) x_t of the loss ½(w·x − y)² in place of its
// estimate. From w_1 = 0 it steps
//
//	w_{t+1} = Π_{||w||₂ ≤ B}(w_t − η g_t)
//
// and outputs the average w̄ = (1/m) Σ_{t≤m} w_t. With ||x||₂ ≤ 1 and
// |y| ≤ B the gradients have ||g_t|| ≤ G = 2B, and the step size
// η = 2B/(G√m) = 1/√m gives the regret bound 2BG√m (Zinkevich 2003; the
// proof of Hazan & Koren 2012, Thm 3.1, with G = 2B), i.e. an excess risk of at most
// 4B²/√m for w̄.
//
// Budget: all d attributes of every example (full information), through the
// same protocol as the LAO solvers with budget d.
type OnlineRidge struct {
	// B is the radius of the l2 ball. If B is 0, B = 1.
	B float64
	// Eta is the step size η. If Eta is 0, the regret bound's 1/√m, or with
	// adagrad on its base step √2·B, is used: η = 2B/(G√m) = 1/√m with
	// G = 2B, the choice of the regret bound above.
	Eta float64
	// AdaGrad replaces the global step by AdaGrad's per-coordinate steps
	// η/√(Σ_s g_{s,i}²) (Duchi, Hazan & Singer 2011; Kukliansky & Shamir
	// 2015, Appendix A, eq. (13)); Eta is then the base step (default √2·B,
	// AdaGradDefaultEta).
	AdaGrad bool
}

// Name returns "online-ridge".
func (o *OnlineRidge) Name() string { return "online-ridge" }

// Params binds B, eta and adagrad to the struct's fields.
func (o *OnlineRidge) Params() []Param {
	return []Param{
		radiusParam(&o.B, "l2"),
		ridgeEtaParam(&o.Eta, &o.AdaGrad, &o.B, false, "step size", "the regret bound's 1/√m",
			func(p Problem) float64 { return 1 / math.Sqrt(float64(p.M)) }),
		adaGradParam(&o.AdaGrad, ""),
	}
}

// About describes the reference.
func (o *OnlineRidge) About() About {
	return About{Paper: "full-information reference", Algorithm: "online gradient descent on the l2 ball, averaged", Budget: "all d attributes", Full: true, Ball: "l2"}
}

// params resolves B and Eta (defaults from m).
func (o *OnlineRidge) params(p Problem) (B, eta float64, err error) {
	if B, err = positiveOr("online-ridge", "B", o.B, defaultRadius); err != nil {
		return
	}
	G := 2 * B
	eta, err = ridgeEta("online-ridge", o.Eta, o.AdaGrad, B, 2*B/(G*math.Sqrt(float64(p.M))))
	return
}

// Start validates the parameters and returns the learner.
func (o *OnlineRidge) Start(p Problem) (Learner, Budget, error) {
	B, eta, err := o.params(p)
	if err != nil {
		return nil, Budget{}, err
	}
	budget, err := fullBudget("online-ridge", p)
	if err != nil {
		return nil, Budget{}, err
	}
	return &onlineRidgeLearner{B: B, eta: eta, ada: o.AdaGrad, w: core.NewBall(make([]float64, p.D)), row: newFullRow(p.D)}, budget, nil
}

// onlineRidgeLearner runs on the projected-gradient core: O(d) per
// example, like reading the example. On an example with at most
// d/sparseShare non-zero attributes only those coordinates move, at
// O(log d) each (Ball.Add), instead of the core's dense update and O(d)
// rebuild (as online lasso's).
type onlineRidgeLearner struct {
	B, eta float64
	ada    bool
	w      *core.Ball
	row    fullRow
}

func (l *onlineRidgeLearner) Observe(ex *Example) {
	sparse := l.row.read(ex, sparseShare)
	x := l.row.x
	l.w.Accumulate() // w̄ averages w_1..w_t: add w_t before the step
	if sparse {
		r := sparseDot(l.w.Lazy, x, l.row.nz) - ex.Label()
		for _, i := range l.row.nz {
			if l.ada {
				l.w.AddAdaGrad(i, l.eta, r*x[i])
			} else {
				l.w.Add(i, -l.eta*r*x[i])
			}
		}
		l.w.ProjectL2(l.B)
		return
	}
	r := l.w.Dot(x) - ex.Label()
	if l.ada {
		l.w.AddDenseAdaGrad(l.eta, r, x, l.row.nz)
	} else {
		l.w.AddDense(-l.eta*r, x, l.row.nz)
	}
	l.w.ProjectL2(l.B)
}

// Weights writes the average of w_1..w_t (0 before the first example).
func (l *onlineRidgeLearner) Weights(dst []float64) { l.w.Average(dst) }

func (l *onlineRidgeLearner) Params() map[string]float64 {
	m := map[string]float64{"B": l.B, "eta": l.eta}
	if l.ada {
		m["adagrad"] = 1
	}
	return m
}
