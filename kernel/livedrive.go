package kernel

import (
	"bytes"
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// PuppeteerEnv names the environment variable holding the directory where
// npm installed puppeteer-core (DIR/node_modules/puppeteer-core);
// .ci/puppeteer.sh installs it and sets the variable.
const PuppeteerEnv = "LAO_PUPPETEER_DIR"

// PuppeteerVersion is the puppeteer-core release .ci/puppeteer.sh installs
// (puppeteer-core 25 needs Node.js 22; the 24 line runs on Debian 12's
// Node.js 18 and on 20).
const PuppeteerVersion = "24.40.0"

//go:embed livedrive.js
var liveDriveScript []byte

// LiveSliderState is what DriveLiveSliders saw of one live slider: for each
// position, the view the running cell drew and the value label shown; then
// whether Done replaced it with the plain-HTML slider at the last position.
type LiveSliderState struct {
	ID string
	SliderState
	Labels      []string // the value label after each move
	Last        int      // the position the slider was left at
	Persisted   bool     // the live controls are gone and a SliderHTML slider is in the cell
	PersistedAt int      // that slider's position (−1: none)
	AfterDone   string   // how long Done took to show it, and what the cell held then
}

// LiveRun is the outcome of DriveLiveSliders.
type LiveRun struct {
	Sliders   []LiveSliderState
	Console   []string // the browser console
	Outputs   string   // the end of the notebook's rendered text
	ServerLog string   // the end of the Jupyter server's and its kernel's log (GoNB logs its WebSocket there)
}

// Logs returns the browser console and the end of the server's log, for a
// test to show when the sliders did not come up as expected.
func (r *LiveRun) Logs() string {
	return "browser console:\n" + strings.Join(r.Console, "\n") + "\nJupyter server and kernel log (end):\n" + r.ServerLog
}

// WidgetConsole returns the console lines about the widgets' connection:
// GoNB's messages (gonb_comm, SyncedVariable, a widget's script) and the retries noted by
// handshakeWidget.
func WidgetConsole(console []string) []string {
	var out []string
	for _, l := range console {
		if strings.Contains(l, "gonb_comm") || strings.Contains(l, "GoNB") || strings.Contains(l, "lao: widget") {
			out = append(out, l)
		}
	}
	return out
}

// FindPuppeteer returns the directory holding node_modules/puppeteer-core
// ($LAO_PUPPETEER_DIR) and the node executable, or an error saying how to
// install them.
func FindPuppeteer() (dir, node string, err error) {
	node, err = exec.LookPath("node")
	if err != nil {
		return "", "", fmt.Errorf("kernel: no node on PATH (apt-get install nodejs npm, then source .ci/puppeteer.sh)")
	}
	dir = os.Getenv(PuppeteerEnv)
	if dir == "" {
		return "", "", fmt.Errorf("kernel: %s is not set (source .ci/puppeteer.sh: npm install puppeteer-core@%s)", PuppeteerEnv, PuppeteerVersion)
	}
	if _, err := os.Stat(filepath.Join(dir, "node_modules", "puppeteer-core", "package.json")); err != nil {
		return "", "", fmt.Errorf("kernel: no puppeteer-core in %s=%s (source .ci/puppeteer.sh): %w", PuppeteerEnv, dir, err)
	}
	return dir, node, nil
}

// DriveLiveSliders starts a Jupyter notebook server (classic front end, on a
// free localhost port with a random token) in the notebook's directory,
// opens the notebook in headless Chromium through puppeteer-core, runs all
// its cells with a live front end and moves every live slider
// (DisplayLiveSlider) through its positions, then clicks its Done button.
// env adds variables for the server, its kernels and cell programs (e.g.
// LAO_ROOT); LAO_WIDGETS is set to "live". runTimeout bounds the wait for
// the next live slider (compiling and running the cells before it).
func DriveLiveSliders(ctx context.Context, notebook string, env []string, runTimeout time.Duration) (*LiveRun, error) {
	chromium, err := FindChromium()
	if err != nil {
		return nil, err
	}
	pptr, node, err := FindPuppeteer()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "lao-live-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	base, token, log, err := startNotebookServer(ctx, filepath.Dir(notebook), dir, env)
	if err != nil {
		return nil, err
	}
	script := filepath.Join(dir, "livedrive.js")
	if err := os.WriteFile(script, liveDriveScript, 0o644); err != nil {
		return nil, err
	}
	cfg, err := json.Marshal(map[string]any{
		"url":      base + "notebooks/" + url.PathEscape(filepath.Base(notebook)) + "?token=" + token,
		"chromium": chromium, "profile": filepath.Join(dir, "profile"),
		"stepMs": 30000, "runMs": runTimeout.Milliseconds(),
	})
	if err != nil {
		return nil, err
	}
	cmd := exec.CommandContext(ctx, node, script)
	cmd.Env = append(os.Environ(), "NODE_PATH="+filepath.Join(pptr, "node_modules"), "LAO_DRIVE="+string(cfg))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	killGroup(cmd)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("kernel: DriveLiveSliders: node: %w\n%s", err, tail(stderr.String(), 2000))
	}
	r, err := parseLiveRun(out)
	if r != nil {
		r.ServerLog = tail(log.String(), 4000)
	}
	return r, err
}

