package lao

import (
	"fmt"
	"io"
	"math"
	"sync"
)

// Table is a data set with random access to its examples: a dense Dataset,
// a SparseDataset, or a View of a dense Dataset's rows, the only
// implementations (the interface is sealed: Subset, SecondMoments and
// EvaluateBudgeted rely on each kind's own storage). Fit (through Stream),
// evaluation (MSE, ClassificationError, EvaluateBudgeted) and frames'
// cross-validation work on any of them (frames copies a view's rows where
// it transforms a table); any other data reaches Fit as a Source.
type Table interface {
	Len() int                       // m
	Dim() int                       // d
	Names() []string                // the d attribute names
	Label(i int) float64            // y of example i
	Dot(w []float64, i int) float64 // w·x of example i (all attributes: evaluation only)
	Stream() Source                 // the examples in order, for Fit

	subset(rows []int) Table             // copies of the rows, in that order
	addSquares(s []float64)              // s_j += Σ_i x_ij²
	lend(i int, ex *Example, budget int) // points ex at row i
}

var (
	_ Table = (*Dataset)(nil)
	_ Table = (*SparseDataset)(nil)
	_ Table = (*rowView)(nil)
)

// Dot returns w·x_i (all attributes: for evaluation and full-information
// references, never for a budgeted solver).
func (ds *Dataset) Dot(w []float64, i int) float64 { return dot(w, ds.Row(i)) }

// SparseDataset is an in-memory table of m examples in compressed sparse
// rows (CSR): for each row the indices of its non-zero attributes
// (strictly increasing) and their values. It is the form of wide sparse
// data (the libsvm/svmlight format; see datasets.ReadSVMLight): memory is
// O(non-zeros + m), and Fit lends each row to the observation handle
// without densifying it, so a budgeted solver's cost per example does not
// depend on d.
type SparseDataset struct {
	d         int
	ptr       []int // row i is idx[ptr[i]:ptr[i+1]]
	idx       []int32
	val       []float64
	y         []float64
	names     []string           // built on first use from nameOf (wide data need not pay for them)
	nameOf    func(j int) string // attribute j's name
	namesOnce *sync.Once
}

// NewSparseDataset wraps CSR arrays: ptr (len m+1, ptr[0] = 0,
// non-decreasing), idx and val (len ptr[m]; each row's indices strictly
// increasing in [0, d)), labels y (len m). names, if not nil, holds the d
// attribute names. Values and labels must be finite. The slices are not
// copied.
func NewSparseDataset(ptr []int, idx []int32, val, y []float64, d int, names []string) (*SparseDataset, error) {
	m := len(y)
	switch {
	case d < 1:
		return nil, fmt.Errorf("lao: NewSparseDataset: d = %d: %w", d, ErrShape)
	case len(ptr) != m+1 || ptr[0] != 0:
		return nil, fmt.Errorf("lao: NewSparseDataset: len(ptr) = %d, want m+1 = %d starting at 0: %w", len(ptr), m+1, ErrShape)
	case len(idx) != ptr[m] || len(val) != ptr[m]:
		return nil, fmt.Errorf("lao: NewSparseDataset: %d indices and %d values, ptr says %d: %w", len(idx), len(val), ptr[m], ErrShape)
	case names != nil && len(names) != d:
		return nil, fmt.Errorf("lao: NewSparseDataset: %d names for %d attributes: %w", len(names), d, ErrShape)
	case distinctNames(names) != nil:
		return nil, fmt.Errorf("lao: NewSparseDataset: %w", distinctNames(names))
	}
	for i := range m {
		if ptr[i+1] < ptr[i] {
			return nil, fmt.Errorf("lao: NewSparseDataset: ptr decreases at row %d: %w", i, ErrShape)
		}
		for j := ptr[i]; j < ptr[i+1]; j++ {
			if idx[j] < 0 || int(idx[j]) >= d || (j > ptr[i] && idx[j] <= idx[j-1]) {
				return nil, fmt.Errorf("lao: NewSparseDataset: row %d: attribute indices must be strictly increasing in [0, %d), got %d: %w", i, d, idx[j], ErrShape)
			}
			if math.IsNaN(val[j]) || math.IsInf(val[j], 0) {
				return nil, fmt.Errorf("lao: NewSparseDataset: row %d, attribute %d: %w", i, idx[j], ErrNotFinite)
			}
		}
		if math.IsNaN(y[i]) || math.IsInf(y[i], 0) {
			return nil, fmt.Errorf("lao: NewSparseDataset: label of row %d: %w", i, ErrNotFinite)
		}
	}
	nameOf := func(j int) string { return fmt.Sprintf("x%d", j) }
	if names != nil {
		nameOf = func(j int) string { return names[j] }
	}
	return &SparseDataset{d: d, ptr: ptr, idx: idx, val: val, y: y, nameOf: nameOf, namesOnce: new(sync.Once)}, nil
}

// WithNames returns ds with attribute j named nameOf(j); the d names are
// built on the first call of Names.
func (ds *SparseDataset) WithNames(nameOf func(j int) string) *SparseDataset {
	c := *ds
	c.names, c.nameOf, c.namesOnce = nil, nameOf, new(sync.Once)
	return &c
}

// Len returns m.
func (ds *SparseDataset) Len() int { return len(ds.y) }

// Dim returns d.
func (ds *SparseDataset) Dim() int { return ds.d }

// Names returns the attribute names (do not modify). For data read without
// names they are built on the first call.
func (ds *SparseDataset) Names() []string {
	ds.namesOnce.Do(func() {
		ds.names = make([]string, ds.d)
		for j := range ds.names {
			ds.names[j] = ds.nameOf(j)
		}
	})
	return ds.names
}

