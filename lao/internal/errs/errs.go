// Package errs holds the sentinel errors that package lao and its internal
// packages share; lao re-exports each (lao.ErrParam is errs.Param), so
// callers only ever see lao's names.
package errs

import "errors"

var (
	// BudgetExceeded: more distinct attributes requested than the budget.
	BudgetExceeded = errors.New("lao: attribute budget exceeded")
	// AttrIndex: an attribute index outside [0, d).
	AttrIndex = errors.New("lao: attribute index out of range")
	// Param: an invalid parameter; the message names it.
	Param = errors.New("lao: invalid parameter")
	// Empty: no examples.
	Empty = errors.New("lao: no examples")
	// NotFinite: a NaN or ±Inf value.
	NotFinite = errors.New("lao: value is NaN or Inf")
	// Shape: slice lengths that do not match the stated shape.
	Shape = errors.New("lao: shape mismatch")
)
