package quadl1

import (
	"math"
	"math/rand/v2"
	"testing"
)

// wideProblem returns m×d rows X (a tenth of the cells 0, as a gene table's
// missing expressions or MNIST's blank pixels), the Dense form of
// C = XᵀX/m summed directly, and v = −2Xᵀy/m for a label from three
// columns and noise.
func wideProblem(m, d int, seed uint64) (X, C, v []float64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	X = make([]float64, m*d)
	for i := range X {
		if rng.IntN(10) != 0 {
			X[i] = rng.NormFloat64()
		}
	}
	C, v = make([]float64, d*d), make([]float64, d)
	for r := range m {
		xr := X[r*d : (r+1)*d]
		y := xr[0] - 0.5*xr[1] + 0.25*xr[2] + 0.3*rng.NormFloat64()
		for i := range d {
			v[i] -= 2 * y * xr[i] / float64(m)
			for j := range d {
				C[i*d+j] += xr[i] * xr[j] / float64(m)
			}
		}
	}
	return X, C, v
}

// The Rows form's entries are the same bits however they are reached (a
// row computed first or not, either triangle), its diagonal is the rows',
// WithRidge adds ε to the diagonal only, and MulVec is A·w to rounding.
func TestRowsMatrixEntries(t *testing.T) {
	const m, d = 7, 12
	X, C, _ := wideProblem(m, d, 3)
	A, B := Rows(X, m, d, 1/float64(m)), Rows(X, m, d, 1/float64(m))
	for i := range d {
		for j := range d {
			a, b := A.At(i, j), B.Row(j)[i] // B computes its rows, A does not
			if math.Float64bits(a) != math.Float64bits(b) || math.Float64bits(a) != math.Float64bits(A.At(j, i)) {
				t.Fatalf("A[%d][%d]: %v by At, %v from row %d, %v transposed", i, j, a, b, j, A.At(j, i))
			}
			if math.Abs(a-C[i*d+j]) > 1e-13 {
				t.Fatalf("A[%d][%d] = %v, XᵀX/m %v", i, j, a, C[i*d+j])
			}
		}
		if A.Diag(i) != B.Row(i)[i] {
			t.Fatalf("diagonal %d: %v, row %v", i, A.Diag(i), B.Row(i)[i])
		}
	}
	R := A.WithRidge(0.5)
	for i := range d {
		for j := range d {
			want := A.At(i, j)
			if i == j {
				want += 0.5
			}
			if R.At(i, j) != want || R.Row(i)[j] != want {
				t.Fatalf("A + 0.5I at (%d, %d): %v, %v; want %v", i, j, R.At(i, j), R.Row(i)[j], want)
			}
		}
	}
	w := make([]float64, d)
	for j := range w {
		w[j] = float64(j%3) - 1
	}
	for name, M := range map[string]*Matrix{"rows": R, "dense": Dense(R.denseCopy(), d)} {
		got := M.MulVec(w)
		for i := range d {
			var want float64
			for j := range d {
				want += R.At(i, j) * w[j]
			}
			if math.Abs(got[i]-want) > 1e-12 {
				t.Fatalf("%s: (Aw)[%d] = %v, want %v", name, i, got[i], want)
			}
		}
	}
}

// denseCopy returns the d×d entries of A.
func (mt *Matrix) denseCopy() []float64 {
	a := make([]float64, mt.d*mt.d)
	for i := range mt.d {
		copy(a[i*mt.d:], mt.Row(i))
	}
	return a
}

// MinBall, MinBallPath and MinPenalised on the Rows form of XᵀX/m give
// the Dense form's solutions to rounding and a certified KKT point, for
// d at or below walkMaxD (the path walk) and above it (descent), and
// they read fewer rows of A than d.
func TestRowsMatchDense(t *testing.T) {
	for _, c := range []struct{ m, d int }{{20, 60}, {30, walkMaxD + 200}} {
		X, C, v := wideProblem(c.m, c.d, uint64(c.d))
		dense := Dense(C, c.d)
		radii := []float64{0.1, 0.5, 1.5}
		path, errs := MinBallPath(Rows(X, c.m, c.d, 1/float64(c.m)), v, radii)
		for i, B := range radii {
			want, _, err := MinBall(dense, v, B)
			if err != nil {
				t.Fatal(err)
			}
			rows := Rows(X, c.m, c.d, 1/float64(c.m))
			got, _, err := MinBall(rows, v, B)
			if err != nil || errs[i] != nil {
				t.Fatalf("d = %d, B = %g: %v, path %v", c.d, B, err, errs[i])
			}
			for _, w := range [][]float64{got, path[i]} {
				if dist := distance(w, want); dist > 1e-9*norm1(want) {
					t.Errorf("d = %d, B = %g: rows form %v from the dense form (||w||₁ %g)", c.d, B, dist, norm1(want))
				}
				if err := KKTBall(rows, v, B, w, 1e-8); err != nil {
					t.Errorf("d = %d, B = %g: %v", c.d, B, err)
				}
			}
			if len(rows.rows) >= c.d/2 {
				t.Errorf("d = %d, B = %g: %d rows of A computed", c.d, B, len(rows.rows))
			}
		}
		lambda := 0.2 * maxAbs(v)
		want, _, err := MinPenalised(dense, v, lambda)
		if err != nil {
			t.Fatal(err)
		}
		rows := Rows(X, c.m, c.d, 1/float64(c.m))
		got, _, err := MinPenalised(rows, v, lambda)
		if err != nil {
			t.Fatal(err)
		}
		if dist := distance(got, want); dist > 1e-9*norm1(want) || KKTPenalised(rows, v, lambda, got, 1e-8) != nil {
			t.Errorf("d = %d, λ = %g: rows form %v from the dense form; KKT %v", c.d, lambda, dist, KKTPenalised(rows, v, lambda, got, 1e-8))
		}
	}
}

// distance returns ||a − b||₁.
func distance(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

// maxAbs returns ||v||∞.
func maxAbs(v []float64) float64 {
	var s float64
	for _, x := range v {
		s = max(s, math.Abs(x))
	}
	return s
}

// A Rows form that keeps fewer rows than are read computes the ones it
// dropped again, to the same bits: after every row was read (and most
// dropped), its solution is the bits of a fresh one's, and it keeps
// 2m + 64 rows.
func TestRowsEviction(t *testing.T) {
	const m, d = 20, 300
	X, _, v := wideProblem(m, d, 11)
	keepAll := Rows(X, m, d, 1/float64(m))
	want, _, err := MinBall(keepAll, v, 3)
	if err != nil {
		t.Fatal(err)
	}
	few := Rows(X, m, d, 1/float64(m)) // keeps 2m + 64 = 104 rows
	for i := range d {
		if r := few.Row(i); math.Float64bits(r[(i+1)%d]) != math.Float64bits(keepAll.Row(i)[(i+1)%d]) {
			t.Fatalf("row %d differs", i)
		}
	}
	if len(few.rows) != 2*m+64 || len(few.order) != 2*m+64 {
		t.Fatalf("%d rows kept (%d in order), want %d", len(few.rows), len(few.order), 2*m+64)
	}
	got, _, err := MinBall(few, v, 3)
	if err != nil {
		t.Fatal(err)
	}
	for j := range want {
		if math.Float64bits(got[j]) != math.Float64bits(want[j]) {
			t.Fatalf("w[%d] = %v keeping %d rows, %v keeping all", j, got[j], 2*m+64, want[j])
		}
	}
}
