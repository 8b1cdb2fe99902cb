package dense

import "math"

// This file holds the level-1 kernels: the plane rotation of the
// eigenvalue iteration, the axpy of the l1 solvers' coordinate descent,
// and the dot product of the Householder reduction.

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

// Axpy adds alpha·x to y (len(y) ≥ len(x)), each element by one fused
// multiply-add (AVX2 where the CPU has it, math.FMA otherwise: the same
// bits).
func Axpy(alpha float64, x, y []float64) {
	y = y[:len(x)]
	n := axpyFast(alpha, x, y)
	axpyGo(alpha, x[n:], y[n:])
}

func axpyGo(alpha float64, x, y []float64) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] = math.FMA(alpha, v, y[i])
	}
}

// Dot returns x·y (len(y) ≥ len(x)). The 16-element blocks are summed in
// sixteen interleaved fused multiply-adds and combined in a fixed order
// (AVX2 where the CPU has it, math.FMA otherwise: the same bits), the
// rest one fused multiply-add at a time onto that sum.
func Dot(x, y []float64) float64 {
	y = y[:len(x)]
	s, n := dotFast(x, y)
	if n == 0 {
		s, n = dotBlocks(x, y)
	}
	for i := n; i < len(x); i++ {
		s = math.FMA(x[i], y[i], s)
	}
	return s
}

// dotBlocks is the portable dotAVX2: x·y over the longest prefix of
// 16-element blocks, element i fused into accumulator i mod 16; lane l's
// four accumulators l, l+4, l+8, l+12 are summed as (a₀ + a₁) + (a₂ + a₃),
// and the lanes as (l₀ + l₂) + (l₁ + l₃). It returns the sum and the
// prefix's length.
func dotBlocks(x, y []float64) (float64, int) {
	n := len(x) &^ 15
	if n == 0 {
		return 0, 0
	}
	var acc [16]float64
	for i := 0; i < n; i += 16 {
		xb, yb := x[i:i+16:i+16], y[i:i+16:i+16]
		for l := range acc {
			acc[l] = math.FMA(xb[l], yb[l], acc[l])
		}
	}
	var lane [4]float64
	for l := range lane {
		lane[l] = (acc[l] + acc[4+l]) + (acc[8+l] + acc[12+l])
	}
	return (lane[0] + lane[2]) + (lane[1] + lane[3]), n
}
