package sqltable

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// LazyOptions say which table a lazy source reads and how.
type LazyOptions struct {
	// Table is the table to read.
	Table string
	// Key is an integer column that identifies a row (unique); "" means
	// SQLite's rowid, or a PostgreSQL table's integer primary key. The
	// split hashes it, the examples come in its order, and it is never a
	// feature (it is listed as ignored).
	Key string
	// Stream says which columns are the target, ignored and features, the
	// missing-value policy, the transform, the test fraction and the seed,
	// as for frames.StreamCSV; Stream.CSV.Name names the source in
	// messages.
	Stream frames.StreamOptions
	// Block is the number of labels read per query (0: 4096).
	Block int
}

// Counts are what a lazy source read from the database.
type Counts struct {
	// Attributes counts the attribute cells fetched for the training
	// examples: exactly the cells the observation handles revealed.
	Attributes int64 `json:"attribute_cells"`
	// Scoring counts the attribute cells fetched to score the test rows
	// (the model's support, within the prediction budget).
	Scoring int64 `json:"scoring_cells"`
	// Labels counts the labels read (with their keys).
	Labels int64 `json:"label_cells"`
	// Text counts the cells stored as text read to classify the columns
	// (parsed as a CSV's cells), and the first few missing cells read for
	// messages.
	Text int64 `json:"text_cells"`
	// Aggregates counts the values returned by the aggregate queries
	// (counts and statistics computed by the database).
	Aggregates int64 `json:"aggregate_values"`
	// Queries counts the queries run.
	Queries int64 `json:"queries"`
	// FullScan is m·(d+1), the cells of the target and feature columns:
	// what reading the table would have fetched.
	FullScan int64 `json:"full_scan_cells"`
}

// Lazy is a database table prepared for a budgeted fit that fetches only
// the cells the observation handles reveal.
type Lazy struct {
	// Plan holds the columns' classification, the features, the transform
	// and the unused columns.
	*frames.ColumnPlan
	// MTrain and MTest count the rows of the two parts (after dropping);
	// Dropped counts the rows dropped for a missing or unparsable cell.
	MTrain, MTest, Dropped int
	// Binary reports whether every label is −1 or +1.
	Binary bool
	// Filled counts, per feature, the missing cells (filled with the
	// training mean under MissingMean), in both parts.
	Filled []int64

	db     *DB
	name   string
	t      *tableInfo
	key    string // the key in SQL
	cols   []column
	opt    LazyOptions
	split  splitHash
	train  string // the SQL condition of a training row
	test   string // of a test row
	counts Counts
	// asText counts, per column, the numbers stored as text; asTextAt
	// names the first.
	asText   []int64
	asTextAt []string
}

// Lazy prepares a table for a budgeted fit (see the package doc): it counts
// the columns' cells and computes the training statistics in the
// database, classifies the columns and fits the transform as StreamCSV
// does, and returns a source whose training examples fetch their cells
// when revealed.
func (d *DB) Lazy(opt LazyOptions) (*Lazy, error) {
	so := opt.Stream
	if so.CSV.Name == "" {
		so.CSV.Name = d.name
	}
	switch {
	case so.CSV.Target == "":
		return nil, fmt.Errorf("sqltable: %s: a lazy source needs a target column: %w", so.CSV.Name, lao.ErrParam)
	case !(so.TestFrac >= 0 && so.TestFrac < 1):
		return nil, fmt.Errorf("sqltable: %s: test fraction %g not in [0, 1): %w", so.CSV.Name, so.TestFrac, lao.ErrParam)
	}
	opt.Stream = so
	if opt.Block <= 0 {
		opt.Block = 4096
	}
	t, err := d.table(opt.Table)
	if err != nil {
		return nil, err
	}
	lz := &Lazy{db: d, name: so.CSV.Name, t: t, cols: t.cols, opt: opt, split: newSplitHash(so.Seed, so.TestFrac)}
	if err := lz.setKey(); err != nil {
		return nil, err
	}
	infos, err := lz.classify()
	if err != nil {
		return nil, err
	}
	if lz.ColumnPlan, err = frames.PlanColumns(lz.name, infos, so); err != nil {
		return nil, err
	}
	if err := lz.checkStored(); err != nil {
		return nil, err
	}
	if err := lz.fit(); err != nil {
		return nil, err
	}
	return lz, nil
}

