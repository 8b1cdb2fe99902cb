package lao

import (
	"cmp"
	"math"
	"slices"
	"strconv"
)

// Hybrid is Murata & Suzuki 2018, Algorithm 3: rounds k = 1, 2, … of
// Exploration then Exploitation,
//
//	θ̃_k⁻ = Exploration(θ̃_{k−1}, η, s', s, {B⁻_{t,k}}, T_k⁻),
//	θ̃_k  = Exploitation(θ̃_k⁻, η, {B_{t,k}}, T_k),
//
// returning θ̃_K. (The paper's pseudo-code writes the second line's output
// as θ̃_k⁻ too; the loop and the return θ̃_K show it is θ̃_k.) Exploration
// finds the support; Exploitation then spends each example on the s
// coordinates of that support only, which is where Hybrid's faster rate
// comes from once supp θ_* has been found.
//
// Budget: at most s' distinct attributes per training example (s' in the
// Exploration steps, at most s in the Exploitation steps); the output is
// s-sparse (Budget.Predict = s').
//
// With prices (ours, docs/costs.md) the support is also limited in cost:
// at most s attributes costing at most C' (PredictCostBudget; by default
// the s most expensive, or C less the dearest attribute's price if that is
// less, so that Exploration can read every attribute), chosen greedily by value per price θ_j²/c_j (by
// |θ_j| when cost-blind) in place of H_s; Exploration's blocks hold at most
// s'−s consecutive attributes costing at most C − C', so no training
// example costs more than C (CostBudget; by default C' plus the dearest
// block of s'−s). The model then predicts each test example for at most C'.
//
// Theorem 4.4 (defaults): T_k⁻ = 3, T_k = T̃ = ⌈log(d/(Θ(κ_s²)(s'−s)) ∨ 1) /
// log(1/(1−ᾰ))⌉ and batch sizes B_k(T, s, ᾰ) whose noise term grows like
// T/(1−ᾰ)^T per round and like 1/(1−ᾰ)^k across rounds. We take the
// constants Θ(κ_s²) = 1 and 1/(1−ᾰ) = γ, the per-round growth (default 2,
// ᾰ = 1/2), so T̃ = ⌈log(d/(s'−s) ∨ 1)/log γ⌉ (5 in the paper's synthetic
// experiment) and
//
//	B⁻_{t,k} = ⌈B⁻_1·γ^{k−1}⌉,   B_{t,k} = ⌈B_1·γ^{k−1}⌉,
//	B_1 = ⌈B⁻_1·(T̃/T⁻)·γ^{T̃−T⁻}⌉   (the ratio B_k(T̃)/B_k(T⁻) of the noise terms).
//
// Every one of these can be overridden. Theorem 4.4 then gives
// L(θ̃_K) − L(θ_*) ≤ 2(1−ᾰ)^K(L(θ̃_0) − L(θ_*)) in general and
// 2(1−ᾰ)^{K+T̃}(…) once K exceeds ǩ, the round at which the support is
// found (which depends on r_min = min_{j∈supp θ_*}|θ_*j|); Corollary 4.5's
// sample complexity is HybridSamples.
//
// The number of rounds K is whatever the m examples allow; Weights returns
// the current iterate (θ̃_K after K whole rounds, else the inner algorithm's
// iterate), and examples after the last complete mini-batch are read but
// do not change θ.
type Hybrid struct {
	// K is s', the number of attributes observed per example, in [s+1, d].
	K int
	// S is s, the number of non-zero weights, in [1, s'−1]. If S is 0,
	// s = ⌊s'/2⌋.
	S int
	// Eta is the constant step size η > 0 of both inner algorithms. If Eta
	// is 0, η = 1/(2L̂), L̂ = 2·mean square of the first mini-batch's
	// attributes, as in Exploration.
	Eta float64
	// Batch is B⁻_1, the Exploration mini-batch (examples per block) of
	// round 1. If Batch is 0, B⁻_1 = ⌈s²/4⌉ (DefaultBatch, as in Exploration).
	Batch int
	// Batch2 is B_1, the Exploitation mini-batch of round 1. If Batch2 is
	// 0, B_1 = ⌈batch·(T/tminus)·growth^(T−tminus)⌉ (at least 1), that is
	// ⌈B⁻_1·(T̃/T⁻)·γ^{T̃−T⁻}⌉.
	Batch2 int
	// Growth is γ ≥ 1, the factor by which both mini-batches grow from one
	// round to the next. If Growth is 0, γ = 2.
	Growth float64
	// TMinus is T_k⁻, the Exploration updates per round. If TMinus is 0,
	// T_k⁻ = 3 (Theorem 4.4).
	TMinus int
	// T is T̃, the Exploitation updates per round. If T is 0,
	// T̃ = ⌈log(d/(s'−s) ∨ 1)/log γ⌉ (Theorem 4.4; needs γ > 1).
	T int
	// Theta0 is θ̃_0 (length d); nil means the zero vector.
	Theta0 []float64
	// Prices are the attributes' prices and the cost budgets (ours): C
	// per training example, C' for the model's support.
	Prices
}

