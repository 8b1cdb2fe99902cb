package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The command line links no notebook code: plotting lives in frames/plot,
// and `go list -deps ./cmd/lao` lists no GoNB package (nor package kernel).
func TestNoNotebookDeps(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, pkg := range strings.Fields(string(out)) {
		if strings.Contains(pkg, "github.com/janpfeifer/gonb") || pkg == "github.com/laoproject/lao/kernel" {
			t.Errorf("cmd/lao depends on %s", pkg)
		}
	}
	if !strings.Contains(string(out), "github.com/laoproject/lao/frames/plot") {
		t.Errorf("cmd/lao does not depend on frames/plot: the test lists the wrong thing?\n%s", out)
	}
}
