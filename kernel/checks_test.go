package kernel

import (
	"strings"
	"testing"
)

func TestAssumptionsTable(t *testing.T) {
	ok := AssumptionsTable("Theorem 3.1", Check{"max ||x||₂", 1, 1}, Check{"||w*||₂", 0.7, 1})
	if ok.Rows[0][3] != "yes" || ok.Rows[1][1] != "0.7" || ok.Rows[1][2] != "≤ 1" || !strings.Contains(ok.Footer, "all assumptions hold: the theorem applies to these data") {
		t.Errorf("%+v", ok)
	}
	bad := AssumptionsTable("T", Check{"max |y|", 1.5, 1})
	if bad.Rows[0][3] != "NO" || !strings.Contains(bad.Footer, "not guaranteed") {
		t.Errorf("%+v", bad)
	}
	if Norm2([]float64{3, -4}) != 5 || Norm1([]float64{3, -4}) != 7 {
		t.Error("norms")
	}
}
