package lao

import (
	"math"
	"math/rand/v2"
	"slices"

	"github.com/laoproject/lao/lao/internal/core"
	"github.com/laoproject/lao/lao/internal/prefetch"
)

// This file holds the unbiased estimators shared by the stochastic solvers.
// Each reads attributes only through the Example handle, so the budget
// accounting is done by the handle, never by the estimator.

// sparseVec is a sparse vector built from a few sampled coordinates: idx
// lists the touched coordinates once each, in the order of their first
// touch, and vals[a] is the value of coordinate idx[a]. It touches no
// per-coordinate memory while it holds few coordinates (a repeat is found
// by a scan of idx); past sparseScan it keeps the positions of its
// coordinates in an array over d.
type sparseVec struct {
	idx  []int
	vals []float64
	pos  []int32 // pos[i] = a+1 if idx[a] = i, 0 otherwise; for d > sparseDirect nil until idx outgrows sparseScan
	d    int
	// draws lists the coordinates of every add since reset, with
	// multiplicity (the draws of an x̃ estimate).
	draws []int
	// batch holds the draws of an estimate and their values.
	batch drawnReads
}

// drawnReads is the scratch of an estimate that draws its attributes first
// and reads them in one batch (Example.Attrs: the reads overlap their
// cache misses, a row fetched on demand is fetched once).
type drawnReads struct {
	pick []int
	vals []float64
}

// draw calls draw n times, in order, and reads the drawn attributes of ex:
// the same random numbers and values as drawing and reading in turn.
func (b *drawnReads) draw(ex *Example, n int, draw func() int) (idx []int, vals []float64) {
	b.pick = slices.Grow(b.pick[:0], n)[:n]
	for r := range b.pick {
		b.pick[r] = draw()
	}
	return b.pick, b.read(ex, b.pick)
}

// read reads the attributes idx of ex in one batch.
func (b *drawnReads) read(ex *Example, idx []int) []float64 {
	b.vals = slices.Grow(b.vals[:0], len(idx))[:len(idx)]
	ex.Attrs(idx, b.vals)
	return b.vals
}

// sparseScan is the number of coordinates up to which sparseVec finds a
// repeat by scanning.
const sparseScan = 16

// sparseDirect is the largest d for which sparseVec keeps its positions
// from the start: 16 KiB that stay in the cache, and a repeat found in one
// load instead of a scan.
const sparseDirect = 4096

func newSparseVec(d int) *sparseVec {
	s := &sparseVec{d: d}
	if d <= sparseDirect {
		s.pos = make([]int32, d)
	}
	return s
}

// reset clears the touched coordinates in O(len(idx)).
func (s *sparseVec) reset() {
	if s.pos != nil {
		for _, i := range s.idx {
			s.pos[i] = 0
		}
	}
	s.idx, s.vals, s.draws = s.idx[:0], s.vals[:0], s.draws[:0]
}

// add adds v to coordinate i.
func (s *sparseVec) add(i int, v float64) {
	s.draws = append(s.draws, i)
	if s.pos == nil {
		for a, j := range s.idx {
			if j == i {
				s.vals[a] += v
				return
			}
		}
		if len(s.idx) < sparseScan {
			s.idx, s.vals = append(s.idx, i), append(s.vals, v)
			return
		}
		s.pos = make([]int32, s.d) // once per learner: many draws per example
		for a, j := range s.idx {
			s.pos[j] = int32(a + 1)
		}
	}
	if a := s.pos[i]; a > 0 {
		s.vals[a-1] += v
		return
	}
	s.idx, s.vals = append(s.idx, i), append(s.vals, v)
	s.pos[i] = int32(len(s.idx))
}

// find returns the position of coordinate i in idx, or −1.
func (s *sparseVec) find(i int) int {
	if s.pos != nil {
		return int(s.pos[i]) - 1
	}
	for a, j := range s.idx {
		if j == i {
			return a
		}
	}
	return -1
}

