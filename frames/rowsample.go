package frames

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"math"
	"slices"

	"github.com/go-gota/gota/dataframe"

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

// maxRowSample is the most rows a model samples: 256 hashes (about 4.6 kB
// of JSON) find a copy of the training part with certainty and estimate
// the share of training rows in a mixed file to about ±3 %.
const maxRowSample = 256

// rowHash is the FNV-1a hash of the float64 bits of vals (in order) and y.
type rowHash struct {
	buf [8]byte
}

func (r *rowHash) of(vals []float64, y float64) uint64 {
	h := fnv.New64a()
	for _, v := range vals {
		binary.LittleEndian.PutUint64(r.buf[:], math.Float64bits(v))
		h.Write(r.buf[:])
	}
	binary.LittleEndian.PutUint64(r.buf[:], math.Float64bits(y))
	h.Write(r.buf[:])
	return h.Sum64()
}

// RowSample returns the hashes (16 hex digits each) of up to 256 rows of
// the training table t of model m (t in the solver's units, as
// Prepared.Train): rows whose values in m's non-zero-coefficient columns
// and label appear once in t, spread evenly over them in row order. A row
// whose values appear twice or more is left out: a new row equal to it
// would look like a training row. So is every row of a table whose rows
// repeat, where a new row would often equal one seen once: nil when, by
// Good and Turing's estimate 2·n₂/m (n₂ values seen exactly twice among the
// m rows), more than 1 % of new rows would (a table of few distinct rows:
// a few 0/1 columns, small integer labels). Nil too when the model has no
// transform or t cannot be read.
func RowSample(t lao.Table, m *Model) []string {
	if m == nil || m.Transform == nil || t == nil || t.Dim() != len(m.Coef) {
		return nil
	}
	used := lao.Support(m.Coef)
	hashes := make([]uint64, 0, t.Len())
	row, vals := make([]float64, t.Dim()), make([]float64, len(used))
	var rh rowHash
	src := t.Stream()
	for range t.Len() {
		y, err := src.Next(row)
		if err != nil {
			return nil
		}
		for a, j := range used {
			vals[a] = row[j]
		}
		hashes = append(hashes, rh.of(vals, y))
	}
	sorted := slices.Sorted(slices.Values(hashes))
	if 2*twice(sorted) > len(sorted)/100 { // Good–Turing: more than 1 % of new rows would equal a row seen once
		return nil
	}
	var unique []uint64
	for _, h := range hashes {
		i, _ := slices.BinarySearch(sorted, h)
		if i+1 == len(sorted) || sorted[i+1] != h {
			unique = append(unique, h)
		}
	}
	n := min(len(unique), maxRowSample)
	out := make([]string, n)
	for a := range n {
		out[a] = fmt.Sprintf("%016x", unique[a*len(unique)/n])
	}
	return out
}

// twice counts the values that appear exactly twice in sorted.
func twice(sorted []uint64) int {
	n := 0
	for i := 0; i < len(sorted); {
		j := i + 1
		for j < len(sorted) && sorted[j] == sorted[i] {
			j++
		}
		if j-i == 2 {
			n++
		}
		i = j
	}
	return n
}

// TrainingRowsFound counts the hashes of the model's row sample
// (Fit.RowSample) that rows of df with labels y hold, and returns the
// sample's size (0: the model records none, and found is 0). A row is
// hashed as RowSample hashes a training row: its columns with a non-zero
// coefficient and its label, transformed by m.Transform (a missing cell
// filled as the fit filled it); rows with an unlabelled (NaN) or
// unfillable cell are passed over. A hash held by several rows counts once.
func (m *Model) TrainingRowsFound(df dataframe.DataFrame, y []float64) (found, sample int, err error) {
	if m.Fit == nil || len(m.Fit.RowSample) == 0 || m.Transform == nil {
		return 0, 0, nil
	}
	want := make(map[uint64]bool, len(m.Fit.RowSample))
	for _, s := range m.Fit.RowSample {
		b, err := hex.DecodeString(s)
		if err != nil || len(b) != 8 {
			return 0, 0, fmt.Errorf("%w: fit.training_row_sample holds %q, not 16 hex digits", ErrModelFile, s)
		}
		want[binary.BigEndian.Uint64(b)] = true
	}
	if err := m.checkShape("TrainingRowsFound"); err != nil {
		return 0, 0, err
	}
	cols, err := m.readSupport(df, true)
	if err != nil {
		return 0, 0, err
	}
	used := lao.Support(m.Coef)
	vals := make([]float64, len(used))
	var rh rowHash
	seen := map[uint64]bool{}
rows:
	for i, label := range y {
		if math.IsNaN(label) {
			continue
		}
		for a, j := range used {
			if vals[a] = m.Transform.feature(j, cols[j][i]); math.IsNaN(vals[a]) {
				continue rows
			}
		}
		if h := rh.of(vals, m.Transform.label(label)); want[h] && !seen[h] {
			seen[h] = true
			found++
		}
	}
	return found, len(want), nil
}
