package kernel

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func parseNB(t *testing.T, b []byte) *Notebook {
	t.Helper()
	nb := new(Notebook)
	if err := json.Unmarshal(b, nb); err != nil {
		t.Fatal(err)
	}
	return nb
}

func TestNewNotebookPassesCheckSource(t *testing.T) {
	b, err := NewNotebook([]NotebookCell{
		{Markdown: true, Source: "# T"},
		{Source: "%%\nkernel.Must(kernel.DisplayPlot(p))", Tags: []string{PlotTag}},
		{Markdown: true, Source: "## What you should see\n\nA line."},
	}, 42)
	if err != nil {
		t.Fatal(err)
	}
	nb := parseNB(t, b)
	if ps := CheckSource(nb); len(ps) > 0 {
		t.Fatalf("problems: %v\n%s", ps, b)
	}
	if nb.Cells[0].Type != "markdown" || string(nb.Cells[1].Source) != BootstrapCell || nb.Budget() != 42*time.Second {
		t.Errorf("layout: first %s, second %q, budget %v", nb.Cells[0].Type, nb.Cells[1].Source, nb.Budget())
	}
	if c, err := CleanNotebook(b); err != nil || string(c) != string(b) {
		t.Errorf("a new notebook is not already clean (err %v):\n%s", err, c)
	}
}

func TestCheckSourceProblems(t *testing.T) {
	nb := parseNB(t, []byte(`{"metadata": {"kernelspec": {"name": "python3"}}, "cells": [
		{"cell_type": "code", "source": "fmt.Println(1)", "metadata": {}, "outputs": [], "execution_count": null},
		{"cell_type": "code", "source": ["%%\n", "kernel.DisplayBands(c, o)"], "metadata": {}, "outputs": [{"output_type": "stream", "name": "stdout", "text": "x"}], "execution_count": 3},
		{"cell_type": "markdown", "source": "text", "metadata": {"tags": ["plot"]}}]}`))
	ps := CheckSource(nb)
	want := []string{`kernelspec is "python3"`, "first code cell must be exactly", "cell 1: has outputs", `cell 1: calls a plotting Display function but is not tagged "plot"`, `cell 2: tag "plot" on a markdown cell`, "What you should see"}
	all := ""
	for _, p := range ps {
		all += p.String() + "\n"
	}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("missing problem %q in:\n%s", w, all)
		}
	}
	if nb.Budget() != DefaultBudget {
		t.Errorf("default budget %v", nb.Budget())
	}
}

func TestCheckExecuted(t *testing.T) {
	nb := parseNB(t, []byte(`{"metadata": {}, "cells": [
		{"cell_type": "code", "source": "a", "metadata": {}, "execution_count": 1, "outputs": [
			{"output_type": "error", "ename": "ERROR", "evalue": "failed to run go build", "traceback": ["\u001b[31mboom\u001b[0m"]}]},
		{"cell_type": "code", "source": "b", "metadata": {}, "execution_count": 2, "outputs": [
			{"output_type": "stream", "name": "stderr", "text": ["panic: oops\n", "\n", "goroutine 1 [running]:\n", "exit status 2\n"]}]},
		{"cell_type": "code", "source": "c", "metadata": {"tags": ["plot"]}, "execution_count": 3, "outputs": [
			{"output_type": "stream", "name": "stderr", "text": "progress: 100% (3/3) 0.1s done\n"}]},
		{"cell_type": "code", "source": "d", "metadata": {"tags": ["plot"]}, "execution_count": 4, "outputs": [
			{"output_type": "display_data", "metadata": {}, "data": {"text/html": ["<div>", "<svg width=\"1\"></svg></div>"]}}]},
		{"cell_type": "code", "source": "e", "metadata": {"tags": ["plot"]}, "execution_count": 5, "outputs": [
			{"output_type": "display_data", "metadata": {}, "data": {"image/png": "iVBOR"}}]},
		{"cell_type": "code", "source": "f", "metadata": {}, "execution_count": null, "outputs": []}]}`))
	ps := CheckExecuted(nb)
	got := map[int]string{}
	for _, p := range ps {
		got[p.Cell] += p.Msg
	}
	if !strings.Contains(got[0], "failed to run go build") || strings.Contains(got[0], "\x1b") {
		t.Errorf("cell 0: %q", got[0])
	}
	if !strings.Contains(got[1], "panic: oops") {
		t.Errorf("cell 1 (panic on stderr): %q", got[1])
	}
	if !strings.Contains(got[2], "no SVG or PNG") || strings.Contains(got[2], "program failed") {
		t.Errorf("cell 2 (progress text is not a failure, missing plot is): %q", got[2])
	}
	if got[3] != "" || got[4] != "" {
		t.Errorf("cells 3-4 have images: %q %q", got[3], got[4])
	}
	if !strings.Contains(got[5], "not executed") {
		t.Errorf("cell 5: %q", got[5])
	}
	if len(got) != 4 {
		t.Errorf("problems in cells %v, want 0, 1, 2, 5", got)
	}
}

