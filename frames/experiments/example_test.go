package experiments_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/frames/experiments"
)

// A learning-curve experiment run through a journal: the second run of the
// same experiment reads every (split, curve) from the journal's file
// instead of fitting again, and reports the same curves.
func ExampleJournal() {
	ds, err := datasets.Open("powerlaw:ridge:-2:m=400:d=20:seed=1")
	if err != nil {
		panic(err)
	}
	spec := experiments.Spec{Entries: []experiments.Entry{
		{Label: "AERR (k = 4)", Solver: "aerr", Params: map[string]float64{"k": 4}, Tune: true},
		{Label: "Ridge (full information)", Solver: "ridge"},
	}, Splits: 2, TestFrac: 0.2, CVFolds: 3, Points: 3, Seed: 1}
	dir, err := os.MkdirTemp("", "journal")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for run := 1; run <= 2; run++ {
		j, err := experiments.OpenJournal(filepath.Join(dir, "curves.jsonl"), "example v1")
		if err != nil {
			panic(err)
		}
		rep, err := j.Run(ds, spec, nil)
		j.Close()
		if err != nil {
			panic(err)
		}
		last := rep.Curves[0].Points[len(rep.Curves[0].Points)-1]
		fmt.Printf("run %d: %d of 4 results from the journal; AERR's final test MSE %.4f\n", run, rep.Resumed, last.MSE)
	}
	// Output:
	// run 1: 0 of 4 results from the journal; AERR's final test MSE 0.1274
	// run 2: 4 of 4 results from the journal; AERR's final test MSE 0.1274
}
