package frames

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao"
)

// TuneOptions control Tune.
type TuneOptions struct {
	Folds int    // k-fold CV, k ≥ 2
	Seed  uint64 // folds and fits
	// Repeats of the folds. If 0, AutoRepeats(m): more on small tables,
	// where one shuffle of the folds decides too much; with Order, 1 (the
	// blocks do not change from one repeat to the next, and the rules'
	// standard errors would count each fold's error as several).
	Repeats int
	// Rule chooses among the settings; "" or RuleAuto selects RuleOneSE
	// on tables of fewer than SmallRows rows and RuleMinZeroSE on larger
	// ones.
	Rule string
	// Grid replaces the CV range of the named parameters (e.g. from
	// ParseGridSpec); each must be a tunable parameter of the solver.
	Grid map[string][]float64
	// NoWiden keeps the grid as given: by default, while the lowest
	// validation error lies on the edge of a parameter's range (Edges), the
	// range is extended by two more steps beyond it, at most MaxWiden
	// times.
	NoWiden bool
	// Halving is successive halving over prefixes: every setting is fitted
	// on a 27th (or a ninth, or a third: the smallest of these with at
	// least HalvingMinRows rows) of each training part, the best third goes
	// on to three times as many rows, and the last rung fits the survivors
	// on the whole part. "auto" (or "") halves when the training parts have
	// HalvingRows rows or more, except for the sparse solvers of Murata &
	// Suzuki 2018 and their competitors (About().Ball "l0"), whose
	// mini-batch schedules follow m; "on", "off".
	Halving string
	// Order, if not nil, is each row's place in time: the folds are
	// blocks of consecutive rows (BlockedFolds), here and in the nested
	// check. Prepared.TuneFit sets it to the training rows' rows in the
	// table when the test rows are the last ones (TestLast).
	Order []int
	// Share, if not nil, shares the folds' work with the other tunings on
	// the same table with the same folds (CVShare): the same results.
	Share *CVShare

	inner bool // a fold of the nested check: no nested check of its own
}

// HalvingRows is the training-part size from which Tune halves by default.
const HalvingRows = 4000

// HalvingMinRows is the fewest rows of a rung before the last. With the
// first rung on a 27th of 13,000 rows (the 20,190-row randhie table, 5
// folds) instead of a ninth, `lao compare` spent half the CPU, and on it and
// on the 6,366-row fair table (the only two of docs/results.md's fifteen
// tables that halve) every solver's mean test error moved by less than
// 0.004 of the zero predictor's, within two standard errors of the paired
// differences over the ten splits (docs/results.md).
const HalvingMinRows = 400

// halvingPrefixes returns the rungs' training rows, increasing, ending at
// m: up to three rungs of m/3, m/9 and m/27, each of at least
// HalvingMinRows rows.
func halvingPrefixes(m int, mode string) ([]int, error) {
	switch mode {
	case "", "auto":
		if m < HalvingRows {
			return []int{m}, nil
		}
	case "off":
		return []int{m}, nil
	case "on":
	default:
		return nil, fmt.Errorf("frames: halving %q: want auto, on or off: %w", mode, lao.ErrParam)
	}
	out := []int{m}
	for n := m / 3; len(out) < 4 && n >= HalvingMinRows; n /= 3 {
		out = append([]int{n}, out...)
	}
	return out, nil
}

