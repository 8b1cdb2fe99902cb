package frames_test

import (
	"fmt"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// ExamplePrepareFrame walks the one path on a survey with mixed units (an
// income and four answers on a 0-7 scale): prepare for a data-dependent
// solver (the scaling policy standardises these columns, and says why),
// fit, and score against the zero predictor.
func ExamplePrepareFrame() {
	tab, err := frames.ReadCSV(strings.NewReader(mixedUnitsCSV(1000, 5)), frames.CSVOptions{Target: "y"})
	if err != nil {
		fmt.Println(err)
		return
	}
	solver := &lao.DDAERR{K: 2}
	p, err := frames.PrepareFrame(tab.DataFrame, "y", frames.OptionsFor(solver), 0.2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := p.ScalingChoice
	fmt.Printf("scaling %s: rho_ridge %.2f on the columns' own scales, %.2f with each divided by its largest deviation\n",
		c.Scaling.Name(), c.RhoOwn, c.RhoLinf)
	fit, err := p.Fit(solver, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("test MSE %.3f, zero predictor %.3f, ratio %.2f, warning %q\n", fit.Test.MSE, fit.Test.ZeroMSE, fit.Test.Ratio(), fit.Test.Warning("test"))
	// Output:
	// scaling std-l2: rho_ridge 0.20 on the columns' own scales, 0.91 with each divided by its largest deviation
	// test MSE 0.819, zero predictor 1.002, ratio 0.82, warning ""
}
