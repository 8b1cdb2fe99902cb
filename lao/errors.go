package lao

import (
	"errors"
	"reflect"

	"github.com/laoproject/lao/lao/internal/errs"
)

// The sentinel errors of the package. Errors are returned wrapped, with a
// message naming the solver, parameter, row or attribute concerned; callers
// branch with errors.Is.
var (
	// ErrBudgetExceeded: a solver asked an example for more distinct
	// attributes than its budget allows. The refused attribute is never
	// served.
	ErrBudgetExceeded = errs.ErrBudgetExceeded
	// ErrAttrIndex: an attribute index outside [0, d).
	ErrAttrIndex = errs.ErrAttrIndex
	// ErrParam: an invalid solver parameter (k < 1, k > d, B <= 0,
	// eta <= 0, ...). The message names the parameter.
	ErrParam = errs.ErrParam
	// ErrEmpty: a data set has no examples.
	ErrEmpty = errs.ErrEmpty
	// ErrNotFinite: a value is NaN or ±Inf (in the data, or in the
	// weights of a diverging fit).
	ErrNotFinite = errs.ErrNotFinite
	// ErrShape: slice lengths do not match the stated shape.
	ErrShape = errs.ErrShape
	// ErrNotPointer: a solver that is not a non-nil pointer to a struct,
	// so its parameters cannot be bound to a copy (Clone).
	ErrNotPointer = errors.New("lao: solver is not a pointer to a struct")
)

// isNil reports an argument a caller left nil: a nil interface, or one
// holding a nil pointer (a *Dataset or *AERR declared and never set).
func isNil(v any) bool {
	r := reflect.ValueOf(v)
	return v == nil || r.Kind() == reflect.Pointer && r.IsNil()
}
