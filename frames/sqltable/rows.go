package sqltable

import (
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
)

// rows are the rows of a query read as frames.Rows.
type rows struct {
	rs    *sql.Rows
	name  string
	names []string
	vals  []any
	ptrs  []any
	pos   int
	done  bool
}

// Rows returns the rows of a table (in the order of its key) or of a query,
// for frames.ReadRows or frames.StreamRows; name names the source in
// messages. A missing table, a query the database refuses and a query
// that fails while its rows are read are errors naming the source (and
// the row).
func (d *DB) Rows(q Query, name string) (frames.Rows, error) {
	if err := q.check(); err != nil {
		return nil, err
	}
	query := q.SQL
	if q.Table != "" {
		t, err := d.table(q.Table)
		if err != nil {
			return nil, err
		}
		query = "SELECT * FROM " + quote(q.Table)
		if t.key != "" {
			query += " ORDER BY " + t.keyExpr()
		}
	}
	rs, err := d.db.QueryContext(context.Background(), query)
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: %s: %v: %w", name, what(q), err, ErrSQL)
	}
	names, err := rs.Columns()
	if err != nil {
		rs.Close()
		return nil, fmt.Errorf("sqltable: %s: %v: %w", name, err, ErrSQL)
	}
	r := &rows{rs: rs, name: name, names: names, vals: make([]any, len(names)), ptrs: make([]any, len(names))}
	for j := range r.vals {
		r.ptrs[j] = &r.vals[j]
	}
	return r, nil
}

// what names a query for messages.
func what(q Query) string {
	if q.Table != "" {
		return "table " + quote(q.Table)
	}
	s := strings.Join(strings.Fields(q.SQL), " ")
	if len(s) > 80 {
		s = s[:77] + "..."
	}
	return "query " + strconv.Quote(s)
}

// Names returns the result's column names.
func (r *rows) Names() []string { return r.names }

// Next reads the next row.
func (r *rows) Next() (int, error) {
	if r.done {
		return 0, io.EOF
	}
	if !r.rs.Next() {
		r.done = true
		if err := r.rs.Err(); err != nil {
			return 0, fmt.Errorf("sqltable: %s: the query failed after %d rows: %v: %w", r.name, r.pos, err, ErrSQL)
		}
		return 0, io.EOF
	}
	if err := r.rs.Scan(r.ptrs...); err != nil {
		return 0, fmt.Errorf("sqltable: %s: row %d: %v: %w", r.name, r.pos+1, err, ErrSQL)
	}
	r.pos++
	return r.pos, nil
}

// Cell returns cell j of the current row.
func (r *rows) Cell(j int) (float64, ingest.CellKind, string) { return cell(r.vals[j]) }

// PosName returns "row": positions are row numbers from 1.
func (r *rows) PosName() string { return "row" }

// Close ends the query.
func (r *rows) Close() error { r.done = true; return r.rs.Close() }

// cell classifies a value from the driver by ingest.ParseCell's rule: NULL
// is missing, numbers and booleans are numbers (NaN missing, ±Inf text),
// text is parsed as a CSV cell, dates and bytes are text.
func cell(v any) (float64, ingest.CellKind, string) {
	switch x := v.(type) {
	case nil:
		return math.NaN(), ingest.Missing, "NULL"
	case int64:
		return float64(x), ingest.Number, ""
	case float64:
		return ingest.FloatCell(x)
	case bool:
		if x {
			return 1, ingest.Number, ""
		}
		return 0, ingest.Number, ""
	case string:
		return ingest.TextCell(x)
	case []byte:
		return ingest.TextCell(string(x))
	case time.Time:
		return math.NaN(), ingest.Text, x.Format(time.RFC3339)
	}
	return math.NaN(), ingest.Text, fmt.Sprint(v)
}
