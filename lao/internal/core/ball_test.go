package core

import (
	"slices"
	"testing"
)

// Unmoved lists the non-zero coordinates no step has taken, whatever
// projections and shrinking did to the global scale; a step by 0 counts.
func TestBallUnmoved(t *testing.T) {
	b := NewBall([]float64{0.1, 0.1, 0, 0.1, 0.1})
	if b.Unmoved() != nil {
		t.Error("Unmoved before TrackMoves: want nil (nothing recorded)")
	}
	b.TrackMoves()
	b.Add(0, 0.5)
	b.AddAdaGrad(1, 0.1, 0) // a zero gradient coordinate: taken, not moved in value
	b.ProjectL2(0.2)
	b.Shrink(0.5)
	if got := b.Unmoved(); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("Unmoved %v after steps on 0 and 1, want [3 4] (2 is 0)", got)
	}
	b.AddDense(1, []float64{0, 0, 0, 0, 2}, []int{4})
	if got := b.Unmoved(); !slices.Equal(got, []int{3}) {
		t.Errorf("Unmoved %v after a dense step on 4, want [3]", got)
	}
}
