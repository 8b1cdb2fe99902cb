package plot

import (
	"math"
	"strings"
	"testing"
)

func TestRatioCurves(t *testing.T) {
	x := []float64{100, 400}
	cs := []Curve{
		{Name: "AERR", X: x, Mean: []float64{0.2, 0.05}, Std: []float64{0.02, 0.01}},
		{Name: "w = 0", X: x, Mean: []float64{1, 1}, Role: Zero},
		{Name: "AELR", X: x, Mean: []float64{0.5, 0.25}},
		{Name: "Thm 3.1", X: x, Mean: []float64{2, 1}, Role: Bound, Group: "AERR"},
		{Name: "Thm 3.4", X: x, Mean: []float64{5, 2.5}, Role: Bound, Group: "AELR"},
	}
	r, err := RatioCurves(cs)
	if err != nil {
		t.Fatal(err)
	}
	if len(r) != 2 || r[0].Name != "AERR ÷ bound" || r[0].Group != "AERR" || r[1].Group != "AELR" {
		t.Fatalf("ratios %+v", r)
	}
	// AERR falls 4x while its bound halves: the ratio halves (0.1 → 0.05).
	for k, want := range []float64{0.1, 0.05} {
		if math.Abs(r[0].Mean[k]-want) > 1e-12 {
			t.Errorf("AERR ratio at %g: %g, want %g", x[k], r[0].Mean[k], want)
		}
	}
	if math.Abs(r[0].Std[1]-0.01) > 1e-12 || r[1].Std != nil || r[1].Mean[0] != 0.1 || r[1].Mean[1] != 0.1 {
		t.Errorf("ratios %+v", r)
	}
	for name, bad := range map[string][]Curve{
		"no bound":  cs[:3],
		"orphan":    {cs[0], {Name: "b", X: x, Mean: x, Role: Bound, Group: "nobody"}},
		"x differs": {cs[0], {Name: "b", X: []float64{1, 2}, Mean: x, Role: Bound, Group: "AERR"}},
		"zero":      {cs[0], {Name: "b", X: x, Mean: []float64{1, 0}, Role: Bound, Group: "AERR"}},
	} {
		if _, err := RatioCurves(bad); err == nil || !strings.Contains(err.Error(), "RatioCurves") {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

func TestBoundCurve(t *testing.T) {
	m := Curve{Name: "AERR", X: []float64{100, 400}, Mean: []float64{0.1, 0.04}}
	b := BoundCurve("Theorem 3.1", m, func(x float64) float64 { return 1 / math.Sqrt(x) })
	if b.Role != Bound || b.Group != "AERR" || b.Mean[0] != 0.1 || b.Mean[1] != 0.05 || b.X[1] != 400 {
		t.Errorf("%+v", b)
	}
	r, err := RatioCurves([]Curve{m, b})
	if err != nil || math.Abs(r[0].Mean[1]-0.8) > 1e-12 {
		t.Errorf("ratio %+v %v", r, err)
	}
}

func TestOnLogX(t *testing.T) {
	cs := OnLogX([]Curve{{Name: "a", X: []float64{0, 10, 100}, Mean: []float64{1, 0.5, 0.2}, Std: []float64{0, 0.1, 0.1}},
		{Name: "b", X: []float64{1, 2}, Mean: []float64{1, 2}}})
	if len(cs) != 2 || len(cs[0].X) != 2 || cs[0].X[0] != 10 || len(cs[0].Std) != 2 || cs[0].Name != "a (1 point(s) at x = 0 not drawn)" || cs[0].Group != "a" || cs[1].Name != "b" {
		t.Errorf("OnLogX: %+v", cs)
	}
}
