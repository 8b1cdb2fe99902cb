package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestExperimentJournal: `lao experiment --journal` run twice prints the
// same table, the second time from the journal and saying so; --paper
// without a journal suggests one; a --curves name the preset does not have
// is refused with the names it has.
func TestExperimentJournal(t *testing.T) {
	dir := t.TempDir()
	args := []string{"experiment", "--out", dir, "--journal", filepath.Join(dir, "j.jsonl"), "--splits", "2", "--folds", "2",
		"--curves", "aerr,ridge", "--data", "powerlaw:ridge:-2:m=600:d=40:seed=3", "ks-fig1"}
	var first, second strings.Builder
	if err := run(args, &first); err != nil {
		t.Fatal(err)
	}
	if err := run(args, &second); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(first.String(), "from the journal") || !strings.Contains(second.String(), "4 result(s) read from the journal") {
		t.Errorf("journal not reported as expected:\nfirst:\n%s\nsecond:\n%s", first.String(), second.String())
	}
	table := func(s string) string { return s[strings.Index(s, "\ncurve"):] }
	if table(first.String()) != table(second.String()) {
		t.Errorf("resumed table differs:\n%s\n---\n%s", table(first.String()), table(second.String()))
	}
	if strings.Contains(first.String(), "--journal FILE") {
		t.Errorf("a run with a journal is told to use one:\n%s", first.String())
	}
	var paper strings.Builder
	if err := run([]string{"experiment", "--out", dir, "--paper", "--splits", "1", "--folds", "2", "--curves", "aerr",
		"--data", "powerlaw:ridge:-2:m=300:d=20:seed=3", "ks-fig1"}, &paper); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(paper.String(), "with --journal FILE every finished (split, curve) is kept") {
		t.Errorf("--paper without --journal gives no hint:\n%s", paper.String())
	}
	err := run([]string{"experiment", "--out", dir, "--curves", "aerr,nosuch", "ks-fig1"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), `no curve "nosuch"`) || !strings.Contains(err.Error(), "ddaerr") {
		t.Errorf("unknown curve: %v", err)
	}
}