// tuneRun cross-validates grid: on the first rung's prefix every setting
// (and, unless o.NoWiden, the widened ranges), then the best third of each
// rung on the next, the last on the whole training parts.
func tuneRun(ds lao.Table, grid []Params, build func(Params) (lao.Solver, error), cvo CVOptions, o TuneOptions) (*CVResult, error) {
	if len(grid) == 0 {
		return nil, fmt.Errorf("frames: CrossValidate: empty parameter grid: %w", lao.ErrParam)
	}
	run, err := newCVRun(ds, build, cvo)
	if err != nil {
		return nil, err
	}
	prefixes, err := halvingPrefixes(len(run.trainPos[0]), o.Halving)
	if err != nil {
		return nil, err
	}
	res := &CVResult{Rule: cvo.Rule, Repeats: max(cvo.Repeats, 1), Zero: run.zero(), Warnings: smallTableWarnings(ds.Len(), ds.Dim(), cvo.Folds), Blocked: cvo.Order != nil}
	rung := run.prefix(prefixes[0])
	if res.Settings, err = rung.evaluateAll(grid); err != nil {
		return nil, err
	}
	if err := res.choose(); err != nil {
		return nil, err
	}
	if !o.NoWiden {
		if err := res.widen(rung); err != nil {
			return nil, err
		}
	}
	for i, n := range prefixes[1:] {
		res.Rungs = append(res.Rungs, CVRung{Examples: prefixes[i], Settings: res.Settings})
		rung = run.prefix(n)
		if res.Settings, err = rung.evaluateAll(bestThird(res.Settings)); err != nil {
			return nil, err
		}
		if err := res.choose(); err != nil {
			return nil, err
		}
		res.LastRows = n
	}
	return res, nil
}

