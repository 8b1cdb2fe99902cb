package frames

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/laoproject/lao/lao"
)

// A saved model keeps a sample of its training rows as hashes
// (FitInfo.RowSample), so that predict can tell when the rows it scores
// hold training rows, whatever the file is called: their error is then no
// estimate of the error on new rows. A row's hash covers what a prediction
// reads of it and its label, in the solver's units: the columns with a
// non-zero coefficient and the label, each transformed as the fit
// transformed it (Transform.feature, Transform.label: the same function on
// the same cells gives the same bits at both ends).

// RowSample is a sample of a model's training rows (FitInfo.RowSample).
type RowSample struct {
	// Hashes are the rows' hashes, 16 hex digits each (rowHash).
	Hashes []string `json:"hashes"`
	// Chance is the expected number of hashes a row that is not a
	// training row holds, by Good and Turing's estimate: a new row equals
	// a training row seen once with probability about 2(n₂+1)/m (n₂ rows
	// seen exactly twice among the m, one added so that a table without
	// repeats is not taken for one that cannot have them), and that row
	// is sampled with probability len(Hashes)/n₁ (n₁ rows seen once).
	Chance float64 `json:"chance"`
}

// maxRowSample is the most rows a model samples: 256 hashes (about 5 kB of
// JSON) find a copy of the training part with certainty and estimate the
// share of training rows in a mixed file to about ±3 %.
const maxRowSample = 256

// rowHash is the 64-bit FNV-1a hash of the little-endian float64 bits of
// vals, in order, then of y: written out (no hash.Hash, no allocation), as
// it runs once per training row.
func rowHash(vals []float64, y float64) uint64 {
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	add := func(v float64) {
		b := math.Float64bits(v)
		for range 8 {
			h = (h ^ b&0xff) * prime
			b >>= 8
		}
	}
	for _, v := range vals {
		add(v)
	}
	add(y)
	return h
}

// NewRowSample returns a sample of up to 256 rows of the training table t
// of model m (t in the solver's units, as Prepared.Train): the hashes of
// the rows whose values in m's non-zero-coefficient columns and label
// appear once in t, spread evenly over them in row order. A row whose
// values appear twice or more is left out: a new row equal to it would look
// like a training row; a table of few distinct rows (a few 0/1 columns,
// small integer labels) has a large Chance, and RowMatches.Significant asks
// for that many more rows found. Nil (no sample) when no row appears once,
// when every coefficient is 0 (the label alone would be hashed), for a
// sparse table (predict does not check libsvm files), when the model has no
// transform, or when t cannot be read.
func NewRowSample(t lao.Table, m *Model) *RowSample {
	if m == nil || m.Transform == nil || t == nil || t.Dim() != len(m.Coef) {
		return nil
	}
	if _, sparse := t.(*lao.SparseDataset); sparse {
		return nil
	}
	used := lao.Support(m.Coef)
	if len(used) == 0 {
		return nil
	}
	hashes, err := rowHashes(t, used)
	if err != nil {
		return nil
	}
	sorted := slices.Sorted(slices.Values(hashes))
	once, twice := repeats(sorted)
	if once == 0 {
		return nil
	}
	n := min(once, maxRowSample)
	s := &RowSample{Hashes: make([]string, 0, n),
		Chance: 2 * float64(twice+1) / float64(len(sorted)) * float64(n) / float64(once)}
	u := 0 // the unique rows seen so far; the a-th of the sample is unique row a·once/n
	for _, h := range hashes {
		i, _ := slices.BinarySearch(sorted, h)
		if i+1 < len(sorted) && sorted[i+1] == h { // i is h's first place: a repeated row
			continue
		}
		if a := len(s.Hashes); a < n && u == a*once/n {
			s.Hashes = append(s.Hashes, fmt.Sprintf("%016x", h))
		}
		u++
	}
	return s
}

// rowHashes hashes every row of t on the columns used and its label.
func rowHashes(t lao.Table, used []int) ([]uint64, error) {
	hashes := make([]uint64, 0, t.Len())
	row, vals := make([]float64, t.Dim()), make([]float64, len(used))
	src := t.Stream()
	for range t.Len() {
		y, err := src.Next(row)
		if err != nil {
			return nil, err
		}
		for a, j := range used {
			vals[a] = row[j]
		}
		hashes = append(hashes, rowHash(vals, y))
	}
	return hashes, nil
}

