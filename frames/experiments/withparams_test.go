package experiments

import (
	"strings"
	"testing"
)

func TestWithParams(t *testing.T) {
	p, err := PresetByName("ks-fig3")
	if err != nil {
		t.Fatal(err)
	}
	spec, n := p.Quick.WithParams(map[string]float64{"paper": 1})
	if n != 2 { // DDAERR and two-phased DDAERR; AERR and the full-information solvers have no such parameter
		t.Fatalf("changed %d entries, want 2", n)
	}
	for i, e := range spec.Entries {
		_, has := e.Params["paper"]
		if want := e.Solver == "ddaerr" || e.Solver == "twophased-ddaerr"; has != want || has != strings.Contains(e.Label, "paper=1") {
			t.Errorf("entry %d %s: params %v, label %q", i, e.Solver, e.Params, e.Label)
		}
		if _, err := e.New(); err != nil {
			t.Error(err)
		}
	}
	if _, had := p.Quick.Entries[0].Params["paper"]; had {
		t.Error("WithParams modified the preset")
	}
	if _, n := p.Quick.WithParams(map[string]float64{"nope": 1}); n != 0 {
		t.Errorf("unknown parameter changed %d entries", n)
	}
}