// Name returns "hybrid".
func (h *Hybrid) Name() string { return "hybrid" }

// Params binds k (s'), s, eta, batch, batch2, growth, tminus, T,
// costbudget, predictcostbudget and costblind to the struct's fields; the
// prices are supplied with SetCosts.
func (h *Hybrid) Params() []Param {
	return append([]Param{
		IntParam("k", &h.K, "s', attributes observed per example (training and prediction); in [s+1, d]"),
		sparsityParam(&h.S, "non-zero weights of the model"),
		sparseEtaParam(&h.Eta),
		batchParam(&h.Batch, "Exploration mini-batch of round 1 (examples per block)", "⌈s²/4⌉"),
		IntParam("batch2", &h.Batch2, "Exploitation mini-batch of round 1").withDefault("⌈batch·(T/tminus)·growth^(T−tminus)⌉"),
		growthParam(&h.Growth, "growth γ ≥ 1 of both mini-batches per round"),
		IntParam("tminus", &h.TMinus, "Exploration updates per round T⁻ (Theorem 4.4)").withDefault(strconv.Itoa(defaultTMinus)),
		IntParam("T", &h.T, "Exploitation updates per round T̃ (Theorem 4.4)").withDefault("⌈log(d/(s'−s) ∨ 1)/log γ⌉"),
	}, h.Prices.priceParams("the support and one block")...)
}

// About cites the paper.
func (h *Hybrid) About() About {
	return About{Paper: paperMS, Algorithm: "Algorithm 3 (Hybrid)", Budget: "s' per example; s-sparse model, prediction from ≤ s' attributes", Ball: "l0"}
}

// hybridConfig is Hybrid's resolved configuration.
type hybridConfig struct {
	explorationConfig
	batch2           int
	tminus, texploit int
}

// defaultTMinus is Theorem 4.4's T_k⁻, the Exploration updates per round.
const defaultTMinus = 3

// HybridDefaultT is Theorem 4.4's number of Exploitation updates per round,
// T̃ = ⌈log(d/(s'−s) ∨ 1)/log γ⌉ with the constants Θ(κ_s²) = 1 and
// 1/(1−ᾰ) = γ (> 1).
func HybridDefaultT(d, sp, s int, growth float64) int {
	r := float64(d) / float64(sp-s)
	if r <= 1 {
		return 0
	}
	return int(math.Ceil(math.Log(r)/math.Log(growth) - 1e-12))
}

func (h *Hybrid) resolve(p Problem) (hybridConfig, error) {
	if err := h.Prices.check("hybrid", p.D); err != nil {
		return hybridConfig{}, err
	}
	ec, err := resolveExploration("hybrid", h.K, h.S, h.Eta, h.Batch, h.Growth, p.D)
	if err != nil {
		return hybridConfig{}, err
	}
	sp, b, g := ec.sparsity, ec.batch, ec.growth
	c := hybridConfig{explorationConfig: ec, tminus: h.TMinus, texploit: h.T}
	if c.tminus == 0 {
		c.tminus = defaultTMinus
	}
	if c.tminus < 1 {
		return c, paramErr("hybrid", "tminus", "= %d: the Exploration updates per round must be at least 1", c.tminus)
	}
	switch {
	case c.texploit < 0:
		return c, paramErr("hybrid", "T", "= %d: the Exploitation updates per round must be at least 1 (0 selects Theorem 4.4's T̃)", c.texploit)
	case c.texploit == 0 && g == 1:
		return c, paramErr("hybrid", "T", "has no default with growth = 1: Theorem 4.4's T̃ divides by log(1/(1−ᾰ)) = log γ; set T")
	case c.texploit == 0:
		c.texploit = HybridDefaultT(p.D, sp.sp, sp.s, g)
	}
	c.batch2 = h.Batch2
	if c.batch2 == 0 {
		ratio := float64(c.texploit) / float64(c.tminus) * math.Pow(g, float64(c.texploit-c.tminus))
		c.batch2 = max(1, batchAt(b, ratio, 1))
	}
	if c.batch2 < 1 {
		return c, paramErr("hybrid", "batch2", "= %d: the mini-batch size must be at least 1", c.batch2)
	}
	c.theta0, err = initialTheta("hybrid", h.Theta0, p.D, c.s)
	return c, err
}

