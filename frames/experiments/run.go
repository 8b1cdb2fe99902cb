package experiments

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
	"gonum.org/v1/gonum/stat"
)

// Entry is one curve of an experiment: a registered solver with its fixed
// parameters, optionally tuned by cross-validation.
type Entry struct {
	Label  string // legend label, e.g. "AER (k = 4)"
	Solver string // registry name, e.g. "aer" (see lao.New)
	// Params holds the fixed parameters by name, e.g. {"k": 4} for a
	// budgeted solver; the others keep their defaults.
	Params map[string]float64
	// Tune selects the solver's tunable parameters (B, η or λ) by
	// Spec.CVFolds-fold cross-validation on each split's training part,
	// over the solver's own grid (lao.Grid); parameters set in Params stay
	// fixed.
	Tune bool
	// PredictBudget, if positive, is the prediction-time budget (Murata &
	// Suzuki 2018's s'): every test prediction goes through an observation
	// handle that reveals at most PredictBudget attributes
	// (lao.EvaluateBudgeted), so a model that needs more fails the run.
	PredictBudget int
	// TuneOnce keeps the ordinary protocol (tuned once, one fit read at
	// checkpoints) for this entry under Spec.PerPrefix: for batch solvers
	// (Baseline, offline Ridge and Lasso), whose checkpoints are solves on
	// each prefix and whose penalty or radius needs no step-size scaling,
	// and whose tuning costs a full solve per grid point whatever the
	// prefix's length.
	TuneOnce bool
}

// New returns the entry's solver: the registered solver with the entry's
// fixed parameters set.
func (e Entry) New() (lao.Solver, error) {
	s, err := lao.New(e.Solver)
	if err != nil {
		return nil, err
	}
	if err := lao.SetParams(s, e.Params); err != nil {
		return nil, err
	}
	return s, nil
}

// Spec describes a learning-curve experiment as the papers run them: random
// train/test splits, per-split tuning by CV, then each solver run on
// increasingly long prefixes of the training part, test squared error
// recorded against examples and against attributes seen.
type Spec struct {
	Entries  []Entry
	Splits   int     // random train/test splits (the papers use 10)
	TestFrac float64 // held-out fraction (the papers use 0.1)
	CVFolds  int     // folds for Entry.Tune (the papers use 10); < 2 disables tuning
	Points   int     // prefix lengths per curve, log-spaced from MinPrefix to the training size
	// MinPrefix is the shortest prefix (default 10).
	MinPrefix int
	// CVMax, if positive, tunes on at most this many training examples
	// (a prefix), to keep quick runs quick; 0 uses the whole training part.
	CVMax int
	Seed  uint64
	// Preprocess transforms each split (centring, intercept) before
	// tuning and fitting; the zero value uses the data as they are.
	Preprocess Preprocess
	// MaxTrain, if positive, keeps at most this many examples of each
	// split's training part (the first of its shuffled order): a smaller
	// run of the same protocol, for quick looks; 0 keeps them all.
	MaxTrain int
	// PerPrefix tunes (for entries with Tune) and fits every prefix
	// afresh on that prefix alone, instead of reading one fit on the whole
	// training part at checkpoints. Parameters tuned for the whole part
	// (a step size, a radius) are then never used on a prefix they were
	// not chosen for: with them, the short prefixes of a curve can show
	// errors far above the zero predictor's (large steps over few
	// examples) that say nothing about the algorithm at that size. It
	// costs about twice the tuning of one fit (the prefixes are
	// log-spaced).
	PerPrefix bool
}

