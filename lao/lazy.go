package lao

import "github.com/laoproject/lao/lao/internal/observe"

// CellSource is a Source whose examples are not held in memory: the
// extension point for tables that stay where they are kept (a database:
// package frames/sqltable). Fit points the observation handle at an
// example by its label alone, and the handle fetches an attribute from the
// source when the solver first reveals it, so the source delivers exactly
// the cells the handle revealed, within the budget, and a budgeted fit
// reads k of d cells per example. Solvers that know several attributes
// they are about to read fetch them in one batch (Example.Prefetch), so
// the round trips stay few per example; Predict fetches a model's support
// in one batch.
//
// Next (of Source) must still deliver whole rows, for the consumers that
// read every attribute (full-information references, evaluation).
type CellSource interface {
	Source
	// NextLabel advances to the next example and returns its label, or
	// io.EOF after the last.
	NextLabel() (y float64, err error)
	// Fetch writes the values of the attributes attrs of the current
	// example (distinct, in [0, d), each asked once per example) into
	// vals, len(attrs).
	Fetch(attrs []int, vals []float64) error
}

// SourceError is a CellSource's failure to deliver a cell: the error of
// Example.TryAttr and Example.Prefetch and the panic value of Example.Attr,
// which Fit and Predict return as their error (a fit whose source failed
// is never presented as complete).
type SourceError = observe.SourceError
