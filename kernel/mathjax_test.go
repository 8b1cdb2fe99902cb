package kernel

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestExportTypesetsOffline exports a notebook with a formula, moves the
// export directory elsewhere (a course page) and renders it in headless
// Chromium: MathJax, bundled beside the page, typesets the formula.
func TestExportTypesetsOffline(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	j, err := FindJupyter()
	if err == nil {
		_, err = FindChromium()
	}
	if err != nil {
		if required {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	b, err := NewNotebook([]NotebookCell{{Markdown: true, Source: "# T\n\nThe bound $4B^2\\sqrt{2d/(km)}$."}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "t.ipynb")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "export")
	page, err := j.ExportHTML(context.Background(), src, out)
	if err != nil {
		t.Fatal(err)
	}
	h, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(h), `src="assets/mathjax/MathJax.js`) || strings.Contains(string(h), "file://") {
		t.Fatalf("the page does not load the bundled MathJax, or loads a file of this machine")
	}
	moved := filepath.Join(t.TempDir(), "course")
	if err := os.Rename(out, moved); err != nil {
		t.Fatal(err)
	}
	chromium, _ := FindChromium()
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--virtual-time-budget=10000", "--dump-dom", "file://"+filepath.Join(moved, filepath.Base(page)))
	dom, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(dom), "mjx-chtml") {
		t.Errorf("the formula was not typeset (no mjx-chtml element in the rendered page)")
	}
}
