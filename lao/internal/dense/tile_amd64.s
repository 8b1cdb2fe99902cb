//go:build amd64 && !purego

#include "textflag.h"

// The three tile kernels differ only in their vector width (Z: 8 doubles,
// Y: 4) and their number of rows (8; 4 and 6); the rotation kernels only
// in their width. The macros below hold what they share.

// TILEARGS loads tile(k, a, b, c, ldc, sub)'s arguments: k in CX, a in SI,
// b in DI, c in DX and the row stride ldc in bytes in R8.
#define TILEARGS \
	MOVQ k+0(FP), CX \
	MOVQ a+8(FP), SI \
	MOVQ b+16(FP), DI \
	MOVQ c+24(FP), DX \
	MOVQ ldc+32(FP), R8 \
	SHLQ $3, R8

// ZERO4 clears four vector registers with the zeroing idiom op.
#define ZERO4(op, r0, r1, r2, r3) \
	op r0, r0, r0 \
	op r1, r1, r1 \
	op r2, r2, r2 \
	op r3, r3, r3

// FMAROW adds a[off]·(b0, b1) to row (lo, hi): the row's element of a,
// broadcast into bc, times the panel of b in b0 (columns 0..w−1) and b1
// (columns w..2w−1), by fused multiply-adds.
#define FMAROW(off, bc, b0, b1, lo, hi) \
	VBROADCASTSD off(SI), bc \
	VFMADD231PD b0, bc, lo \
	VFMADD231PD b1, bc, hi

// STOREROW applies c[row] op= (lo, hi) for the row of c at DX, through the
// scratch register t (half is the byte offset of column w).
#define STOREROW(op, lo, hi, t, half) \
	VMOVUPD 0(DX), t \
	op lo, t, t \
	VMOVUPD t, 0(DX) \
	VMOVUPD half(DX), t \
	op hi, t, t \
	VMOVUPD t, half(DX)

// STORE4 applies STOREROW to four consecutive rows of c (DX advances by
// R8 between them and is left on the fourth).
#define STORE4(op, r0, r1, r2, r3, r4, r5, r6, r7, t, half) \
	STOREROW(op, r0, r1, t, half) \
	ADDQ R8, DX \
	STOREROW(op, r2, r3, t, half) \
	ADDQ R8, DX \
	STOREROW(op, r4, r5, t, half) \
	ADDQ R8, DX \
	STOREROW(op, r6, r7, t, half)

// STORE512 is the 8×16 tile's c op= acc (rows in Z0..Z15).
#define STORE512(op) \
	STORE4(op, Z0, Z1, Z2, Z3, Z4, Z5, Z6, Z7, Z26, 64) \
	ADDQ R8, DX \
	STORE4(op, Z8, Z9, Z10, Z11, Z12, Z13, Z14, Z15, Z26, 64)

// ROTSTEP rotates one vector of pairs at (SI), (DI) by (c, s) in (vc, vs):
// x' = c·x + s·y into t0, y' = c·y − s·x into t1, through x, y.
#define ROTSTEP(vc, vs, x, y, t0, t1) \
	VMOVUPD (SI), x \
	VMOVUPD (DI), y \
	VMULPD y, vs, t0 \
	VFMADD231PD x, vc, t0 \
	VMULPD x, vs, t1 \
	VFMSUB231PD y, vc, t1 \
	VMOVUPD t0, (SI) \
	VMOVUPD t1, (DI)

// func tileAVX512(k int, a, b, c *float64, ldc int, sub bool)
//
// An 8×16 tile: acc[i][j] = Σ_{r<k} a[16r+i]·b[16r+j] by a chain of fused
// multiply-adds in r order, then c[i·ldc+j] += acc[i][j] (−= if sub).
// Accumulators: row i in Z(2i) (columns 0-7) and Z(2i+1) (columns 8-15).
TEXT ·tileAVX512(SB), NOSPLIT, $0-41
	TILEARGS
	ZERO4(VPXORQ, Z0, Z1, Z2, Z3)
	ZERO4(VPXORQ, Z4, Z5, Z6, Z7)
	ZERO4(VPXORQ, Z8, Z9, Z10, Z11)
	ZERO4(VPXORQ, Z12, Z13, Z14, Z15)
	TESTQ CX, CX
	JEQ store512
