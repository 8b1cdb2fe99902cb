package frames_test

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// records builds a DataFrame from CSV-like records with gota's type detection.
func records(t testing.TB, rec ...[]string) dataframe.DataFrame {
	t.Helper()
	df := dataframe.LoadRecords(rec)
	if df.Err != nil {
		t.Fatalf("LoadRecords: %v", df.Err)
	}
	return df
}

// mixed has an int, a float, a bool and a string column besides y.
func mixed(t testing.TB) dataframe.DataFrame {
	return records(t,
		[]string{"a", "b", "flag", "city", "y"},
		[]string{"1", "0.5", "true", "Rome", "2"},
		[]string{"2", "1.5", "false", "Oslo", "3"},
		[]string{"3", "-0.5", "true", "Rome", "1"},
	)
}

func TestFromDataFrameDefaults(t *testing.T) {
	d, err := frames.FromDataFrame(mixed(t), "y", frames.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Features(), ","); got != "a,b,flag" {
		t.Errorf("features = %s, want a,b,flag", got)
	}
	if len(d.Skipped) != 1 || d.Skipped[0] != "city" {
		t.Errorf("Skipped = %v, want [city]", d.Skipped)
	}
	want := [][]float64{{1, 0.5, 1}, {2, 1.5, 0}, {3, -0.5, 1}}
	for i, row := range want {
		for j, v := range row {
			if got := d.Row(i)[j]; got != v {
				t.Errorf("row %d attribute %d = %g, want %g", i, j, got, v)
			}
		}
	}
	if y := d.Labels(); y[0] != 2 || y[1] != 3 || y[2] != 1 {
		t.Errorf("labels = %v", y)
	}
	if d.Target != "y" || d.Transform.YScale != 1 || d.Transform.Scale[0] != 1 {
		t.Errorf("unexpected record %+v", d.Transform)
	}
}

