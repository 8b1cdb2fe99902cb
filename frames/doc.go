// Package frames turns gota DataFrames into budgeted data sets for learning
// with limited attribute observation, and back.
//
// FromDataFrame reads a github.com/go-gota/gota DataFrame once into the
// contiguous float64 storage of a lao.Dataset: a target column gives the
// labels y, the numeric feature columns give the attributes x (Bool columns
// count as 0/1). Missing, NaN and infinite cells, unknown or non-numeric
// columns and empty frames are errors that name the column. Optionally the
// examples are centred and scaled to a theorem's assumptions (ScaleL2 for
// ||x||_2 ≤ 1, ScaleLinf for ||x||_∞ ≤ 1, Options.LabelBound for |y| ≤ B);
// every transform is a fixed per-column affine map recorded in a Transform,
// so the weights a solver learns on the scaled data map back to a Model in
// the DataFrame's units (Data.Model), which is itself a DataFrame
// (Model.Frame) and predicts on new DataFrames by column name
// (Model.Predict). The package also draws seeded shuffles, train/test splits
// and k-fold cross-validation folds, tunes a solver's parameters on a grid
// by cross-validation (CrossValidate, as the papers do with 10 folds; grid
// points run concurrently, CVResult.Edges flags a choice on the grid's edge,
// CVResult.WriteCSV keeps full precision), and summarises a data set
// (Summary, SecondMoments, MaxNorms, and ImprovementRatios: the ρ ratios of
// Kukliansky & Shamir 2015 that say how uneven the attributes' second moments are).
//
// ReadCSV and StreamCSV read tables through package frames/ingest, the
// reading core they share with the loaders of package datasets
// (decompression, encodings, limits on size, line length, width and
// memory, CSV records with their file lines).
//
// A tiny example:
//
//	df := dataframe.LoadRecords([][]string{
//		{"x1", "x2", "y"},
//		{"1", "10", "3"},
//		{"2", "30", "5"},
//		{"3", "20", "7"},
//	})
//	data, err := frames.FromDataFrame(df, "y", frames.Options{Center: true, Scaling: frames.ScaleL2, LabelBound: 1})
//	if err != nil { ... }
//	res, err := lao.Fit(solver, data.Stream(), lao.Options{Seed: 1})
//	model, err := data.Model(res.W)  // coefficients in the units of x1, x2, y
//	fmt.Println(model.Frame())       // (intercept), x1, x2 and their coefficients
//	pred, err := model.Predict(testFrame)
package frames
