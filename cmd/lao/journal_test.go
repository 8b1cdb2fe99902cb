package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/experiments"
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
	// A journal another version of the code wrote: refused, with the flag
	// that reuses it; with --journal-reuse its results are read and counted.
	jpath := filepath.Join(dir, "j.jsonl")
	b, err := os.ReadFile(jpath)
	if err != nil {
		t.Fatal(err)
	}
	header, rest, _ := strings.Cut(string(b), "\n")
	if !strings.Contains(header, experiments.CodeVersion) {
		t.Errorf("journal header %s does not name the code's digest", header)
	}
	if err := os.WriteFile(jpath, []byte(`{"lao_experiments_journal":"an older lao"}`+"\n"+rest), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run(args, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "another version") || !strings.Contains(err.Error(), "--journal-reuse") {
		t.Errorf("a journal of another version: %v", err)
	}
	var reused strings.Builder
	if err := run(append([]string{"experiment", "--journal-reuse"}, args[1:]...), &reused); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(reused.String(), "4 result(s) read from the journal") || !strings.Contains(reused.String(), "4 of them written by another version") ||
		table(reused.String()) != table(first.String()) {
		t.Errorf("--journal-reuse:\n%s", reused.String())
	}
	notJ := filepath.Join(dir, "not.txt")
	if err := os.WriteFile(notJ, []byte("a,b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"experiment", "--out", dir, "--journal", notJ, "ks-fig1"}, &strings.Builder{}); err == nil || strings.Contains(err.Error(), "--journal-reuse") {
		t.Errorf("a file that is not a journal: %v (the reuse hint cannot help there)", err)
	}
	var paper strings.Builder
	if err := run([]string{"experiment", "--out", dir, "--paper", "--splits", "1", "--folds", "2", "--curves", "aerr",
		"--data", "powerlaw:ridge:-2:m=300:d=20:seed=3", "ks-fig1"}, &paper); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(paper.String(), "with --journal FILE every finished (split, curve) is kept") {
		t.Errorf("--paper without --journal gives no hint:\n%s", paper.String())
	}
	err = run([]string{"experiment", "--out", dir, "--curves", "aerr,nosuch", "ks-fig1"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), `no curve "nosuch"`) || !strings.Contains(err.Error(), "ddaerr") {
		t.Errorf("unknown curve: %v", err)
	}
}

// TestPairsFrom: the 45-pair table can be run in parts, each part's rows in
// a file of its own, its summary saying which part it is; a place outside
// 1..45 or a negative count is refused before MNIST is read.
func TestPairsFrom(t *testing.T) {
	for _, from := range []string{"0", "46"} {
		err := run([]string{"experiment", "--out", t.TempDir(), "--pairs-from", from, "css2010-pairs"}, &strings.Builder{})
		if err == nil || !strings.Contains(err.Error(), "--pairs-from "+from+": want a place in 1..45") {
			t.Errorf("--pairs-from %s: %v", from, err)
		}
	}
	err := run([]string{"experiment", "--out", t.TempDir(), "--pairs", "-2", "css2010-pairs"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "--pairs -2: want a number of pairs") {
		t.Errorf("--pairs -2: %v", err)
	}
	if testing.Short() || os.Getenv("LAO_DATA_DIR") == "" {
		t.Skip("set LAO_DATA_DIR to run on the real MNIST files")
	}
	var out strings.Builder
	dir := t.TempDir()
	if err := run([]string{"experiment", "--out", dir, "--pairs-from", "45", "--pairs", "3", "--splits", "1", "--folds", "2",
		"--curves", "centroid", "css2010-pairs"}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out.String(), "1 pair(s) (pairs 45 to 45 of 45; the paper's medians are over all 45)") {
		t.Errorf("--pairs-from 45 --pairs 3 ran:\n%s", out.String())
	}
	csv, err := os.ReadFile(filepath.Join(dir, "css2010-pairs-45-45.csv"))
	if err != nil || !strings.Contains(string(csv), "\n8v9,") || strings.Count(string(csv), "\n") != 2 {
		t.Errorf("rows (%v):\n%s", err, csv)
	}
}
