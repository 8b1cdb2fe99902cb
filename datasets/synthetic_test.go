package datasets

import (
	"errors"
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
)

// excessCheck compares Excess(w) with the sample mean of
// c·[(w·x − y)² − (w*·x − y)²] over ds, within 5 standard errors.
func excessCheck(t *testing.T, name string, ds *lao.Dataset, w, wstar []float64, c, exact float64) {
	t.Helper()
	var sum, sq float64
	for i := range ds.Len() {
		row, y := ds.Row(i), ds.Label(i)
		var a, b float64
		for j, v := range row {
			a += w[j] * v
			b += wstar[j] * v
		}
		diff := c * ((a-y)*(a-y) - (b-y)*(b-y))
		sum += diff
		sq += diff * diff
	}
	n := float64(ds.Len())
	mean := sum / n
	se := math.Sqrt((sq/n - mean*mean) / n)
	if math.Abs(mean-exact) > 5*se {
		t.Errorf("%s: empirical excess %g, exact %g (SE %g)", name, mean, exact, se)
	}
}

func TestSignModel(t *testing.T) {
	p := SignModel{WStar: []float64{0.3, -0.2, 0.2, -0.1, 0, 0}, Noise: 0.2}
	ds, err := p.Sample(200000, 7)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		for _, v := range ds.Row(i) {
			if v != 1 && v != -1 {
				t.Fatalf("row %d: %v not a sign vector", i, ds.Row(i))
			}
		}
	}
	w := []float64{0.1, 0, 0.4, -0.1, 0.2, -0.3}
	excessCheck(t, "SignModel", ds, w, p.WStar, 1, p.Excess(w))
	if got := p.Excess(p.WStar); got != 0 {
		t.Errorf("Excess(w*) = %g", got)
	}
	// The notebooks' original generator (the reference): same draws.
	r := lao.NewRand(7)
	for i := range 50 {
		var y float64
		for j := range 6 {
			v := float64(2*r.IntN(2) - 1)
			if v != ds.Row(i)[j] {
				t.Fatalf("row %d differs from the reference draws", i)
			}
			y += p.WStar[j] * v
		}
		y += p.Noise * (2*r.Float64() - 1)
		if y != ds.Label(i) {
			t.Fatalf("label %d: %g, reference %g", i, ds.Label(i), y)
		}
	}
}

func TestSpikedSignModel(t *testing.T) {
	d := 10
	u := make([]float64, d)
	u[0], u[1] = 1/math.Sqrt2, 1/math.Sqrt2
	ws := make([]float64, d)
	for j := range ws {
		ws[j] = 0.7 * u[j]
	}
	p := SpikedSignModel{U: u, WStar: ws, A: 0.8, Noise: 0.3}
	ds, err := p.Sample(200000, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ds.Len() {
		var n2 float64
		for _, v := range ds.Row(i) {
			n2 += v * v
		}
		if n2 > 1+1e-12 {
			t.Fatalf("row %d: ||x||₂² = %g > 1", i, n2)
		}
	}
	w := []float64{0.2, 0.9, -0.1, 0, 0.3, 0, 0, 0.5, 0, -0.2}
	excessCheck(t, "SpikedSignModel", ds, w, ws, 0.5, p.Excess(w))
}

func TestSyntheticErrors(t *testing.T) {
	u := []float64{1, 0}
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"empty w*", second(SignModel{}.Sample(10, 1)), lao.ErrParam},
		{"negative m", second(SignModel{WStar: []float64{1}}.Sample(-1, 1)), lao.ErrParam},
		{"NaN noise", second(SignModel{WStar: []float64{1}, Noise: math.NaN()}.Sample(1, 1)), lao.ErrParam},
		{"Inf w*", second(SignModel{WStar: []float64{math.Inf(1)}}.Sample(1, 1)), lao.ErrNotFinite},
		{"U not unit", second(SpikedSignModel{U: []float64{1, 1}, WStar: []float64{0, 0}, A: 0.5}.Sample(1, 1)), lao.ErrParam},
		{"A > 1", second(SpikedSignModel{U: u, WStar: []float64{0, 0}, A: 1.5}.Sample(1, 1)), lao.ErrParam},
		{"w* length", second(SpikedSignModel{U: u, WStar: []float64{0}, A: 0.5}.Sample(1, 1)), lao.ErrParam},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
}

func second(_ *lao.Dataset, err error) error { return err }

