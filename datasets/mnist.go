package datasets

import (
	"fmt"
	"io"
	"strconv"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/laoproject/lao/lao"
)

// MNIST holds MNIST images as stored, one byte (0..255) per pixel, with their
// digit labels. Conversion to float64 in [0, 1] (pixel/255) happens when a
// data set is made, so the 70,000 images take 55 MB, not 440 MB.
type MNIST struct {
	Rows, Cols int     // image height and width (28 × 28)
	Pixels     []uint8 // Len()·Rows·Cols bytes, image after image, each row-major
	Labels     []uint8 // the digits 0..9
}

// Part selects the MNIST training set (60,000 images), test set (10,000) or
// both, concatenated in that order (70,000; the papers pool them and split at
// random).
type Part string

// The MNIST parts.
const (
	Train Part = "train"
	Test  Part = "test"
	All   Part = "all"
)

// Pair is a digit pair for binary classification by regression: digit A is
// labelled −1 and digit B +1 ("3 vs 5" is Pair{3, 5}, as in seeds 000-002).
type Pair struct{ A, B int }

// String returns the pair as in data set names, e.g. "3v5".
func (p Pair) String() string { return fmt.Sprintf("%dv%d", p.A, p.B) }

// AllPairs returns the 45 pairs {a, b} with 0 ≤ a < b ≤ 9 in lexicographic
// order (the 45-pair table of Cesa-Bianchi et al. 2010).
func AllPairs() []Pair {
	out := make([]Pair, 0, 45)
	for a := range 10 {
		for b := a + 1; b < 10; b++ {
			out = append(out, Pair{a, b})
		}
	}
	return out
}

// ReadMNIST reads MNIST-format images (IDX, 3 dimensions) and labels (IDX,
// 1 dimension), gzip-compressed or not.
func ReadMNIST(images, labels io.Reader) (*MNIST, error) {
	img, err := ReadIDX(images)
	if err != nil {
		return nil, fmt.Errorf("datasets: MNIST images: %w", err)
	}
	lab, err := ReadIDX(labels)
	if err != nil {
		return nil, fmt.Errorf("datasets: MNIST labels: %w", err)
	}
	return newMNIST(img, lab, "images", "labels")
}

func newMNIST(img, lab *IDX, imgName, labName string) (*MNIST, error) {
	if len(img.Dims) != 3 {
		return nil, fmt.Errorf("datasets: %s: %d-dimensional IDX, want 3 (count, rows, columns): %w", imgName, len(img.Dims), ErrFormat)
	}
	if len(lab.Dims) != 1 {
		return nil, fmt.Errorf("datasets: %s: %d-dimensional IDX, want 1: %w", labName, len(lab.Dims), ErrFormat)
	}
	if img.Dims[0] != lab.Dims[0] {
		return nil, fmt.Errorf("datasets: %s has %d images but %s has %d labels: %w", imgName, img.Dims[0], labName, lab.Dims[0], ErrFormat)
	}
	for i, v := range lab.Data {
		if v > 9 {
			return nil, fmt.Errorf("datasets: %s: label %d of item %d is not a digit: %w", labName, v, i, ErrFormat)
		}
	}
	return &MNIST{Rows: img.Dims[1], Cols: img.Dims[2], Pixels: img.Data, Labels: lab.Data}, nil
}

// LoadMNIST loads a part of MNIST with Default().
func LoadMNIST(part Part) (*MNIST, error) { return Default().MNIST(part) }

// MNIST loads a part of MNIST, verifying the decompressed content of each
// file against the file table as it reads.
func (l *Loader) MNIST(part Part) (*MNIST, error) {
	switch part {
	case Train:
		return l.mnistPart("train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz")
	case Test:
		return l.mnistPart("t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz")
	case All:
		// Fetch the test files first (one progress bar at a time), then
		// read the test set while the training set is fetched and read.
		for _, name := range []string{"t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"} {
			f, err := l.file("mnist", name)
			if err != nil {
				return nil, err
			}
			if _, err := l.Path(f); err != nil {
				return nil, err
			}
		}
		var test *MNIST
		var terr error
		done := make(chan struct{})
		go func() { test, terr = l.MNIST(Test); close(done) }()
		train, err := l.MNIST(Train)
		<-done
		if err != nil {
			return nil, err
		}
		if terr != nil {
			return nil, terr
		}
		return train.Concat(test)
	}
	return nil, fmt.Errorf("datasets: MNIST part %q, want %q, %q or %q: %w", part, Train, Test, All, ErrName)
}

func (l *Loader) mnistPart(imgName, labName string) (*MNIST, error) {
	img, err := l.readIDXFile(imgName)
	if err != nil {
		return nil, err
	}
	lab, err := l.readIDXFile(labName)
	if err != nil {
		return nil, err
	}
	return newMNIST(img, lab, imgName, labName)
}

