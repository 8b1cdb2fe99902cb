package frames_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The README's Go quick start is example_quickstart_test.go verbatim, so the
// program users copy is the one go test compiles and runs.
func TestREADMEQuotesQuickStart(t *testing.T) {
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("example_quickstart_test.go")
	if err != nil {
		t.Fatal(err)
	}
	const marker = "<!-- quickstart: frames/example_quickstart_test.go -->\n```go\n"
	_, rest, ok := strings.Cut(string(readme), marker)
	if !ok {
		t.Fatalf("README.md lacks the marker %q before the quick start", marker)
	}
	block, _, ok := strings.Cut(rest, "```\n")
	if !ok {
		t.Fatal("README.md: the quick start's code block is not closed")
	}
	if block == string(src) {
		return
	}
	got, want := strings.Split(block, "\n"), strings.Split(string(src), "\n")
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Fatalf("README quick start differs from example_quickstart_test.go at line %d:\nREADME: %q\nsource: %q", i+1, got[i], want[i])
		}
	}
	t.Fatalf("README quick start has %d lines, example_quickstart_test.go %d", len(got), len(want))
}

// No text a user reads keeps a merge's conflict markers (the README did,
// for five days, under a heading that said "seeds'" for "papers'").
func TestNoConflictMarkers(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../*.md", "../docs/*.md", "../notebooks/*.ipynb", "../*/doc.go", "../*/*/doc.go"} {
		m, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %d files to check: %v", len(files), files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(line, "<<<<<<< ") || strings.HasPrefix(line, ">>>>>>> ") || line == "=======" {
				t.Errorf("%s:%d: a merge conflict marker: %q", f, i+1, line)
			}
		}
	}
}
