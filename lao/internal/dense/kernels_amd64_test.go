//go:build amd64 && !purego

package dense

import (
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