// Point is a curve's value at one prefix length, over the splits.
type Point struct {
	Examples    int
	Attributes  float64 // mean attributes seen after Examples examples
	MSE, MSEStd float64 // test squared error: mean and standard deviation over splits
	Err, ErrStd float64 // test classification error sign(w·x) ≠ y (meaningful for ±1 labels)
	// ZeroMSE is the test squared error of the zero predictor (w = 0: the
	// training mean when the labels are centred), mean over splits: the
	// error every curve should stay below.
	ZeroMSE float64
	// ZeroFits counts the splits on which the fit at this prefix read no
	// attribute: cross-validation (or the refit rule) chose the zero
	// predictor, so the point is the zero predictor's error there, not the
	// solver's. (Every solver reads attributes once it has seen an
	// example, so a fit that read none is taken for the zero predictor.)
	ZeroFits int
}

// ZeroOnAll reports whether the fit at this point was the zero predictor
// on every one of the splits: the point is then the zero predictor's, not
// the solver's.
func (p Point) ZeroOnAll(splits int) bool { return p.ZeroFits > 0 && p.ZeroFits == splits }

// Curve is the result for one Entry.
type Curve struct {
	Entry  Entry
	Points []Point
	// Params lists, per split, the parameters the solver ran with
	// (defaults resolved, tuned values where tuned).
	Params []map[string]float64
	// Edges lists, per split, the tuned parameters that CV chose on the edge
	// of the grid (frames.CVResult.Edges); empty when every choice was
	// interior or nothing was tuned.
	Edges [][]string
	// Refits lists the tuned fits that were worse than the zero predictor
	// on their own training data and were refitted with CV's next setting
	// (a step size that was stable on CV's folds and not on the whole
	// training part), one line each naming the split and the prefix.
	Refits []string
}

// Report is the result of Run.
type Report struct {
	Spec   Spec
	D, M   int // attributes and examples of the data set
	MTrain int // training examples per split
	// Binary reports whether every label of the data set is −1 or +1:
	// only then is the classification error sign(w·x) ≠ y meaningful.
	Binary  bool
	Curves  []Curve
	Seconds float64
	// Resumed counts the (split, entry) results read from a Journal
	// rather than computed by this run, and ResumedSeconds the wall time
	// they took when they were computed.
	Resumed        int
	ResumedSeconds float64
}

// Progress is called after each (split, entry) with a short message.
type Progress func(done, total int, msg string)

// Run executes spec on ds. It is deterministic for a given Spec.Seed.
func Run(ds *lao.Dataset, spec Spec, progress Progress) (*Report, error) {
	return run(ds, spec, nil, progress)
}

