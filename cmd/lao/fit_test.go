package main

import "testing"

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
