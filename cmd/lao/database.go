package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/sqltable"
	"github.com/laoproject/lao/lao"
)

// Tables in SQL databases (package frames/sqltable): --data sqlite:PATH or
// postgres://..., with --table T or --query "SELECT ...", read into the
// same frames.Table as a CSV file; fit --lazy fetches from the database
// only the cells the observation handles reveal.

// dbFlags are the flags of a database --data.
type dbFlags struct {
	table, query, key string
	lazy              bool
}

// defineDB adds the database flags to a command's flag set.
func (t *tableFlags) defineDB(fs *flag.FlagSet) {
	fs.StringVar(&t.db.table, "table", "", "with a database --data: the table to read")
	fs.StringVar(&t.db.query, "query", "", `with a database --data: a query to read instead of a table, e.g. "SELECT a, b, y FROM t WHERE ..."`)
}

// defineLazy adds fit's lazy-source flags.
func (t *tableFlags) defineLazy(fs *flag.FlagSet) {
	fs.BoolVar(&t.db.lazy, "lazy", false, "with a database --data and --table: fetch from the database only the cells the solver reveals (statistics computed by the database, split by a seeded hash of the key, no CV: the theorems' defaults unless set); the JSON counts the cells fetched")
	fs.StringVar(&t.db.key, "key", "", "with --lazy: an integer column identifying a row (default: SQLite's rowid, a PostgreSQL table's integer primary key)")
}

// dataUsageDB is what --data accepts besides files.
const dataUsageDB = "; a database: sqlite:PATH or postgres://user@host/db with --table or --query"

// isDatabase reports whether --data names a database.
func (t *tableFlags) isDatabase() bool { return sqltable.IsDSN(t.data) }

func (t *tableFlags) dbQuery() sqltable.Query {
	return sqltable.Query{Table: t.db.table, SQL: t.db.query}
}

// checkDB refuses the database flags without a database, and a database
// without a table or query.
func (t *tableFlags) checkDB(cmd string) error {
	switch {
	case !t.isDatabase() && (t.db.table != "" || t.db.query != "" || t.db.lazy || t.db.key != ""):
		return fmt.Errorf("%s: --table, --query, --key and --lazy apply to a database --data (sqlite:PATH or postgres://...)", cmd)
	case t.isDatabase() && t.db.table == "" && t.db.query == "":
		return fmt.Errorf("%s: a database --data needs --table T or --query \"SELECT ...\"", cmd)
	case t.db.lazy && t.db.table == "":
		return fmt.Errorf("%s: --lazy reads a table (--table), not a query", cmd)
	}
	return nil
}

// readDatabase reads a table or query into a frames.Table, as readTable
// reads a CSV.
func (t *tableFlags) readDatabase(cmd string, policy frames.Missing) (*frames.Table, error) {
	if err := t.checkDB(cmd); err != nil {
		return nil, err
	}
	db, err := sqltable.Open(t.data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", cmd, err)
	}
	defer db.Close()
	tab, err := db.Read(t.dbQuery(), frames.CSVOptions{Target: t.target, Missing: policy, Ignore: t.ignored(), Limits: t.lim.limits(cmd, false)})
	if err != nil {
		return nil, readAdvice(cmd, fmt.Errorf("%s: %w", cmd, err), true)
	}
	return tab, nil
}

// streamDatabase prepares a table or query for a streamed fit: every pass
// runs the query again.
func (t *tableFlags) streamDatabase(opt frames.StreamOptions) (*frames.CSVStream, func() error, error) {
	if err := t.checkDB("fit"); err != nil {
		return nil, nil, err
	}
	db, err := sqltable.Open(t.data)
	if err != nil {
		return nil, nil, fmt.Errorf("fit: %w", err)
	}
	opt.CSV.Name = t.data
	st, err := frames.StreamRows(func() (frames.Rows, error) { return db.Rows(t.dbQuery(), t.data) }, opt)
	if err != nil {
		db.Close()
		return nil, nil, err
	}
	return st, db.Close, nil
}

// fitLazy fits s on a database table that stays there: the database
// counts the columns and computes the training statistics, and each
// training example's attributes are fetched when the solver reveals them.
func fitLazy(f *fitFlags, s lao.Solver, stdout io.Writer) error {
	t := &f.table
	if err := t.checkDB("fit"); err != nil {
		return err
	}
	if t.target == "" {
		return errors.New("fit: --target is required for a database table")
	}
	if f.cv > 0 && f.cvSet {
		return fmt.Errorf("fit: --cv %d needs the table in memory; a lazy fit uses the theorems' defaults (set --B, --eta or --lambda, or drop --lazy)", f.cv)
	}
	policy, err := t.policy()
	if err != nil {
		return err
	}
	opt, err := frames.ScaleOptions(s, f.scale)
	if err != nil {
		return fmt.Errorf("fit: --scale: %w", err)
	}
	opt.FillMissing = policy == frames.MissingMean
	db, err := sqltable.Open(t.data)
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	defer db.Close()
	start := time.Now()
	lz, err := db.Lazy(sqltable.LazyOptions{Table: t.db.table, Key: t.db.key, Stream: frames.StreamOptions{
		CSV:     frames.CSVOptions{Name: t.data, Target: t.target, Missing: policy, Ignore: t.ignored()},
		Options: opt, TestFrac: f.testFrac, Seed: f.seed}})
	if err != nil {
		return readAdvice("fit", fmt.Errorf("fit: %w", err), false)
	}
	d := len(lz.Features)
	kNote, err := f.params.clampK(s, d)
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	rep := lazyReport(f, lz, s, policy)
	if kNote != "" {
		rep.Notes = append(rep.Notes, kNote)
	}
	fit, err := lz.Fit(s, f.seed)
	if err != nil {
		return err
	}
	c := lz.Counts()
	rep.Cells = &c
	return finishFit(f, rep, fit.Solver, fit.Result, fit.Model, fit.Test, trainingRows{fingerprint: func() string { return "" }}, start, stdout)
}

// lazyReport starts the report of a lazy fit: sizes, the scaling and why,
// what the missing-value policy did, and what a lazy fit changes.
func lazyReport(f *fitFlags, lz *sqltable.Lazy, s lao.Solver, policy frames.Missing) *fitReport {
	t, d := &f.table, len(lz.Features)
	rep := &fitReport{Solver: s.Name(), Data: t.data, Target: t.target, D: d, MTrain: lz.MTrain, MTest: lz.MTest,
		Seed: f.seed, Scaling: lz.ScalingChoice.Scaling.Name(), Unused: lz.Unused, Streamed: true, K: budgetK(s, d)}
	if rep.Unused == nil {
		rep.Unused = []frames.Unused{}
	}
	rep.Notes = append(rep.Notes, scalingNote(f.scale, lz.ScalingChoice),
		"lazy: the database counted the columns and computed the training statistics; each training example's attributes were fetched when the solver revealed them; rows split by a seeded hash of the key and used in key order")
	if f.cv > 0 {
		rep.Notes = append(rep.Notes, "no cross-validation in a lazy fit: the theorems' defaults unless set (--B, --eta, --lambda)")
	}
	rep.Missing = &missingReport{Policy: policy.String(), RowsDropped: lz.Dropped, unit: "row",
		CellsFilled: filledCells(lz.FeatureNames(), lz.Filled)}
	return rep
}
