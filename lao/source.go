package lao

import (
	"fmt"
	"io"
	"math"
)

// Source is a stream of examples, read once from the start. Solvers never see
// a Source: Fit reads it and hands each row to the solver through an Example
// handle.
type Source interface {
	// Dim returns d, the number of attributes per example.
	Dim() int
	// Len returns m, the number of examples the stream will yield, or -1 if
	// it is unknown (then solvers whose defaults depend on m need it set).
	Len() int
	// Next copies the next example's attributes into row (len Dim) and
	// returns its label. It returns io.EOF after the last example.
	Next(row []float64) (y float64, err error)
}

// RowLender is implemented by sources that lend their rows instead of
// copying them: NextRow returns the next example's attributes (valid until
// the following call; the caller must not modify them) and its label, or
// io.EOF after the last. Fit reads a RowLender without copying.
type RowLender interface {
	NextRow() (row []float64, y float64, err error)
}

// SparseLender is implemented by sparse sources: NextSparse returns the
// next example's non-zero attributes (strictly increasing indices and
// their values, valid until the following call) and its label, or io.EOF.
// Fit reads a SparseLender without densifying its rows.
type SparseLender interface {
	NextSparse() (idx []int32, val []float64, y float64, err error)
}

// Dataset is an in-memory table of m examples with d attributes, stored as
// one contiguous row-major []float64 (no per-value boxing). It is the form
// frames and datasets convert everything into, once.
type Dataset struct {
	d     int
	x     []float64 // m*d, row-major
	y     []float64
	names []string
}

// NewDataset wraps x (row-major, len m*d) and y (len m). names, if not nil,
// holds the d attribute names. All values must be finite. The slices are not
// copied.
func NewDataset(x, y []float64, d int, names []string) (*Dataset, error) {
	if d < 1 {
		return nil, fmt.Errorf("lao: NewDataset: d = %d: %w", d, ErrShape)
	}
	if len(x) != len(y)*d {
		return nil, fmt.Errorf("lao: NewDataset: len(x) = %d, want m*d = %d*%d: %w", len(x), len(y), d, ErrShape)
	}
	if names != nil && len(names) != d {
		return nil, fmt.Errorf("lao: NewDataset: %d names for %d attributes: %w", len(names), d, ErrShape)
	}
	if err := distinctNames(names); err != nil {
		return nil, fmt.Errorf("lao: NewDataset: %w", err)
	}
	for i, v := range x {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("lao: NewDataset: row %d, attribute %d: %w", i/d, i%d, ErrNotFinite)
		}
	}
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("lao: NewDataset: label of row %d: %w", i, ErrNotFinite)
		}
	}
	if names == nil {
		names = make([]string, d)
		for j := range names {
			names[j] = fmt.Sprintf("x%d", j)
		}
	}
	return &Dataset{d: d, x: x, y: y, names: names}, nil
}

// distinctNames reports two attributes with one name: a model's columns are
// found by name, and one of the two would be read for both.
func distinctNames(names []string) error {
	first := make(map[string]int, len(names))
	for j, n := range names {
		if k, ok := first[n]; ok {
			return fmt.Errorf("attributes %d and %d are both named %q: %w", k, j, n, ErrParam)
		}
		first[n] = j
	}
	return nil
}

// Len returns m, the number of examples.
func (ds *Dataset) Len() int { return len(ds.y) }

// Dim returns d, the number of attributes.
func (ds *Dataset) Dim() int { return ds.d }

// Names returns the attribute names (do not modify).
func (ds *Dataset) Names() []string { return ds.names }

// Row returns the full attribute row i (do not modify). Full rows are for
// evaluation and full-information references; solvers in the LAO setting only
// ever see Example handles.
func (ds *Dataset) Row(i int) []float64 { return ds.x[i*ds.d : (i+1)*ds.d] }

// Label returns y of example i.
func (ds *Dataset) Label(i int) float64 { return ds.y[i] }

// Labels returns all labels (do not modify).
func (ds *Dataset) Labels() []float64 { return ds.y }

// Subset returns a new Dataset holding copies of the rows idx, in that order.
func (ds *Dataset) Subset(idx []int) *Dataset {
	x := make([]float64, 0, len(idx)*ds.d)
	y := make([]float64, 0, len(idx))
	for _, i := range idx {
		x = append(x, ds.Row(i)...)
		y = append(y, ds.y[i])
	}
	return &Dataset{d: ds.d, x: x, y: y, names: ds.names}
}

// Head returns a view of the first n examples (no copy).
func (ds *Dataset) Head(n int) *Dataset {
	n = min(max(n, 0), ds.Len())
	return &Dataset{d: ds.d, x: ds.x[:n*ds.d], y: ds.y[:n], names: ds.names}
}

// Stream returns a Source that yields the examples in order.
// A nil *Dataset gives a nil Source, which Fit refuses with an error.
func (ds *Dataset) Stream() Source {
	if ds == nil {
		return nil
	}
	return &datasetStream{ds: ds}
}

type datasetStream struct {
	ds *Dataset
	i  int
}

func (s *datasetStream) Dim() int { return s.ds.d }
func (s *datasetStream) Len() int { return s.ds.Len() }
func (s *datasetStream) NextRow() ([]float64, float64, error) {
	if s.i >= s.ds.Len() {
		return nil, 0, io.EOF
	}
	s.i++
	return s.ds.Row(s.i - 1), s.ds.y[s.i-1], nil
}

func (s *datasetStream) Next(row []float64) (float64, error) {
	if s.i >= s.ds.Len() {
		return 0, io.EOF
	}
	copy(row, s.ds.Row(s.i))
	y := s.ds.y[s.i]
	s.i++
	return y, nil
}

// MSE returns the mean squared error (1/m) Σ (w·x - y)² of w on ds using all
// attributes (the test-time setting of Hazan & Koren 2012 and
// Cesa-Bianchi, Shalev-Shwartz & Shamir 2010); NaN for a nil or empty
// table. It panics if len(w) != ds.Dim(), a programming error (as gonum's
// floats.Dot does).
func MSE(w []float64, ds Table) float64 {
	if isNil(ds) {
		return math.NaN()
	}
	mustMatch("MSE", w, ds)
	if ds.Len() == 0 {
		return math.NaN()
	}
	var s float64
	for i := range ds.Len() {
		r := ds.Dot(w, i) - ds.Label(i)
		s += r * r
	}
	return s / float64(ds.Len())
}

// ClassificationError returns the fraction of examples with sign(w·x) ≠ sign(y)
// (a zero prediction counts as an error), as in Cesa-Bianchi et al.'s MNIST
// table; NaN for a nil or empty table. It panics if len(w) != ds.Dim().
func ClassificationError(w []float64, ds Table) float64 {
	if isNil(ds) {
		return math.NaN()
	}
	mustMatch("ClassificationError", w, ds)
	if ds.Len() == 0 {
		return math.NaN()
	}
	wrong := 0
	for i := range ds.Len() {
		p := ds.Dot(w, i)
		if p == 0 || (p > 0) != (ds.Label(i) > 0) {
			wrong++
		}
	}
	return float64(wrong) / float64(ds.Len())
}
