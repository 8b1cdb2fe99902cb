package datasets_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/laoproject/lao/datasets"
)

// Three 2×2 "images" with labels 3, 5, 7, built in memory in the MNIST file
// format; the 3 vs 5 pair keeps two of them, 3 → −1 and 5 → +1.
func ExampleReadMNIST() {
	var images, labels bytes.Buffer
	datasets.WriteIDX(&images, []int{3, 2, 2}, []byte{
		0, 255, 255, 0, // a "3"
		255, 0, 0, 51, // a "5"
		1, 2, 3, 4, // a "7"
	})
	datasets.WriteIDX(&labels, []int{3}, []byte{3, 5, 7})
	m, err := datasets.ReadMNIST(&images, &labels)
	if err != nil {
		fmt.Println(err)
		return
	}
	ds, _ := m.Pair(3, 5)
	for i := range ds.Len() {
		fmt.Println(ds.Label(i), ds.Row(i))
	}
	fmt.Println(ds.Names())
	// Output:
	// -1 [0 1 1 0]
	// 1 [1 0 0 0.2]
	// [px0 px1 px2 px3]
}

// A bad header is reported, not allocated: this one declares 2^32·2^32·28
// bytes.
func ExampleReadIDX() {
	_, err := datasets.ReadIDX(bytes.NewReader([]byte{0, 0, 8, 3, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 28}))
	fmt.Println(err)
	// Output:
	// datasets: IDX: IDX header declares dimensions [4294967295 4294967295 28], more than 268435456 bytes: datasets: declared size too large
}

const twoCovertypeRows = "2596,51,3,258,0,510,221,232,148,6279,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,5\n" +
	"2804,139,9,268,65,3180,234,238,135,6121,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,2\n"

// Covertype rows in the published format, class 2 vs rest.
func ExampleReadCovertype() {
	ds, err := datasets.ReadCovertype(strings.NewReader(twoCovertypeRows), "covtype.data", 2)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(ds.Len(), ds.Dim(), ds.Labels(), ds.Names()[0], ds.Row(1)[0])
	// Output:
	// 2 54 [-1 1] Elevation 2804
}

// Streaming: one row in memory at a time; the length is given by the caller
// (here from CountRows; Loader.CovertypeSource does this pass itself).
func ExampleNewCovertypeSource() {
	n, _ := datasets.CountRows(strings.NewReader(twoCovertypeRows))
	src, _ := datasets.NewCovertypeSource(strings.NewReader(twoCovertypeRows), "covtype.data", 5, n)
	row := make([]float64, src.Dim())
	for {
		y, err := src.Next(row)
		if err != nil {
			if err != io.EOF {
				fmt.Println(err)
			}
			break
		}
		fmt.Println(y, row[:3])
	}
	// Output:
	// 1 [2596 51 3]
	// -1 [2804 139 9]
}

// A ragged row is reported with the file, line and sizes.
func ExampleReadCTSlice() {
	_, err := datasets.ReadCTSlice(strings.NewReader("patientId,value0,reference\n0,0.5,12.5\n"), "slice_localization_data.csv")
	fmt.Println(err)
	// Output:
	// datasets: slice_localization_data.csv: header has 3 columns, want 386 (patientId, ..., reference): datasets: malformed data
}

func ExampleParseName() {
	for _, s := range []string{"mnist:3v5", "covertype:1:scaled", "ctslice", "mnist:3v3"} {
		n, err := datasets.ParseName(s)
		if err != nil {
			fmt.Println(strings.SplitN(err.Error(), ";", 2)[0])
			continue
		}
		switch n.Dataset {
		case "mnist":
			fmt.Println(n, "→ digit", n.Pair.A, "is -1, digit", n.Pair.B, "is +1, part", n.Part)
		case "covertype":
			fmt.Println(n, "→ class", n.Class, "vs rest, scaled:", n.Scaled)
		default:
			fmt.Println(n, "→", n.Dataset)
		}
	}
	// Output:
	// mnist:3v5 → digit 3 is -1, digit 5 is +1, part all
	// covertype:1:scaled → class 1 vs rest, scaled: true
	// ctslice → ctslice
	// datasets: data set name "mnist:3v3": the two digits must differ
}

func ExampleAllPairs() {
	p := datasets.AllPairs()
	fmt.Println(len(p), p[0], p[1], p[44])
	// Output:
	// 45 0v1 0v2 8v9
}