// bestThird returns the parameters of the ⌈n/3⌉ settings of lowest mean
// validation error (NaN last), in their order.
func bestThird(sets []CVSetting) []Params {
	idx := make([]int, len(sets))
	for i := range idx {
		idx[i] = i
	}
	key := func(i int) float64 {
		if math.IsNaN(sets[i].Mean) {
			return math.Inf(1)
		}
		return sets[i].Mean
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
	keep := idx[:(len(sets)+2)/3]
	slices.Sort(keep)
	out := make([]Params, len(keep))
	for i, j := range keep {
		out[i] = sets[j].Params
	}
	return out
}

// RuleAuto is Tune's default rule: RuleOneSE on tables of fewer than
// SmallRows rows, RuleMinZeroSE on larger ones; below NestedRows rows the
// choice is then checked against the zero predictor by nested
// cross-validation (CVResult.Nested). On 12 small public tables
// (docs/results.md) the lowest validation error chose, on some splits of
// the 51- to 72-row ones, steps and radii that tripled the test error; the
// one-standard-error rule's more conservative choice did not (on the
// 72-row credit-card table GAELR at k = 4 went from 1.58 to 0.86 of the
// zero predictor's error), while on a 2000-row table it cost 20 %.
const RuleAuto = "auto"

// SmallRows is the table size below which RuleAuto uses RuleOneSE.
const SmallRows = 1000

// NestedRows is the table size below which RuleAuto also checks its
// choice by nested cross-validation (CVResult.Nested): on tables this
// small the lowest of many validation errors measured on folds of a few
// rows is optimistic, and on the linnerud table (16 training rows), over
// 20 splits, every solver's CV choice predicted worse than the training
// mean. On the 41 training rows of the statecrime table the check made 21
// of its 36 cells worse and 1 better (docs/results.md), hence the limit.
const NestedRows = 30

// AutoRule is the rule RuleAuto applies on a table of m rows (RuleOneSE
// below SmallRows rows, RuleMinZeroSE above), without its nested check:
// passed explicitly, it tunes as RuleAuto does on larger tables.
func AutoRule(m int) string { return autoRule(RuleAuto, m) }

// autoRule resolves "" and RuleAuto for a table of m rows.
func autoRule(rule string, m int) string {
	if rule != "" && rule != RuleAuto {
		return rule
	}
	if m < SmallRows {
		return RuleOneSE
	}
	return RuleMinZeroSE
}

// MaxWiden is the number of times Tune extends a range whose edge is best.
const MaxWiden = 4

// AutoRepeats is the number of fold repetitions Tune uses on m rows by
// default: ⌈1000/m⌉, between 1 and 5 (a 300-row table gets 4).
func AutoRepeats(m int) int { return min(5, max(1, (1000+m-1)/max(m, 1))) }

// TuneSolver picks s's tunable parameters by folds-fold cross-validation
// with Tune's defaults (RuleAuto; repeated folds on small tables; grids
// widened at their edges; successive halving on large ones). To tune and
// fit under the rule of every tuned fit (Refit), use Prepared.TuneFit.
func TuneSolver(s lao.Solver, ds lao.Table, folds int, seed uint64) (lao.Solver, *CVResult, error) {
	return Tune(s, ds, TuneOptions{Folds: folds, Seed: seed})
}

// Tune picks s's tunable parameters (those with a lao.Tune range that are
// left at zero, e.g. B and η, or λ) by cross-validation on ds over the
// solver's own grid (lao.Grid) or the ranges o.Grid gives. Parameters set
// (non-zero) in s stay fixed. It returns a tuned copy of s (s itself is not
// modified) and the CV table; when the zero predictor wins (ZeroChosen) the
// copy is a ZeroPredictor, which reads nothing and predicts the training
// mean.
//
// A data-dependent solver's prior knowledge (lao.MomentsUser) is taken from
// s or, if absent, computed once from all of ds (WithPriors): the papers
// treat it as known before learning, so it is not re-estimated per fold.
func Tune(s lao.Solver, ds lao.Table, o TuneOptions) (lao.Solver, *CVResult, error) {
	if emptyTable(ds) {
		return nil, nil, fmt.Errorf("frames: TuneSolver: %w", lao.ErrEmpty)
	}
	if isNil(s) {
		return nil, nil, fmt.Errorf("frames: TuneSolver: the solver is nil: %w", lao.ErrNotPointer)
	}
	if o.Folds < 2 {
		return nil, nil, fmt.Errorf("frames: TuneSolver: TuneOptions.Folds = %d: cross-validation needs at least 2 folds (TuneFit fits without CV below 2): %w", o.Folds, lao.ErrParam)
	}
	base := WithPriors(s, ds)
	mFold := ds.Len() - ds.Len()/max(o.Folds, 1)
	// The fixed parameters are checked once, up front, so that a bad one
	// (k < 1, k > d, ...) is reported as itself rather than as a failure of
	// every grid point.
	check, err := lao.Clone(base)
	if err != nil {
		return nil, nil, fmt.Errorf("frames: TuneSolver: %w", err)
	}
	if _, _, err := check.Start(lao.Problem{M: mFold, D: ds.Dim(), Rand: lao.NewRand(o.Seed)}); err != nil {
		return nil, nil, err
	}
	grid, err := tuneGrid(base, lao.Problem{M: mFold, D: ds.Dim()}, o.Grid)
	if err != nil {
		return nil, nil, err
	}
	cvo := CVOptions{Folds: o.Folds, Seed: o.Seed, Repeats: o.Repeats, Rule: o.Rule, Order: o.Order, Share: o.Share}
	switch {
	case cvo.Repeats == 0 && o.Order != nil:
		cvo.Repeats = 1 // blocked folds are the same in every repeat: repeats would count each fold's error several times
	case cvo.Repeats == 0:
		cvo.Repeats = AutoRepeats(ds.Len())
	}
	cvo.Rule = autoRule(cvo.Rule, ds.Len())
	build := func(p Params) (lao.Solver, error) { return withParams(base, p) }
	if (o.Halving == "" || o.Halving == "auto") && lao.Describe(base).Ball == "l0" {
		// Murata & Suzuki's solvers and their competitors run mini-batch
		// rounds whose number and sizes follow m: on a ninth of the rows a
		// step size meets another schedule, and its rank there said little
		// about the full fit (Hybrid's chosen eta tripled its test error on
		// the ms2018-fig1 data). Their CV takes a fraction of a second anyway.
		o.Halving = "off"
	}
	res, err := tuneRun(ds, grid, build, cvo, o)
	if err != nil {
		return nil, nil, err
	}
	if !res.ZeroChosen && !o.inner && (o.Rule == "" || o.Rule == RuleAuto) && ds.Len() < NestedRows {
		if err := res.nestedCheck(base, ds, o); err != nil {
			return nil, nil, err
		}
	}
	if res.ZeroChosen {
		return &ZeroPredictor{Of: base.Name()}, res, nil
	}
	tuned, err := withParams(base, res.Best)
	return tuned, res, err
}

// tuneGrid returns lao.Grid(s, p) with the ranges of the parameters in
// override replaced. The other parameters' ranges are those lao.Grid built
// (a range centred on a replaced parameter, such as AdaGrad's step on B,
// keeps the centres of the original values).
func tuneGrid(s lao.Solver, p lao.Problem, override map[string][]float64) ([]Params, error) {
	var grid []Params
	for _, g := range lao.Grid(s, p) {
		grid = append(grid, Params(g))
	}
	for _, name := range slices.Sorted(maps.Keys(override)) {
		par, err := lao.FindParam(s, name)
		if err != nil {
			return nil, err
		}
		if par.Tune == nil || par.Get() != 0 {
			return nil, fmt.Errorf("frames: --grid %s: %s's parameter %s is not tuned (it has no CV range, or it is set): %w", name, s.Name(), par.Name, lao.ErrParam)
		}
		var next []Params
		seen := map[string]bool{}
		for _, g := range grid {
			rest := maps.Clone(g)
			delete(rest, par.Name)
			if key := rest.String(); !seen[key] {
				seen[key] = true
				for _, v := range override[name] {
					q := maps.Clone(rest)
					q[par.Name] = v
					next = append(next, q)
				}
			}
		}
		grid = next
	}
	return grid, nil
}

// widen extends, up to MaxWiden times, the range of every parameter whose
// lowest validation error lies on its edge by two more steps beyond it
// (the ratio of the edge and its neighbour; a range through 0 or below is
// not widened), along the line of the best setting, and chooses again.
func (r *CVResult) widen(run *cvRun) error {
	for range MaxWiden {
		var grid []Params
		for _, e := range r.edges() {
			best := r.Settings[r.minIndex()].Params
			if !(e.value > 0 && e.next > 0) {
				if e.where == "smallest" && e.value <= 0 { // a penalty's "off": nothing below it
					r.close(e)
				}
				continue // a range through 0: its edge stays
			}
			added := len(grid)
			for i := 1; i <= 2; i++ {
				v := e.value * math.Pow(e.value/e.next, float64(i))
				if math.IsInf(v, 0) || v == 0 {
					break
				}
				q := maps.Clone(best)
				q[e.name] = v
				if _, err := run.build(q); err == nil { // an int parameter refuses 2.5
					grid = append(grid, q)
				}
			}
			if len(grid) == added { // the solver takes nothing beyond: not an edge to warn of
				r.close(e)
			}
		}
		if len(grid) == 0 {
			return nil
		}
		sets, err := run.evaluateAll(grid)
		if err != nil {
			return err
		}
		r.Settings = append(r.Settings, sets...)
		if err := r.choose(); err != nil {
			return err
		}
	}
	return nil
}

// close marks e as an edge no value beyond which the solver takes.
func (r *CVResult) close(e gridEdge) {
	if r.closed == nil {
		r.closed = map[string]bool{}
	}
	r.closed[e.key()] = true
}

// ParseGridSpec parses a CV range as the command line's --grid takes it:
// "name=lo:hi:n" (n values evenly spaced on a log scale from lo to hi, both
// positive) or "name=v1,v2,..." (the values as given).
func ParseGridSpec(spec string) (name string, values []float64, err error) {
	name, rhs, ok := strings.Cut(spec, "=")
	name = strings.TrimSpace(name)
	if !ok || name == "" || strings.TrimSpace(rhs) == "" {
		return "", nil, fmt.Errorf("frames: --grid %q: want name=lo:hi:n or name=v1,v2,...: %w", spec, lao.ErrParam)
	}
	if parts := strings.Split(rhs, ":"); len(parts) == 3 {
		lo, e1 := strconv.ParseFloat(strings.TrimSpace(parts[0]), 64)
		hi, e2 := strconv.ParseFloat(strings.TrimSpace(parts[1]), 64)
		n, e3 := strconv.Atoi(strings.TrimSpace(parts[2]))
		if e1 != nil || e2 != nil || e3 != nil {
			return "", nil, fmt.Errorf("frames: --grid %q: lo and hi must be numbers and n an integer: %w", spec, lao.ErrParam)
		}
		if !(lo > 0 && hi > 0) || math.IsInf(lo, 0) || math.IsInf(hi, 0) || n < 1 {
			return "", nil, fmt.Errorf("frames: --grid %q: lo:hi:n spaces n values on a log scale, so lo and hi must be positive finite numbers and n at least 1 (name=v1,v2,... lists any values): %w", spec, lao.ErrParam)
		}
		values, err = LogSpace(lo, hi, n)
		return name, values, err
	}
	for _, f := range strings.Split(rhs, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return "", nil, fmt.Errorf("frames: --grid %q: %q is not a finite number: %w", spec, f, lao.ErrParam)
		}
		values = append(values, v)
	}
	return name, values, nil
}

