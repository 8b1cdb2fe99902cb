package frames

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"math"
	"slices"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// StreamOptions control StreamCSV.
type StreamOptions struct {
	// CSV says how the file is read; CSV.Target is required.
	CSV CSVOptions
	// Options say which columns are features and how they are centred,
	// scaled and filled, as for FromDataFrame; the transform is fitted on
	// the training rows.
	Options Options
	// TestFrac is the fraction of rows held out for testing by a seeded
	// hash of the file line (InTest); 0 holds out none, for a final model
	// on every row: Fit, which scores the test rows, then fails, and the
	// fit is lao.Fit on Train() with the model from Model.
	TestFrac float64
	// Seed seeds the hash split.
	Seed uint64
}

// CSVStream is a CSV file used without loading it: every method reads the
// file again from the start (open), holding one row at a time, so memory
// is O(d) whatever the file's size. StreamCSV reads it twice (three times
// for the l2 scalings) to classify the columns and fit the transform on the
// training rows; Train then yields the training rows, in file order (an
// online solver sees them in that order: shuffle a sorted file first), and
// Score evaluates weights on the test rows.
type CSVStream struct {
	open  func() (*rowTable, error) // the table from its start
	opt   StreamOptions
	name  string
	unit  string    // what a position counts: "line" or "row"
	marks fileMarks // for ThousandsNote (rowTable.csvMarks)
	// Columns describes every column of the file (classification pass).
	Columns []ColumnInfo
	// Unused lists the columns that are not features, with the reason.
	Unused []Unused
	// Transform maps the features to what the solver sees.
	Transform Transform
	// MTrain and MTest count the rows of the two parts (after dropping).
	MTrain, MTest int
	// DroppedLines lists the file lines of rows dropped for a missing or
	// unparsable cell in a used column (the first 100); Dropped counts all.
	DroppedLines []int
	Dropped      int
	// Filled counts, per feature, the cells filled with the training mean
	// (Options.FillMissing), in both parts.
	Filled []int64
	// Binary reports whether every label is −1 or +1; ZeroOne whether
	// every label is 0 or 1, both present (coded ±1, they would get the
	// classification error).
	Binary, ZeroOne bool
	// ScalingChoice is the scaling the features got and why.
	ScalingChoice ScalingChoice
	// LabelTrend is the correlation between the training rows' position in
	// the file and their label (NaN with fewer than minTrendRows rows or
	// a constant label): near ±1 when the file is sorted or grouped by the
	// label, which a solver streaming the rows in file order then sees one
	// end of first (SortedWarning).
	LabelTrend float64
	// Stats are the training statistics of the features, in attribute order.
	Stats []ColumnStats

	features []string
	cols     []int // file column of each feature
	used     []int // file columns whose bad cells drop a row (MissingDropRows)
	target   int
	fp       string // fingerprint of the last complete training pass
}

// InTest reports whether the row on file line line falls in the test part
// of a hash split with fraction frac: a SplitMix64 hash of
// (lao.SeedFor(seed, "split"), line) below frac·2⁶⁴. Each row's part
// depends only on the seed and its line, so a stream is split in O(1)
// memory.
func InTest(seed uint64, line int, frac float64) bool {
	z := lao.SeedFor(seed, "split") + 0x9e3779b97f4a7c15*uint64(line+1)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	z ^= z >> 31
	return float64(z>>11)/(1<<53) < frac
}

// StreamCSV prepares a CSV file for streaming: open must return the file
// from its start each time it is called. It classifies the columns (errors
// name the column, file line and cell, as ReadCSV's), then fits the
// transform on the training rows.
func StreamCSV(open func() (io.ReadCloser, error), opt StreamOptions) (*CSVStream, error) {
	name := cmp.Or(opt.CSV.Name, "CSV")
	if open == nil {
		return nil, fmt.Errorf("frames: %s: StreamCSV's open function is nil: %w", name, ErrFrame)
	}
	return streamTable(func() (*rowTable, error) {
		f, err := open()
		if err != nil {
			return nil, fmt.Errorf("frames: %s: %w", name, err)
		}
		if isNil(f) {
			return nil, fmt.Errorf("frames: %s: StreamCSV's open function returned a nil reader and no error: %w", name, ErrFrame)
		}
		t, err := openCSV(f, name, opt.CSV)
		if err != nil {
			f.Close()
			return nil, err
		}
		t.rows.(*csvFile).closer = f
		return t, nil
	}, name, opt)
}

