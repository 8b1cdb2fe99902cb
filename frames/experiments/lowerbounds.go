package experiments

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/laoproject/lao/frames/plot"
	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/lowerbound"
)

// LowerBoundsName is the CLI name of the lower-bound scaling experiment.
const LowerBoundsName = "lower-bounds"

// Families of lower-bound instances.
const (
	FamilyCSS = "css" // Cesa-Bianchi et al. 2010, Theorem 3 (lowerbound.NewCSS), loss (w·x − y)²
	FamilyHK  = "hk"  // Hazan & Koren 2012, Theorem 2.2 (lowerbound.NewHazanKoren), loss ½(w·x − y)²
)

// LowerSlopes are the slopes of log m in log d, log k and log ε that a
// lower bound (or an upper bound) predicts.
type LowerSlopes struct{ D, K, Eps float64 }

// FamilySlopes are the lower bounds' slopes: Ω(d/(kε)) for the CSS
// instance, Ω(d/(kε²)) for the ridge instance.
var FamilySlopes = map[string]LowerSlopes{FamilyCSS: {1, -1, -1}, FamilyHK: {1, -1, -2}}

// LBSolver is a solver measured on a family: how to build it for k, which
// k it accepts, and the slopes its own upper bound predicts (ignoring log
// factors).
type LBSolver struct {
	Label string
	New   func(k int) lao.Solver
	MinK  int  // smallest k it accepts
	EvenK bool // only even k (AER reads k/2 + k/2)
	// Seeds, if positive, overrides the spec's seeds per measurement
	// (the cheap matching learners use more, for a smoother curve).
	Seeds int
	Upper LowerSlopes
	Why   string // where Upper comes from
}

// Sweep varies one of d, k, ε around a base point, for one family.
type Sweep struct {
	Family  string
	Vary    string // "d", "k" or "eps"
	D, K    int    // the base point
	Eps     float64
	Values  []float64 // the values of the varied parameter
	Solvers []LBSolver
}

// LowerBoundsSpec is the whole experiment.
type LowerBoundsSpec struct {
	Sweeps []Sweep
	// Measure controls each sample-count measurement (seeds, grid, workers).
	Measure lowerbound.MeasureOptions
	// FloorD lists the d of the prediction-on-a-budget table (exhaustive
	// search; at most lowerbound.MaxExhaustiveD).
	FloorD []int
}

// The solvers of the experiment.
var (
	lbCoin = LBSolver{Label: "coin-counter", New: func(k int) lao.Solver { return &lowerbound.CoinCounter{K: k} }, MinK: 1, Seeds: 21,
		Upper: LowerSlopes{1, -1, -1}, Why: "d ln d/(2kε): the coin counter reads each attribute until its majority is clear"}
	lbAELR = LBSolver{Label: "aelr", New: func(k int) lao.Solver { return &lao.AELR{K: k} }, MinK: 1,
		Upper: LowerSlopes{1, -1, -2}, Why: "Hazan & Koren 2012, Thm 3.4: 160B⁴d log(2d)/(kε²)"}
	lbAER = LBSolver{Label: "aer", New: func(k int) lao.Solver { return &lao.AER{K: k} }, MinK: 2, EvenK: true,
		Upper: LowerSlopes{2, -1, -2}, Why: "Cesa-Bianchi et al. 2010, Thm 2: d²(B+1)²B₂²/(kε²) up to log m"}
	lbVote = LBSolver{Label: "majority-vote", New: func(k int) lao.Solver { return &lowerbound.MajorityVote{K: k} }, MinK: 1, Seeds: 21,
		Upper: LowerSlopes{1, -1, -2}, Why: "about 0.1·d/(kε²) at p = 2ε (its closed form)"}
	lbAERR = LBSolver{Label: "aerr", New: func(k int) lao.Solver { return &lao.AERR{K: k} }, MinK: 1,
		Upper: LowerSlopes{1, -1, -2}, Why: "Hazan & Koren 2012, Thm 3.1: 32B⁴d/(kε²)"}
)

