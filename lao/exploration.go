package lao

// Exploration is Murata & Suzuki 2018, Algorithm 1: stochastic gradient
// iterative hard thresholding with limited attribute observation. The
// iterate θ_t is kept s-sparse by the hard thresholding operator H_s; the
// attributes are split into d' = ⌈d/(s'−s)⌉ consecutive blocks
// J_i = [(s'−s)(i−1)+1, (s'−s)i ∧ d], and one update consumes d'·B_t
// examples: example (i, b) reveals its attributes on S_{t−1} = supp(θ_{t−1})
// (to compute θ_{t−1}·x exactly) and on the block J_i (to estimate the
// gradient there), so
//
//	g_t|J_i = (1/B_t) Σ_b ℓ'(θ_{t−1}|S·x_i^(b)|S) x_i^(b)|J_i,   ℓ'(a) = 2(a − y),
//	θ_t = H_s(θ_{t−1} − η g_t),
//
// with a constant step η. θ_0 is H_s(Theta0) (zero by default).
//
// Budget: at most |S_{t−1}| + |J_i| ≤ s + (s'−s) = s' distinct attributes
// per training example (hard); the output is s-sparse, so a test example
// is predicted from at most s ≤ s' attributes (Budget.Predict = s').
//
// Theorem 4.1: with s = O(κ_s² s_*), η = Θ(1/L_s) and mini-batches B_t large
// enough, L(θ_T) − L(θ_*) ≤ (1−ᾰ)^T (L(θ_0) − L(θ_*) + Δ) with probability
// 1 − δ, ᾰ = Θ(1/κ_s): a linear rate up to Δ, an accuracy the mini-batch sizes pay for. Corollary 4.2
// turns it into the sample complexity ExplorationSamples.
//
// Mini-batch schedule. Theorem 4.1 fixes B_t for a horizon T, growing like
// T/(1−ᾰ)^T. Because a fit does not know in advance when it will be
// evaluated (Options.Checkpoints), the default grows the batch
// geometrically instead, B_t = ⌈B_1·γ^{t−1}⌉ with γ = 1/(1−ᾰ) = 2 (the
// doubling trick): after t updates the noise term has shrunk like the
// optimisation term. Growth 1 gives the constant schedule of the theorem.
//
// Order of the examples: within an update, the stream's examples are
// assigned to (i, b) block-major, i = e mod d', b = ⌊e/d'⌋, so a partial
// mini-batch has touched every block about equally. Examples after the last
// complete mini-batch are read but do not change θ. Weights returns the
// current iterate θ_t (the algorithm's output after t updates).
type Exploration struct {
	// K is s', the number of attributes observed per example, in [s+1, d].
	K int
	// S is s, the number of non-zero weights, in [1, s'−1]. If S is 0,
	// s = ⌊s'/2⌋ (the paper's remark after Corollary 4.2 takes s'−s = Θ(s);
	// its experiment has s' = 50, s = s_* = 25).
	S int
	// Eta is the constant step size η > 0. If Eta is 0, η = 1/(2L̂),
	// L̂ = 2·mean square of the first mini-batch's attributes: Theorem 4.1's Θ(1/L_s) for uncorrelated attributes of
	// equal variance (1/4 for standard normal attributes). Result.Params
	// reports the value used.
	Eta float64
	// Batch is B_1, the first mini-batch size (examples per block). If
	// Batch is 0, B_1 = ⌈s²/4⌉ (DefaultBatch: Theorem 4.1's first term).
	Batch int
	// Growth is γ ≥ 1 in B_t = ⌈B_1·γ^{t−1}⌉. If Growth is 0, γ = 2.
	Growth float64
	// Theta0 is θ_0 (length d); the algorithm starts from H_s(θ_0). Nil
	// means the zero vector.
	Theta0 []float64
}

// Name returns "exploration".
func (e *Exploration) Name() string { return "exploration" }

