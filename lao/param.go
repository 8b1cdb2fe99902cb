package lao

import (
	"fmt"
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
// means "the default", which Usage states (usually a theorem's choice).
type Param struct {
	Name  string // the paper's symbol, e.g. "eta"
	Usage string // what it is and what zero selects
	// Exactly one of Int and Float points at the solver's field.
	Int   *int
	Float *float64
	// Tune, if non-nil, is the range cross-validation searches when the
	// parameter is left at zero.
	Tune *Tune
}

// Tune is a parameter's cross-validation range: either fixed Values, or
// Factors times a Center computed when the grid is built (e.g. the
// theorem's step size for the B being tried). Center sees the solver with
// the parameters listed before this one already set to the grid point's
// values, so a step size can depend on the radius.
type Tune struct {
	Values  []float64
	Factors []float64
	Center  func(p Problem) float64
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

// Get returns the parameter's current value (an int as float64).
func (p Param) Get() float64 {
	if p.Int != nil {
		return float64(*p.Int)
	}
	return *p.Float
}

// Set sets the parameter. An int parameter accepts only integral values;
// every parameter rejects NaN and ±Inf. Ranges (k ≤ d, η > 0, ...) are
// checked when the solver starts, where d and m are known.
func (p Param) Set(v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("lao: parameter %s = %g must be finite: %w", p.Name, v, ErrParam)
	}
	if p.Int != nil {
		if v != math.Trunc(v) || math.Abs(v) > math.MaxInt32 {
			return fmt.Errorf("lao: parameter %s = %g must be an integer: %w", p.Name, v, ErrParam)
		}
		*p.Int = int(v)
		return nil
	}
	*p.Float = v
	return nil
}

// String formats the current value.
func (p Param) String() string {
	if p.Int != nil {
		return strconv.Itoa(*p.Int)
	}
	return strconv.FormatFloat(*p.Float, 'g', -1, 64)
}

// SetString parses s as a number and sets the parameter (flag.Value's Set).
func (p Param) SetString(s string) error {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return fmt.Errorf("lao: parameter %s = %q is not a number: %w", p.Name, s, ErrParam)
	}
	return p.Set(v)
}

// FindParam returns the parameter of s called name (case-sensitive, as in
// the papers: "B" and "b" differ only if the solver has both; otherwise a
// case-insensitive match is accepted). The error lists the known names.
func FindParam(s Solver, name string) (Param, error) {
	ps := s.Params()
	for _, p := range ps {
		if p.Name == name {
			return p, nil
		}
	}
	var found []Param
	for _, p := range ps {
		if strings.EqualFold(p.Name, name) {
			found = append(found, p)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	return Param{}, fmt.Errorf("lao: %s has no parameter %q (it has %s): %w", s.Name(), name, strings.Join(ParamNames(s), ", "), ErrParam)
}

// ParamNames lists the names of s's parameters, in order.
func ParamNames(s Solver) []string {
	var names []string
	for _, p := range s.Params() {
		names = append(names, p.Name)
	}
	return names
}

// SetParams sets the named parameters of s. An unknown name or a bad value
// is an error naming it; nothing after it is set.
func SetParams(s Solver, values map[string]float64) error {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		p, err := FindParam(s, n)
		if err != nil {
			return err
		}
		if err := p.Set(values[n]); err != nil {
			return fmt.Errorf("%s: %w", s.Name(), err)
		}
	}
	return nil
}

// GetParams returns every parameter of s by name, as currently set (zeros
// where defaults will apply).
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
	for _, p := range s.Params() {
		if p.Tune != nil && p.Get() == 0 {
			return true
		}
	}
	return false
}

// Clone returns a copy of s: a new value of the same struct type with the
// same fields. Slices in the fields (prior moments, initial iterates) are
// shared, not copied; solvers never modify them.
func Clone(s Solver) Solver {
	v := reflect.ValueOf(s)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("lao: Clone: %T is not a pointer to a struct", s))
	}
	c := reflect.New(v.Elem().Type())
	c.Elem().Set(v.Elem())
	return c.Interface().(Solver)
}

