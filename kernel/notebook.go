package kernel

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"
)

// PlotTag is the cell tag (cell metadata "tags") that marks a plotting
// cell: the notebook test requires such a cell to produce an image (SVG or
// PNG). A code cell that calls a plotting Display function must carry it.
const PlotTag = "plot"

// DefaultBudget is a notebook's time budget when its metadata does not set
// lao.budget_seconds.
const DefaultBudget = 300 * time.Second

// Notebook is the part of an .ipynb file (nbformat 4) the checks read.
type Notebook struct {
	Cells    []Cell `json:"cells"`
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
		LAO struct {
			// BudgetSeconds is the wall-time budget of the whole notebook.
			BudgetSeconds float64 `json:"budget_seconds"`
		} `json:"lao"`
	} `json:"metadata"`
}

// Cell is one notebook cell.
type Cell struct {
	Type     string `json:"cell_type"`
	Source   Text   `json:"source"`
	Metadata struct {
		Tags []string `json:"tags"`
		// Execution holds the timestamps Jupyter records when it runs the
		// cell ("iopub.execute_input", "shell.execute_reply", ...).
		Execution map[string]string `json:"execution"`
		// Jupyter holds the cell's display state; SourceHidden collapses
		// its source (the solutions of exercises).
		Jupyter struct {
			SourceHidden  bool `json:"source_hidden"`
			OutputsHidden bool `json:"outputs_hidden"`
		} `json:"jupyter"`
		// Collapsed collapses the outputs in the classic notebook (JupyterLab
		// reads Jupyter.OutputsHidden).
		Collapsed bool `json:"collapsed"`
	} `json:"metadata"`
	Outputs        []Output `json:"outputs"`
	ExecutionCount *int     `json:"execution_count"`
}

// Output is one output of a code cell.
type Output struct {
	Type      string                     `json:"output_type"` // stream, display_data, execute_result, error
	Name      string                     `json:"name"`        // stdout or stderr, for streams
	Text      Text                       `json:"text"`
	Data      map[string]json.RawMessage `json:"data"`
	EName     string                     `json:"ename"`
	EValue    string                     `json:"evalue"`
	Traceback []string                   `json:"traceback"`
}

// Text is a notebook string, stored either as a string or a list of lines.
type Text string

// UnmarshalJSON accepts a string or a list of strings.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = Text(s)
		return nil
	}
	var l []string
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	*t = Text(strings.Join(l, ""))
	return nil
}

// Elapsed returns the wall time Jupyter recorded for executing the cell
// (from the kernel receiving it to its reply; compilation included), and
// false if the cell has no such record. GoNB stamps whole seconds.
func (c Cell) Elapsed() (time.Duration, bool) {
	start, err1 := time.Parse(time.RFC3339Nano, c.Metadata.Execution["iopub.execute_input"])
	end, err2 := time.Parse(time.RFC3339Nano, c.Metadata.Execution["shell.execute_reply"])
	if err1 != nil || err2 != nil || end.Before(start) {
		return 0, false
	}
	return end.Sub(start), true
}

// HasTag reports whether the cell carries tag.
func (c Cell) HasTag(tag string) bool { return slices.Contains(c.Metadata.Tags, tag) }

// Budget returns the notebook's time budget.
func (nb *Notebook) Budget() time.Duration {
	if s := nb.Metadata.LAO.BudgetSeconds; s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	return DefaultBudget
}

