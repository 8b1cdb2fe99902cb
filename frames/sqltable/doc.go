// Package sqltable reads tables from SQL databases through database/sql:
// SQLite files, embedded (modernc.org/sqlite, pure Go, no cgo), and
// PostgreSQL servers (github.com/jackc/pgx). A table or a query is read
// as frames.Rows, so it gets the CSV path's column classification,
// missing-value policy, errors and JSON (a NULL is a missing cell, a text
// cell follows the CSV rule); Lazy prepares a table for a budgeted fit
// that fetches from the database only the cells the observation handle
// reveals.
//
// Lazy does what a fit needs without reading the rows: the columns are
// counted and the training rows' statistics computed by the database
// (aggregate queries; only cells stored as text are read, to be parsed as
// a CSV's), the train/test split is a seeded hash of an integer key that
// the database evaluates, and the training examples are read as labels,
// block by block, while each example's attributes are fetched when the
// solver reveals them (lao.CellSource: one query per batch of revealed
// cells, typically one or two per example). Counts says what came back.
//
//	db, err := sqltable.Open("sqlite:houses.db")
//	lz, err := db.Lazy(sqltable.LazyOptions{Table: "houses", Stream: frames.StreamOptions{
//		CSV: frames.CSVOptions{Target: "price"}, Options: frames.OptionsFor(solver), TestFrac: 0.2, Seed: 1}})
//	fit, err := lz.Fit(solver, 1) // fit.Result.Attributes == lz.Counts().Attributes
package sqltable