// setKey checks the key column (or finds the table's).
func (lz *Lazy) setKey() error {
	k := lz.opt.Key
	if k == "" {
		k = lz.t.key
	}
	if k == "" {
		return fmt.Errorf("sqltable: %s: table %q has no integer key to fetch a row by (a PostgreSQL table needs an integer primary key, or name a unique integer column as its key); or read it whole (not lazily): %w",
			lz.name, lz.t.name, lao.ErrParam)
	}
	if k != "rowid" {
		found := false
		for _, c := range lz.cols {
			found = found || c.name == k
		}
		if !found {
			return fmt.Errorf("sqltable: %s: table %q has no key column %q: %w", lz.name, lz.t.name, k, frames.ErrUnknownColumn)
		}
		lz.t.key = k
	}
	lz.key = lz.t.keyExpr()
	if lz.t.key == "rowid" {
		lz.key = "rowid"
	}
	return nil
}

// checkStored refuses a used column that stores numbers as text: the
// database cannot summarise them, so a lazy fit would not see what a CSV
// reader sees.
func (lz *Lazy) checkStored() error {
	for _, j := range append([]int{lz.Target}, lz.Features...) {
		if n := lz.asText[j]; n > 0 {
			return fmt.Errorf("sqltable: %s: column %q stores %d numbers as text (e.g. %s): a lazy fit needs numbers stored as numbers (convert the column, e.g. UPDATE ... SET c = CAST(c AS REAL)), or read the table whole: %w",
				lz.name, lz.cols[j].name, n, lz.asTextAt[j], frames.ErrNonNumeric)
		}
	}
	return nil
}

// query runs a query, counting it.
func (lz *Lazy) query(q string, args ...any) (*sql.Rows, error) {
	lz.counts.Queries++
	rs, err := lz.db.db.QueryContext(context.Background(), q, args...)
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", lz.name, err, ErrSQL)
	}
	return rs, nil
}

// aggregate runs a query of one row of numbers (NULL: NaN).
func (lz *Lazy) aggregate(q string) ([]float64, error) {
	rs, err := lz.query(q)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	cols, _ := rs.Columns()
	vals := make([]sql.NullFloat64, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if !rs.Next() {
		return nil, fmt.Errorf("sqltable: %s: an aggregate query returned no row: %v: %w", lz.name, rs.Err(), ErrSQL)
	}
	if err := rs.Scan(ptrs...); err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", lz.name, err, ErrSQL)
	}
	lz.counts.Aggregates += int64(len(vals))
	out := make([]float64, len(vals))
	for i, v := range vals {
		out[i] = math.NaN()
		if v.Valid {
			out[i] = v.Float64
		}
	}
	return out, rs.Err()
}

// Counts returns what the source has read from the database so far.
func (lz *Lazy) Counts() Counts {
	c := lz.counts
	c.FullScan = int64(lz.MTrain+lz.MTest+lz.Dropped) * int64(len(lz.Features)+1)
	return c
}

// lit writes a float as an SQL literal that reads back exactly.
func lit(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// sum is an SQL sum of a condition.
func sum(cond string) string { return "SUM(CASE WHEN " + cond + " THEN 1 ELSE 0 END)" }

// chunk is the number of columns summarised per aggregate query (SQLite
// allows 2000 result columns).
const chunk = 150

// joinCols lists SQL expressions.
func joinCols(parts []string) string { return strings.Join(parts, ", ") }
