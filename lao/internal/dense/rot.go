package dense

import "math"

// rot applies the plane rotation (c, s) to the pairs (x_i, y_i):
// x ← c·x + s·y, y ← c·y − s·x, with the products s·y and s·x rounded and
// the rest fused (math.FMA), as the assembly does, so every path gives
// the same bits.
func rot(x, y []float64, c, s float64) {
	y = y[:len(x)]
	n := rotFast(x, y, c, s)
	rotGo(x[n:], y[n:], c, s)
}

func rotGo(x, y []float64, c, s float64) {
	y = y[:len(x)]
	for i, xi := range x {
		yi := y[i]
		x[i] = math.FMA(c, xi, s*yi)
		y[i] = math.FMA(c, yi, -(s * xi))
	}
}