// Grid returns the cross-validation grid of s for a problem of p.M
// training examples and p.D attributes: the product of the ranges of every
// parameter that has a Tune and is zero in s (a parameter set by the user
// stays fixed). Each grid point maps parameter names to values; a
// parameter's Center sees the values of the parameters before it. The
// grid is built on a copy of s (Clone), so s is not touched and Grid may
// run concurrently with other uses of s. A solver with nothing to tune gives one empty point.
func Grid(s Solver, p Problem) []map[string]float64 {
	if v := reflect.ValueOf(s); v.Kind() == reflect.Pointer && v.Elem().Kind() == reflect.Struct {
		s = Clone(s) // the walk sets the fields; never those of the caller's solver
	}
	ps := s.Params()
	var out []map[string]float64
	point := map[string]float64{}
	var walk func(i int)
	walk = func(i int) {
		if i == len(ps) {
			out = append(out, mapsClone(point))
			return
		}
		q := ps[i]
		if q.Tune == nil || q.Get() != 0 {
			walk(i + 1)
			return
		}
		vals := q.Tune.Values
		if len(q.Tune.Factors) > 0 {
			c := q.Tune.Center(p)
			vals = make([]float64, len(q.Tune.Factors))
			for j, f := range q.Tune.Factors {
				vals[j] = f * c
			}
		}
		for _, v := range vals {
			if err := q.Set(v); err != nil {
				continue
			}
			point[q.Name] = v
			walk(i + 1)
		}
		delete(point, q.Name)
		_ = q.Set(0)
	}
	walk(0)
	return out
}

func mapsClone(m map[string]float64) map[string]float64 {
	c := make(map[string]float64, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// The standard ranges the solvers' Tune values are built from. Why so wide:
// the theorems' constants are worst-case. On MNIST 3 vs 5 the best AELR
// step is ~10^4 times Theorem 3.4's and the best AERR step ~10^3 times
// Theorem 3.1's, while AER's best λ is within a factor 10 of Theorem 2's
// (docs/results.md, "Is the grid wide enough?"). A CV choice on the edge of
// the grid is reported by frames.CVResult.Edges.
var (
	// radiusValues is the grid of a norm bound B: 2^-2 … 2^6.
	radiusValues = []float64{0.25, 0.5, 1, 2, 4, 8, 16, 32, 64}
	// stepFactors multiply a theorem's step size: 10^-1 … 10^5 in half decades.
	stepFactors = []float64{0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000, 3000, 1e4, 3e4, 1e5}
	// lambdaFactors multiply AER's Theorem 2 λ: 10^-2 … 10^3 (on the
	// standardised tables of docs/results.md the best λ is ~0.03-0.1 times
	// Theorem 2's).
	lambdaFactors = []float64{0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000}
)

// splitStepFactors is the step grid of the ridge solvers with the budget
// split evenly (Split or Paper): 10^-3 … 10^3 in half decades. On MNIST
// 3 vs 5 at k + 1 = 57 the CV choice of AERR and DDAERR with the split sat
// on the lower edge of stepFactors (0.1 × the theorem's step) on every
// split (docs/results.md), so their grid reaches two decades lower.
var splitStepFactors = []float64{1e-3, 3e-3, 0.01, 0.03, 0.1, 0.3, 1, 3, 10, 30, 100, 300, 1000}

// ridgeStepTune is the CV range of a ridge solver's step: stepFactors, or
// splitStepFactors when the budget is split, times center.
func ridgeStepTune(split bool, center func(Problem) float64) *Tune {
	if split {
		return &Tune{Factors: splitStepFactors, Center: center}
	}
	return stepTune(center)
}

// radiusTune is the CV range of a norm bound B.
func radiusTune() *Tune { return &Tune{Values: radiusValues} }

// stepTune is the CV range of a step size: stepFactors times center.
func stepTune(center func(Problem) float64) *Tune {
	return &Tune{Factors: stepFactors, Center: center}
}
