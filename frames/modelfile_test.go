package frames_test

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// fittedModel fits AERR on a small CSV with a missing cell filled by the
// mean and returns the model with its fit recorded, and the test frame.
func fittedModel(t testing.TB) (*frames.Model, *frames.Table) {
	t.Helper()
	tab, err := readCSV(t, quickCSV(300, "?"), frames.CSVOptions{Target: "y", Missing: frames.MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	s := &lao.AERR{K: 2}
	opt := frames.OptionsFor(s)
	opt.FillMissing = true
	data, err := frames.FromDataFrame(tab.DataFrame, "y", opt)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lao.Fit(s, data.Stream(), lao.Options{Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	m, err := data.ModelFromFit(s, res, 3)
	if err != nil {
		t.Fatal(err)
	}
	return m, tab
}

// quickCSV is y = 2a − b + 0.5c + 1 (+ small noise), with cell a of line 10
// replaced by bad if bad is not empty.
func quickCSV(m int, bad string) string {
	var b strings.Builder
	b.WriteString("a,b,c,y\n")
	rng := lao.NewRand(9)
	for i := range m {
		a, bb, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
		cell := ftoa(a)
		if i == 8 && bad != "" {
			cell = bad
		}
		b.WriteString(cell + "," + ftoa(bb) + "," + ftoa(c) + "," + ftoa(2*a-bb+0.5*c+1+0.01*rng.NormFloat64()) + "\n")
	}
	return b.String()
}

func ftoa(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

func TestModelFileRoundTrip(t *testing.T) {
	m, tab := fittedModel(t)
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{`"format": "lao-model/1"`, `"solver": "aerr"`, `"attribute_counts"`, `"training_fingerprint": "sha256:`, `"budget_per_example": 3`, `"scaling": "StandardL2"`, `"fill"`} {
		if !strings.Contains(text, want) {
			t.Errorf("saved model lacks %s:\n%s", want, text)
		}
	}
	back, err := frames.ReadModel(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, m) {
		t.Errorf("round trip changed the model:\n%+v\n%+v", back, m)
	}
	p1, err1 := m.Predict(tab.DataFrame)
	p2, err2 := back.Predict(tab.DataFrame)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(p1, p2) {
		t.Errorf("predictions differ after the round trip: %v %v", err1, err2)
	}
	var n int64
	for _, c := range m.Fit.AttributeCounts {
		n += c
	}
	if n != m.Fit.Attributes || m.Fit.Examples != 300 || m.Fit.K != 2 {
		t.Errorf("fit record: counts sum %d vs attributes %d, examples %d, k %d", n, m.Fit.Attributes, m.Fit.Examples, m.Fit.K)
	}
	m2, _ := fittedModel(t)
	if m2.Fit.Fingerprint != m.Fit.Fingerprint {
		t.Error("the same data gave two fingerprints")
	}
	// The row sample, read back, finds every sampled row in the table the
	// model was fitted on (its missing cell filled as the fit filled it).
	r, err := back.TrainingRowsFound(tab.DataFrame, tab.DataFrame.Col("y").Float())
	if err != nil || r.Sample != 256 || r.Found != r.Sample || !r.Significant() {
		t.Errorf("the row sample read back: %+v (%v), want 256 of 256 found", r, err)
	}
}

// A model file that is malformed or inconsistent is refused with a message
// naming what is wrong.
func TestReadModelRejects(t *testing.T) {
	m, _ := fittedModel(t)
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.String()
	for name, c := range map[string]struct{ from, to, want string }{
		"format":           {`"lao-model/1"`, `"lao-model/9"`, "format"},
		"tampered":         {`"coefficients": [`, `"coefficients": [ 1e3,`, "entries for 3 columns"},
		"unknown key":      {`"target"`, `"targte"`, "unknown field"},
		"not json":         {`{`, `[`, "bad model file"},
		"duplicate":        {`"b",`, `"a",`, "appears twice"},
		"target a column":  {`"target": "y"`, `"target": "a"`, `the target "a" is also one of the model's columns`},
		"null intercept":   {`"intercept": `, `"intercept": null, "x": `, `field "intercept" is null`},
		"null coefficient": {`"coefficients": [`, `"coefficients": [null, `, `field "coefficients[0]" is null`},
		"duplicate key":    {`"has_intercept"`, `"intercept": 1, "has_intercept"`, `field "intercept" appears twice`},
		"huge number":      {`"zero_prediction": `, `"zero_prediction": 1e999, "x": `, `field "zero_prediction" is 1e999`},
		"two models":       {"\n}\n", "\n}\n{\"format\": \"lao-model/1\"}\n", "after the model object"},
		"trailing":         {"\n}\n", "\n} x\n", "after the model object"},
		"renamed field":    {`"intercept"`, `"intercept_"`, `unknown field "intercept_"`},
		"wrong type":       {`"has_intercept": true`, `"has_intercept": "yes"`, `field "has_intercept" is a JSON string, want bool`},
		"nested unknown":   {`"solver_weights"`, `"extra": 1, "solver_weights"`, `unknown field "fit.extra"`},
		"not an object":    {`{`, `3 {`, "not a model object"},
		"decimal mark":     {`"solver_weights"`, `"decimal": ";", "solver_weights"`, `fit.decimal is ";"`},
		"thousands mark":   {`"solver_weights"`, `"decimal": ",", "thousands": ",", "solver_weights"`, "fit.thousands"},
	} {
		text := strings.Replace(good, c.from, c.to, 1)
		_, err := frames.ReadModel(strings.NewReader(text))
		if !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A table given as the model: the error quotes its first line.
	for in, want := range map[string]string{
		"DISTRICT,YES,COUTAX\n1,2,3\n": `the file is not valid JSON: it begins "DISTRICT,YES,COUTAX"; a model file is the JSON object lao fit --save-model`,
		`"a","b"` + "\n1,2\n":          `the file holds a string, not a model object: it begins "\"a\",\"b\""`,
		"":                             "it begins with nothing (the file is empty)",
	} {
		if _, err := frames.ReadModel(strings.NewReader(in)); !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", in, err, want)
		}
	}
	without := regexp.MustCompile(`(?m)^  "intercept": [^\n]*\n`).ReplaceAllString(good, "")
	if _, err := frames.ReadModel(strings.NewReader(without)); !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), `field "intercept" is missing`) {
		t.Errorf("without an intercept: %v", err)
	}
	m.Coef[0] += 1
	if err := m.WriteJSON(&buf); !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), "solver weights and scaling give") {
		t.Errorf("coefficient inconsistent with the solver weights: %v", err)
	}
}

func TestPredictOnBudget(t *testing.T) {
	m, tab := fittedModel(t)
	if _, err := m.PredictOnBudget(tab.DataFrame, 2); !errors.Is(err, lao.ErrBudgetExceeded) || !strings.Contains(err.Error(), "reads 3 columns") {
		t.Errorf("a 3-column model on a budget of 2: %v", err)
	}
	full, err := m.Predict(tab.DataFrame)
	if err != nil {
		t.Fatal(err)
	}
	b3, err := m.PredictOnBudget(tab.DataFrame, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range full { // the same sum in the same order: the same bits (a new user saw a last digit change)
		if full[i] != b3[i] {
			t.Fatalf("row %d: %.17g on a budget vs %.17g", i, b3[i], full[i])
		}
	}
	m.Coef[1] = 0
	if _, err := m.PredictOnBudget(tab.DataFrame, 2); err != nil {
		t.Errorf("a 2-column model on a budget of 2: %v", err)
	}
}

// FuzzReadModel: the model reader never panics, classifies every refusal
// as ErrModelFile, and what it accepts writes back and reads again to the
// same model.
func FuzzReadModel(f *testing.F) {
	m, _ := fittedModel(f)
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		f.Fatal(err)
	}
	f.Add(buf.Bytes())
	f.Add([]byte(`{"format":"lao-model/1","columns":["a"],"coefficients":[1],"intercept":0,"has_intercept":false,"zero_prediction":0,"labels_plus_minus_one":false}`))
	f.Add([]byte(`{"format":"lao-model/1","columns":["a"],"coefficients":[null]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := frames.ReadModel(bytes.NewReader(b))
		if err != nil {
			if !errors.Is(err, frames.ErrModelFile) {
				t.Fatalf("unclassified error: %v", err)
			}
			return
		}
		var out bytes.Buffer
		if err := m.WriteJSON(&out); err != nil {
			t.Fatalf("an accepted model does not write back: %v", err)
		}
		back, err := frames.ReadModel(&out)
		if err != nil {
			t.Fatalf("a written model does not read back: %v\n%s", err, out.String())
		}
		if fmt.Sprint(back.Coef, back.Intercept, back.Features) != fmt.Sprint(m.Coef, m.Intercept, m.Features) {
			t.Fatalf("round trip changed the model")
		}
	})
}

// Field names are exact: encoding/json would take "Intercept" for
// "intercept".
func TestReadModelCase(t *testing.T) {
	m, _ := fittedModel(t)
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(buf.String(), `"intercept"`, `"Intercept"`, 1)
	if _, err := frames.ReadModel(strings.NewReader(text)); !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), `case-sensitive: "intercept"`) {
		t.Errorf("a capitalised field: %v", err)
	}
}

// A model keeps its columns' training ranges; RangeWarning names the rows
// of new data far outside them (a number read 1000 times too large), and
// says nothing of rows inside; a saved model keeps the ranges and a
// hand-edited one with a minimum above its maximum is refused.
func TestRangeWarning(t *testing.T) {
	m, tab := fittedModel(t)
	if w := m.RangeWarning(tab.DataFrame, tab.Lines, tab.PosName()); w != "" {
		t.Errorf("the training rows: %s", w)
	}
	rows := strings.Split(quickCSV(30, ""), "\n")
	f := strings.Split(rows[4], ",") // line 5
	v, err := strconv.ParseFloat(f[1], 64)
	if err != nil {
		t.Fatal(err)
	}
	f[1] = strconv.FormatFloat(v*1000, 'g', -1, 64) // column b read with a thousands mark
	rows[4] = strings.Join(f, ",")
	far, err := readCSV(t, strings.Join(rows, "\n"), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf(`"b": 1 of 30 rows beyond it by more than its width (%s on line 5; training range`, strconv.FormatFloat(v*1000, 'g', 6, 64))
	if w := m.RangeWarning(far.DataFrame, far.Lines, far.PosName()); !strings.Contains(w, want) || strings.Contains(w, `"a"`) {
		t.Errorf("RangeWarning %q, want it to mention %q and no other column", w, want)
	}
	if flags := m.RowFlags(far.DataFrame); len(flags) != 30 || flags[3] != "outside training range: b" ||
		slices.IndexFunc(flags, func(f string) bool { return f != "" }) != 3 || slices.IndexFunc(flags[4:], func(f string) bool { return f != "" }) >= 0 {
		t.Errorf("RowFlags %q, want only row 4 (line 5) flagged, outside the range of b", flags)
	}
	holed := slices.Clone(rows)
	g := strings.Split(holed[7], ",")
	g[0] = "" // a missing cell in a, on line 8
	holed[7] = strings.Join(g, ",")
	withHole, err := readCSV(t, strings.Join(holed, "\n"), frames.CSVOptions{Target: "y", Missing: frames.MissingMean}) // the cell stays NaN in the frame
	if err != nil {
		t.Fatal(err)
	}
	unfilled := *m
	unfilled.Fill = nil // a missing cell is not counted, and does not silence the other rows
	if w := unfilled.RangeWarning(withHole.DataFrame, withHole.Lines, withHole.PosName()); !strings.Contains(w, want) {
		t.Errorf("RangeWarning of a model without Fill, on a table with a missing cell: %q, want it to mention %q", w, want)
	}
	if flags := unfilled.RowFlags(withHole.DataFrame); len(flags) != 30 || flags[3] != "outside training range: b" || slices.ContainsFunc(flags, func(f string) bool { return strings.Contains(f, "filled") }) {
		t.Errorf("RowFlags of a model without Fill: %q, want row 4 outside the range of b and nothing filled", flags)
	}
	a := tab.Col("a").Float()
	for i, f := range m.RowFlags(tab.DataFrame) { // the training rows: only their missing cells, filled
		if want := map[bool]string{true: "filled: a"}[math.IsNaN(a[i])]; f != want {
			t.Errorf("RowFlags of training row %d (a = %g): %q, want %q", i, a[i], f, want)
		}
	}
	// Every row a rounding beyond the range is not: a two-valued column (as
	// diabetes' sex, ±0.05) written with 10 significant digits rounds both
	// extremes out by about 1e-12.
	lo, hi := -0.04464163650698914, 0.05068011873981862
	tr := frames.Identity(1)
	tr.Min, tr.Max = []float64{lo}, []float64{hi}
	two, err := frames.NewModel([]float64{1}, []string{"sex"}, "y", &tr, false)
	if err != nil {
		t.Fatal(err)
	}
	var cells []string
	for i := range 20 {
		cells = append(cells, strconv.FormatFloat([]float64{lo, hi}[i%2], 'g', 10, 64))
	}
	round10, err := readCSV(t, "sex\n"+strings.Join(cells, "\n")+"\n", frames.CSVOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if w, flags := two.RangeReport(round10.DataFrame, round10.Lines, round10.PosName()); w != "" || flags != nil {
		t.Errorf("a two-valued column rounded to 10 digits: %q %q", w, flags)
	}
	// Every row just outside the range (a unit changed) is named too.
	for i := 1; i < len(rows)-1; i++ {
		f := strings.Split(rows[i], ",")
		f[1] = "3.5"
		rows[i] = strings.Join(f, ",")
	}
	shifted, err := readCSV(t, strings.Join(rows, "\n"), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	if w := m.RangeWarning(shifted.DataFrame, shifted.Lines, shifted.PosName()); !strings.Contains(w, `"b": every one of its 30 rows outside it (3.5 on line 2;`) {
		t.Errorf("every row outside the range: %q", w)
	}
	if flags := m.RowFlags(shifted.DataFrame); len(flags) != 30 || slices.ContainsFunc(flags, func(f string) bool { return f != "outside training range: b" }) {
		t.Errorf("RowFlags %q, want every row outside the range of b", flags)
	}
	var buf bytes.Buffer
	if err := m.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := frames.ReadModel(strings.NewReader(buf.String()))
	if err != nil || !slices.Equal(back.Transform.Min, m.Transform.Min) || !slices.Equal(back.Transform.Max, m.Transform.Max) || len(m.Transform.Min) != 3 {
		t.Errorf("ranges after a round trip: %v, %v and %v, want %v and %v", err, back.Transform.Min, back.Transform.Max, m.Transform.Min, m.Transform.Max)
	}
	swapped := strings.Replace(buf.String(), `"min": [`, `"min": [1e300, `, 1)
	swapped = strings.Replace(swapped, `"max": [`, `"max": [-1e300, `, 1)
	for _, k := range []string{"min", "max"} { // drop the first real entry of each so the lengths stay 3
		swapped = regexp.MustCompile(`("`+k+`": \[[^,]+,)[^,\]]+,`).ReplaceAllString(swapped, "$1")
	}
	if _, err := frames.ReadModel(strings.NewReader(swapped)); !errors.Is(err, frames.ErrModelFile) || !strings.Contains(err.Error(), "above its scaling.max") {
		t.Errorf("a minimum above the maximum: %v", err)
	}
}
