package frames_test

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// streamCSV is a table with a text column, a constant one and missing
// cells: y = 2a − b + 0.5c + 3 + noise.
func streamCSV(m int) string {
	var b strings.Builder
	b.WriteString("a,name,b,const,c,y\n")
	rng := lao.NewRand(17)
	for i := range m {
		a, bb, c := 10+3*rng.NormFloat64(), rng.Float64(), rng.NormFloat64()
		ca := fmt.Sprint(a)
		if i%37 == 5 {
			ca = "?"
		}
		fmt.Fprintf(&b, "%s,n%d,%g,4,%g,%g\n", ca, i, bb, c, 2*a-bb+0.5*c+3+0.1*rng.NormFloat64())
	}
	return b.String()
}

func opener(text string) func() (io.ReadCloser, error) {
	return func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(text)), nil }
}

// The stream's transform, training rows and test scores are those of the
// in-memory path on the same rows (the hash split's training lines).
func TestStreamMatchesInMemory(t *testing.T) {
	text := streamCSV(600)
	for _, sc := range []frames.Scaling{frames.StandardL2, frames.StandardLinf, frames.ScaleL2, frames.ScaleLinf, frames.CommonLinf} {
		opt := frames.Options{Center: true, Scaling: sc, LabelBound: 1, DropConstant: true, FillMissing: true}
		st, err := frames.StreamCSV(opener(text), frames.StreamOptions{CSV: frames.CSVOptions{Name: "s.csv", Target: "y", Missing: frames.MissingMean}, Options: opt, TestFrac: 0.25, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		tab, err := readCSV(t, text, frames.CSVOptions{Target: "y", Missing: frames.MissingMean})
		if err != nil {
			t.Fatal(err)
		}
		var trainIdx, testIdx []int
		for i, line := range tab.Lines {
			if frames.InTest(5, line, 0.25) {
				testIdx = append(testIdx, i)
			} else {
				trainIdx = append(trainIdx, i)
			}
		}
		trainDF, testDF := tab.Subset(trainIdx), tab.Subset(testIdx)
		data, err := frames.FromDataFrame(trainDF, "y", opt)
		if err != nil {
			t.Fatal(err)
		}
		if st.MTrain != data.Len() || st.MTest != len(testIdx) || strings.Join(st.Features(), ",") != strings.Join(data.Features(), ",") {
			t.Fatalf("%v: stream %d/%d rows, features %v; in memory %d/%d, %v", sc, st.MTrain, st.MTest, st.Features(), data.Len(), len(testIdx), data.Features())
		}
		tr, want := st.Transform, data.Transform
		for j := range want.Scale {
			if !near(tr.Offset[j], want.Offset[j]) || !near(tr.Scale[j], want.Scale[j]) || !near(tr.Fill[j], want.Fill[j]) {
				t.Errorf("%v: column %d: stream offset %g scale %g fill %g, in memory %g %g %g", sc, j, tr.Offset[j], tr.Scale[j], tr.Fill[j], want.Offset[j], want.Scale[j], want.Fill[j])
			}
		}
		if !near(tr.YOffset, want.YOffset) || !near(tr.YScale, want.YScale) {
			t.Errorf("%v: label transform %g/%g vs %g/%g", sc, tr.YOffset, tr.YScale, want.YOffset, want.YScale)
		}
		src, err := st.Train()
		if err != nil {
			t.Fatal(err)
		}
		row := make([]float64, src.Dim())
		for i := range data.Len() {
			y, err := src.Next(row)
			if err != nil {
				t.Fatal(err)
			}
			for j, v := range row {
				if math.Abs(v-data.Row(i)[j]) > 1e-12 {
					t.Fatalf("%v: row %d attribute %d: stream %g, in memory %g", sc, i, j, v, data.Row(i)[j])
				}
			}
			if math.Abs(y-data.Label(i)) > 1e-12 {
				t.Fatalf("%v: label %d: %g vs %g", sc, i, y, data.Label(i))
			}
		}
		if _, err := src.Next(row); err != io.EOF {
			t.Errorf("after the last row: %v", err)
		}
		res, err := lao.Fit(&lao.Ridge{}, data.Stream(), lao.Options{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := st.Score(res.W, 0)
		if err != nil {
			t.Fatal(err)
		}
		m, _ := data.Model(res.W)
		wantSc, err := m.Score(testDF, "y")
		if err != nil {
			t.Fatal(err)
		}
		if !near(got.MSE, wantSc.MSE) || !near(got.ZeroMSE, wantSc.ZeroMSE) {
			t.Errorf("%v: stream scores %+v, in memory %+v", sc, got, wantSc)
		}
		u := fmt.Sprint(st.Unused)
		if !strings.Contains(u, "name text") || !strings.Contains(u, "const constant") {
			t.Errorf("unused %s", u)
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }

func TestStreamFitAndFingerprint(t *testing.T) {
	st, err := frames.StreamCSV(opener(streamCSV(400)), frames.StreamOptions{CSV: frames.CSVOptions{Target: "y", Missing: frames.MissingDropRows},
		Options: frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1, DropConstant: true}, TestFrac: 0.2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if st.MTrain+st.MTest+st.Dropped != 400 || st.Dropped != 11 || st.DroppedLines[0] != 7 {
		t.Errorf("%d train + %d test + %d dropped (first line %v), want 400 rows, 11 dropped from line 7", st.MTrain, st.MTest, st.Dropped, st.DroppedLines)
	}
	var fps []string
	for range 2 {
		src, err := st.Train()
		if err != nil {
			t.Fatal(err)
		}
		res, err := lao.Fit(&lao.AERR{K: 2}, src, lao.Options{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		fps = append(fps, st.Fingerprint())
		sc, err := st.Score(res.W, 0)
		if err != nil || !(sc.Ratio() < 0.8) {
			t.Errorf("AERR on the stream: %+v, %v", sc, err)
		}
	}
	if fps[0] == "" || fps[0] != fps[1] {
		t.Errorf("fingerprints %q", fps)
	}
	if w := st.SizeWarnings(); len(w) != 0 {
		t.Errorf("%d test rows: %q", st.MTest, w)
	}
	small, err := frames.StreamCSV(opener(streamCSV(30)), frames.StreamOptions{CSV: frames.CSVOptions{Target: "y", Missing: frames.MissingDropRows},
		Options: frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1, DropConstant: true}, TestFrac: 0.2, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if w := small.SizeWarnings(); small.MTest >= frames.MinTestRows || len(w) == 0 || !strings.Contains(w[0], fmt.Sprintf("the test part holds %d ", small.MTest)) {
		t.Errorf("%d test rows of a streamed table: %q, want the small-table warning", small.MTest, w)
	}
}

func TestStreamErrors(t *testing.T) {
	text := streamCSV(100)
	_, err := frames.StreamCSV(opener(text), frames.StreamOptions{CSV: frames.CSVOptions{Name: "s.csv", Target: "y"}})
	if !errors.Is(err, frames.ErrMissing) || !strings.Contains(err.Error(), `column "a"`) || !strings.Contains(err.Error(), "line 7") {
		t.Errorf("a missing cell under MissingError: %v", err)
	}
	_, err = frames.StreamCSV(opener("a,y\n1,p\n3,x\n4,q\n5,r\n"), frames.StreamOptions{CSV: frames.CSVOptions{Target: "a"}})
	if err == nil || !strings.Contains(err.Error(), "no numeric feature columns") {
		t.Errorf("only a text column besides the target: %v", err)
	}
	_, err = frames.StreamCSV(opener("a,y\n1,2\n3\n"), frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}})
	if err == nil || !strings.Contains(err.Error(), "line 3") {
		t.Errorf("ragged row: %v", err)
	}
	_, err = frames.StreamCSV(opener(text), frames.StreamOptions{CSV: frames.CSVOptions{Target: "zz"}})
	if !errors.Is(err, frames.ErrUnknownColumn) {
		t.Errorf("unknown target: %v", err)
	}
}

// The hash split holds out about the requested fraction.
func TestInTestFraction(t *testing.T) {
	const n, frac = 100000, 0.2
	k := 0
	for line := 2; line < n+2; line++ {
		if frames.InTest(9, line, frac) {
			k++
		}
	}
	if got, se := float64(k)/n, math.Sqrt(frac*(1-frac)/n); math.Abs(got-frac) > 5*se {
		t.Errorf("test fraction %g, want %g ± %g", got, frac, 5*se)
	}
}

// genReader yields a CSV of m rows without holding it: the "file" of the
// memory test.
type genReader struct {
	m, i int
	buf  bytes.Buffer
}

func (g *genReader) Read(p []byte) (int, error) {
	for g.buf.Len() < len(p) && g.i <= g.m {
		if g.i == 0 {
			g.buf.WriteString("a,b,c,d,y\n")
		} else {
			v := float64(g.i % 1000)
			fmt.Fprintf(&g.buf, "%g,%g,%g,%g,%g\n", v, v/3, math.Sin(v), v*v/1e3, 2*v+math.Cos(v))
		}
		g.i++
	}
	if g.buf.Len() == 0 {
		return 0, io.EOF
	}
	return g.buf.Read(p)
}

// Streaming holds O(d) memory: 300,000 rows (~15 MB of CSV) pass through
// with a live heap far below the size of the data.
func TestStreamMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("streams 300,000 rows")
	}
	const m = 300000
	open := func() (io.ReadCloser, error) { return io.NopCloser(&genReader{m: m}), nil }
	st, err := frames.StreamCSV(open, frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"},
		Options: frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1}, TestFrac: 0.1, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	src, err := st.Train()
	if err != nil {
		t.Fatal(err)
	}
	var peak uint64
	var ms runtime.MemStats
	res, err := lao.Fit(&lao.AERR{K: 2}, src, lao.Options{Checkpoints: []int{50000, 100000, 150000, 200000, 250000}, OnCheckpoint: func(lao.Checkpoint) {
		runtime.GC()
		runtime.ReadMemStats(&ms)
		peak = max(peak, ms.HeapAlloc)
	}})
	if err != nil {
		t.Fatal(err)
	}
	if peak > 4<<20 {
		t.Errorf("live heap %d bytes while streaming %d rows (%d features): not O(d)", peak, m, len(res.W))
	}
	_ = dataframe.DataFrame{}
}

// The streaming reader decides the data-dependent solvers' scaling as the
// in-memory one does (the same fitting function, from the same column
// statistics): standardised on a table with mixed units.
func TestStreamKeepUnits(t *testing.T) {
	text := mixedUnitsCSV(800, 4)
	opt := frames.OptionsFor(&lao.DDAELR{})
	st, err := frames.StreamCSV(opener(text), frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}, Options: opt, TestFrac: 0.2, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	tab, err := readCSV(t, text, frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	var train []int
	for i, line := range tab.Lines {
		if !frames.InTest(3, line, 0.2) {
			train = append(train, i)
		}
	}
	data, err := frames.FromDataFrame(tab.Subset(train), "y", opt)
	if err != nil {
		t.Fatal(err)
	}
	got, want := st.ScalingChoice, data.ScalingChoice
	if got.Scaling != frames.StandardLinf || got.Scaling != want.Scaling || !near(got.RhoOwn, want.RhoOwn) || !near(got.RhoLinf, want.RhoLinf) {
		t.Errorf("stream %+v, in memory %+v", got, want)
	}
	for j := range data.Transform.Scale {
		if !near(st.Transform.Scale[j], data.Transform.Scale[j]) {
			t.Errorf("column %d: scale %g vs %g", j, st.Transform.Scale[j], data.Transform.Scale[j])
		}
	}
}

// A file sorted (or grouped) by the label is warned of when streamed, as
// the rows are used in file order; the same rows shuffled are not.
func TestStreamSortedLabels(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	type row struct{ a, y float64 }
	rows := make([]row, 300)
	for i := range rows {
		a := rng.NormFloat64()
		rows[i] = row{a, 2*a + rng.NormFloat64()}
	}
	csvOf := func(rs []row) string {
		var b strings.Builder
		b.WriteString("a,y\n")
		for _, r := range rs {
			fmt.Fprintf(&b, "%g,%g\n", r.a, r.y)
		}
		return b.String()
	}
	opt := frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}, Options: frames.Options{Center: true, Scaling: frames.StandardL2, LabelBound: 1}, TestFrac: 0.2, Seed: 1}
	shuffled, err := frames.StreamCSV(opener(csvOf(rows)), opt)
	if err != nil {
		t.Fatal(err)
	}
	if w := shuffled.SortedWarning(); w != "" || !(math.Abs(shuffled.LabelTrend) < 0.3) {
		t.Errorf("rows in random order: trend %.3f, %q", shuffled.LabelTrend, w)
	}
	slices.SortFunc(rows, func(p, q row) int { return cmp.Compare(q.y, p.y) })
	sorted, err := frames.StreamCSV(opener(csvOf(rows)), opt)
	if err != nil {
		t.Fatal(err)
	}
	if w := sorted.SortedWarning(); !(sorted.LabelTrend < -0.9) || !strings.Contains(w, `ordered by the label "y" (correlation -0.9`) {
		t.Errorf("rows sorted by the label, descending: trend %.3f, %q", sorted.LabelTrend, w)
	}
}
