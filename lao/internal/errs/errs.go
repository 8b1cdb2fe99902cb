// Package errs holds the sentinel errors that package lao and its internal
// packages share; lao re-exports each (lao.ErrParam is errs.ErrParam), so
// callers only ever see lao's names.
package errs

import "errors"

var (
	// ErrBudgetExceeded: more distinct attributes requested than the budget.
	ErrBudgetExceeded = errors.New("lao: attribute budget exceeded")
	// ErrAttrIndex: an attribute index outside [0, d).
	ErrAttrIndex = errors.New("lao: attribute index out of range")
	// ErrParam: an invalid parameter; the message names it.
	ErrParam = errors.New("lao: invalid parameter")
	// ErrEmpty: no examples.
	ErrEmpty = errors.New("lao: no examples")
	// ErrNotFinite: a NaN or ±Inf value.
	ErrNotFinite = errors.New("lao: value is NaN or Inf")
	// ErrShape: slice lengths that do not match the stated shape.
	ErrShape = errors.New("lao: shape mismatch")
)
