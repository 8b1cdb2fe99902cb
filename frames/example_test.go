package frames_test

import (
	"fmt"

	"github.com/go-gota/gota/dataframe"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// houses is a tiny table: price = 2·rooms − area/100 + 1, plus a string column.
func houses() dataframe.DataFrame {
	return dataframe.LoadRecords([][]string{
		{"rooms", "area", "garden", "city", "price"},
		{"2", "100", "true", "Rome", "4"},
		{"3", "50", "false", "Oslo", "6.5"},
		{"4", "200", "true", "Rome", "7"},
		{"1", "150", "false", "Lima", "1.5"},
	})
}

func ExampleFromDataFrame() {
	data, err := frames.FromDataFrame(houses(), "price", frames.Options{
		Center:     true,
		Scaling:    frames.ScaleLinf, // every attribute in [-1, 1], as lasso-type bounds assume
		LabelBound: 1,                // |y| ≤ B = 1
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("features:", data.Features(), "skipped:", data.Skipped)
	fmt.Println("offsets:", data.Transform.Offset, "scales:", data.Transform.Scale)
	for i := range data.Len() {
		fmt.Printf("x' = %5.2f  y' = %5.2f\n", data.Row(i), data.Label(i))
	}
	n := frames.MaxNorms(data.Dataset)
	fmt.Printf("max ||x||_inf = %g, max |y| = %g\n", n.MaxLinf, n.MaxAbsY)

	_, err = frames.FromDataFrame(houses(), "price", frames.Options{Features: []string{"rooms", "city"}})
	fmt.Println(err)
	// Output:
	// features: [rooms area garden] skipped: [city]
	// offsets: [2.5 125 0.5] scales: [1.5 75 0.5]
	// x' = [-0.33 -0.33  1.00]  y' = -0.23
	// x' = [ 0.33 -1.00 -1.00]  y' =  0.54
	// x' = [ 1.00  1.00  1.00]  y' =  0.69
	// x' = [-1.00  0.33 -1.00]  y' = -1.00
	// max ||x||_inf = 1, max |y| = 1
	// frames: feature column "city" has type string, want int, float or bool: frames: column is not numeric
}

func ExampleData_Model() {
	data, err := frames.FromDataFrame(houses(), "price", frames.Options{
		Features: []string{"rooms", "area"},
		Center:   true,
		Scaling:  frames.ScaleL2, // ||x||_2 ≤ 1, as ridge-type bounds assume
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	// ridge stands for any lao.Solver; this one is exact least squares.
	res, err := lao.Fit(ridge{}, data.Stream(), lao.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	model, _ := data.Model(res.W) // back to rooms, m² and price units
	fmt.Println(model.Frame())
	pred, _ := model.Predict(dataframe.LoadRecords([][]string{{"area", "rooms"}, {"300", "5"}}))
	fmt.Printf("predicted price: %.4f\n", pred[0])
	// Output:
	// [3x2] DataFrame
	//
	//     column      coefficient
	//  0: (intercept) 1.000000
	//  1: rooms       2.000000
	//  2: area        -0.010000
	//     <string>    <float>
	//
	// predicted price: 8.0000
}

func ExampleCrossValidate() {
	ds := linearData(200, 4, 1, 1)
	lambdas, _ := frames.LogSpace(1e-4, 1e4, 5)
	grid := frames.Grid(map[string][]float64{"lambda": lambdas})
	build := func(p frames.Params) (lao.Solver, error) { return ridge{Lambda: p["lambda"]}, nil }
	res, err := frames.CrossValidate(ds, 10, grid, build, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("best:", res.Best)
	for _, s := range res.Settings {
		fmt.Printf("%-14v mean MSE %6.3f ± %.3f\n", s.Params, s.Mean, s.Std)
	}
	// Output:
	// best: lambda=0.0001
	// lambda=0.0001  mean MSE  1.044 ± 0.327
	// lambda=0.01    mean MSE  1.045 ± 0.323
	// lambda=1       mean MSE  2.081 ± 0.547
	// lambda=100     mean MSE  5.191 ± 1.199
	// lambda=10000   mean MSE  5.276 ± 1.214
}

func ExampleFolds() {
	folds, _ := frames.Folds(10, 3, 42)
	for f, idx := range folds {
		fmt.Println("fold", f, idx)
	}
	train, test, _ := frames.Split(10, 0.3, 42)
	fmt.Println("train", train, "test", test)
	// Output:
	// fold 0 [5 4 0]
	// fold 1 [9 1 7]
	// fold 2 [3 2 6 8]
	// train [0 8 7 5 3 2 4] test [6 1 9]
}

// BlockedFolds cuts a time series' training rows, given in SplitLast's
// random order, into folds of consecutive rows: Prepared.TuneFit uses them
// when the test rows are the last ones.
func ExampleBlockedFolds() {
	train, test, _ := frames.SplitLast(10, 0.3, 42)
	folds, _ := frames.BlockedFolds(train, 3) // train[i] is training row i's row in the table
	for f, idx := range folds {
		rows := make([]int, len(idx))
		for i, r := range idx {
			rows[i] = train[r]
		}
		fmt.Println("fold", f, "training rows", idx, "= table rows", rows)
	}
	fmt.Println("test", test)
	// Output:
	// fold 0 training rows [1 5] = table rows [0 1]
	// fold 1 training rows [0 6] = table rows [2 3]
	// fold 2 training rows [2 3 4] = table rows [6 4 5]
	// test [7 8 9]
}

// SplitLast holds out the last rows of a time series, in order, and trains
// on the rows before them (in random order); PrepareFrameRows prepares a
// frame's rows so split.
func ExampleSplitLast() {
	train, test, _ := frames.SplitLast(10, 0.3, 42)
	fmt.Println("train", train, "test", test, "test after train:", frames.TestAfterTrain(train, test))
	// Output:
	// train [2 0 6 4 5 1 3] test [7 8 9] test after train: true
}

func ExampleSummary() {
	data, _ := frames.FromDataFrame(houses(), "price", frames.Options{})
	fmt.Println(frames.Summary(data.Dataset))
	fmt.Println("E[x_j^2]:", frames.SecondMoments(data.Dataset))
	fmt.Printf("%+v\n", frames.MaxNorms(data.Dataset))
	// Output:
	// [3x7] DataFrame
	//
	//     column   mean       std       min       max        second_moment frac_zero
	//  0: rooms    2.500000   1.118034  1.000000  4.000000   7.500000      0.000000
	//  1: area     125.000000 55.901699 50.000000 200.000000 18750.000000  0.000000
	//  2: garden   0.500000   0.500000  0.000000  1.000000   0.500000      0.500000
	//     <string> <float>    <float>   <float>   <float>    <float>       <float>
	//
	// E[x_j^2]: [7.5 18750 0.5]
	// {MaxL2:200.0424954853343 MaxLinf:200 MaxAbsY:7}
}

// The improvement ratios of Kukliansky & Shamir (2015) say how much a
// data set can gain from data-dependent sampling: 1 when every attribute
// has the same second moment, small when a few attributes dominate.
func ExampleImprovementRatios() {
	even := frames.ImprovementRatios([]float64{0.2, 0.2, 0.2, 0.2})
	uneven := frames.ImprovementRatios([]float64{0.9, 0.05, 0.03, 0.02})
	fmt.Printf("even: rho_ridge %.2f, rho_lasso %.2f\n", even.Ridge, even.Lasso)
	fmt.Printf("uneven: rho_ridge %.2f, rho_lasso %.2f\n", uneven.Ridge, uneven.Lasso)
	// Output:
	// even: rho_ridge 1.00, rho_lasso 1.00
	// uneven: rho_ridge 0.55, rho_lasso 0.28
}
