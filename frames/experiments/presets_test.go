package experiments

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/lao"
)

// TestPresetsWellFormed: every preset names registered solvers, a data set
// name datasets.ParseName accepts, the papers' protocol in Paper (10-fold CV,
// 10 % test) and a quick protocol with the same curves.
func TestPresetsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range Presets() {
		if seen[p.Name] {
			t.Errorf("duplicate preset %q", p.Name)
		}
		seen[p.Name] = true
		if _, err := datasets.ParseName(p.Data); err != nil {
			t.Errorf("%s: %v", p.Name, err)
		}
		if err := p.Paper.check(fakeData()); err != nil {
			t.Errorf("%s paper spec: %v", p.Name, err)
		}
		if p.Paper.CVFolds != 10 || p.Paper.TestFrac != 0.1 || len(p.Quick.Entries) != len(p.Paper.Entries) {
			t.Errorf("%s: paper CV %d, test %g; quick has %d entries, paper %d", p.Name, p.Paper.CVFolds, p.Paper.TestFrac, len(p.Quick.Entries), len(p.Paper.Entries))
		}
		if p.Quick.Splits*p.Quick.CVFolds > 6 {
			t.Errorf("%s: quick protocol %d splits × %d folds is not quick", p.Name, p.Quick.Splits, p.Quick.CVFolds)
		}
		if got, err := PresetByName(p.Name); err != nil || got.Title != p.Title {
			t.Errorf("PresetByName(%q) = %q, %v", p.Name, got.Title, err)
		}
	}
	if _, err := PresetByName("nope"); err == nil || !strings.Contains(err.Error(), "hk2012-fig2") {
		t.Errorf("unknown preset: %v", err)
	}
}

func fakeData() *lao.Dataset {
	ds, _ := lao.NewDataset([]float64{1, 2}, []float64{1}, 2, nil)
	return ds
}