// withParams returns a copy of s with the parameters p set.
func withParams(s lao.Solver, p Params) (lao.Solver, error) {
	c, err := lao.Clone(s)
	if err != nil {
		return nil, err
	}
	if err := lao.SetParams(c, p); err != nil {
		return nil, err
	}
	return c, nil
}

// WithPriors returns s, or a copy of s with the prior knowledge a
// data-dependent solver needs filled in from the training data ds if s
// still lacks it: the second moments E[x_i²] (SecondMoments) for a
// lao.MomentsUser such as DDAERR. s itself is not modified. (A solver that
// is not a pointer cannot be copied, lao.Clone: it is returned as it is,
// and its Start reports what it lacks.)
func WithPriors(s lao.Solver, ds lao.Table) lao.Solver {
	if mu, ok := s.(lao.MomentsUser); ok && mu.NeedsMoments() && !emptyTable(ds) {
		if c, err := lao.Clone(s); err == nil {
			c.(lao.MomentsUser).SetMoments(SecondMoments(ds))
			return c
		}
	}
	return s
}

// ZeroPredictor is what Tune returns when cross-validation chooses the
// zero predictor over every setting of a solver: it reads no attribute and
// predicts 0, the training mean on the centred labels frames prepares.
type ZeroPredictor struct {
	// Of names the solver it replaced.
	Of string
}

