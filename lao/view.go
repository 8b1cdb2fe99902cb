package lao

import (
	"fmt"
	"io"
)

// View returns the rows of t listed in rows, in that order, as a table. A
// dense table's view shares its memory (nothing is copied, and rows is
// kept, not copied: neither may change while the view is in use); a view
// of a view lists the rows of the table beneath; a sparse table's is a
// copy (Subset), already compact. A view reads and fits bit for bit as
// the copy Subset makes; it is read fastest when rows runs through
// consecutive rows (cross-validation's training parts are views of the
// rows copied once in fold order). It panics if t is nil or a row is not
// in [0, t.Len()), a programming error, as indexing does.
func View(t Table, rows []int) Table {
	for _, r := range rows {
		if r < 0 || r >= t.Len() {
			panic(fmt.Sprintf("lao: View: row %d not in [0, %d)", r, t.Len()))
		}
	}
	switch v := t.(type) {
	case *Dataset:
		return &rowView{ds: v, rows: rows}
	case *rowView:
		return &rowView{ds: v.ds, rows: v.under(rows)}
	}
	return Subset(t, rows)
}

// rowView is a dense table's rows listed by index, read in place.
type rowView struct {
	ds   *Dataset
	rows []int
}

func (v *rowView) Len() int                       { return len(v.rows) }
func (v *rowView) Dim() int                       { return v.ds.d }
func (v *rowView) Names() []string                { return v.ds.names }
func (v *rowView) Label(i int) float64            { return v.ds.y[v.rows[i]] }
func (v *rowView) Dot(w []float64, i int) float64 { return v.ds.Dot(w, v.rows[i]) }
func (v *rowView) Stream() Source                 { return &viewStream{v: v} }

func (v *rowView) subset(rows []int) Table { return v.ds.Subset(v.under(rows)) }

// under returns the rows of the table beneath that the view's rows list.
func (v *rowView) under(rows []int) []int {
	idx := make([]int, len(rows))
	for a, r := range rows {
		idx[a] = v.rows[r]
	}
	return idx
}

func (v *rowView) addSquares(s []float64) {
	for _, r := range v.rows {
		for j, x := range v.ds.Row(r) {
			s[j] += x * x
		}
	}
}

func (v *rowView) lend(i int, ex *Example, budget int) { v.ds.lend(v.rows[i], ex, budget) }

// viewStream lends a view's rows in order (a RowLender, as a Dataset's
// stream).
type viewStream struct {
	v *rowView
	i int
}

func (s *viewStream) Dim() int { return s.v.ds.d }
func (s *viewStream) Len() int { return len(s.v.rows) }

func (s *viewStream) NextRow() ([]float64, float64, error) {
	if s.i >= len(s.v.rows) {
		return nil, 0, io.EOF
	}
	r := s.v.rows[s.i]
	s.i++
	return s.v.ds.Row(r), s.v.ds.y[r], nil
}

func (s *viewStream) Next(row []float64) (float64, error) {
	x, y, err := s.NextRow()
	if err == nil {
		copy(row, x)
	}
	return y, err
}
