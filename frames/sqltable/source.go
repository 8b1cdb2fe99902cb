package sqltable

import (
	"database/sql"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// cells is one part of a lazy table as a lao.CellSource: the labels are
// read in blocks of keys, an example's attributes fetched when revealed.
type cells struct {
	lz     *Lazy
	part   string // the SQL condition of the part's rows
	test   bool
	n, i   int
	keys   []int64
	ys     []float64
	b      int   // position in the block
	last   int64 // the last key read
	key    int64 // the current example's key
	stmts  map[string]*sql.Stmt
	closed bool
}

var _ lao.CellSource = (*cells)(nil)

// Train returns the training rows as a lao.CellSource, in key order: lao.Fit
// reads their labels and fetches each example's attributes as the handle
// reveals them (Counts().Attributes).
func (lz *Lazy) Train() lao.Source { return lz.part(false) }

// Test returns the test rows as a lao.CellSource (frames.Score fetches a
// model's support: Counts().Scoring).
func (lz *Lazy) Test() lao.Source { return lz.part(true) }

func (lz *Lazy) part(test bool) *cells {
	c := &cells{lz: lz, part: lz.train, n: lz.MTrain, test: test, stmts: map[string]*sql.Stmt{}}
	if test {
		c.part, c.n = lz.test, lz.MTest
	}
	return c
}

// Dim returns the number of features.
func (c *cells) Dim() int { return len(c.lz.Features) }

// Len returns the number of rows of the part.
func (c *cells) Len() int { return c.n }

// NextLabel advances to the next row and returns its label, transformed.
func (c *cells) NextLabel() (float64, error) {
	if c.i >= c.n {
		c.close()
		return 0, io.EOF
	}
	if c.b >= len(c.keys) {
		if err := c.block(); err != nil {
			c.close()
			return 0, err
		}
	}
	c.key = c.keys[c.b]
	y := c.ys[c.b]
	c.b++
	c.i++
	t := &c.lz.Transform
	return (y - t.YOffset) / t.YScale, nil
}

// block reads the next block of keys and labels.
func (c *cells) block() error {
	lz := c.lz
	y := value(lz.cols[lz.Target])
	q := fmt.Sprintf("SELECT %s, %s FROM %s WHERE %s", lz.key, y, quote(lz.t.name), c.part)
	if c.i > 0 {
		q += fmt.Sprintf(" AND %s > %d", lz.key, c.last)
	}
	q += fmt.Sprintf(" ORDER BY %s LIMIT %d", lz.key, lz.opt.Block)
	rs, err := lz.query(q)
	if err != nil {
		return err
	}
	defer rs.Close()
	c.keys, c.ys, c.b = c.keys[:0], c.ys[:0], 0
	for rs.Next() {
		var k int64
		var v float64
		if err := rs.Scan(&k, &v); err != nil {
			return fmt.Errorf("sqltable: %s: %v: %w", lz.name, err, ErrSQL)
		}
		c.keys, c.ys = append(c.keys, k), append(c.ys, v)
	}
	if err := rs.Err(); err != nil {
		return fmt.Errorf("sqltable: %s: reading labels after %d of %d rows: %v: %w", lz.name, c.i, c.n, err, ErrSQL)
	}
	lz.counts.Labels += int64(len(c.keys))
	if len(c.keys) == 0 {
		return fmt.Errorf("sqltable: %s: the table ended after %d of %d rows (changed since it was prepared?): %w", lz.name, c.i, c.n, io.ErrUnexpectedEOF)
	}
	c.last = c.keys[len(c.keys)-1]
	return nil
}

// Fetch fetches attributes attrs of the current row in one query and
// transforms them.
func (c *cells) Fetch(attrs []int, vals []float64) error {
	lz := c.lz
	st, err := c.stmt(attrs)
	if err != nil {
		return err
	}
	lz.counts.Queries++
	raw := make([]sql.NullFloat64, len(attrs))
	ptrs := make([]any, len(attrs))
	for a := range raw {
		ptrs[a] = &raw[a]
	}
	if err := st.QueryRow(c.key).Scan(ptrs...); err != nil {
		return fmt.Errorf("sqltable: %s: %s %d: %v: %w", lz.name, lz.t.key, c.key, err, ErrSQL)
	}
	if c.test {
		lz.counts.Scoring += int64(len(attrs))
	} else {
		lz.counts.Attributes += int64(len(attrs))
	}
	t := &lz.Transform
	for a, j := range attrs {
		v := raw[a].Float64
		if !raw[a].Valid {
			if t.Fill == nil {
				return fmt.Errorf("sqltable: %s: %s %d, column %q: a missing cell: %w", lz.name, lz.t.key, c.key, lz.cols[lz.Features[j]].name, frames.ErrMissing)
			}
			v = t.Fill[j]
		}
		z := (v - t.Offset[j]) / t.Scale[j]
		if math.IsNaN(z) || math.IsInf(z, 0) {
			return fmt.Errorf("sqltable: %s: %s %d, column %q: value %g becomes %g after centring and scaling: %w", lz.name, lz.t.key, c.key, lz.cols[lz.Features[j]].name, v, z, lao.ErrNotFinite)
		}
		vals[a] = z
	}
	return nil
}

// maxStmts bounds the prepared statements a part keeps (one per set of
// attributes fetched together).
const maxStmts = 4096

// stmt returns the prepared query of the cells attrs of a row.
func (c *cells) stmt(attrs []int) (*sql.Stmt, error) {
	lz := c.lz
	var b strings.Builder
	for _, j := range attrs {
		fmt.Fprintf(&b, "%d,", j)
	}
	id := b.String()
	if st, ok := c.stmts[id]; ok {
		return st, nil
	}
	if len(c.stmts) >= maxStmts {
		c.closeStmts()
	}
	parts := make([]string, len(attrs))
	for a, j := range attrs {
		parts[a] = value(lz.cols[lz.Features[j]])
	}
	ph := "?"
	if lz.db.engine == Postgres {
		ph = "$1"
	}
	st, err := lz.db.db.Prepare(fmt.Sprintf("SELECT %s FROM %s WHERE %s = %s", joinCols(parts), quote(lz.t.name), lz.key, ph))
	if err != nil {
		return nil, fmt.Errorf("sqltable: %s: %v: %w", lz.name, err, ErrSQL)
	}
	c.stmts[id] = st
	return st, nil
}

// Next fetches a whole row (every feature), for consumers that read all
// attributes; the cells count as fetched.
func (c *cells) Next(row []float64) (float64, error) {
	y, err := c.NextLabel()
	if err != nil {
		return 0, err
	}
	attrs := make([]int, len(row))
	for j := range attrs {
		attrs[j] = j
	}
	return y, c.Fetch(attrs, row)
}

func (c *cells) closeStmts() {
	for _, st := range c.stmts {
		st.Close()
	}
	clear(c.stmts)
}

func (c *cells) close() {
	if !c.closed {
		c.closed = true
		c.closeStmts()
	}
}

// Model maps weights fitted on Train's rows to a model in the table's
// units.
func (lz *Lazy) Model(w []float64) (*frames.Model, error) { return lz.ColumnPlan.Model(w, lz.Binary) }

// Score evaluates weights w on the test rows with the prediction budget
// (frames.Score): each test row fetches the model's support.
func (lz *Lazy) Score(w []float64, budget int) (frames.Scores, error) {
	if lz.MTest == 0 {
		return frames.Scores{}, fmt.Errorf("sqltable: %s: no test rows (the test fraction is 0): %w", lz.name, lao.ErrEmpty)
	}
	src := lz.part(true)
	defer src.close()
	return frames.Score(w, src, &lz.Transform, budget)
}

// SecondMoments returns E[x'_j²] of the transformed training rows,
// computed by the database (for the data-dependent solvers' prior
// knowledge, lao.MomentsUser).
func (lz *Lazy) SecondMoments() ([]float64, error) {
	t := &lz.Transform
	var parts []string
	for a, j := range lz.Features {
		x := value(lz.cols[j])
		if t.Fill != nil {
			x = "COALESCE(" + x + ", " + lit(t.Fill[a]) + ")"
		}
		z := fmt.Sprintf("((%s - %s) / %s)", x, lit(t.Offset[a]), lit(t.Scale[a]))
		parts = append(parts, "AVG("+z+" * "+z+")")
	}
	var out []float64
	for lo := 0; lo < len(parts); lo += chunk {
		v, err := lz.aggregate("SELECT " + joinCols(parts[lo:min(len(parts), lo+chunk)]) + " FROM " + quote(lz.t.name) + " WHERE " + lz.train)
		if err != nil {
			return nil, err
		}
		out = append(out, v...)
	}
	return out, nil
}

// Fit fits solver on the training rows (fetching the cells the handles
// reveal; a data-dependent solver's moments computed by the database),
// maps the weights to the table's units and scores them on the test rows:
// frames.Prepared.Fit for a table that stays in the database.
func (lz *Lazy) Fit(solver lao.Solver, seed uint64) (*frames.Fitted, error) {
	solver, err := frames.WithPriorsFrom(solver, lz.SecondMoments)
	if err != nil {
		return nil, err
	}
	train := lz.part(false)
	defer train.close()
	res, err := lao.Fit(solver, train, lao.Options{Seed: seed})
	if err != nil {
		return nil, err
	}
	f := &frames.Fitted{Solver: solver, Result: res}
	if f.Model, err = lz.Model(res.W); err != nil {
		return nil, err
	}
	if lz.MTest > 0 {
		if f.Test, err = lz.Score(res.W, res.PredictionBudget()); err != nil {
			return nil, err
		}
	}
	return f, nil
}