// parseLiveRun decodes the driving script's JSON line.
func parseLiveRun(out []byte) (*LiveRun, error) {
	var raw struct {
		Sliders []struct {
			ID                string
			Shown             []int
			Prints, Labels    []string
			Last, PersistedAt int
			Persisted         bool
			AfterDone         string
		}
		Console []string
		Outputs string
		Error   string
	}
	if err := json.Unmarshal(out, &raw); err != nil {
		return nil, fmt.Errorf("kernel: DriveLiveSliders: %w (output %q)", err, tail(string(out), 500))
	}
	r := &LiveRun{Console: raw.Console, Outputs: raw.Outputs}
	for _, s := range raw.Sliders {
		r.Sliders = append(r.Sliders, LiveSliderState{ID: s.ID, SliderState: SliderState{Shown: s.Shown, Fingerprints: s.Prints},
			Labels: s.Labels, Last: s.Last, Persisted: s.Persisted, PersistedAt: s.PersistedAt, AfterDone: s.AfterDone})
	}
	if raw.Error != "" {
		return r, fmt.Errorf("kernel: DriveLiveSliders: in the browser: %s", raw.Error)
	}
	return r, nil
}

// startNotebookServer starts `jupyter notebook` serving dir on a free
// localhost port with a random token, its runtime files in tmp, and waits
// until it answers. The server (and its kernels) is killed when ctx ends.
// It returns the server's base URL (ending in "/"), the token and the
// server's log, which the server and its kernels keep writing to.
func startNotebookServer(ctx context.Context, dir, tmp string, env []string) (string, string, *syncBuffer, error) {
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		return "", "", nil, fmt.Errorf("%w: jupyter is not on PATH; %s", ErrNoJupyter, EnableHint)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", "", nil, err
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", "", nil, err
	}
	token := hex.EncodeToString(b)
	args := []string{"notebook", "--no-browser", "--ip=127.0.0.1", fmt.Sprintf("--port=%d", port), "--port-retries=0",
		"--NotebookApp.token=" + token, "--notebook-dir=" + dir}
	if os.Geteuid() == 0 {
		args = append(args, "--allow-root")
	}
	cmd := exec.CommandContext(ctx, jupyter, args...)
	cmd.Env = append(append(os.Environ(), env...), WidgetsEnv+"=live", "JUPYTER_RUNTIME_DIR="+filepath.Join(tmp, "runtime"))
	log := &syncBuffer{}
	cmd.Stdout, cmd.Stderr = log, log
	killGroup(cmd)
	if err := cmd.Start(); err != nil {
		return "", "", nil, err
	}
	go cmd.Wait()
	base := fmt.Sprintf("http://127.0.0.1:%d/", port)
	for start := time.Now(); time.Since(start) < time.Minute; time.Sleep(200 * time.Millisecond) {
		resp, err := http.Get(base + "api/status?token=" + token)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return base, token, log, nil
			}
		}
		if ctx.Err() != nil {
			break
		}
	}
	return "", "", nil, fmt.Errorf("kernel: jupyter notebook on port %d did not answer within a minute:\n%s", port, tail(log.String(), 2000))
}

// syncBuffer is a bytes.Buffer safe for a process writing while the caller
// reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
