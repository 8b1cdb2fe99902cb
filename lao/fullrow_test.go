package lao

import (
	"slices"
	"testing"
)

// cellFetcher serves a dense row on demand.
type cellFetcher []float64

func (f cellFetcher) Fetch(idx []int, dst []float64) error {
	for a, i := range idx {
		dst[a] = f[i]
	}
	return nil
}

// fullRow.read on rows that switch at random between the handle's three
// kinds (in memory, lent sparse with a stored zero, fetched on demand) and
// between sparse and dense: x is always the row, nz always its non-zeros
// when the row is sparse, and nothing of an earlier row leaks through.
func TestFullRowMixedRows(t *testing.T) {
	const d, share = 40, 8
	rng := NewRand(8)
	ex := NewExample(d)
	r := newFullRow(d)
	kinds := map[string]int{}
	for round := range 3000 {
		row := make([]float64, d)
		nnz := []int{0, 1, 3, d / share, d/share + 1, d / 2, d}[rng.IntN(7)]
		for _, i := range rng.Perm(d)[:nnz] {
			row[i] = rng.Float64() + 0.5
		}
		var want []int
		for i, v := range row {
			if v != 0 {
				want = append(want, i)
			}
		}
		kind := []string{"memory", "sparse", "on demand"}[rng.IntN(3)]
		switch kind {
		case "memory":
			ex.Reset(row, 0, d)
		case "sparse":
			var idx []int32
			var val []float64
			for i, v := range row {
				if v != 0 || rng.IntN(10) == 0 { // now and then a stored zero
					idx, val = append(idx, int32(i)), append(val, v)
				}
			}
			ex.ResetSparse(idx, val, 0, d)
		case "on demand":
			ex.ResetLazy(0, d, cellFetcher(row))
		}
		sparse := r.read(ex, share)
		kinds[kind]++
		if !slices.Equal(r.x, row) {
			t.Fatalf("round %d (%s, %d non-zeros): x = %v, want %v", round, kind, nnz, r.x, row)
		}
		if sparse != (len(want) <= d/share) || (sparse && !slices.Equal(r.nz, want)) {
			t.Fatalf("round %d (%s): sparse %v, nz %v; want %v", round, kind, sparse, r.nz, want)
		}
		if ex.Observed() != d {
			t.Fatalf("round %d (%s): %d attributes revealed, want all %d", round, kind, ex.Observed(), d)
		}
	}
	if len(kinds) != 3 {
		t.Fatalf("kinds exercised: %v", kinds)
	}
}