// at returns the value of coordinate i (0 if it was not touched).
func (s *sparseVec) at(i int) float64 {
	if a := s.find(i); a >= 0 {
		return s.vals[a]
	}
	return 0
}

// uniformXEstimate sets xt to x̃ = (1/k) Σ_{r=1..k} d·x[i_r]·e_{i_r} with
// i_1..i_k drawn uniformly and independently from [d] (Hazan & Koren 2012, Alg. 1-2
// lines 3-7). E[x̃] = x. It reveals at most k attributes.
func uniformXEstimate(ex *Example, k int, rng *rand.Rand, xt *sparseVec) {
	d := ex.Dim()
	drawnXEstimate(ex, k, func() int { return rng.IntN(d) }, func(_ int, x float64) float64 { return uniformTerm(d, k, x) }, xt)
}

// uniformTerm is the term (d/k)·x_i that attribute i adds to a uniform x̃.
func uniformTerm(d, k int, x float64) float64 { return float64(d) / float64(k) * x }

// drawnXEstimate sets xt to Σ_r term(i_r, x[i_r])·e_{i_r} over k indices
// from draw, called k times in order. The indices are drawn first and read
// after: a row fetched on demand fetches them in one batch, and on a row in
// memory the k reads, issued back to back, overlap their cache misses
// (between reads, the draws touch only small tables). The values, the
// random numbers and the order of the additions are those of drawing and
// reading in turn.
func drawnXEstimate(ex *Example, k int, draw func() int, term func(i int, x float64) float64, xt *sparseVec) {
	xt.reset()
	idx, vals := xt.batch.draw(ex, k, draw)
	for r, i := range idx {
		xt.add(i, term(i, vals[r]))
	}
}

// l1Sampler is a weight vector that draws j with probability |w_j|/||w||₁:
// the EG core (core.EG), or a fixed w (denseL1).
type l1Sampler interface {
	Norm1() float64
	SampleAbs(u float64) int
	W(j int) float64
}

// denseL1 is a fixed weight vector as an l1Sampler.
type denseL1 struct {
	w   []float64
	abs *core.SumTree
}

func newDenseL1(w []float64) denseL1 {
	t := core.NewSumTree(len(w))
	ab := make([]float64, len(w))
	for i, v := range w {
		ab[i] = math.Abs(v)
	}
	t.Build(ab)
	return denseL1{w: w, abs: t}
}

func (s denseL1) Norm1() float64          { return s.abs.Total() }
func (s denseL1) SampleAbs(u float64) int { return s.abs.Sample(u * s.abs.Total()) }
func (s denseL1) W(j int) float64         { return s.w[j] }

// egInnerEstimate returns an unbiased estimate of w·x that reveals one
// attribute: j is drawn with P[j] = |w_j|/||w||₁ and the estimate is
// ||w||₁ sign(w_j) x_j (Hazan & Koren 2012, Alg. 2 lines 9-10). If w = 0
// the estimate is exactly 0.
func egInnerEstimate(ex *Example, z l1Sampler, rng *rand.Rand) float64 {
	n1 := z.Norm1()
	if n1 == 0 {
		return 0
	}
	j := z.SampleAbs(rng.Float64())
	return n1 * math.Copysign(1, z.W(j)) * ex.Attr(j)
}

// innerSampler is the weight vector an inner-product estimate draws from:
// its normaliser (0: the estimate is exactly 0 and draws nothing), a draw
// of j from the normalised weights, and the term j contributes.
type innerSampler interface {
	innerNorm() float64
	innerSample(u float64) int
	innerTerm(j int, x, norm float64) float64
	Hint(j int)
}

// sqSampler draws j with p_j = w_j²/||w||₂² (Hazan & Koren 2012, Alg. 1 lines 8-9).
type sqSampler struct{ *core.Ball }

func (s sqSampler) innerNorm() float64                       { return s.Norm2() }
func (s sqSampler) innerSample(u float64) int                { return s.SampleSq(u) }
func (s sqSampler) innerTerm(j int, x, norm float64) float64 { return norm * x / s.W(j) }

