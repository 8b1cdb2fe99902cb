package main

import (
	"strings"
	"testing"
)

// The parameters line of a tuned fit says which CV chose, which the
// command line set and which the solver resolved (a Two-Phased DDAERR fit
// listed m1 and delta, typed by the user, as chosen by CV).
func TestTunedParamsLine(t *testing.T) {
	got := tunedParams(map[string]float64{"B": 0.5, "eta": 0.9, "m1": 20, "delta": 0.05, "k": 3}, "", []string{"B", "eta"}, []string{"m1", "k"})
	if want := "B=0.5 eta=0.9; set on the command line: k=3 m1=20; the others as resolved: delta=0.05"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	got = tunedParams(map[string]float64{"B": 4, "eta": 0.2, "k": 3}, "the largest k the cost budget pays for", []string{"B", "eta"}, nil)
	if want := "B=4 eta=0.2; k = 3: the largest k the cost budget pays for"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A named data set is used at its own scale, as the papers use it, unless
// --scale names a scaling: then fit and describe apply it (the flag was
// ignored without a word before).
func TestScaleNamedDataSet(t *testing.T) {
	const data = "ms2018:500" // Murata & Suzuki's synthetic table, 500 rows
	out, err := runCmd(t, "fit", "--data", data, "--solver", "aerr", "--k", "2", "--cv", "0")
	if err != nil || !strings.Contains(out, "scaling none (the data set's own, as the papers use it; --scale chooses another)") {
		t.Fatalf("default: %v\n%s", err, out)
	}
	out, err = runCmd(t, "fit", "--data", data, "--solver", "aerr", "--k", "2", "--cv", "0", "--scale", "l2")
	if err != nil || !strings.Contains(out, "scaling l2 (--scale: centred and scaled on the training part as a CSV's columns and labels are)") {
		t.Fatalf("--scale l2: %v\n%s", err, out)
	}
	out, err = runCmd(t, "describe", "--data", data, "--solver", "aerr", "--scale", "l2")
	if err != nil || !strings.Contains(out, "(scaling l2 (--scale: centred and scaled on the training part") {
		t.Errorf("describe --scale l2: %v\n%s", err, out)
	}
}
