package kernel

import (
	"fmt"
	"html"
	"io"
	"os"
	"sync"
	"time"
)

// Progress is a progress bar for long experiment loops. In a notebook it is
// an HTML bar that updates in place (one output block with a stable id);
// elsewhere it prints a plain text line at every 10% and when done. It is
// safe for concurrent use.
//
//	bar := kernel.NewProgress("seeds", len(seeds))
//	for _, s := range seeds {
//		run(s)
//		bar.Add(1)
//	}
//	bar.Done()
type Progress struct {
	mu       sync.Mutex
	label    string
	note     string // what the last step was, e.g. "split 2/3: AERR"
	total    int
	n        int
	start    time.Time
	last     time.Time // last notebook update
	lastPct  int       // last percentage drawn (notebook) or decile printed (text, starts at 0)
	done     bool
	notebook bool
	id       string
	out      io.Writer             // text mode destination
	update   func(id, html string) // notebook mode sink
	now      func() time.Time      // clock, replaced in tests
	minGap   time.Duration         // minimum time between notebook updates
}

// NewProgress returns a bar for total steps (total ≤ 0 if unknown: only the
// count is shown) that draws in the notebook if the program runs in GoNB,
// and on os.Stderr otherwise.
func NewProgress(label string, total int) *Progress {
	return newProgress(label, total, IsNotebook(), os.Stderr, UpdateHTML, time.Now)
}

// NewTextProgress returns a bar that always prints plain text lines to w.
func NewTextProgress(label string, total int, w io.Writer) *Progress {
	return newProgress(label, total, false, w, nil, time.Now)
}

func newProgress(label string, total int, notebook bool, out io.Writer, update func(id, html string), now func() time.Time) *Progress {
	p := &Progress{label: label, total: total, notebook: notebook, out: out, update: update,
		now: now, minGap: 100 * time.Millisecond}
	p.start = p.now()
	if notebook {
		p.lastPct = -1
		p.id = NewID()
		p.update(p.id, p.HTML())
		p.last = p.start
	}
	return p
}

// Add advances the bar by n steps.
func (p *Progress) Add(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n += n
	p.draw(false)
}

// Set sets the number of completed steps.
func (p *Progress) Set(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n = n
	p.draw(false)
}

// Report sets the bar to done of total steps and notes msg (the last step
// finished); it has the signature of experiments.Progress, so a bar can
// follow an experiment: experiments.Run(ds, spec, bar.Report).
func (p *Progress) Report(done, total int, msg string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n, p.total, p.note = done, total, msg
	p.draw(false)
}

// Done marks the loop finished and draws the final state (the notebook
// block keeps it; text mode prints a last line). Further calls do nothing.
func (p *Progress) Done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.done {
		return
	}
	p.done = true
	p.draw(true)
	if p.notebook {
		flushDisplay() // the final state must reach GoNB even if the program ends now
	}
}

// pct returns the completed percentage in [0, 100], or -1 if total is unknown.
func (p *Progress) pct() int {
	if p.total <= 0 {
		return -1
	}
	return min(100, max(0, 100*p.n/p.total))
}

// draw emits an update if it is due; p.mu is held.
func (p *Progress) draw(final bool) {
	pct := p.pct()
	if p.notebook {
		now := p.now()
		if final || (pct != p.lastPct && now.Sub(p.last) >= p.minGap) {
			p.lastPct, p.last = pct, now
			p.update(p.id, p.html())
		}
		return
	}
	decile := pct / 10
	if final || (pct >= 0 && decile > p.lastPct) {
		p.lastPct = decile
		fmt.Fprintln(p.out, p.text())
	}
}

// Text returns the bar as one line of plain text, e.g.
// "seeds: 40% (4/10) 1.2s".
func (p *Progress) Text() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.text()
}

func (p *Progress) text() string {
	el := p.now().Sub(p.start).Seconds()
	state := ""
	if p.done {
		state = " done"
	}
	note := ""
	if p.note != "" {
		note = " — " + p.note
	}
	if pct := p.pct(); pct >= 0 {
		return fmt.Sprintf("%s: %3d%% (%d/%d) %.1fs%s%s", p.label, pct, p.n, p.total, el, state, note)
	}
	return fmt.Sprintf("%s: %d %.1fs%s%s", p.label, p.n, el, state, note)
}

// HTML returns the bar as an HTML fragment (escaped label, a filled bar and
// the same numbers as Text).
func (p *Progress) HTML() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.html()
}

func (p *Progress) html() string {
	width := p.pct()
	if width < 0 {
		width = 0
	}
	color := "#1f77b4"
	if p.done {
		color = "#2ca02c"
	}
	return fmt.Sprintf(`<div class="lao-progress" style="font-family:sans-serif;font-size:13px">`+
		`<div style="display:inline-block;width:240px;height:12px;border:1px solid #999;vertical-align:middle">`+
		`<div style="width:%d%%;height:100%%;background:%s"></div></div> <span>%s</span></div>`,
		width, color, html.EscapeString(p.text()))
}
