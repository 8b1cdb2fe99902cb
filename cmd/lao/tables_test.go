package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames/columnar"
)

// writeColumnar writes a CSV text as a Parquet or Arrow file whose
// columns are all strings, as a careless export would: the reader must
// classify them as it does the CSV's.
func writeColumnar(t *testing.T, name, text string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(text)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var cols []series.Series
	for j, n := range recs[0] {
		var v []string
		for _, r := range recs[1:] {
			v = append(v, r[j])
		}
		cols = append(cols, series.New(v, series.String, n))
	}
	path := filepath.Join(t.TempDir(), name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	write := columnar.WriteParquet
	if strings.HasSuffix(name, ".arrow") {
		write = columnar.WriteArrow
	}
	if err := write(f, dataframe.New(cols...)); err != nil {
		t.Fatal(err)
	}
	return path
}

// The same table as CSV, Parquet and Arrow: lao fit gives the same JSON
// (the same classification, unused columns, missing report, weights and
// scores), streamed or in memory; errors name the file, column and row.
func TestFitParquetSameAsCSV(t *testing.T) {
	text := linearCSV(300, 7, "NA")
	paths := []string{writeTemp(t, "t.csv", text), writeColumnar(t, "t.parquet", text), writeColumnar(t, "t.arrow", text)}
	fit := func(path string, extra ...string) map[string]any {
		out, err := runCmd(t, append([]string{"fit", "--data", path, "--target", "y", "--missing", "mean", "--cv", "0", "--json"}, extra...)...)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		delete(rep, "data")
		delete(rep, "seconds")
		b, _ := json.Marshal(rep["unused_columns"]) // a CSV's line 2 is row 1
		var unused any
		if err := json.Unmarshal([]byte(strings.ReplaceAll(string(b), "on line 2", "on row 1")), &unused); err != nil {
			t.Fatal(err)
		}
		rep["unused_columns"] = unused
		return rep
	}
	want := fit(paths[0])
	for _, p := range paths[1:] {
		if got := fit(p); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: fit\n%v\nwant (CSV)\n%v", p, got, want)
		}
		got := fit(p, "--stream", "on")
		if got["streamed"] != true || got["m_train"].(float64)+got["m_test"].(float64) != 300 {
			t.Errorf("%s streamed: %v", p, got)
		}
		if !reflect.DeepEqual(got["unused_columns"], want["unused_columns"]) {
			t.Errorf("%s streamed: unused %v, want %v", p, got["unused_columns"], want["unused_columns"])
		}
		wantErr(t, []string{"fit", "--data", p, "--target", "y"}, p, `column "a"`, `row 8: "NA"`, "--missing")
		wantErr(t, []string{"fit", "--data", p, "--target", "name"}, p, `target column "name" is text`)
		wantErr(t, []string{"fit", "--data", p, "--target", "nope"}, `"nope"`)
		if _, err := runCmd(t, "describe", "--data", p, "--target", "y", "--missing", "drop-rows"); err != nil {
			t.Errorf("describe %s: %v", p, err)
		}
		if _, err := runCmd(t, "compare", "--data", p, "--target", "y", "--missing", "mean", "--solvers", "aerr,ridge", "--cv", "0"); err != nil {
			t.Errorf("compare %s: %v", p, err)
		}
	}
	model := filepath.Join(t.TempDir(), "m.json")
	if _, err := runCmd(t, "fit", "--data", paths[1], "--target", "y", "--missing", "mean", "--cv", "0", "--save-model", model); err != nil {
		t.Fatal(err)
	}
	pc, err := runCmd(t, "predict", "--model", model, "--data", paths[0], "--missing", "mean")
	if err != nil {
		t.Fatal(err)
	}
	pp, err := runCmd(t, "predict", "--model", model, "--data", paths[1], "--missing", "mean")
	if err != nil {
		t.Fatal(err)
	}
	if col := func(s string) []string { // the predictions, without the positions
		var out []string
		for _, l := range strings.Split(s, "\n") {
			if i := strings.IndexByte(l, ','); i >= 0 {
				out = append(out, l[i:])
			}
		}
		return out
	}; !reflect.DeepEqual(col(pc), col(pp)) {
		t.Errorf("predict on Parquet differs from CSV:\n%s\n%s", pc[:200], pp[:200])
	}
}
