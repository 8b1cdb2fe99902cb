package dense

import "math"

// panelWidth is the width of the packed column panels: a block of rows is
// stored as panels of 16 consecutive columns, each panel its rows one
// after another (16 values per row), so a tile kernel streams its operands
// contiguously.
const panelWidth = 16

// tileFunc computes an mr×nr tile of a product of two packed panels:
// acc[i][j] = Σ_{r<k} a[16r+i]·b[16r+j], a chain of fused multiply-adds in
// r order for every (i, j), then c[i·ldc+j] += acc[i][j] (−= if sub). Every
// implementation does exactly this arithmetic, so they agree bit for bit.
type tileFunc func(k int, a, b, c []float64, ldc int, sub bool)

// tiler is a tile kernel and its tile shape.
type tiler struct {
	name   string
	mr, nr int
	f      tileFunc
	// tall, if not nil, computes tiles of 6 rows by nr columns (mr must
	// be 4): a panel's 16 rows are then covered by tiles of 6, 6 and 4
	// rows, most of them by tall, whose longer tiles keep more chains of
	// multiply-adds in flight.
	tall tileFunc
}

// heights returns the heights of the row tiles that cover a panel's 16
// rows, in order.
func (k tiler) heights() []int {
	if k.tall != nil {
		return []int{6, 6, 4}
	}
	h := make([]int, panelWidth/k.mr)
	for i := range h {
		h[i] = k.mr
	}
	return h
}

// kernel returns the kernel for tiles of h rows.
func (k tiler) kernel(h int) tileFunc {
	if h == 6 {
		return k.tall
	}
	return k.f
}

// goTiler is the portable kernel: 4×4 tiles, math.FMA (a single rounding,
// as the assembly's VFMADD).
var goTiler = tiler{name: "go", mr: 4, nr: 4, f: goTile}

func goTile(k int, a, b, c []float64, ldc int, sub bool) {
	var acc [4][4]float64
	for r := range k {
		ar, br := a[panelWidth*r:panelWidth*r+4], b[panelWidth*r:panelWidth*r+4]
		for i := range 4 {
			for j := range 4 {
				acc[i][j] = math.FMA(ar[i], br[j], acc[i][j])
			}
		}
	}
	for i := range 4 {
		row := c[i*ldc : i*ldc+4]
		for j := range 4 {
			if sub {
				row[j] -= acc[i][j]
			} else {
				row[j] += acc[i][j]
			}
		}
	}
}
