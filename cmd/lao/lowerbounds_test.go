package main

import (
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/experiments"
)

func TestSweepSVG(t *testing.T) {
	rep := &experiments.LowerBoundsReport{Points: []experiments.LBPoint{
		{Family: "hk", Vary: "d", Solver: "aerr", D: 32, K: 1, Eps: 0.05, M: 3000, Reached: true},
		{Family: "hk", Vary: "d", Solver: "aerr", D: 64, K: 1, Eps: 0.05, M: 6500, Reached: true},
		{Family: "hk", Vary: "d", Solver: "majority-vote", D: 32, K: 1, Eps: 0.05, M: 400, Reached: true},
		{Family: "hk", Vary: "d", Solver: "majority-vote", D: 64, K: 1, Eps: 0.05, M: 790, Reached: true},
	}}
	svg, err := sweepSVG(rep, "hk", "d")
	if err != nil || !strings.Contains(string(svg), "<svg") || !strings.Contains(string(svg), "slope +1 (lower bound)") {
		t.Fatalf("SVG: %v\n%.300s", err, svg)
	}
	if svg, err := sweepSVG(rep, "css", "k"); svg != nil || err != nil {
		t.Errorf("empty sweep: %v, %d bytes", err, len(svg))
	}
	if err := run([]string{"experiment", "--seeds", "x", "lower-bounds"}, &strings.Builder{}); err == nil {
		t.Error("--seeds x accepted")
	}
}