// StreamRows prepares a table read as Rows for streaming, as StreamCSV
// does for a CSV file: open must return the table from its first row each
// time it is called (Rows of a Parquet file, of an SQL query...). The
// split hashes each row's position (InTest); errors name opt.CSV.Name, the
// column and the row.
func StreamRows(open func() (Rows, error), opt StreamOptions) (*CSVStream, error) {
	name := cmp.Or(opt.CSV.Name, "table")
	if open == nil {
		return nil, fmt.Errorf("frames: %s: StreamRows' open function is nil: %w", name, ErrFrame)
	}
	return streamTable(func() (*rowTable, error) {
		rows, err := open()
		if err != nil {
			return nil, err
		}
		if isNil(rows) {
			return nil, fmt.Errorf("frames: %s: StreamRows' open function returned nil rows and no error: %w", name, ErrFrame)
		}
		t, err := newRowTable(rows, name, opt.CSV)
		if err != nil {
			rows.Close()
			return nil, err
		}
		return t, nil
	}, name, opt)
}

// streamTable classifies the columns of the table open returns and fits
// the transform on its training rows.
func streamTable(open func() (*rowTable, error), name string, opt StreamOptions) (*CSVStream, error) {
	switch {
	case opt.CSV.Target == "":
		return nil, fmt.Errorf("frames: %s: StreamCSV needs CSVOptions.Target: %w", name, lao.ErrParam)
	case !(opt.TestFrac >= 0 && opt.TestFrac < 1):
		return nil, fmt.Errorf("frames: %s: test fraction %g not in [0, 1): %w", name, opt.TestFrac, lao.ErrParam)
	}
	if err := opt.Options.check(); err != nil {
		return nil, err
	}
	s := &CSVStream{open: open, opt: opt, name: name}
	if err := s.classify(); err != nil {
		return nil, err
	}
	if err := s.fit(); err != nil {
		return nil, err
	}
	return s, nil
}

// pass reads the file once, calling row for every data row with its file
// line and cells (valid during the call).
func (s *CSVStream) pass(row func(line int, rec Rows) error) error {
	t, err := s.open()
	if err != nil {
		return err
	}
	defer t.rows.Close()
	if s.Columns != nil && len(t.names) != len(s.Columns) {
		return fmt.Errorf("frames: %s: the columns changed between passes: %w", s.name, ErrFrame)
	}
	for {
		line, err := t.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if err := row(line, t.rows); err != nil {
			return err
		}
	}
}

// ThousandsNote is Table.ThousandsNote for the streamed file.
func (s *CSVStream) ThousandsNote() string { return thousandsNote(s.marks, s.Columns) }

// classify is the first pass: every column's kind, from all rows.
func (s *CSVStream) classify() error {
	t, err := s.open()
	if err != nil {
		return err
	}
	t.rows.Close()
	s.unit, s.marks = t.unit, t.csvMarks()
	cols := make([]ColumnInfo, len(t.names))
	for j, n := range t.names {
		cols[j] = ColumnInfo{Name: n}
		if t.ignored[j] {
			cols[j].Kind = Ignored
		}
	}
	rows := 0
	var blank blankRows
	kinds := make([]ingest.CellKind, len(cols))
	err = s.pass(func(line int, rec Rows) error {
		rows++
		for j := range cols {
			in := &cols[j]
			_, kind, text := rec.Cell(j)
			if !in.Count(kind, text) {
				in.Keep(text, line, s.unit)
			}
			kinds[j] = kind
		}
		blank.add(kinds, line, s.unit)
		return nil
	})
	if err != nil {
		return err
	}
	if rows == 0 {
		return fmt.Errorf("frames: %s: no data rows%s: %w", s.name, afterHeader(s.unit), lao.ErrEmpty)
	}
	plan, err := PlanColumns(s.name, cols, s.opt)
	if err != nil {
		return blank.note(err)
	}
	s.Columns, s.Unused, s.target = plan.Columns, plan.Unused, plan.Target
	s.cols, s.used = plan.Features, slices.Clone(plan.Features)
	s.opt.Options.FillMissing = plan.opt.Options.FillMissing
	return nil
}

// parseRow parses the features and label of a row into x (NaN for a
// missing or unparsable feature cell) and reports whether the row is kept:
// a missing label, or under MissingDropRows a missing cell in any candidate
// feature column (the same columns in every pass), drops it.
func (s *CSVStream) parseRow(rec Rows, x []float64) (y float64, keep bool) {
	y, kind, _ := rec.Cell(s.target)
	if kind != ingest.Number {
		return 0, false
	}
	if s.opt.CSV.Missing == MissingDropRows {
		for _, j := range s.used {
			if _, kind, _ := rec.Cell(j); kind != ingest.Number {
				return 0, false
			}
		}
	}
	for a, j := range s.cols {
		x[a], _, _ = rec.Cell(j)
	}
	return y, true
}

