package kernel

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"
)

// ErrNoJupyter is returned (wrapped) when Jupyter, nbconvert or the GoNB
// kernelspec is missing; the message says how to install them.
var ErrNoJupyter = errors.New("kernel: Jupyter with the GoNB kernel is not available")

// EnableHint says how to make notebooks executable on a Debian machine.
const EnableHint = `to enable: apt-get install -y jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel ` +
	`&& go run ./kernel/cmd/install (or source .ci/notebooks.sh)`

// Jupyter is a Jupyter installation able to run GoNB notebooks headless.
type Jupyter struct {
	Path       string // the jupyter executable
	KernelSpec string // the GoNB kernel.json found
}

// FindJupyter locates jupyter on PATH, checks that nbconvert runs and that a
// "gonb" kernelspec is installed in one of Jupyter's data directories
// (JUPYTER_DATA_DIR is honoured by jupyter itself). The error wraps
// ErrNoJupyter and says what is missing.
func FindJupyter() (*Jupyter, error) {
	path, err := exec.LookPath("jupyter")
	if err != nil {
		return nil, fmt.Errorf("%w: jupyter is not on PATH; %s", ErrNoJupyter, EnableHint)
	}
	if out, err := exec.Command(path, "nbconvert", "--version").CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%w: %s nbconvert --version failed (%v: %s); %s", ErrNoJupyter, path, err, bytes.TrimSpace(out), EnableHint)
	}
	out, err := exec.Command(path, "--paths", "--json").Output()
	if err != nil {
		return nil, fmt.Errorf("%w: %s --paths --json: %v", ErrNoJupyter, path, err)
	}
	var paths struct{ Data []string }
	if err := json.Unmarshal(out, &paths); err != nil {
		return nil, fmt.Errorf("%w: parsing jupyter --paths --json: %v", ErrNoJupyter, err)
	}
	for _, d := range paths.Data {
		spec := filepath.Join(d, "kernels", "gonb", "kernel.json")
		if _, err := os.Stat(spec); err == nil {
			return &Jupyter{Path: path, KernelSpec: spec}, nil
		}
	}
	return nil, fmt.Errorf("%w: no gonb kernelspec in %s; %s", ErrNoJupyter, strings.Join(paths.Data, ", "), EnableHint)
}

// Run is the outcome of executing one notebook.
type Run struct {
	Source   string        // the notebook executed
	Output   string        // the executed notebook (.ipynb) in the output directory
	Elapsed  time.Duration // wall time of the execution
	Budget   time.Duration // the notebook's budget
	Cells    []CellTime    // wall time of every executed code cell, in order
	Problems []Problem     // CheckExecuted on the output, plus a budget overrun
	Log      string        // tail of nbconvert's (and GoNB's) stderr
}

// CellTime is the wall time of one executed code cell.
type CellTime struct {
	Cell    int // index among all cells of the notebook
	Elapsed time.Duration
}

// CellTimes returns the recorded wall time of every executed code cell of
// nb (see Cell.Elapsed).
func CellTimes(nb *Notebook) []CellTime {
	var out []CellTime
	for i, c := range nb.Cells {
		if d, ok := c.Elapsed(); ok && c.Type == "code" {
			out = append(out, CellTime{Cell: i, Elapsed: d})
		}
	}
	return out
}

// Slowest returns the slowest cell of the run (Cell −1 if none was timed).
func (r *Run) Slowest() CellTime {
	s := CellTime{Cell: -1}
	for _, c := range r.Cells {
		if c.Elapsed > s.Elapsed || s.Cell < 0 {
			s = c
		}
	}
	return s
}

// CellSummary formats the cell times as "[3] 2s [5] 31s ...".
func (r *Run) CellSummary() string {
	var b strings.Builder
	for i, c := range r.Cells {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "[%d] %gs", c.Cell, c.Elapsed.Seconds())
	}
	return b.String()
}

// OK reports whether the run had no problems.
func (r *Run) OK() bool { return len(r.Problems) == 0 }

// Execute runs the notebook at src headless through the GoNB kernel
// (jupyter nbconvert --to notebook --execute --allow-errors), writes the
// executed notebook into outDir and checks it with CheckExecuted. The
// notebook's working directory is its own directory, so its bootstrap cell
// finds this module. Each cell may take at most cellTimeout; the whole
// notebook at most its budget (metadata lao.budget_seconds, default
// DefaultBudget), after which the kernel is killed; so is it when ctx ends. The error is only for
// failures to run at all; a notebook that ran but failed reports Problems.
func (j *Jupyter) Execute(ctx context.Context, src, outDir string, cellTimeout time.Duration) (*Run, error) {
	return j.ExecuteWith(ctx, src, outDir, cellTimeout, ExecOptions{})
}

