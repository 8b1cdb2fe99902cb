package datasets

import (
	"io"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// CTSliceDim is the number of CT-slice attributes, value0 … value383.
//
// Murata & Suzuki (2018, Section 6) report d = 383 for this data set; the
// published file has 384 value columns (UCI's description: patientId, 240
// bins of a histogram of bone structures, 144 bins of a histogram of air
// inclusions, reference; "bins that are outside of the image are marked
// with a value of −0.25"). The paper does not say which column it dropped,
// and the data do not single one out:
//
//   - dropping the constant columns does not give 383: an analysis of the
//     full file (T. Kärkkäinen's LoadDataset.m, 2020, which keeps the
//     non-constant columns of value0…value383) reports n = 379, i.e. five
//     constant columns;
//   - the only copy readable here (the first 682 rows, patients 0 and 1, of
//     a copy truncated at 1 MiB; the full file could not be obtained) has 22
//     columns constant on those rows: value9, 59, 69, 119, 129, 179, 189,
//     239, 279 and 351 at −0.25 (histogram bins outside the image) and
//     value97, 253, 293, 329, 333, 337-340, 347, 365, 373 at 0; the five
//     constant columns of the full file are among these;
//   - 383 is the largest index in the header (value0 … value383), so the
//     likeliest reading is that the paper counted that index and used all
//     384 value columns.
//
// We keep all 384. ConstantColumns lists the constant ones of a loaded
// table, and the name "ctslice:std" (Standardize) turns them into all-zero
// columns, which no sparse linear model can use: the same as dropping them.
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
