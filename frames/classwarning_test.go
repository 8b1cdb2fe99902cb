package frames

import (
	"strings"
	"testing"
)

// ClassWarning fires for ±1 labels when the model misses as many rows as
// the majority class does, not when it misses fewer, not for other labels
// and not when the zero predictor predicts 0 (uncentred: it misses every
// row).
func TestClassWarning(t *testing.T) {
	base := Scores{N: 21, Binary: true, MSE: 0.9, ZeroMSE: 1, ClassificationError: 13.0 / 21, ZeroClassificationError: 13.0 / 21}
	if w := base.ClassWarning("test"); !strings.Contains(w, "test classification error 0.619 (13 of 21 rows wrong) is not below 0.619 (13 of 21)") || !strings.Contains(w, "standard error of about 0.11") {
		t.Errorf("as many misses: %q", w)
	}
	better := base
	better.ClassificationError = 12.0 / 21
	other := base
	other.Binary = false
	uncentred := base
	uncentred.ZeroClassificationError, uncentred.ClassificationError = 1, 1
	for name, s := range map[string]Scores{"fewer misses": better, "not ±1": other, "zero predicts 0": uncentred, "no rows": {Binary: true}} {
		if w := s.ClassWarning("test"); w != "" {
			t.Errorf("%s: %q", name, w)
		}
	}
}
