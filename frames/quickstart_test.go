package frames_test

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
)

// carsCSV returns a table of another shape than the quick start's houses:
// semicolon-separated, 600 cars, litres per 100 km = 2 + 0.004·mass_kg +
// 1.5·engine_l + 0.6·(doors − 4) + noise, a text column (model), a constant
// one (wheels), 30 empty or "NA" cells in the features and 6 empty labels.
func carsCSV() io.Reader {
	rng := rand.New(rand.NewPCG(7, 8))
	var b strings.Builder
	b.WriteString("model;mass_kg;engine_l;doors;wheels;l_per_100km\n")
	for i := range 600 {
		mass, engine, doors := 800+rng.Float64()*1200, 1+rng.Float64()*2, 3+rng.IntN(3)
		fuel := 2 + 0.004*mass + 1.5*engine + 0.6*float64(doors-4) + 0.3*rng.NormFloat64()
		cells := []string{fmt.Sprintf("Car %d", i), strconv.FormatFloat(mass, 'f', 0, 64), strconv.FormatFloat(engine, 'f', 2, 64),
			strconv.Itoa(doors), "4", strconv.FormatFloat(fuel, 'f', 2, 64)}
		switch {
		case i%40 == 3:
			cells[1] = ""
		case i%40 == 17:
			cells[2] = "NA"
		case i%100 == 50:
			cells[5] = ""
		}
		b.WriteString(strings.Join(cells, ";") + "\n")
	}
	return strings.NewReader(b.String())
}

// The quick start's code, with only its table line changed, runs on a
// table of another shape: it reports the text and the constant column,
// the rows dropped for a missing label and the feature cells filled, fits
// a model clearly better than the zero predictor, and predicts.
func TestQuickStartOnAnotherTable(t *testing.T) {
	out := captureStdout(t, func() { quickStart(carsCSV(), "cars.csv", "l_per_100km", frames.MissingMean) })
	for _, want := range []string{
		"dropped 6 rows with a missing label or cell, lines [52 152 252 352 452 552]",
		"unused column model: text: 600 of 600 cells are not numbers",
		"unused column wheels: constant",
		"column mass_kg: ", "column engine_l: ",
		"chosen by CV: ",
		"attributes seen: ", "per row on average, at most 3\n",
		"mass_kg ", "engine_l ", "doors ", "(intercept) ",
		"2 test rows: predicted [",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "warning:") || strings.Contains(out, "NaN") || strings.Contains(out, "column doors:") {
		t.Errorf("a warning, a NaN or a column without missing cells reported as filled:\n%s", out)
	}
	m := regexp.MustCompile(`ratio ([0-9.]+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no test ratio:\n%s", out)
	}
	// mass and engine explain most of the variance (noise 0.3 against a
	// spread of about 1.6): far below the zero predictor's 1.
	if r, _ := strconv.ParseFloat(m[1], 64); !(r < 0.5) {
		t.Errorf("test MSE / zero predictor %g, want < 0.5:\n%s", r, out)
	}
	t.Log("\n" + out)
}

// captureStdout returns what f prints on os.Stdout.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	done := make(chan []byte)
	go func() {
		var b bytes.Buffer
		_, _ = io.Copy(&b, r)
		done <- b.Bytes()
	}()
	defer func() { os.Stdout = stdout }()
	f()
	w.Close()
	return string(<-done)
}
