package sqltable

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"
	"sync"
	"testing"

	"modernc.org/sqlite"
)

// countingDriver wraps the SQLite driver and counts, at the driver
// boundary, the values every query returned: independently of the lazy
// source's own Counts. Fetch queries (one row by key) are counted apart.
// failAfter > 0 makes the fetch query number failAfter fail.
type countingDriver struct {
	mu             sync.Mutex
	fetched, other int64
	fetches        int64
	failAfter      int64
}

var drivers sync.Map

func newCounting(t *testing.T, path string) (*DB, *countingDriver) {
	t.Helper()
	cd := &countingDriver{}
	name := "counting-" + t.Name()
	if _, loaded := drivers.LoadOrStore(name, cd); loaded {
		t.Fatalf("driver %s registered twice", name)
	}
	sql.Register(name, cd)
	db, err := sql.Open(name, "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Wrap(db, SQLite, "sqlite:"+path)
	if err != nil {
		t.Fatal(err)
	}
	return d, cd
}

func (d *countingDriver) Open(name string) (driver.Conn, error) {
	c, err := (&sqlite.Driver{}).Open(name)
	if err != nil {
		return nil, err
	}
	return &countingConn{c: c, d: d}, nil
}

type countingConn struct {
	c driver.Conn
	d *countingDriver
}

func (c *countingConn) Prepare(q string) (driver.Stmt, error) {
	s, err := c.c.Prepare(q)
	if err != nil {
		return nil, err
	}
	return &countingStmt{s: s, d: c.d, fetch: strings.HasSuffix(q, "rowid = ?")}, nil
}
func (c *countingConn) Close() error              { return c.c.Close() }
func (c *countingConn) Begin() (driver.Tx, error) { return c.c.Begin() } //nolint:staticcheck // the driver's own

type countingStmt struct {
	s     driver.Stmt
	d     *countingDriver
	fetch bool
}

func (s *countingStmt) Close() error  { return s.s.Close() }
func (s *countingStmt) NumInput() int { return s.s.NumInput() }
func (s *countingStmt) Exec(args []driver.Value) (driver.Result, error) {
	return s.s.Exec(args) //nolint:staticcheck
}
func (s *countingStmt) Query(args []driver.Value) (driver.Rows, error) {
	return s.QueryContext(context.Background(), named(args))
}
func (s *countingStmt) QueryContext(ctx context.Context, args []driver.NamedValue) (driver.Rows, error) {
	if s.fetch {
		s.d.mu.Lock()
		s.d.fetches++
		fail := s.d.failAfter > 0 && s.d.fetches == s.d.failAfter
		s.d.mu.Unlock()
		if fail {
			return nil, errors.New("injected failure: connection reset")
		}
	}
	r, err := s.s.(driver.StmtQueryContext).QueryContext(ctx, args)
	if err != nil {
		return nil, err
	}
	return &countingRows{r: r, s: s}, nil
}

func named(args []driver.Value) []driver.NamedValue {
	out := make([]driver.NamedValue, len(args))
	for i, a := range args {
		out[i] = driver.NamedValue{Ordinal: i + 1, Value: a}
	}
	return out
}

type countingRows struct {
	r driver.Rows
	s *countingStmt
}

func (r *countingRows) Columns() []string { return r.r.Columns() }
func (r *countingRows) Close() error      { return r.r.Close() }
func (r *countingRows) Next(dest []driver.Value) error {
	if err := r.r.Next(dest); err != nil {
		return err
	}
	r.s.d.mu.Lock()
	if r.s.fetch {
		r.s.d.fetched += int64(len(dest))
	} else {
		r.s.d.other += int64(len(dest))
	}
	r.s.d.mu.Unlock()
	return nil
}
