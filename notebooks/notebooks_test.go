package notebooks

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
	// One result cache for every run: a re-run with other parameters reads
	// back what does not depend on them (the MNIST experiments).
	// The data directory goes along absolute: the cells run elsewhere.
	cache := []string{"LAO_CACHE_DIR=" + t.TempDir(), "LAO_DATA_DIR=" + dataDir(t)}
	var runs []nbRun
	for _, f := range notebookFiles(t) {
		runs = append(runs, nbRun{name: strings.TrimSuffix(f, ".ipynb"), file: f, opt: kernel.ExecOptions{Env: cache}})
	}
	// The tutorial works on any CSV: run it again on a table of another
	// shape (fewer columns, a different label, missing values, a text
	// column), given through the parameters it reads from the environment.
	csv := secondCSV(t)
	runs = append(runs, nbRun{name: "04_tutorial_csv-second", file: tutorial, opt: kernel.ExecOptions{Name: "04_tutorial_csv-second.ipynb",
		Env: append(slices.Clone(cache), "LAO_TUTORIAL_CSV="+csv, "LAO_TUTORIAL_TARGET=reading", "LAO_TUTORIAL_UNITS=mV")}, want: []string{"predicted_reading"}})
	// Labels follow the parameters: 03 and 05 again with k = 9, and no
	// label may still show the default k = 4.
	runs = append(runs,
		nbRun{name: "03_hazan_koren_2012-k9", file: "03_hazan_koren_2012.ipynb", opt: kernel.ExecOptions{Name: "03_hazan_koren_2012-k9.ipynb",
			Env: append(slices.Clone(cache), kernel.ParamEnvPrefix+"K=9")}, want: []string{"AERR, k = 9", "Theorem 3.4, k = 9"},
			stale: regexp.MustCompile(`(AERR|AELR|Theorem 3\.[14]), k = 4\b|k = 4, B`)},
		nbRun{name: "05_kukliansky_shamir-k9", file: "05_kukliansky_shamir.ipynb", opt: kernel.ExecOptions{Name: "05_kukliansky_shamir-k9.ipynb",
			Env: append(slices.Clone(cache), kernel.ParamEnvPrefix+"K=9")}, want: []string{"k + 1 = 10"},
			stale: regexp.MustCompile(`k \+ 1 = 5\b|k = 4\)`)})
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
				t.Errorf("%s: the go test deadline came first: run with a larger -timeout (e.g. go test -timeout 60m ./notebooks/)", f)
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
			if r.OK() {
				checkOutputs(t, r.Output, run)
			}
			if _, err := os.Stat(r.Output); err == nil {
				page, err := j.ExportHTML(context.Background(), r.Output, out)
				if err != nil {
					t.Fatal(err)
				}
				checkSliders(t, page, required)
			}
		})
	}
}

// nbRun is one execution of a notebook by TestNotebooksExecute.
type nbRun struct {
	name, file string
	opt        kernel.ExecOptions
	want       []string       // texts the outputs must contain
	stale      *regexp.Regexp // a label the outputs must not contain (nil: no check)
}

// checkOutputs checks an executed notebook's outputs against the run's
// parameters: every wanted text is there, no stale label is.
func checkOutputs(t *testing.T, executed string, run nbRun) {
	t.Helper()
	nb, err := kernel.LoadNotebook(executed)
	if err != nil {
		t.Fatal(err)
	}
	if missing := kernel.UnprintedNumbers(nb); len(missing) > 0 {
		t.Errorf("%s: numbers in \"What you should see\" that no output prints: %q (quote what the cells print)", run.name, missing)
	}
	text := nb.OutputText()
	for _, w := range run.want {
		if !strings.Contains(text, w) {
			t.Errorf("%s: the outputs lack %q: the run did not use its parameters", run.name, w)
		}
	}
	if run.stale != nil {
		for _, m := range run.stale.FindAllString(text, 5) {
			t.Errorf("%s: stale label %q in the outputs: a title, legend or table label does not follow the parameters", run.name, m)
		}
	}
}

// checkSliders moves every slider of an exported notebook in headless
// Chromium and requires each position to show its own, different plot.
func checkSliders(t *testing.T, page string, required bool) {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "lao-slider") {
		return
	}
	if _, err := kernel.FindChromium(); err != nil {
		if required {
			t.Fatalf("%s has sliders and LAO_NOTEBOOKS=1, but: %v", page, err)
		}
		t.Logf("sliders of %s not driven: %v", page, err)
		return
	}
	states, err := kernel.DriveSliders(context.Background(), page)
	if err != nil {
		t.Fatal(err)
	}
	ok := true
	for i, s := range states {
		if !s.Changes() {
			t.Errorf("%s: slider %d does not redraw: shown %v, fingerprints %q", filepath.Base(page), i, s.Shown, s.Fingerprints)
			ok = false
		}
	}
	if ok {
		t.Logf("%s: %d slider(s) driven in headless Chromium, every position redraws", filepath.Base(page), len(states))
	}
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

