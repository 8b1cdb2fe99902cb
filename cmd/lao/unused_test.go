package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
)

// TestPrintUnusedCountsWideTables: a table with a few unused columns has
// a line for each; one with thousands names the first ten and counts the
// others by the kind of reason (a 30,000-column table printed 30,000
// lines in describe, fit and compare).
func TestPrintUnusedCountsWideTables(t *testing.T) {
	few := []frames.Unused{{Column: "a", Reason: "empty: every cell is missing"}, {Column: "b", Reason: "text: not a numeric column"}}
	var b strings.Builder
	printUnused(&b, few)
	if got, want := b.String(), "unused column a: empty: every cell is missing\nunused column b: text: not a numeric column\n"; got != want {
		t.Errorf("few:\n%s\nwant\n%s", got, want)
	}
	var wide []frames.Unused
	for i := range 3000 {
		wide = append(wide, frames.Unused{Column: fmt.Sprintf("c%d", i), Reason: fmt.Sprintf("constant on the training rows: every value is %d", i%7)})
	}
	wide = append(wide, frames.Unused{Column: "e", Reason: "empty: every cell is missing"}, frames.Unused{Column: "s", Reason: "constant on the training rows (every value is 0), not on the test rows: 3 of 9 hold other values"})
	b.Reset()
	printUnused(&b, wide)
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != unusedListed/2+1 {
		t.Fatalf("%d lines for %d unused columns:\n%s", len(lines), len(wide), b.String())
	}
	if want := "unused columns: 2992 more (--json lists each with its reason): 2990 constant on the training rows; 1 empty; 1 constant on the training rows, not on the test rows"; lines[len(lines)-1] != want {
		t.Errorf("last line %q, want %q", lines[len(lines)-1], want)
	}
	if lines[0] != "unused column c0: constant on the training rows: every value is 0" {
		t.Errorf("first line %q", lines[0])
	}
}