func TestFromDataFrameExplicitFeatures(t *testing.T) {
	d, err := frames.FromDataFrame(mixed(t), "y", frames.Options{Features: []string{"flag", "a"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(d.Features(), ","); got != "flag,a" {
		t.Errorf("features = %s, want flag,a", got)
	}
	if d.Row(1)[0] != 0 || d.Row(1)[1] != 2 {
		t.Errorf("row 1 = %v, want [0 2]", d.Row(1))
	}
}

type errCase struct {
	name   string
	df     dataframe.DataFrame
	target string
	opt    frames.Options
	want   []error  // every sentinel the error must wrap
	words  []string // substrings the message must contain
}

func checkErr(t *testing.T, err error, want []error, words []string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want %v", want)
	}
	for _, w := range want {
		if !errors.Is(err, w) {
			t.Errorf("error %q does not wrap %q", err, w)
		}
	}
	for _, w := range words {
		if !strings.Contains(err.Error(), w) {
			t.Errorf("error %q does not mention %q", err, w)
		}
	}
}

func TestFromDataFrameErrors(t *testing.T) {
	withNA := records(t, []string{"a", "b", "y"}, []string{"1", "2", "3"}, []string{"4", "NA", "6"}, []string{"7", "8", "9"})
	withInf := records(t, []string{"a", "b", "y"}, []string{"1", "2", "3"}, []string{"4", "5", "6"}, []string{"7", "-Inf", "9"})
	missingY := records(t, []string{"a", "y"}, []string{"1", "3"}, []string{"2", "NaN"})
	infY := records(t, []string{"a", "y"}, []string{"1", "3"}, []string{"2", "Inf"})
	constant := records(t, []string{"a", "c", "z", "y"}, []string{"1", "5", "0", "1"}, []string{"2", "5", "0", "2"}, []string{"4", "5", "0", "2"})
	zeros := records(t, []string{"z", "y"}, []string{"0", "1"}, []string{"0", "2"})
	constY := records(t, []string{"a", "y"}, []string{"1", "7"}, []string{"2", "7"})
	onlyY := records(t, []string{"name", "y"}, []string{"a", "1"}, []string{"b", "2"})
	noRows := dataframe.New(series.New([]float64{}, series.Float, "a"), series.New([]float64{}, series.Float, "y"))
	headerOnly := dataframe.LoadRecords([][]string{{"a", "y"}})
	ragged := dataframe.New(series.Floats([]float64{1, 2}), series.Floats([]float64{1}))

	cases := []errCase{
		{"unknown target", mixed(t), "price", frames.Options{}, []error{frames.ErrUnknownColumn}, []string{`"price"`, "target"}},
		{"empty target name", mixed(t), "", frames.Options{}, []error{frames.ErrUnknownColumn}, []string{`""`}},
		{"unknown feature", mixed(t), "y", frames.Options{Features: []string{"a", "nope"}}, []error{frames.ErrUnknownColumn}, []string{`"nope"`, "feature"}},
		{"string feature", mixed(t), "y", frames.Options{Features: []string{"city"}}, []error{frames.ErrNonNumeric}, []string{`"city"`, "string"}},
		{"string target", mixed(t), "city", frames.Options{}, []error{frames.ErrNonNumeric}, []string{`"city"`, "target"}},
		{"NA feature", withNA, "y", frames.Options{}, []error{frames.ErrMissing, lao.ErrNotFinite}, []string{`"b"`, "row 1"}},
		{"Inf feature", withInf, "y", frames.Options{}, []error{lao.ErrNotFinite}, []string{`"b"`, "row 2", "-Inf"}},
		{"missing target", missingY, "y", frames.Options{}, []error{frames.ErrMissing, lao.ErrNotFinite}, []string{`target column "y"`, "row 1"}},
		{"Inf target", infY, "y", frames.Options{}, []error{lao.ErrNotFinite}, []string{`"y"`, "row 1"}},
		{"no rows", noRows, "y", frames.Options{}, []error{lao.ErrEmpty}, []string{"no rows"}},
		{"zero DataFrame", dataframe.DataFrame{}, "y", frames.Options{}, []error{lao.ErrEmpty}, nil},
		{"header only", headerOnly, "y", frames.Options{}, []error{frames.ErrFrame, lao.ErrEmpty}, []string{"empty"}},
		{"frame error", ragged, "y", frames.Options{}, []error{frames.ErrFrame}, []string{"dimensions"}},
		{"no features", onlyY, "y", frames.Options{}, []error{lao.ErrEmpty}, []string{"no numeric feature", `"y"`}},
		{"constant centred", constant, "y", frames.Options{Center: true}, []error{frames.ErrConstantColumn}, []string{`"c"`, "5"}},
		{"zero column Linf", constant, "y", frames.Options{Scaling: frames.ScaleLinf}, []error{frames.ErrConstantColumn}, []string{`"z"`, "ScaleLinf"}},
		{"all zero L2", zeros, "y", frames.Options{Scaling: frames.ScaleL2}, []error{frames.ErrConstantColumn}, []string{"z", "scaling l2"}},
		{"all dropped", zeros, "y", frames.Options{Center: true, DropConstant: true}, []error{lao.ErrEmpty}, []string{"z"}},
		{"constant target", constY, "y", frames.Options{Center: true, LabelBound: 1}, []error{frames.ErrConstantColumn}, []string{`target column "y"`}},
		{"target as feature", mixed(t), "y", frames.Options{Features: []string{"a", "y"}}, []error{lao.ErrParam}, []string{`"y"`}},
		{"duplicate feature", mixed(t), "y", frames.Options{Features: []string{"a", "a"}}, []error{lao.ErrParam}, []string{`"a"`, "twice"}},
		{"negative B", mixed(t), "y", frames.Options{LabelBound: -1}, []error{lao.ErrParam}, []string{"LabelBound"}},
		{"unknown scaling", mixed(t), "y", frames.Options{Scaling: 7}, []error{lao.ErrParam}, []string{"Scaling"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, err := frames.FromDataFrame(c.df, c.target, c.opt)
			if d != nil {
				t.Errorf("got data with error %v", err)
			}
			checkErr(t, err, c.want, c.words)
		})
	}
}

func TestConstantColumnsAllowedOrDropped(t *testing.T) {
	constant := records(t, []string{"a", "c", "z", "y"}, []string{"1", "5", "0", "1"}, []string{"2", "5", "0", "2"}, []string{"4", "5", "0", "2"})
	// Without centring a constant column is a legitimate bias feature;
	// ScaleLinf maps the non-zero constant c to 1.
	d, err := frames.FromDataFrame(constant, "y", frames.Options{Scaling: frames.ScaleLinf, Features: []string{"a", "c"}})
	if err != nil {
		t.Fatal(err)
	}
	if d.Row(0)[1] != 1 || d.Row(2)[0] != 1 {
		t.Errorf("rows %v %v", d.Row(0), d.Row(2))
	}
	d, err = frames.FromDataFrame(constant, "y", frames.Options{Center: true, DropConstant: true})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(d.Dropped, ",") != "c,z" || strings.Join(d.Features(), ",") != "a" {
		t.Errorf("Dropped = %v, features = %v", d.Dropped, d.Features())
	}
}

func TestApplyErrors(t *testing.T) {
	d, err := frames.FromDataFrame(mixed(t), "y", frames.Options{Center: true})
	if err != nil {
		t.Fatal(err)
	}
	noB := records(t, []string{"a", "flag", "y"}, []string{"1", "true", "2"})
	_, err = d.Apply(noB)
	checkErr(t, err, []error{frames.ErrUnknownColumn}, []string{`"b"`})
	strB := records(t, []string{"a", "b", "flag", "y"}, []string{"1", "x", "true", "2"})
	_, err = d.Apply(strB)
	checkErr(t, err, []error{frames.ErrNonNumeric}, []string{`"b"`})
	noY := records(t, []string{"a", "b", "flag"}, []string{"1", "2", "true"})
	_, err = d.Apply(noY)
	checkErr(t, err, []error{frames.ErrUnknownColumn}, []string{`"y"`})
	if _, err := d.Model([]float64{1}); !errors.Is(err, lao.ErrShape) {
		t.Errorf("Model with 1 weight for 3 features: %v, want ErrShape", err)
	}
}

// A DataFrame with two columns of one name (gota allows it, e.g. after
// Rename) is refused by name, not read as the last of them twice.
func TestDuplicateColumnNames(t *testing.T) {
	df := mixed(t).Rename("a", "b")
	if df.Err != nil {
		t.Fatal(df.Err)
	}
	if _, err := frames.FromDataFrame(df, "y", frames.Options{}); !errors.Is(err, frames.ErrFrame) || !strings.Contains(err.Error(), `columns 1 and 2 are both named "a"`) {
		t.Errorf("FromDataFrame: %v", err)
	}
	if _, err := frames.PrepareFrame(df, "y", frames.Options{}, 0.3, 1); !errors.Is(err, frames.ErrFrame) {
		t.Errorf("PrepareFrame: %v", err)
	}
}

// Two rows, half of them held out: the error names the one training row,
// and the scaling by the name users type.
func TestOneTrainingRow(t *testing.T) {
	ds, err := lao.NewDataset([]float64{1, 2, 2, 5}, []float64{3, 1}, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = frames.PrepareTable(ds, frames.OptionsFor(&lao.AERR{K: 1}), 0.5, 1)
	if err == nil || !strings.Contains(err.Error(), "on the 1 training row(s): hold out fewer rows") || strings.Contains(err.Error(), "StandardL2") {
		t.Errorf("one training row: %v", err)
	}
}

// Arguments left nil are errors, not panics.
func TestNilArguments(t *testing.T) {
	var noTable *lao.Dataset
	p, err := frames.PrepareFrame(mixed(t), "y", frames.OptionsFor(&lao.AERR{}), 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	var noSolver *lao.AERR
	for name, f := range map[string]func() error{
		"PrepareTable(nil)":             func() error { _, err := frames.PrepareTable(nil, frames.Options{}, 0.2, 1); return err },
		"PrepareTable((*Dataset)(nil))": func() error { _, err := frames.PrepareTable(noTable, frames.Options{}, 0.2, 1); return err },
		"SplitTable(nil)":               func() error { _, _, err := frames.SplitTable(nil, 0.2, 1); return err },
		"ReadCSV(nil)":                  func() error { _, err := frames.ReadCSV(nil, frames.CSVOptions{}); return err },
		"Prepared.Fit(nil)":             func() error { _, err := p.Fit(nil, 1); return err },
		"Prepared.Fit((*AERR)(nil))":    func() error { _, err := p.Fit(noSolver, 1); return err },
		"Prepared.TuneFit(nil)":         func() error { _, err := p.TuneFit(nil, frames.TuneOptions{Folds: 3}, 1); return err },
		"Tune(nil)":                     func() error { _, _, err := frames.Tune(nil, p.Train, frames.TuneOptions{Folds: 3}); return err },
		"StreamCSV(nil)":                func() error { _, err := frames.StreamCSV(nil, frames.StreamOptions{}); return err },
		"NewModel(w, names, y, nil)":    func() error { _, err := frames.NewModel([]float64{1}, []string{"a"}, "y", nil, false); return err },
		"Score(w, nil)":                 func() error { _, err := frames.Score([]float64{1}, nil, nil, 0); return err },
		"ReadModel(nil)":                func() error { _, err := frames.ReadModel(nil); return err },
		"(*Model)(nil).Predict": func() error {
			var m *frames.Model
			_, err := m.Predict(mixed(t))
			return err
		},
		"(*Prepared)(nil).Fit": func() error { var q *frames.Prepared; _, err := q.Fit(&lao.AERR{K: 1}, 1); return err },
		"Prepared{}.Fit":       func() error { _, err := (&frames.Prepared{}).Fit(&lao.AERR{K: 1}, 1); return err },
		"Prepared{}.TuneFit": func() error {
			_, err := (&frames.Prepared{}).TuneFit(&lao.AERR{K: 1}, frames.TuneOptions{}, 1)
			return err
		},
		"Prepared{}.SetPrices": func() error { _, err := (&frames.Prepared{}).SetPrices(nil); return err },
		"Prepared{}.Score":     func() error { _, err := (&frames.Prepared{}).Score([]float64{1}, 0); return err },
		"Prepared{}.Model":     func() error { _, err := (&frames.Prepared{}).Model([]float64{1}); return err },
		"Prepared{}.FitAll":    func() error { _, _, err := (&frames.Prepared{}).FitAll(mixed(t), &lao.AERR{K: 1}, nil, 1); return err },
		"StreamCSV(open → nil)": func() error {
			_, err := frames.StreamCSV(func() (io.ReadCloser, error) { return nil, nil }, frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}})
			return err
		},
		"StreamRows(nil)": func() error { _, err := frames.StreamRows(nil, frames.StreamOptions{}); return err },
	} {
		if err := f(); err == nil || !strings.Contains(err.Error(), "nil") {
			t.Errorf("%s: %v, want an error saying what is nil", name, err)
		}
	}
}

// Labels whose squared errors would overflow float64 are refused by name at
// preparation (a test MSE of +Inf and a ratio of NaN passed without a word);
// a feature of that size is scaled and fitted.
func TestHugeLabelsRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%d,%g\n", i%5, 1e300*float64(i%7))
	}
	tab, err := readCSV(t, b.String(), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	_, err = frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(&lao.AERR{}), 0.2, 1)
	if !errors.Is(err, lao.ErrNotFinite) || !strings.Contains(err.Error(), `target column "y"`) || !strings.Contains(err.Error(), "rescale the column") {
		t.Errorf("labels up to 6e300: %v", err)
	}
	b.Reset()
	b.WriteString("a,y\n")
	for i := range 60 {
		fmt.Fprintf(&b, "%g,%d\n", 1e300*float64(i%7), i%5)
	}
	if tab, err = readCSV(t, b.String(), frames.CSVOptions{Target: "y"}); err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(&lao.AERR{}), 0.2, 1)
	if err != nil {
		t.Fatalf("a feature up to 6e300: %v", err)
	}
	if f, err := p.Fit(&lao.Ridge{}, 1); err != nil || math.IsInf(f.Test.MSE, 0) || math.IsNaN(f.Test.MSE) {
		t.Errorf("a feature up to 6e300: %v", err)
	}
}

