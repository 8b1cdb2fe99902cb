package sqltable_test

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"

	_ "modernc.org/sqlite"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/sqltable"
	"github.com/laoproject/lao/lao"
)

// A budgeted fit on a table that stays in an SQLite file: the database
// computes the statistics, and the fit fetches exactly the cells its
// observation handles reveal.
func ExampleDB_Lazy() {
	path := filepath.Join(os.TempDir(), "example-lazy.db")
	os.Remove(path)
	defer os.Remove(path)
	w, _ := sql.Open("sqlite", "file:"+path)
	w.Exec("CREATE TABLE houses (rooms REAL, area REAL, age REAL, price REAL)")
	tx, _ := w.Begin()
	rng := lao.NewRand(1)
	for range 2000 {
		r, a, g := float64(1+rng.IntN(6)), 40+200*rng.Float64(), 80*rng.Float64()
		tx.Exec("INSERT INTO houses VALUES (?, ?, ?, ?)", r, a, g, 20*r+1.2*a-0.8*g+40+15*rng.NormFloat64())
	}
	tx.Commit()
	w.Close()

	db, err := sqltable.Open("sqlite:" + path)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	solver := &lao.AERR{K: 1}
	lz, err := db.Lazy(sqltable.LazyOptions{Table: "houses", Stream: frames.StreamOptions{
		CSV: frames.CSVOptions{Target: "price"}, Options: frames.OptionsFor(solver), TestFrac: 0.2, Seed: 1}})
	if err != nil {
		fmt.Println(err)
		return
	}
	fit, err := lz.Fit(solver, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	c := lz.Counts()
	fmt.Println("attributes observed = cells fetched:", fit.Result.Attributes == c.Attributes)
	fmt.Printf("at most %d of %d attributes per example\n", fit.Result.MaxPerExample, len(lz.Features))
	fmt.Println("beats the mean:", fit.Test.MSE < fit.Test.ZeroMSE)
	// Output:
	// attributes observed = cells fetched: true
	// at most 2 of 3 attributes per example
	// beats the mean: true
}
