package kernel

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

// SliderHTML returns a slider that switches between pre-rendered views: one
// view (an SVG plot, a table: any HTML) per value, computed once from cached
// runs, so moving the slider redraws instantly, without a kernel round
// trip or a recompilation. The slider is plain HTML with an inline handler:
// it works in Jupyter, in the exported HTML on a course page and in a
// headless browser (see DriveSliders), where GoNB's widgets need a live
// kernel behind the page (their Done waits for the front end to answer,
// which never happens when nbconvert executes a notebook).
// DisplayLiveSlider uses GoNB's widgets where a front end answers and
// leaves this slider behind. label names the parameter, values label the
// views; initial is the view shown first.
func SliderHTML(label string, values, views []string, initial int) (string, error) {
	if len(values) == 0 || len(values) != len(views) {
		return "", fmt.Errorf("kernel: SliderHTML: %d values for %d views", len(values), len(views))
	}
	if initial < 0 || initial >= len(values) {
		return "", fmt.Errorf("kernel: SliderHTML: initial view %d of %d", initial, len(values))
	}
	labels, err := json.Marshal(values)
	if err != nil {
		return "", err
	}
	const handler = `var r=this.closest('.lao-slider'),v=+this.value;` +
		`r.querySelectorAll(':scope > .lao-view').forEach(function(e,i){e.style.display=(i===v)?'':'none'});` +
		`r.querySelector('.lao-value').textContent=JSON.parse(this.dataset.labels)[v]`
	var b strings.Builder
	b.WriteString(`<div class="lao-slider" style="margin:4px 0">`)
	fmt.Fprintf(&b, `<label style="font-family:sans-serif;font-size:13px">%s: <input type="range" min="0" max="%d" step="1" value="%d" data-labels="%s" oninput="%s" style="vertical-align:middle;width:%dpx"> <b class="lao-value">%s</b></label>`,
		html.EscapeString(label), len(values)-1, initial, html.EscapeString(string(labels)), html.EscapeString(handler),
		min(400, 60*len(values)), html.EscapeString(values[initial]))
	for i, v := range views {
		display := "none"
		if i == initial {
			display = "block"
		}
		fmt.Fprintf(&b, `<div class="lao-view" style="display:%s">%s</div>`, display, v)
	}
	b.WriteString(`</div>`)
	return b.String(), nil
}

// DisplaySlider shows SliderHTML(label, values, views, initial) in the
// cell's output.
func DisplaySlider(label string, values, views []string, initial int) error {
	h, err := SliderHTML(label, values, views, initial)
	if err != nil {
		return err
	}
	DisplayHTML(h)
	return nil
}

// SliderState is what DriveSliders saw of one slider: for every position,
// the index of the view shown and a fingerprint of its content.
type SliderState struct {
	Shown        []int    // index of the single visible view at each position (−1: none or several)
	Fingerprints []string // the visible view's length and an FNV-1a hash of its whole content, at each position
}

// Changes reports whether moving the slider showed a different view with
// different content at every position.
func (s SliderState) Changes() bool {
	seen := map[string]bool{}
	for i, v := range s.Shown {
		if v != i || seen[s.Fingerprints[i]] {
			return false
		}
		seen[s.Fingerprints[i]] = true
	}
	return len(s.Shown) > 1
}

// FindChromium returns the path of a Chromium browser (chromium or
// chromium-browser on PATH), or an error saying how to install one.
func FindChromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("kernel: no chromium on PATH (apt-get install chromium)")
}

// driveScript moves every slider of the page through all its positions,
// firing the input event as a user's drag does, and records what is shown.
const driveScript = `<script>
(function(){var out=[];document.querySelectorAll('.lao-slider').forEach(function(s){
var inp=s.querySelector('input[type=range]'),views=s.querySelectorAll(':scope > .lao-view'),st={shown:[],prints:[]};
for(var v=0;v<=+inp.max;v++){inp.value=v;inp.dispatchEvent(new Event('input',{bubbles:true}));
var vis=[];views.forEach(function(e,i){if(getComputedStyle(e).display!=='none')vis.push(i)});
st.shown.push(vis.length===1?vis[0]:-1);var h=vis.length===1?views[vis[0]].innerHTML:'';var x=2166136261;for(var j=0;j<h.length;j++){x^=h.charCodeAt(j);x=Math.imul(x,16777619)>>>0}st.prints.push(h.length+':'+x.toString(16))}
out.push(st)});var p=document.createElement('pre');p.id='lao-slider-test';p.textContent=JSON.stringify(out);document.body.appendChild(p)})();
</script>`

var sliderResult = regexp.MustCompile(`(?s)<pre id="lao-slider-test">(.*?)</pre>`)

// DriveSliders opens the HTML page at path in headless Chromium, moves
// every slider of the page (SliderHTML) through its positions as a user
// would (an input event per step) and returns what each showed. The page
// is copied with the driving script appended; the original is untouched.
func DriveSliders(ctx context.Context, path string) ([]SliderState, error) {
	chromium, err := FindChromium()
	if err != nil {
		return nil, err
	}
	page, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "lao-slider-*")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	s := string(page)
	if i := strings.LastIndex(s, "</body>"); i >= 0 {
		s = s[:i] + driveScript + s[i:]
	} else {
		s += driveScript
	}
	driven := filepath.Join(dir, "driven.html")
	if err := os.WriteFile(driven, []byte(s), 0o644); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync", "--user-data-dir="+filepath.Join(dir, "profile"),
		"--virtual-time-budget=5000", "--dump-dom", "file://"+driven)
	killGroup(cmd)
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("kernel: DriveSliders: %s: %w", chromium, err)
	}
	m := sliderResult.FindSubmatch(out)
	if m == nil {
		return nil, fmt.Errorf("kernel: DriveSliders: the driving script left no result in the page (%d bytes of DOM)", len(out))
	}
	var raw []struct {
		Shown  []int    `json:"shown"`
		Prints []string `json:"prints"`
	}
	if err := json.Unmarshal([]byte(html.UnescapeString(string(m[1]))), &raw); err != nil {
		return nil, fmt.Errorf("kernel: DriveSliders: %w", err)
	}
	states := make([]SliderState, len(raw))
	for i, r := range raw {
		states[i] = SliderState{Shown: r.Shown, Fingerprints: r.Prints}
	}
	return states, nil
}
