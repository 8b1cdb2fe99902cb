package main

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// withK returns a fresh registered solver with k set (if it has a k) and
// its prior knowledge taken from train.
func withK(info lao.Info, k int, train *lao.Dataset) lao.Solver {
	s := info.New()
	if p, err := lao.FindParam(s, "k"); err == nil {
		_ = p.Set(float64(k))
	}
	return frames.WithPriors(s, train)
}

// paramFlags collects solver parameters from the command line: the common
// shorthands --k, --s, --B, --eta and --lambda, and --param name=value for any
// parameter of any solver (see `lao solvers`). Only flags given on the
// command line are applied, except --k, whose default (lao.DefaultK) applies to every
// solver that has a k.
type paramFlags struct {
	set   map[string]string // explicitly given, by parameter name
	order []string
}

// shorthands are the parameters with a flag of their own (--k, --s, --B,
// --eta, --lambda); every parameter also has --param name=value.
var shorthands = []string{"k", "s", "B", "eta", "lambda"}

func (pf *paramFlags) define(fs *flag.FlagSet) {
	pf.set = map[string]string{"k": strconv.Itoa(lao.DefaultK)}
	short := func(name, usage string) {
		fs.Func(name, usage, func(v string) error { return pf.put(name, v) })
	}
	short("k", fmt.Sprintf("attributes per training example (budgeted solvers; default %d); s' for the sparse solvers", lao.DefaultK))
	short("s", "non-zero weights of a sparse model (Murata & Suzuki 2018: exploration, hybrid, rda, dantzig)")
	short("B", "norm bound B (default: the solver's)")
	short("eta", "step size η (default: the theorem's choice)")
	short("lambda", "regularisation λ (default: the theorem's choice)")
	fs.Var(repeatFunc(func(v string) error {
		name, val, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("--param %q: want name=value", v)
		}
		return pf.put(strings.TrimSpace(name), val)
	}), "param", "a solver parameter as `name=value`, e.g. --param m1=500 (repeatable; see 'lao solvers')")
}

// put records parameter name = v; the same parameter given twice with
// different values (--k 4 --param k=3) is an error, not the last one wins.
func (pf *paramFlags) put(name, v string) error {
	if pf.given(name) {
		if prev := pf.set[name]; strings.TrimSpace(prev) != strings.TrimSpace(v) {
			return fmt.Errorf("%s given twice (first %q, then %q); give it once", name, strings.TrimSpace(prev), strings.TrimSpace(v))
		}
		return nil
	}
	pf.order = append(pf.order, name)
	pf.set[name] = v
	return nil
}

// given reports whether the parameter name was given on the command line.
func (pf *paramFlags) given(name string) bool { return slices.Contains(pf.order, name) }

// fixed returns the parameters given on the command line with a value
// other than 0. A 0 that would select a parameter's default is refused by
// apply; a 0 of a parameter without a default (rda's lambda, lasso's B) is
// a value cross-validation tunes when the parameter has a range, so it is
// reported as CV's choice, not as set.
func (pf *paramFlags) fixed() []string {
	var out []string
	for _, n := range pf.order {
		if v, err := strconv.ParseFloat(strings.TrimSpace(pf.set[n]), 64); err != nil || v != 0 {
			out = append(out, n)
		}
	}
	return out
}

// clampK lowers the default k (lao.DefaultK) to d on a table with fewer
// attributes and returns a note saying so; a k given on the command line
// is never changed: k > d is an error.
func (pf *paramFlags) clampK(s lao.Solver, d int) (note string, err error) {
	p, err := lao.FindParam(s, "k")
	if err != nil || int(p.Get()) <= d {
		return "", nil
	}
	k := int(p.Get())
	if slices.Contains(pf.order, "k") {
		return "", fmt.Errorf("--k %d exceeds the number of attributes d = %d", k, d)
	}
	if err := p.Set(float64(d)); err != nil {
		return "", err
	}
	return defaultKNote(d, k), nil
}

// defaultKNote says that the default k was lowered to a table's d.
func defaultKNote(d, k int) string {
	if d == 1 {
		return fmt.Sprintf("k = 1, not the default %d: the table has only d = 1 attribute, so every example reveals all of it (nothing is budgeted)", k)
	}
	return fmt.Sprintf("k = %d, not the default %d: the table has only d = %d attributes (--k below %d for a budget smaller than d)", d, k, d, d)
}

// apply sets the collected parameters on s. A parameter s does not have is
// an error, except the default k on a solver without one.
func (pf *paramFlags) apply(s lao.Solver) error {
	given := map[string]bool{}
	for _, n := range pf.order {
		given[n] = true
	}
	names := pf.order
	if !given["k"] {
		names = append([]string{"k"}, names...)
	}
	seen := map[string]string{} // the solver's parameter name → the flag that set it
	for _, name := range names {
		p, err := lao.FindParam(s, name)
		if err != nil {
			if name == "k" && !given["k"] {
				continue // the default k, on a full-information solver
			}
			if name == "k" && lao.Describe(s).Full {
				return fmt.Errorf("%s reads every attribute (full information), so --k does not apply; leave it out, or fit screen-ridge for ridge on k screened attributes (lao compare runs both): %w", s.Name(), lao.ErrParam)
			}
			return err
		}
		if prev, ok := seen[p.Name]; ok && prev != name {
			return fmt.Errorf("%s: parameter %s is set twice (as %q and %q)", s.Name(), p.Name, prev, name)
		}
		seen[p.Name] = name
		if err := zeroMeansDefault(s, p, name, pf.set[name]); err != nil {
			return err
		}
		if err := p.SetString(pf.set[name]); err != nil {
			return fmt.Errorf("%s: %w", s.Name(), err)
		}
	}
	return nil
}

// zeroMeansDefault refuses a value of 0 given for a parameter whose 0
// selects a default (Param.Default): the library reads 0 as "not set", so
// --lambda 0 would quietly fit the default penalty, tuned by --cv, not a
// penalty of 0.
func zeroMeansDefault(s lao.Solver, p lao.Param, flagName, v string) error {
	if p.Default == "" {
		return nil
	}
	if x, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err != nil || x != 0 {
		return nil
	}
	tuned, small := "", ", or give a positive value (a small one, such as 1e-9, for almost none)"
	if p.Tune != nil {
		tuned = ", which --cv tunes"
	}
	if p.Int != nil {
		small = ", or give a positive value"
	}
	given := "--param " + flagName + "=0"
	if slices.Contains(shorthands, flagName) {
		given = "--" + flagName + " 0 (or " + given + ")"
	}
	return fmt.Errorf("%s: %s is not a setting of %s: 0 stands for its default (%s)%s; leave it out for the default%s: %w",
		s.Name(), given, p.Name, p.Default, tuned, small, lao.ErrParam)
}