// Params binds k (s'), s, eta, batch and growth to the struct's fields.
func (e *Exploration) Params() []Param {
	return []Param{
		IntParam("k", &e.K, "s', attributes observed per example (training and prediction); in [s+1, d]"),
		sparsityParam(&e.S, "non-zero weights of the model"),
		sparseEtaParam(&e.Eta),
		batchParam(&e.Batch, "first mini-batch size B_1 (examples per block)", "⌈s²/4⌉"),
		growthParam(&e.Growth, "mini-batch growth γ ≥ 1, B_t = ⌈B_1γ^(t−1)⌉ (1: constant)"),
	}
}

// About cites the paper.
func (e *Exploration) About() About {
	return About{Paper: paperMS, Algorithm: "Algorithm 1 (Exploration)", Budget: "s' per example; s-sparse model, prediction from ≤ s' attributes", Ball: "l0"}
}

// explorationConfig is Exploration's resolved configuration, and the part
// of Hybrid's that its Exploration steps use.
type explorationConfig struct {
	sparsity
	eta    float64 // 0: estimate on the first mini-batch
	batch  int
	growth float64
	theta0 []float64 // the start H_s(θ_0) (initialTheta)
}

func (e *Exploration) resolve(p Problem) (c explorationConfig, err error) {
	if c, err = resolveExploration("exploration", e.K, e.S, e.Eta, e.Batch, e.Growth, p.D); err != nil {
		return
	}
	c.theta0, err = initialTheta("exploration", e.Theta0, p.D, c.s)
	return
}

// explorer returns Exploration's state at θ_0 with the first mini-batch
// size: where Exploration and Hybrid start.
func (c explorationConfig) explorer(d int) *explorer {
	x := newExplorer(d, c.sp, c.s, c.eta, c.theta0)
	x.batch = c.batch
	return x
}

// resolveExploration validates what Exploration and Hybrid share: the
// sparsities s' and s, η and the mini-batch schedule (θ_0 is validated
// last, by each resolve).
func resolveExploration(solver string, k, s int, eta float64, batch int, growth float64, d int) (explorationConfig, error) {
	sp, err := resolveSparsity(solver, k, s, d, 1)
	if err != nil {
		return explorationConfig{}, err
	}
	if err := checkEta(solver, eta); err != nil {
		return explorationConfig{}, err
	}
	b, g, err := resolveBatch(solver, batch, growth, DefaultBatch(sp.s))
	if err != nil {
		return explorationConfig{}, err
	}
	return explorationConfig{sparsity: sp, eta: eta, batch: b, growth: g}, nil
}

// Start validates the parameters and returns a learner at H_s(θ_0) with
// the budget s' per example.
func (e *Exploration) Start(p Problem) (Learner, Budget, error) {
	c, err := e.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	return &explorationLearner{x: c.explorer(p.D), c: c}, sparseBudget(c.sp, c.s), nil
}

type explorationLearner struct {
	x *explorer
	c explorationConfig
}

func (l *explorationLearner) Observe(ex *Example) {
	if l.x.err != nil {
		return
	}
	if l.x.observe(ex) {
		l.x.batch = batchAt(l.c.batch, l.c.growth, l.x.t)
	}
}

func (l *explorationLearner) Weights(dst []float64) { copy(dst, l.x.theta) }

// Err reports a diverged iterate (Failer).
func (l *explorationLearner) Err() error { return l.x.err }

func (l *explorationLearner) Params() map[string]float64 {
	return map[string]float64{"k": float64(l.c.sp), "s": float64(l.c.s), "eta": l.x.eta,
		"batch": float64(l.c.batch), "growth": l.c.growth}
}

func (l *explorationLearner) Diagnostics() map[string]float64 {
	return map[string]float64{"updates": float64(l.x.t), "blocks": float64(l.x.blocks)}
}

