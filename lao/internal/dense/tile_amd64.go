//go:build amd64 && !purego

package dense

import (
	"unsafe"

	"golang.org/x/sys/cpu"
)

//go:noescape
func tileAVX512(k int, a, b, c *float64, ldc int, sub bool)

//go:noescape
func tileAVX2(k int, a, b, c *float64, ldc int, sub bool)

//go:noescape
func tile6AVX2(k int, a, b, c *float64, ldc int, sub bool)

//go:noescape
func rotAVX2(n int, x, y *float64, c, s float64)

//go:noescape
func rotAVX512(n int, x, y *float64, c, s float64)

var hasAVX512 = cpu.X86.HasAVX512F

//go:noescape
func axpyAVX2(n int, alpha float64, x, y *float64)

// axpyFast adds alpha·x to y over the longest prefix of whole vectors and
// returns its length (0 without AVX2 and FMA).
func axpyFast(alpha float64, x, y []float64) int {
	n := len(x) &^ 7
	if !hasAVX2FMA || n == 0 {
		return 0
	}
	axpyAVX2(n, alpha, unsafe.SliceData(x), unsafe.SliceData(y))
	return n
}

var hasAVX2FMA = cpu.X86.HasAVX2 && cpu.X86.HasFMA

//go:noescape
func dotAVX2(n int, x, y *float64) float64

// dotFast returns x·y over the longest prefix of 16-element blocks, summed
// as dotBlocks sums it, and the prefix's length (0 without AVX2 and FMA).
func dotFast(x, y []float64) (float64, int) {
	n := len(x) &^ 15
	if !hasAVX2FMA || n == 0 {
		return 0, 0
	}
	return dotAVX2(n, unsafe.SliceData(x), unsafe.SliceData(y)), n
}

// rotFast rotates the longest prefix of whole vectors with AVX-512 or
// AVX2 and returns its length (0 without them).
func rotFast(x, y []float64, c, s float64) int {
	if n := len(x) &^ 7; hasAVX512 && n > 0 {
		rotAVX512(n, unsafe.SliceData(x), unsafe.SliceData(y), c, s)
		return n
	}
	n := len(x) &^ 3
	if !hasAVX2FMA || n == 0 {
		return 0
	}
	rotAVX2(n, unsafe.SliceData(x), unsafe.SliceData(y), c, s)
	return n
}

// best is the fastest tile kernel this CPU runs: AVX-512 (8×16 tiles),
// AVX2 with FMA (6×8 and 4×8), or the portable one.
var best = kernels()[0]

// avx2Tiler covers a panel's rows with 6×8 tiles and a 4×8 one: on an AMD
// EPYC (Zen 3) with the tiles' operands in L1, 4×8 tiles alone reach
// 14-18 GFMA per CPU second and 6×8 ones 17-21 (BenchmarkTileKernels).
var avx2Tiler = tiler{name: "avx2", mr: 4, nr: 8, f: asmTile(tileAVX2), tall: asmTile(tile6AVX2)}

// asmTile adapts an assembly kernel to the tile function's slices; the
// callers guarantee the panels hold k rows of stride panelWidth and c the
// tile (see tiler).
func asmTile(f func(k int, a, b, c *float64, ldc int, sub bool)) tileFunc {
	return func(k int, a, b, c []float64, ldc int, sub bool) {
		f(k, unsafe.SliceData(a), unsafe.SliceData(b), unsafe.SliceData(c), ldc, sub)
	}
}

// kernels lists every kernel this CPU can run, the portable one last (the
// tests check that all agree bit for bit).
func kernels() []tiler {
	out := []tiler{}
	if cpu.X86.HasAVX512F {
		out = append(out, tiler{name: "avx512", mr: 8, nr: 16, f: asmTile(tileAVX512)})
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		out = append(out, avx2Tiler, tiler{name: "avx2-4x8", mr: 4, nr: 8, f: asmTile(tileAVX2)})
	}
	return append(out, goTiler)
}