// fit is the statistics pass (and, for the l2 scalings, the pass for the
// common factor): it fits the transform on the training rows.
func (s *CSVStream) fit() error {
	d := len(s.cols)
	st := make([]moments, d)
	for a := range st {
		st[a] = newMoments()
	}
	ys := newMoments()
	testMissing := make([]int64, d)
	x := make([]float64, d)
	neg, pos, other := false, false, false
	zero, notZeroOne := false, false
	var trend orderTrend
	err := s.pass(func(line int, rec Rows) error {
		y, keep := s.parseRow(rec, x)
		if !keep {
			s.Dropped++
			if len(s.DroppedLines) < 100 {
				s.DroppedLines = append(s.DroppedLines, line)
			}
			return nil
		}
		neg, pos, other = neg || y == -1, pos || y == 1, other || (y != 1 && y != -1)
		zero, notZeroOne = zero || y == 0, notZeroOne || (y != 0 && y != 1)
		if InTest(s.opt.Seed, line, s.opt.TestFrac) {
			s.MTest++
			for a, v := range x {
				if math.IsNaN(v) {
					testMissing[a]++
				}
			}
			return nil
		}
		s.MTrain++
		for a, v := range x {
			st[a].add(v)
		}
		ys.add(y)
		trend.add(y)
		return nil
	})
	if err != nil {
		return err
	}
	if s.MTrain == 0 {
		return fmt.Errorf("frames: %s: no training rows (%d test, %d dropped): %w", s.name, s.MTest, s.Dropped, lao.ErrEmpty)
	}
	s.Binary, s.ZeroOne = neg && pos && !other, zero && pos && !notZeroOne
	s.LabelTrend = trend.corr()
	return s.transform(st, ys.stats(), testMissing)
}

// orderTrend accumulates the correlation between a row's position and its
// label, one label at a time (positions 0, 1, ...: their sums follow from
// n; labels centred on the first one, for accuracy).
type orderTrend struct {
	n, y0        float64
	sy, syy, siy float64
}

func (o *orderTrend) add(y float64) {
	if o.n == 0 {
		o.y0 = y
	}
	v := y - o.y0
	o.sy, o.syy, o.siy = o.sy+v, o.syy+v*v, o.siy+o.n*v
	o.n++
}

// corr is the correlation; NaN with fewer than minTrendRows labels or a
// constant label.
func (o orderTrend) corr() float64 {
	if o.n < minTrendRows {
		return math.NaN()
	}
	n := o.n
	si, sii := n*(n-1)/2, (n-1)*n*(2*n-1)/6 // Σ i and Σ i² over 0 … n−1
	cov := o.siy - si*o.sy/n
	vi, vy := sii-si*si/n, o.syy-o.sy*o.sy/n
	if !(vy > 0) {
		return math.NaN()
	}
	return cov / math.Sqrt(vi*vy)
}

// MaxLabelTrend is the |LabelTrend| from which SortedWarning warns: a file
// in random order is near 0 (its standard deviation is 1/√m, at most 0.1
// from minTrendRows rows), a sorted one near ±1.
const MaxLabelTrend = 0.5

// minTrendRows is the fewest training rows LabelTrend is measured on.
const minTrendRows = 100

// SortedWarning warns when the training rows' labels trend with their
// position in the file (|LabelTrend| at least MaxLabelTrend): a streamed fit
// reads them in file order, so an online solver learns from one end of the
// label range before the other, and its averaged weights suffer; ""
// otherwise.
func (s *CSVStream) SortedWarning() string {
	if !(math.Abs(s.LabelTrend) >= MaxLabelTrend) {
		return ""
	}
	return fmt.Sprintf("the file's rows are ordered by the label %q (correlation %.2f between a training row's position and its label): "+
		"a streamed fit reads them in file order, so the solver sees one end of the label range before the other; shuffle the rows first "+
		"(e.g. with shuf, keeping the header line), or fit in memory (--stream off), which shuffles", s.opt.CSV.Target, s.LabelTrend)
}

