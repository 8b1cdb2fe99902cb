package frames

import (
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/laoproject/lao/lao"
)

// Scores are a model's errors on labelled test rows, in the target's
// units, beside those of the zero predictor.
type Scores struct {
	N       int     // test rows
	MSE     float64 // mean squared error
	ZeroMSE float64 // mean squared error of the zero predictor (w = 0: the training mean when the labels were centred)
	// Binary reports whether every test label is −1 or +1.
	// ClassificationError is the fraction of rows whose label's sign the
	// prediction misses (a zero prediction counts as a miss): the
	// classification error when Binary, and NaN otherwise, except in the
	// Scores of Score, which always give it (the papers' experiments
	// report it for any labels).
	Binary              bool
	ClassificationError float64
	// ZeroClassificationError is the zero predictor's: the fraction of
	// rows whose label's sign differs from its prediction's. When the labels
	// were centred (Options.Center or Intercept, as the command line does)
	// that prediction is the training mean, and for ±1 labels this is the
	// error of predicting the training part's majority class; uncentred, it
	// predicts 0, which misses every row, as any zero prediction does.
	ZeroClassificationError float64
	// MeanAttributes and MaxAttributes are the distinct attributes the
	// test rows revealed to the predictions (Score predicts through
	// observation handles; 0 for predictions read from a DataFrame).
	MeanAttributes float64
	MaxAttributes  int
	// MeanCost and MaxCost are the prices of what the test rows revealed,
	// per row (0 without prices).
	MeanCost float64
	MaxCost  float64
}

// FormatRatio writes an MSE ratio with decimals digits after the point,
// as reports print them; a ratio below 0.01 with two significant digits,
// and one of 10,000 or more in exponent form (2.223e+17, not eighteen
// digits and four decimals: a fit that extrapolates a typo).
func FormatRatio(r float64, decimals int) string {
	switch {
	case r > 0 && r < 0.01:
		return fmt.Sprintf("%.2g", r)
	case r >= 1e4:
		return fmt.Sprintf("%.4g", r)
	}
	return fmt.Sprintf("%.*f", decimals, r)
}

// Ratio returns MSE/ZeroMSE: below 1, the model beats predicting the
// training mean.
func (s Scores) Ratio() float64 { return s.MSE / s.ZeroMSE }

// Worse reports whether the model's error is above the zero predictor's.
func (s Scores) Worse() bool { return s.MSE > s.ZeroMSE }

// Warning returns a one-line warning when the model's error is above the
// zero predictor's (what names the rows, e.g. "test"), else "". Every
// front end (the command line, the notebooks) prints it: a model worse than
// predicting the mean is never shown without one.
func (s Scores) Warning(what string) string {
	if !s.Worse() {
		return ""
	}
	return fmt.Sprintf("the model's %s MSE %.6g is above the zero predictor's %.6g (ratio %s): predicting the training mean does better",
		what, s.MSE, s.ZeroMSE, FormatRatio(s.Ratio(), 3))
}

// NearZeroWarning returns a one-line warning when the model's error is at
// or below the zero predictor's but within 5 % of it (a ratio from
// NearZeroRatio to 1; what names the rows, e.g. "test"), else "": the
// model has learned little.
func (s Scores) NearZeroWarning(what string) string {
	r := s.Ratio()
	if !(r >= NearZeroRatio) || s.Worse() {
		return ""
	}
	return fmt.Sprintf("the model's %s MSE is within %.0f %% of the zero predictor's (ratio %.3f): it has learned little", what, 100*(1-NearZeroRatio), r)
}

// ClassWarning returns a one-line warning when the labels are ±1
// (Binary), the zero predictor predicts the training part's majority class
// (its classification error below 1: the labels were centred) and the
// model's classification error is not below that one's (what names the
// rows, e.g. "test"), else "". Its MSE may still be below the zero
// predictor's (Sonar: a ratio of 0.917 and 13 of 21 test rows wrong, as
// many as the majority class gets wrong).
func (s Scores) ClassWarning(what string) string {
	if !s.Binary || s.N == 0 || !(s.ZeroClassificationError < 1) || s.ClassificationError < s.ZeroClassificationError {
		return ""
	}
	n := float64(s.N)
	se := math.Sqrt(s.ZeroClassificationError * (1 - s.ZeroClassificationError) / n)
	return fmt.Sprintf("the model's %s classification error %.4g (%.0f of %d rows wrong) is not below %.4g (%.0f of %d), the error of predicting the training part's majority class for every row: "+
		"as a classifier it did no better than that here (on %d rows such an error has a standard error of about %.2g, so a few rows either way are noise)",
		what, s.ClassificationError, math.Round(s.ClassificationError*n), s.N, s.ZeroClassificationError, math.Round(s.ZeroClassificationError*n), s.N, s.N, se)
}

