package frames_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// Example_quickStart reads a CSV, holds out test rows, tunes a budgeted
// solver by cross-validation, fits it, prints every coefficient, scores the
// model against the zero predictor and predicts new rows. The README quotes
// this file verbatim; TestQuickStartOnAnotherTable runs quickStart on a
// table of another shape.
func Example_quickStart() {
	// Your table: the reader (a file, an HTTP body...), its name in
	// messages, the label column, and what to do with missing cells:
	// frames.MissingError (an error naming the column and the line),
	// frames.MissingMean (filled with the training mean) or
	// frames.MissingDropRows (the rows dropped). Nothing else names a
	// column. For a file, with "os" imported:
	//
	//	f, err := os.Open("yours.csv")
	//	if err != nil {
	//		panic(err)
	//	}
	//	defer f.Close()
	//	quickStart(f, "yours.csv", "your_label", frames.MissingError)
	quickStart(housesCSV(), "houses.csv", "price", frames.MissingError)
	// Output:
	// unused column street: text: 2000 of 2000 cells are not numbers, e.g. "Elm 0" on line 2
	// chosen by CV: B=16 eta=0.13975424859373686
	// attributes seen: 3720, 2.33 per row on average, at most 3
	// rooms            22.78
	// area             1.411
	// age            -0.8364
	// garden           -1.72
	// (intercept)      5.869
	// test MSE 408.4, zero predictor 7007.9, ratio 0.058
	// 2 test rows: predicted [123.8 444.8], actual [163.1 407.6]
}

// quickStart is the path from a CSV to predictions, printing each step.
func quickStart(csv io.Reader, name, target string, missing frames.Missing) {
	// 1. Read the CSV. A text column is listed, not used; a missing cell is
	// handled as missing says, and every row dropped is reported.
	table, err := frames.ReadCSV(csv, frames.CSVOptions{Name: name, Target: target, Missing: missing})
	if err != nil {
		fmt.Println(err)
		return
	}
	if len(table.DroppedLines) > 0 {
		fmt.Printf("dropped %d rows with a missing label or cell, lines %v\n", len(table.DroppedLines), table.DroppedLines)
	}

	// 2. AERR (Hazan & Koren 2012) sees k+1 = 3 attributes of each training
	// row (k is set below, once the table's width is known). OptionsFor
	// standardises the columns and scales them to its theorem's bounds
	// (||x||₂ ≤ 1, |y| ≤ 1), fitted on the training rows.
	solver := &lao.AERR{}
	opt := frames.OptionsFor(solver)
	opt.FillMissing = missing == frames.MissingMean

	// 3. Hold out 20 % of the rows (seeded); prepare the rest for the solver.
	p, err := frames.PrepareFrame(table.DataFrame, target, opt, 0.2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, u := range table.UnusedWith(p.Data) { // text, empty, constant...
		fmt.Printf("unused column %s: %s\n", u.Column, u.Reason)
	}

	// k = 2, or 1 on a table of one feature (k ≤ d).
	solver.K = min(2, p.Train.Dim())

	for _, c := range table.Columns { // training and test rows: each filled with the training mean
		if c.Left > 0 && missing == frames.MissingMean && c.Name != target {
			fmt.Printf("column %s: %d missing cells filled with the training mean\n", c.Name, c.Left)
		}
	}

	// 4. Tune the radius B and step size eta by 5-fold cross-validation and
	// fit on the training rows through the budgeted observation handle. A
	// tuned fit worse than the zero predictor (the training mean) on its own
	// training rows is refitted with CV's next setting, and Refits says so.
	fit, err := p.TuneFit(solver, frames.TuneOptions{Folds: 5, Seed: 1}, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	warnings := slices.Concat(p.Warnings(), fit.Refits) // ID-like columns, small tables, refits...
	switch {
	case fit.CV == nil: // Folds below 2: nothing was tuned
		fmt.Println("not tuned: the theorems' default parameters")
	case fit.CV.ZeroChosen: // no setting beat predicting the training mean
		fmt.Println("CV chose", fit.CV.Summary())
	default:
		fmt.Println("chosen by CV:", fit.CV.Best)
	}
	if fit.CV != nil {
		warnings = slices.Concat(warnings, fit.CV.Warnings, fit.CV.Edges()) // CV's noise, its grid's edges
	}
	for _, w := range warnings {
		fmt.Println("warning:", w)
	}
	fmt.Printf("attributes seen: %d, %.2f per row on average, at most %d\n", fit.Result.Attributes, fit.Result.MeanPerExample(), fit.Result.MaxPerExample)

	// 5. The model in the CSV's own units: every coefficient and the intercept.
	width := len(frames.InterceptName)
	for _, name := range fit.Model.Features {
		width = max(width, len(name))
	}
	for j, name := range fit.Model.Features {
		fmt.Printf("%-*s %10.4g\n", width, name, fit.Model.Coef[j])
	}
	fmt.Printf("%-*s %10.4g\n", width, frames.InterceptName, fit.Model.Intercept)

	// 6. The test rows' error beside the zero predictor's.
	fmt.Printf("test MSE %.1f, zero predictor %.1f, ratio %.3f\n", fit.Test.MSE, fit.Test.ZeroMSE, fit.Test.Ratio())
	for _, w := range fit.Warnings() { // worse than the zero predictor, or within 5 % of it
		fmt.Println("warning:", w)
	}

	// 7. Predict new rows: any DataFrame with the feature columns
	// (fit.Model.Features), e.g. another CSV read by frames.ReadCSV; here the
	// first two test rows (SplitFrame with PrepareFrame's fraction and seed
	// gives its test part), which the fit never saw, beside their labels.
	_, test, err := frames.SplitFrame(table.DataFrame, 0.2, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	rows := test.Subset([]int{0, 1})
	pred, err := fit.Model.Predict(rows)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("2 test rows: predicted %.1f, actual %.1f\n", pred, rows.Col(target).Float())
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
