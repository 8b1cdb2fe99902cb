package sqltable

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
)

// storage is how a column's cells are stored, which says how the database
// can count and summarise them.
type storage int

const (
	dynamic  storage = iota // SQLite: each cell has its own type (typeof)
	integral                // PostgreSQL integers and numerics: a number or NULL
	floating                // PostgreSQL floats: a number, NaN (missing), ±Infinity or NULL
	boolean                 // PostgreSQL booleans: 1, 0 or NULL
	textual                 // PostgreSQL text: parsed by the CSV rule
	other                   // PostgreSQL dates, JSON, bytes...: text, never a number
)

type column struct {
	name  string
	typ   string // the declared type
	store storage
}

// tableInfo is a table's columns and integer key.
type tableInfo struct {
	name string
	cols []column
	key  string // "rowid" (SQLite), an integer primary key column, or "" (none)
}

// keyExpr is the key in SQL.
func (t *tableInfo) keyExpr() string {
	if t.key == "rowid" {
		return "rowid"
	}
	return quote(t.key)
}

// table returns the columns and key of a table, or an error naming the
// tables there are.
func (d *DB) table(name string) (*tableInfo, error) {
	if d.engine == Postgres {
		return d.pgTable(name)
	}
	var typ string
	err := d.db.QueryRow(`SELECT type FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?`, name).Scan(&typ)
	if err == sql.ErrNoRows {
		return nil, d.noTable(name, `SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name`)
	}
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", d.name, err, ErrSQL)
	}
	t := &tableInfo{name: name}
	if typ == "table" {
		t.key = "rowid"
	}
	if t.cols, err = d.columns(name, `SELECT name, type FROM pragma_table_info(?)`, name); err != nil {
		return nil, err
	}
	return t, nil
}

// columns runs query, which lists table's columns as (name, type) rows.
func (d *DB) columns(table, query string, args ...any) ([]column, error) {
	rs, err := d.db.Query(query, args...)
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: table %q: %v: %w", d.name, table, err, ErrSQL)
	}
	defer rs.Close()
	var cols []column
	for rs.Next() {
		var c column
		if err := rs.Scan(&c.name, &c.typ); err != nil {
			return nil, fmt.Errorf("sqltable: %s: %v: %w", d.name, err, ErrSQL)
		}
		cols = append(cols, c)
	}
	return cols, rs.Err()
}

func (d *DB) pgTable(name string) (*tableInfo, error) {
	var oid sql.NullInt64
	if err := d.db.QueryRow(`SELECT to_regclass($1)::oid`, quote(name)).Scan(&oid); err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", d.name, err, ErrSQL)
	}
	if !oid.Valid {
		return nil, d.noTable(name, `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() ORDER BY table_name`)
	}
	t := &tableInfo{name: name}
	var err error
	t.cols, err = d.columns(name, `SELECT attname, format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = $1 AND attnum > 0 AND NOT attisdropped ORDER BY attnum`, oid.Int64)
	if err != nil {
		return nil, err
	}
	for i := range t.cols {
		t.cols[i].store = pgStorage(t.cols[i].typ)
	}
	var key string
	err = d.db.QueryRow(`SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]
		WHERE i.indrelid = $1 AND i.indisprimary AND i.indnatts = 1 AND format_type(a.atttypid, a.atttypmod) IN ('integer', 'bigint', 'smallint')`, oid.Int64).Scan(&key)
	if err != nil && err != sql.ErrNoRows {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", d.name, err, ErrSQL)
	}
	t.key = key
	return t, nil
}

// pgStorage returns how a PostgreSQL type stores its values.
func pgStorage(typ string) storage {
	switch {
	case typ == "smallint" || typ == "integer" || typ == "bigint":
		return integral
	case typ == "real" || typ == "double precision" || strings.HasPrefix(typ, "numeric"):
		return floating
	case typ == "boolean":
		return boolean
	case typ == "text" || strings.HasPrefix(typ, "character"):
		return textual
	}
	return other
}

// noTable is the error for a missing table, naming those there are.
func (d *DB) noTable(name, list string) error {
	var names []string
	if rs, err := d.db.QueryContext(context.Background(), list); err == nil {
		for rs.Next() {
			var n string
			if rs.Scan(&n) == nil {
				names = append(names, n)
			}
		}
		rs.Close()
	}
	have := "it has no tables"
	if len(names) > 0 {
		have = "its tables: " + strings.Join(names, ", ")
	}
	return fmt.Errorf("sqltable: %s: no table %q (%s): %w", d.name, name, have, ErrSQL)
}

// The SQL of a column's cells, per storage.

// isNum is true for a cell that is a finite number.
func isNum(c column) string {
	q := quote(c.name)
	switch c.store {
	case dynamic:
		return fmt.Sprintf("(typeof(%s) IN ('integer', 'real') AND abs(%s) <= 1.7976931348623157e308)", q, q)
	case integral, boolean:
		return fmt.Sprintf("(%s IS NOT NULL)", q)
	case floating:
		return fmt.Sprintf("(%s IS NOT NULL AND %s NOT IN ('NaN', 'Infinity', '-Infinity'))", q, q)
	}
	return "FALSE"
}

// isMissing is true for a missing cell: NULL (and a floating NaN).
func isMissing(c column) string {
	q := quote(c.name)
	if c.store == floating {
		return fmt.Sprintf("(%s IS NULL OR %s = 'NaN')", q, q)
	}
	return fmt.Sprintf("(%s IS NULL)", q)
}

// isText is true for a cell stored as text, to be parsed by the CSV rule.
func isText(c column) string {
	q := quote(c.name)
	switch c.store {
	case dynamic:
		return fmt.Sprintf("(typeof(%s) = 'text')", q)
	case textual:
		return fmt.Sprintf("(%s IS NOT NULL)", q)
	}
	return "FALSE"
}

// value is a numeric cell as a double, NULL for any other cell.
func value(c column) string {
	q := quote(c.name)
	if c.store == boolean {
		q = "CAST(" + q + " AS INTEGER)"
	}
	return fmt.Sprintf("(CASE WHEN %s THEN CAST(%s AS DOUBLE PRECISION) END)", isNum(c), q)
}
