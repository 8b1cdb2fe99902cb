package sqltable

import (
	"database/sql"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// makeDB creates an SQLite file with one table from a CSV text made by the
// test: the columns get the given declared types ("" : no type, every
// cell stored as text, as sqlite3's .import does).
func makeDB(t *testing.T, table, csvText string, types map[string]string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "t.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lines := strings.Split(strings.TrimSpace(csvText), "\n")
	head := strings.Split(lines[0], ",")
	var cols, ph []string
	for _, h := range head {
		cols = append(cols, quote(h)+" "+types[h])
		ph = append(ph, "?")
	}
	mustExec(t, db, fmt.Sprintf("CREATE TABLE %s (%s)", quote(table), strings.Join(cols, ", ")))
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	st, err := tx.Prepare(fmt.Sprintf("INSERT INTO %s VALUES (%s)", quote(table), strings.Join(ph, ", ")))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lines[1:] {
		var args []any
		for _, c := range strings.Split(l, ",") {
			if c == "" {
				args = append(args, nil)
			} else {
				args = append(args, c) // stored by the column's affinity, as sqlite3 .import does
			}
		}
		if _, err := st.Exec(args...); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return path
}

func mustExec(t *testing.T, db *sql.DB, q string) {
	t.Helper()
	if _, err := db.Exec(q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// linearCSV is a table of m rows: d features, y = Σ (j+1)·x_j + noise, a
// text column; cell (row, "x0") is bad when bad is not "".
func linearCSV(m, d int, badRow int, bad string) string {
	rng := lao.NewRand(9)
	var b strings.Builder
	for j := range d {
		fmt.Fprintf(&b, "x%d,", j)
	}
	b.WriteString("name,y\n")
	for i := range m {
		y := 0.0
		for j := range d {
			x := math.Round(rng.NormFloat64()*1000) / 100
			y += float64(j+1) * x
			if i == badRow && j == 0 {
				fmt.Fprintf(&b, "%s,", bad)
				continue
			}
			fmt.Fprintf(&b, "%g,", x)
		}
		fmt.Fprintf(&b, "n%d,%g\n", i, math.Round((y+rng.NormFloat64())*100)/100)
	}
	return b.String()
}

func numericTypes(d int) map[string]string {
	ty := map[string]string{"y": "REAL", "name": "TEXT"}
	for j := range d {
		ty[fmt.Sprintf("x%d", j)] = "REAL"
	}
	return ty
}

// Read: a table (typed, or all text as sqlite3 .import makes it) and a
// query give what frames.ReadCSV gives for the CSV.
func TestReadSameAsCSV(t *testing.T) {
	text := linearCSV(200, 3, 5, "NA")
	for _, types := range []map[string]string{numericTypes(3), {}} {
		path := makeDB(t, "t", text, types)
		db, err := Open("sqlite:" + path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		opt := frames.CSVOptions{Target: "y", Missing: frames.MissingMean}
		want, err := frames.ReadCSV(strings.NewReader(text), opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []Query{{Table: "t"}, {SQL: "SELECT * FROM t ORDER BY rowid"}} {
			got, err := db.Read(q, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got.Records(), want.Records()) {
				t.Errorf("%v %v: frame differs", types, q)
			}
			for j, c := range got.Columns {
				w := want.Columns[j]
				if c.Kind != w.Kind || c.Numbers != w.Numbers || c.Missing != w.Missing || c.NotNumbers != w.NotNumbers {
					t.Errorf("%v %v: column %+v, CSV %+v", types, q, c, w)
				}
			}
		}
		_, err = db.Read(Query{Table: "t"}, frames.CSVOptions{Name: "db", Target: "y"})
		if !errors.Is(err, frames.ErrMissing) || !strings.Contains(err.Error(), `column "x0"`) || !strings.Contains(err.Error(), "row 6") {
			t.Errorf("MissingError: %v", err)
		}
	}
}

// The lazy source fetches from the database exactly the cells the
// handles revealed (counted at the driver boundary), its fit equals a fit
// on the same training rows in memory, and the database returned a small
// fraction of the table.
func TestLazyFetchesWhatIsRevealed(t *testing.T) {
	const m, d = 1500, 20
	path := makeDB(t, "t", linearCSV(m, d, -1, ""), numericTypes(d))
	db, cd := newCounting(t, path)
	defer db.Close()
	for _, solver := range []lao.Solver{&lao.AERR{K: 2}, &lao.AELR{K: 3}, &lao.DDAERR{K: 2}, &lao.Exploration{K: 4, S: 2}} {
		cd.fetched, cd.other = 0, 0
		lz, err := db.Lazy(LazyOptions{Table: "t", Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: "y", Ignore: []string{"name"}},
			Options: frames.OptionsFor(solver), TestFrac: 0.2, Seed: 4}, Block: 500})
		if err != nil {
			t.Fatal(err)
		}
		fit, err := lz.Fit(solver, 7)
		if err != nil {
			t.Fatalf("%s: %v", solver.Name(), err)
		}
		c := lz.Counts()
		revealed := fit.Result.Attributes + int64(math.Round(fit.Test.MeanAttributes*float64(fit.Test.N)))
		if cd.fetched != revealed || c.Attributes != fit.Result.Attributes || c.Attributes+c.Scoring != revealed {
			t.Errorf("%s: the database returned %d attribute cells, the handles revealed %d (fit %d + scoring), Counts %+v",
				solver.Name(), cd.fetched, revealed, fit.Result.Attributes, c)
		}
		if per := fit.Result.Budget.PerExample; c.Attributes > int64(per*lz.MTrain) {
			t.Errorf("%s: %d cells for %d examples, budget %d", solver.Name(), c.Attributes, lz.MTrain, per)
		}
		if total := cd.fetched + cd.other; total*2 > c.FullScan {
			t.Errorf("%s: %d values returned, full scan %d", solver.Name(), total, c.FullScan)
		}
		if lz.MTrain+lz.MTest != m || lz.MTest < m/10 || lz.MTest > m*3/10 {
			t.Errorf("split %d/%d", lz.MTrain, lz.MTest)
		}
		checkInMemory(t, db, lz, solver, fit.Result.W)
	}
}

// checkInMemory fits solver on the training rows read whole (Read) and
// transformed by lz's transform: the weights must be the lazy fit's, bit
// for bit; and lz's transform must be what StreamRows fits on the same
// rows, to rounding.
func checkInMemory(t *testing.T, db *DB, lz *Lazy, solver lao.Solver, w []float64) {
	t.Helper()
	tab, err := db.Read(Query{Table: "t"}, frames.CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	var x, y []float64
	tr := lz.Transform
	cols := make([][]float64, len(lz.Features))
	for a, j := range lz.Features {
		cols[a] = tab.Col(lz.Columns[j].Name).Float()
	}
	ys := tab.Col("y").Float()
	for i := range ys {
		if lz.split.inTest(int64(i + 1)) { // rowid = i + 1
			continue
		}
		for a := range cols {
			x = append(x, (cols[a][i]-tr.Offset[a])/tr.Scale[a])
		}
		y = append(y, (ys[i]-tr.YOffset)/tr.YScale)
	}
	ds, err := lao.NewDataset(x, y, len(cols), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := solver
	if mu, ok := s.(lao.MomentsUser); ok && mu.NeedsMoments() {
		s = frames.WithPriors(s, ds)
	}
	res, err := lao.Fit(s, ds.Stream(), lao.Options{Seed: 7})
	if err != nil {
		t.Fatal(err)
	}
	for j := range w {
		if math.Abs(res.W[j]-w[j]) > 1e-9*(1+math.Abs(w[j])) {
			t.Errorf("%s: lazy weights %v, in memory %v", solver.Name(), w, res.W)
			break
		}
	}
}

// Bad input: a missing table, target, key or column; a text target; numbers
// stored as text; a source that fails mid-fit (no result); a query that
// fails mid-stream; a file that is not a database; a refused connection.
func TestLazyErrors(t *testing.T) {
	path := makeDB(t, "t", linearCSV(300, 3, 7, "oops"), numericTypes(3))
	db, err := Open("sqlite:" + path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	lazy := func(table, target string, extra ...string) error {
		_, err := db.Lazy(LazyOptions{Table: table, Key: strings.Join(extra, ""), Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: target}, Options: frames.OptionsFor(&lao.AERR{})}})
		return err
	}
	for _, c := range []struct {
		err  error
		want []string
	}{
		{lazy("nope", "y"), []string{`no table "nope"`, "its tables: t"}},
		{lazy("t", "zz"), []string{`"zz"`}},
		{lazy("t", "name"), []string{`target column "name" is text`}},
		{lazy("t", "y", "id"), []string{`no key column "id"`}},
		{lazy("t", "y"), []string{`column "x0"`, `rowid 8: "oops"`}},
	} {
		if c.err == nil {
			t.Errorf("no error, want %v", c.want)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(c.err.Error(), w) {
				t.Errorf("error %q does not say %q", c.err, w)
			}
		}
	}
	text := makeDB(t, "s", "a,y\n1,2\n3,4\n5,7\n", map[string]string{})
	dt, err := Open("sqlite:" + text)
	if err != nil {
		t.Fatal(err)
	}
	defer dt.Close()
	_, err = dt.Lazy(LazyOptions{Table: "s", Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: "y"}}})
	if !errors.Is(err, frames.ErrNonNumeric) || !strings.Contains(err.Error(), "stores 3 numbers as text") {
		t.Errorf("numbers as text: %v", err)
	}
	if _, err := dt.Read(Query{SQL: "SELECT CASE WHEN a > 2 THEN abs(-9223372036854775807 - (a - 2)) ELSE a END AS a, y FROM s ORDER BY rowid"}, frames.CSVOptions{Target: "y"}); !errors.Is(err, ErrSQL) || !strings.Contains(err.Error(), "failed after 1 rows") {
		t.Errorf("query failing mid-stream: %v", err)
	}
	if _, err := Open("sqlite:" + filepath.Join(t.TempDir(), "none.db")); !errors.Is(err, ErrSQL) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := Open("postgres://nobody@127.0.0.1:1/none?connect_timeout=2"); !errors.Is(err, ErrSQL) || !strings.Contains(err.Error(), "cannot connect") {
		t.Errorf("refused connection: %v", err)
	}

	good := makeDB(t, "t", linearCSV(400, 3, -1, ""), numericTypes(3))
	cdb, cd := newCounting(t, good)
	defer cdb.Close()
	lz, err := cdb.Lazy(LazyOptions{Table: "t", Stream: frames.StreamOptions{CSV: frames.CSVOptions{Target: "y", Ignore: []string{"name"}}, Options: frames.OptionsFor(&lao.AERR{}), TestFrac: 0.1}})
	if err != nil {
		t.Fatal(err)
	}
	cd.failAfter = cd.fetches + 100
	fit, err := lz.Fit(&lao.AERR{K: 2}, 1)
	var se *lao.SourceError
	if fit != nil || !errors.As(err, &se) || !strings.Contains(err.Error(), "connection reset") {
		t.Errorf("failure mid-fit: %v, %v; want no fit and the source's error", fit, err)
	}
}