// NearZeroRatio is the MSE ratio to the zero predictor from which
// NearZeroWarning says a model has learned little.
const NearZeroRatio = 0.95

// scorer accumulates Scores from predictions and labels in the target's
// units: the one place where a test error is computed.
type scorer struct {
	s         Scores
	zero      float64
	wrong     int
	zeroWrong int
	seen      int64
	spent     float64
	// keep: rows and zeroRows record every row's squared error of the
	// prediction and of the zero predictor (TestErrors).
	keep           bool
	rows, zeroRows []float64
}

func newScorer(zero float64) *scorer { return &scorer{zero: zero, s: Scores{Binary: true}} }

func (sc *scorer) add(pred, y float64) {
	sc.s.N++
	e, z := (pred-y)*(pred-y), (sc.zero-y)*(sc.zero-y)
	sc.s.MSE += e
	sc.s.ZeroMSE += z
	if sc.keep {
		sc.rows, sc.zeroRows = append(sc.rows, e), append(sc.zeroRows, z)
	}
	sc.s.Binary = sc.s.Binary && (math.Abs(y-1) < 1e-9 || math.Abs(y+1) < 1e-9)
	if pred == 0 || (pred > 0) != (y > 0) {
		sc.wrong++
	}
	if sc.zero == 0 || (sc.zero > 0) != (y > 0) {
		sc.zeroWrong++
	}
}

func (sc *scorer) result() Scores {
	s := sc.s
	n := float64(s.N)
	s.MSE, s.ZeroMSE, s.ClassificationError = s.MSE/n, s.ZeroMSE/n, float64(sc.wrong)/n
	s.ZeroClassificationError = float64(sc.zeroWrong) / n
	s.MeanAttributes = float64(sc.seen) / n
	s.MeanCost = sc.spent / n
	return s
}

// Score is the scoring function of the prepare → fit → evaluate path:
// it evaluates weights w, fitted on examples transformed by t, on the test
// examples of src (transformed by t too: Prepared.Test, a CSVStream's test
// rows, any lao.Table's Stream), in the target's units, beside the zero
// predictor (w = 0, which predicts t.YOffset). Every prediction goes
// through an observation handle with the given prediction budget (Murata &
// Suzuki 2018's s'; 0 or less: every attribute), so a model that needs more
// attributes fails with lao.ErrBudgetExceeded, and the Scores count what
// the test rows revealed. (With a budget of every attribute and no prices
// no read can be refused: the prediction is then summed directly, term for
// term as the handle's lao.Predict sums it, revealing the model's non-zero
// weights.)
func Score(w []float64, src lao.Source, t *Transform, budget int) (Scores, error) {
	return ScoreWithin(w, src, t, PredictBudget{Attributes: budget})
}

// ScoreWithin is Score with a prediction budget that may also be in
// prices: each test row's handle charges b.Costs and refuses a read beyond
// b.Cost, so a model whose support costs more fails with
// lao.ErrBudgetExceeded, and the Scores report what the rows cost.
func ScoreWithin(w []float64, src lao.Source, t *Transform, b PredictBudget) (Scores, error) {
	sc, err := scoreRows(w, src, t, b, false)
	if err != nil {
		return Scores{}, err
	}
	return sc.result(), nil
}

// TestErrors returns the squared error of w's prediction on each test row
// of p, in the target's units and the test part's order, and the zero
// predictor's (the training mean's), every row predicted through a handle
// of budget b as ScoreWithin predicts it: their means are ScoreWithin's
// MSE and ZeroMSE. With the test part the table's last rows
// (Prepared.TestLast) they are a series in time order, which a
// comparison over those rows needs (experiments.Outcome.Rows).
func (p *Prepared) TestErrors(w []float64, b PredictBudget) (model, zero []float64, err error) {
	if err := p.ready("TestErrors"); err != nil {
		return nil, nil, err
	}
	sc, err := scoreRows(w, p.Test.Stream(), &p.Transform, b, true)
	if err != nil {
		return nil, nil, err
	}
	return sc.rows, sc.zeroRows, nil
}

