package main

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

// sqliteFromCSV loads a CSV text into table t of a new SQLite file, every
// column typed REAL but the text ones (as an analyst's import would).
func sqliteFromCSV(t *testing.T, text string, textCols ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	var cols, ph []string
	for _, h := range strings.Split(lines[0], ",") {
		typ := "REAL"
		for _, c := range textCols {
			if c == h {
				typ = "TEXT"
			}
		}
		cols = append(cols, fmt.Sprintf("%q %s", h, typ))
		ph = append(ph, "?")
	}
	if _, err := db.Exec("CREATE TABLE t (" + strings.Join(cols, ", ") + ")"); err != nil {
		t.Fatal(err)
	}
	for _, l := range lines[1:] {
		var args []any
		for _, c := range strings.Split(l, ",") {
			c = strings.Trim(c, `"`)
			if c == "" {
				args = append(args, nil)
			} else {
				args = append(args, c)
			}
		}
		if _, err := db.Exec("INSERT INTO t VALUES ("+strings.Join(ph, ", ")+")", args...); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

// lao fit/describe/compare/predict on an SQLite table give what they give
// on the CSV; fit --lazy reports the cells it fetched beside the
// attributes observed; bad flags and a missing table are named.
func TestDatabaseCommands(t *testing.T) {
	text := linearCSV(300, -1, "")
	csvPath := writeTemp(t, "t.csv", text)
	data := "sqlite:" + sqliteFromCSV(t, text, "name")
	fit := func(args ...string) map[string]any {
		out, err := runCmd(t, append([]string{"fit", "--target", "y", "--cv", "0", "--json"}, args...)...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatal(err)
		}
		return rep
	}
	want, got := fit("--data", csvPath), fit("--data", data, "--table", "t")
	for _, k := range []string{"weights", "test_mse", "attributes_observed", "m_train"} {
		if fmt.Sprint(want[k]) != fmt.Sprint(got[k]) {
			t.Errorf("%s: SQLite %v, CSV %v", k, got[k], want[k])
		}
	}
	q := fit("--data", data, "--query", "SELECT a, b, y FROM t WHERE rowid <= 200")
	if q["m_train"].(float64)+q["m_test"].(float64) != 200 {
		t.Errorf("query: %v rows", q["m_train"])
	}
	lz := fit("--data", data, "--table", "t", "--lazy", "--solver", "aerr", "--k", "1", "--ignore", "name")
	cells, ok := lz["cells_fetched"].(map[string]any)
	if !ok || cells["attribute_cells"] != lz["attributes_observed"] || cells["full_scan_cells"].(float64) != 300*3 {
		t.Errorf("lazy fit: cells %v, attributes observed %v", lz["cells_fetched"], lz["attributes_observed"])
	}
	if _, err := runCmd(t, "fit", "--data", data, "--table", "t", "--target", "y", "--stream", "on", "--cv", "0"); err != nil {
		t.Errorf("streamed: %v", err)
	}
	if _, err := runCmd(t, "describe", "--data", data, "--table", "t", "--target", "y"); err != nil {
		t.Errorf("describe: %v", err)
	}
	wantErr(t, []string{"fit", "--data", data, "--target", "y"}, "--table")
	wantErr(t, []string{"fit", "--data", data, "--table", "nope", "--target", "y"}, `no table "nope"`, "its tables: t")
	wantErr(t, []string{"fit", "--data", data, "--table", "t", "--target", "name", "--lazy"}, `target column "name" is text`)
	wantErr(t, []string{"fit", "--data", csvPath, "--table", "t", "--target", "y"}, "apply to a database")
	wantErr(t, []string{"fit", "--data", "postgres://nobody@127.0.0.1:1/x?connect_timeout=2", "--table", "t", "--target", "y"}, "cannot connect")
}
