package main

import (
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// The fit's diagnostics reach the report, and an exact solver that stopped
// short of its minimiser is a warning, not a silent number.
func TestFitDiagnostics(t *testing.T) {
	if d, w := diagnostics(&lao.Result{Solver: "ridge"}, nil); d != nil || w != nil {
		t.Errorf("no diagnostics: %v, %v", d, w)
	}
	d, w := diagnostics(&lao.Result{Solver: "lasso", Diagnostics: map[string]float64{"penalised_kkt_violation": 0.002}}, []string{"earlier"})
	if d["penalised_kkt_violation"] != 0.002 || len(w) != 2 || !strings.Contains(w[1], "did not reach the exact minimiser") || !strings.Contains(w[1], "0.002") {
		t.Errorf("penalised: %v, %v", d, w)
	}
	_, w = diagnostics(&lao.Result{Solver: "lasso", Diagnostics: map[string]float64{"ball_gap_bound": 1e-12, "ball_path_lambda": 3}}, nil)
	if len(w) != 1 || !strings.Contains(w[0], "certified gap of 1e-12") {
		t.Errorf("constrained: %v", w)
	}
}