// DominantTestRow returns the test row (its position in the test part)
// whose squared error under w (TestErrors, within the prediction budget b)
// is the largest share of the test part's sum, that share, and the test
// MSE and the zero predictor's without the row: when one row holds most of
// the error, the test MSE says more about that row (a value far outside
// the training range, a typo) than about the model. Fewer than
// MinTestRows test rows give row −1.
func (p *Prepared) DominantTestRow(w []float64, b PredictBudget) (row int, share, mse, zero float64, err error) {
	model, zeros, err := p.TestErrors(w, b)
	if err != nil || len(model) < MinTestRows {
		return -1, 0, 0, 0, err
	}
	var sum, zsum float64
	row = 0
	for i, e := range model {
		sum, zsum = sum+e, zsum+zeros[i]
		if e > model[row] {
			row = i
		}
	}
	if !(sum > 0) {
		return -1, 0, 0, 0, nil
	}
	n := float64(len(model) - 1)
	return row, model[row] / sum, (sum - model[row]) / n, (zsum - zeros[row]) / n, nil
}

// scoreRows scores w on the rows of src (ScoreWithin), keeping every row's
// squared errors when keep is set.
func scoreRows(w []float64, src lao.Source, t *Transform, b PredictBudget, keep bool) (*scorer, error) {
	if isNil(src) {
		return nil, fmt.Errorf("frames: Score: the test rows are nil: %w", lao.ErrEmpty)
	}
	d := src.Dim()
	if len(w) != d {
		return nil, fmt.Errorf("frames: Score: %d weights for %d attributes: %w", len(w), d, lao.ErrShape)
	}
	budget := b.Attributes
	if budget <= 0 {
		budget = d
	}
	ex, nz := lao.NewExample(d), lao.NonZero(w)
	if b.Costs != nil {
		if err := lao.CheckCosts(b.Costs, d); err != nil {
			return nil, fmt.Errorf("frames: Score: %w", err)
		}
		ex.SetPrices(b.Costs, b.Cost)
	}
	_, lazy := src.(lao.CellSource)
	direct := budget >= d && b.Costs == nil && !lazy // no read can be refused, and the row is at hand
	sc := newScorer(t.UnscaleLabel(0))
	sc.keep = keep
	r := testRow{buf: make([]float64, d)}
	for i := 0; ; i++ {
		if err := r.next(src); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, err
		}
		var p float64
		seen := nz
		if !direct {
			r.reset(ex, budget)
			var err error
			if p, err = lao.Predict(w, ex); err != nil {
				return nil, fmt.Errorf("frames: Score: test row %d (0-based): %w", i, err)
			}
			seen = ex.Observed()
			sc.spent += ex.Spent()
			sc.s.MaxCost = max(sc.s.MaxCost, ex.Spent())
		} else {
			p = r.dot(w)
		}
		sc.add(t.UnscaleLabel(p), t.UnscaleLabel(r.y))
		sc.seen += int64(seen)
		sc.s.MaxAttributes = max(sc.s.MaxAttributes, seen)
	}
	if sc.s.N == 0 {
		return nil, fmt.Errorf("frames: Score: no test rows: %w", lao.ErrEmpty)
	}
	return sc, nil
}

// testRow is one test example as its source lends it: a dense row, or a
// sparse one (indices and values).
type testRow struct {
	cells    lao.CellSource // a lazy source: the model's support is fetched
	row, buf []float64
	idx      []int32
	val      []float64
	y        float64
}

// next reads the next example of src (io.EOF after the last).
func (r *testRow) next(src lao.Source) (err error) {
	r.cells, r.row, r.idx, r.val = nil, nil, nil, nil
	switch s := src.(type) {
	case lao.CellSource:
		r.cells = s
		r.y, err = s.NextLabel()
	case lao.SparseLender:
		r.idx, r.val, r.y, err = s.NextSparse()
	case lao.RowLender:
		r.row, r.y, err = s.NextRow()
	default:
		r.y, err = src.Next(r.buf)
		r.row = r.buf
	}
	return err
}

// reset lends the example to the handle ex with the given budget.
func (r *testRow) reset(ex *lao.Example, budget int) {
	if r.cells != nil {
		ex.ResetLazy(r.y, budget, r.cells)
		return
	}
	if r.row != nil {
		ex.Reset(r.row, r.y, budget)
		return
	}
	ex.ResetSparse(r.idx, r.val, r.y, budget)
}

// dot returns w·x summed as lao.Predict sums it through a handle: the
// terms of the non-zero weights, in attribute order.
func (r *testRow) dot(w []float64) float64 {
	var p float64
	if r.row != nil {
		for i, wi := range w {
			if wi != 0 {
				p += wi * r.row[i]
			}
		}
		return p
	}
	for j, i := range r.idx {
		if w[i] != 0 {
			p += w[i] * r.val[j]
		}
	}
	return p
}