loop512:
	VMOVUPD (DI), Z16
	VMOVUPD 64(DI), Z17
	FMAROW(0, Z18, Z16, Z17, Z0, Z1)
	FMAROW(8, Z19, Z16, Z17, Z2, Z3)
	FMAROW(16, Z20, Z16, Z17, Z4, Z5)
	FMAROW(24, Z21, Z16, Z17, Z6, Z7)
	FMAROW(32, Z22, Z16, Z17, Z8, Z9)
	FMAROW(40, Z23, Z16, Z17, Z10, Z11)
	FMAROW(48, Z24, Z16, Z17, Z12, Z13)
	FMAROW(56, Z25, Z16, Z17, Z14, Z15)
	ADDQ $128, SI
	ADDQ $128, DI
	DECQ CX
	JNZ loop512
store512:
	MOVBLZX sub+40(FP), AX
	TESTQ AX, AX
	JNE sub512
	STORE512(VADDPD)
	VZEROUPPER
	RET
sub512:
	STORE512(VSUBPD)
	VZEROUPPER
	RET

// func tileAVX2(k int, a, b, c *float64, ldc int, sub bool)
//
// A 4×8 tile, as tileAVX512 (the panels keep their stride of 16).
// Accumulators: row i in Y(2i) (columns 0-3) and Y(2i+1) (columns 4-7).
TEXT ·tileAVX2(SB), NOSPLIT, $0-41
	TILEARGS
	ZERO4(VXORPD, Y0, Y1, Y2, Y3)
	ZERO4(VXORPD, Y4, Y5, Y6, Y7)
	TESTQ CX, CX
	JEQ store2
loop2:
	VMOVUPD (DI), Y8
	VMOVUPD 32(DI), Y9
	FMAROW(0, Y10, Y8, Y9, Y0, Y1)
	FMAROW(8, Y11, Y8, Y9, Y2, Y3)
	FMAROW(16, Y12, Y8, Y9, Y4, Y5)
	FMAROW(24, Y13, Y8, Y9, Y6, Y7)
	ADDQ $128, SI
	ADDQ $128, DI
	DECQ CX
	JNZ loop2
store2:
	MOVBLZX sub+40(FP), AX
	TESTQ AX, AX
	JNE sub2
	STORE4(VADDPD, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y14, 32)
	VZEROUPPER
	RET
sub2:
	STORE4(VSUBPD, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y14, 32)
	VZEROUPPER
	RET

// STORE6 is the 6×8 tile's c op= acc (rows in Y0..Y11), through Y14.
#define STORE6(op) \
	STORE4(op, Y0, Y1, Y2, Y3, Y4, Y5, Y6, Y7, Y14, 32) \
	ADDQ R8, DX \
	STOREROW(op, Y8, Y9, Y14, 32) \
	ADDQ R8, DX \
	STOREROW(op, Y10, Y11, Y14, 32)

// func tile6AVX2(k int, a, b, c *float64, ldc int, sub bool)
//
// A 6×8 tile, as tileAVX2 with two rows more: twelve chains of fused
// multiply-adds in flight instead of eight, enough to keep both FMA units
// busy through their latency (tileAVX2's eight just cover it).
// Accumulators: row i in Y(2i) and Y(2i+1); b in Y12, Y13.
TEXT ·tile6AVX2(SB), NOSPLIT, $0-41
	TILEARGS
	ZERO4(VXORPD, Y0, Y1, Y2, Y3)
	ZERO4(VXORPD, Y4, Y5, Y6, Y7)
	ZERO4(VXORPD, Y8, Y9, Y10, Y11)
	TESTQ CX, CX
	JEQ store6
loop6:
	VMOVUPD (DI), Y12
	VMOVUPD 32(DI), Y13
	FMAROW(0, Y14, Y12, Y13, Y0, Y1)
	FMAROW(8, Y15, Y12, Y13, Y2, Y3)
	FMAROW(16, Y14, Y12, Y13, Y4, Y5)
	FMAROW(24, Y15, Y12, Y13, Y6, Y7)
	FMAROW(32, Y14, Y12, Y13, Y8, Y9)
	FMAROW(40, Y15, Y12, Y13, Y10, Y11)
	ADDQ $128, SI
	ADDQ $128, DI
	DECQ CX
	JNZ loop6