// DefaultLowerBounds is the default experiment: it finishes in 1.5 to 3
// minutes on 2 cores (86 s idle, 175 s at a load average of 14; 7 seeds per
// point, 21 for the matching learners, 2 workers).
func DefaultLowerBounds() LowerBoundsSpec {
	css := []LBSolver{lbCoin, lbAELR, lbAER}
	hk := []LBSolver{lbVote, lbAERR}
	return LowerBoundsSpec{
		Sweeps: []Sweep{
			{Family: FamilyCSS, Vary: "d", D: 16, K: 2, Eps: 1.0 / 20, Values: []float64{8, 16, 32, 64}, Solvers: css},
			{Family: FamilyCSS, Vary: "k", D: 32, K: 2, Eps: 1.0 / 20, Values: []float64{1, 2, 4, 8}, Solvers: css},
			{Family: FamilyCSS, Vary: "eps", D: 16, K: 2, Eps: 1.0 / 20, Values: []float64{1.0 / 20, 1.0 / 40, 1.0 / 80, 1.0 / 160, 1.0 / 320}, Solvers: css},
			{Family: FamilyHK, Vary: "d", D: 64, K: 1, Eps: 0.05, Values: []float64{32, 64, 128, 256, 512}, Solvers: hk},
			{Family: FamilyHK, Vary: "k", D: 128, K: 1, Eps: 0.05, Values: []float64{1, 2, 4, 8}, Solvers: hk},
			{Family: FamilyHK, Vary: "eps", D: 64, K: 1, Eps: 0.05, Values: []float64{0.1, 0.07, 0.05, 0.035, 0.025}, Solvers: hk},
		},
		Measure: lowerbound.MeasureOptions{Seeds: 7, Workers: 2, Seed: 1},
		FloorD:  []int{3, 4, 6, 8},
	}
}

// LBPoint is one measurement: solver, instance size and the examples it
// needed.
type LBPoint struct {
	Family, Vary, Solver string
	D, K                 int
	Eps                  float64
	M                    float64 // examples to median excess ε (NaN if not reached)
	Attributes           float64 // M times the attributes read per example
	Bound                float64 // the lower bound at this point (O-constant 1; the journal's constant for css)
	Reached              bool
}

// LBSlope is a fitted log-log slope beside the theory's.
type LBSlope struct {
	Family, Vary, Solver string
	Measured             float64 // least-squares slope of log M on log (varied parameter)
	Lower                float64 // the lower bound's slope
	Upper                float64 // the slope of the solver's own guarantee
	Points               int
}

// FloorRow is one line of the prediction-on-a-budget table.
type FloorRow struct {
	Instance string
	D, S, Kt int
	Floor    float64 // the theorem's floor
	Best     float64 // exhaustive search over adaptive predictors
}

// LowerBoundsReport is the result of RunLowerBounds.
type LowerBoundsReport struct {
	Points  []LBPoint
	Slopes  []LBSlope
	Floors  []FloorRow
	Seconds float64
}

