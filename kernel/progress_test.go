package kernel

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// fakeClock advances by step on every call.
func fakeClock(step time.Duration) func() time.Time {
	t := time.Unix(0, 0)
	return func() time.Time { t = t.Add(step); return t }
}

func TestProgressTextFallback(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress("seeds <1>", 20, false, &buf, nil, fakeClock(time.Second))
	for range 20 {
		p.Add(1)
	}
	p.Done()
	p.Done() // idempotent
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	// One line per decile 1..10 (10%, ..., 100%), plus the final "done" line.
	if len(lines) != 11 {
		t.Fatalf("%d lines, want 11:\n%s", len(lines), buf.String())
	}
	if !strings.HasPrefix(lines[0], "seeds <1>:  10% (2/20)") {
		t.Errorf("first line %q", lines[0])
	}
	if last := lines[10]; !strings.HasPrefix(last, "seeds <1>: 100% (20/20)") || !strings.HasSuffix(last, "s done") {
		t.Errorf("last line %q", last)
	}
	var out bytes.Buffer
	q := newProgress("x", 0, false, &out, nil, time.Now) // unknown total: count only, at Done
	q.Add(5)
	q.Done()
	if got := out.String(); !strings.HasPrefix(got, "x: 5 ") || !strings.Contains(got, "done") {
		t.Errorf("unknown total: %q", got)
	}
}

func TestProgressNotebookUpdatesInPlace(t *testing.T) {
	type upd struct{ id, html string }
	var got []upd
	// The clock advances 10 ms per call: an update is due every 10 calls at most.
	p := newProgress("fit <AERR>", 1000, true, nil, func(id, h string) { got = append(got, upd{id, h}) }, fakeClock(10*time.Millisecond))
	for range 1000 {
		p.Add(1)
	}
	p.Done()
	if len(got) < 10 || len(got) > 110 {
		t.Fatalf("%d updates for 1000 steps: not throttled sensibly", len(got))
	}
	for _, u := range got {
		if u.id != got[0].id || !strings.HasPrefix(u.id, "lao_") {
			t.Fatalf("update ids %q and %q differ: the bar would not update in place", got[0].id, u.id)
		}
	}
	if !strings.Contains(got[0].html, "width:0%") {
		t.Errorf("first update %q", got[0].html)
	}
	last := got[len(got)-1].html
	for _, want := range []string{"width:100%", "fit &lt;AERR&gt;: 100% (1000/1000)", "done", "#2ca02c"} {
		if !strings.Contains(last, want) {
			t.Errorf("final bar lacks %q: %s", want, last)
		}
	}
	assertWellFormed(t, last)
}

func TestProgressConcurrent(t *testing.T) {
	var buf bytes.Buffer
	p := NewTextProgress("c", 400, &buf)
	done := make(chan bool)
	for range 4 {
		go func() {
			for range 100 {
				p.Add(1)
			}
			done <- true
		}()
	}
	for range 4 {
		<-done
	}
	p.Done()
	if !strings.Contains(p.Text(), "(400/400)") {
		t.Errorf("lost updates: %s", p.Text())
	}
}

func TestProgressReportFollowsAnExperiment(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress("MNIST", 0, false, &buf, nil, fakeClock(time.Second))
	p.Report(1, 4, "split 1/2: AERR")
	p.Report(2, 4, "split 1/2: Ridge")
	if got := p.Text(); !strings.HasPrefix(got, "MNIST:  50% (2/4)") || !strings.HasSuffix(got, "— split 1/2: Ridge") {
		t.Errorf("Text after Report(2, 4, …) = %q", got)
	}
	if !strings.Contains(buf.String(), "25% (1/4)") {
		t.Errorf("no line for the first step:\n%s", buf.String())
	}
}
