package frames_test

import (
	"math"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// edgeSolver is a test double for a step size at the edge of stability:
// stable on CV's folds, diverging on the whole training part. It reads
// every attribute and fits each weight by its own least squares,
// w_j = Σ x_j y / Σ x_j², scaled by Eta (1 is right; the validation error
// grows with |Eta − 1|); a fit of Eta ≥ Diverge on more than Stable
// examples returns −10 w instead.
type edgeSolver struct {
	Eta     float64
	Diverge float64
	Stable  int
}

func (s *edgeSolver) Name() string { return "edge" }

func (s *edgeSolver) Params() []lao.Param {
	return []lao.Param{lao.FloatParam("eta", &s.Eta, "scale of the least-squares weights", &lao.Tune{Values: []float64{0.6, 1, 1.5}})}
}

func (s *edgeSolver) Start(p lao.Problem) (lao.Learner, lao.Budget, error) {
	if s.Eta == 0 {
		s.Eta = 1
	}
	return &edgeLearner{s: *s, xy: make([]float64, p.D), xx: make([]float64, p.D), x: make([]float64, p.D)}, lao.Budget{PerExample: p.D, Rule: "every attribute"}, nil
}

type edgeLearner struct {
	s         edgeSolver
	n         int
	xy, xx, x []float64
}

func (l *edgeLearner) Observe(ex *lao.Example) {
	ex.All(l.x)
	for j, v := range l.x {
		l.xy[j] += v * ex.Label()
		l.xx[j] += v * v
	}
	l.n++
}

func (l *edgeLearner) Weights(dst []float64) {
	scale := l.s.Eta
	if l.s.Eta >= l.s.Diverge && l.n > l.s.Stable {
		scale = -10
	}
	for j := range dst {
		dst[j] = scale * l.xy[j] / max(l.xx[j], 1e-300)
	}
}

// edgePrepared is a 200-row split (160 training rows, CV's folds 128) with
// a strong signal, and the tuning options that choose eta = 1 on it.
func edgePrepared(t *testing.T) (*frames.Prepared, frames.TuneOptions) {
	p, err := frames.PrepareTable(linearData(200, 4, 1, 5), frames.Options{}, 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	return p, frames.TuneOptions{Folds: 5, Seed: 1, Repeats: 1, Rule: frames.RuleMin, NoWiden: true, Halving: "off"}
}

// CV chooses eta = 1 on folds of 128 rows, where it is stable; on all 160
// it diverges, so TuneFit refits with CV's next setting, eta = 0.6 (the
// validation error grows with |eta − 1|), and says so.
func TestTuneFitRefitsWithNextSetting(t *testing.T) {
	p, o := edgePrepared(t)
	fit, err := p.TuneFit(&edgeSolver{Diverge: 1, Stable: 150}, o, 1)
	if err != nil {
		t.Fatal(err)
	}
	if fit.CV == nil || fit.CV.Best["eta"] != 1 || fit.CV.ZeroChosen {
		t.Fatalf("CV chose %v (zero %v): the test lost its case", fit.CV.Best, fit.CV != nil && fit.CV.ZeroChosen)
	}
	if len(fit.Refits) != 1 || !strings.Contains(fit.Refits[0], "CV's choice (eta = 1) fitted worse than the zero predictor on its own training data") ||
		!strings.Contains(fit.Refits[0], "refitted with eta = 0.6") {
		t.Fatalf("refits %q", fit.Refits)
	}
	if got := fit.Solver.(*edgeSolver).Eta; got != 0.6 {
		t.Errorf("fitted eta %g, want 0.6", got)
	}
	if !(fit.Test.MSE < fit.Test.ZeroMSE) {
		t.Errorf("after the refit the test MSE %g is not below the zero predictor's %g", fit.Test.MSE, fit.Test.ZeroMSE)
	}
}

// When every setting diverges on the whole training part, TuneFit ends at
// the zero predictor after CV's other settings (one note each), and its
// test error is the zero predictor's; a fit that does not diverge is
// fitted once, without notes.
func TestTuneFitFallsBackToZeroPredictor(t *testing.T) {
	p, o := edgePrepared(t)
	fit, err := p.TuneFit(&edgeSolver{Diverge: 0, Stable: 150}, o, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(fit.Refits) != 3 || !strings.Contains(fit.Refits[2], "refitted with the zero predictor") || !strings.HasSuffix(fit.Refits[2], ", kept (training MSE 1 times the zero predictor's)") || strings.Contains(fit.Refits[1], "kept") {
		t.Fatalf("refits %q", fit.Refits)
	}
	if _, ok := fit.Solver.(*frames.ZeroPredictor); !ok || fit.Test.MSE != fit.Test.ZeroMSE {
		t.Errorf("final solver %T, test MSE %g against the zero predictor's %g", fit.Solver, fit.Test.MSE, fit.Test.ZeroMSE)
	}
	fit, err = p.TuneFit(&edgeSolver{Diverge: 1, Stable: 1000}, o, 1)
	if err != nil || len(fit.Refits) != 0 || fit.Solver.(*edgeSolver).Eta != 1 {
		t.Errorf("stable: %v, refits %q, solver %+v", err, fit.Refits, fit.Solver)
	}
	o.Folds = 0 // not tuned: fitted as given, with no CV and no refit even when it diverges
	fit, err = p.TuneFit(&edgeSolver{Eta: 1, Diverge: 1, Stable: 150}, o, 1)
	if err != nil || fit.CV != nil || len(fit.Refits) != 0 {
		t.Errorf("untuned: %v, CV %v, refits %q", err, fit.CV, fit.Refits)
	}
}

// Refit keeps a fit at or below the zero predictor's error on its training
// data and refits one above it, by however little: both are measured on the
// same rows (notebook 02's budgeted centroid, 1.038 there, tested at 1.085).
func TestRefitNoMargin(t *testing.T) {
	train, err := lao.NewDataset([]float64{1, -1}, []float64{1, -1}, 1, nil) // MSE(w) = (1 − w)², MSE(0) = 1
	if err != nil {
		t.Fatal(err)
	}
	cv := &frames.CVResult{Best: frames.Params{"eta": 1}, BestIndex: 0, Settings: []frames.CVSetting{
		{Params: frames.Params{"eta": 1}, Mean: 0.1}, {Params: frames.Params{"eta": 0.6}, Mean: 0.2}}}
	for _, c := range []struct {
		ratio  float64
		refits int
	}{{0.97, 0}, {1, 0}, {1.01, 1}, {1.038, 1}, {1.07, 1}} {
		calls := 0
		fit := func(lao.Solver) (*lao.Result, error) {
			calls++
			if calls > 1 {
				return &lao.Result{W: []float64{1}}, nil // the runner-up fits exactly
			}
			return &lao.Result{W: []float64{1 - math.Sqrt(c.ratio)}}, nil
		}
		res, _, notes, err := frames.Refit(train, &edgeSolver{Eta: 1}, &edgeSolver{}, cv, fit)
		if err != nil || len(notes) != c.refits || calls != c.refits+1 {
			t.Errorf("training MSE %.2f × the zero predictor's: %v, %d fits, notes %q", c.ratio, err, calls, notes)
		}
		if c.refits == 1 && res.W[0] != 1 {
			t.Errorf("after the refit w = %v", res.W)
		}
	}
}

// Times keeps three significant digits unless they would round a ratio
// other than 1 to "1".
func TestTimes(t *testing.T) {
	for r, want := range map[float64]string{1: "1", 1.0004: "1.0004", 0.99996: "0.99996", 1.2345: "1.23", 2.5: "2.5", 0.5: "0.5", 1.000000000000001: "1.000000000000001"} {
		if got := frames.Times(r); got != want {
			t.Errorf("Times(%v) = %q, want %q", r, got, want)
		}
	}
}