// Start validates the parameters and returns a learner at H_s(θ̃_0) with
// the budget s' per example.
func (h *Hybrid) Start(p Problem) (Learner, Budget, error) {
	c, err := h.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	l := &hybridLearner{c: c, x: c.explorer(p.D), round: 1}
	budget := sparseBudget(c.sp, c.s)
	if h.Costs != nil {
		cprime, cost, bounds, err := h.pricedPlan(c)
		if err != nil {
			return nil, Budget{}, err
		}
		l.x.setPrices(h.Costs, cprime, h.priced(), bounds) // θ̃_0's support within C' too
		budget = h.Prices.budget(budget, cost)
		budget.PredictCost = cprime
	}
	l.y = newExploiter(c.theta0, nil, c.eta)
	return l, budget, nil
}

// pricedPlan resolves C' (the support's cost budget), C (per training
// example) and Exploration's blocks: at most s'−s consecutive attributes
// costing at most C − C'.
func (h *Hybrid) pricedPlan(c hybridConfig) (cprime, cost float64, bounds []int, err error) {
	cprime = h.PredictCostBudget
	if cprime == 0 { // the default
		cprime = WorstCaseCost(h.Costs, c.s)
		if h.CostBudget > 0 { // leave C the dearest attribute's price for Exploration's blocks
			cprime = min(cprime, h.CostBudget-slices.Max(h.Costs))
		}
		if cheapest := slices.Min(h.Costs); h.CostBudget > 0 && cprime < cheapest {
			return 0, 0, nil, paramErr("hybrid", "costbudget", "= %g cannot pay for a support of one attribute (the cheapest, %g) beside the dearest attribute an Exploration block may read (%g): raise costbudget to at least %g",
				h.CostBudget, cheapest, slices.Max(h.Costs), cheapest+slices.Max(h.Costs))
		}
	}
	width := c.sp - c.s
	if h.CostBudget == 0 {
		bounds, _ = costBlocks(h.Costs, width, math.Inf(1))
		return cprime, cprime + maxBlockCost(h.Costs, bounds), bounds, nil
	}
	cost = h.CostBudget
	bounds, bad := costBlocks(h.Costs, width, cost-cprime)
	if bounds == nil {
		// (a default C' leaves the dearest price, so only a given one gets here)
		return 0, 0, nil, paramErr("hybrid", "costbudget", "= %g must pay for the support, C' = %g (predictcostbudget), and for Exploration's block beyond it: it leaves %g, less than %s's price %g, so Exploration could never read that attribute; raise costbudget to at least %g (or lower predictcostbudget, or s)",
			cost, cprime, cost-cprime, h.attrName(bad), h.Costs[bad], cprime+slices.Max(h.Costs))
	}
	return cprime, cost, bounds, nil
}

// hybridLearner runs the rounds of Algorithm 3 on one shared iterate.
type hybridLearner struct {
	c       hybridConfig
	x       *explorer
	y       *exploiter
	round   int  // k, from 1
	exploit bool // in the Exploitation half of round k
	inner   int  // updates done in the current half
	rounds  int  // completed rounds
}

func (l *hybridLearner) Observe(ex *Example) {
	if l.Err() != nil {
		return
	}
	if !l.exploit {
		if !l.x.observe(ex) {
			return
		}
		if l.inner++; l.inner < l.c.tminus {
			return
		}
		l.inner = 0
		if l.c.texploit == 0 {
			l.nextRound()
			return
		}
		l.exploit = true // θ̃_k⁻ is done: Exploitation on its support
		l.y.reset(l.x.theta, l.x.supp)
		l.y.eta = l.x.eta
		l.y.batch = batchAt(l.c.batch2, l.c.growth, l.round-1)
		return
	}
	if !l.y.observe(ex) {
		return
	}
	if l.inner++; l.inner == l.c.texploit {
		l.inner = 0
		l.nextRound()
	}
}

// nextRound ends round k (θ̃_k is the current iterate) and starts
// Exploration from it.
func (l *hybridLearner) nextRound() {
	l.rounds++
	l.round++
	l.exploit = false
	l.x.supp = l.x.supp[:0]
	for j, v := range l.x.theta {
		if v != 0 {
			l.x.supp = append(l.x.supp, j)
		}
	}
	l.x.batch = batchAt(l.c.batch, l.c.growth, l.round-1)
}

func (l *hybridLearner) Weights(dst []float64) { copy(dst, l.x.theta) }

// Err reports a diverged iterate of either half (Failer).
func (l *hybridLearner) Err() error { return cmp.Or(l.x.err, l.y.err) }

func (l *hybridLearner) Params() map[string]float64 {
	return map[string]float64{"k": float64(l.c.sp), "s": float64(l.c.s), "eta": l.x.eta, "batch": float64(l.c.batch),
		"batch2": float64(l.c.batch2), "growth": l.c.growth, "tminus": float64(l.c.tminus), "T": float64(l.c.texploit)}
}

func (l *hybridLearner) Diagnostics() map[string]float64 {
	return map[string]float64{"rounds": float64(l.rounds), "exploration_updates": float64(l.x.t), "blocks": float64(l.x.blocks)}
}
