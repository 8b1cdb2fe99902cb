package quadl1

import "testing"

// pathBreakpoints returns the λ at which the lasso path of wᵀAw + vᵀw
// (A d×d positive definite) changes support, from λ = ||v||∞ down.
func pathBreakpoints(t *testing.T, A, v []float64, d int) []float64 {
	free := make([]bool, d)
	for j := range free {
		free[j] = true
	}
	q := newQuadCD(Dense(A, d), v, 1e9, free)
	p := q.polish()
	var bps []float64
	for range 10 * d {
		if !(p.lmin > 0) {
			break
		}
		bps = append(bps, p.lmin)
		if p = q.nextPiece(p); p == nil {
			t.Fatal("the path of a positive definite problem stopped")
		}
	}
	return bps
}

// TestMinBallFloorNearBreakpoint is the case that stopped the 45-pair
// MNIST table under the paper's protocol (Baseline on pair 0 vs 1, split
// 5, fold 9): a coordinate with A_jj = 0 and v_j ≠ 0 (a pixel whose
// estimated second moment the PSD clip left at 0) puts a floor under the
// multiplier, λ ≥ |v_j|, and when the floor lies just above a
// breakpoint of the quadratic coordinates' path, descent at the floor
// can settle on the piece below the breakpoint. The search took that
// piece as its upper end, the homotopy started below its own end point
// and MinBall failed with ErrNoConvergence (1,591 of the 8,810 cases
// below) instead of returning the point at the floor with the rest of the
// budget on the linear coordinate.
func TestMinBallFloorNearBreakpoint(t *testing.T) {
	const df, B = 30, 1e3
	failed, runs := 0, 0
	for seed := range uint64(8) {
		rng := NewRand(seed)
		A0, v0, _ := qpProblem(rng, qpCase{d: df, r: 40, rho: 0.9, inRange: true, bScale: 1})
		d := df + 1 // the last coordinate enters only linearly
		A := make([]float64, d*d)
		for i := range df {
			copy(A[i*d:i*d+df], A0[i*df:(i+1)*df])
		}
		for _, bp := range pathBreakpoints(t, A0, v0, df) {
			for _, delta := range []float64{1e-6, 1e-5, 1e-4, 1e-3, 1e-2} {
				v := append(append([]float64(nil), v0...), bp*(1+delta))
				runs++
				w, _, err := MinBall(Dense(A, d), v, B)
				if err != nil {
					if failed++; failed <= 3 {
						t.Errorf("seed %d, floor %g above the breakpoint %g: %v", seed, v[df], bp, err)
					}
					continue
				}
				if err := KKTBall(Dense(A, d), v, B, w, 1e-7); err != nil {
					t.Errorf("seed %d, floor %g above the breakpoint %g: KKT: %v", seed, v[df], bp, err)
				}
			}
		}
	}
	if failed > 0 {
		t.Errorf("%d of %d problems failed", failed, runs)
	}
	if runs < 500 {
		t.Errorf("only %d problems: the paths are shorter than this test assumes", runs)
	}
}
