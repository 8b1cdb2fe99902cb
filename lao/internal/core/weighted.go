package core

import "math"

// Weighted sampling of the inner-product estimate: j drawn with probability
// |w_j|·c_j / Σ_i |w_i|·c_i for fixed non-negative weights c (Kukliansky &
// Shamir 2015, Section 3, the paragraph after Lemma 3.3: the optimal
// p_j ∝ √(w_j² E[x_j²]), c_j = √E[x_j²]). The tree holds |a_i|·c_i and is
// kept current wherever a_i changes (SetA, Fold, and the cores' rebuilds),
// so a draw costs O(log d) like the cores' own.

// EnableWeighted starts keeping the tree of |a_i|·c_i (c copied, length d,
// entries ≥ 0). O(d), once.
func (l *Lazy) EnableWeighted(c []float64) {
	l.wc = append([]float64(nil), c...)
	l.wt = NewSumTree(len(l.c))
	l.rebuildWeighted()
}

// rebuildWeighted recomputes the weighted tree from a, O(d).
func (l *Lazy) rebuildWeighted() {
	if l.wt == nil {
		return
	}
	leaves := l.wt.leaves()
	for i := range l.c {
		leaves[i] = math.Abs(l.c[i].a) * l.wc[i]
	}
	l.wt.Build(leaves)
}

// WeightedNorm returns Σ_i |w_i|·c_i (0 unless EnableWeighted was called).
func (l *Lazy) WeightedNorm() float64 {
	if l.wt == nil {
		return 0
	}
	return math.Abs(l.s) * l.wt.Total()
}

// SampleWeighted returns j drawn with probability |w_j|c_j/Σ_i|w_i|c_i,
// given u uniform in [0, 1). WeightedNorm must be positive.
func (l *Lazy) SampleWeighted(u float64) int { return l.wt.Sample(u * l.wt.Total()) }
