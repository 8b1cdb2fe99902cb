package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// `lao fit --data FILE.svm` reads sparse rows and fits them, with CV too.
func TestFitSVMLight(t *testing.T) {
	var b strings.Builder
	for i := range 200 {
		label := 1
		if i%2 == 1 {
			label = -1
		}
		fmt.Fprintf(&b, "%d %d:%g %d:0.5 %d:0.25\n", label, 1+i%7, 0.8*float64(label), 8+i%50, 60+i%40)
	}
	path := filepath.Join(t.TempDir(), "toy.svm")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCmd(t, "fit", "--data", path, "--solver", "aelr", "--k", "3", "--cv", "3", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		D       int     `json:"d"`
		MaxPer  int     `json:"max_attributes_per_example"`
		TestMSE float64 `json:"test_mse"`
		ZeroMSE float64 `json:"zero_predictor_mse"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if rep.D != 99 || rep.MaxPer > 4 || !(rep.TestMSE < rep.ZeroMSE) {
		t.Errorf("d = %d, max per example %d, test MSE %g vs zero %g", rep.D, rep.MaxPer, rep.TestMSE, rep.ZeroMSE)
	}
	if _, err := runCmd(t, "fit", "--data", path, "--scale", "l2"); err == nil || !strings.Contains(err.Error(), "sparse") {
		t.Errorf("--scale l2 on svmlight: %v", err)
	}
}

// A regression file with labels far from 0: the labels are centred on the
// training mean (the intercept), so the fit beats the training mean, which
// is the zero predictor, as for a CSV file.
func TestFitSVMLightCentresLabels(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		x := float64(i%17) / 17
		fmt.Fprintf(&b, "%g 1:%g 2:%g\n", 150+40*x, x, float64(i%5)/5)
	}
	path := filepath.Join(t.TempDir(), "reg.svm")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := runCmd(t, "fit", "--data", path, "--solver", "ridge", "--json")
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		HasIntercept bool    `json:"has_intercept"`
		Intercept    float64 `json:"intercept"`
		TestMSE      float64 `json:"test_mse"`
		ZeroMSE      float64 `json:"zero_predictor_mse"`
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !rep.HasIntercept || rep.Intercept < 150 || rep.Intercept > 190 || !(rep.TestMSE < 0.5*rep.ZeroMSE) || rep.ZeroMSE > 1000 {
		t.Errorf("intercept %v %g, test MSE %g, zero predictor %g", rep.HasIntercept, rep.Intercept, rep.TestMSE, rep.ZeroMSE)
	}
}