// transform fits the Transform on the training statistics, as
// FromDataFrame does for a DataFrame (fitTransform).
func (s *CSVStream) transform(st []moments, ys ColumnStats, testMissing []int64) error {
	stats := make([]ColumnStats, len(st))
	names := make([]string, len(st))
	for a := range st {
		stats[a], names[a] = st[a].stats(), s.Columns[s.cols[a]].Name
	}
	f, err := fitTransform(stats, ys, names, s.opt.CSV.Target, s.opt.Options, s.rowNormMax)
	if err != nil {
		return fmt.Errorf("%w (%s)", err, s.name)
	}
	s.Unused = append(s.Unused, f.unused...)
	cols := make([]int, len(f.keep))
	s.features = make([]string, len(f.keep))
	s.Filled = make([]int64, len(f.keep))
	for kk, a := range f.keep {
		cols[kk], s.features[kk] = s.cols[a], names[a]
		s.Stats = append(s.Stats, stats[a])
		if s.opt.Options.FillMissing {
			s.Filled[kk] = int64(stats[a].Missing) + testMissing[a]
		}
	}
	s.cols, s.Transform, s.ScalingChoice = cols, f.t, f.choice
	return nil
}

// rowNormMax is the rowNormFunc of the stream (a pass over the file): the
// largest ||(x − offset)/scale||₂ over the training rows.
func (s *CSVStream) rowNormMax(keep []int, offset, scale, fill []float64) (float64, error) {
	x := make([]float64, len(s.cols))
	t := Transform{Offset: offset, Scale: scale, Fill: fill}
	var r float64
	err := s.pass(func(line int, rec Rows) error {
		if InTest(s.opt.Seed, line, s.opt.TestFrac) {
			return nil
		}
		if _, ok := s.parseRow(rec, x); !ok {
			return nil
		}
		var n2 float64
		for kk, a := range keep {
			z := t.feature(kk, x[a])
			n2 += z * z
		}
		r = max(r, math.Sqrt(n2))
		return nil
	})
	return r, err
}

// Features returns the feature columns, in attribute order.
func (s *CSVStream) Features() []string { return slices.Clone(s.features) }

// Train returns a lao.Source over the training rows, transformed: a new
// pass over the file (opened now), one row in memory. After a complete
// pass, Fingerprint identifies the training data.
func (s *CSVStream) Train() (lao.Source, error) {
	return s.source(false)
}

// Fingerprint returns the fingerprint of the training rows (as Fingerprint
// of a table holding them) after a complete Train pass, else "".
func (s *CSVStream) Fingerprint() string { return s.fp }

// streamSource yields the transformed rows of one part.
type streamSource struct {
	s      *CSVStream
	t      *rowTable
	test   bool
	n, i   int
	raw    []float64
	h      hash.Hash
	hbuf   [8]byte
	closed bool
}

func (s *CSVStream) source(test bool) (*streamSource, error) {
	t, err := s.open()
	if err != nil {
		return nil, err
	}
	src := &streamSource{s: s, t: t, test: test, n: s.MTrain, raw: make([]float64, len(s.cols))}
	if test {
		src.n = s.MTest
	} else {
		src.h = sha256.New()
		src.put(uint64(s.MTrain))
		src.put(uint64(len(s.cols)))
		for _, n := range s.features {
			src.put(uint64(len(n)))
			src.h.Write([]byte(n))
		}
	}
	return src, nil
}

func (src *streamSource) put(v uint64) {
	binary.LittleEndian.PutUint64(src.hbuf[:], v)
	src.h.Write(src.hbuf[:])
}

// Dim returns the number of features.
func (src *streamSource) Dim() int { return len(src.s.cols) }

// Len returns the number of rows of the part.
func (src *streamSource) Len() int { return src.n }