// OutputText returns the text of every output of nb, in order: streams,
// plain-text and HTML data, and error values (for tests that look for what
// a notebook printed).
func (nb *Notebook) OutputText() string {
	var b strings.Builder
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			b.WriteString(string(o.Text))
			b.WriteString(o.EValue)
			for _, mime := range []string{"text/plain", "text/html", "text/markdown"} {
				var t Text
				if raw, ok := o.Data[mime]; ok && json.Unmarshal(raw, &t) == nil {
					b.WriteString(string(t))
				}
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Title returns the text of the notebook's first Markdown heading, or def
// if it has none.
func (nb *Notebook) Title(def string) string {
	for _, c := range nb.Cells {
		if c.Type != "markdown" {
			continue
		}
		for _, l := range strings.Split(string(c.Source), "\n") {
			if t, ok := strings.CutPrefix(l, "# "); ok {
				return strings.TrimSpace(t)
			}
		}
	}
	return def
}

// LoadNotebook reads and parses an .ipynb file.
func LoadNotebook(path string) (*Notebook, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	nb := new(Notebook)
	if err := json.Unmarshal(b, nb); err != nil {
		return nil, fmt.Errorf("kernel: %s: %w", path, err)
	}
	return nb, nil
}

// Problem is a check failure, located at a cell (-1: the whole notebook).
type Problem struct {
	Cell int
	Msg  string
}

func (p Problem) String() string {
	if p.Cell < 0 {
		return p.Msg
	}
	return fmt.Sprintf("cell %d: %s", p.Cell, p.Msg)
}

// plotCall matches the kernel functions that display a plot.
var plotCall = regexp.MustCompile(`kernel\.(DisplayPlot|DisplayPlotSize|DisplayBands|DisplayPNG|DisplaySlider|DisplayLiveSlider)\(`)

// mainPart returns what a GoNB cell runs: the lines after its "%%" line
// (the body of main), or "" for a cell of declarations only, which defines
// functions that later cells call but runs nothing itself.
func mainPart(src string) string {
	if _, after, ok := strings.Cut("\n"+src, "\n%%\n"); ok {
		return after
	}
	if strings.HasPrefix(strings.TrimSpace(src), "%%") {
		return src
	}
	return ""
}

// displayCall and printCall match a cell's display calls and its prints to
// stdout, which GoNB forwards on separate channels (see Printf).
var (
	displayCall = regexp.MustCompile(`kernel\.Display\w*\(`)
	printCall   = regexp.MustCompile(`fmt\.Print(f|ln)?\(`)
)

// CheckSource checks a notebook as committed: GoNB kernel, BootstrapCell
// first, no outputs or execution counts (notebooks are committed clean), a
// "What you should see" paragraph, every code cell that calls a plotting
// Display function in its main part (after "%%") tagged PlotTag, and no cell that both displays and
// prints with fmt.Print* (use kernel.Printf, so text and tables keep their
// order).
func CheckSource(nb *Notebook) []Problem {
	var ps []Problem
	add := func(c int, f string, a ...any) { ps = append(ps, Problem{c, fmt.Sprintf(f, a...)}) }
	if nb.Metadata.Kernelspec.Name != "gonb" {
		add(-1, "kernelspec is %q, want \"gonb\"", nb.Metadata.Kernelspec.Name)
	}
	first := slices.IndexFunc(nb.Cells, func(c Cell) bool { return c.Type == "code" })
	if first < 0 || strings.TrimSpace(string(nb.Cells[first].Source)) != BootstrapCell {
		add(-1, "the first code cell must be exactly kernel.BootstrapCell:\n%s", BootstrapCell)
	}
	seeWhat := false
	for i, c := range nb.Cells {
		if c.Type == "markdown" && strings.Contains(strings.ToLower(string(c.Source)), "what you should see") {
			seeWhat = true
		}
		if c.Type != "code" {
			if c.HasTag(PlotTag) {
				add(i, "tag %q on a %s cell", PlotTag, c.Type)
			}
			continue
		}
		if len(c.Outputs) > 0 || c.ExecutionCount != nil {
			add(i, "has outputs or an execution count; notebooks are committed clean (go run ./kernel/cmd/notebook clean FILE)")
		}
		if plotCall.MatchString(mainPart(string(c.Source))) && !c.HasTag(PlotTag) {
			add(i, "calls a plotting Display function but is not tagged %q", PlotTag)
		}
		if displayCall.MatchString(string(c.Source)) && printCall.MatchString(string(c.Source)) {
			add(i, "displays and prints with fmt.Print*: use kernel.Printf so that text and tables keep their order")
		}
	}
	if !seeWhat {
		add(-1, `no markdown cell says "What you should see"`)
	}
	return append(ps, checkExercises(nb)...)
}

// MaxCellLines is the longest code cell a notebook may have: a longer one
// is split, or its helpers move to a declaration cell or the library.
const MaxCellLines = 40

// exerciseCall matches a graded prediction in a cell's main part.
var exerciseCall = regexp.MustCompile(`\.Check\(prediction\)`)

// checkExercises checks the exercises' conventions: at least one
// predict-then-check cell (Exercise.Check on kernel.Unanswered), as many
// solution cells (tagged SolutionTag, collapsed, calling Solution), and no
// code cell over MaxCellLines lines.
func checkExercises(nb *Notebook) []Problem {
	var ps []Problem
	exercises, solutions := 0, 0
	for i, c := range nb.Cells {
		if c.Type != "code" {
			continue
		}
		src := string(c.Source)
		if n := strings.Count(strings.TrimRight(src, "\n"), "\n") + 1; n > MaxCellLines {
			ps = append(ps, Problem{i, fmt.Sprintf("%d lines, more than %d: split it or move helpers to a declaration cell or the library", n, MaxCellLines)})
		}
		if exerciseCall.MatchString(mainPart(src)) {
			exercises++
			if !strings.Contains(src, "kernel.Unanswered") {
				ps = append(ps, Problem{i, "an exercise cell must start unanswered (prediction := kernel.Unanswered)"})
			}
		}
		if c.HasTag(SolutionTag) {
			solutions++
			if !c.Metadata.Jupyter.SourceHidden || !c.Metadata.Jupyter.OutputsHidden || !c.Metadata.Collapsed {
				ps = append(ps, Problem{i, "a solution cell must be collapsed, source and outputs (metadata jupyter.source_hidden, jupyter.outputs_hidden, collapsed): its output is the answer"})
			}
			if !strings.Contains(src, ".Solution(") {
				ps = append(ps, Problem{i, "a solution cell must check its prediction with Exercise.Solution"})
			}
		}
	}
	switch {
	case exercises == 0:
		ps = append(ps, Problem{-1, "no exercise: a cell with prediction := kernel.Unanswered and Exercise.Check(prediction)"})
	case solutions < exercises:
		ps = append(ps, Problem{-1, fmt.Sprintf("%d exercises but %d solution cells (tag %q)", exercises, solutions, SolutionTag)})
	}
	return ps
}

// stderrFailure matches what a failed Go program leaves on stderr in GoNB:
// GoNB reports panics and non-zero exits only as stderr text, not as error
// outputs.
var stderrFailure = regexp.MustCompile(`(?m)^(panic: |fatal error: |exit status [0-9]+\s*$)`)

var ansi = regexp.MustCompile("\x1b\\[[0-9;]*m")

// CheckExecuted checks an executed notebook: no error outputs, no panic or
// non-zero exit on stderr, every code cell executed, and every cell tagged
// PlotTag produced an image (image/svg+xml, image/png, or HTML holding an
// <svg> or a PNG data URI).
func CheckExecuted(nb *Notebook) []Problem {
	var ps []Problem
	for i, c := range nb.Cells {
		if c.Type != "code" {
			continue
		}
		if c.ExecutionCount == nil && strings.TrimSpace(string(c.Source)) != "" {
			ps = append(ps, Problem{i, "was not executed"})
		}
		image := false
		for _, o := range c.Outputs {
			switch {
			case o.Type == "error":
				tb := ansi.ReplaceAllString(strings.Join(o.Traceback, "\n"), "")
				ps = append(ps, Problem{i, fmt.Sprintf("error %s: %s\n%s", o.EName, o.EValue, tb)})
			case o.Type == "stream" && o.Name == "stderr" && stderrFailure.MatchString(string(o.Text)):
				ps = append(ps, Problem{i, "program failed:\n" + ansi.ReplaceAllString(string(o.Text), "")})
			}
			image = image || hasImage(o)
		}
		if c.HasTag(PlotTag) && !image {
			ps = append(ps, Problem{i, fmt.Sprintf("tagged %q but produced no SVG or PNG output", PlotTag)})
		}
	}
	return ps
}

func hasImage(o Output) bool {
	if o.Data["image/svg+xml"] != nil || o.Data["image/png"] != nil {
		return true
	}
	h, ok := o.Data["text/html"]
	if !ok {
		return false
	}
	var t Text
	if json.Unmarshal(h, &t) != nil {
		return false
	}
	return strings.Contains(string(t), "<svg") || strings.Contains(string(t), "data:image/png;base64,")
}
