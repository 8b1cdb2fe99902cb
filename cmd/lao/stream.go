package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// streamThreshold is the file size from which --stream auto streams.
const streamThreshold = 256 << 20

// streaming decides --stream for the fit's --data.
func (f *fitFlags) streaming() (bool, error) {
	if f.table.isDatabase() { // a database: streamed only when asked
		return f.stream == "on", nil
	}
	switch f.stream {
	case "off":
		return false, nil
	case "on":
		if isNamed(f.table.data) || datasets.IsSVMLightPath(f.table.data) {
			return false, fmt.Errorf("fit: --stream on reads CSV files; %s is not one", f.table.data)
		}
		return true, nil
	}
	if isNamed(f.table.data) || datasets.IsSVMLightPath(f.table.data) {
		return false, nil
	}
	st, err := os.Stat(f.table.data)
	if err != nil {
		return false, fmt.Errorf("fit: %w", err)
	}
	return st.Size() >= streamThreshold, nil
}

// fitStream fits s on a CSV read in passes, one row in memory: a pass to
// classify the columns, one for the training statistics (and one more for
// the l2 scalings' common factor), the fit, and a pass over the test rows.
// The split hashes each row's file line with the seed (frames.InTest).
func fitStream(f *fitFlags, s lao.Solver, stdout io.Writer) error {
	if f.table.target == "" {
		return errors.New("fit: --target is required for a CSV file")
	}
	if f.cv > 0 && f.cvSet {
		return fmt.Errorf("fit: --cv %d needs the data in memory; a streamed fit uses the theorems' defaults (set --B, --eta or --lambda, or --stream off)", f.cv)
	}
	policy, err := f.table.policy()
	if err != nil {
		return err
	}
	opt, err := frames.ScaleOptions(s, f.scale)
	if err != nil {
		return fmt.Errorf("fit: --scale: %w", err)
	}
	opt.FillMissing = policy == frames.MissingMean
	open := func() (io.ReadCloser, error) { return os.Open(f.table.data) }
	start := time.Now()
	sopt := frames.StreamOptions{
		CSV:     frames.CSVOptions{Name: f.table.data, Target: f.table.target, Missing: policy, Ignore: f.table.ignored()},
		Options: opt, TestFrac: f.testFrac, Seed: f.seed}
	var st *frames.CSVStream
	switch {
	case f.table.isDatabase():
		var closeDB func() error
		if st, closeDB, err = f.table.streamDatabase(sopt); err == nil {
			defer closeDB()
		}
	case f.table.isColumnar():
		st, err = f.table.streamColumnar(sopt)
	default:
		st, err = frames.StreamCSV(open, sopt)
	}
	if err != nil {
		if errors.Is(err, frames.ErrMissing) || errors.Is(err, frames.ErrNonNumeric) {
			return fmt.Errorf("%w\n(pass --missing drop-rows or --missing mean to go on, or --ignore the column)", err)
		}
		return err
	}
	d := len(st.Features())
	if err := f.params.clampK(s, d); err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	if mu, ok := s.(lao.MomentsUser); ok && mu.NeedsMoments() {
		mom, err := st.SecondMoments()
		if err != nil {
			return err
		}
		if s, err = lao.Clone(s); err != nil {
			return err
		}
		s.(lao.MomentsUser).SetMoments(mom)
	}
	scaling := st.ScalingChoice.Scaling.Name()
	rep := &fitReport{Solver: s.Name(), Data: f.table.data, Target: f.table.target, D: d, MTrain: st.MTrain, MTest: st.MTest,
		Seed: f.seed, Scaling: scaling, Unused: st.Unused, Streamed: true, K: budgetK(s, d)}
	if rep.Unused == nil {
		rep.Unused = []frames.Unused{}
	}
	rep.Notes = append(rep.Notes, scalingNote(f.scale, st.ScalingChoice),
		streamNote(f.table.isColumnar()))
	if f.cv > 0 {
		rep.Notes = append(rep.Notes, "no cross-validation when streaming: the theorems' defaults unless set (--B, --eta, --lambda)")
	}
	mr := &missingReport{Policy: policy.String(), RowsDropped: st.Dropped, DroppedLines: st.DroppedLines}
	for j, n := range st.Filled {
		if n > 0 {
			if mr.CellsFilled == nil {
				mr.CellsFilled = map[string]int{}
			}
			mr.CellsFilled[st.Features()[j]] = int(n)
		}
	}
	rep.Missing = mr
	src, err := st.Train()
	if err != nil {
		return err
	}
	res, err := lao.Fit(s, src, lao.Options{Seed: f.seed})
	if err != nil {
		return err
	}
	m, err := st.Model(res.W)
	if err != nil {
		return err
	}
	sc, err := st.Score(res.W, res.PredictionBudget())
	if err != nil {
		return err
	}
	return finishFit(f, rep, s, res, m, sc, st.Fingerprint, start, stdout)
}