// TuneFit refuses a negative fold count (0 and 1 fit without CV, as
// documented); a zero Prepared's warnings are none, not a panic.
func TestTuneFitNegativeFolds(t *testing.T) {
	p, err := frames.PrepareFrame(mixed(t), "y", frames.OptionsFor(&lao.AERR{}), 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.TuneFit(&lao.AERR{K: 1}, frames.TuneOptions{Folds: -1}, 1); !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), "Folds = -1") {
		t.Errorf("Folds = -1: %v", err)
	}
	if f, err := p.TuneFit(&lao.AERR{K: 1}, frames.TuneOptions{Folds: 1}, 1); err != nil || f.CV != nil {
		t.Errorf("Folds = 1: %v, CV %v: want a fit without CV", err, f)
	}
	if w := (&frames.Prepared{}).Warnings(); w != nil {
		t.Errorf("zero Prepared: warnings %v", w)
	}
}

// Tune with fewer than 2 folds says so (it failed on a step size's
// default, "eta default resolves to +Inf", far from the cause).
func TestTuneFewFolds(t *testing.T) {
	p, err := frames.PrepareFrame(mixed(t), "y", frames.OptionsFor(&lao.AERR{}), 0.3, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, folds := range []int{-3, 0, 1} {
		_, _, err := frames.Tune(&lao.AERR{K: 1}, p.Train, frames.TuneOptions{Folds: folds})
		if !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), fmt.Sprintf("Folds = %d: cross-validation needs at least 2 folds", folds)) {
			t.Errorf("%d folds: %v", folds, err)
		}
	}
}