// TestCovertypePresetsRun runs the Covertype presets end to end (trimmed to
// one split, 2-fold CV) on a small file in the exact covtype.data format, as
// a user with the real file would: the files are not on our machines, so
// this is what shows the experiments run.
func TestCovertypePresetsRun(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "covertype", "covtype.data")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, covtypeRows(400, 3), 0o644); err != nil {
		t.Fatal(err)
	}
	// The real file's published row count is checked by the loader; this
	// table says 400 and no checksum (the file is ours).
	table := datasets.Files()
	for i := range table {
		if table[i].Dataset == "covertype" {
			table[i].Rows, table[i].SHA256, table[i].ContentSHA256 = 400, "", ""
		}
	}
	loader := &datasets.Loader{DataDir: dir, NoDownload: true, Files: table}
	for _, name := range []string{"ks-fig5", "ks-fig6"} {
		p, err := PresetByName(name)
		if err != nil {
			t.Fatal(err)
		}
		ds, err := loader.Open(p.Data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if ds.Dim() != 54 || ds.Len() != 400 {
			t.Fatalf("%s: %d×%d data", name, ds.Len(), ds.Dim())
		}
		spec := p.Quick
		spec.Splits, spec.CVFolds, spec.Points = 1, 2, 4
		rep, err := Run(ds, spec, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, c := range rep.Curves {
			last := c.Points[len(c.Points)-1]
			perExample := last.Attributes / float64(last.Examples)
			// Full information: all 54; AERR/AELR: at most k + 1 = 5
			// distinct attributes (fewer when a draw repeats one).
			s, _ := lao.New(c.Entry.Solver)
			lo, hi := 4.0, 5.0
			if lao.Describe(s).Full {
				lo, hi = 54, 54
			}
			if perExample < lo || perExample > hi || !(last.MSE > 0) {
				t.Errorf("%s %s: %g attributes per example (want %g…%g), test MSE %g", name, c.Entry.Label, perExample, lo, hi, last.MSE)
			}
		}
	}
}

// covtypeRows returns n rows in the format of UCI covtype.data (no header,
// 10 integer attributes, 4 + 40 one-hot columns, class 1..7).
func covtypeRows(n int, seed uint64) []byte {
	r := rand.New(rand.NewPCG(seed, 7))
	var b strings.Builder
	for i := range n {
		for range 10 {
			fmt.Fprintf(&b, "%d,", r.IntN(4000))
		}
		w, s := r.IntN(4), r.IntN(40)
		for j := range 44 {
			fmt.Fprintf(&b, "%d,", map[bool]int{true: 1}[j == w || j == 4+s])
		}
		fmt.Fprintf(&b, "%d\n", i%7+1)
	}
	return []byte(b.String())
}

// TestCTSlicePresetRuns runs Murata & Suzuki's CT-slice experiment
// (Figure 2, ms2018-fig2) end to end, trimmed to one split and 2-fold CV,
// on a file in the published format (slice_localization_data.csv: header,
// patientId, value0…value383, reference), as a user with the real file
// would: the file is not on our machines.
func TestCTSlicePresetRuns(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("patientId")
	for j := range datasets.CTSliceDim {
		fmt.Fprintf(&b, ",value%d", j)
	}
	b.WriteString(",reference\n")
	r := rand.New(rand.NewPCG(5, 5))
	const rows = 1500
	for i := range rows {
		fmt.Fprintf(&b, "%d", i/10)
		ref := 40.0
		for j := range datasets.CTSliceDim {
			v := r.Float64()
			if j%50 == 9 { // bins outside every image: constant −0.25, as in the real file
				v = -0.25
			}
			if j < 5 {
				ref += 10 * v
			}
			fmt.Fprintf(&b, ",%g", v)
		}
		fmt.Fprintf(&b, ",%g\n", ref+r.NormFloat64())
	}
	if err := os.WriteFile(filepath.Join(dir, "slice_localization_data.csv"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	table := datasets.Files()
	for i := range table {
		if table[i].Dataset == "ctslice" {
			table[i].Rows, table[i].SHA256, table[i].ContentSHA256 = rows, "", ""
		}
	}
	p, err := PresetByName("ms2018-fig2")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := (&datasets.Loader{DataDir: dir, NoDownload: true, Files: table}).Open(p.Data)
	if err != nil {
		t.Fatal(err)
	}
	if got := datasets.ConstantColumns(ds); len(got) != 8 {
		t.Errorf("%d constant columns, want 8 (zeroed by ctslice:std)", len(got))
	}
	spec := p.Quick
	spec.Splits, spec.CVFolds, spec.Points = 1, 2, 4
	rep, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.D != datasets.CTSliceDim || rep.MTrain != rows*9/10 {
		t.Fatalf("d = %d, %d training rows", rep.D, rep.MTrain)
	}
	for _, c := range rep.Curves {
		last := c.Points[len(c.Points)-1]
		if !(last.MSE > 0) || last.Examples != rep.MTrain || last.Attributes/float64(last.Examples) > 20 || c.Entry.PredictBudget != 20 {
			t.Errorf("%s: last point %+v, prediction budget %d", c.Entry.Label, last, c.Entry.PredictBudget)
		}
	}
}

// TestSyntheticPresetRuns runs ms2018-fig1's Hybrid and Exploration curves
// trimmed (20,000 rows, one split, 2-fold CV): they spend at most
// s' = 50 attributes per example, and Hybrid ends far below the zero
// predictor (risk 26) and below Exploration, as in the paper. (The
// competitors' curves run in TestCTSlicePresetRuns.)
func TestSyntheticPresetRuns(t *testing.T) {
	p, err := PresetByName("ms2018-fig1")
	if err != nil {
		t.Fatal(err)
	}
	ds, err := datasets.Open(p.Data + ":20000")
	if err != nil {
		t.Fatal(err)
	}
	spec := p.Quick
	spec.Entries = spec.Entries[:2]
	spec.Splits, spec.CVFolds, spec.Points, spec.CVMax = 1, 2, 3, 0
	rep, err := Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	final := rep.Final()
	for label, pt := range final {
		if pt.Attributes/float64(pt.Examples) > 50 {
			t.Errorf("%s: %g attributes per example", label, pt.Attributes/float64(pt.Examples))
		}
	}
	h, e := final[rep.Curves[0].Entry.Label], final[rep.Curves[1].Entry.Label]
	if rep.Curves[0].Entry.Solver != "hybrid" || !(h.MSE < 5) || !(h.MSE < e.MSE) {
		t.Errorf("Hybrid's final test MSE %g, Exploration's %g: want Hybrid < 5 and below Exploration", h.MSE, e.MSE)
	}
	t.Logf("final test MSE: Hybrid %.3f, Exploration %.3f; params %v %v", h.MSE, e.MSE, rep.Curves[0].Params, rep.Curves[1].Params)
}

// An entry whose model needs more attributes than its prediction budget
// fails the run instead of being evaluated on all attributes.
func TestPredictBudgetEnforced(t *testing.T) {
	ds, _ := datasets.MS2018Model().Sample(400, 2)
	spec := Spec{Entries: []Entry{{Label: "Exploration", Solver: "exploration", Params: map[string]float64{"k": 50, "s": 25, "batch": 1},
		PredictBudget: 10}}, Splits: 1, TestFrac: 0.1, Points: 2, MinPrefix: 100, Seed: 1}
	if _, err := Run(ds, spec, nil); !errors.Is(err, lao.ErrBudgetExceeded) {
		t.Fatalf("want ErrBudgetExceeded, got %v", err)
	}
}
