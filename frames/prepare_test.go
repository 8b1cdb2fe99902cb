package frames_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// A table prepared as a DataFrame (PrepareFrame) and as a lao.Dataset
// (PrepareTable, as the experiments do) gets the same transform, bit for
// bit, the same examples and the same scores: one path.
func TestPrepareFrameAndTableAgree(t *testing.T) {
	tab, err := frames.ReadCSV(strings.NewReader(mixedUnitsCSV(500, 2)), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	raw, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []lao.Solver{&lao.AERR{K: 2}, &lao.DDAERR{K: 2}, &lao.AELR{K: 2}, &lao.Exploration{K: 4, S: 2}} {
		opt := frames.OptionsFor(s)
		pf, err := frames.PrepareFrame(tab.DataFrame, "y", opt, 0.2, 3)
		if err != nil {
			t.Fatal(err)
		}
		pt, err := frames.PrepareTable(raw.Dataset, opt, 0.2, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pf.Transform, pt.Transform) || pf.ScalingChoice.Reason != pt.ScalingChoice.Reason {
			t.Fatalf("%s: transforms differ:\n%+v\n%+v", s.Name(), pf.Transform, pt.Transform)
		}
		a, b := pf.Test.(*lao.Dataset), pt.Test.(*lao.Dataset)
		for i := range a.Len() {
			if !slices.Equal(a.Row(i), b.Row(i)) || a.Label(i) != b.Label(i) {
				t.Fatalf("%s: test row %d differs", s.Name(), i)
			}
		}
		ff, err := pf.Fit(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		ft, err := pt.Fit(s, 1)
		if err != nil {
			t.Fatal(err)
		}
		if ff.Test != ft.Test || !pf.Binary || !ff.Model.Binary {
			t.Errorf("%s: scores %+v and %+v (binary %v)", s.Name(), ff.Test, ft.Test, pf.Binary)
		}
	}
}

// A sparse table keeps its rows; its labels follow the label rule
// (centred on the training mean, scaled to |y| ≤ B); a feature scaling is
// refused. The zero Options leave a table as it is (no copy); centring
// keeps a data set's constant attributes as zeros.
func TestPrepareParts(t *testing.T) {
	ptr := []int{0, 1, 3, 3, 4, 6}
	idx := []int32{0, 1, 2, 2, 0, 2}
	val := []float64{1, 2, 3, 4, 5, 6}
	y := []float64{10, 12, 14, 20, 30}
	sp, err := lao.NewSparseDataset(ptr, idx, val, y, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	train, test := lao.Subset(sp, []int{0, 1, 2, 3}), lao.Subset(sp, []int{4})
	p, err := frames.PrepareParts(train, test, frames.Options{Intercept: true, LabelBound: 1})
	if err != nil {
		t.Fatal(err)
	}
	mean := (10 + 12 + 14 + 20) / 4.0
	if tr := p.Transform; tr.YOffset != mean || tr.YScale != 20-mean || !tr.Center || tr.Offset[2] != 0 || tr.Scale[2] != 1 {
		t.Errorf("sparse transform %+v", tr)
	}
	if got := p.Test.Label(0); math.Abs(got-(30-mean)/(20-mean)) > 1e-15 {
		t.Errorf("test label %g", got)
	}
	if i, v := p.Train.(*lao.SparseDataset).RowSparse(1); !slices.Equal(i, []int32{1, 2}) || !slices.Equal(v, []float64{2, 3}) {
		t.Errorf("row 1 changed: %v %v", i, v)
	}
	m, err := p.Model([]float64{0, 0, 1})
	if err != nil || !m.HasIntercept || m.Intercept != mean || m.Coef[2] != 20-mean {
		t.Errorf("model %+v, %v", m, err)
	}
	if _, err := frames.PrepareParts(train, test, frames.Options{Center: true, Scaling: frames.StandardL2}); !errors.Is(err, lao.ErrParam) {
		t.Errorf("a scaled sparse table: %v", err)
	}
	dense := pixelsTable(50, 6, 1)
	dtr, dte := dense.Head(40), dense.Subset([]int{40, 41, 42})
	id, err := frames.PrepareParts(dtr, dte, frames.Options{})
	if err != nil || id.Train != lao.Table(dtr) || id.Test != lao.Table(dte) || id.Transform.YScale != 1 {
		t.Errorf("the zero Options changed the data: %v", err)
	}
	x := make([]float64, 3*4)
	for i := range 4 {
		x[i*3], x[i*3+1], x[i*3+2] = float64(i), 7, float64(i*i)
	}
	c, _ := lao.NewDataset(x, []float64{1, 2, 3, 5}, 3, nil)
	pc, err := frames.PrepareParts(c.Head(3), c.Subset([]int{3}), frames.OptionsFor(&lao.AERR{}))
	if err != nil || pc.Train.Dim() != 3 || pc.Train.(*lao.Dataset).Row(1)[1] != 0 || pc.Test.(*lao.Dataset).Row(0)[1] != 0 {
		t.Errorf("a constant attribute: %v", err)
	}
}

// Score predicts through handles of the prediction budget and reports, in
// the target's units, what a plain computation gives; Model.Score on the
// DataFrame agrees with it; a model worse than the zero predictor is
// warned about.
func TestScore(t *testing.T) {
	tab, err := frames.ReadCSV(strings.NewReader(mixedUnitsCSV(400, 3)), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	trainDF, testDF, err := frames.SplitFrame(tab.DataFrame, 0.25, 2)
	if err != nil {
		t.Fatal(err)
	}
	p, err := frames.PrepareFrames(trainDF, testDF, "y", frames.OptionsFor(&lao.AERR{}))
	if err != nil {
		t.Fatal(err)
	}
	w := []float64{0.1, 0, -0.4, 0.3, 0}
	sc, err := p.Score(w, 0)
	if err != nil {
		t.Fatal(err)
	}
	test, tr := p.Test.(*lao.Dataset), p.Transform
	var mse, zero float64
	wrong := 0
	for i := range test.Len() {
		var s float64
		for j, v := range test.Row(i) {
			s += w[j] * v
		}
		pred, y := tr.YScale*s+tr.YOffset, tr.YScale*test.Label(i)+tr.YOffset
		mse += (pred - y) * (pred - y) / float64(test.Len())
		zero += (tr.YOffset - y) * (tr.YOffset - y) / float64(test.Len())
		if pred == 0 || (pred > 0) != (y > 0) {
			wrong++
		}
	}
	if sc.N != 100 || math.Abs(sc.MSE-mse) > 1e-12 || math.Abs(sc.ZeroMSE-zero) > 1e-12 || sc.ClassificationError != float64(wrong)/100 ||
		!sc.Binary || sc.MeanAttributes != 3 || sc.MaxAttributes != 3 {
		t.Errorf("Score %+v; want MSE %g, zero %g, class error %g, 3 attributes per row", sc, mse, zero, float64(wrong)/100)
	}
	m, err := p.Model(w)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := m.Score(testDF, "y")
	if err != nil || math.Abs(ms.MSE-sc.MSE) > 1e-12 || math.Abs(ms.ZeroMSE-sc.ZeroMSE) > 1e-12 || ms.ClassificationError != sc.ClassificationError {
		t.Errorf("Model.Score %+v, %v; Score %+v", ms, err, sc)
	}
	if _, err := p.Score(w, 2); !errors.Is(err, lao.ErrBudgetExceeded) {
		t.Errorf("three weights through a budget of 2: %v", err)
	}
	if sc.Warning("test") != "" {
		t.Errorf("a model better than the mean is warned about: %+v", sc)
	}
	bad, err := p.Score([]float64{3, 0, 0, 0, 0}, 0)
	if err != nil || !bad.Worse() || !strings.Contains(bad.Warning("test"), "above the zero predictor") {
		t.Errorf("a bad model: %+v, %v: %q", bad, err, bad.Warning("test"))
	}
}

// Without a binding budget Score sums the predictions directly; they are
// those of observation handles (lao.EvaluateBudgeted) to the bit, on dense
// and sparse rows, and so are the attributes the rows reveal.
func TestScoreDirectMatchesHandles(t *testing.T) {
	dense := pixelsTable(300, 12, 5)
	w := make([]float64, 12)
	for j := range w {
		if j%3 != 1 {
			w[j] = float64(j) - 5.5
		}
	}
	ptr, idx, val, y := []int{0}, []int32{}, []float64{}, []float64{}
	for i := range 200 {
		for j := range 12 {
			if (i+j)%4 == 0 {
				idx, val = append(idx, int32(j)), append(val, float64(i%7)-3)
			}
		}
		ptr, y = append(ptr, len(idx)), append(y, float64(i%5))
	}
	sparse, err := lao.NewSparseDataset(ptr, idx, val, y, 12, nil)
	if err != nil {
		t.Fatal(err)
	}
	id := frames.Identity(12)
	for name, tab := range map[string]lao.Table{"dense": dense, "sparse": sparse} {
		sc, err := frames.Score(w, tab.Stream(), &id, 0)
		if err != nil {
			t.Fatal(err)
		}
		ev, err := lao.EvaluateBudgeted(w, tab, 12)
		if err != nil {
			t.Fatal(err)
		}
		if sc.MSE != ev.MSE || sc.MeanAttributes != ev.MeanAttributes || sc.MaxAttributes != ev.MaxAttributes {
			t.Errorf("%s: Score MSE %v, %v attributes (max %d); handles %v, %v (max %d)", name, sc.MSE, sc.MeanAttributes, sc.MaxAttributes, ev.MSE, ev.MeanAttributes, ev.MaxAttributes)
		}
		hb, err := frames.Score(w, tab.Stream(), &id, 8) // 8 non-zero weights: through the handles
		if err != nil || hb.MSE != sc.MSE || hb.MeanAttributes != sc.MeanAttributes {
			t.Errorf("%s: through handles of budget 8: %+v, %v; directly %+v", name, hb, err, sc)
		}
	}
}

// Fitted.Warnings: worse than the zero predictor, near it (with the advice
// to tune when nothing was), or nothing.
func TestFittedWarnings(t *testing.T) {
	for _, c := range []struct {
		mse  float64
		cv   *frames.CVResult
		want string // "" for none
	}{
		{0.5, nil, ""},
		{0.94, nil, ""},
		{0.977, nil, "within 5 % of the zero predictor's (ratio 0.977): it has learned little; its parameters left at 0 took the theorems' worst-case values: cross-validate them (TuneFit)"},
		{0.99, &frames.CVResult{}, "(ratio 0.990): it has learned little"},
		{1.2, nil, "test MSE 1.2 is above the zero predictor's 1 (ratio 1.200): predicting the training mean does better; its parameters left at 0 took the theorems' worst-case values: cross-validate them (TuneFit)"},
		{1.2, &frames.CVResult{}, "test MSE 1.2 is above the zero predictor's 1 (ratio 1.200)"},
	} {
		f := &frames.Fitted{Test: frames.Scores{N: 10, MSE: c.mse, ZeroMSE: 1}, CV: c.cv}
		w := f.Warnings()
		if c.want == "" && w != nil || c.want != "" && (len(w) != 1 || !strings.Contains(w[0], c.want)) {
			t.Errorf("ratio %g, CV %v: %q, want %q", c.mse, c.cv != nil, w, c.want)
		}
		if c.cv != nil && len(w) == 1 && strings.Contains(w[0], "TuneFit") {
			t.Errorf("tuned fit advised to tune: %q", w)
		}
	}
}

// PrepareFrameRows and PrepareTableRows prepare the rows they are given:
// with SplitLast's, the test part is the last rows of the frame (and of
// the table), the transform is fitted on the rows before them, TestLast
// is set and the time-order warning speaks of forecasting. Rows that are
// not a split are refused by name.
func TestPrepareRows(t *testing.T) {
	var csv strings.Builder
	csv.WriteString("year,x,y\n")
	for i := range 40 {
		fmt.Fprintf(&csv, "%d,%g,%g\n", 1900+i, math.Sin(float64(i)), float64(i)+math.Cos(float64(3*i)))
	}
	tab, err := frames.ReadCSV(strings.NewReader(csv.String()), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	train, test, err := frames.SplitLast(40, 0.25, 2)
	if err != nil {
		t.Fatal(err)
	}
	opt := frames.Options{Center: true}
	pf, err := frames.PrepareFrameRows(tab.DataFrame, "y", opt, train, test)
	if err != nil {
		t.Fatal(err)
	}
	if !pf.TestLast || pf.Test.Len() != 10 || pf.Train.Len() != 30 {
		t.Fatalf("TestLast %v, %d training / %d test rows", pf.TestLast, pf.Train.Len(), pf.Test.Len())
	}
	// The centring is the first 30 rows' mean; the test rows are rows 30..39 in order.
	if got, want := pf.Transform.YOffset, 14.5+meanCos(0, 30); math.Abs(got-want) > 1e-12 {
		t.Errorf("label centre %v, want the first 30 rows' mean %v", got, want)
	}
	te := pf.Test.(*lao.Dataset)
	for i := range te.Len() {
		if got, want := te.Label(i)+pf.Transform.YOffset, float64(30+i)+math.Cos(float64(3*(30+i))); math.Abs(got-want) > 1e-12 {
			t.Fatalf("test row %d: label %v, want row %d's %v", i, got, 30+i, want)
		}
	}
	w := strings.Join(pf.Warnings(), "\n")
	if !strings.Contains(w, "the test error measures predicting later rows from a model fitted on earlier ones") || strings.Contains(w, "interpolation") {
		t.Errorf("warnings with the last rows held out:\n%s", w)
	}
	// year is flagged as a row number in order; the label trends along the
	// rows too (y ≈ i): the earlier rows' mean lags the test rows.
	if !strings.Contains(w, "the label trends along the rows (correlation 1.00 between a row's position and its label), and the test part is the last rows") {
		t.Errorf("no trend warning with the last rows held out (label trend %v):\n%s", pf.LabelTrend, w)
	}
	raw, err := frames.FromDataFrame(tab.DataFrame, "y", frames.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pt, err := frames.PrepareTableRows(raw.Dataset, opt, train, test)
	if err != nil {
		t.Fatal(err)
	}
	if !pt.TestLast || pt.Transform.YOffset != pf.Transform.YOffset {
		t.Errorf("PrepareTableRows: TestLast %v, label centre %v (frame's %v)", pt.TestLast, pt.Transform.YOffset, pf.Transform.YOffset)
	}
	// PrepareFrame is PrepareFrameRows with Split's rows: a random split.
	p, err := frames.PrepareFrame(tab.DataFrame, "y", opt, 0.25, 2)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(p.Warnings(), "\n"); p.TestLast || !strings.Contains(w, "interpolation, not forecasting (for that, --test-last") || strings.Contains(w, "label trends along the rows") {
		t.Errorf("random split: TestLast %v, warnings %q", p.TestLast, p.Warnings())
	}
	for _, c := range []struct {
		train, test []int
		want        string
	}{
		{[]int{0, 1}, nil, "both parts need rows"},
		{[]int{0, 40}, []int{2}, "row index 40 is not among the 40 rows (0 to 39)"},
		{[]int{0, -1}, []int{2}, "row index -1 is not among"},
		{[]int{0, 1, 2}, []int{2}, "row index 2 is given twice"},
	} {
		if _, err := frames.PrepareFrameRows(tab.DataFrame, "y", opt, c.train, c.test); !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("PrepareFrameRows(%v, %v): %v, want %q", c.train, c.test, err, c.want)
		}
		if _, err := frames.PrepareTableRows(raw.Dataset, opt, c.train, c.test); !errors.Is(err, lao.ErrParam) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("PrepareTableRows(%v, %v): %v, want %q", c.train, c.test, err, c.want)
		}
	}
}

// meanCos is the mean of cos(3i) over i in [lo, hi).
func meanCos(lo, hi int) float64 {
	s := 0.0
	for i := lo; i < hi; i++ {
		s += math.Cos(float64(3 * i))
	}
	return s / float64(hi-lo)
}

// TestErrors' rows are Score's: their means are the fit's test MSE and the
// zero predictor's, through the same handles (a prediction budget of 2
// of 3 attributes), row by row in the test part's order.
func TestTestErrorsAreScoresRows(t *testing.T) {
	tab, err := frames.ReadCSV(strings.NewReader(mixedUnitsCSV(300, 3)), frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	s := &lao.AERR{K: 2}
	p, err := frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(s), 0.2, 4)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(s, 4)
	if err != nil {
		t.Fatal(err)
	}
	b := frames.PredictBudgetOf(fit.Result)
	rows, zero, err := p.TestErrors(fit.Result.W, b)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != p.Test.Len() || len(zero) != p.Test.Len() {
		t.Fatalf("%d and %d rows for %d test rows", len(rows), len(zero), p.Test.Len())
	}
	var sum, zsum float64
	for i := range rows {
		sum += rows[i]
		zsum += zero[i]
	}
	n := float64(len(rows))
	if sum/n != fit.Test.MSE || zsum/n != fit.Test.ZeroMSE {
		t.Errorf("means %v and %v, Score's MSE %v and zero predictor's %v", sum/n, zsum/n, fit.Test.MSE, fit.Test.ZeroMSE)
	}
	if _, _, err := (&frames.Prepared{}).TestErrors(fit.Result.W, b); !errors.Is(err, frames.ErrFrame) {
		t.Errorf("TestErrors of an empty Prepared: %v", err)
	}
}

// A label that trends along the rows, with no column showing their order,
// gets a warning under a random split (freeny: correlation 0.998); the
// same rows shuffled do not.
func TestRandomSplitTrendWarning(t *testing.T) {
	const m = 60
	r := rand.New(rand.NewPCG(3, 4))
	x, y := make([]float64, m), make([]float64, m)
	for i := range m {
		x[i] = r.NormFloat64()
		y[i] = float64(i)/10 + 0.3*x[i] + 0.1*r.NormFloat64()
	}
	perm := frames.Permutation(m, 5)
	xs, ys := make([]float64, m), make([]float64, m)
	for i, p := range perm {
		xs[i], ys[i] = x[p], y[p]
	}
	for _, c := range []struct {
		x, y []float64
		want bool
	}{{x, y, true}, {xs, ys, false}} {
		df := dataframe.New(series.New(c.x, series.Float, "x"), series.New(c.y, series.Float, "y"))
		p, err := frames.PrepareFrame(df, "y", frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1}, 0.2, 1)
		if err != nil {
			t.Fatal(err)
		}
		w := strings.Join(p.Warnings(), "\n")
		if got := strings.Contains(w, "the label trends along the rows") && strings.Contains(w, "measures interpolation"); got != c.want {
			t.Errorf("trend %.2f: warned %v, want %v:\n%s", p.LabelTrend, got, c.want, w)
		}
	}
}

// A label sorted or grouped by class trends along the rows without saying
// anything of time: no trend warning under a random split.
func TestLabelSortedNoTrendWarning(t *testing.T) {
	const m = 60
	sorted, classes, series3 := make([]float64, m), make([]float64, m), make([]float64, m)
	x := make([]float64, m)
	for i := range m {
		x[i] = float64(i % 7)
		sorted[i] = float64(i*i) / 100 // never decreasing
		classes[i] = 1
		if i >= 35 {
			classes[i] = -1 // rocks, then mines
		}
		series3[i] = float64(i)/10 + float64(i%3) // rises with ups and downs: a trend, not a sort
	}
	for _, c := range []struct {
		name string
		y    []float64
		want bool
	}{{"sorted", sorted, false}, {"classes in blocks", classes, false}, {"a trending series", series3, true}} {
		if got := frames.LabelSorted(dataframe.New(series.New(c.y, series.Float, "y")), "y"); got == c.want {
			t.Errorf("%s: LabelSorted %v", c.name, got)
		}
		df := dataframe.New(series.New(x, series.Float, "x"), series.New(c.y, series.Float, "y"))
		p, err := frames.PrepareFrame(df, "y", frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1}, 0.2, 1)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(strings.Join(p.Warnings(), "\n"), "the label trends along the rows"); got != c.want {
			t.Errorf("%s (trend %.2f): warned %v, want %v", c.name, p.LabelTrend, got, c.want)
		}
	}
}