// ExecOptions adjust one execution of a notebook.
type ExecOptions struct {
	// Name is the file name of the executed notebook in the output
	// directory; "" keeps the source's name.
	Name string
	// Env lists extra environment variables ("NAME=value") for Jupyter,
	// the kernel and the cell programs, e.g. a notebook's parameters.
	// WidgetsEnv is "html" unless Env sets it.
	Env []string
}

// ExecuteWith is Execute with options: a notebook can be run several
// times with different parameters taken from the environment.
func (j *Jupyter) ExecuteWith(ctx context.Context, src, outDir string, cellTimeout time.Duration, o ExecOptions) (*Run, error) {
	nb, err := LoadNotebook(src)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return nil, err
	}
	name := o.Name
	if name == "" {
		name = filepath.Base(src)
	}
	r := &Run{Source: src, Output: filepath.Join(outDir, name), Budget: nb.Budget()}
	os.Remove(r.Output)
	ctx, cancel := context.WithTimeout(ctx, r.Budget)
	defer cancel()
	cmd := exec.CommandContext(ctx, j.Path, "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
		"--ExecutePreprocessor.kernel_name=gonb",
		fmt.Sprintf("--ExecutePreprocessor.timeout=%d", max(1, int(cellTimeout.Seconds()))),
		"--output-dir", outDir, "--output", name, src)
	// nbconvert has no front end: sliders are drawn as plain HTML
	// (DisplayLiveSlider), unless o.Env says otherwise.
	cmd.Env = append(append(os.Environ(), WidgetsEnv+"=html"), o.Env...)
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	killGroup(cmd)
	start := time.Now()
	runErr := cmd.Run()
	r.Elapsed = time.Since(start)
	r.Log = tail(stderr.String(), 4000)
	if ctx.Err() != nil {
		msg := fmt.Sprintf("did not finish within its budget of %v (killed)", r.Budget)
		if r.Elapsed < r.Budget {
			msg = fmt.Sprintf("stopped after %v by the caller's deadline (%v), before its budget of %v", r.Elapsed.Round(time.Second), ctx.Err(), r.Budget)
		}
		r.Problems = append(r.Problems, Problem{-1, msg})
		return r, nil
	}
	if runErr != nil {
		r.Problems = append(r.Problems, Problem{-1, fmt.Sprintf("nbconvert failed: %v", runErr)})
		return r, nil
	}
	out, err := LoadNotebook(r.Output)
	if err != nil {
		return r, err
	}
	r.Cells = CellTimes(out)
	r.Problems = append(r.Problems, CheckExecuted(out)...)
	if r.Elapsed > r.Budget {
		r.Problems = append(r.Problems, Problem{-1, fmt.Sprintf("took %v, budget %v", r.Elapsed.Round(time.Millisecond), r.Budget)})
	}
	return r, nil
}

// ExportHTML converts an (executed) notebook to HTML in outDir with
// jupyter nbconvert --to html and returns the path of the HTML file. The
// page typesets its formulas with the MathJax that BundleMathJax copies
// into outDir/assets, so the directory works on any machine, offline
// (a course page), not only on one with Debian's MathJax installed.
func (j *Jupyter) ExportHTML(ctx context.Context, executed, outDir string) (string, error) {
	if err := BundleMathJax(outDir); err != nil {
		return "", err
	}
	cmd := exec.CommandContext(ctx, j.Path, "nbconvert", "--to", "html", "--output-dir", outDir,
		"--HTMLExporter.mathjax_url="+MathJaxURL, "--HTMLExporter.require_js_url="+RequireJSURL, executed)
	killGroup(cmd)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("kernel: nbconvert --to html %s: %w\n%s", executed, err, tail(string(out), 2000))
	}
	return filepath.Join(outDir, strings.TrimSuffix(filepath.Base(executed), ".ipynb")+".html"), nil
}

// tail returns the last n bytes of s, dropping GoNB's informational log
// lines (klog "I" lines) first.
func tail(s string, n int) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if len(l) > 1 && l[0] == 'I' && l[1] >= '0' && l[1] <= '9' {
			continue
		}
		keep = append(keep, l)
	}
	s = strings.Join(keep, "\n")
	if len(s) > n {
		s = "…" + s[len(s)-n:]
	}
	return s
}
