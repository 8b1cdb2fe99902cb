package lao

import (
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// Param is one named parameter of a solver, bound to a field of the
// solver's struct: Get and Set read and write that field, so the struct is
// the only place a parameter lives. Solvers list their parameters with
// Params; cross-validation (frames), the command line and the experiments
// reach every solver through them, in the spirit of flag.Value.
//
// Names follow the papers: "k", "B", "eta", "lambda", "s", ... A zero value
// means "the default": Default says what it selects, and Usage ends with
// "; 0 selects " followed by Default. A boolean parameter is off when zero.
type Param struct {
	Name string // the paper's symbol, e.g. "eta"
	// Usage says what the parameter is and, if it has one, its default.
	Usage string
	// Default is what the zero value selects, e.g. "1" or "Theorem 3.1's
	// √(k/(2dm))"; empty if zero is itself a setting (off, none, required).
	// The field's doc comment states the same default (a test checks it).
	Default string
	// Exactly one of Int, Float and Bool points at the solver's field.
	Int   *int
	Float *float64
	Bool  *bool
	// Tune, if non-nil, is the range cross-validation searches when the
	// parameter is left at zero.
	Tune *Tune
}

// IntParam returns a Param bound to the int field *v.
func IntParam(name string, v *int, usage string) Param {
	return Param{Name: name, Usage: usage, Int: v}
}

// FloatParam returns a Param bound to the float64 field *v, tuned by t
// (nil: not tuned).
func FloatParam(name string, v *float64, usage string, t *Tune) Param {
	return Param{Name: name, Usage: usage, Float: v, Tune: t}
}

// BoolParam returns a Param bound to the bool field *v (an on/off option,
// off by default). As a number it is 1 (on) or 0 (off).
func BoolParam(name string, v *bool, usage string) Param {
	return Param{Name: name, Usage: usage, Bool: v}
}

// withDefault returns p with Default set to def and Usage ending with
// "; 0 selects def".
func (p Param) withDefault(def string) Param {
	p.Default = def
	p.Usage += "; 0 selects " + def
	return p
}

// Type is "int", "float" or "bool".
func (p Param) Type() string {
	switch {
	case p.Int != nil:
		return "int"
	case p.Bool != nil:
		return "bool"
	}
	return "float"
}

// Get returns the parameter's current value (an int as float64, a bool as
// 1 or 0).
func (p Param) Get() float64 {
	switch {
	case p.Int != nil:
		return float64(*p.Int)
	case p.Bool != nil:
		if *p.Bool {
			return 1
		}
		return 0
	}
	return *p.Float
}

// Set sets the parameter. An int parameter accepts only integral values, a
// bool parameter only 1 (on) and 0 (off); every parameter rejects NaN and
// ±Inf. Ranges (k ≤ d, η > 0, ...) are checked when the solver starts,
// where d and m are known.
func (p Param) Set(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("parameter %s = %g must be finite: %w", p.Name, v, ErrParam)
	}
	switch {
	case p.Int != nil:
		if v != math.Trunc(v) || math.Abs(v) > math.MaxInt32 {
			return fmt.Errorf("parameter %s = %g must be an integer: %w", p.Name, v, ErrParam)
		}
		*p.Int = int(v)
	case p.Bool != nil:
		if v != 0 && v != 1 {
			return fmt.Errorf("parameter %s = %g: want 1 (on) or 0 (off): %w", p.Name, v, ErrParam)
		}
		*p.Bool = v == 1
	default:
		*p.Float = v
	}
	return nil
}

// String formats the current value ("true" or "false" for a bool).
func (p Param) String() string {
	switch {
	case p.Int != nil:
		return strconv.Itoa(*p.Int)
	case p.Bool != nil:
		return strconv.FormatBool(*p.Bool)
	}
	return strconv.FormatFloat(*p.Float, 'g', -1, 64)
}