store6:
	MOVBLZX sub+40(FP), AX
	TESTQ AX, AX
	JNE sub6
	STORE6(VADDPD)
	VZEROUPPER
	RET
sub6:
	STORE6(VSUBPD)
	VZEROUPPER
	RET

// func rotAVX2(n int, x, y *float64, c, s float64)
//
// The plane rotation of n (a multiple of 4) pairs: x' = c·x + s·y,
// y' = c·y − s·x, each with one product rounded and one fused
// multiply-add (as rotGo).
TEXT ·rotAVX2(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), CX
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DI
	VBROADCASTSD c+24(FP), Y0
	VBROADCASTSD s+32(FP), Y1
	SHRQ $2, CX
	JEQ rotdone
rotloop:
	ROTSTEP(Y0, Y1, Y2, Y3, Y4, Y5)
	ADDQ $32, SI
	ADDQ $32, DI
	DECQ CX
	JNZ rotloop
rotdone:
	VZEROUPPER
	RET

// func axpyAVX2(n int, alpha float64, x, y *float64)
//
// y ← alpha·x + y for n (a multiple of 8) elements, one fused
// multiply-add each (as axpyGo).
TEXT ·axpyAVX2(SB), NOSPLIT, $0-32
	MOVQ n+0(FP), CX
	VBROADCASTSD alpha+8(FP), Y0
	MOVQ x+16(FP), SI
	MOVQ y+24(FP), DI
	SHRQ $3, CX
	JEQ axpydone
axpyloop:
	VMOVUPD (SI), Y1
	VMOVUPD 32(SI), Y2
	VFMADD213PD (DI), Y0, Y1
	VFMADD213PD 32(DI), Y0, Y2
	VMOVUPD Y1, (DI)
	VMOVUPD Y2, 32(DI)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ axpyloop
axpydone:
	VZEROUPPER
	RET

// func rotAVX512(n int, x, y *float64, c, s float64)
//
// rotAVX2 with 8 pairs per vector (n a multiple of 8).
TEXT ·rotAVX512(SB), NOSPLIT, $0-40
	MOVQ n+0(FP), CX
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DI
	VBROADCASTSD c+24(FP), Z0
	VBROADCASTSD s+32(FP), Z1
	SHRQ $3, CX
	JEQ rot512done
rot512loop:
	ROTSTEP(Z0, Z1, Z2, Z3, Z4, Z5)
	ADDQ $64, SI
	ADDQ $64, DI
	DECQ CX
	JNZ rot512loop
rot512done:
	VZEROUPPER
	RET

// func dotAVX2(n int, x, y *float64) float64
//
// x·y for n (a multiple of 16) elements: element i is fused into lane i mod
// 16 of four 4-lane accumulators, which are then summed as dotBlocks sums them:
// per lane (a₀ + a₁) + (a₂ + a₃), then (l₀ + l₂) + (l₁ + l₃).
TEXT ·dotAVX2(SB), NOSPLIT, $0-32
	MOVQ n+0(FP), CX
	MOVQ x+8(FP), SI
	MOVQ y+16(FP), DI
	VXORPD Y1, Y1, Y1
	VXORPD Y2, Y2, Y2
	VXORPD Y3, Y3, Y3
	VXORPD Y4, Y4, Y4
	SHRQ $4, CX
	JEQ dotsum
dotloop:
	VMOVUPD (SI), Y5
	VMOVUPD 32(SI), Y6
	VMOVUPD 64(SI), Y7
	VMOVUPD 96(SI), Y8
	VFMADD231PD (DI), Y5, Y1
	VFMADD231PD 32(DI), Y6, Y2
	VFMADD231PD 64(DI), Y7, Y3
	VFMADD231PD 96(DI), Y8, Y4
	ADDQ $128, SI
	ADDQ $128, DI
	DECQ CX
	JNZ dotloop
dotsum:
	VADDPD Y2, Y1, Y1
	VADDPD Y4, Y3, Y3
	VADDPD Y3, Y1, Y1
	VEXTRACTF128 $1, Y1, X2
	VADDPD X2, X1, X1
	VPERMILPD $1, X1, X2
	VADDSD X2, X1, X1
	VMOVSD X1, ret+24(FP)
	VZEROUPPER
	RET
