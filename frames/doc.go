// Package frames is the path from a table to a model for learning with
// limited attribute observation: table → prepared data → fit → model →
// score, which the command line, the experiments and the notebooks all
// take.
//
//   - Prepare. PrepareFrame (a gota DataFrame) and PrepareTable (a
//     lao.Dataset or lao.SparseDataset) split the rows (seeded) and fit, on
//     the training part only, the transform that brings the examples to the
//     solver's theorem: the scaling policy of OptionsFor, decided once per
//     solver family (standardised columns scaled to ||x||₂ ≤ 1 or
//     ||x||∞ ≤ 1; one common factor for the data-dependent solvers where the
//     columns are commensurate), labels centred on the training mean (the
//     intercept) and scaled to |y| ≤ 1. The transform is fitted from column
//     statistics by one function, shared by the in-memory reader
//     (FromDataFrame) and the streaming one (StreamCSV); ScalingChoice says
//     which scaling was chosen and why. PrepareFrameRows and PrepareTableRows
//     prepare the rows of a split made elsewhere: SplitLast holds out a time
//     series' last rows, so that the test error measures predicting later
//     rows from earlier ones (forecasting), and TuneFit's folds are then
//     blocks of consecutive rows (BlockedFolds). A Frame prepares many
//     splits of one table (NewFrame(df, target).PrepareRows), making the
//     checks of the whole table (identifier, date and trend columns, zeros
//     that stand apart) once.
//   - Fit. Prepared.Fit runs lao.Fit on the training part; Prepared.TuneFit
//     first chooses B, η or λ by cross-validation, as the papers do, and
//     refits a tuned fit worse than the zero predictor on its own training
//     rows with CV's next settings (Refit, the rule every tuned fit of the
//     command line and the experiments follows).
//   - Model. The weights map back to a Model in the table's units
//     (coefficients and intercept), itself a DataFrame (Model.Frame) that
//     predicts on new DataFrames by column name (Model.Predict) and is saved
//     as JSON (Model.WriteJSON).
//   - Score. Score, the one scoring function, evaluates the weights on the
//     test part through observation handles of the model's prediction
//     budget, in the target's units, beside the zero predictor's error (the
//     training mean); Scores.Warning says when a model does worse than it,
//     and Prepared.CheckBudget when a budgeted solver does clearly worse
//     than screen-ridge under the same budget on the same test rows.
//
// Missing, NaN and infinite cells, unknown or non-numeric columns and empty
// frames are errors that name the column (or fill missing cells with the
// training mean: Options.FillMissing). The package also reads CSV files
// losing nothing silently (ReadCSV), draws seeded shuffles, splits and
// folds, tunes parameters by cross-validation and summarises a data set (Summary, SecondMoments, MaxNorms, and
// ImprovementRatios: the ρ ratios of Kukliansky & Shamir 2015 that say how
// uneven the attributes' second moments are).
//
// Cross-validation (Tune, TuneSolver; CrossValidate for a grid of one's
// own) never makes things worse than the mean: the zero predictor is
// scored on the same folds and chosen, and reported (ZeroPredictor,
// CVResult.ZeroChosen), unless the best setting beats it by more than one
// standard error of their fold-by-fold difference; below 1000 rows the
// one-standard-error rule picks the most conservative setting and the folds
// are repeated; a range whose best value is on its edge widens itself; tables
// too small for the folds asked get a warning; from 4000 training rows per
// fold successive halving over prefixes keeps the answer in seconds; and
// a tuned fit worse than the zero predictor on its own training rows is
// refitted with CV's next settings, then the zero predictor (Refit), with
// a note.
//
// ReadCSV and StreamCSV read tables through package frames/ingest, the
// reading core they share with the loaders of package datasets
// (decompression, encodings, limits on size, line length, width and
// memory, CSV records with their file lines). Any other table reaches the
// same classification, missing-value policy and errors as Rows: ReadRows
// in memory, StreamRows in passes (Parquet and Arrow files: package
// frames/columnar; SQL tables and queries: package frames/sqltable), and
// ColumnPlan makes the same decisions from counts and statistics computed
// where a table is kept (sqltable's lazy source).
//
// A tiny example:
//
//	p, err := frames.PrepareFrame(df, "price", frames.OptionsFor(solver), 0.2, 1)
//	if err != nil { ... }
//	fit, err := p.TuneFit(solver, frames.TuneOptions{Folds: 5, Seed: 1}, 1)  // or p.Fit(solver, 1): no CV
//	fmt.Println(fit.Refits)         // the settings refitted, if any
//	fmt.Println(fit.Model.Frame())  // (intercept) and every column's coefficient, in the table's units
//	fmt.Println(fit.Test.MSE, fit.Test.ZeroMSE, fit.Warnings()) // worse than, or within 5 % of, the zero predictor
//	check, err := p.CheckBudget(fit, 1) // screen-ridge under the same budget, on the same test rows
//	fmt.Println(check.Text(), check.Warning(solver.Name(), fit.Test))
//	pred, err := fit.Model.Predict(newRows)
package frames