// explorer is the state of Algorithm 1, shared by Exploration and Hybrid:
// the s-sparse iterate, its support, and the gradient of the current
// mini-batch being accumulated block by block.
type explorer struct {
	failure
	d, sp, s   int
	width      int // s' − s, the block length
	blocks     int // d' = ⌈d/(s'−s)⌉
	eta        float64
	est        stepEstimate      // while eta == 0
	theta      []float64         // θ_{t−1}
	supp       []int             // S_{t−1} = supp(θ_{t−1}), increasing
	g          []float64         // Σ_b ℓ'·x|J_i over the current mini-batch
	e          int               // examples of the current mini-batch so far
	batch      int               // B_t of the current mini-batch
	t          int               // completed updates
	order      []int             // scratch for H_s
	onEstimate func(eta float64) // called once when the default η is resolved
	// prices (Hybrid with prices, ours): the support within the cost
	// budget cprime, by value per price if priced (else by |θ_j|), and
	// blocks within what an example may spend beyond the support
	costs  []float64 // nil: unpriced, H_s and consecutive blocks of width
	cprime float64
	priced bool
	bounds []int // block i is [bounds[i], bounds[i+1]) when costs != nil
}

// setPrices makes the explorer choose its support within the cost budget
// cprime (by value per price if priced) and read the blocks bounds.
func (x *explorer) setPrices(costs []float64, cprime float64, priced bool, bounds []int) {
	x.costs, x.cprime, x.priced, x.bounds = costs, cprime, priced, bounds
	x.blocks = len(bounds) - 1
	x.supp = x.threshold()
}

// threshold applies H_s to θ, or its priced version (costThreshold), and
// returns the support.
func (x *explorer) threshold() []int {
	if x.costs == nil {
		return hardThreshold(x.theta, x.s, x.order, x.supp)
	}
	return costThreshold(x.theta, x.s, x.costs, x.cprime, x.priced, x.order, x.supp)
}

func newExplorer(d, sp, s int, eta float64, theta []float64) *explorer {
	w := sp - s
	x := &explorer{d: d, sp: sp, s: s, width: w, blocks: (d + w - 1) / w, eta: eta, theta: theta,
		g: make([]float64, d), batch: 1, order: make([]int, 0, d)}
	x.supp = Support(theta)
	return x
}

// block returns J_i (0-based, half-open) for block i.
func (x *explorer) block(i int) (lo, hi int) {
	if x.bounds != nil {
		return x.bounds[i], x.bounds[i+1]
	}
	return i * x.width, min((i+1)*x.width, x.d)
}

// residual returns θ|S·x|S − y, reading x on S only.
func residual(ex *Example, theta []float64, supp []int) float64 {
	var a float64
	for _, j := range supp {
		a += theta[j] * ex.Attr(j)
	}
	return a - ex.Label()
}

// observe feeds one example of the current mini-batch; it reports whether
// the example completed the mini-batch and θ was updated.
func (x *explorer) observe(ex *Example) bool {
	i := x.e % x.blocks
	lp := 2 * residual(ex, x.theta, x.supp) // ℓ'_y(θ|S·x|S)
	lo, hi := x.block(i)
	for j := lo; j < hi; j++ {
		v := ex.Attr(j)
		x.g[j] += lp * v
		if x.eta == 0 {
			x.est.add(v)
		}
	}
	x.e++
	if x.e < x.blocks*x.batch {
		return false
	}
	x.update()
	return true
}

// update sets θ_t = H_s(θ_{t−1} − η g_t) with g_t the mean over the
// mini-batch, and starts the next mini-batch.
func (x *explorer) update() {
	if x.eta == 0 {
		x.eta = x.est.eta()
		if x.onEstimate != nil {
			x.onEstimate(x.eta)
		}
	}
	step := x.eta / float64(x.batch)
	for j, v := range x.g {
		x.theta[j] -= step * v
	}
	clear(x.g)
	x.supp = x.threshold()
	x.t++
	x.e = 0
	if !allFinite(x.theta) {
		x.fail(diverged(x.t, etaHint(x.eta, x.batch)))
	}
}
