package lao

import "math/rand/v2"

// This file holds what the k+1-attribute solvers share: AERR and AELR
// (Hazan & Koren 2012), their sampling generalisations GAERR and GAELR and
// the data-dependent DDAERR and DDAELR (Kukliansky & Shamir 2015). Each
// reads k attributes for x̃ and one (or, split, ⌊(k+1)/2⌋) for w·x.

// kPlusOneRun is what a k+1-attribute solver resolves from its parameters
// for a problem.
type kPlusOneRun struct {
	k         int         // draws for x̃ (before a split)
	B, eta    float64     // the radius and the step size
	cost      float64     // the cost budget per example (0 without prices)
	q         *aliasTable // x̃'s sampling distribution; nil: uniform
	o         estOpts
	kFromCost bool // k was derived from the cost budget (K = 0)
}

// resolveKPlusOne starts a kPlusOneRun with what AERR, AELR, DDAERR and
// DDAELR validate alike: the prices against d, k (K, or with K = 0 the
// largest k whose k+1 draws fit the cost budget, see resolveDraws), the
// cost budget and the radius B (0: defaultRadius).
func (p *Prices) resolveKPlusOne(solver string, K int, B float64, d int) (kPlusOneRun, error) {
	if err := p.check(solver, d); err != nil {
		return kPlusOneRun{}, err
	}
	k, cost, err := p.resolveDraws(solver, K, d, kPlusOneCount(d))
	if err != nil {
		return kPlusOneRun{}, err
	}
	B, err = positiveOr(solver, "B", B, defaultRadius)
	return kPlusOneRun{k: k, B: B, cost: cost, kFromCost: K == 0}, err
}

// startL2 resolves the parameters of AERR, GAERR or DDAERR with resolve
// and returns the l2-ball learner at w_1 (W1, or the default of
// initialIterate) with the budget k+1 per example and the cost budget of
// the prices pr (nil: none).
func startL2(solver string, resolve func(Problem) (kPlusOneRun, error), W1 []float64, pr *Prices, p Problem) (Learner, Budget, error) {
	r, err := resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	r.reportK()
	l, err := newGAERRLearner(r.q, r.k, r.B, r.eta, W1, p, solver, r.o)
	return l, pr.budget(kPlusOne(r.k, p.D), r.cost), err
}

// startL1 resolves the parameters of AELR, GAELR or DDAELR with resolve
// and returns the EG± learner at z⁺ = z⁻ = 1 (w_1 = 0) with the budget k+1
// per example and the cost budget of the prices pr (nil: none).
func startL1(resolve func(Problem) (kPlusOneRun, error), pr *Prices, p Problem) (Learner, Budget, error) {
	r, err := resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	r.reportK()
	return newGAELRLearner(r.q, r.k, r.B, r.eta, p, r.o, nil), pr.budget(kPlusOne(r.k, p.D), r.cost), nil
}

// reportK makes the learner report k when it came from the cost budget.
func (r *kPlusOneRun) reportK() {
	if r.kFromCost {
		r.o.kDerived = r.k
	}
}

// xEstimator is the state the k+1-attribute learners (aerrLearner,
// aelrLearner) share: x̃'s draws, the estimator options and the
// parameters they report.
type xEstimator struct {
	q      *aliasTable // x̃'s sampling distribution (GAERR/GAELR, DDAERR/DDAELR); nil: uniform
	k      int         // draws for x̃
	o      estOpts
	B, eta float64
	rng    *rand.Rand
	xt     *sparseVec
}

// xDraws lists the attributes drawn for x̃ on the last example, with
// multiplicity (the two-phased solvers' first phase estimates E[x_i²]
// from them).
func (e *xEstimator) xDraws() []int { return e.xt.draws }

// Params reports B, η and the options in force.
func (e *xEstimator) Params() map[string]float64 {
	return e.o.report(map[string]float64{"B": e.B, "eta": e.eta})
}
