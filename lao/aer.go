package lao

import (
	"math"
	"math/rand/v2"

	"github.com/laoproject/lao/lao/internal/core"
)

// AER is Attribute Efficient Regression (Cesa-Bianchi, Shalev-Shwartz and
// Shamir, ICML 2010, Algorithm 2): a Pegasos step
// w ← (1 − 1/t)w − (2/(λt))(ŷ − y)v with v estimating x from k/2 attributes
// drawn uniformly without replacement (v_j = (2/k)d·x_j) and ŷ estimating
// w·x from k/2 attributes drawn with P[i] = |w_i|/||w||₁
// (ŷ += (2/k)sgn(w_i)||w||₁x_i), then Euclidean projection onto the l1 ball
// of radius B (Duchi et al. 2008) and the running average w̄ += w/m.
//
// Budget: k per example (hard): ⌈k/2⌉ + ⌊k/2⌋ draws. For even k this is the
// pseudo-code exactly; for odd k the v-part uses ⌈k/2⌉ attributes with
// scale d/⌈k/2⌉ and the ŷ-part ⌊k/2⌋ with scale 1/⌊k/2⌋, which keeps both
// estimates unbiased. k ≥ 2 is required (each part needs one attribute).
//
// Theorem 2: if x ∈ [−1,1]^d and y ∈ [−1,1], with
// λ = ((B+1)d/B₂)√(log(m)/(mk)), E[L(w̄)] ≤ L(w*) + O(d(B+1)B₂/√k·√(ln m/m))
// for every w* with ||w*||₁ ≤ B and ||w*||₂ ≤ B₂ (loss (w·x − y)²). See AERBound.
type AER struct {
	// K is k, the attributes per example; K must be in [2, d].
	K int
	// B is the l1 radius of the projection. If B is 0, B = 1.
	B float64
	// B2 is the l2 norm bound B₂ on the comparator used by the default λ.
	// If B2 is 0, B2 = B (since ||w||₂ ≤ ||w||₁).
	B2 float64
	// Lambda is the Pegasos regularisation λ. If Lambda is 0, Theorem 2's
	// ((B+1)d/B₂)√(log(m)/(mk)) is used (this needs m ≥ 2).
	Lambda float64
}

// Name returns "aer".
func (s *AER) Name() string { return "aer" }

func (s *AER) resolve(p Problem) (k int, B, lambda float64, err error) {
	k = s.K
	if err := checkK("aer", k, p.D); err != nil {
		return 0, 0, 0, err
	}
	if k < 2 && p.D < 2 {
		return 0, 0, 0, paramErr("aer", "k", "= %d: AER needs k ≥ 2 attributes per example (k/2 for x and k/2 for w·x), and this table has d = %d: use aerr (k = 1 reads it) or ridge", k, p.D)
	}
	if k < 2 {
		return 0, 0, 0, paramErr("aer", "k", "= %d: AER needs k ≥ 2 (k/2 attributes for x and k/2 for w·x)", k)
	}
	if B, err = positiveOr("aer", "B", s.B, defaultRadius); err != nil {
		return 0, 0, 0, err
	}
	B2, err := positiveOr("aer", "B2", s.B2, B)
	if err != nil {
		return 0, 0, 0, err
	}
	def := AERDefaultLambda(p.D, k, p.M, B, B2)
	lambda, err = positiveOr("aer", "lambda", s.Lambda, def)
	return k, B, lambda, err
}

// Params binds k, B, B2 and lambda to the struct's fields.
func (s *AER) Params() []Param {
	return []Param{
		IntParam("k", &s.K, "attributes per example, half for x and half for w·x; in [2, d]"),
		radiusParam(&s.B, "l1"),
		FloatParam("B2", &s.B2, "l2 bound on the comparator used by the default λ", nil).withDefault("B"),
		aerLambdaParam(&s.Lambda, &s.K, &s.B, "Pegasos regularisation", "Theorem 2's ((B+1)d/B₂)√(log(m)/(mk))"),
	}
}