func (l *Loader) readIDXFile(name string) (*IDX, error) {
	f, df, err := l.open("mnist", name)
	if err != nil {
		return nil, err
	}
	defer df.Close()
	idx, err := readIDX(df, df.path)
	if err != nil {
		return nil, err
	}
	if f.Rows > 0 && idx.Dims[0] != f.Rows {
		return nil, fmt.Errorf("datasets: %s: %d items, want %d: %w", df.path, idx.Dims[0], f.Rows, ErrFormat)
	}
	return idx, nil
}

// Len returns the number of images.
func (m *MNIST) Len() int { return len(m.Labels) }

// Dim returns the number of pixels per image, Rows·Cols.
func (m *MNIST) Dim() int { return m.Rows * m.Cols }

// Counts returns the number of images of each digit.
func (m *MNIST) Counts() [10]int {
	var c [10]int
	for _, v := range m.Labels {
		c[v]++
	}
	return c
}

// Image writes image i as Dim() values pixel/255 in [0, 1] into dst (grown
// if too short) and returns it.
func (m *MNIST) Image(i int, dst []float64) []float64 {
	d := m.Dim()
	if cap(dst) < d {
		dst = make([]float64, d)
	}
	dst = dst[:d]
	for j, p := range m.Pixels[i*d : (i+1)*d] {
		dst[j] = float64(p) / 255
	}
	return dst
}

// Concat returns m followed by o (same image size required).
func (m *MNIST) Concat(o *MNIST) (*MNIST, error) {
	if m.Rows != o.Rows || m.Cols != o.Cols {
		return nil, fmt.Errorf("datasets: concatenating %d×%d and %d×%d images: %w", m.Rows, m.Cols, o.Rows, o.Cols, ErrFormat)
	}
	px := make([]uint8, 0, len(m.Pixels)+len(o.Pixels))
	lab := make([]uint8, 0, len(m.Labels)+len(o.Labels))
	return &MNIST{Rows: m.Rows, Cols: m.Cols,
		Pixels: append(append(px, m.Pixels...), o.Pixels...),
		Labels: append(append(lab, m.Labels...), o.Labels...)}, nil
}

// PixelNames returns the attribute names px0 … px{Dim()-1}; pixel (r, c) is
// px{r·Cols + c}.
func (m *MNIST) PixelNames() []string {
	names := make([]string, m.Dim())
	for j := range names {
		names[j] = "px" + strconv.Itoa(j)
	}
	return names
}

// Dataset returns all images as a data set whose label is the digit (0..9).
func (m *MNIST) Dataset() (*lao.Dataset, error) {
	idx := make([]int, m.Len())
	for i := range idx {
		idx[i] = i
	}
	return m.subset(idx, func(v uint8) float64 { return float64(v) })
}

// Pair returns the images of digits a and b, in file order, as a data set
// with label −1 for a and +1 for b. It fails with lao.ErrEmpty if there are
// none.
func (m *MNIST) Pair(a, b int) (*lao.Dataset, error) {
	if a < 0 || a > 9 || b < 0 || b > 9 || a == b {
		return nil, fmt.Errorf("datasets: MNIST pair %dv%d: want two different digits 0..9: %w", a, b, ErrName)
	}
	var idx []int
	for i, v := range m.Labels {
		if int(v) == a || int(v) == b {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 {
		return nil, fmt.Errorf("datasets: MNIST pair %dv%d: %w", a, b, lao.ErrEmpty)
	}
	return m.subset(idx, func(v uint8) float64 {
		if int(v) == a {
			return -1
		}
		return 1
	})
}

func (m *MNIST) subset(idx []int, label func(uint8) float64) (*lao.Dataset, error) {
	d := m.Dim()
	x := make([]float64, len(idx)*d)
	y := make([]float64, len(idx))
	for k, i := range idx {
		m.Image(i, x[k*d:(k+1)*d])
		y[k] = label(m.Labels[i])
	}
	return lao.NewDataset(x, y, d, m.PixelNames())
}

// PairFrame returns Pair(a, b) as a gota DataFrame with float columns
// px0 … px783 and "label" (−1 for a, +1 for b).
func (m *MNIST) PairFrame(a, b int) (dataframe.DataFrame, error) {
	ds, err := m.Pair(a, b)
	if err != nil {
		return dataframe.DataFrame{}, err
	}
	return Frame(ds, "label"), nil
}

// Frame converts a data set to a gota DataFrame: one float column per
// attribute, named as in ds.Names(), then the labels in a column named label.
// gota boxes every value, so this costs about 40 bytes per cell.
func Frame(ds *lao.Dataset, label string) dataframe.DataFrame {
	m, d := ds.Len(), ds.Dim()
	cols := make([]series.Series, 0, d+1)
	col := make([]float64, m)
	for j, name := range ds.Names() {
		for i := range m {
			col[i] = ds.Row(i)[j]
		}
		cols = append(cols, series.New(col, series.Float, name))
	}
	cols = append(cols, series.New(ds.Labels(), series.Float, label))
	return dataframe.New(cols...)
}
