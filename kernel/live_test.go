package kernel

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestDisplayLiveSliderArgs(t *testing.T) {
	if err := DisplayLiveSlider("k", []string{"1", "2"}, []string{"<p>one</p>"}, 0); err == nil {
		t.Error("2 values for 1 view: no error")
	}
	if err := DisplayLiveSlider("k", []string{"1"}, []string{"<p>one</p>"}, 1); err == nil {
		t.Error("initial view out of range: no error")
	}
}

// TestServeLive follows the moves of a live slider (outside a notebook the
// redraws are no-ops): out-of-range positions are ignored, a click or the
// idle time ends it at the last position.
func TestServeLive(t *testing.T) {
	values, views := []string{"a", "b", "c"}, []string{"A", "B", "C"}
	moves, clicks := make(chan int, 4), make(chan int, 1)
	moves <- 2
	moves <- 7
	moves <- 1
	go func() {
		for len(moves) > 0 {
			time.Sleep(time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond)
		clicks <- 1
	}()
	if got := serveLive("id", "plot", values, views, 0, time.Minute, moves, clicks); got != 1 {
		t.Errorf("after moves 2, 7 (ignored), 1 and a click: position %d, want 1", got)
	}
	start := time.Now()
	if got := serveLive("id", "plot", values, views, 2, 50*time.Millisecond, make(chan int), make(chan int)); got != 2 {
		t.Errorf("idle: position %d, want the initial 2", got)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("idle time of 50ms ended after %v", d)
	}
	closed := make(chan int)
	close(closed)
	if got := serveLive("id", "plot", values, views, 1, time.Minute, closed, make(chan int)); got != 1 {
		t.Errorf("closed moves: position %d, want 1", got)
	}
}

// TestPuppeteerPinned: the CI script installs the version FindPuppeteer's
// messages name.
func TestPuppeteerPinned(t *testing.T) {
	b, err := os.ReadFile("../.ci/puppeteer.sh")
	if err != nil {
		t.Fatal(err)
	}
	if want := `version="` + PuppeteerVersion + `"`; !strings.Contains(string(b), want) {
		t.Errorf(".ci/puppeteer.sh does not pin %s", want)
	}
}

func TestLiveIdle(t *testing.T) {
	for _, c := range []struct {
		env  string
		want time.Duration
	}{{"", DefaultLiveIdle}, {"2.5", 2500 * time.Millisecond}, {"-1", DefaultLiveIdle}, {"x", DefaultLiveIdle}} {
		t.Setenv(LiveIdleEnv, c.env)
		if got := liveIdle(); got != c.want {
			t.Errorf("%s=%q: idle %v, want %v", LiveIdleEnv, c.env, got, c.want)
		}
	}
	t.Setenv(LiveHandshakeEnv, "60")
	if got := secondsEnv(LiveHandshakeEnv, DefaultLiveHandshake); got != time.Minute {
		t.Errorf("%s=60: handshake %v, want 1m", LiveHandshakeEnv, got)
	}
	t.Setenv(LiveHandshakeEnv, "")
	if got := secondsEnv(LiveHandshakeEnv, DefaultLiveHandshake); got != DefaultLiveHandshake {
		t.Errorf("%s unset: handshake %v, want %v", LiveHandshakeEnv, got, DefaultLiveHandshake)
	}
}

// writeLiveNotebook writes the test notebook (a title, BootstrapCell and
// liveCell) into a temporary directory and returns its path and the
// checkout's root, for LAO_ROOT.
func writeLiveNotebook(t *testing.T) (path, root string) {
	t.Helper()
	nb, err := NewNotebook([]NotebookCell{{Markdown: true, Source: "# live slider"}, {Source: liveCell, Tags: []string{PlotTag}}}, 0)
	if err != nil {
		t.Fatal(err)
	}
	path = filepath.Join(t.TempDir(), "live.ipynb")
	if err := os.WriteFile(path, nb, 0o644); err != nil {
		t.Fatal(err)
	}
	if root, err = filepath.Abs(".."); err != nil {
		t.Fatal(err)
	}
	return path, root
}

// TestLiveSliderWithoutFrontEnd executes the live slider notebook with
// nbconvert while asking for live widgets (LAO_WIDGETS=live): no front end
// answers, and the cell must still end, after the handshake's timeout, with
// the HTML slider.
func TestLiveSliderWithoutFrontEnd(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	if testing.Short() && !required {
		t.Skip("notebook execution skipped in -short mode")
	}
	j, err := FindJupyter()
	if err != nil {
		if required {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	path, root := writeLiveNotebook(t)
	r, err := j.ExecuteWith(context.Background(), path, filepath.Join(t.TempDir(), "out"), 3*time.Minute,
		ExecOptions{Env: []string{RootEnv + "=" + root, WidgetsEnv + "=live"}})
	if err != nil {
		t.Fatal(err)
	}
	if !r.OK() {
		t.Fatalf("%v\n%s", r.Problems, r.Log)
	}
	nb, err := LoadNotebook(r.Output)
	if err != nil {
		t.Fatal(err)
	}
	var html strings.Builder
	for _, c := range nb.Cells {
		for _, o := range c.Outputs {
			html.Write(o.Data["text/html"]) // JSON text: quotes escaped
		}
	}
	if !strings.Contains(html.String(), "lao-slider") || !strings.Contains(nb.OutputText(), "slider cell done") {
		t.Errorf("no HTML slider, or the cell did not finish; cells took %s", r.CellSummary())
	}
	if strings.Contains(html.String(), "lao-live-view") {
		t.Error("the live plot block was left in the output")
	}
	t.Logf("cells: %s", r.CellSummary())
}

// liveCell is the test notebook's slider cell: three plots on a live slider.
const liveCell = `import (
	"fmt"

	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/kernel"
)

%%
var values, views []string
for _, k := range []float64{1, 2, 4} {
	c := plot.Curve{Name: fmt.Sprintf("k = %g", k), X: []float64{1, 2, 3}, Mean: []float64{k, 2 * k, 3 * k}}
	svg := kernel.Must1(plot.BandsSVG([]plot.Curve{c}, plot.BandsOptions{Title: fmt.Sprintf("k = %g", k)}))
	values, views = append(values, fmt.Sprint(k)), append(views, kernel.SVGHTML(svg))
}
kernel.Must(kernel.DisplayLiveSlider("k", values, views, 0))
kernel.Printf("slider cell done\n")`

// TestDriveLiveSliders runs a notebook with a live slider in a Jupyter
// server, opened in headless Chromium: moving the GoNB slider redraws the
// plot from the running cell at every position, and Done leaves the
// plain-HTML slider at the last position.
func TestDriveLiveSliders(t *testing.T) {
	required := os.Getenv("LAO_NOTEBOOKS") == "1"
	if testing.Short() && !required {
		t.Skip("live widgets need a Jupyter server and a browser: skipped in -short mode")
	}
	_, errJ := FindJupyter()
	_, errC := FindChromium()
	_, _, errP := FindPuppeteer()
	for _, err := range []error{errJ, errC, errP} {
		if err != nil {
			if required {
				t.Fatalf("LAO_NOTEBOOKS=1 but live sliders cannot be driven: %v", err)
			}
			t.Skip(err)
		}
	}
	path, root := writeLiveNotebook(t)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	start := time.Now()
	// The handshake's default 10 s was too short beside two busy loops in
	// CI: the cell fell back to the HTML slider and no live one was driven.
	env := []string{RootEnv + "=" + root, LiveIdleEnv + "=180", LiveHandshakeEnv + "=60"}
	r, err := DriveLiveSliders(ctx, path, env, 150*time.Second)
	if err != nil {
		if r != nil {
			t.Logf("%s\noutputs:\n%s", r.Logs(), r.Outputs)
		}
		t.Fatal(err)
	}
	t.Logf("driven in %v; the widgets' console lines: %q", time.Since(start).Round(time.Second), WidgetConsole(r.Console))
	if len(r.Sliders) != 1 {
		t.Fatalf("%d live sliders driven, want 1; outputs:\n%s\n%s", len(r.Sliders), r.Outputs, r.Logs())
	}
	s := r.Sliders[0]
	t.Logf("shown %v, labels %q, persisted %v at %d (%s)", s.Shown, s.Labels, s.Persisted, s.PersistedAt, s.AfterDone)
	if !s.Changes() {
		t.Errorf("the live plot did not redraw at every position: shown %v, fingerprints %q", s.Shown, s.Fingerprints)
	}
	if want := []string{"1", "2", "4"}; !slices.Equal(s.Labels, want) {
		t.Errorf("value labels %q, want %q", s.Labels, want)
	}
	if !s.Persisted || s.PersistedAt != s.Last || s.Last != 2 {
		t.Errorf("after Done: persisted %v at %d, want the HTML slider at the last position %d (2)", s.Persisted, s.PersistedAt, s.Last)
	}
	if !strings.Contains(r.Outputs, "slider cell done") {
		t.Errorf("the slider cell did not finish after Done; outputs:\n%s", r.Outputs)
	}
}

// TestHandshakeWidget checks handshakeWidget's attempts: a widget left
// unanswered is given up after a third of the handshake (at least 5 s) and a
// new one built; with no answer at all it gives up when the handshake ends.
func TestHandshakeWidget(t *testing.T) {
	t.Run("second answers", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		start := time.Now()
		got, ok := handshakeWidget(12*time.Second, "parent", func() int32 {
			if n := calls.Add(1); n > 1 {
				return n
			}
			select {} // the first widget never answers
		})
		took := time.Since(start)
		if !ok || got != 2 {
			t.Fatalf("got %d, %v after %d builds; want the second widget", got, ok, calls.Load())
		}
		if took < 5*time.Second || took > 8*time.Second {
			t.Errorf("the second widget came after %v, want the first given up after 5 s", took)
		}
	})
	t.Run("none answers", func(t *testing.T) {
		t.Parallel()
		var calls atomic.Int32
		start := time.Now()
		_, ok := handshakeWidget(7*time.Second, "parent", func() int {
			calls.Add(1)
			select {}
		})
		took := time.Since(start)
		if n := calls.Load(); ok || n != 2 {
			t.Errorf("ok %v after %d builds, want false after 2 (5 s, then the 2 s left)", ok, n)
		}
		if took < 7*time.Second || took > 10*time.Second {
			t.Errorf("gave up after %v, want the handshake's 7 s", took)
		}
	})
}
