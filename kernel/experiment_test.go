package kernel

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

// TestRunEntries: entries run one at a time (one per cell) and merged give
// the report of one run of all of them; each entry is computed only once.
func TestRunEntries(t *testing.T) {
	t.Setenv(CacheDirEnv, t.TempDir())
	spec := datasets.DefaultDemo
	spec.MTrain, spec.MTest = 800, 1
	train, _, _, err := datasets.Demo(spec)
	if err != nil {
		t.Fatal(err)
	}
	opened := 0
	openData = func(name string) (*lao.Dataset, error) { opened++; return train, nil }
	defer func() { openData = datasets.Open }()
	s := experiments.Spec{Entries: []experiments.Entry{
		{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 2}},
		{Label: "Ridge", Solver: "ridge", Params: map[string]float64{"lambda": 1e-3}},
	}, Splits: 2, TestFrac: 0.2, Points: 4, MinPrefix: 20, Seed: 3}
	a, err := RunEntries("demo", s, "AERR")
	if err != nil {
		t.Fatal(err)
	}
	b, err := RunEntries("demo", s, "Ridge")
	if err != nil {
		t.Fatal(err)
	}
	all, err := RunEntries("demo", s)
	if err != nil {
		t.Fatal(err)
	}
	if opened != 2 {
		t.Errorf("data opened %d times, want 2 (the third call reads both entries from the cache)", opened)
	}
	direct, err := experiments.Run(train, s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(all.Curves, direct.Curves) || !reflect.DeepEqual(all.Curves[0], a.Curves[0]) || !reflect.DeepEqual(all.Curves[1], b.Curves[0]) {
		t.Error("merged entries differ from one run of all of them")
	}
	if _, err := RunEntries("demo", s, "nope"); err == nil {
		t.Error("unknown label accepted")
	}
	ft := FinalTable("final", all) // real-valued labels: no classification error column
	if len(ft.Rows) != 2 || len(ft.Header) != 5 || !strings.Contains(ft.Rows[0][3], " ± ") || !strings.Contains(ft.Footer, "2 random splits") || !strings.Contains(ft.Rows[1][4], "lambda = 0.001") {
		t.Errorf("final table %+v", ft)
	}
	binary := *all
	binary.Binary = true
	if ft := FinalTable("final", &binary); len(ft.Header) != 6 || ft.Header[4] != "classification error" || len(ft.Rows[0]) != 6 {
		t.Errorf("final table of ±1 labels %+v", ft)
	}
	bt, err := BudgetTable(all, "AERR")
	if err != nil {
		t.Fatal(err)
	}
	// Ridge sees every attribute, so at AERR's budget it has seen fewer examples.
	aerrEx, _ := strconv.Atoi(bt.Rows[0][2])
	ridgeEx, _ := strconv.Atoi(bt.Rows[1][2])
	if len(bt.Rows) != 2 || ridgeEx >= aerrEx || ridgeEx == 0 {
		t.Errorf("budget table %+v", bt.Rows)
	}
	if _, err := BudgetTable(all, "nope"); err == nil {
		t.Error("unknown reference curve accepted")
	}
}

// A table's footer counts the fits refitted, not the replacements (one fit
// replaced twice was "2 tuned fit(s)"), and lists the notes when few.
func TestRefitSummary(t *testing.T) {
	rep := &experiments.Report{Curves: []experiments.Curve{
		{Entry: experiments.Entry{Label: "Centroid"}, Refits: []string{
			"split 1, 4000 examples: CV's choice (B = 8) fitted worse", "split 1, 4000 examples: CV's next setting (B = 8) fitted worse"}},
		{Entry: experiments.Entry{Label: "AER"}},
	}}
	got := refitSummary(rep)
	if !strings.HasPrefix(got, "1 tuned fit(s) were worse than the zero predictor") || !strings.Contains(got, "(Centroid: 1 fit(s), 2 replacement(s))") ||
		!strings.Contains(got, "Centroid, split 1, 4000 examples: CV's choice (B = 8) fitted worse; Centroid, split 1, 4000 examples: CV's next setting") {
		t.Errorf("%s", got)
	}
	rep.Curves[1].Refits = []string{"split 1, 10 examples: a", "split 2, 10 examples: b"}
	if got := refitSummary(rep); !strings.HasPrefix(got, "3 tuned fit(s)") || !strings.HasSuffix(got, "the report's RefitNotes say which") {
		t.Errorf("four notes: %s", got)
	}
	if got := refitSummary(&experiments.Report{}); got != "" {
		t.Errorf("no refit: %q", got)
	}
}
