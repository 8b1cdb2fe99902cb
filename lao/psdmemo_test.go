package lao

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomSymmetric is an indefinite symmetric d×d matrix.
func randomSymmetric(d int, seed uint64) []float64 {
	r := rand.New(rand.NewPCG(seed, 7))
	a := make([]float64, d*d)
	for i := range d {
		for j := i; j < d; j++ {
			v := r.NormFloat64()
			a[i*d+j], a[j*d+i] = v, v
		}
	}
	return a
}

// The memo returns exactly what clipPSD computes, from the memo on a
// repeated matrix, and evicts the least recently used clip when full.
func TestPSDMemoIdenticalAndBounded(t *testing.T) {
	const d = 40
	m := newPSDMemo(2 * 8 * d * d) // room for two clips
	mats := [][]float64{randomSymmetric(d, 1), randomSymmetric(d, 2), randomSymmetric(d, 3)}
	want := make([][]float64, len(mats))
	wantEig := make([]float64, len(mats))
	for i, a := range mats {
		want[i] = slices.Clone(a)
		var err error
		if wantEig[i], _, err = clipPSD(want[i], d); err != nil {
			t.Fatal(err)
		}
	}
	for round := range 2 {
		for i, a := range mats {
			got := slices.Clone(a)
			minEig, _, err := m.clip(got, d)
			if err != nil {
				t.Fatal(err)
			}
			if minEig != wantEig[i] || !slices.Equal(got, want[i]) {
				t.Fatalf("round %d, matrix %d: the memo's clip differs from clipPSD's", round, i)
			}
			if m.bytes > m.max || m.order.Len() > 2 {
				t.Fatalf("memo holds %d bytes in %d clips, more than its %d", m.bytes, m.order.Len(), m.max)
			}
		}
	}
	// The last two matrices are held; the first was evicted.
	if _, ok := m.index[psdKey(mats[0], d)]; ok {
		t.Errorf("the least recently used clip was not evicted")
	}
	if _, ok := m.index[psdKey(mats[2], d)]; !ok {
		t.Errorf("the most recent clip is not held")
	}
}

// Fits of Baseline with the same seed and different radii sample the same
// pairs, so the second clip comes from the memo; its weights equal those of
// a fit with the memo emptied first.
func TestBaselineMemoSameWeights(t *testing.T) {
	ds := correlatedTable(300, 30, 3)
	fit := func(B float64) []float64 {
		r, err := Fit(&Baseline{K: 4, B: B}, ds.Stream(), Options{Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return r.W
	}
	first := fit(1)
	held := baselinePSD.order.Len()
	second := fit(0.5)
	if baselinePSD.order.Len() != held {
		t.Errorf("the second radius clipped a new matrix: the fits did not share their pairs")
	}
	baselinePSD.reset()
	fresh := fit(0.5)
	if !slices.Equal(second, fresh) {
		t.Errorf("weights from the memo differ from a fresh clip's")
	}
	if slices.Equal(first, second) || math.IsNaN(first[0]) {
		t.Errorf("radii 1 and 0.5 gave the same weights: the test shows nothing")
	}
}

// Ridge's constrained form at two radii on the same rows decomposes the
// Gram matrix once; the second fit's weights equal those of a fit with the
// memo emptied, and the eigendecomposition equals eigenGram's.
func TestRidgeEigenMemoSameWeights(t *testing.T) {
	ds := correlatedTable(300, 30, 3)
	fit := func(s Solver) []float64 {
		r, err := Fit(s, ds.Stream(), Options{Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return r.W
	}
	gramEigen.reset()
	first := fit(&Ridge{B: 0.2})
	if gramEigen.order.Len() != 1 {
		t.Fatalf("memo holds %d decompositions after one constrained fit, want 1", gramEigen.order.Len())
	}
	second := fit(&Ridge{B: 0.1})
	if gramEigen.order.Len() != 1 {
		t.Errorf("the second radius decomposed a new matrix")
	}
	gramEigen.reset()
	if fresh := fit(&Ridge{B: 0.1}); !slices.Equal(second, fresh) {
		t.Errorf("weights from the memo differ from a fresh decomposition's")
	}
	if slices.Equal(first, second) || math.IsNaN(first[0]) {
		t.Errorf("radii 0.2 and 0.1 gave the same weights: the test shows nothing")
	}
	// The memo's copy is the decomposition itself.
	d := 30
	C := make([]float64, d*d)
	for i := range d {
		for j := range d {
			C[i*d+j] = 1 / float64(1+i+j) // Hilbert: symmetric, positive definite
		}
	}
	Q1, ev1, err := gramEigen.eigen(C, d)
	if err != nil {
		t.Fatal(err)
	}
	Q2, ev2, err := eigenGram(C, d)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(Q1, Q2) || !slices.Equal(ev1, ev2) {
		t.Errorf("memo's decomposition differs from eigenGram's")
	}
}

// psdKey tells apart matrices that differ in one bit of one entry (one ulp,
// the sign of a zero, a NaN's payload) or only in d, and gives the same key
// for the same bits.
func TestPSDKeyBits(t *testing.T) {
	nan := math.NaN()
	a := []float64{1, 0, nan, 2}
	k := psdKey(a, 2)
	if psdKey(slices.Clone(a), 2) != k {
		t.Fatal("the same bits gave two keys")
	}
	for _, b := range [][]float64{
		{math.Nextafter(1, 2), 0, nan, 2},
		{1, math.Copysign(0, -1), nan, 2},
		{1, 0, math.Float64frombits(math.Float64bits(nan) ^ 1), 2},
	} {
		if psdKey(b, 2) == k {
			t.Errorf("%v: the same key as %v", b, a)
		}
	}
	if psdKey(a, 1) == k {
		t.Error("d = 1 and d = 2 gave the same key")
	}
}
