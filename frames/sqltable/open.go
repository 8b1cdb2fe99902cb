package sqltable

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // database/sql driver "pgx"
	_ "modernc.org/sqlite"             // database/sql driver "sqlite"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// ErrSQL: the database refused a query or the connection, or a table or
// column does not exist.
var ErrSQL = errors.New("sqltable: database error")

// Engine is a database engine: its SQL dialect.
type Engine int

const (
	// SQLite: an embedded SQLite file (modernc.org/sqlite).
	SQLite Engine = iota
	// Postgres: a PostgreSQL server (github.com/jackc/pgx).
	Postgres
)

// String returns "SQLite" or "PostgreSQL".
func (e Engine) String() string {
	if e == Postgres {
		return "PostgreSQL"
	}
	return "SQLite"
}

// DB is an open database.
type DB struct {
	db     *sql.DB
	engine Engine
	name   string // the source as messages name it (no password)
}

// IsDSN reports whether data names a database: "sqlite:PATH",
// "postgres://..." or "postgresql://...".
func IsDSN(data string) bool {
	return strings.HasPrefix(data, "sqlite:") || strings.HasPrefix(data, "postgres://") || strings.HasPrefix(data, "postgresql://")
}

// Open opens the database data names: "sqlite:PATH" (the file must exist;
// it is opened read-only) or a PostgreSQL URL "postgres://user@host/db".
// The connection is checked: a refused connection or a missing file is an
// error naming the source.
func Open(data string) (*DB, error) {
	var driver, dsn string
	var engine Engine
	switch {
	case strings.HasPrefix(data, "sqlite:"):
		path := strings.TrimPrefix(data, "sqlite:")
		driver, engine = "sqlite", SQLite
		dsn = "file:" + path + "?mode=ro"
	case strings.HasPrefix(data, "postgres://"), strings.HasPrefix(data, "postgresql://"):
		driver, engine, dsn = "pgx", Postgres, data
	default:
		return nil, fmt.Errorf("sqltable: %q is not a database: want sqlite:PATH or postgres://...: %w", data, lao.ErrParam)
	}
	db, err := sql.Open(driver, dsn)
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", redact(data), err, ErrSQL)
	}
	return Wrap(db, engine, redact(data))
}

// Wrap uses an open *sql.DB of the given engine (a driver registered under
// another name, a pool configured by the caller); name names it in
// messages. The connection is checked.
func Wrap(db *sql.DB, engine Engine, name string) (*DB, error) {
	if err := db.PingContext(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqltable: %s: cannot connect: %v: %w", name, err, ErrSQL)
	}
	d := &DB{db: db, engine: engine, name: name}
	if engine == SQLite { // a file that is not a database fails only on the first query
		if _, err := db.Exec("SELECT count(*) FROM sqlite_master"); err != nil {
			db.Close()
			return nil, fmt.Errorf("sqltable: %s: not an SQLite database: %v: %w", name, err, ErrSQL)
		}
	}
	return d, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// Engine returns the database's engine.
func (d *DB) Engine() Engine { return d.engine }

// redact removes a password from a URL.
func redact(data string) string {
	u, err := url.Parse(data)
	if err != nil || u.User == nil {
		return data
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

// quote quotes an identifier (a table or column name) for both dialects.
func quote(id string) string { return `"` + strings.ReplaceAll(id, `"`, `""`) + `"` }

// Query says which rows to read: a table, or a SELECT statement.
type Query struct {
	Table string
	SQL   string
}

func (q Query) check() error {
	switch {
	case q.Table == "" && q.SQL == "":
		return fmt.Errorf("sqltable: name a table (--table) or a query (--query): %w", lao.ErrParam)
	case q.Table != "" && q.SQL != "":
		return fmt.Errorf("sqltable: a table (--table %s) or a query (--query), not both: %w", q.Table, lao.ErrParam)
	}
	return nil
}

// Read reads the rows of a table or query into a frames.Table, with the
// classification, missing-value policy and errors of frames.ReadCSV; a
// table's rows are read in the order of its key (SQLite's rowid, or its
// integer primary key). opt.Name names the source in messages.
func (d *DB) Read(q Query, opt frames.CSVOptions) (*frames.Table, error) {
	if opt.Name == "" {
		opt.Name = d.name
	}
	rows, err := d.Rows(q, opt.Name)
	if err != nil {
		return nil, err
	}
	return frames.ReadRows(rows, opt)
}