// repeats counts the values that appear exactly once and exactly twice in
// sorted.
func repeats(sorted []uint64) (once, twice int) {
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		switch j - i {
		case 1:
			once++
		case 2:
			twice++
		}
		i = j
	}
	return once, twice
}

// decode returns the hashes as numbers, or an error naming the field.
func (s *RowSample) decode() (map[uint64]bool, error) {
	if len(s.Hashes) == 0 || len(s.Hashes) > maxRowSample || !(s.Chance >= 0) || math.IsInf(s.Chance, 0) {
		return nil, fmt.Errorf("%w: fit.training_row_sample holds %d hashes and chance %g, want 1 to %d hashes and a finite chance ≥ 0",
			ErrModelFile, len(s.Hashes), s.Chance, maxRowSample)
	}
	want := make(map[uint64]bool, len(s.Hashes))
	for _, h := range s.Hashes {
		b, err := hex.DecodeString(h)
		if err != nil || len(b) != 8 {
			return nil, fmt.Errorf("%w: fit.training_row_sample.hashes holds %q, not 16 hex digits", ErrModelFile, h)
		}
		want[binary.BigEndian.Uint64(b)] = true
	}
	return want, nil
}

// RowMatches is what Model.TrainingRowsFound found among the labelled rows
// of a table.
type RowMatches struct {
	// Found of the model's Sample sampled training rows are among the rows
	// (Sample 0: the model records no sample), of which Labelled have a
	// label.
	Found, Sample, Labelled int
	// Chance is the number of sampled rows that as many rows, none of them
	// a training row, would hold by chance (RowSample.Chance per row).
	Chance float64
}

// Significant reports whether the rows found show that training rows are
// among the rows: two or more (all of a smaller sample), and a count that
// rows without training rows would reach by chance less than once in a
// thousand times (the Poisson tail at Chance).
func (r RowMatches) Significant() bool {
	if r.Sample == 0 || r.Found < min(2, r.Sample) {
		return false
	}
	return distuv.Poisson{Lambda: r.Chance}.Survival(float64(r.Found-1)) < 1e-3
}

// Share is the share of the sample found: an estimate of the share of the
// training part among the rows.
func (r RowMatches) Share() float64 { return float64(r.Found) / float64(r.Sample) }

// TrainingRowsFound counts the hashes of the model's row sample
// (Fit.RowSample) that rows of df with labels y hold. A row is hashed as
// NewRowSample hashes a training row: its columns with a non-zero
// coefficient and its label, transformed by m.Transform (a missing cell
// filled as the fit filled it); rows with an unlabelled (NaN) or unfillable
// cell are passed over. A hash held by several rows counts once. Without a
// sample it returns RowMatches with Sample 0.
func (m *Model) TrainingRowsFound(df dataframe.DataFrame, y []float64) (RowMatches, error) {
	var r RowMatches
	if m.Fit == nil || m.Fit.RowSample == nil || m.Transform == nil {
		return r, nil
	}
	want, err := m.Fit.RowSample.decode()
	if err != nil {
		return r, err
	}
	if err := m.checkShape("TrainingRowsFound"); err != nil {
		return r, err
	}
	cols, err := m.readSupport(df, true)
	if err != nil {
		return r, err
	}
	used := lao.Support(m.Coef)
	vals := make([]float64, len(used))
	seen := map[uint64]bool{}
rows:
	for i, label := range y {
		if math.IsNaN(label) {
			continue
		}
		r.Labelled++
		for a, j := range used {
			if vals[a] = m.Transform.feature(j, cols[j][i]); math.IsNaN(vals[a]) {
				continue rows
			}
		}
		if h := rowHash(vals, m.Transform.label(label)); want[h] && !seen[h] {
			seen[h] = true
			r.Found++
		}
	}
	r.Sample, r.Chance = len(want), float64(r.Labelled)*m.Fit.RowSample.Chance
	return r, nil
}
