package frames_test

import (
	"bytes"
	"errors"
	"io"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

func TestModelFrameRoundTrip(t *testing.T) {
	for _, m := range []*frames.Model{
		{Features: []string{"a", "b"}, Coef: []float64{1.5, -0.25}, Intercept: 3, HasIntercept: true},
		{Features: []string{"x"}, Coef: []float64{0.1}},
	} {
		roundTripModel(t, m)
	}
}

// TestModelJSONRoundTrip: gota's JSON writer keeps every digit, so models
// with tiny or awkward coefficients survive WriteJSON/ReadJSON exactly.
func TestModelJSONRoundTrip(t *testing.T) {
	m := &frames.Model{Features: []string{"a", "b", "c"}, Coef: []float64{1e-9, 1.0 / 3, -math.Pi}, Intercept: math.E, HasIntercept: true}
	var buf bytes.Buffer
	if err := m.Frame().WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := frames.ModelFromFrame(dataframe.ReadJSON(&buf))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(back.Features, m.Features) || !slices.Equal(back.Coef, m.Coef) || back.Intercept != m.Intercept || !back.HasIntercept {
		t.Errorf("JSON round trip: %+v, want %+v", back, m)
	}
}

// roundTripModel checks Frame's shape and a trip through gota's CSV writer
// and reader. The coefficients must have at most six decimals: gota's
// WriteCSV prints floats with %f.
func roundTripModel(t *testing.T, m *frames.Model) {
	t.Helper()
	{
		df := m.Frame()
		if df.Err != nil {
			t.Fatal(df.Err)
		}
		rows := len(m.Features)
		if m.HasIntercept {
			rows++
			if name := df.Col(frames.NameColumn).Records()[0]; name != frames.InterceptName {
				t.Errorf("first row %q, want %q", name, frames.InterceptName)
			}
		}
		if df.Nrow() != rows || df.Ncol() != 2 {
			t.Errorf("Frame is %dx%d, want %dx2", df.Nrow(), df.Ncol(), rows)
		}
		// Through gota's CSV writer and reader and back.
		var buf bytes.Buffer
		if err := df.WriteCSV(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := frames.ModelFromFrame(dataframe.ReadCSV(&buf))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(back.Features, m.Features) || !slices.Equal(back.Coef, m.Coef) ||
			back.Intercept != m.Intercept || back.HasIntercept != m.HasIntercept {
			t.Errorf("round trip: %+v, want %+v", back, m)
		}
	}
}

func TestModelFromFrameErrors(t *testing.T) {
	noCoef := dataframe.New(series.New([]string{"a"}, series.String, "column"), series.New([]float64{1}, series.Float, "weight"))
	strCoef := dataframe.New(series.New([]string{"a"}, series.String, "column"), series.New([]string{"x"}, series.String, "coefficient"))
	dup := dataframe.New(series.New([]string{"a", "a"}, series.String, "column"), series.New([]float64{1, 2}, series.Float, "coefficient"))
	nan := dataframe.New(series.New([]string{"a", "b"}, series.String, "column"), series.New([]float64{1, math.NaN()}, series.Float, "coefficient"))
	noName := dataframe.New(series.New([]float64{1}, series.Float, "coefficient"))
	for _, c := range []struct {
		name  string
		df    dataframe.DataFrame
		want  error
		words []string
	}{
		{"no coefficient column", noCoef, frames.ErrUnknownColumn, []string{`"coefficient"`}},
		{"string coefficients", strCoef, frames.ErrNonNumeric, []string{`"coefficient"`}},
		{"duplicate", dup, lao.ErrParam, []string{`"a"`, "row 1"}},
		{"NaN coefficient", nan, lao.ErrNotFinite, []string{"row 1"}},
		{"no name column", noName, frames.ErrUnknownColumn, []string{`"column"`}},
		{"empty", dataframe.DataFrame{}, lao.ErrEmpty, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := frames.ModelFromFrame(c.df)
			checkErr(t, err, []error{c.want}, c.words)
		})
	}
}

func TestModelPredict(t *testing.T) {
	m := &frames.Model{Features: []string{"a", "b", "unused"}, Coef: []float64{2, -1, 0}, Intercept: 0.5, HasIntercept: true}
	// The frame lacks "unused" (coefficient 0: never read), has an extra
	// string column and the columns in another order.
	df := records(t, []string{"note", "b", "a"}, []string{"x", "1", "3"}, []string{"y", "4", "-1"})
	pred, err := m.Predict(df)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pred, []float64{0.5 + 6 - 1, 0.5 - 2 - 4}) {
		t.Errorf("Predict = %v", pred)
	}
	sc, err := m.Score(records(t, []string{"a", "b", "y"}, []string{"3", "1", "4.5"}, []string{"-1", "4", "-4.5"}), "y")
	if err != nil || math.Abs(sc.MSE-1) > 1e-15 {
		t.Errorf("MSE = %g, %v; want 1", sc.MSE, err)
	}
	noA := records(t, []string{"b"}, []string{"1"})
	strA := records(t, []string{"a", "b"}, []string{"one", "1"})
	naA := records(t, []string{"a", "b"}, []string{"1", "1"}, []string{"NA", "2"})
	for _, c := range []struct {
		df   dataframe.DataFrame
		want []error
	}{
		{noA, []error{frames.ErrUnknownColumn}},
		{strA, []error{frames.ErrNonNumeric}},
		{naA, []error{frames.ErrMissing, lao.ErrNotFinite}},
	} {
		_, err := m.Predict(c.df)
		checkErr(t, err, c.want, []string{`"a"`})
	}
	if _, err := m.Score(df, "y"); !errors.Is(err, frames.ErrUnknownColumn) {
		t.Errorf("Score without target: %v", err)
	}
	bad := &frames.Model{Features: []string{"a"}, Coef: []float64{1, 2}}
	if _, err := bad.Predict(df); !errors.Is(err, lao.ErrShape) {
		t.Errorf("mismatched model: %v", err)
	}
}