// aerLambdaParam declares AER's λ (and Centroid's, which runs as AER): zero
// selects def; cross-validation searches lambdaFactors times Theorem 2's λ
// for the grid's k and B (B < 1 centred as B = 1, B₂ = B).
func aerLambdaParam(v *float64, k *int, B *float64, what, def string) Param {
	return FloatParam("lambda", v, what, &Tune{Factors: lambdaFactors, Center: func(p Problem) float64 {
		b := max(*B, defaultRadius)
		return AERDefaultLambda(p.D, *k, max(p.M, 2), b, b)
	}}).withDefault(def)
}

// About cites the paper.
func (s *AER) About() About {
	return About{Paper: paperCSS, Algorithm: "Algorithm 2", Budget: "k per example", Ball: "l1"}
}

// Start validates the parameters and returns a learner at w = 0 with the
// budget k per example.
func (s *AER) Start(p Problem) (Learner, Budget, error) {
	k, B, lambda, err := s.resolve(p)
	if err != nil {
		return nil, Budget{}, err
	}
	return newAERLearner((k+1)/2, k/2, B, lambda, p), Budget{PerExample: k, Rule: "k per example"}, nil
}

// newAERLearner returns AER's learner with kx attributes for v and ky
// draws for ŷ (ky = 0: ŷ = 0, the Centroid solver).
func newAERLearner(kx, ky int, B, lambda float64, p Problem) *aerLearner {
	perm, swaps, out := subsetScratch(p.D, kx)
	return &aerLearner{kx: kx, ky: ky, B: B, lambda: lambda, rng: p.Rand,
		w: core.NewL1Ball(p.D), perm: perm, swaps: swaps, out: out, v: newSparseVec(p.D)}
}

// aerLearner runs AER on the l1-ball core: O(k log d) per example
// (amortised). The plain O(d) transcription of the pseudo-code is refAER in
// the tests, matched iterate for iterate.
type aerLearner struct {
	kx, ky    int // attributes for v and for ŷ
	B, lambda float64
	rng       *rand.Rand
	w         *core.L1Ball // w_t and the running sum
	t         int
	perm      []int // identity permutation, scratch for sampling without replacement (nil for kx ≤ sparseShuffle: subsetScratch)
	swaps     []int
	out       []int
	v         *sparseVec
}

// aerEstimates computes v (into v) and ŷ for one example (Cesa-Bianchi et al. 2010,
// Alg. 2 lines 3-12): E[v] = x and E[ŷ] = w·x, so E[2(ŷ − y)v] is the
// gradient of (w·x − y)² (eq. (4)); v and ŷ use independent draws, each of
// ŷ's j with p_j = |w_j|/||w||₁ and the term ||w||₁·sgn(w_j)·x_j. v's
// attributes are drawn and then ŷ's, in the algorithm's order, and all are
// read in one batch (Example.Attrs), so that ŷ's reads overlap v's cache
// misses instead of following them one by one. refAER in the tests, a
// transcription on the dense rows, agrees iterate for iterate (to rounding).
func aerEstimates(ex *Example, w l1Sampler, kx, ky int, rng *rand.Rand, perm, swaps, out []int, v *sparseVec) (yhat float64) {
	v.reset()
	d, b := ex.Dim(), &v.batch
	scale := float64(d) / float64(kx)
	b.pick = append(b.pick[:0], sampleWithoutReplacement(d, kx, rng, perm, swaps, out)...)
	var n1 float64
	if ky > 0 { // ky = 0: Centroid, no inner-product estimate
		if n1 = w.Norm1(); n1 != 0 {
			for range ky {
				b.pick = append(b.pick, w.SampleAbs(rng.Float64()))
			}
		}
	}
	vals := b.read(ex, b.pick)
	for a, j := range b.pick[:kx] {
		v.add(j, scale*vals[a])
	}
	if n1 == 0 {
		return 0 // w = 0: ŷ = w·x = 0 exactly, nothing drawn
	}
	for a, j := range b.pick[kx:] {
		yhat += n1 * math.Copysign(1, w.W(j)) * vals[kx+a]
	}
	return yhat / float64(ky)
}

