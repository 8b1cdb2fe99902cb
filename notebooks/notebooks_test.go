package notebooks

import (
	"context"
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
	for _, f := range notebookFiles(t) {
		t.Run(strings.TrimSuffix(f, ".ipynb"), func(t *testing.T) {
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
			r, err := j.Execute(ctx, f, out, cellTimeout)
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