// absSampler draws j with p_j = |w_j|/||w||₁ (Hazan & Koren 2012, Alg. 2 lines 9-10).
type absSampler struct{ *core.EG }

func (s absSampler) innerNorm() float64        { return s.Norm1() }
func (s absSampler) innerSample(u float64) int { return s.SampleAbs(u) }
func (s absSampler) innerTerm(j int, x, norm float64) float64 {
	return norm * math.Copysign(1, s.W(j)) * x
}

// fusedEstimate sets x̃ into e.xt (xEstimate's) and returns the estimate
// of w·x: the mean of e.o.r terms, each from one attribute j drawn from w
// (sqSampler: Hazan & Koren 2012, Alg. 1 lines 8-9, ||w||₂²·x_j/w_j;
// absSampler: Alg. 2 lines 9-10, ||w||₁·sgn(w_j)·x_j) or, with
// e.o.innerC = c, with p_j = |w_j|c_j/Σ_i|w_i|c_i (Kukliansky & Shamir 2015,
// the paragraph after Lemma 3.3, c_j = √E[x_j²]): sgn(w_j)·x_j·Σ_i|w_i|c_i/c_j,
// unbiased when x_j = 0 wherever c_j = 0 and w_j ≠ 0 (true almost surely
// for c_j = √E[x_j²]). A zero normaliser gives 0, and reveals nothing.
//
// It draws x̃'s k attributes and then the estimate's, in the algorithms'
// order, and reads all of them in one Example.Attrs: the inner product's
// read, which waits on nothing x̃ reads, overlaps x̃'s cache misses instead
// of following them. The budget is charged in the same order. The plain
// learners of reference.go read x̃'s batch and then the inner product's
// attributes one at a time over a dense w, and agree with it iterate for
// iterate (TestReferenceSolversMatchFastLong).
func fusedEstimate[W innerSampler](ex *Example, e *xEstimator, w W, lazy *core.Lazy) float64 {
	d, b, weighted := ex.Dim(), &e.xt.batch, e.o.innerC != nil
	far := prefetch.Far(d)
	e.xt.reset()
	b.pick = b.pick[:0]
	if e.q != nil && far { // q's columns are asked for together (aliasTable.drawAhead)
		b.pick, b.vals = e.q.drawAhead(e.rng, b.pick, e.k, b.vals)
	} else {
		for range e.k {
			b.pick = append(b.pick, e.drawX(d))
		}
	}
	if far {
		for _, i := range b.pick {
			w.Hint(i)
		}
	}
	var norm float64
	if weighted {
		norm = lazy.WeightedNorm()
	} else {
		norm = w.innerNorm()
	}
	if norm != 0 {
		for range e.o.r {
			u := e.rng.Float64()
			if weighted {
				b.pick = append(b.pick, lazy.SampleWeighted(u))
			} else {
				b.pick = append(b.pick, w.innerSample(u))
			}
		}
	}
	vals := b.read(ex, b.pick)
	for r, i := range b.pick[:e.k] {
		e.xt.add(i, e.termX(i, vals[r], d))
	}
	if norm == 0 {
		return 0
	}
	var s float64
	for a, j := range b.pick[e.k:] {
		if x := vals[e.k+a]; weighted {
			s += math.Copysign(1, lazy.W(j)) * x * norm / e.o.innerC[j]
		} else {
			s += w.innerTerm(j, x, norm)
		}
	}
	return s / float64(e.o.r)
}

// drawX draws one of x̃'s attributes: uniformly (AERR, AELR) or from q.
func (e *xEstimator) drawX(d int) int {
	if e.q == nil {
		return e.rng.IntN(d)
	}
	return e.q.draw(e.rng)
}

// termX is the term x_i adds to x̃: uniformTerm, or the alias table's.
func (e *xEstimator) termX(i int, x float64, d int) float64 {
	if e.q == nil {
		return uniformTerm(d, e.k, x)
	}
	return e.q.term(e.k, i, x)
}