// sampleWithoutReplacement returns k distinct indices of [0, d), uniformly
// among all k-subsets, by a partial Fisher-Yates shuffle: for i < k, swap
// position i with a uniform j in [i, d) and take position i. The k indices
// are written to out[:k]. O(k) per call. For k ≤ sparseShuffle the
// permutation is kept implicitly (sparseSample); otherwise perm (length d,
// the identity on entry and again on return) and swaps are its scratch
// (shuffleSample). Both give the same indices from the same random numbers.
func sampleWithoutReplacement(d, k int, rng *rand.Rand, perm, swaps, out []int) []int {
	if k <= sparseShuffle {
		return sparseSample(d, k, rng, out)
	}
	return shuffleSample(d, k, rng, perm, swaps, out)
}

// shuffleSample is the partial Fisher-Yates shuffle on perm, undone
// afterwards.
func shuffleSample(d, k int, rng *rand.Rand, perm, swaps, out []int) []int {
	for i := range k {
		j := i + rng.IntN(d-i)
		swaps[i] = j
		perm[i], perm[j] = perm[j], perm[i]
	}
	copy(out, perm[:k])
	for i := k - 1; i >= 0; i-- { // undo, restoring the identity
		j := swaps[i]
		perm[i], perm[j] = perm[j], perm[i]
	}
	return out[:k]
}

// sparseShuffle is the largest k for which sampleWithoutReplacement keeps
// the moved positions of the shuffle in a short list instead of swapping in
// the d-long permutation: a scan of at most k entries in one or two cache
// lines, against 2k random lines of perm (lao bench, AER k = 4 at
// d = 10⁵: about 5 % of a step, as pprof gave the shuffle).
const sparseShuffle = 8

// sparseSample is shuffleSample with the permutation implicit: position p
// holds p unless it is listed in pos, with its value in val. Position i is
// never read after step i, so only j's new value is recorded.
func sparseSample(d, k int, rng *rand.Rand, out []int) []int {
	var pos, val [sparseShuffle]int
	n := 0
	find := func(p int) int { // the list entry of position p, or -1
		for a := range n {
			if pos[a] == p {
				return a
			}
		}
		return -1
	}
	for i := range k {
		j := i + rng.IntN(d-i)
		vi, vj := i, j
		if a := find(i); a >= 0 {
			vi = val[a]
		}
		a := find(j)
		if a >= 0 {
			vj = val[a]
		} else {
			a, pos[n] = n, j
			n++
		}
		val[a] = vi // perm[j] = perm[i]
		out[i] = vj // perm[i] = perm[j], taken
	}
	return out[:k]
}

// subsetScratch returns the scratch of sampleWithoutReplacement(d, k, …):
// out for the k indices and, only when k is above sparseShuffle (the
// shuffle then swaps in a permutation), the identity perm and swaps.
func subsetScratch(d, k int) (perm, swaps, out []int) {
	if k > sparseShuffle {
		perm, swaps = identity(d), make([]int, k)
	}
	return perm, swaps, make([]int, k)
}

// identity returns [0, 1, ..., n-1].
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

func (l *aerLearner) Observe(ex *Example) {
	l.t++
	yhat := aerEstimates(ex, l.w, l.kx, l.ky, l.rng, l.perm, l.swaps, l.out, l.v)
	t := float64(l.t)
	l.w.Shrink(1 - 1/t) // w ← (1 − 1/t)w − (2/(λt))(ŷ − y)v
	c := 2 / (l.lambda * t) * (yhat - ex.Label())
	for a, i := range l.v.idx {
		l.w.Add(i, -c*l.v.vals[a])
	}
	l.w.ProjectL1(l.B) // Duchi et al. 2008
	l.w.Accumulate()   // w̄ = (1/m) Σ of the projected iterates
}

func (l *aerLearner) Weights(dst []float64) { l.w.Average(dst) }

func (l *aerLearner) Params() map[string]float64 {
	return map[string]float64{"B": l.B, "lambda": l.lambda}
}
