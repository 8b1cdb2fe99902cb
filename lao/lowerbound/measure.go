package lowerbound

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/laoproject/lao/lao"
	"gonum.org/v1/gonum/stat"
)

// MeasureOptions control MeasureSamples. The zero value is valid.
type MeasureOptions struct {
	// Seeds is the number of runs at each sample size; the median of their
	// excess risks decides. If 0, 7.
	Seeds int
	// M0 is the first sample size tried. If 0, 8.
	M0 int
	// Ratio is the growth of the sample size from one try to the next. If
	// 0, √2.
	Ratio float64
	// MMax is the largest sample size tried. If 0, 2^22.
	MMax int
	// Seed selects the data and solver seeds: run r at every size reads
	// the data of seed Seed·2^20 + r (so a larger size extends the
	// examples of a smaller one) and fits with solver seed Seed·2^20 + r.
	Seed uint64
	// Workers runs the seeds of a size concurrently (each on a clone of
	// the solver). If 0 or 1, sequentially.
	Workers int
}

// SampleCount is the measured number of examples a solver needs on an
// instance to reach a target excess risk.
type SampleCount struct {
	Solver string
	Eps    float64
	// M is the number of examples at which the median excess risk over the
	// seeds falls to ε: log-log interpolated between the last size tried
	// whose median was ≥ ε and the first whose median was below. NaN if the
	// target was not reached by MMax.
	M       float64
	Reached bool
	// AttributesPerExample is the mean number of attributes the solver
	// read per example (from the fits at the last size).
	AttributesPerExample float64
	// Sizes and Median are the sample sizes tried and the median excess
	// risk at each: the learning curve behind M.
	Sizes  []int
	Median []float64
}

func (o MeasureOptions) withDefaults() (MeasureOptions, error) {
	if o.Seeds == 0 {
		o.Seeds = 7
	}
	if o.M0 == 0 {
		o.M0 = 8
	}
	if o.Ratio == 0 {
		o.Ratio = math.Sqrt2
	}
	if o.MMax == 0 {
		o.MMax = 1 << 22
	}
	if o.Workers < 1 {
		o.Workers = 1
	}
	switch {
	case o.Seeds < 1:
		return o, paramErr("MeasureSamples", "Seeds", "= %d must be at least 1", o.Seeds)
	case o.M0 < 1:
		return o, paramErr("MeasureSamples", "M0", "= %d must be at least 1", o.M0)
	case !(o.Ratio > 1) || !finite(o.Ratio):
		return o, paramErr("MeasureSamples", "Ratio", "= %g must be greater than 1", o.Ratio)
	case o.MMax < o.M0:
		return o, paramErr("MeasureSamples", "MMax", "= %d is below M0 = %d", o.MMax, o.M0)
	}
	return o, nil
}

// MeasureSamples measures how many examples solver s needs on inst to reach
// excess risk eps (in inst's loss convention): it fits s on m = M0,
// M0·Ratio, … examples, Seeds times each, until the median excess risk over
// the seeds is below eps, and interpolates. Each fit is a fresh lao.Fit on
// m examples, so defaults that depend on m (a theorem's step size) are
// those of a fit of m examples.
func MeasureSamples(s lao.Solver, inst Instance, eps float64, opt MeasureOptions) (SampleCount, error) {
	opt, err := opt.withDefaults()
	if err != nil {
		return SampleCount{}, err
	}
	if !(eps > 0) || !finite(eps) {
		return SampleCount{}, paramErr("MeasureSamples", "eps", "= %g must be positive", eps)
	}
	out := SampleCount{Solver: s.Name(), Eps: eps, M: math.NaN()}
	prev := 0
	for m := opt.M0; m <= opt.MMax; m = max(m+1, int(math.Ceil(float64(m)*opt.Ratio))) {
		excess, attrs, err := runSeeds(s, inst, m, opt)
		if err != nil {
			return out, err
		}
		med := median(excess)
		out.Sizes = append(out.Sizes, m)
		out.Median = append(out.Median, med)
		out.AttributesPerExample = attrs
		if med < eps {
			out.Reached = true
			out.M = float64(m)
			if prev > 0 {
				out.M = interpolate(float64(prev), out.Median[len(out.Median)-2], float64(m), med, eps)
			}
			return out, nil
		}
		prev = m
	}
	return out, nil
}

// runSeeds fits s on m examples for every seed and returns the excess
// risks and the mean attributes per example.
func runSeeds(s lao.Solver, inst Instance, m int, opt MeasureOptions) ([]float64, float64, error) {
	excess := make([]float64, opt.Seeds)
	attrs := make([]float64, opt.Seeds)
	errs := make([]error, opt.Seeds)
	run := func(solver lao.Solver, r int) {
		seed := opt.Seed<<20 + uint64(r)
		res, err := lao.Fit(solver, inst.Source(m, seed), lao.Options{Seed: seed})
		if err != nil {
			errs[r] = fmt.Errorf("lowerbound: %s on %s, m = %d, seed %d: %w", solver.Name(), inst.Name(), m, seed, err)
			return
		}
		excess[r] = inst.Excess(res.W)
		attrs[r] = res.MeanPerExample()
	}
	if opt.Workers == 1 {
		for r := range opt.Seeds {
			run(s, r)
		}
	} else {
		if _, err := lao.Clone(s); err != nil { // each worker fits its own copy
			return nil, 0, fmt.Errorf("lowerbound: %w", err)
		}
		var wg sync.WaitGroup
		next := make(chan int)
		for range opt.Workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c, _ := lao.Clone(s) // checked above
				for r := range next {
					run(c, r)
				}
			}()
		}
		for r := range opt.Seeds {
			next <- r
		}
		close(next)
		wg.Wait()
	}
	for _, err := range errs {
		if err != nil {
			return nil, 0, err
		}
	}
	return excess, stat.Mean(attrs, nil), nil
}

func median(v []float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// interpolate returns the m at which the line through (log m0, log e0) and
// (log m1, log e1) reaches log eps (e0 ≥ eps > e1 > 0); m1 if e1 ≤ 0.
func interpolate(m0, e0, m1, e1, eps float64) float64 {
	if !(e1 > 0) || !(e0 > e1) {
		return m1
	}
	t := (math.Log(e0) - math.Log(eps)) / (math.Log(e0) - math.Log(e1))
	return math.Exp(math.Log(m0) + t*(math.Log(m1)-math.Log(m0)))
}

// Slope fits log y = a + b·log x by least squares and returns b, the
// log-log slope (NaN with fewer than 2 usable points; points with x or y
// not positive are skipped).
func Slope(x, y []float64) float64 {
	var lx, ly []float64
	for i := range x {
		if x[i] > 0 && y[i] > 0 && !math.IsInf(y[i], 0) {
			lx, ly = append(lx, math.Log(x[i])), append(ly, math.Log(y[i]))
		}
	}
	if len(lx) < 2 || slices.Min(lx) == slices.Max(lx) {
		return math.NaN()
	}
	_, b := stat.LinearRegression(lx, ly, nil, false)
	return b
}
