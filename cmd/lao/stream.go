package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// streamThreshold is the file size from which --stream auto streams.
const streamThreshold = 256 << 20

// streaming decides --stream for the fit's --data: auto streams a file
// whose content (decompressed: a gzip file's trailer gives its size) is
// streamThreshold or more; a pipe or FIFO is read in memory, under
// --max-memory, unless --stream on.
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
	if isNamed(f.table.data) || datasets.IsSVMLightPath(f.table.data) || f.table.data == ingest.Stdin {
		return false, nil
	}
	size, err := ingest.ContentSize(f.table.data)
	if err != nil {
		return false, fmt.Errorf("fit: %w", err)
	}
	return size >= streamThreshold, nil
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
	in := &ingest.Reopenable{}
	if !f.table.isDatabase() && !f.table.isColumnar() {
		if in, err = ingest.Reopen(f.table.data, "", f.table.lim.limits("fit", false)); err != nil { // a pipe is spooled once: every pass reads it again
			return fmt.Errorf("fit: %w", err)
		}
		defer in.Remove()
	}
	start := time.Now()
	st, done, err := openStream(f, s, policy, in)
	if err != nil {
		return err
	}
	defer done()
	d := len(st.Features())
	kNote, err := f.params.clampK(s, d)
	if err != nil {
		return fmt.Errorf("fit: %w", err)
	}
	fit, err := st.Fit(s, f.seed)
	if err != nil {
		return err
	}
	rep := streamReport(f, st, fit.Solver, policy)
	if kNote != "" {
		rep.Notes = append(rep.Notes, kNote)
	}
	if in.Spooled {
		rep.Notes = append(rep.Notes, fmt.Sprintf("the input is not a regular file: copied once (%s) to a temporary file for the passes", ingest.FormatSize(in.Bytes)))
	}
	return finishFit(f, rep, fit.Solver, fit.Result, fit.Model, fit.Test, trainingRows{fingerprint: st.Fingerprint}, start, stdout)
}

// streamSkipsNote says which checks of a fit in memory a streamed fit
// does not make (they read the table's columns whole).
const streamSkipsNote = "streaming skips the checks that read whole columns in memory: a column that is (nearly) a linear function of the target or of another, " +
	"ID-like and date columns, a value holding most of a column's spread, a column constant on the training rows but not the test rows; " +
	"fit a sample of the rows with --stream off to see them (e.g. the file's first lines)"

// streamReport starts the report of a streamed fit: sizes, the scaling and
// why, what the missing-value policy did, and what streaming changes.
func streamReport(f *fitFlags, st *frames.CSVStream, s lao.Solver, policy frames.Missing) *fitReport {
	d := len(st.Features())
	rep := &fitReport{Solver: s.Name(), Data: f.table.data, Target: f.table.target, Reading: f.table.reading(), D: d, MTrain: st.MTrain, MTest: st.MTest,
		Seed: f.seed, Scaling: st.ScalingChoice.Scaling.Name(), Unused: st.Unused, Streamed: true, K: budgetK(s, d), Warnings: append(st.SizeWarnings(), nonEmpty(st.SortedWarning())...)}
	if rep.Unused == nil {
		rep.Unused = []frames.Unused{}
	}
	rep.Notes = append(rep.Notes, nonEmpty(scalingNote(f.scale, st.ScalingChoice), f.table.streamNote(), st.ThousandsNote())...)
	if st.ZeroOne {
		rep.Notes = append(rep.Notes, zeroOneNote)
	}
	if f.cv > 0 {
		rep.Notes = append(rep.Notes, "no cross-validation when streaming: the theorems' defaults unless set (--B, --eta, --lambda)")
	}
	rep.Notes = append(rep.Notes, streamSkipsNote)
	rep.Missing = &missingReport{Policy: policy.String(), RowsDropped: st.Dropped, DroppedLines: st.DroppedLines, unit: f.table.posUnit(),
		CellsFilled: filledCells(st.Features(), st.Filled)}
	return rep
}

// filledCells maps each feature with filled cells to their number (nil if
// none was filled).
func filledCells(features []string, filled []int64) map[string]int {
	var out map[string]int
	for j, n := range filled {
		if n > 0 {
			if out == nil {
				out = map[string]int{}
			}
			out[features[j]] = int(n)
		}
	}
	return out
}

// openStream prepares the streamed table (the classification and
// statistics passes) with the scaling for s: the CSV in, a Parquet or
// Arrow file, or a database table or query (done closes the database).
func openStream(f *fitFlags, s lao.Solver, policy frames.Missing, in *ingest.Reopenable) (st *frames.CSVStream, done func() error, err error) {
	opt, err := frames.ScaleOptions(s, f.scale)
	if err != nil {
		return nil, nil, fmt.Errorf("fit: --scale: %w", err)
	}
	opt.FillMissing = policy == frames.MissingMean
	csv, err := f.table.csvOptions("fit", policy)
	if err != nil {
		return nil, nil, err
	}
	sopt := frames.StreamOptions{CSV: csv, Options: opt, TestFrac: f.testFrac, Seed: f.seed}
	done = func() error { return nil }
	switch {
	case f.table.isDatabase():
		st, done, err = f.table.streamDatabase(sopt)
	case f.table.isColumnar():
		st, err = f.table.streamColumnar(sopt)
	default:
		st, err = frames.StreamCSV(in.Open, sopt)
	}
	if err != nil {
		return nil, nil, readAdvice("fit", err, true)
	}
	f.table.fileColumns = len(st.Columns)
	return st, done, nil
}
