package experiments

import (
	"fmt"
	"slices"
	"sync"

	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
)

// SeedSweep repeats a measurement over seeds and aggregates it: the theorem
// checks of the notebooks measure, for every seed, a few curves (say the
// excess risk of AERR and of AELR) at a list of points (sample sizes m,
// dimensions d, exponents α), and plot the mean ± one standard deviation
// over the seeds. Exactly one of Run and At must be set.
//
//	res, err := experiments.SeedSweep{X: ms, Curves: []string{"AERR"}, Seeds: 5,
//		At: func(seed uint64, i int) ([]float64, error) {
//			fit, err := lao.Fit(&lao.AERR{K: 4}, sample(ms[i], seed).Stream(), lao.Options{Seed: seed})
//			if err != nil {
//				return nil, err
//			}
//			return []float64{excess(fit.W)}, nil
//		}}.Do()
type SeedSweep struct {
	X      []float64 // the points, e.g. sample sizes m
	Curves []string  // curve names, in the order Run and At return values
	Seeds  int       // repetitions, with seeds 0, 1, ..., Seeds−1
	// Run measures every curve at every point for one seed: vals[c][i]
	// is curve c at X[i]. Use it when one run yields all points (a fit
	// with checkpoints).
	Run func(seed uint64) (vals [][]float64, err error)
	// At measures every curve at point X[i] for one seed: vals[c] is
	// curve c there. Use it when every point needs its own run.
	At func(seed uint64, i int) (vals []float64, err error)
	// Workers is the number of seeds run concurrently; 0 or 1 runs one at a
	// time. Run and At must then be safe for concurrent use. The result does
	// not depend on Workers.
	Workers int
	// Progress, if set, is called after every finished seed (Run) or every
	// finished (seed, point) pair (At).
	Progress Progress
}

// SweepCurve is one curve of a sweep: at every point, the mean and the
// sample standard deviation over seeds (divisor n − 1; 0 for one seed), and
// the values of every seed.
type SweepCurve struct {
	Name      string
	Mean, Std []float64
	Runs      [][]float64 // Runs[s][i]: seed s at X[i]
}

// SweepResult is the outcome of SeedSweep.Do.
type SweepResult struct {
	X      []float64
	Seeds  int
	Curves []SweepCurve
}

// Do runs the sweep. The first error stops it and is returned with the
// seed (and point) that caused it.
func (s SeedSweep) Do() (*SweepResult, error) {
	if err := s.check(); err != nil {
		return nil, err
	}
	runs := make([][][]float64, s.Seeds) // runs[seed][curve][point]
	total := s.Seeds
	if s.At != nil {
		total *= len(s.X)
	}
	var mu sync.Mutex
	done := 0
	step := func(msg string) { // under the lock, so the counts arrive in order
		mu.Lock()
		defer mu.Unlock()
		done++
		if s.Progress != nil {
			s.Progress(done, total, msg)
		}
	}
	err := forEach(s.Seeds, s.Workers, func(seed int) error {
		vals, err := s.runSeed(uint64(seed), step)
		if err == nil {
			err = s.checkSeed(seed, vals)
		}
		runs[seed] = vals
		return err
	})
	if err != nil {
		return nil, err
	}
	res := &SweepResult{X: slices.Clone(s.X), Seeds: s.Seeds}
	for c, name := range s.Curves {
		perSeed := make([][]float64, s.Seeds)
		for seed := range runs {
			perSeed[seed] = runs[seed][c]
		}
		mean, std, err := MeanStd(perSeed)
		if err != nil {
			return nil, err
		}
		res.Curves = append(res.Curves, SweepCurve{Name: name, Mean: mean, Std: std, Runs: perSeed})
	}
	return res, nil
}

// checkSeed reports a seed's values whose shape is not one row per curve
// and one value per point.
func (s SeedSweep) checkSeed(seed int, vals [][]float64) error {
	if len(vals) != len(s.Curves) {
		return fmt.Errorf("experiments: SeedSweep: seed %d: %d curves, want %d (%v): %w", seed, len(vals), len(s.Curves), s.Curves, lao.ErrParam)
	}
	for c, v := range vals {
		if len(v) != len(s.X) {
			return fmt.Errorf("experiments: SeedSweep: seed %d, curve %q: %d values for %d points: %w", seed, s.Curves[c], len(v), len(s.X), lao.ErrParam)
		}
	}
	return nil
}

