package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestModuleFunctionLengths holds the module to issue 16's rule: at most 5
// non-test functions over 60 lines, each justified by a "Length:" line in
// its doc comment.
func TestModuleFunctionLengths(t *testing.T) {
	found, err := scan(filepath.Join("..", "..", ".."), 60)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range found {
		if !f.justified {
			t.Errorf("%s:%d: %s has %d lines (over 60) and no \"Length:\" line in its doc comment saying why", f.pos.Filename, f.pos.Line, f.name, f.lines)
		}
	}
	if len(found) > 5 {
		t.Errorf("%d non-test functions over 60 lines, want at most 5", len(found))
	}
}

// TestScanCounts checks the measurement on a file written here: lines from
// "func" to the closing brace, test files skipped, "Length:" read.
func TestScanCounts(t *testing.T) {
	dir := t.TempDir()
	body := func(n int) string { return strings.Repeat("\t_ = 1\n", n-2) }
	src := "package p\n\nfunc short() {\n" + body(60) + "}\n\n" +
		"// long is long.\n//\n// Length: a test of the marker.\nfunc (r *T) long() {\n" + body(61) + "}\n\n" +
		"type T struct{}\n\nfunc bare() {\n" + body(62) + "}\n"
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nfunc skipped() {\n"+body(99)+"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	found, err := scan(dir, 60)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || found[0].name != "bare" || found[0].lines != 62 || found[0].justified ||
		found[1].name != "T.long" || found[1].lines != 61 || !found[1].justified {
		t.Fatalf("scan found %+v, want bare (62 lines, not justified) then T.long (61, justified)", found)
	}
}
