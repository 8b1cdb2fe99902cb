package core

// SumTree holds n non-negative weights in a complete binary tree whose
// inner nodes are the sums of their children: setting a weight, the total
// and drawing an index with probability proportional to its weight each
// cost O(log n). Inner nodes are recomputed from their children on every
// update (not adjusted by differences), so the sums never drift however
// long the run.
type SumTree struct {
	n, size int       // n leaves, in a tree with size ≥ n leaf slots (a power of two)
	t       []float64 // t[1] is the root; leaves are t[size : size+n]
}

// NewSumTree returns a tree of n zero weights.
func NewSumTree(n int) *SumTree {
	size := 1
	for size < n {
		size *= 2
	}
	return &SumTree{n: n, size: size, t: make([]float64, 2*size)}
}

// Len returns n.
func (s *SumTree) Len() int { return s.n }

// Build sets every weight from w (len n) in O(n).
func (s *SumTree) Build(w []float64) {
	copy(s.t[s.size:], w[:s.n])
	clear(s.t[s.size+s.n:])
	for i := s.size - 1; i >= 1; i-- {
		s.t[i] = s.t[2*i] + s.t[2*i+1]
	}
}

// Set sets weight i to v ≥ 0.
func (s *SumTree) Set(i int, v float64) {
	j := s.size + i
	s.t[j] = v
	for j > 1 {
		j /= 2
		s.t[j] = s.t[2*j] + s.t[2*j+1]
	}
}

// Get returns weight i.
func (s *SumTree) Get(i int) float64 { return s.t[s.size+i] }

// Total returns the sum of the weights.
func (s *SumTree) Total() float64 { return s.t[1] }

// Sample returns the index i whose interval [Σ_{j<i} w_j, Σ_{j≤i} w_j)
// contains u, for u in [0, Total()): with u uniform there, i is drawn with
// probability w_i/Total(). A zero-weight index is never returned (rounding
// that would land on one goes to the positive side). The tree must have a
// positive total.
func (s *SumTree) Sample(u float64) int {
	j := 1
	for j < s.size {
		l := s.t[2*j]
		if u < l || s.t[2*j+1] <= 0 {
			j = 2 * j
		} else {
			u -= l
			j = 2*j + 1
		}
	}
	return j - s.size
}

// PairTree is two SumTrees over the same n leaves stored interleaved, so
// that updating both weights of a leaf walks one path of cache lines: the
// EG core keeps |a_i| (for draws) and the normaliser's cosh terms in one.
type PairTree struct {
	n, size int
	t       []float64 // node j holds (t[2j], t[2j+1]); the root is node 1
}

// NewPairTree returns a tree of n zero pairs.
func NewPairTree(n int) *PairTree {
	size := 1
	for size < n {
		size *= 2
	}
	return &PairTree{n: n, size: size, t: make([]float64, 4*size)}
}

// Build sets every pair from a and b (len n) in O(n).
func (p *PairTree) Build(a, b []float64) {
	for i := range p.size {
		j := 2 * (p.size + i)
		if i < p.n {
			p.t[j], p.t[j+1] = a[i], b[i]
		} else {
			p.t[j], p.t[j+1] = 0, 0
		}
	}
	for j := p.size - 1; j >= 1; j-- {
		p.t[2*j] = p.t[4*j] + p.t[4*j+2]
		p.t[2*j+1] = p.t[4*j+1] + p.t[4*j+3]
	}
}

// Set sets leaf i's pair to (a, b).
func (p *PairTree) Set(i int, a, b float64) {
	j := p.size + i
	p.t[2*j], p.t[2*j+1] = a, b
	for j > 1 {
		j /= 2
		p.t[2*j] = p.t[4*j] + p.t[4*j+2]
		p.t[2*j+1] = p.t[4*j+1] + p.t[4*j+3]
	}
}

// Totals returns the sums of the first and of the second weights.
func (p *PairTree) Totals() (float64, float64) { return p.t[2], p.t[3] }

// Sample is SumTree.Sample over the first weights.
func (p *PairTree) Sample(u float64) int {
	j := 1
	for j < p.size {
		l := p.t[4*j]
		if u < l || p.t[4*j+2] <= 0 {
			j = 2 * j
		} else {
			u -= l
			j = 2*j + 1
		}
	}
	return j - p.size
}