// RunLowerBounds measures every solver of every sweep and fits the slopes.
func RunLowerBounds(spec LowerBoundsSpec, progress Progress) (*LowerBoundsReport, error) {
	start := time.Now()
	rep := &LowerBoundsReport{}
	total := 0
	for _, s := range spec.Sweeps {
		total += len(s.Values) * len(s.Solvers)
	}
	done := 0
	for _, s := range spec.Sweeps {
		for _, sol := range s.Solvers {
			var xs, ms []float64
			for _, v := range s.Values {
				d, k, eps, err := s.at(v)
				if err != nil {
					return nil, err
				}
				if k < sol.MinK || (sol.EvenK && k%2 == 1) {
					done++
					continue
				}
				pt, err := measurePoint(s.Family, d, k, eps, sol, spec.Measure)
				if err != nil {
					return nil, err
				}
				pt.Vary = s.Vary
				rep.Points = append(rep.Points, pt)
				done++
				if progress != nil {
					progress(done, total, fmt.Sprintf("%s %s d=%d k=%d eps=%.4g: M = %.0f", s.Family, sol.Label, d, k, eps, pt.M))
				}
				if pt.Reached {
					xs = append(xs, v)
					ms = append(ms, pt.M)
				}
			}
			fs := FamilySlopes[s.Family]
			rep.Slopes = append(rep.Slopes, LBSlope{Family: s.Family, Vary: s.Vary, Solver: sol.Label,
				Measured: lowerbound.Slope(xs, ms), Lower: fs.pick(s.Vary), Upper: sol.Upper.pick(s.Vary), Points: len(xs)})
		}
	}
	floors, err := floorTable(spec.FloorD)
	if err != nil {
		return nil, err
	}
	rep.Floors = floors
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

func (l LowerSlopes) pick(vary string) float64 {
	switch vary {
	case "d":
		return l.D
	case "k":
		return l.K
	}
	return l.Eps
}

// at returns the sweep's point with the varied parameter set to v.
func (s Sweep) at(v float64) (d, k int, eps float64, err error) {
	d, k, eps = s.D, s.K, s.Eps
	switch s.Vary {
	case "d":
		d = int(v)
	case "k":
		k = int(v)
	case "eps":
		eps = v
	default:
		return 0, 0, 0, fmt.Errorf("experiments: sweep varies %q, want d, k or eps: %w", s.Vary, lao.ErrParam)
	}
	return d, k, eps, nil
}

func measurePoint(family string, d, k int, eps float64, sol LBSolver, opt lowerbound.MeasureOptions) (LBPoint, error) {
	var inst lowerbound.Instance
	var bound float64
	var err error
	switch family {
	case FamilyCSS:
		inst, err = lowerbound.NewCSS(d, k, eps, d/2)
		bound = lowerbound.CSSMinExamples(d, k, eps)
	case FamilyHK:
		inst, err = lowerbound.NewHazanKoren(d, k, eps, 1)
		bound = lowerbound.HKMinExamples(d, k, eps)
	default:
		err = fmt.Errorf("experiments: unknown lower-bound family %q: %w", family, lao.ErrParam)
	}
	if err != nil {
		return LBPoint{}, err
	}
	if sol.Seeds > 0 {
		opt.Seeds = sol.Seeds
	}
	c, err := lowerbound.MeasureSamples(sol.New(k), inst, eps, opt)
	if err != nil {
		return LBPoint{}, err
	}
	return LBPoint{Family: family, Solver: sol.Label, D: d, K: k, Eps: eps, M: c.M,
		Attributes: c.M * c.AttributesPerExample, Bound: bound, Reached: c.Reached}, nil
}

// floorTable evaluates the prediction-on-a-budget floors exhaustively.
func floorTable(ds []int) ([]FloorRow, error) {
	var rows []FloorRow
	add := func(a *lowerbound.Active, s, kt int) error {
		best, err := a.BestActiveRisk(kt)
		if err != nil {
			return err
		}
		rows = append(rows, FloorRow{Instance: a.Name(), D: a.Dim(), S: s, Kt: kt, Floor: a.Floor(kt), Best: best})
		return nil
	}
	if err := add(lowerbound.NewCSSTheorem4(), 3, 2); err != nil {
		return nil, err
	}
	for _, d := range ds {
		l2, err := lowerbound.NewActiveL2(d)
		if err != nil {
			return nil, err
		}
		l1, err := lowerbound.NewActiveL1(d, max(d-1, 1))
		if err != nil {
			return nil, err
		}
		for _, kt := range slices.Compact([]int{1, max(d/2, 1)}) {
			if err := add(l2, d, kt); err != nil {
				return nil, err
			}
			if err := add(l1, max(d-1, 1), kt); err != nil {
				return nil, err
			}
		}
	}
	return rows, nil
}

// WriteCSV writes one row per measurement.
func (r *LowerBoundsReport) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"family", "vary", "solver", "d", "k", "eps", "examples", "attributes", "lower_bound_examples", "reached"})
	for _, p := range r.Points {
		cw.Write([]string{p.Family, p.Vary, p.Solver, strconv.Itoa(p.D), strconv.Itoa(p.K), ftoa(p.Eps), ftoa(p.M),
			ftoa(p.Attributes), ftoa(p.Bound), strconv.FormatBool(p.Reached)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteSlopesCSV writes one row per fitted slope.
func (r *LowerBoundsReport) WriteSlopesCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"family", "vary", "solver", "measured_slope", "lower_bound_slope", "upper_bound_slope", "points"})
	for _, s := range r.Slopes {
		cw.Write([]string{s.Family, s.Vary, s.Solver, ftoa(s.Measured), ftoa(s.Lower), ftoa(s.Upper), strconv.Itoa(s.Points)})
	}
	cw.Flush()
	return cw.Error()
}

// WriteFloorCSV writes the prediction-on-a-budget table.
func (r *LowerBoundsReport) WriteFloorCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"instance", "d", "s", "k_t", "floor", "best_active_risk"})
	for _, f := range r.Floors {
		cw.Write([]string{f.Instance, strconv.Itoa(f.D), strconv.Itoa(f.S), strconv.Itoa(f.Kt), ftoa(f.Floor), ftoa(f.Best)})
	}
	cw.Flush()
	return cw.Error()
}

// SweepSeries returns, for one family and varied parameter, each solver's
// measured sample counts against the varied value (reached points only).
func (r *LowerBoundsReport) SweepSeries(family, vary string) []plot.Curve {
	var out []plot.Curve
	idx := map[string]int{}
	for _, p := range r.Points {
		if p.Family != family || p.Vary != vary || !p.Reached {
			continue
		}
		i, ok := idx[p.Solver]
		if !ok {
			i = len(out)
			idx[p.Solver] = i
			out = append(out, plot.Curve{Name: p.Solver})
		}
		x := float64(p.D)
		switch vary {
		case "k":
			x = float64(p.K)
		case "eps":
			x = p.Eps
		}
		out[i].X = append(out[i].X, x)
		out[i].Mean = append(out[i].Mean, p.M)
	}
	return out
}

func ftoa(v float64) string {
	if math.IsNaN(v) {
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', 6, 64)
}
