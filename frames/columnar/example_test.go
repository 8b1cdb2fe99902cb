package columnar_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/columnar"
)

// A table read from a CSV, written to Parquet (gota back to Parquet) and
// read again: the same columns, classified as the CSV's.
func ExampleRead() {
	tab, err := frames.ReadCSV(strings.NewReader("rooms,street,price\n3,Elm,250\n4,Oak,\n2,Ash,180\n"),
		frames.CSVOptions{Target: "price", Missing: frames.MissingDropRows})
	if err != nil {
		fmt.Println(err)
		return
	}
	path := filepath.Join(os.TempDir(), "example-houses.parquet")
	defer os.Remove(path)
	f, err := os.Create(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	if err := columnar.WriteParquet(f, tab.DataFrame); err != nil {
		fmt.Println(err)
		return
	}
	f.Close()
	back, err := columnar.Read(path, frames.CSVOptions{Name: "houses.parquet", Target: "price"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Names(), back.Nrow(), "rows")
	for _, u := range back.Unused() {
		fmt.Printf("unused %s: %s\n", u.Column, u.Reason)
	}
	// Output:
	// [rooms street price] 2 rows
	// unused street: text: 2 of 2 cells are not numbers, e.g. "Elm" on row 1
}
