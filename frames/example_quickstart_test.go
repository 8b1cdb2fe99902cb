package frames_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Example_quickStart reads a CSV, holds out test rows, tunes a budgeted
// solver by cross-validation, fits it, prints every coefficient, scores the
// model against the zero predictor and predicts new rows. The README quotes
// this file verbatim.
func Example_quickStart() {
	// 1. Read a CSV from any io.Reader: os.Open("houses.csv"), an HTTP body...
	// A cell that is not a number is an error naming its line (see
	// frames.CSVOptions.Missing); text columns are listed, not used.
	table, err := frames.ReadCSV(housesCSV(), frames.CSVOptions{Name: "houses.csv", Target: "price"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, u := range table.Unused() {
		fmt.Printf("unused column %s: %s\n", u.Column, u.Reason)
	}

	// 2. Hold out 20 % of the rows (seeded) for testing.
	trainDF, testDF, err := frames.SplitFrame(table.DataFrame, 0.2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}

	// 3. AERR (Hazan & Koren 2012) sees k+1 = 3 of the 4 attributes of each
	// training house. OptionsFor standardises the columns and scales them
	// to its theorem's bounds (||x||₂ ≤ 1, |y| ≤ 1).
	solver := &lao.AERR{K: 2}
	train, err := frames.FromDataFrame(trainDF, "price", frames.OptionsFor(solver))
	if err != nil {
		fmt.Println(err)
		return
	}

	// 4. Tune the radius B and step size eta by 5-fold cross-validation.
	tuned, cv, err := frames.TuneSolver(solver, train.Dataset, 5, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("chosen by CV:", cv.Best)
	for _, e := range cv.Edges() {
		fmt.Println("warning: on the edge of the CV grid:", e)
	}

	// 5. Fit on the training rows, through the budgeted observation handle.
	res, err := lao.Fit(tuned, train.Stream(), lao.Options{Seed: 1})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("attributes seen: %d, at most %d per house\n", res.Attributes, res.MaxPerExample)

	// 6. The model in the CSV's own units: every coefficient and the intercept.
	model, err := train.Model(res.W)
	if err != nil {
		fmt.Println(err)
		return
	}
	for j, name := range model.Features {
		fmt.Printf("%-11s %8.3f\n", name, model.Coef[j])
	}
	fmt.Printf("%-11s %8.3f\n", frames.InterceptName, model.Intercept)

	// 7. Score the test rows against the zero predictor (the training mean).
	score, err := model.Score(testDF, "price")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("test MSE %.1f, zero predictor %.1f, ratio %.3f\n", score.MSE, score.ZeroMSE, score.Ratio())

	// 8. Predict new rows; they need only the feature columns.
	newRows, err := frames.ReadCSV(strings.NewReader("rooms,area,age,garden\n3,120,10,1\n5,200,2,0\n"), frames.CSVOptions{Name: "new.csv"})
	if err != nil {
		fmt.Println(err)
		return
	}
	pred, err := model.Predict(newRows.DataFrame)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("predicted prices: %.1f\n", pred)
	// Output:
	// unused column street: text: 2000 of 2000 cells are not numbers, e.g. "Elm 0" on line 2
	// chosen by CV: B=16 eta=0.13975424859373686
	// attributes seen: 3720, at most 3 per house
	// rooms         22.781
	// area           1.411
	// age           -0.836
	// garden        -1.720
	// (intercept)    5.869
	// test MSE 408.4, zero predictor 7007.9, ratio 0.058
	// predicted prices: [233.4 400.3]
}

// housesCSV returns a synthetic table of 2000 houses: price = 20·rooms +
// 1.2·area − 0.8·age + 5·garden + 40 + noise, and a text column.
func housesCSV() io.Reader {
	rng := rand.New(rand.NewPCG(1, 2))
	var b strings.Builder
	b.WriteString("rooms,area,age,garden,street,price\n")
	for i := range 2000 {
		rooms, area, age, garden := 1+rng.IntN(6), 40+rng.Float64()*200, rng.Float64()*80, rng.IntN(2)
		price := 20*float64(rooms) + 1.2*area - 0.8*age + 5*float64(garden) + 40 + 15*rng.NormFloat64()
		fmt.Fprintf(&b, "%d,%.1f,%.1f,%d,Elm %d,%.2f\n", rooms, area, age, garden, i, price)
	}
	return strings.NewReader(b.String())
}