// Next yields the next row of the part, transformed, and its label.
func (src *streamSource) Next(row []float64) (float64, error) {
	if src.i >= src.n {
		src.close()
		return 0, io.EOF
	}
	if len(row) != len(src.raw) {
		return 0, fmt.Errorf("frames: %s: Next with a row of length %d, want %d: %w", src.s.name, len(row), len(src.raw), lao.ErrShape)
	}
	s, t := src.s, &src.s.Transform
	for {
		line, err := src.t.next()
		if err == io.EOF {
			src.close()
			return 0, fmt.Errorf("frames: %s: the table ended after %d of %d rows (changed since it was read?): %w", s.name, src.i, src.n, io.ErrUnexpectedEOF)
		}
		if err != nil {
			src.close()
			return 0, err
		}
		if InTest(s.opt.Seed, line, s.opt.TestFrac) != src.test {
			continue
		}
		y, keep := s.parseRow(src.t.rows, src.raw)
		if !keep {
			continue
		}
		for a, v := range src.raw {
			if math.IsNaN(v) {
				v = t.Fill[a]
			}
			z := (v - t.Offset[a]) / t.Scale[a]
			if math.IsNaN(z) || math.IsInf(z, 0) {
				src.close()
				return 0, fmt.Errorf("frames: %s: %s, column %q: value %g becomes %g after centring and scaling: %w", s.name, where(s.unit, line), s.features[a], v, z, lao.ErrNotFinite)
			}
			row[a] = z
		}
		yt := (y - t.YOffset) / t.YScale
		src.i++
		if src.h != nil {
			for _, v := range row {
				src.put(math.Float64bits(v))
			}
			src.put(math.Float64bits(yt))
			if src.i == src.n {
				s.fp = "sha256:" + hex.EncodeToString(src.h.Sum(nil))
			}
		}
		if src.i == src.n {
			src.close()
		}
		return yt, nil
	}
}

func (src *streamSource) close() {
	if !src.closed {
		src.closed = true
		src.t.rows.Close()
	}
}

// Test returns a lao.Source over the test rows, transformed: a new pass
// over the file (opened now), one row in memory.
func (s *CSVStream) Test() (lao.Source, error) {
	if s.MTest == 0 {
		return nil, fmt.Errorf("frames: %s: no test rows (TestFrac is 0): %w", s.name, lao.ErrEmpty)
	}
	return s.source(true)
}

// Score evaluates weights w (fitted on Train's rows) on the test rows, in
// the target's units, beside the zero predictor, with the given prediction
// budget (Score): one pass over the file.
func (s *CSVStream) Score(w []float64, budget int) (Scores, error) {
	if len(w) != len(s.cols) {
		return Scores{}, fmt.Errorf("frames: %s: Score: %d weights for %d features: %w", s.name, len(w), len(s.cols), lao.ErrShape)
	}
	return s.scoreWithin(w, PredictBudget{Attributes: budget})
}

// scoreWithin is Score within a fit's whole prediction budget: its count
// and, for a solver given prices by the caller, their cost (as
// Prepared.Fit scores).
func (s *CSVStream) scoreWithin(w []float64, b PredictBudget) (Scores, error) {
	src, err := s.Test()
	if err != nil {
		return Scores{}, err
	}
	defer src.(*streamSource).close()
	return ScoreWithin(w, src, &s.Transform, b)
}

// SecondMoments returns E[x'_j²] of the transformed training rows (for the
// data-dependent solvers' prior knowledge, lao.MomentsUser): one pass.
func (s *CSVStream) SecondMoments() ([]float64, error) {
	src, err := s.source(false)
	if err != nil {
		return nil, err
	}
	defer src.close()
	src.h = nil
	mom := make([]float64, len(s.cols))
	row := make([]float64, len(s.cols))
	for range s.MTrain {
		if _, err := src.Next(row); err != nil {
			return nil, err
		}
		for a, v := range row {
			mom[a] += v * v
		}
	}
	for a := range mom {
		mom[a] /= float64(s.MTrain)
	}
	return mom, nil
}

// Model maps weights fitted on Train's rows to a model in the file's units.
func (s *CSVStream) Model(w []float64) (*Model, error) {
	return NewModel(w, s.features, s.opt.CSV.Target, &s.Transform, s.Binary)
}

// SizeWarnings are Prepared.SizeWarnings for the streamed parts: a test
// part of fewer than MinTestRows rows, fewer than 2 training rows per
// attribute.
func (s *CSVStream) SizeWarnings() []string { return sizeWarnings(s.MTrain, s.MTest, len(s.features)) }

// Fit fits solver on the training rows (a pass over the file; a
// data-dependent solver that lacks its moments gets them from another
// pass, SecondMoments), maps the weights to the file's units (Model) and
// scores them on the test rows through handles of the fit's prediction
// budget (Score): Prepared.Fit for a file read in passes.
func (s *CSVStream) Fit(solver lao.Solver, seed uint64) (*Fitted, error) {
	solver, err := WithPriorsFrom(solver, s.SecondMoments)
	if err != nil {
		return nil, err
	}
	src, err := s.Train()
	if err != nil {
		return nil, err
	}
	score := func(w []float64, b PredictBudget) (Scores, error) { return s.scoreWithin(w, b) }
	return fitScored(solver, src, seed, nil, s.Model, score)
}
