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
	st, err := frames.StreamCSV(open, frames.StreamOptions{
		CSV:     frames.CSVOptions{Name: f.table.data, Target: f.table.target, Missing: policy, Ignore: f.table.ignored()},
		Options: opt, TestFrac: f.testFrac, Seed: f.seed})
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
	fit, err := st.Fit(s, f.seed)
	if err != nil {
		return err
	}
	rep := streamReport(f, st, fit.Solver, policy)
	return finishFit(f, rep, fit.Solver, fit.Result, fit.Model, fit.Test, st.Fingerprint, start, stdout)
}

// streamReport starts the report of a streamed fit: sizes, the scaling and
// why, what the missing-value policy did, and what streaming changes.
func streamReport(f *fitFlags, st *frames.CSVStream, s lao.Solver, policy frames.Missing) *fitReport {
	d := len(st.Features())
	rep := &fitReport{Solver: s.Name(), Data: f.table.data, Target: f.table.target, D: d, MTrain: st.MTrain, MTest: st.MTest,
		Seed: f.seed, Scaling: st.ScalingChoice.Scaling.Name(), Unused: st.Unused, Streamed: true, K: budgetK(s, d)}
	if rep.Unused == nil {
		rep.Unused = []frames.Unused{}
	}
	rep.Notes = append(rep.Notes, scalingNote(f.scale, st.ScalingChoice),
		"streamed: one row in memory; rows split by a seeded hash of their file line and used in file order (shuffle a sorted file first)")
	if f.cv > 0 {
		rep.Notes = append(rep.Notes, "no cross-validation when streaming: the theorems' defaults unless set (--B, --eta, --lambda)")
	}
	rep.Missing = &missingReport{Policy: policy.String(), RowsDropped: st.Dropped, DroppedLines: st.DroppedLines}
	for j, n := range st.Filled {
		if n > 0 {
			if rep.Missing.CellsFilled == nil {
				rep.Missing.CellsFilled = map[string]int{}
			}
			rep.Missing.CellsFilled[st.Features()[j]] = int(n)
		}
	}
	return rep
}
