package frames

import (
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// nestedCheck is RuleAuto's check on tables of fewer than NestedRows rows:
// it cross-validates the whole procedure, tune s on the other folds (Tune
// with o, the same rule) then fit its choice there, on o.Folds outer folds
// of ds, and sets r.Nested to the procedure's held-out MSE per fold. When
// the zero predictor's error on those folds is within one standard error
// of the procedure's (as RuleOneSE compares them), or a fold's fit
// diverges, the zero predictor is chosen (ZeroChosen, NestedZero). The
// selection among
// the grid's settings happens inside each outer fold, so the comparison is
// not flattered by it (Varma & Simon 2006; Cawley & Talbot 2010). The
// inner CV uses o.Folds folds, or one per row of an outer training part
// that has fewer rows; a fold where the solver cannot run at that size
// (its Tune refuses a parameter, lao.ErrParam) counts as the zero
// predictor. With o.Order the outer folds are blocked too, and each inner
// CV's (BlockedFolds).
func (r *CVResult) nestedCheck(base lao.Solver, ds lao.Table, o TuneOptions) error {
	folds, err := CVOptions{Folds: o.Folds, Order: o.Order}.folds(ds.Len(), lao.SeedFor(o.Seed, "nested"))
	if err != nil {
		return err
	}
	proc := CVSetting{Params: r.Best, FoldMSE: make([]float64, len(folds))}
	zero := CVSetting{Params: Params{}, FoldMSE: make([]float64, len(folds))}
	inner := o
	inner.inner, inner.Share = true, nil // each inner table is tuned once
	for f := range folds {
		idx, order := outerPart(folds, f, o)
		inner.Order = order
		train, test := lao.Subset(ds, idx), lao.Subset(ds, folds[f])
		zero.FoldMSE[f] = lao.MSE(make([]float64, ds.Dim()), test)
		// The inner CV has at most one fold per row of the outer training
		// part; with fewer than 2 rows nothing can be tuned, and the
		// procedure counts as the zero predictor on this fold.
		if inner.Folds = min(o.Folds, len(idx)); inner.Folds < 2 {
			proc.FoldMSE[f] = zero.FoldMSE[f]
			continue
		}
		tuned, _, err := Tune(base, train, inner)
		switch {
		case errors.Is(err, lao.ErrParam):
			// The solver ran on the whole table (the outer Tune), so a
			// parameter it refuses here comes from the outer training
			// part's size (a default that resolves to 0 on one row, a
			// phase that needs two): it cannot run on this fold, and the
			// procedure counts as the zero predictor, as below 2 rows.
			proc.FoldMSE[f] = zero.FoldMSE[f]
			continue
		case err != nil:
			return fmt.Errorf("frames: Tune: nested check, outer fold %d: %w", f, err)
		}
		res, err := lao.Fit(tuned, train.Stream(), lao.Options{Seed: o.Seed})
		switch {
		case errors.Is(err, lao.ErrNotFinite):
			proc.FoldMSE[f] = math.Inf(1)
		case err != nil:
			return fmt.Errorf("frames: Tune: nested check, outer fold %d: %w", f, err)
		default:
			proc.FoldMSE[f] = lao.MSE(res.W, test)
		}
	}
	proc.Mean, proc.Std = meanStd(proc.FoldMSE)
	zero.Mean, zero.Std = meanStd(zero.FoldMSE)
	r.Nested, r.NestedZeroMSE = &proc, zero.Mean
	if math.IsInf(proc.Mean, 1) || withinOneSE(zero, proc) {
		r.ZeroChosen, r.NestedZero = true, true
	}
	return nil
}

// outerPart returns the rows of the nested check's outer training part f
// (every fold but f) and, with o.Order, their places in time (for the
// inner CV's blocked folds), the rows then in an order shuffled by the
// seed, as the final fit reads its rows.
func outerPart(folds [][]int, f int, o TuneOptions) (idx, order []int) {
	for g, fold := range folds {
		if g != f {
			idx = append(idx, fold...)
		}
	}
	if o.Order == nil {
		return idx, nil
	}
	idx = permuted(idx, lao.SeedFor(o.Seed, "nested blocked "+strconv.Itoa(f)))
	order = make([]int, len(idx))
	for i, row := range idx {
		order[i] = o.Order[row]
	}
	return idx, order
}
