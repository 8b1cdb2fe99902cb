package datasets

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/laoproject/lao/lao"
)

// CovertypeDim is the number of Covertype attributes: 10 quantitative
// variables, 4 wilderness-area indicators and 40 soil-type indicators.
const CovertypeDim = 54

// covertypeCols returns the 55 column names of covtype.data, as in the UCI
// covtype.info (the last one is the class, Cover_Type 1..7).
func covertypeCols() []string {
	cols := []string{"Elevation", "Aspect", "Slope",
		"Horizontal_Distance_To_Hydrology", "Vertical_Distance_To_Hydrology",
		"Horizontal_Distance_To_Roadways", "Hillshade_9am", "Hillshade_Noon",
		"Hillshade_3pm", "Horizontal_Distance_To_Fire_Points"}
	for i := 1; i <= 4; i++ {
		cols = append(cols, "Wilderness_Area"+strconv.Itoa(i))
	}
	for i := 1; i <= 40; i++ {
		cols = append(cols, "Soil_Type"+strconv.Itoa(i))
	}
	return append(cols, "Cover_Type")
}

// covertypeSpec: no header, 55 comma-separated integers, class last; class
// c gives y = +1, the six others y = −1.
func covertypeSpec(class int) csvSpec {
	features := make([]int, CovertypeDim)
	for j := range features {
		features[j] = j
	}
	return csvSpec{
		cols:     covertypeCols(),
		features: features,
		label:    CovertypeDim,
		labelFn: func(v float64) (float64, error) {
			if v != math.Trunc(v) || v < 1 || v > 7 {
				return 0, fmt.Errorf("cover type %v is not a class 1..7", v)
			}
			if int(v) == class {
				return 1, nil
			}
			return -1, nil
		},
	}
}

func checkClass(class int) error {
	if class < 1 || class > 7 {
		return fmt.Errorf("datasets: Covertype class %d, want 1..7: %w", class, ErrName)
	}
	return nil
}

// ReadCovertype reads a table in the format of the UCI covtype.data (no
// header; 55 comma-separated integers per line: 54 attributes, then the
// cover type 1..7), gzip-compressed or not, as the one-vs-rest problem of
// Kukliansky & Shamir 2015: y = +1 for the given class, −1 for the six others. The
// attributes are returned unscaled (see MaxAbsScale). name is used in
// error messages.
func ReadCovertype(r io.Reader, name string, class int) (*lao.Dataset, error) {
	if err := checkClass(class); err != nil {
		return nil, err
	}
	return readTable(r, name, covertypeSpec(class), 0)
}

// NewCovertypeSource is the streaming form of ReadCovertype: a lao.Source
// holding one row at a time. n is the number of rows to yield (the first
// n), or -1 if unknown; lao.Fit needs it known (count it with CountRows on
// a first pass, or use Loader.CovertypeSource). Close does not close r.
func NewCovertypeSource(r io.Reader, name string, class, n int) (*CSVSource, error) {
	if err := checkClass(class); err != nil {
		return nil, err
	}
	return newCSVSource(r, nil, name, covertypeSpec(class), n)
}

// LoadCovertype loads Covertype, class vs rest, with Default().
func LoadCovertype(class int) (*lao.Dataset, error) { return Default().Covertype(class) }

// Covertype loads the Covertype file (581,012 rows, about 250 MB as
// float64), class vs rest.
func (l *Loader) Covertype(class int) (*lao.Dataset, error) {
	if err := checkClass(class); err != nil {
		return nil, err
	}
	return l.loadTable("covertype", "covtype.data.gz", covertypeSpec(class))
}

// CovertypeSource streams the Covertype file, class vs rest, with O(d)
// memory. Its length is known: a first pass counts the lines (and verifies
// the checksum). The caller must Close it.
func (l *Loader) CovertypeSource(class int) (*CSVSource, error) {
	if err := checkClass(class); err != nil {
		return nil, err
	}
	return l.streamTable("covertype", "covtype.data.gz", covertypeSpec(class))
}

func (l *Loader) loadTable(dataset, name string, spec csvSpec) (*lao.Dataset, error) {
	f, df, err := l.open(dataset, name)
	if err != nil {
		return nil, err
	}
	defer df.Close()
	ds, err := readTable(df, df.path, spec, f.Rows)
	if err != nil {
		return nil, err
	}
	if f.Rows > 0 && ds.Len() != f.Rows {
		return nil, fmt.Errorf("datasets: %s: %d data rows, want %d: %w", df.path, ds.Len(), f.Rows, ErrFormat)
	}
	return ds, nil
}

func (l *Loader) streamTable(dataset, name string, spec csvSpec) (*CSVSource, error) {
	f, df, err := l.open(dataset, name)
	if err != nil {
		return nil, err
	}
	n, err := CountRows(df)
	df.Close()
	if err != nil {
		return nil, err
	}
	if spec.header != nil {
		n--
	}
	if n <= 0 {
		return nil, fmt.Errorf("datasets: %s: no data rows: %w", df.path, lao.ErrEmpty)
	}
	if f.Rows > 0 && n != f.Rows {
		return nil, fmt.Errorf("datasets: %s: %d data rows, want %d: %w", df.path, n, f.Rows, ErrFormat)
	}
	df, err = l.openFile(f)
	if err != nil {
		return nil, err
	}
	src, err := newCSVSource(df, df, df.path, spec, n)
	if err != nil {
		df.Close()
		return nil, err
	}
	return src, nil
}
