// Package experiments is the harness that reproduces the papers' experiments:
// random train/test splits, per-split parameter tuning by k-fold
// cross-validation, each solver run once per split with checkpoints at
// increasing prefixes of the training set, and test squared error recorded
// against examples and against attributes seen (mean and standard deviation
// over splits). Reports come out as gota DataFrames, CSV, and plot-ready
// Series, with the parameters every curve ran with (WriteParamsCSV) and
// warnings when cross-validation chose the edge of its grid (EdgeNotes).
// The named Presets are the papers' figures and tables: Cesa-Bianchi et al. 2010 Fig. 2 and
// its 45-pair table, Hazan & Koren 2012 Figs. 1-2, and Kukliansky & Shamir 2015 Figs. 3-6 with the
// curves whose solvers exist (Preset.Missing names the others).
//
//	ds, _ := datasets.Open("mnist:3v5")
//	p, _ := experiments.PresetByName("hk2012-fig1")
//	rep, _ := experiments.Run(ds, p.Quick, nil)
//	rep.WriteCSV(os.Stdout)
//
// A Journal (OpenJournal) keeps each finished (split, entry) in a file:
// Journal.Run and Journal.RunPairs resume a stopped run where it stopped,
// which is how the papers' multi-hour protocols run in pieces
// (`lao experiment --journal FILE`). A journal is versioned by CodeVersion,
// the digest of the code that computes the results, so another build of the
// same code (another machine, a later session) resumes it.
//
// RunLowerBounds (`lao experiment lower-bounds`) is the synthetic
// counterpart for the lower bounds: sample counts of the solvers on the
// instances of package lowerbound, swept over d, k and ε, with log-log
// slopes beside the theorems'.
//
// Adding an experiment for a new solver is a Spec with its Entries.
package experiments

//go:generate go run ./internal/gencodeversion ../..