// run is Run, with the results journal j holds read from it and the others
// added to it when j is not nil.
func run(ds *lao.Dataset, spec Spec, j *Journal, progress Progress) (*Report, error) {
	if err := spec.check(ds); err != nil {
		return nil, err
	}
	start := time.Now()
	rep := &Report{Spec: spec, D: ds.Dim(), M: ds.Len(), Binary: binaryLabels(ds), Curves: make([]Curve, len(spec.Entries))}
	g := newGrids(spec)
	var prefixes []int
	var data string // the data set's fingerprint, for the journal's keys
	if j != nil {
		data = frames.Fingerprint(ds)
	}
	total, done := spec.Splits*len(spec.Entries), 0
	for s := range spec.Splits {
		seed := spec.Seed + uint64(s)
		train, test, err := frames.SplitDataset(ds, spec.TestFrac, seed)
		if err != nil {
			return nil, err
		}
		if spec.MaxTrain > 0 && train.Len() > spec.MaxTrain {
			train = train.Head(spec.MaxTrain)
		}
		prep := &splitPrep{train: train, test: test, pre: spec.Preprocess, cache: map[string]*frames.Prepared{}, share: frames.NewCVShare()}
		if prefixes == nil {
			rep.MTrain = train.Len()
			prefixes = logPrefixes(max(spec.MinPrefix, 1), train.Len(), spec.Points)
		}
		for e, entry := range spec.Entries {
			r, resumed, err := j.resumeOrRun(entry, spec, prep, seed, s, data, prefixes, g.at(e, s))
			if err != nil {
				return nil, fmt.Errorf("experiments: %s, split %d of %d: %w", entry.Label, s+1, spec.Splits, err)
			}
			rep.record(e, s, r, resumed)
			done++
			if progress != nil {
				msg := fmt.Sprintf("split %d/%d: %s", s+1, spec.Splits, entry.Label)
				if resumed > 0 {
					msg += " (from the journal)"
				}
				progress(done, total, msg)
			}
		}
	}
	rep.points(g, prefixes)
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// record adds what entry e's fit on split s reported besides its scores
// (resumed: the seconds it took, if it was read from a journal).
func (rep *Report) record(e, s int, r entryResult, resumed float64) {
	if resumed > 0 {
		rep.Resumed++
		rep.ResumedSeconds += resumed
	}
	c := &rep.Curves[e]
	c.Params, c.Edges = append(c.Params, r.params), append(c.Edges, r.edges)
	for _, n := range r.notes {
		c.Refits = append(c.Refits, fmt.Sprintf("split %d, %s", s+1, n))
	}
}

// points fills every curve's points from the scores of every split.
func (rep *Report) points(g grids, prefixes []int) {
	for e, entry := range rep.Spec.Entries {
		rep.Curves[e].Entry = entry
		for p, n := range prefixes {
			pt := Point{Examples: n}
			pt.MSE, pt.MSEStd = meanStdAt(g.mse[e], p)
			pt.Err, pt.ErrStd = meanStdAt(g.cerr[e], p)
			pt.Attributes, _ = meanStdAt(g.attrs[e], p)
			pt.ZeroMSE, _ = meanStdAt(g.zero[e], p)
			for _, row := range g.attrs[e] {
				if row[p] == 0 {
					pt.ZeroFits++
				}
			}
			rep.Curves[e].Points = append(rep.Curves[e].Points, pt)
		}
	}
}

func (spec Spec) check(ds *lao.Dataset) error {
	switch {
	case ds == nil || ds.Len() == 0:
		return fmt.Errorf("experiments: %w", lao.ErrEmpty)
	case len(spec.Entries) == 0:
		return fmt.Errorf("experiments: no entries: %w", lao.ErrParam)
	case spec.Splits < 1:
		return fmt.Errorf("experiments: Splits = %d must be at least 1: %w", spec.Splits, lao.ErrParam)
	case spec.Points < 1:
		return fmt.Errorf("experiments: Points = %d must be at least 1: %w", spec.Points, lao.ErrParam)
	}
	for _, e := range spec.Entries {
		s, err := e.New()
		if err == nil {
			_, err = spec.Preprocess.Options(s)
		}
		if err != nil {
			return fmt.Errorf("experiments: entry %q: %w", e.Label, err)
		}
	}
	return nil
}

// resumeOrRun returns j's result for (entry, split s) if j holds one (with
// the seconds it took when computed, at least 1e-9), and otherwise computes
// it with runEntry and adds it to j. A nil j computes.
func (j *Journal) resumeOrRun(entry Entry, spec Spec, prep *splitPrep, seed uint64, s int, data string, prefixes []int, out record) (entryResult, float64, error) {
	if j == nil {
		r, err := runEntry(entry, spec, prep, seed, prefixes, out)
		return r, 0, err
	}
	key := journalKey(spec, entry, s, data)
	if rec, ok := j.lookup(key); ok {
		if fromJ(out.mse, rec.MSE) && fromJ(out.cerr, rec.Err) && fromJ(out.attrs, rec.Attrs) && fromJ(out.zero, rec.Zero) {
			r := entryResult{params: map[string]float64{}, edges: rec.Edges, notes: rec.Notes}
			for k, v := range rec.Params {
				r.params[k] = float64(v)
			}
			j.resumed(rec)
			return r, max(rec.Seconds, 1e-9), nil
		}
	}
	start := time.Now()
	r, err := runEntry(entry, spec, prep, seed, prefixes, out)
	if err != nil {
		return r, 0, err
	}
	rec := journalRecord{Key: key, Label: entry.Label, Split: s + 1, Seconds: time.Since(start).Seconds(),
		MSE: toJ(out.mse), Err: toJ(out.cerr), Attrs: toJ(out.attrs), Zero: toJ(out.zero),
		Params: map[string]jfloat{}, Edges: r.edges, Notes: r.notes}
	for k, v := range r.params {
		rec.Params[k] = jfloat(v)
	}
	return r, 0, j.store(rec)
}

// runEntry tunes (if asked) and fits one entry on one split, recording the
// test errors (frames.Score, in the data's units) at every prefix: from one
// fit read at checkpoints or, with Spec.PerPrefix, from one tuning and fit
// per prefix.
func runEntry(entry Entry, spec Spec, prep *splitPrep, seed uint64, prefixes []int, out record) (entryResult, error) {
	s, err := entry.New()
	if err != nil {
		return entryResult{}, err
	}
	p, err := prep.forSolver(s)
	if err != nil {
		return entryResult{}, err
	}
	train := p.Train.(*lao.Dataset)
	if !spec.PerPrefix || entry.TuneOnce {
		return fitEntry(entry, spec, p, train, seed, prefixes, out, prep.share)
	}
	var r entryResult
	var notes []string
	for i, n := range prefixes {
		one := record{out.mse[i : i+1], out.cerr[i : i+1], out.attrs[i : i+1], out.zero[i : i+1]}
		if r, err = fitEntry(entry, spec, p, train.Head(n), seed, []int{n}, one, nil); err != nil {
			return entryResult{}, fmt.Errorf("prefix of %d examples: %w", n, err)
		}
		notes = append(notes, r.notes...)
	}
	r.notes = notes
	return r, nil
}

// fitEntry tunes (if asked) a fresh solver of entry on train and fits it,
// scoring the checkpoints at prefixes with the split's preparation p; the
// tuning shares its folds' work through share (if not nil) when it
// cross-validates on the whole of train. A
// tuned fit worse than the zero predictor on its own training data is
// refitted with CV's next settings, then the zero predictor (frames.Refit,
// the rule of every tuned fit), and the notes say so.
func fitEntry(entry Entry, spec Spec, p *frames.Prepared, train *lao.Dataset, seed uint64, prefixes []int, out record, share *frames.CVShare) (entryResult, error) {
	s, err := entry.New()
	if err != nil {
		return entryResult{}, err
	}
	s = frames.WithPriors(s, train) // e.g. DDAERR's moments, from this split's training part
	var r entryResult
	var cv *frames.CVResult
	base := s
	if entry.Tune && spec.CVFolds >= 2 && lao.Tunable(s) {
		cvData := train
		if spec.CVMax > 0 && train.Len() > spec.CVMax {
			cvData, share = train.Head(spec.CVMax), nil
		}
		// The papers tune by plain k-fold CV on the training part: no
		// successive halving, which ranks the settings on a small part of
		// the rows, where smaller steps win: on ms2018-fig1, halving from a
		// ninth chose Hybrid's η = 0.03 (final test MSE 12.9) against η =
		// 0.1 (3.6) by plain CV (TestSyntheticPresetRuns).
		// Nor the auto rule's nested check below frames.NestedRows rows:
		// it would replace the papers' algorithms on the first prefixes
		// (10 to 30 examples) by the zero predictor, and multiply their
		// cost; the rule itself is auto's (frames.AutoRule).
		rule := frames.AutoRule(cvData.Len())
		if s, cv, err = frames.Tune(s, cvData, frames.TuneOptions{Folds: spec.CVFolds, Seed: seed, Halving: "off", Rule: rule, Share: share}); err != nil {
			return entryResult{}, err
		}
		r.edges = cv.Edges()
	}
	fit := func(s lao.Solver) (*lao.Result, error) { return fitScored(s, entry, p, train, seed, prefixes, out) }
	res, _, notes, err := frames.Refit(train, s, base, cv, fit)
	if err != nil {
		return entryResult{}, err
	}
	for _, n := range notes {
		r.notes = append(r.notes, fmt.Sprintf("%d examples: %s", train.Len(), n))
	}
	r.params = res.Params
	return r, nil
}

// entryResult is what one (entry, split) or prefix fit reports besides its
// scores: the parameters it ran with, CV's choices on the grid's edge, and
// the refits.
type entryResult struct {
	params map[string]float64
	edges  []string
	notes  []string
}

// fitScored fits s on train and scores the checkpoints at prefixes.
func fitScored(s lao.Solver, entry Entry, p *frames.Prepared, train *lao.Dataset, seed uint64, prefixes []int, out record) (*lao.Result, error) {
	i := 0
	var evalErr error
	res, err := lao.Fit(s, train.Stream(), lao.Options{Seed: seed, Checkpoints: prefixes,
		OnCheckpoint: func(c lao.Checkpoint) {
			sc, err := p.Score(c.W, entry.PredictBudget)
			if err != nil && evalErr == nil {
				evalErr = fmt.Errorf("after %d examples: %w", c.Examples, err)
			}
			out.mse[i], out.cerr[i], out.attrs[i], out.zero[i] = sc.MSE, sc.ClassificationError, float64(c.Attributes), sc.ZeroMSE
			i++
		}})
	if err != nil {
		return nil, err
	}
	return res, evalErr
}

// logPrefixes returns up to n distinct prefix lengths, log-spaced from lo to
// hi, always ending at hi.
func logPrefixes(lo, hi, n int) []int {
	lo = min(lo, hi)
	if n <= 1 || lo == hi {
		return []int{hi}
	}
	var out []int
	for i := range n {
		v := int(math.Round(float64(lo) * math.Pow(float64(hi)/float64(lo), float64(i)/float64(n-1))))
		if len(out) == 0 || v > out[len(out)-1] {
			out = append(out, v)
		}
	}
	out[len(out)-1] = hi
	return out
}

// grids hold what every (entry e, split s, prefix p) measured: the test
// MSE, classification error, attributes seen and the zero predictor's MSE.
type grids struct{ mse, cerr, attrs, zero [][][]float64 }

// record is one (entry, split) row of grids, by prefix.
type record struct{ mse, cerr, attrs, zero []float64 }

func newGrids(spec Spec) grids {
	return grids{grid3(spec), grid3(spec), grid3(spec), grid3(spec)}
}

func (g grids) at(e, s int) record {
	return record{g.mse[e][s], g.cerr[e][s], g.attrs[e][s], g.zero[e][s]}
}

func grid3(spec Spec) [][][]float64 {
	g := make([][][]float64, len(spec.Entries))
	for e := range g {
		g[e] = make([][]float64, spec.Splits)
		for s := range g[e] {
			g[e][s] = make([]float64, spec.Points)
		}
	}
	return g
}

// meanStdAt returns the mean and sample standard deviation of v[s][p] over s.
func meanStdAt(v [][]float64, p int) (mean, std float64) {
	col := make([]float64, len(v))
	for s, row := range v {
		col[s] = row[p]
	}
	return MeanSD(col)
}

// MeanSD returns the mean of v and its sample standard deviation (divisor
// n − 1; 0 for one value; NaN for none): the mean ± sd of every table and
// band (gonum's stat.MeanStdDev).
func MeanSD(v []float64) (mean, sd float64) {
	switch len(v) {
	case 0:
		return math.NaN(), math.NaN()
	case 1:
		return v[0], 0
	}
	return stat.MeanStdDev(v, nil)
}

// Median returns the median of v (NaN for an empty slice).
func Median(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Sorted(slices.Values(v))
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// binaryLabels reports whether every label of ds is −1 or +1.
func binaryLabels(ds *lao.Dataset) bool {
	for i := range ds.Len() {
		if y := ds.Label(i); y != 1 && y != -1 {
			return false
		}
	}
	return true
}
