package datasets

import (
	"io"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// CTSliceDim is the number of CT-slice attributes, value0 … value383
// (Murata & Suzuki 2018 says d = 383; the published file has these 384 columns).
const CTSliceDim = 384

// ctsliceSpec: header "patientId,value0,...,value383,reference"; patientId
// is dropped, the 384 values are the attributes, reference is the label.
func ctsliceSpec() csvSpec {
	cols := make([]string, 0, CTSliceDim+2)
	cols = append(cols, "patientId")
	features := make([]int, CTSliceDim)
	for j := range CTSliceDim {
		cols = append(cols, "value"+strconv.Itoa(j))
		features[j] = j + 1
	}
	cols = append(cols, "reference")
	return csvSpec{header: cols, cols: cols, features: features, label: CTSliceDim + 1}
}

// ReadCTSlice reads a table in the format of the UCI
// slice_localization_data.csv (header patientId,value0,...,value383,reference;
// then one comma-separated row of numbers per CT image), gzip-compressed or
// not, as a regression on reference (the slice's relative position on the
// axial axis, 0..100). patientId is not an attribute. name is used in error
// messages.
func ReadCTSlice(r io.Reader, name string) (*lao.Dataset, error) {
	return readTable(r, name, ctsliceSpec(), 0)
}

// NewCTSliceSource is the streaming form of ReadCTSlice (O(d) memory); n is
// the number of data rows to yield, or -1 if unknown. Close does not close r.
func NewCTSliceSource(r io.Reader, name string, n int) (*CSVSource, error) {
	return newCSVSource(r, nil, name, ctsliceSpec(), n)
}

// LoadCTSlice loads CT-slice with Default().
func LoadCTSlice() (*lao.Dataset, error) { return Default().CTSlice() }

// CTSlice loads the CT-slice file (53,500 rows, about 165 MB as float64).
func (l *Loader) CTSlice() (*lao.Dataset, error) {
	return l.loadTable("ctslice", "slice_localization_data.csv", ctsliceSpec())
}

// CTSliceSource streams the CT-slice file with O(d) memory; a first pass
// counts its lines to know its length. The caller must Close it.
func (l *Loader) CTSliceSource() (*CSVSource, error) {
	return l.streamTable("ctslice", "slice_localization_data.csv", ctsliceSpec())
}
