package kernel

import (
	"fmt"
	"html"
	"os"
	"strconv"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// WidgetsEnv names the environment variable that chooses how
// DisplayLiveSlider shows a slider: "html" always draws the plain-HTML
// slider of SliderHTML (Execute sets it: nbconvert has no front end), any
// other value or none tries GoNB's widgets first.
const WidgetsEnv = "LAO_WIDGETS"

// LiveIdleEnv names the environment variable that sets, in seconds, how
// long a live slider keeps its cell running without a move (default
// DefaultLiveIdle).
const LiveIdleEnv = "LAO_WIDGETS_IDLE"

// DefaultLiveIdle is how long a live slider waits for the next move before
// it ends its cell; its Done button ends it at once.
const DefaultLiveIdle = 30 * time.Second

// LiveHandshakeEnv names the environment variable that sets, in seconds,
// how long a live slider waits for the front end to answer each of its
// widgets before it shows the plain-HTML slider instead (default
// DefaultLiveHandshake). A machine busy with other work can take longer than
// the default; a test that drives the sliders sets it higher.
const LiveHandshakeEnv = "LAO_WIDGETS_HANDSHAKE"

// DefaultLiveHandshake bounds the wait for the front end to answer a new
// widget: GoNB installs its WebSocket in the page first (it waits up to 3 s
// for it) and the slider's script then sends its initial value back; a
// widget unanswered for a third of the wait (at least 5 s) is replaced by a
// new one (handshakeWidget). A cell run without a front end that answers
// waits this long before it shows the plain-HTML slider.
const DefaultLiveHandshake = 10 * time.Second

// DisplayLiveSlider shows views (one per value, computed once from cached
// runs) on a GoNB slider (package gonbui/widgets) when a Jupyter front end is
// connected: every move redraws the plot in place (gonbui.UpdateHTML) from
// the views the running cell holds, without recompiling. GoNB delivers a
// widget's messages only to the program of the cell that is still running,
// so the cell keeps running while the slider is live: until its Done button
// is clicked or no move came for the idle time ($LAO_WIDGETS_IDLE seconds,
// default DefaultLiveIdle). Then the live controls are removed and the
// plain-HTML slider of SliderHTML is displayed at the last position, so the
// saved notebook and its HTML export keep a slider that works without a
// kernel.
//
// Without a front end (nbconvert, which Execute runs with LAO_WIDGETS=html;
// or no answer from the page within a few seconds, since GoNB's widgets
// wait for one forever) it displays the plain-HTML slider right away.
func DisplayLiveSlider(label string, values, views []string, initial int) error {
	if _, err := SliderHTML(label, values, views, initial); err != nil {
		return err
	}
	if IsNotebook() && os.Getenv(WidgetsEnv) != "html" {
		if last, ok := runLiveSlider(label, values, views, initial, liveIdle(), secondsEnv(LiveHandshakeEnv, DefaultLiveHandshake)); ok {
			initial = last
		}
	}
	return DisplaySlider(label, values, views, initial)
}

// liveIdle returns the idle time of a live slider from LiveIdleEnv, or
// DefaultLiveIdle if it is unset or not a positive number of seconds.
func liveIdle() time.Duration { return secondsEnv(LiveIdleEnv, DefaultLiveIdle) }

// secondsEnv returns the duration the environment variable name gives in
// seconds, or def if it is unset or not a positive number.
func secondsEnv(name string, def time.Duration) time.Duration {
	if s, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && s > 0 {
		return time.Duration(s * float64(time.Second))
	}
	return def
}

// LiveViewHTML wraps view i of live slider id as the plot block shows it:
// the class and data attributes let a test (DriveLiveSliders) see which
// view is drawn.
func LiveViewHTML(id string, i int, view string) string {
	return fmt.Sprintf(`<div class="lao-live-view" data-lao-live="%s" data-index="%d">%s</div>`, html.EscapeString(id), i, view)
}

// liveControlsHTML is the block holding a live slider's controls: GoNB's
// slider and button are appended into its spans.
func liveControlsHTML(id, label, value string) string {
	return fmt.Sprintf(`<div class="lao-live" id="%s" style="font-family:sans-serif;font-size:13px;margin:4px 0">`+
		`%s: <span id="%s-slider"></span> <b id="%s-value">%s</b> <span id="%s-done"></span>`+
		` <span style="color:#666">(live: the cell runs until Done, or after a pause)</span></div>`,
		id, html.EscapeString(label), id, id, html.EscapeString(value), id)
}

// runLiveSlider shows the live slider and serves its moves until Done, the
// idle time or the end of the front end's messages. It returns the last
// position and whether a front end answered (false: the live blocks are
// left empty, for the caller to show the HTML slider).
func runLiveSlider(label string, values, views []string, initial int, idle, handshake time.Duration) (int, bool) {
	id := "lao-live-" + gonbui.UniqueId()
	ctl, plotBlock := "ctl_"+id, "plot_"+id
	gonbui.UpdateHTML(ctl, liveControlsHTML(id, label, values[initial]))
	gonbui.UpdateHTML(plotBlock, LiveViewHTML(id, initial, views[initial]))
	erase := func() {
		gonbui.UpdateHTML(ctl, "")
		gonbui.UpdateHTML(plotBlock, "")
		gonbui.Sync()
	}
	slider, ok := handshakeWidget(handshake, id+"-slider", func() *widgets.SliderBuilder {
		return widgets.Slider(0, len(values)-1, initial).AppendTo(id + "-slider").Done()
	})
	if !ok {
		erase()
		return initial, false
	}
	// Listen to the slider before asking for the button: a move made
	// while the button's handshake is under way (the slider is on the page
	// already; on a loaded machine the handshake takes seconds) would
	// otherwise be lost, and its position never drawn.
	moves := slider.Listen().LatestOnly()
	defer moves.Close()
	button, ok := handshakeWidget(handshake, id+"-done", func() *widgets.ButtonBuilder {
		return widgets.Button("Done").AppendTo(id + "-done").Done()
	})
	if !ok {
		erase()
		return initial, false
	}
	clicks := button.Listen()
	defer clicks.Close()
	defer erase()
	return serveLive(id, plotBlock, values, views, initial, idle, moves.C, clicks.C), true
}

// serveLive redraws the plot block for every move until a click, the idle
// time without a move, or a closed channel; it returns the last position.
func serveLive(id, plotBlock string, values, views []string, pos int, idle time.Duration, moves <-chan int, clicks <-chan int) int {
	timer := time.NewTimer(idle)
	defer timer.Stop()
	for {
		select {
		case v, ok := <-moves:
			if !ok {
				return pos
			}
			if v < 0 || v >= len(views) || v == pos {
				continue
			}
			pos = v
			gonbui.UpdateHTML(plotBlock, LiveViewHTML(id, v, views[v]))
			dom.SetInnerText(id+"-value", values[v])
			timer.Reset(idle)
		case <-clicks:
			return pos
		case <-timer.C:
			return pos
		}
	}
}

// handshakeWidget builds a GoNB widget into the element parent and waits
// for the front end's first answer; a widget left unanswered for a third of
// handshake (at least 5 s) is removed and a new one built, until handshake
// has passed. A new widget helps because GoNB's page script gives up on its
// connection when the kernel's acknowledgement takes more than 0.5 s
// (gonb_comm's _wait_open_ack in GoNB v0.11.4), which happens on a loaded
// machine: the widgets built on that connection never answer, and the next
// widget's request makes the kernel find the page silent and install its
// WebSocket again. Each retry is noted in the browser's console.
func handshakeWidget[T any](handshake time.Duration, parent string, build func() T) (T, bool) {
	per := max(handshake/3, 5*time.Second)
	deadline := time.Now().Add(handshake)
	for try := 1; ; try++ {
		left := time.Until(deadline)
		if left <= 0 {
			var zero T
			return zero, false
		}
		if w, ok := within(min(per, left), build); ok {
			return w, true
		}
		dom.SetInnerHtml(parent, "")
		dom.TransientJavascript(fmt.Sprintf("console.warn(%q)",
			fmt.Sprintf("lao: widget %d in #%s got no answer within %v", try, parent, min(per, left))))
	}
}

// within runs f in a goroutine and returns its result if it finishes
// within d. GoNB's widget builders block until the front end answers, which
// never happens without one: the goroutine is then left waiting, and ends
// with the cell program.
func within[T any](d time.Duration, f func() T) (T, bool) {
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v, true
	case <-time.After(d):
		var zero T
		return zero, false
	}
}
