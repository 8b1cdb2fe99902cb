package sqltable

import (
	"database/sql"
	"errors"
	"fmt"
	"math"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// postgres returns the URL of the PostgreSQL server of the integration
// tests (LAO_POSTGRES, set by .ci/run after starting one from Debian's
// package). Without it the test is skipped, saying so; with
// LAO_POSTGRES_REQUIRED=1 (set by .ci/run once the server started) a
// missing server fails it.
func postgres(t *testing.T) string {
	t.Helper()
	u := os.Getenv("LAO_POSTGRES")
	if u == "" {
		if os.Getenv("LAO_POSTGRES_REQUIRED") == "1" {
			t.Fatal("LAO_POSTGRES_REQUIRED=1 but LAO_POSTGRES is not set")
		}
		t.Skip("PostgreSQL integration test skipped: LAO_POSTGRES is not set (.ci/run starts a server on localhost from Debian's package and sets it: see .ci/postgres.sh)")
	}
	return u
}

// pgLoad creates table name from a CSV text made by the test: an integer
// primary key id (the row number), REAL columns, a TEXT column name.
func pgLoad(t *testing.T, db *sql.DB, name, text string) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(text), "\n")
	head := strings.Split(lines[0], ",")
	cols := []string{"id bigint PRIMARY KEY"}
	ph := []string{"$1"}
	for j, h := range head {
		typ := "double precision"
		if h == "name" {
			typ = "text"
		}
		cols = append(cols, quote(h)+" "+typ)
		ph = append(ph, fmt.Sprintf("$%d", j+2))
	}
	if _, err := db.Exec("DROP TABLE IF EXISTS " + quote(name)); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(fmt.Sprintf("CREATE TABLE %s (%s)", quote(name), strings.Join(cols, ", "))); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Exec("DROP TABLE IF EXISTS " + quote(name)) })
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	st, err := tx.Prepare(fmt.Sprintf("INSERT INTO %s VALUES (%s)", quote(name), strings.Join(ph, ", ")))
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range lines[1:] {
		args := []any{i + 1}
		for _, c := range strings.Split(l, ",") {
			if c == "" {
				args = append(args, nil)
			} else {
				args = append(args, c)
			}
		}
		if _, err := st.Exec(args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
}

// The same table in PostgreSQL and in SQLite: the same table in memory
// (and as the CSV), and lazy fits that fetch exactly what they reveal and
// agree with each other (the split hashes the same keys); bad input named.
func TestPostgres(t *testing.T) {
	url := postgres(t)
	const m, d = 600, 6
	text := linearCSV(m, d, -1, "")
	db, err := Open(url)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	pgLoad(t, db.db, "lao_test_linear", text)

	opt := frames.CSVOptions{Target: "y"}
	want, err := frames.ReadCSV(strings.NewReader(text), opt)
	if err != nil {
		t.Fatal(err)
	}
	got, err := db.Read(Query{SQL: "SELECT x0, x1, x2, x3, x4, x5, name, y FROM lao_test_linear ORDER BY id"}, opt)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Records(), want.Records()) {
		t.Errorf("PostgreSQL table read differs from the CSV")
	}

	sq, err := Open("sqlite:" + makeDB(t, "lao_test_linear", text, numericTypes(d)))
	if err != nil {
		t.Fatal(err)
	}
	defer sq.Close()
	solver := &lao.AERR{K: 2}
	lopt := LazyOptions{Table: "lao_test_linear", Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: "y", Ignore: []string{"name"}},
		Options: frames.OptionsFor(solver), TestFrac: 0.25, Seed: 2}}
	var ws [][]float64
	for _, src := range []*DB{db, sq} {
		if src == db {
			lopt.Key = "id"
		} else {
			lopt.Key = "" // rowid = id
		}
		lz, err := src.Lazy(lopt)
		if err != nil {
			t.Fatalf("%s: %v", src.Engine(), err)
		}
		fit, err := lz.Fit(solver, 5)
		if err != nil {
			t.Fatalf("%s: %v", src.Engine(), err)
		}
		if c := lz.Counts(); c.Attributes != fit.Result.Attributes || c.Labels != int64(lz.MTrain+lz.MTest) {
			t.Errorf("%s: counts %+v, revealed %d", src.Engine(), c, fit.Result.Attributes)
		}
		ws = append(ws, fit.Result.W)
	}
	for j := range ws[0] {
		if math.Abs(ws[0][j]-ws[1][j]) > 1e-9*(1+math.Abs(ws[1][j])) {
			t.Errorf("PostgreSQL weights %v, SQLite %v", ws[0], ws[1])
			break
		}
	}
	if _, err := db.Lazy(LazyOptions{Table: "nope", Stream: lopt.Stream}); err == nil || !strings.Contains(err.Error(), `no table "nope"`) {
		t.Errorf("missing table: %v", err)
	}
	if _, err := db.Read(Query{SQL: "SELECT 1 / (id - 400) AS a, y FROM lao_test_linear ORDER BY id"}, frames.CSVOptions{Target: "y"}); !errors.Is(err, ErrSQL) {
		t.Errorf("query failing mid-stream: %v", err)
	}
	if _, err := db.Lazy(LazyOptions{Table: "lao_test_linear", Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: "name"}}}); err == nil || !strings.Contains(err.Error(), "is text") {
		t.Errorf("text target: %v", err)
	}
}
