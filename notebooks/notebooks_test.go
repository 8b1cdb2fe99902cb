package notebooks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/laoproject/lao/kernel"
)

// cellTimeout bounds every cell. With their default parameters the cells
// finish in under cellTarget on an idle 2-core machine; the timeout leaves a
// margin of 10x for a machine busy with other work (the test must not fail
// because CI shares its machine). Bigger runs sit behind a parameter such as
// full := false.
const (
	cellTimeout = 300 * time.Second
	cellTarget  = 30 * time.Second
)

func notebookFiles(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no notebooks/*.ipynb")
	}
	return files
}

// TestNotebooksCommittedClean checks the committed form of every notebook:
// no outputs (the policy: notebooks are committed clean and rendered by
// `go run ./kernel/cmd/export`), the bootstrap cell, plot tags, and a
// "What you should see" paragraph. It needs no Jupyter.
func TestNotebooksCommittedClean(t *testing.T) {
	for _, f := range notebookFiles(t) {
		nb, err := kernel.LoadNotebook(f)
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		for _, p := range kernel.CheckSource(nb) {
			t.Errorf("%s: %s", f, p)
		}
	}
}

// TestNotebooksExecute executes every notebook through the GoNB kernel. Set
// LAO_NOTEBOOKS=1 to make a missing Jupyter or kernel a failure instead of
// a skip (CI does), and LAO_NOTEBOOKS_OUT=DIR to keep the executed
// notebooks and their HTML.
func TestNotebooksExecute(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	if testing.Short() && !required {
		t.Skip("notebook execution skipped in -short mode")
	}
	j, err := kernel.FindJupyter()
	if err != nil {
		if required {
			t.Fatalf("LAO_NOTEBOOKS=1 but notebooks cannot run: %v", err)
		}
		t.Skipf("notebooks not executed: %v (set LAO_NOTEBOOKS=1 to make this a failure)", err)
	}
	out := os.Getenv("LAO_NOTEBOOKS_OUT")
	if out == "" {
		out = t.TempDir()
	} else if out, err = filepath.Abs(out); err != nil {
		t.Fatal(err)
	}
	var runs []nbRun
	for _, f := range notebookFiles(t) {
		runs = append(runs, nbRun{strings.TrimSuffix(f, ".ipynb"), f, kernel.ExecOptions{}, ""})
	}
	// The tutorial works on any CSV: run it again on a table of another
	// shape (fewer columns, a different label, missing values, a text
	// column), given through the parameters it reads from the environment.
	csv := secondCSV(t)
	runs = append(runs, nbRun{"04_tutorial_csv-second", tutorial, kernel.ExecOptions{Name: "04_tutorial_csv-second.ipynb",
		Env: []string{"LAO_TUTORIAL_CSV=" + csv, "LAO_TUTORIAL_TARGET=reading", "LAO_TUTORIAL_UNITS=mV"}}, "predicted_reading"})
	for _, run := range runs {
		f := run.file
		t.Run(run.name, func(t *testing.T) {
			// The MNIST notebooks read the real files; on a machine without
			// them (and without network for the download) they cannot run.
			if needsMNIST(t, f) && os.Getenv("LAO_DATA_DIR") == "" && !required {
				t.Skipf("%s reads MNIST: set LAO_DATA_DIR to a directory with mnist/*-ubyte.gz (or LAO_NOTEBOOKS=1 to run it anyway)", f)
			}
			ctx := context.Background()
			if d, ok := t.Deadline(); ok { // stop in time to report, rather than be killed by go test
				var cancel context.CancelFunc
				ctx, cancel = context.WithDeadline(ctx, d.Add(-15*time.Second))
				defer cancel()
			}
			r, err := j.ExecuteWith(ctx, f, out, cellTimeout, run.opt)
			if err != nil {
				t.Fatal(err)
			}
			if ctx.Err() != nil {
				t.Errorf("%s: the go test deadline came first: run with a larger -timeout (e.g. go test -timeout 30m ./notebooks/)", f)
			}
			t.Logf("%s: %.1fs (budget %v); cells: %s", f, r.Elapsed.Seconds(), r.Budget, r.CellSummary())
			if s := r.Slowest(); s.Elapsed > cellTarget {
				// Not a failure: a loaded machine may slow any cell down.
				// On an idle machine it means a cell outgrew its target.
				t.Logf("%s: cell %d took %v, more than the %v a cell should take on an idle 2-core machine", f, s.Cell, s.Elapsed, cellTarget)
			}
			for _, p := range r.Problems {
				t.Errorf("%s: %s", f, p)
			}
			if !r.OK() && r.Log != "" {
				t.Logf("nbconvert log (tail):\n%s", r.Log)
			}
			if run.want != "" && r.OK() {
				if nb, err := kernel.LoadNotebook(r.Output); err != nil || !strings.Contains(nb.OutputText(), run.want) {
					t.Errorf("%s: the outputs lack %q (err %v): the run did not use its parameters", f, run.want, err)
				}
			}
			if os.Getenv("LAO_NOTEBOOKS_OUT") != "" {
				if _, err := os.Stat(r.Output); err == nil {
					if _, err := j.ExportHTML(context.Background(), r.Output, out); err != nil {
						t.Error(err)
					}
				}
			}
		})
	}
}

// nbRun is one execution of a notebook by TestNotebooksExecute.
type nbRun struct {
	name, file string
	opt        kernel.ExecOptions
	want       string // text the outputs must contain ("": no check)
}

// tutorial is the notebook that must work on any CSV.
const tutorial = "04_tutorial_csv.ipynb"

// secondCSV writes a table unlike the tutorial's example into a temporary
// directory: 600 sensor readings with 4 columns (a text column "site" with
// three values, "temp_c" with missing cells, "humidity", and the label
// "reading", missing in one row).
func secondCSV(t *testing.T) string {
	t.Helper()
	r := rand.New(rand.NewPCG(9, 9))
	var b strings.Builder
	b.WriteString("site,temp_c,humidity,reading\n")
	for i := range 600 {
		site := []string{"roof", "cellar", "lab"}[r.IntN(3)]
		temp, hum := 10+20*r.Float64(), 30+60*r.Float64()
		reading := fmt.Sprintf("%.2f", 3*temp-0.5*hum+map[string]float64{"roof": 5, "cellar": -5}[site]+2*r.NormFloat64())
		tempS := fmt.Sprintf("%.2f", temp)
		if r.Float64() < 0.05 {
			tempS = ""
		}
		if i == 7 {
			reading = "NA"
		}
		fmt.Fprintf(&b, "%s,%s,%.1f,%s\n", site, tempS, hum, reading)
	}
	path := filepath.Join(t.TempDir(), "sensors.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// needsMNIST reports whether notebook f loads MNIST (a datasets.Open of an
// "mnist:" name or datasets.LoadMNIST in its source).
func needsMNIST(t *testing.T, f string) bool {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(b), "mnist:") || strings.Contains(string(b), "LoadMNIST")
}

// TestNotebookOutsideCheckout executes a small notebook copied out of the
// checkout: without LAO_ROOT its first cell prints kernel.NotWiredMessage
// (and the next cell fails); with LAO_ROOT naming the checkout it works.
func TestNotebookOutsideCheckout(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	if testing.Short() && !required {
		t.Skip("notebook execution skipped in -short mode")
	}
	j, err := kernel.FindJupyter()
	if err != nil {
		if required {
			t.Fatalf("LAO_NOTEBOOKS=1 but notebooks cannot run: %v", err)
		}
		t.Skipf("notebooks not executed: %v", err)
	}
	b, err := kernel.NewNotebook([]kernel.NotebookCell{
		{Markdown: true, Source: "# copied"},
		{Source: "%%\nkernel.Printf(\"wired: %v\\n\", lao.ErrBudgetExceeded != nil)"},
		{Markdown: true, Source: "## What you should see\n\nwired: true"},
	}, 0)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "copied.ipynb")
	if err := os.WriteFile(src, b, 0o644); err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, root, want string
		ok               bool
	}{{"without LAO_ROOT", "", kernel.NotWiredMessage, false}, {"with LAO_ROOT", root, "wired: true", true}} {
		r, err := j.ExecuteWith(context.Background(), src, filepath.Join(dir, "out"), cellTimeout,
			kernel.ExecOptions{Name: strings.ReplaceAll(c.name, " ", "_") + ".ipynb", Env: []string{kernel.RootEnv + "=" + c.root}})
		if err != nil {
			t.Fatal(err)
		}
		nb, err := kernel.LoadNotebook(r.Output)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !strings.Contains(nb.OutputText(), c.want) || r.OK() != c.ok {
			t.Errorf("%s: ok %v (want %v), outputs lack %q: %v\n%s", c.name, r.OK(), c.ok, c.want, r.Problems, nb.OutputText())
		}
	}
}