func TestPowerLawModel(t *testing.T) {
	for _, lasso := range []bool{false, true} {
		p, err := NewPowerLawModel(30, -1, lasso, 4)
		if err != nil {
			t.Fatal(err)
		}
		var n2 float64
		for _, v := range p.Mu {
			n2 += v * v
		}
		if !lasso && math.Abs(n2-1) > 1e-12 {
			t.Errorf("ridge: ||μ||₂² = %g, want 1 (projected)", n2)
		}
		if lasso && (p.Mu[0] != 1 || math.Abs(p.Mu[9]-0.1) > 1e-15) {
			t.Errorf("lasso: μ = %v, want i^-1", p.Mu[:10])
		}
		ds, err := p.Sample(200000, 9)
		if err != nil {
			t.Fatal(err)
		}
		// Means match μ within 5 standard errors, and the exact excess risk
		// matches the empirical one.
		for j := range 5 {
			var s float64
			for i := range ds.Len() {
				s += ds.Row(i)[j]
			}
			se := math.Sqrt(p.Mu[j] * (1 - p.Mu[j]) / float64(ds.Len()))
			if mean := s / float64(ds.Len()); math.Abs(mean-p.Mu[j]) > 5*se+1e-12 {
				t.Errorf("lasso=%v: mean of x_%d = %g, want %g", lasso, j, mean, p.Mu[j])
			}
		}
		w := make([]float64, 30)
		for i := range w {
			w[i] = 0.5 * p.WStar[i]
		}
		w[0] += 0.3
		excessCheck(t, "PowerLawModel", ds, w, p.WStar, 0.5, p.Excess(w))
	}
	if _, err := NewPowerLawModel(10, 0.5, false, 1); !errors.Is(err, lao.ErrParam) {
		t.Errorf("alpha > 0: %v", err)
	}
	if _, err := NewPowerLawModel(0, -1, false, 1); !errors.Is(err, lao.ErrParam) {
		t.Errorf("d = 0: %v", err)
	}
}

func TestGaussianSparseModel(t *testing.T) {
	p := MS2018Model()
	if len(p.ThetaStar) != 500 || p.Noise != 1 {
		t.Fatalf("d = %d, noise %g", len(p.ThetaStar), p.Noise)
	}
	for j, v := range p.ThetaStar {
		want := 0.0
		switch {
		case j < 13:
			want = 1
		case j < 25:
			want = -1
		}
		if v != want {
			t.Fatalf("θ*_%d = %g, want %g (1-based j = %d)", j, v, want, j+1)
		}
	}
	small := GaussianSparseModel{ThetaStar: []float64{1, -1, 0, 0.5}, Noise: 0.7}
	ds, err := small.Sample(200000, 3)
	if err != nil {
		t.Fatal(err)
	}
	w := []float64{0.5, -1, 0.3, 0}
	excessCheck(t, "GaussianSparseModel", ds, w, small.ThetaStar, 1, small.Excess(w))
	// The risk is the test MSE on fresh data: within 5 standard errors.
	var sum, sq float64
	for i := range ds.Len() {
		r := lao.MSE(w, ds.Head(i+1).Subset([]int{i}))
		sum += r
		sq += r * r
	}
	n := float64(ds.Len())
	mean := sum / n
	if se := math.Sqrt((sq/n - mean*mean) / n); math.Abs(mean-small.Risk(w)) > 5*se {
		t.Errorf("empirical risk %g, exact %g (SE %g)", mean, small.Risk(w), se)
	}
	// A longer sample extends a shorter one.
	short, _ := small.Sample(10, 3)
	for i := range 10 {
		for j, v := range short.Row(i) {
			if ds.Row(i)[j] != v {
				t.Fatal("Sample(10) is not a prefix of Sample(200000)")
			}
		}
	}
	if _, err := (GaussianSparseModel{ThetaStar: []float64{math.NaN()}}).Sample(3, 1); !errors.Is(err, lao.ErrNotFinite) {
		t.Errorf("NaN θ*: %v", err)
	}
	if _, err := small.Sample(-1, 1); !errors.Is(err, lao.ErrParam) {
		t.Errorf("m = -1: %v", err)
	}
}

func TestStandardizeAndConstantColumns(t *testing.T) {
	x := []float64{1, 5, -0.25, 2, 5, -0.25, 3, 5, -0.25, 6, 5, -0.25}
	y := []float64{10, 20, 30, 40}
	ds, _ := lao.NewDataset(x, y, 3, []string{"a", "b", "c"})
	if got := ConstantColumns(ds); len(got) != 2 || got[0] != 1 || got[1] != 2 {
		t.Fatalf("ConstantColumns = %v, want [1 2]", got)
	}
	st, mean, sd := Standardize(ds)
	if mean[0] != 3 || mean[3] != 25 || sd[1] != 0 || sd[2] != 0 {
		t.Fatalf("mean %v sd %v", mean, sd)
	}
	var m0, v0, my float64
	for i := range st.Len() {
		m0 += st.Row(i)[0]
		v0 += st.Row(i)[0] * st.Row(i)[0]
		my += st.Label(i)
		if st.Row(i)[1] != 0 || st.Row(i)[2] != 0 {
			t.Fatalf("constant columns not zeroed: %v", st.Row(i))
		}
	}
	if math.Abs(m0) > 1e-12 || math.Abs(v0/4-1) > 1e-12 || math.Abs(my) > 1e-12 {
		t.Errorf("not standardised: mean %g, variance %g, label mean %g", m0/4, v0/4, my/4)
	}
	if st.Names()[2] != "c" {
		t.Error("names lost")
	}
}

func TestOpenMS2018(t *testing.T) {
	ds, err := Open("ms2018:50")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := MS2018Model().Sample(50, 1)
	if ds.Len() != 50 || ds.Dim() != MS2018Dim || ds.Row(49)[499] != want.Row(49)[499] || ds.Label(7) != want.Label(7) {
		t.Fatalf("Open(ms2018:50): %d×%d, not MS2018Model().Sample(50, 1)", ds.Len(), ds.Dim())
	}
}
