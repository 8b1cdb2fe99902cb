package frames

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/lao"
)

// rowSampleFrame is a table of m rows (a, b, y) with missing cells of a on
// every seventh row.
func rowSampleFrame(t *testing.T, m int) dataframe.DataFrame {
	t.Helper()
	var b strings.Builder
	b.WriteString("a,b,y\n")
	rng := lao.NewRand(3)
	for i := range m {
		a := fmt.Sprint(rng.Float64() * 4)
		if i%7 == 3 {
			a = ""
		}
		bv := rng.Float64()*2 - 1
		fmt.Fprintf(&b, "%s,%g,%g\n", a, bv, 2*bv+rng.NormFloat64())
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y", Missing: MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	return tab.DataFrame
}

// NewRowSample hashes only rows that appear once, and TrainingRowsFound
// finds every sampled row in the table the model was fitted on, missing
// cells filled as the fit filled them, and none in rows the fit never saw
// or with another label.
func TestRowSample(t *testing.T) {
	df := rowSampleFrame(t, 300)
	p, err := PrepareFrame(df, "y", Options{Center: true, FillMissing: true}, 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	fit, err := p.Fit(&lao.Ridge{}, 1)
	if err != nil {
		t.Fatal(err)
	}
	m := fit.Model
	m.Fit.RowSample = NewRowSample(p.Train, m)
	if s := m.Fit.RowSample; s == nil || len(s.Hashes) != min(p.Train.Len(), maxRowSample) || !(s.Chance > 0) {
		t.Fatalf("sample of %d training rows: %+v", p.Train.Len(), s)
	}
	y := df.Col("y").Float()
	r, err := m.TrainingRowsFound(df, y)
	if err != nil || r.Sample != len(m.Fit.RowSample.Hashes) || r.Found != r.Sample || r.Labelled != 300 || !r.Significant() {
		t.Fatalf("on the table fitted on: %+v (%v), want all found", r, err)
	}
	// Equal features with another label are another row; unlabelled rows
	// are passed over.
	other := append([]float64(nil), y...)
	for i := range other {
		if i%2 == 0 {
			other[i] += 1
		} else {
			other[i] = math.NaN()
		}
	}
	if r, _ := m.TrainingRowsFound(df, other); r.Found != 0 || r.Labelled != 150 {
		t.Errorf("labels changed or missing: %+v, want 0 found of 150 labelled", r)
	}
	fresh := rowSampleFrame(t, 400).Subset(rowRange(300, 400))
	if r, _ := m.TrainingRowsFound(fresh, fresh.Col("y").Float()); r.Found != 0 || r.Significant() {
		t.Errorf("new rows: %+v, want none found", r)
	}
	m.Fit.RowSample.Hashes[0] = "0123"
	if _, err := m.TrainingRowsFound(df, y); err == nil || !strings.Contains(err.Error(), `training_row_sample.hashes holds "0123"`) {
		t.Errorf("a malformed hash: %v", err)
	}
	if err := m.check(); err == nil || !strings.Contains(err.Error(), "training_row_sample") {
		t.Errorf("ReadModel's check of a malformed hash: %v", err)
	}
}

// Rows repeated in the training table are left out of the sample; the
// columns with a zero coefficient are not hashed (predict does not read
// them), so rows equal but for them count as repeated. A table whose rows
// repeat more has a larger chance; a model whose coefficients are all 0
// and a sparse table get no sample.
func TestRowSampleLeavesOut(t *testing.T) {
	// 5,000 distinct rows of (a, b, c), rows 0-9 again at the end, and rows
	// 20-29 again with another c (c's coefficient is 0): 20 values seen
	// twice, 2·20 ≤ 1 % of 5,020.
	x, y := repeatedRows(5000, 10)
	for i := 20; i < 30; i++ {
		x, y = append(x, x[3*i], x[3*i+1], 7), append(y, y[i])
	}
	model := identityModel(t, []float64{1, -1, 0})
	repeated := map[string]bool{}
	for _, i := range append(rowRange(0, 10), rowRange(20, 30)...) {
		repeated[fmt.Sprintf("%016x", rowHash(x[3*i:3*i+2], y[i]))] = true
	}
	sample := NewRowSample(rowsTable(t, x, y), model)
	if sample == nil || len(sample.Hashes) != maxRowSample {
		t.Fatalf("%+v, want %d hashes", sample, maxRowSample)
	}
	for _, h := range sample.Hashes {
		if repeated[h] {
			t.Errorf("the sample holds %s, a repeated row's hash", h)
		}
	}
	// Good–Turing's chance: 2(n₂+1)/m · 256/n₁ with n₂ = 20, n₁ = 4,980.
	if want := 2 * 21.0 / 5020 * 256 / 4980; math.Abs(sample.Chance-want) > 1e-15 {
		t.Errorf("chance %g, want %g", sample.Chance, want)
	}
	x, y = repeatedRows(5000, 400)
	if s := NewRowSample(rowsTable(t, x, y), model); s == nil || math.Abs(s.Chance-2*401.0/5400*256/4600) > 1e-15 {
		t.Errorf("400 of 5,000 rows repeated: %+v, want a sample with chance 2·401/5400·256/4600", s)
	}
	if s := NewRowSample(rowsTable(t, x, y), identityModel(t, []float64{0, 0, 0})); s != nil {
		t.Errorf("every coefficient 0: %d hashes sampled (of the labels alone), want none", len(s.Hashes))
	}
	sp, err := lao.NewSparseDataset([]int{0, 1, 2}, []int32{0, 1}, []float64{1, 2}, []float64{1, 2}, 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := NewRowSample(sp, model); s != nil {
		t.Errorf("a sparse table: %d hashes sampled, want none (predict does not check libsvm files)", len(s.Hashes))
	}
}

// New rows drawn from the same distribution as a training table of many
// repeated values (two integer columns in 0..99 and an integer label)
// match sampled training rows by chance; Significant does not take them
// for training rows, as a fixed count of 2 did (a reviewer's case: 3 of 8
// files of 5,000 new rows warned), and does take a file that holds a tenth
// of the training rows among 5,000 new ones.
func TestRowMatchesByChance(t *testing.T) {
	draw := func(seed uint64, m int) (x, y []float64) {
		rng := lao.NewRand(seed)
		for range m {
			a, b := float64(rng.IntN(100)), float64(rng.IntN(100))
			x, y = append(x, a, b), append(y, math.Floor(a/10)+float64(rng.IntN(101)))
		}
		return x, y
	}
	tr := Identity(2)
	model, err := NewModel([]float64{1, 1}, []string{"a", "b"}, "y", &tr, false)
	if err != nil {
		t.Fatal(err)
	}
	x, y := draw(1, 5000)
	ds, err := lao.NewDataset(x, y, 2, []string{"a", "b"})
	if err != nil {
		t.Fatal(err)
	}
	model.Fit = &FitInfo{RowSample: NewRowSample(ds, model)}
	if model.Fit.RowSample == nil {
		t.Fatal("no sample")
	}
	found := 0
	for seed := uint64(100); seed < 108; seed++ {
		nx, ny := draw(seed, 5000)
		r, err := model.TrainingRowsFound(frameOf(nx, ny), ny)
		if err != nil {
			t.Fatal(err)
		}
		found += r.Found
		if r.Significant() {
			t.Errorf("new rows (seed %d): %+v taken for training rows", seed, r)
		}
	}
	if found == 0 {
		t.Error("no sampled row matched by chance in 40,000 new rows: the test does not exercise the chance")
	}
	nx, ny := draw(200, 50000)
	if r, _ := model.TrainingRowsFound(frameOf(nx, ny), ny); r.Significant() {
		t.Errorf("50,000 new rows: %+v taken for training rows", r)
	}
	if r, _ := model.TrainingRowsFound(frameOf(x, y), y); !r.Significant() || r.Found != r.Sample {
		t.Errorf("the training rows themselves: %+v, want all found and significant", r)
	}
	nx, ny = draw(300, 4500)
	nx, ny = append(nx, x[:1000]...), append(ny, y[:500]...) // 500 training rows
	if r, _ := model.TrainingRowsFound(frameOf(nx, ny), ny); !r.Significant() || r.Share() < 0.05 || r.Share() > 0.15 {
		t.Errorf("500 training rows among 5,000: %+v (share %.3f), want significant and about 0.1", r, r.Share())
	}
}

// The Poisson tail decides: counts far above the chance are significant,
// counts near it are not, and one match never is.
func TestRowMatchesSignificant(t *testing.T) {
	for _, c := range []struct {
		r    RowMatches
		want bool
	}{
		{RowMatches{Found: 256, Sample: 256, Chance: 0.1}, true},
		{RowMatches{Found: 2, Sample: 256, Chance: 0}, true},
		{RowMatches{Found: 1, Sample: 256, Chance: 0}, false},
		{RowMatches{Found: 1, Sample: 1, Chance: 0}, true},
		{RowMatches{Found: 15, Sample: 256, Chance: 12.5}, false},
		{RowMatches{Found: 30, Sample: 256, Chance: 12.5}, true},
		{RowMatches{Found: 3, Sample: 256, Chance: 0.05}, true},
		{RowMatches{Found: 3, Sample: 256, Chance: 0.5}, false},
		{RowMatches{}, false},
	} {
		if got := c.r.Significant(); got != c.want {
			t.Errorf("%+v: Significant %v, want %v", c.r, got, c.want)
		}
	}
}

// repeatedRows returns m distinct rows of three values and their labels,
// with the first r repeated at the end.
func repeatedRows(m, r int) (x, y []float64) {
	rng := lao.NewRand(4)
	for range m {
		x = append(x, rng.Float64(), rng.Float64(), rng.Float64())
		y = append(y, rng.Float64())
	}
	for i := range r {
		x, y = append(x, x[3*i:3*i+3]...), append(y, y[i])
	}
	return x, y
}

func rowsTable(t *testing.T, x, y []float64) *lao.Dataset {
	t.Helper()
	ds, err := lao.NewDataset(x, y, 3, []string{"a", "b", "c"})
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

// identityModel is a model of columns a, b, c with coefficients coef on
// untransformed data.
func identityModel(t *testing.T, coef []float64) *Model {
	t.Helper()
	tr := Identity(3)
	m, err := NewModel(coef, []string{"a", "b", "c"}, "y", &tr, false)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// frameOf is the DataFrame of the rows x (row-major, columns a and b) and
// labels y.
func frameOf(x, y []float64) dataframe.DataFrame {
	a, b := make([]float64, len(y)), make([]float64, len(y))
	for i := range y {
		a[i], b[i] = x[2*i], x[2*i+1]
	}
	return dataframe.New(series.New(a, series.Float, "a"), series.New(b, series.Float, "b"), series.New(y, series.Float, "y"))
}

func rowRange(from, to int) []int {
	out := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}
