package frames_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// FitAll refits on every row: DDAERR's moments are those of all rows (not
// the training part's it was tuned with), the model's transform is fitted
// on all rows, and a column constant on the training part alone is an
// error rather than a model with other columns.
func TestFitAll(t *testing.T) {
	var b strings.Builder
	b.WriteString("a,b,flag,y\n")
	rng := lao.NewRand(3)
	for i := range 60 {
		a, c := rng.NormFloat64(), 10*rng.NormFloat64()
		flag := 0
		if i == 17 {
			flag = 1
		}
		fmt.Fprintf(&b, "%g,%g,%d,%g\n", a, c, flag, 2*a+0.1*c+0.1*rng.NormFloat64())
	}
	df := dataframe.ReadCSV(strings.NewReader(b.String()))
	opt, err := frames.ScaleOptions(&lao.DDAERR{}, "auto") // the CLI's: the scaling decided on the data (KeepUnits)
	if err != nil {
		t.Fatal(err)
	}
	sawTrained, sawTest := false, false
	for seed := uint64(1); seed < 40 && !(sawTrained && sawTest); seed++ {
		p, err := frames.PrepareFrame(df, "y", opt, 0.25, seed)
		if err != nil {
			t.Fatal(err)
		}
		fit, err := p.Fit(&lao.DDAERR{K: 1}, seed)
		if err != nil {
			t.Fatal(err)
		}
		all, train, err := p.FitAll(df, fit.Solver, fit.Result.Params, seed)
		if slices.Contains(p.Train.Names(), "flag") { // row 17 trained: flag is a feature either way
			if err != nil || train.Len() != 60 || all.Model.Fit == nil || all.Model.Fit.Examples != 60 {
				t.Fatalf("seed %d: %v, %d rows", seed, err, train.Len())
			}
			mom := all.Solver.(*lao.DDAERR).Moments
			if slices.Equal(mom, fit.Solver.(*lao.DDAERR).Moments) || len(mom) != 3 {
				t.Errorf("seed %d: the refit kept the training part's moments %v", seed, mom)
			}
			if all.Model.Transform.Scaling != p.Transform.Scaling || all.Result.Params["eta"] != fit.Result.Params["eta"] {
				t.Errorf("seed %d: refit with scaling %v and eta %g, the split's %v and %g", seed, all.Model.Transform.Scaling, all.Result.Params["eta"], p.Transform.Scaling, fit.Result.Params["eta"])
			}
			if all.Result.Examples != 60 || !slices.Equal(all.Model.Features, []string{"a", "b", "flag"}) {
				t.Errorf("seed %d: refit on %d examples, features %v", seed, all.Result.Examples, all.Model.Features)
			}
			sawTrained = true
			continue
		}
		// flag is constant on the training part only: left out of the split's fit, and of the refit
		if err != nil || train.Len() != 60 || !slices.Equal(all.Model.Features, []string{"a", "b"}) || all.Result.Examples != 60 {
			t.Errorf("seed %d: flag constant on the training part only: %v, features %v", seed, err, all.Model.Features)
		}
		sawTest = true
	}
	if !sawTrained || !sawTest {
		t.Fatalf("seeds 1-39: row 17 in the training part %v, in the test part %v: want both", sawTrained, sawTest)
	}
}
