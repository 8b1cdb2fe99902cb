package frames_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// synthFrame returns m rows with columns of very different scales (a
// float around 100, a tiny float, an int, a bool) and a noisy linear label
// y = 0.5 x1 − 300 x2 + 2 x3 − 4 flag + 7 + noise·N(0,1).
func synthFrame(m int, seed uint64, noise float64) dataframe.DataFrame {
	r := rand.New(rand.NewPCG(seed, 1))
	x1, x2, y := make([]float64, m), make([]float64, m), make([]float64, m)
	x3, flag := make([]int, m), make([]bool, m)
	for i := range m {
		x1[i] = 100 + 20*r.NormFloat64()
		x2[i] = 0.003*r.Float64() - 0.001
		x3[i] = r.IntN(6)
		flag[i] = r.IntN(2) == 1
		f := 0.0
		if flag[i] {
			f = 1
		}
		y[i] = 0.5*x1[i] - 300*x2[i] + 2*float64(x3[i]) - 4*f + 7 + noise*r.NormFloat64()
	}
	return dataframe.New(
		series.New(x1, series.Float, "x1"),
		series.New(x2, series.Float, "x2"),
		series.New(x3, series.Int, "x3"),
		series.New(flag, series.Bool, "flag"),
		series.New(y, series.Float, "y"),
	)
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

func allOptions() []frames.Options {
	var opts []frames.Options
	for _, center := range []bool{false, true} {
		for _, sc := range []frames.Scaling{frames.NoScaling, frames.ScaleL2, frames.ScaleLinf} {
			for _, b := range []float64{0, 1, 3} {
				opts = append(opts, frames.Options{Center: center, Scaling: sc, LabelBound: b})
			}
		}
	}
	return opts
}

// TestScalingRoundTrip fits on scaled data and checks that the coefficients
// mapped back to original units predict, on the original (and on new)
// DataFrames, exactly what the scaled model predicts, mapped back.
func TestScalingRoundTrip(t *testing.T) {
	train, test := synthFrame(200, 1, 0.5), synthFrame(50, 2, 0.5)
	for _, opt := range allOptions() {
		t.Run(fmt.Sprintf("center=%v/%v/B=%g", opt.Center, opt.Scaling, opt.LabelBound), func(t *testing.T) {
			d, err := frames.FromDataFrame(train, "y", opt)
			if err != nil {
				t.Fatal(err)
			}
			res, err := lao.Fit(ridge{Lambda: 0.01}, d.Stream(), lao.Options{Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			model, err := d.Model(res.W)
			if err != nil {
				t.Fatal(err)
			}
			if model.HasIntercept != opt.Center || (!opt.Center && model.Intercept != 0) {
				t.Errorf("intercept %g, HasIntercept %v", model.Intercept, model.HasIntercept)
			}
			for name, df := range map[string]dataframe.DataFrame{"train": train, "test": test} {
				scaled, err := d.Apply(df)
				if err != nil {
					t.Fatal(err)
				}
				pred, err := model.Predict(df)
				if err != nil {
					t.Fatal(err)
				}
				for i, p := range pred {
					want := d.Transform.UnscaleLabel(dot(res.W, scaled.Row(i)))
					if math.Abs(p-want) > 1e-10*max(1, math.Abs(want)) {
						t.Fatalf("%s row %d: original-unit prediction %.15g, scaled model %.15g", name, i, p, want)
					}
				}
			}
			checkBounds(t, d, opt)
		})
	}
}

// checkBounds verifies the theorems' assumptions on the scaled training data.
func checkBounds(t *testing.T, d *frames.Data, opt frames.Options) {
	t.Helper()
	n := frames.MaxNorms(d.Dataset)
	switch opt.Scaling {
	case frames.ScaleL2:
		if math.Abs(n.MaxL2-1) > 1e-12 {
			t.Errorf("ScaleL2: max ||x||_2 = %.17g, want 1", n.MaxL2)
		}
	case frames.ScaleLinf:
		if n.MaxLinf != 1 {
			t.Errorf("ScaleLinf: max ||x||_inf = %.17g, want 1", n.MaxLinf)
		}
	}
	if opt.LabelBound > 0 && math.Abs(n.MaxAbsY-opt.LabelBound) > 1e-12*opt.LabelBound {
		t.Errorf("max |y| = %.17g, want B = %g", n.MaxAbsY, opt.LabelBound)
	}
	if opt.Center {
		s := frames.Summary(d.Dataset)
		for j, mu := range s.Col("mean").Float() {
			if math.Abs(mu) > 1e-12 {
				t.Errorf("centred column %d has mean %g", j, mu)
			}
		}
	}
}

// TestScalingRecoversCoefficients: on noise-free data, least squares on any
// centred, scaled version of the frame gives back the generating
// coefficients and intercept in original units.
func TestScalingRecoversCoefficients(t *testing.T) {
	df := synthFrame(100, 3, 0)
	want := map[string]float64{"x1": 0.5, "x2": -300, "x3": 2, "flag": -4, frames.InterceptName: 7}
	for _, opt := range allOptions() {
		if !opt.Center {
			continue
		}
		d, err := frames.FromDataFrame(df, "y", opt)
		if err != nil {
			t.Fatal(err)
		}
		res, err := lao.Fit(ridge{}, d.Stream(), lao.Options{})
		if err != nil {
			t.Fatal(err)
		}
		model, _ := d.Model(res.W)
		got := map[string]float64{frames.InterceptName: model.Intercept}
		for j, name := range model.Features {
			got[name] = model.Coef[j]
		}
		for name, w := range want {
			if math.Abs(got[name]-w) > 1e-7*max(1, math.Abs(w)) {
				t.Errorf("%v %v B=%g: %s = %.12g, want %g", opt.Center, opt.Scaling, opt.LabelBound, name, got[name], w)
			}
		}
	}
}

// TestNoScalingIsExact: without centring or scaling the examples are the
// frame's values, bit for bit.
func TestNoScalingIsExact(t *testing.T) {
	df := synthFrame(20, 4, 1)
	d, err := frames.FromDataFrame(df, "y", frames.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for j, name := range d.Features() {
		for i, v := range df.Col(name).Float() {
			if d.Row(i)[j] != v {
				t.Fatalf("%s row %d: %g, want %g", name, i, d.Row(i)[j], v)
			}
		}
	}
	for i, v := range df.Col("y").Float() {
		if d.Label(i) != v {
			t.Fatalf("y row %d: %g, want %g", i, d.Label(i), v)
		}
	}
}
