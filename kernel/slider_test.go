package kernel

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSliderHTML(t *testing.T) {
	h, err := SliderHTML("k", []string{"1", "2"}, []string{"<p>one</p>", "<p>two</p>"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`type="range"`, `max="1"`, `value="1"`, `<div class="lao-view" style="display:none"><p>one</p>`, `<b class="lao-value">2</b>`} {
		if !strings.Contains(h, want) {
			t.Errorf("slider HTML lacks %q:\n%s", want, h)
		}
	}
	if _, err := SliderHTML("k", []string{"1"}, nil, 0); err == nil {
		t.Error("values without views: no error")
	}
}

// TestDriveSliders moves a slider of plots in headless Chromium: every
// position shows its own view, and no other.
func TestDriveSliders(t *testing.T) {
	if _, err := FindChromium(); err != nil {
		if os.Getenv("LAO_NOTEBOOKS") == "1" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	var views []string
	for _, k := range []float64{1, 2, 4} {
		svg, err := BandsSVG([]Curve{{Name: "k", X: []float64{1, 2, 3}, Mean: []float64{k, 2 * k, 3 * k}}}, BandsOptions{Title: "k"})
		if err != nil {
			t.Fatal(err)
		}
		views = append(views, SVGHTML(svg))
	}
	h, err := SliderHTML("k", []string{"1", "2", "4"}, views, 0)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(path, []byte("<!DOCTYPE html><html><body>"+h+h+"</body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	states, err := DriveSliders(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	if len(states) != 2 {
		t.Fatalf("%d sliders found, want 2", len(states))
	}
	for i, s := range states {
		if !s.Changes() {
			t.Errorf("slider %d: shown %v, fingerprints %q: want views 0, 1, 2 with different content", i, s.Shown, s.Fingerprints)
		}
	}
	// A broken page (both views always visible) is caught.
	broken := strings.ReplaceAll(h, `style="display:none"`, `style="display:block"`)
	broken = strings.ReplaceAll(broken, "oninput=", "data-x=")
	if err := os.WriteFile(path, []byte("<html><body>"+broken+"</body></html>"), 0o644); err != nil {
		t.Fatal(err)
	}
	states, err = DriveSliders(context.Background(), path)
	if err != nil || len(states) != 1 || states[0].Changes() {
		t.Errorf("broken slider: %+v, %v: want one slider that does not change", states, err)
	}
}
