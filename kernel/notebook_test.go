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
		{Source: "%%\nprediction := kernel.Unanswered\nexercise1().Check(prediction)"},
		{Source: "%%\nkernel.Must(exercise1().Solution(2))", Tags: []string{SolutionTag}, Hidden: true},
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
		{"cell_type": "markdown", "source": "text", "metadata": {"tags": ["plot"]}},
		{"cell_type": "code", "source": "%%\nfmt.Printf(\"x\")\nkernel.DisplayTable(t)", "metadata": {}, "outputs": [], "execution_count": null},
		{"cell_type": "code", "source": "%%\nkernel.Printf(\"x\")\nkernel.DisplayTable(t)", "metadata": {}, "outputs": [], "execution_count": null},
		{"cell_type": "code", "source": "func show() { kernel.DisplayBands(c, o) }", "metadata": {}, "outputs": [], "execution_count": null}]}`))
	ps := CheckSource(nb)
	want := []string{`kernelspec is "python3"`, "first code cell must be exactly", "cell 1: has outputs", `cell 1: calls a plotting Display function but is not tagged "plot"`, `cell 2: tag "plot" on a markdown cell`, "What you should see", "cell 3: displays and prints with fmt.Print*"}
	all := ""
	for _, p := range ps {
		all += p.String() + "\n"
	}
	for _, w := range want {
		if !strings.Contains(all, w) {
			t.Errorf("missing problem %q in:\n%s", w, all)
		}
	}
	if strings.Contains(all, "cell 4") || strings.Contains(all, "cell 5") {
		t.Errorf("kernel.Printf beside a table, or a plotting helper that runs nothing, flagged:\n%s", all)
	}
	if mainPart("func f() {}\n\n%%\nf()") != "f()" || mainPart("%%\nf()") == "" || mainPart("func f() {}") != "" {
		t.Error("mainPart")
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

func TestCellTimes(t *testing.T) {
	nb := parseNB(t, []byte(`{"metadata": {}, "cells": [
		{"cell_type": "markdown", "source": "m", "metadata": {}},
		{"cell_type": "code", "source": "a", "metadata": {"execution": {"iopub.execute_input": "2026-11-23T15:23:57.000000Z", "shell.execute_reply": "2026-11-23T15:24:28.000000Z"}}, "execution_count": 1, "outputs": []},
		{"cell_type": "code", "source": "b", "metadata": {"execution": {"iopub.execute_input": "2026-11-23T15:24:28.000000Z", "shell.execute_reply": "2026-11-23T15:24:30.500000Z"}}, "execution_count": 2, "outputs": []},
		{"cell_type": "code", "source": "c", "metadata": {}, "execution_count": null, "outputs": []}]}`))
	if got := (&Notebook{Cells: []Cell{{Outputs: []Output{{Text: "a"}, {Data: map[string]json.RawMessage{"text/html": []byte(`["<b>", "x</b>"]`)}}}}}}).OutputText(); got != "a\n<b>x</b>\n" {
		t.Errorf("OutputText = %q", got)
	}
	r := &Run{Cells: CellTimes(nb)}
	if len(r.Cells) != 2 || r.Cells[0] != (CellTime{1, 31 * time.Second}) || r.Cells[1] != (CellTime{2, 2500 * time.Millisecond}) {
		t.Fatalf("cell times %+v", r.Cells)
	}
	if s := r.Slowest(); s.Cell != 1 {
		t.Errorf("slowest %+v", s)
	}
	if got := r.CellSummary(); got != "[1] 31s [2] 2.5s" {
		t.Errorf("summary %q", got)
	}
	if s := (&Run{}).Slowest(); s.Cell != -1 {
		t.Errorf("slowest of none: %+v", s)
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

// bootstrapShell returns the shell command of BootstrapCell's "!*" line.
func bootstrapShell() string {
	cmd := strings.SplitN(BootstrapCell, "\n%goworkfix", 2)[0]
	return strings.ReplaceAll(strings.TrimPrefix(cmd, "!*"), "\\\n", " ")
}

// TestBootstrapCell runs the bootstrap cell's shell command as GoNB would:
// from a notebook outside any checkout it prints the plain message and
// wires nothing; with LAO_ROOT naming the checkout it wires the module.
func TestBootstrapCell(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go run")
	}
	cwd, _ := os.Getwd()
	root, err := ModuleRoot(cwd)
	if err != nil {
		t.Fatal(err)
	}
	run := func(env ...string) (string, string) {
		gonbTmp, nbDir := t.TempDir(), t.TempDir()
		os.WriteFile(filepath.Join(gonbTmp, "go.mod"), []byte("module gonb_x\n\ngo 1.26\n"), 0o644)
		cmd := exec.Command("bash", "-c", bootstrapShell())
		cmd.Dir = gonbTmp
		cmd.Env = append(os.Environ(), append([]string{"GONB_DIR=" + nbDir, "PWD=" + gonbTmp, "LAO_ROOT="}, env...)...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return string(out), gonbTmp
	}
	out, dir := run()
	if !strings.Contains(out, NotWiredMessage) {
		t.Errorf("outside a checkout the cell printed:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.work")); err == nil {
		t.Error("outside a checkout a go.work was written")
	}
	out, dir = run("LAO_ROOT=" + root)
	if !strings.Contains(out, "notebook wired to "+root) {
		t.Errorf("with LAO_ROOT the cell printed:\n%s", out)
	}
	if work, _ := os.ReadFile(filepath.Join(dir, "go.work")); !strings.Contains(string(work), root) {
		t.Errorf("with LAO_ROOT, go.work:\n%s", work)
	}
}

// CleanNotebook leaves every solution collapsed, source and outputs,
// whatever the last view left (opening one in the classic notebook saves
// "collapsed": false), and drops the outputs' view state elsewhere.
func TestCleanNotebookCollapsedSolutions(t *testing.T) {
	in := `{"cells": [
 {"cell_type": "code", "execution_count": 3, "id": "a", "metadata": {"collapsed": false, "jupyter": {"source_hidden": true}, "tags": ["solution"]}, "outputs": [], "source": []},
 {"cell_type": "code", "execution_count": 4, "id": "b", "metadata": {"collapsed": true, "jupyter": {"outputs_hidden": true}}, "outputs": [], "source": []}
], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`
	out, err := CleanNotebook([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	var nb struct {
		Cells []struct {
			Metadata map[string]any `json:"metadata"`
		} `json:"cells"`
	}
	if err := json.Unmarshal(out, &nb); err != nil {
		t.Fatal(err)
	}
	sol, other := nb.Cells[0].Metadata, nb.Cells[1].Metadata
	if sol["collapsed"] != true || sol["jupyter"].(map[string]any)["outputs_hidden"] != true {
		t.Errorf("solution metadata %v, want collapsed and outputs hidden", sol)
	}
	if _, ok := other["collapsed"]; ok || len(other["jupyter"].(map[string]any)) != 0 {
		t.Errorf("other cell metadata %v, want no view state", other)
	}
}
