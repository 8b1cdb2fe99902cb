package experiments

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

func journalSpec(splits int) Spec {
	return Spec{Entries: []Entry{
		{Label: "AERR", Solver: "aerr", Params: map[string]float64{"k": 3}, Tune: true},
		{Label: "AER", Solver: "aer", Params: map[string]float64{"k": 3}},
	}, Splits: splits, TestFrac: 0.2, CVFolds: 2, Points: 4, MinPrefix: 20, Seed: 3}
}

// sameCurves compares what two reports measured (not their timings).
func sameCurves(t *testing.T, got, want *Report) {
	t.Helper()
	if len(got.Curves) != len(want.Curves) {
		t.Fatalf("%d curves, want %d", len(got.Curves), len(want.Curves))
	}
	for i := range want.Curves {
		g, w := got.Curves[i], want.Curves[i]
		if !reflect.DeepEqual(g.Points, w.Points) || !reflect.DeepEqual(g.Params, w.Params) ||
			!reflect.DeepEqual(g.Edges, w.Edges) || !reflect.DeepEqual(g.Refits, w.Refits) {
			t.Errorf("%s: resumed curve differs:\n got %+v %v %v %v\nwant %+v %v %v %v", w.Entry.Label,
				g.Points, g.Params, g.Edges, g.Refits, w.Points, w.Params, w.Edges, w.Refits)
		}
	}
}