// Label returns y of example i.
func (ds *SparseDataset) Label(i int) float64 { return ds.y[i] }

// NonZeros returns the number of stored values.
func (ds *SparseDataset) NonZeros() int { return len(ds.val) }

// RowSparse returns the indices and values of row i (do not modify).
func (ds *SparseDataset) RowSparse(i int) ([]int32, []float64) {
	a, b := ds.ptr[i], ds.ptr[i+1]
	return ds.idx[a:b], ds.val[a:b]
}

// Dot returns w·x_i.
func (ds *SparseDataset) Dot(w []float64, i int) float64 {
	idx, val := ds.RowSparse(i)
	var s float64
	for j, c := range idx {
		s += w[c] * val[j]
	}
	return s
}

// Sparse returns the same table in compressed sparse rows, or nil if more
// than one cell in maxShare is non-zero (maxShare ≥ 1; nothing is built
// then). The handle's reads give the same values on either form, and so
// does Dot for finite weights; a SparseDataset's Dot costs O(non-zeros of the row): for evaluating
// many weight vectors on mostly-zero rows.
func (ds *Dataset) Sparse(maxShare int) *SparseDataset {
	nz := 0
	for _, v := range ds.x {
		if v != 0 {
			nz++
		}
	}
	if nz*max(maxShare, 1) > len(ds.x) {
		return nil
	}
	out := &SparseDataset{d: ds.d, ptr: make([]int, 1, ds.Len()+1), idx: make([]int32, 0, nz), val: make([]float64, 0, nz),
		y: ds.y, nameOf: func(j int) string { return fmt.Sprintf("x%d", j) }, namesOnce: new(sync.Once)}
	if ds.names != nil {
		out.nameOf = func(j int) string { return ds.names[j] }
	}
	for i := range ds.Len() {
		for j, v := range ds.Row(i) {
			if v != 0 {
				out.idx, out.val = append(out.idx, int32(j)), append(out.val, v)
			}
		}
		out.ptr = append(out.ptr, len(out.idx))
	}
	return out
}

// Subset returns a new SparseDataset holding copies of the rows idx, in
// that order.
func (ds *SparseDataset) Subset(rows []int) *SparseDataset {
	out := &SparseDataset{d: ds.d, ptr: make([]int, 1, len(rows)+1), y: make([]float64, 0, len(rows)),
		nameOf: ds.nameOf, namesOnce: new(sync.Once)}
	for _, r := range rows {
		idx, val := ds.RowSparse(r)
		out.idx = append(out.idx, idx...)
		out.val = append(out.val, val...)
		out.ptr = append(out.ptr, len(out.idx))
		out.y = append(out.y, ds.y[r])
	}
	return out
}

// Stream returns a Source that lends the rows in order, sparse.
// A nil *SparseDataset gives a nil Source, which Fit refuses with an error.
func (ds *SparseDataset) Stream() Source {
	if ds == nil {
		return nil
	}
	return &sparseStream{ds: ds}
}

type sparseStream struct {
	ds *SparseDataset
	i  int
}

func (s *sparseStream) Dim() int { return s.ds.d }
func (s *sparseStream) Len() int { return s.ds.Len() }

func (s *sparseStream) NextSparse() ([]int32, []float64, float64, error) {
	if s.i >= s.ds.Len() {
		return nil, nil, 0, io.EOF
	}
	idx, val := s.ds.RowSparse(s.i)
	s.i++
	return idx, val, s.ds.y[s.i-1], nil
}

func (s *sparseStream) Next(row []float64) (float64, error) {
	idx, val, y, err := s.NextSparse()
	if err != nil {
		return 0, err
	}
	clear(row)
	for j, c := range idx {
		row[c] = val[j]
	}
	return y, nil
}

// Subset returns a new table holding copies of the rows of t listed in
// rows, in that order, of the same kind (dense or sparse).
func Subset(t Table, rows []int) Table { return t.subset(rows) }

func (ds *Dataset) subset(rows []int) Table       { return ds.Subset(rows) }
func (ds *SparseDataset) subset(rows []int) Table { return ds.Subset(rows) }

// SecondMoments returns E[x_i²] over the rows of t, for i = 1..d: the
// prior knowledge of the data-dependent solvers (DDAERR, DDAELR); nil for
// a nil table, NaN for each attribute of an empty one.
func SecondMoments(t Table) []float64 {
	if isNil(t) {
		return nil
	}
	s := make([]float64, t.Dim())
	t.addSquares(s)
	for j := range s {
		s[j] /= float64(t.Len())
	}
	return s
}

func (ds *Dataset) addSquares(s []float64) {
	for i := range ds.Len() {
		for j, v := range ds.Row(i) {
			s[j] += v * v
		}
	}
}

func (ds *SparseDataset) addSquares(s []float64) {
	for k, j := range ds.idx {
		s[j] += ds.val[k] * ds.val[k]
	}
}

func (ds *Dataset) lend(i int, ex *Example, budget int) { ex.Reset(ds.Row(i), ds.Label(i), budget) }

func (ds *SparseDataset) lend(i int, ex *Example, budget int) {
	idx, val := ds.RowSparse(i)
	ex.ResetSparse(idx, val, ds.Label(i), budget)
}

// WithLabels returns a copy of ds (sharing its rows) with the labels y
// (len m, finite).
func (ds *SparseDataset) WithLabels(y []float64) (*SparseDataset, error) {
	if len(y) != ds.Len() {
		return nil, fmt.Errorf("lao: WithLabels: %d labels for %d rows: %w", len(y), ds.Len(), ErrShape)
	}
	for i, v := range y {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("lao: WithLabels: label of row %d: %w", i, ErrNotFinite)
		}
	}
	c := *ds
	c.y = y
	return &c, nil
}