// SetString parses s and sets the parameter (flag.Value's Set): a number,
// or for a bool also true/false (1/0, as strconv.ParseBool reads them).
func (p Param) SetString(s string) error {
	s = strings.TrimSpace(s)
	if p.Bool != nil {
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fmt.Errorf("parameter %s = %q: want 1 (on) or 0 (off): %w", p.Name, s, ErrParam)
		}
		*p.Bool = b
		return nil
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return fmt.Errorf("parameter %s = %q is not a number: %w", p.Name, s, ErrParam)
	}
	return p.Set(v)
}

// FindParam returns the parameter of s called name (case-sensitive, as in
// the papers: "B" and "b" differ only if the solver has both; otherwise a
// case-insensitive match is accepted). The error lists the known names.
func FindParam(s Solver, name string) (Param, error) {
	if isNil(s) {
		return Param{}, fmt.Errorf("lao: parameter %q of a nil solver: %w", name, ErrNotPointer)
	}
	if p, ok := matchParam(s.Params(), name); ok {
		return p, nil
	}
	return Param{}, fmt.Errorf("lao: %s has no parameter %q (it has %s): %w", s.Name(), name, strings.Join(ParamNames(s), ", "), ErrParam)
}

// matchParam is FindParam's rule over the list ps: the parameter called
// name, else the only one whose name matches it up to case.
func matchParam(ps []Param, name string) (Param, bool) {
	if i := slices.IndexFunc(ps, func(p Param) bool { return p.Name == name }); i >= 0 {
		return ps[i], true
	}
	var found []Param
	for _, p := range ps {
		if strings.EqualFold(p.Name, name) {
			found = append(found, p)
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return Param{}, false
}

// ParamNames lists the names of s's parameters, in order.
func ParamNames(s Solver) []string {
	var names []string
	for _, p := range s.Params() {
		names = append(names, p.Name)
	}
	return names
}

// SetParams sets the named parameters of s. Names match as FindParam
// matches them ("eta", "Eta" and "ETA" are one parameter unless the solver
// has two that differ only in case); GetParams returns each under its own
// spelling, the one Params lists. An unknown name or a bad value is an
// error naming it; nothing after it is set.
func SetParams(s Solver, values map[string]float64) error {
	var ps []Param // s's parameters, listed once: Params builds the list anew (cross-validation sets a grid of settings)
	if !isNil(s) {
		ps = s.Params()
	}
	for _, n := range slices.Sorted(maps.Keys(values)) {
		p, ok := matchParam(ps, n)
		if !ok {
			var err error
			if p, err = FindParam(s, n); err != nil {
				return err
			}
		}
		if err := p.Set(values[n]); err != nil {
			return fmt.Errorf("%s: %w", s.Name(), err)
		}
	}
	return nil
}

// GetParams returns every parameter of s by name, as currently set (zeros
// where defaults will apply; a bool as 1 or 0).
func GetParams(s Solver) map[string]float64 {
	out := map[string]float64{}
	for _, p := range s.Params() {
		out[p.Name] = p.Get()
	}
	return out
}

// Tunable reports whether s has a parameter that cross-validation may
// tune: one with a Tune range that is still zero.
func Tunable(s Solver) bool {
	return slices.ContainsFunc(s.Params(), func(p Param) bool { return p.Tune != nil && p.Get() == 0 })
}

// Clone returns a copy of s: a new value of the same struct type with the
// same fields. Slices in the fields (prior moments, initial iterates) are
// shared, not copied; solvers never modify them. A solver that is not a
// pointer to a struct cannot be copied this way (its Params could not bind
// the copy's fields): Clone then returns an error wrapping ErrNotPointer.
func Clone(s Solver) (Solver, error) {
	v := reflect.ValueOf(s)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return nil, fmt.Errorf("lao: Clone: %T is not a non-nil pointer to a struct: %w", s, ErrNotPointer)
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	return c.Interface().(Solver), nil
}
