package main

import (
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/theory"
)

// FuzzFlags: the command-line parsers (fit's and compare's flags with the
// limits, solver parameters, theorems --eval, sizes) never panic; what they
// accept is within range (limits that check, a test fraction in (0, 1),
// bound parameters that CheckSizes accepts or refuses with ErrParam).
func FuzzFlags(f *testing.F) {
	for _, seed := range []string{
		"--data\x00t.csv\x00--target\x00y\x00--k\x003\x00--max-memory\x001GiB",
		"--data\x00t.csv\x00--param\x00eta=1e300\x00--solver\x00ddaerr\x00--max-line\x00-5",
		"--data\x00x\x00--test-frac\x00NaN\x00--max-ratio\x00-1\x00--cv\x001",
		"--data\x00x\x00--k\x002,4,8\x00--repeat\x000\x00--grid\x00eta=1:10:3",
		"d=784,k=4,m=10000,B=1,delta=2",
	} {
		f.Add(seed)
	}
	devnull, err := os.Open(os.DevNull)
	if err != nil {
		f.Fatal(err)
	}
	saved := os.Stderr
	f.Cleanup(func() { os.Stderr = saved; devnull.Close() })
	f.Fuzz(func(t *testing.T, s string) {
		os.Stderr = devnull // the flag package prints usage on errors
		args := strings.Split(s, "\x00")
		if ff, err := parseFitFlags(args); err == nil {
			if !(ff.testFrac > 0 && ff.testFrac < 1) {
				t.Fatalf("accepted --test-frac %g", ff.testFrac)
			}
			if err := ff.table.lim.limits("fit", false).Check(); err != nil && !errors.Is(err, ingest.ErrLimit) {
				t.Fatalf("limits: %v", err)
			}
			if sv, err := lao.New(ff.solver); err == nil {
				_ = ff.params.apply(sv)
			}
		}
		if cf, err := parseCompareFlags(args); err == nil {
			if _, err := parseInts("--k", cf.ks); err == nil && cf.repeat < 1 {
				t.Fatalf("accepted --repeat %d", cf.repeat)
			}
		}
		if p, err := parseBoundParams(s); err == nil {
			if err := theory.CheckSizes(p); err != nil && !errors.Is(err, lao.ErrParam) {
				t.Fatalf("CheckSizes: %v", err)
			}
		}
		if n, err := ingest.ParseSize(s); err == nil && n < 0 {
			t.Fatalf("ParseSize(%q) = %d", s, n)
		}
	})
}
