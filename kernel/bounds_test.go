package kernel

import (
	"testing"
)

func TestBoundsTable(t *testing.T) {
	x := []float64{100, 200, 400, 800}
	m := Curve{Name: "AERR", X: x, Mean: []float64{0.1, 0.05, 0.025, 0.0125}, Std: []float64{0.01, 0.01, 0.01, 0.01}}
	b := BoundCurve("Thm 3.1", m, func(x float64) float64 { return 10 / x })
	tab, err := BoundsTable("c", "m", []Curve{m, {Name: "w = 0", X: x, Mean: x, Role: Zero}, b}, 2)
	if err != nil {
		t.Fatal(err)
	}
	// rows at j = 0, 2 and the last (3)
	if len(tab.Rows) != 3 || tab.Rows[1][0] != "400" || tab.Rows[2][1] != "0.0125 ± 0.01" || tab.Rows[2][2] != "0.0125" || tab.Rows[2][3] != "1" || tab.Rows[0][3] != "1" {
		t.Errorf("%+v", tab.Rows)
	}
	if _, err := BoundsTable("c", "m", []Curve{m}, 1); err == nil {
		t.Error("no bound accepted")
	}
}