func TestCleanNotebook(t *testing.T) {
	in := `{"cells": [{"cell_type": "code", "execution_count": 7, "metadata": {"execution": {"x": 1}, "tags": ["plot"]},
		"outputs": [{"output_type": "stream", "name": "stdout", "text": "<b>"}], "source": "x := 1 < 2"},
		{"cell_type": "markdown", "metadata": {}, "source": "# a & b"}], "metadata": {"kernelspec": {"name": "gonb"}}, "nbformat": 4, "nbformat_minor": 5}`
	out, err := CleanNotebook([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{`"execution_count": null`, `"outputs": []`, `"tags": [`, `"x := 1 < 2"`, `"# a & b"`} {
		if !strings.Contains(s, want) {
			t.Errorf("clean output lacks %s:\n%s", want, s)
		}
	}
	if strings.Contains(s, "execution\"") || strings.Contains(s, "<b>") {
		t.Errorf("outputs or execution metadata kept:\n%s", s)
	}
	dir := t.TempDir()
	f := filepath.Join(dir, "n.ipynb")
	os.WriteFile(f, []byte(in), 0o644)
	if changed, err := CleanNotebookFile(f); !changed || err != nil {
		t.Errorf("first clean: changed %v, err %v", changed, err)
	}
	if changed, err := CleanNotebookFile(f); changed || err != nil {
		t.Errorf("second clean: changed %v, err %v", changed, err)
	}
}

func TestWire(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("go not on PATH")
	}
	root := t.TempDir()
	os.WriteFile(filepath.Join(root, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n\nrequire gonum.org/v1/gonum v0.17.0\n"), 0o644)
	os.WriteFile(filepath.Join(root, "go.sum"), []byte("gonum.org/v1/gonum v0.17.0 h1:abc=\n"), 0o644)
	os.MkdirAll(filepath.Join(root, "notebooks"), 0o755)
	got, err := ModuleRoot(filepath.Join(root, "notebooks"))
	if err != nil {
		t.Fatal(err)
	}
	if g, _ := filepath.EvalSymlinks(got); g != mustEval(t, root) {
		t.Errorf("ModuleRoot = %s, want %s", got, root)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module gonb_x\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "go.work"), []byte("stale"), 0o644)
	n, err := Wire(root, dir)
	if err != nil {
		t.Fatal(err)
	}
	work, _ := os.ReadFile(filepath.Join(dir, "go.work"))
	mod, _ := os.ReadFile(filepath.Join(dir, "go.mod"))
	sum, _ := os.ReadFile(filepath.Join(dir, "go.sum"))
	if n != 1 || !strings.Contains(string(work), root) || !strings.Contains(string(mod), "gonum.org/v1/gonum v0.17.0") || string(sum) != "gonum.org/v1/gonum v0.17.0 h1:abc=\n" {
		t.Errorf("n = %d\ngo.work:\n%s\ngo.mod:\n%s\ngo.sum:\n%s", n, work, mod, sum)
	}
	if _, err := Wire(root, dir); err != nil { // idempotent
		t.Fatal(err)
	}
	if sum2, _ := os.ReadFile(filepath.Join(dir, "go.sum")); string(sum2) != string(sum) {
		t.Errorf("go.sum grew on re-wiring:\n%s", sum2)
	}
}

func mustEval(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}