// TestJournalResumes: a run stopped after its first split (here: a run of
// one split) and resumed with the journal for two splits computes only the
// second split and reports exactly what a run without a journal reports; a
// third run computes nothing.
func TestJournalResumes(t *testing.T) {
	ds := demoData(t).Head(800)
	want, err := Run(ds, journalSpec(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "j.jsonl")
	open := func() *Journal {
		j, err := OpenJournal(path, "v1")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { j.Close() })
		return j
	}
	j := open()
	if _, err := j.Run(ds, journalSpec(1), nil); err != nil {
		t.Fatal(err)
	}
	if j.Len() != 2 {
		t.Fatalf("journal holds %d results after one split of two entries", j.Len())
	}
	j.Close()
	j = open()
	got, err := j.Run(ds, journalSpec(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Resumed != 2 || got.ResumedSeconds <= 0 {
		t.Errorf("resumed %d results (%g s), want the first split's 2", got.Resumed, got.ResumedSeconds)
	}
	sameCurves(t, got, want)
	again, err := j.Run(ds, journalSpec(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	if again.Resumed != 4 {
		t.Errorf("third run resumed %d of 4", again.Resumed)
	}
	sameCurves(t, again, want)

	// Other data (one row fewer) or another protocol share nothing.
	other, err := j.Run(ds.Head(799), journalSpec(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	spec := journalSpec(1)
	spec.CVFolds = 3
	other2, err := j.Run(ds, spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	if other.Resumed != 0 || other2.Resumed != 0 {
		t.Errorf("resumed %d results on other data, %d under another protocol", other.Resumed, other2.Resumed)
	}
}

// TestJournalFile: a torn last line is dropped and overwritten; a journal
// of another code version, or a file that is not a journal, is refused with
// an error naming the file.
func TestJournalFile(t *testing.T) {
	ds := demoData(t).Head(400)
	path := filepath.Join(t.TempDir(), "j.jsonl")
	want, b := runJournal(t, ds, path, 1)
	lines := strings.Split(strings.TrimSuffix(b, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("journal has %d lines, want a header and 2 results:\n%s", len(lines), b)
	}
	// Tear the last record in half: as if killed while appending it.
	torn := strings.Join(lines[:2], "\n") + "\n" + lines[2][:len(lines[2])/2]
	if err := os.WriteFile(path, []byte(torn), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := OpenJournal(path, "v1")
	if err != nil {
		t.Fatal(err)
	}
	if j.Len() != 1 {
		t.Errorf("after a torn line the journal holds %d results, want 1", j.Len())
	}
	got, err := j.Run(ds, journalSpec(1), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if got.Resumed != 1 {
		t.Errorf("resumed %d, want 1", got.Resumed)
	}
	sameCurves(t, got, want)
	after, _ := os.ReadFile(path)
	for i, line := range strings.Split(strings.TrimSuffix(string(after), "\n"), "\n") {
		if !json.Valid([]byte(line)) {
			t.Errorf("line %d is not JSON after resuming: %q", i+1, line)
		}
	}

	if _, err := OpenJournal(path, "v2"); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "another version") {
		t.Errorf("another version: %v", err)
	}
	notJ := filepath.Join(t.TempDir(), "x.csv")
	os.WriteFile(notJ, []byte("a,b\n1,2\n"), 0o644)
	if _, err := OpenJournal(notJ, "v1"); err == nil || !strings.Contains(err.Error(), "not an experiments journal") {
		t.Errorf("not a journal: %v", err)
	}
	if b, _ := os.ReadFile(notJ); string(b) != "a,b\n1,2\n" {
		t.Errorf("refusing a file changed it: %q", b)
	}
}

func TestJFloatRoundTrip(t *testing.T) {
	in := []float64{0, -0.5, 1.0 / 3, math.MaxFloat64, math.SmallestNonzeroFloat64, math.NaN(), math.Inf(1), math.Inf(-1)}
	b, err := json.Marshal(toJ(in))
	if err != nil {
		t.Fatal(err)
	}
	var back []jfloat
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	out := make([]float64, len(in))
	fromJ(out, back)
	for i := range in {
		if math.Float64bits(in[i]) != math.Float64bits(out[i]) && !(math.IsNaN(in[i]) && math.IsNaN(out[i])) {
			t.Errorf("%v came back as %v (%s)", in[i], out[i], b)
		}
	}
}

// TestReuseJournal: ReuseJournal resumes the results another version wrote,
// counts those it resumes (Foreign), and appends its own under its version
// line; the file then holds two versions, which OpenJournal refuses and
// ReuseJournal reads again.
func TestReuseJournal(t *testing.T) {
	ds := demoData(t).Head(400)
	path := filepath.Join(t.TempDir(), "j.jsonl")
	want, all := runJournal(t, ds, path, 2)
	// Keep split 1 (header and 2 records): split 2 is computed by v2.
	lines := strings.SplitAfter(all, "\n")
	if err := os.WriteFile(path, []byte(strings.Join(lines[:3], "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenJournal(path, "v2"); !errors.Is(err, ErrJournalVersion) {
		t.Errorf("OpenJournal of v1's journal as v2: %v, want ErrJournalVersion", err)
	}
	j, err := ReuseJournal(path, "v2")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := j.Run(ds.Head(399), journalSpec(1), nil); err != nil { // other data: nothing resumed
		t.Fatal(err)
	}
	if j.Foreign() != 0 {
		t.Errorf("Foreign = %d after a run that resumed nothing", j.Foreign())
	}
	got, err := j.Run(ds, journalSpec(2), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	if got.Resumed != 2 || j.Foreign() != 2 {
		t.Errorf("resumed %d, %d of them v1's; want split 1's 2, both v1's", got.Resumed, j.Foreign())
	}
	sameCurves(t, got, want)
	b, _ := os.ReadFile(path)
	lines = strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != 8 || !strings.Contains(lines[3], `"lao_experiments_journal":"v2"`) {
		t.Errorf("want v1's line, 2 results, v2's line, 4 results (2 on other data); got:\n%s", b)
	}
	if _, err := OpenJournal(path, "v2"); err == nil || !strings.Contains(err.Error(), "another version") {
		t.Errorf("OpenJournal of a journal holding v1's results: %v", err)
	}
	j, err = ReuseJournal(path, "v2")
	if err != nil {
		t.Fatal(err)
	}
	defer j.Close()
	if j.Foreign() != 0 || j.Len() != 6 {
		t.Errorf("reopened: Foreign %d before a run, Len %d; want 0, 6", j.Foreign(), j.Len())
	}
	if b2, _ := os.ReadFile(path); string(b2) != string(b) {
		t.Errorf("reopening a journal that ends in this version's records changed it")
	}
}

// runJournal runs journalSpec(splits) on ds with a new journal of version
// "v1" at path and returns the report and the journal file's text.
func runJournal(t *testing.T, ds *lao.Dataset, path string, splits int) (*Report, string) {
	t.Helper()
	j, err := OpenJournal(path, "v1")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := j.Run(ds, journalSpec(splits), nil)
	if err != nil {
		t.Fatal(err)
	}
	j.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return rep, string(b)
}
