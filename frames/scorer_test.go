package frames

import "testing"

// The zero predictor's classification error counts the rows whose sign
// differs from the training mean's: for ±1 labels, the majority class's
// error; a zero mean misses every row, as a zero prediction does.
func TestScorerZeroClassificationError(t *testing.T) {
	labels := []float64{1, 1, -1, -1, -1}
	for _, c := range []struct{ zero, want float64 }{{0.2, 3.0 / 5}, {-0.2, 2.0 / 5}, {0, 1}} {
		sc := newScorer(c.zero)
		for _, y := range labels {
			sc.add(1, y)
		}
		if got := sc.result(); got.ZeroClassificationError != c.want || got.ClassificationError != 3.0/5 {
			t.Errorf("zero %g: %+v, want zero classification error %g", c.zero, got, c.want)
		}
	}
}
