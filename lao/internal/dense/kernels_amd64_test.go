//go:build amd64 && !purego

package dense

import (
	"math"
	"math/rand/v2"
	"testing"
	"unsafe"

	"golang.org/x/sys/cpu"
)

// Each vector level-1 kernel this CPU runs against the portable loop, bit
// for bit (rot and Axpy test only the fastest).
func TestVectorKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(10, 11))
	const n = 64
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], y[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	type rotK struct {
		name string
		ok   bool
		f    func(n int, x, y *float64, c, s float64)
	}
	for _, k := range []rotK{{"rotAVX2", cpu.X86.HasAVX2 && cpu.X86.HasFMA, rotAVX2}, {"rotAVX512", cpu.X86.HasAVX512F, rotAVX512}} {
		if !k.ok {
			continue
		}
		a, b := append([]float64(nil), x...), append([]float64(nil), y...)
		a2, b2 := append([]float64(nil), x...), append([]float64(nil), y...)
		k.f(n, unsafe.SliceData(a), unsafe.SliceData(b), 0.28, -0.96)
		rotGo(a2, b2, 0.28, -0.96)
		for i := range a {
			if a[i] != a2[i] || b[i] != b2[i] {
				t.Fatalf("%s: pair %d differs from the portable rotation", k.name, i)
			}
		}
	}
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		b, b2 := append([]float64(nil), y...), append([]float64(nil), y...)
		axpyAVX2(n, 0.37, unsafe.SliceData(x), unsafe.SliceData(b))
		axpyGo(0.37, x, b2)
		for i := range b {
			if b[i] != b2[i] {
				t.Fatalf("axpyAVX2: element %d differs from the portable axpy", i)
			}
		}
	}
}

// tileKernels lists the assembly tile kernels this CPU runs with their
// tile shapes.
func tileKernels() []struct {
	name   string
	mr, nr int
	f      func(k int, a, b, c *float64, ldc int, sub bool)
} {
	type tk = struct {
		name   string
		mr, nr int
		f      func(k int, a, b, c *float64, ldc int, sub bool)
	}
	var out []tk
	if cpu.X86.HasAVX2 && cpu.X86.HasFMA {
		out = append(out, tk{"tileAVX2", 4, 8, tileAVX2}, tk{"tile6AVX2", 6, 8, tile6AVX2})
	}
	if cpu.X86.HasAVX512F {
		out = append(out, tk{"tileAVX512", 8, 16, tileAVX512})
	}
	return out
}

// Each tile kernel against the specified arithmetic (a chain of math.FMA
// in r order per entry, then c += or −= it), bit for bit, with c's rows
// apart (ldc > nr) and the entries outside the tile untouched.
func TestTileKernelsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	const k, ldc = 37, 21
	a, b := make([]float64, k*panelWidth), make([]float64, k*panelWidth)
	for i := range a {
		a[i], b[i] = rng.NormFloat64(), rng.NormFloat64()
	}
	for _, tk := range tileKernels() {
		for _, sub := range []bool{false, true} {
			c := make([]float64, 16*ldc)
			for i := range c {
				c[i] = rng.NormFloat64()
			}
			want := append([]float64(nil), c...)
			for i := range tk.mr {
				for j := range tk.nr {
					var acc float64
					for r := range k {
						acc = math.FMA(a[panelWidth*r+i], b[panelWidth*r+j], acc)
					}
					if sub {
						want[i*ldc+j] -= acc
					} else {
						want[i*ldc+j] += acc
					}
				}
			}
			tk.f(k, &a[0], &b[0], &c[0], ldc, sub)
			for i := range c {
				if c[i] != want[i] {
					t.Fatalf("%s sub=%v: c[%d] = %v, want %v", tk.name, sub, i, c[i], want[i])
				}
			}
		}
	}
}

// The tile kernels on panels in the L1 cache (blockRows rows), the rate
// in fused multiply-adds per CPU second:
//
//	go test ./lao/internal/dense -run XXX -bench TileKernels
func BenchmarkTileKernels(b *testing.B) {
	x, y := rows(blockRows, panelWidth, 3), rows(blockRows, panelWidth, 4)
	a, bb := make([]float64, 0, blockRows*panelWidth), make([]float64, 0, blockRows*panelWidth)
	for r := range blockRows {
		a, bb = append(a, x[r]...), append(bb, y[r]...)
	}
	c := make([]float64, 16*16)
	for _, tk := range tileKernels() {
		b.Run(tk.name, func(b *testing.B) {
			cpu0 := cpuSeconds()
			for range b.N {
				tk.f(blockRows, &a[0], &bb[0], &c[0], 16, false)
			}
			fma := float64(b.N) * blockRows * float64(tk.mr*tk.nr)
			b.ReportMetric(fma/(cpuSeconds()-cpu0)/1e9, "GFMA/cpu-s")
		})
	}
}