// forEach calls one(i) for i = 0..n−1 on up to workers goroutines (at
// least one). It stops handing out indices after the first failure and
// returns the error of the lowest failing index, so the result does not
// depend on the number of workers.
func forEach(n, workers int, one func(i int) error) error {
	var (
		mu       sync.Mutex
		firstErr error
		errAt    int
		wg       sync.WaitGroup
	)
	next := make(chan int)
	for range min(max(workers, 1), n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if err := one(i); err != nil {
					mu.Lock()
					if firstErr == nil || i < errAt {
						firstErr, errAt = err, i
					}
					mu.Unlock()
				}
			}
		}()
	}
	for i := range n {
		mu.Lock()
		stop := firstErr != nil
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return firstErr
}

func (s SeedSweep) check() error {
	switch {
	case len(s.X) == 0:
		return fmt.Errorf("experiments: SeedSweep: no points X: %w", lao.ErrParam)
	case len(s.Curves) == 0:
		return fmt.Errorf("experiments: SeedSweep: no Curves: %w", lao.ErrParam)
	case s.Seeds < 1:
		return fmt.Errorf("experiments: SeedSweep: Seeds = %d, want at least 1: %w", s.Seeds, lao.ErrParam)
	case (s.Run == nil) == (s.At == nil):
		return fmt.Errorf("experiments: SeedSweep: set exactly one of Run and At: %w", lao.ErrParam)
	}
	return nil
}

// runSeed returns vals[curve][point] for one seed.
func (s SeedSweep) runSeed(seed uint64, step func(string)) ([][]float64, error) {
	if s.Run != nil {
		vals, err := s.Run(seed)
		if err != nil {
			return nil, fmt.Errorf("experiments: SeedSweep: seed %d: %w", seed, err)
		}
		step(fmt.Sprintf("seed %d", seed))
		return vals, nil
	}
	vals := make([][]float64, len(s.Curves))
	for c := range vals {
		vals[c] = make([]float64, len(s.X))
	}
	for i := range s.X {
		v, err := s.At(seed, i)
		if err != nil {
			return nil, fmt.Errorf("experiments: SeedSweep: seed %d, x = %g: %w", seed, s.X[i], err)
		}
		if len(v) != len(s.Curves) {
			return nil, fmt.Errorf("experiments: SeedSweep: seed %d, x = %g: %d values for curves %v: %w", seed, s.X[i], len(v), s.Curves, lao.ErrParam)
		}
		for c := range v {
			vals[c][i] = v[c]
		}
		step(fmt.Sprintf("seed %d, x = %g", seed, s.X[i]))
	}
	return vals, nil
}

// Curve returns the curve with the given name.
func (r *SweepResult) Curve(name string) (SweepCurve, bool) {
	for _, c := range r.Curves {
		if c.Name == name {
			return c, true
		}
	}
	return SweepCurve{}, false
}

// Series returns the curves ready for plotting (package frames/plot), in
// the order of SeedSweep.Curves: the mean over the seeds, with the
// standard deviation as a band when there are several seeds.
func (r *SweepResult) Series() []plot.Curve {
	out := make([]plot.Curve, len(r.Curves))
	for i, c := range r.Curves {
		out[i] = plot.Curve{Name: c.Name, X: slices.Clone(r.X), Mean: slices.Clone(c.Mean)}
		if r.Seeds > 1 {
			out[i].Std = slices.Clone(c.Std)
		}
	}
	return out
}

// MeanStd aggregates repeated runs: runs[s][i] is the value of run (seed or
// split) s at point i. It returns, per point, the mean and the sample
// standard deviation (divisor n − 1; 0 for a single run). All runs must have
// the same length.
func MeanStd(runs [][]float64) (mean, std []float64, err error) {
	if len(runs) == 0 {
		return nil, nil, fmt.Errorf("experiments: MeanStd: no runs: %w", lao.ErrParam)
	}
	n := len(runs[0])
	for s, r := range runs {
		if len(r) != n {
			return nil, nil, fmt.Errorf("experiments: MeanStd: run %d has %d points, run 0 has %d: %w", s, len(r), n, lao.ErrParam)
		}
	}
	mean, std = make([]float64, n), make([]float64, n)
	for i := range n {
		mean[i], std[i] = meanStdAt(runs, i)
	}
	return mean, std, nil
}
