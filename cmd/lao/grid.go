package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/laoproject/lao/frames"
)

// cvFlags are the cross-validation options fit and compare share beside
// --cv: the CV ranges set by hand (--grid, repeatable) and the rule.
type cvFlags struct {
	grid    map[string][]float64
	rule    string
	halving string
}

func (c *cvFlags) define(fs *flag.FlagSet) {
	c.grid = map[string][]float64{}
	fs.Var(repeatFunc(func(s string) error {
		name, vals, err := frames.ParseGridSpec(s)
		if err != nil { // the flag package names the flag and its value
			return errors.New(strings.TrimPrefix(userMessage(err), fmt.Sprintf("--grid %q: ", s)))
		}
		c.grid[name] = vals
		return nil
	}), "grid", "CV range of a parameter: `name=lo:hi:n` (n values log-spaced from lo to hi) or name=v1,v2,...; repeatable; replaces the solver's own range, which CV still widens while the best value is on its edge")
	fs.StringVar(&c.rule, "cv-rule", frames.RuleAuto, "how CV chooses: "+frames.RuleAuto+fmt.Sprintf(" (%s below %d rows, else %s; below %d rows its choice is checked against the zero predictor by nested CV), ", frames.RuleOneSE, frames.SmallRows, frames.RuleMinZeroSE, frames.NestedRows)+frames.RuleMinZeroSE+" (the lowest validation error, unless the zero predictor is within one standard error of it), "+
		frames.RuleMin+" (the lowest, as the papers), "+frames.RuleOneSE+" (the most conservative setting within one standard error of the lowest)")
	fs.StringVar(&c.halving, "cv-halving", "auto", fmt.Sprintf("successive halving: every setting on a 27th of each training part (or a ninth or a third: the smallest with at least %d rows), the best third on three times as many rows, up to all of them: auto (when the training parts have %d rows or more), on, off", frames.HalvingMinRows, frames.HalvingRows))
}

func (c *cvFlags) check(cmd string) error {
	switch c.halving {
	case "auto", "on", "off":
	default:
		return fmt.Errorf("%s: --cv-halving %q must be auto, on or off", cmd, c.halving)
	}
	switch c.rule {
	case frames.RuleAuto, frames.RuleMin, frames.RuleOneSE, frames.RuleMinZeroSE:
		return nil
	}
	return fmt.Errorf("%s: --cv-rule %q must be %s", cmd, c.rule, strings.Join([]string{frames.RuleAuto, frames.RuleMinZeroSE, frames.RuleMin, frames.RuleOneSE}, ", "))
}

// options returns the Tune options of folds-fold CV with seed.
func (c *cvFlags) options(folds int, seed uint64) frames.TuneOptions {
	return frames.TuneOptions{Folds: folds, Seed: seed, Rule: c.rule, Grid: c.grid, Halving: c.halving}
}

// foldsFor checks cv folds of cross-validation (cvSet: given on the
// command line) against the m rows of a training part: more folds than
// rows is an error when asked for, else (the default) the folds are
// lowered to m, with a note to print. part names the part in messages.
func foldsFor(cmd string, cv int, cvSet bool, m int, part string) (folds int, note string, err error) {
	if cv <= m {
		return cv, "", nil
	}
	if cvSet || m < 2 {
		fewer := "--cv 0: the theorems' defaults"
		if m >= 2 {
			fewer = fmt.Sprintf("--cv %d or fewer, or %s", m, fewer)
		}
		return 0, "", fmt.Errorf("%s: --cv %d needs at least %d training rows; %s has %d (%s)", cmd, cv, cv, part, m, fewer)
	}
	return m, fmt.Sprintf("cross-validation with %d folds, not the default %d: %s has only %d rows", m, cv, part, m), nil
}
