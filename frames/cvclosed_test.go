package frames

import (
	"fmt"
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
)

// An edge of the grid beyond which the solver takes no value (an integer
// batch at 1, a penalty at 0) is not reported by Edges after widening
// tried it; an edge widening could extend still is, without widening.
func TestClosedEdges(t *testing.T) {
	setting := func(name string, v, mean float64) CVSetting {
		return CVSetting{Params: Params{name: v, "eta": 1}, Mean: mean, FoldMSE: []float64{mean}}
	}
	build := func(p Params) (lao.Solver, error) {
		if b, ok := p["batch"]; ok && (b < 1 || b != math.Trunc(b)) {
			return nil, fmt.Errorf("batch = %g: want a whole number ≥ 1: %w", b, lao.ErrParam)
		}
		return &lao.Ridge{}, nil
	}
	for _, c := range []struct {
		name string
		vals []float64
	}{{"batch", []float64{1, 2, 4}}, {"lambda", []float64{0, 0.01, 0.1}}} {
		r := &CVResult{Rule: RuleMin}
		for i, v := range c.vals {
			r.Settings = append(r.Settings, setting(c.name, v, float64(1+i)))
		}
		if err := r.choose(); err != nil {
			t.Fatal(err)
		}
		if len(r.Edges()) != 1 {
			t.Fatalf("%s: edges %q before widening, want one", c.name, r.Edges())
		}
		if err := r.widen(&cvRun{build: build}); err != nil {
			t.Fatal(err)
		}
		if e := r.Edges(); len(e) != 0 || len(r.Settings) != 3 {
			t.Errorf("%s at %v: edges %q after widening (%d settings), want none", c.name, c.vals[0], e, len(r.Settings))
		}
	}
}