// dataDir returns LAO_DATA_DIR as an absolute path ("" if unset). A relative
// one is taken, as in CI's LAO_DATA_DIR=../shared/datasets, relative to the
// module root, where go test was started (the test runs in notebooks/, and
// the cells in GoNB's temporary directories).
func dataDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("LAO_DATA_DIR")
	if dir == "" || filepath.IsAbs(dir) {
		return dir
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if fromRoot := filepath.Join(root, dir); dirExists(fromRoot) || !dirExists(dir) {
		return fromRoot
	}
	abs, err := filepath.Abs(dir) // relative to notebooks/ after all
	if err != nil {
		t.Fatal(err)
	}
	return abs
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
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

// TestLiveSliders runs every notebook with a live slider (kernel.DisplayLiveSlider;
// 02, 03, 05 and 06 must have one) up to its last slider cell in a Jupyter server, opened in headless
// Chromium, and moves each GoNB slider: every position must redraw the plot
// from the running cell, and Done must leave the HTML slider at the last
// position. It needs jupyter, chromium, node and puppeteer-core (source
// .ci/puppeteer.sh); LAO_NOTEBOOKS=1 makes their absence a failure.
func TestLiveSliders(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	if testing.Short() && !required {
		t.Skip("live sliders skipped in -short mode")
	}
	_, errJ := kernel.FindJupyter()
	_, errC := kernel.FindChromium()
	_, _, errP := kernel.FindPuppeteer()
	for _, err := range []error{errJ, errC, errP} {
		if err != nil {
			if required {
				t.Fatalf("LAO_NOTEBOOKS=1 but live sliders cannot be driven: %v", err)
			}
			t.Skip(err)
		}
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	// A live slider ends its cell after LAO_WIDGETS_IDLE seconds without a
	// move: on a loaded machine a redraw can take longer than the default
	// 30 s between the driver's moves (05 lost its controls mid-drive in CI
	// beside two busy loops); the driver clicks Done when it is through.
	// Likewise the widgets' first answer can take longer than the default
	// handshake wait, and the cell then falls back to the plain-HTML slider
	// (06 did so in CI beside two busy loops: "0 live sliders driven").
	env := []string{kernel.RootEnv + "=" + root, "LAO_DATA_DIR=" + dataDir(t), "LAO_CACHE_DIR=" + t.TempDir(),
		kernel.LiveIdleEnv + "=180", kernel.LiveHandshakeEnv + "=60"}
	want := map[string]bool{"02_cesa_bianchi_2010.ipynb": true, "03_hazan_koren_2012.ipynb": true, "05_kukliansky_shamir.ipynb": true, "06_murata_suzuki_2018.ipynb": true}
	for _, f := range notebookFiles(t) {
		prefix, n := liveSliderPrefix(t, f)
		if n == 0 {
			if want[f] {
				t.Errorf("%s has no kernel.DisplayLiveSlider cell: its slider is not a live widget", f)
			}
			continue
		}
		t.Run(strings.TrimSuffix(f, ".ipynb"), func(t *testing.T) {
			start := time.Now()
			r, err := kernel.DriveLiveSliders(context.Background(), prefix, env, 5*time.Minute)
			if err != nil {
				if r != nil {
					t.Logf("notebook text (end):\n%s\n%s", r.Outputs, r.Logs())
				}
				t.Fatal(err)
			}
			if len(r.Sliders) != n {
				t.Fatalf("%d live sliders driven, want %d (a slider cell that ended with the plain-HTML slider "+
					"got no answer from its widgets within %s seconds); notebook text (end):\n%s\n%s",
					len(r.Sliders), n, kernel.LiveHandshakeEnv, r.Outputs, r.Logs())
			}
			for i, s := range r.Sliders {
				ok := s.Changes() && s.Persisted && s.PersistedAt == s.Last
				if !s.Changes() {
					t.Errorf("live slider %d: the plot did not redraw at every position: shown %v, fingerprints %q", i, s.Shown, s.Fingerprints)
				}
				if !s.Persisted || s.PersistedAt != s.Last {
					t.Errorf("live slider %d: after Done, HTML slider %v at %d, want it at %d (%s)", i, s.Persisted, s.PersistedAt, s.Last, s.AfterDone)
				}
				if !ok {
					continue
				}
				t.Logf("live slider %d (%q): every position redraws; Done left the HTML slider at %q (%s)", i, s.Labels, s.Labels[s.Last], s.AfterDone)
			}
			t.Logf("%s up to its last slider: %v; the widgets' console lines: %q", f, time.Since(start).Round(time.Second), kernel.WidgetConsole(r.Console))
		})
	}
}

// liveSliderPrefix writes notebook f's cells up to its last code cell
// calling kernel.DisplayLiveSlider into a temporary directory; it returns
// the copy's path and the number of such cells (0: none, nothing written).
func liveSliderPrefix(t *testing.T, f string) (string, int) {
	t.Helper()
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	var nb map[string]json.RawMessage
	if err := json.Unmarshal(b, &nb); err != nil {
		t.Fatal(err)
	}
	var cells []struct {
		Type   string   `json:"cell_type"`
		Source []string `json:"source"`
	}
	if err := json.Unmarshal(nb["cells"], &cells); err != nil {
		t.Fatal(err)
	}
	last, n := 0, 0
	for i, c := range cells {
		if c.Type == "code" && strings.Contains(strings.Join(c.Source, ""), "kernel.DisplayLiveSlider(") {
			last, n = i+1, n+1
		}
	}
	if n == 0 {
		return "", 0
	}
	var all []json.RawMessage
	if err := json.Unmarshal(nb["cells"], &all); err != nil {
		t.Fatal(err)
	}
	if nb["cells"], err = json.Marshal(all[:last]); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(nb)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), f)
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path, n
}