// TestDataFrameRoundTrip: a frame written to JSON by gota and read back
// converts to the same examples.
func TestDataFrameRoundTrip(t *testing.T) {
	df := synthFrame(30, 6, 1)
	var buf bytes.Buffer
	if err := df.WriteJSON(&buf); err != nil {
		t.Fatal(err)
	}
	back := dataframe.ReadJSON(&buf)
	opt := frames.Options{Center: true, Scaling: frames.ScaleLinf}
	a, err := frames.FromDataFrame(df, "y", opt)
	if err != nil {
		t.Fatal(err)
	}
	opt.Features = a.Features() // gota's JSON reader sorts the columns by name
	b, err := frames.FromDataFrame(back, "y", opt)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(a.Features(), b.Features()) {
		t.Fatalf("features %v vs %v", a.Features(), b.Features())
	}
	for i := range a.Len() {
		for j, v := range a.Row(i) {
			if v != b.Row(i)[j] {
				t.Fatalf("row %d attribute %d: %g vs %g", i, j, v, b.Row(i)[j])
			}
		}
	}
}

// TestNilModel: every method of a nil *Model reports ErrNilModel or returns
// an empty answer; none panics.
func TestNilModel(t *testing.T) {
	var m *frames.Model
	df := dataframe.New(series.New([]float64{1, 2}, series.Float, "x"), series.New([]float64{3, 4}, series.Float, "y"))
	if _, err := m.Predict(df); !errors.Is(err, frames.ErrNilModel) || !strings.Contains(err.Error(), "Predict: the model is nil") {
		t.Errorf("Predict: %v, want ErrNilModel naming Predict", err)
	}
	if _, err := m.PredictWithin(df, 1, 0); !errors.Is(err, frames.ErrNilModel) || !strings.Contains(err.Error(), "PredictWithin") {
		t.Errorf("PredictWithin: %v, want ErrNilModel naming PredictWithin", err)
	}
	if _, err := m.Score(df, "y"); !errors.Is(err, frames.ErrNilModel) {
		t.Errorf("Score: %v, want ErrNilModel", err)
	}
	if err := m.WriteJSON(io.Discard); !errors.Is(err, frames.ErrNilModel) {
		t.Errorf("WriteJSON: %v, want ErrNilModel", err)
	}
	if n := m.NonZero(); n != 0 {
		t.Errorf("NonZero = %d, want 0", n)
	}
	if f := m.Frame(); f.Err != nil || f.Nrow() != 0 {
		t.Errorf("Frame: %d rows, err %v; want an empty frame", f.Nrow(), f.Err)
	}
	if w, flags := m.RangeReport(df, nil, ""); w != "" || flags != nil {
		t.Errorf("RangeReport = %q, %v; want nothing", w, flags)
	}
	if flags := m.RowFlags(df); flags != nil {
		t.Errorf("RowFlags = %v, want nil", flags)
	}
}