var _ lao.Solver = (*ZeroPredictor)(nil)

// Name returns "zero", or "zero (for SOLVER)".
func (z *ZeroPredictor) Name() string {
	if z.Of == "" {
		return "zero"
	}
	return "zero (for " + z.Of + ")"
}

// Params returns none.
func (z *ZeroPredictor) Params() []lao.Param { return nil }

// About describes the zero predictor.
func (z *ZeroPredictor) About() lao.About {
	return lao.About{Paper: "the training mean", Algorithm: "predicts 0 on centred labels; chosen by cross-validation over " + z.Of, Budget: "none", Ball: "l2"}
}

// Start returns a learner that reads nothing.
func (z *ZeroPredictor) Start(p lao.Problem) (lao.Learner, lao.Budget, error) {
	return zeroLearner{}, lao.Budget{Rule: "none (the zero predictor reads nothing)"}, nil
}

type zeroLearner struct{}

func (zeroLearner) Observe(*lao.Example)  {}
func (zeroLearner) Weights(dst []float64) { clear(dst) }
func (zeroLearner) Params() map[string]float64 {
	return map[string]float64{"zero_predictor": 1}
}

// GridFor keeps the ranges of grid (TuneOptions.Grid) that s tunes and has
// not been given a value for: a run of several solvers shares one set of
// ranges, and a range for one solver's parameter must not fail another
// that lacks it.
func GridFor(s lao.Solver, grid map[string][]float64) map[string][]float64 {
	out := map[string][]float64{}
	for name, vals := range grid {
		if p, err := lao.FindParam(s, name); err == nil && p.Tune != nil && p.Get() == 0 {
			out[name] = vals
		}
	}
	return out
}
