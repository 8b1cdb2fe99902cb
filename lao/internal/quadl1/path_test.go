package quadl1

import (
	"errors"
	"math"
	"slices"
	"testing"

	lerrs "github.com/laoproject/lao/lao/internal/errs"
)

// samePathResults fails t unless MinBallPath(Dense(A, d), v, radii) is, radius by
// radius, MinBall's result bit for bit (or its error).
func samePathResults(t *testing.T, name string, A, v []float64, d int, radii []float64) {
	t.Helper()
	ws, errs := MinBallPath(Dense(A, d), v, radii)
	for i, B := range radii {
		w, _, err := MinBall(Dense(A, d), v, B)
		if (err == nil) != (errs[i] == nil) || err != nil && err.Error() != errs[i].Error() {
			t.Errorf("%s, B = %g: MinBallPath's error %v, MinBall's %v", name, B, errs[i], err)
			continue
		}
		if !slices.EqualFunc(w, ws[i], func(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }) {
			t.Errorf("%s, B = %g: MinBallPath's\n%v\nMinBall's\n%v", name, B, ws[i], w)
		}
	}
}

// MinBallPath is MinBall at every radius, bit for bit: on random problems
// of full and deficient rank, with v in A's range or not, with a linear
// coordinate whose floor lies just above a breakpoint, in one dimension,
// and for radii in any order, repeated, or not positive.
func TestMinBallPathIsMinBall(t *testing.T) {
	radii := []float64{4, 0.25, 1, 64, 0.03125, 16, 1, 256, 2}
	rng := NewRand(11)
	for _, c := range []qpCase{
		{d: 1, r: 3, rho: 0, inRange: false, bScale: 1},
		{d: 5, r: 20, rho: 0.5, inRange: false, bScale: 1},
		{d: 30, r: 60, rho: 0.9, inRange: true, bScale: 1},
		{d: 30, r: 8, rho: 0.9, inRange: true, bScale: 1},
		{d: 30, r: 8, rho: 0.3, inRange: false, bScale: 1},
		{d: 80, r: 40, rho: 0.95, inRange: true, bScale: 1},
	} {
		for range 3 {
			A, v, _ := qpProblem(rng, c)
			samePathResults(t, "random", A, v, c.d, radii)
		}
	}
	// The floor cases of TestMinBallFloorNearBreakpoint, the budget spent
	// on the linear coordinate at the larger radii.
	const df = 30
	A0, v0, _ := qpProblem(NewRand(3), qpCase{d: df, r: 40, rho: 0.9, inRange: true, bScale: 1})
	d := df + 1
	A := make([]float64, d*d)
	for i := range df {
		copy(A[i*d:i*d+df], A0[i*df:(i+1)*df])
	}
	for k, bp := range pathBreakpoints(t, A0, v0, df) {
		if k%3 == 0 {
			v := append(append([]float64(nil), v0...), bp*(1+1e-5))
			samePathResults(t, "floor", A, v, d, radii)
		}
	}
	ws, errs := MinBallPath(Dense(A, d), append(v0, 0), []float64{1, -1, math.Inf(1), 0})
	if errs[0] != nil || ws[0] == nil {
		t.Errorf("B = 1 beside bad radii: %v", errs[0])
	}
	for i := 1; i < 4; i++ {
		if !errors.Is(errs[i], lerrs.ErrParam) {
			t.Errorf("radius %g: %v, want a parameter error", []float64{1, -1, math.Inf(1), 0}[i], errs[i])
		}
	}
}
