package frames

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/lao"
)

// rowSampleFrame is a table of m rows (a, b, y) with missing cells of a on
// every seventh row.
func rowSampleFrame(t *testing.T, m int) dataframe.DataFrame {
	t.Helper()
	var b strings.Builder
	b.WriteString("a,b,y\n")
	rng := lao.NewRand(3)
	var lines []string
	for i := range m {
		a := fmt.Sprint(rng.Float64() * 4)
		if i%7 == 3 {
			a = ""
		}
		bv := rng.Float64()*2 - 1
		lines = append(lines, fmt.Sprintf("%s,%g,%g\n", a, bv, 2*bv+rng.NormFloat64()))
	}
	b.WriteString(strings.Join(lines, ""))
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y", Missing: MissingMean})
	if err != nil {
		t.Fatal(err)
	}
	return tab.DataFrame
}

// RowSample hashes only rows that appear once (a repeated row would make
// an equal new row look like a training row), and TrainingRowsFound finds
// every sampled row in the table the model was fitted on, missing cells
// filled as the fit filled them, and none in rows the fit never saw.
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
	sample := RowSample(p.Train, m)
	if len(sample) != min(p.Train.Len(), maxRowSample) {
		t.Fatalf("%d hashes sampled from %d rows, want %d", len(sample), p.Train.Len(), maxRowSample)
	}
	m.Fit.RowSample = sample
	y := df.Col("y").Float()
	found, n, err := m.TrainingRowsFound(df, y)
	if err != nil || n != len(sample) || found != n {
		t.Fatalf("on the table fitted on: found %d of %d (%v), want all", found, n, err)
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
	if found, _, _ := m.TrainingRowsFound(df, other); found != 0 {
		t.Errorf("labels changed or missing: %d found, want 0", found)
	}
	fresh := rowSampleFrame(t, 400).Subset(rowRange(300, 400))
	if found, _, _ := m.TrainingRowsFound(fresh, fresh.Col("y").Float()); found != 0 {
		t.Errorf("new rows: %d found, want 0", found)
	}
	m.Fit.RowSample = []string{"0123"}
	if _, _, err := m.TrainingRowsFound(df, y); err == nil || !strings.Contains(err.Error(), "training_row_sample") {
		t.Errorf("a malformed hash: %v", err)
	}
}

// Rows repeated in the training table are left out of the sample; the
// columns with a zero coefficient are not hashed (predict does not read
// them), so rows equal but for them count as repeated. A table whose rows
// repeat often (Good–Turing: more than 1 % of new rows would equal a row
// seen once) gets no sample.
func TestRowSampleLeavesRepeatsOut(t *testing.T) {
	// 5,000 distinct rows of (a, b, c), rows 0-9 again at the end, and rows
	// 20-29 again with another c (c's coefficient is 0): 20 values seen
	// twice, 2·20 ≤ 1 % of 5,020.
	x, y := repeatedRows(5000, 10)
	for i := 20; i < 30; i++ {
		x, y = append(x, x[3*i], x[3*i+1], 7), append(y, y[i])
	}
	tr := Identity(3)
	model, err := NewModel([]float64{1, -1, 0}, []string{"a", "b", "c"}, "y", &tr, false)
	if err != nil {
		t.Fatal(err)
	}
	var rh rowHash
	repeated := map[string]bool{}
	for _, i := range append(rowRange(0, 10), rowRange(20, 30)...) {
		repeated[fmt.Sprintf("%016x", rh.of(x[3*i:3*i+2], y[i]))] = true
	}
	sample := RowSample(rowsTable(t, x, y), model)
	if len(sample) != maxRowSample {
		t.Fatalf("%d hashes, want %d", len(sample), maxRowSample)
	}
	for _, h := range sample {
		if repeated[h] {
			t.Errorf("the sample holds %s, a repeated row's hash", h)
		}
	}
	x, y = repeatedRows(5000, 26) // 2·26 > 1 % of 5,026
	if sample := RowSample(rowsTable(t, x, y), model); sample != nil {
		t.Errorf("26 of 5,000 rows repeated: %d hashes sampled, want none", len(sample))
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

func rowRange(from, to int) []int {
	out := make([]int, 0, to-from)
	for i := from; i < to; i++ {
		out = append(out, i)
	}
	return out
}
