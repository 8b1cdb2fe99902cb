package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames"
)

// TestMain lets the test binary stand in for a process of its own, so that
// peak memory can be measured: LAO_TEST_CHILD=lao runs the command line
// (the words of LAO_TEST_ARGS), LAO_TEST_CHILD=readcsv reads the CSV file
// LAO_TEST_ARGS with frames.ReadCSV. The child prints its peak resident
// memory (VmHWM: the rusage of a child counts its parent's memory at the
// fork, as the exec keeps the larger figure).
func TestMain(m *testing.M) {
	mode, args := os.Getenv("LAO_TEST_CHILD"), os.Getenv("LAO_TEST_ARGS")
	if mode == "" {
		os.Exit(m.Run())
	}
	var err error
	switch mode {
	case "lao":
		err = run(strings.Fields(args), io.Discard)
	case "readcsv":
		var f *os.File
		if f, err = os.Open(args); err == nil {
			_, err = frames.ReadCSV(f, frames.CSVOptions{Target: "y"})
		}
	}
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			fmt.Println(line)
		}
	}
	if err != nil {
		fmt.Println("lao:", err)
		os.Exit(1)
	}
	os.Exit(0)
}

// child runs the test binary as mode with args and returns its peak
// resident memory in MiB and its output.
func child(t *testing.T, mode, args string) (float64, string, error) {
	t.Helper()
	return childB(t, mode, args)
}

func childB(t testing.TB, mode, args string) (float64, string, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "LAO_TEST_CHILD="+mode, "LAO_TEST_ARGS="+args)
	out, err := cmd.CombinedOutput()
	var kib float64
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Sscanf(strings.TrimSpace(v), "%g", &kib)
		}
	}
	if kib == 0 {
		t.Skipf("no VmHWM in /proc/self/status: %s", out)
	}
	return kib / 1024, string(out), err
}

// wideCSV writes a table of d columns and m rows of one-digit cells.
func wideCSV(t *testing.T, d, m int) string {
	t.Helper()
	return wideCSVAt(t, d, m)
}

func wideCSVAt(t testing.TB, d, m int) string {
	t.Helper()
	var b strings.Builder
	for j := range d {
		fmt.Fprintf(&b, "c%d,", j)
	}
	b.WriteString("y\n")
	rng := rand.New(rand.NewPCG(1, 2))
	for range m {
		for range d {
			b.WriteByte(byte('0' + rng.IntN(10)))
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%.3f\n", rng.Float64())
	}
	p := filepath.Join(t.TempDir(), "wide.csv")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// A 100,000-column × 30-row CSV is read in under 200 MB (it took over 7 GB
// when every column reserved 256 KiB), and refused by --max-memory before
// any row is read when the limit is below what its columns need.
func TestWideCSVMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("writes and reads a 6.7 MB table of 100,000 columns")
	}
	if raceEnabled {
		t.Skip("the race detector multiplies memory")
	}
	path := wideCSV(t, 100_000, 30)
	rss, out, err := child(t, "readcsv", path)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("frames.ReadCSV, 100,000 × 30: peak RSS %.0f MiB", rss)
	if rss > 200 {
		t.Errorf("reading 100,000 × 30 cells took %.0f MiB, want under 200", rss)
	}
	rss, out, err = child(t, "lao", "describe --data "+path+" --target y --max-memory 150MiB")
	if err == nil || !strings.Contains(out, "--max-memory") || !strings.Contains(out, "100,001 columns") {
		t.Errorf("describe under --max-memory 150MiB: %v\n%s", err, out)
	}
	t.Logf("lao describe --max-memory 150MiB refused it at peak RSS %.0f MiB", rss)
	if rss > 100 {
		t.Errorf("the refusal took %.0f MiB", rss)
	}
}

// BenchmarkPeakMemory records the peak resident memory of reading a CSV
// (frames.ReadCSV) and of lao describe and lao fit on it, in processes of
// their own, against the table's width d and height m: the same 4 million
// cells from 10 to 100,000 columns, and 10 columns from 1 to 4 million
// cells. It reports MiB and bytes per cell (the commands' memory models,
// cmd/lao/limits.go, are these figures rounded up); run it with
//
//	go test ./cmd/lao -run XXX -bench PeakMemory -benchtime 1x
func BenchmarkPeakMemory(b *testing.B) {
	shapes := [][2]int{{10, 400_000}, {100, 40_000}, {1000, 4000}, {10_000, 400}, {100_000, 40},
		{10, 100_000}, {10, 200_000}}
	for _, sh := range shapes {
		d, m := sh[0], sh[1]
		path := wideCSVAt(b, d, m)
		for _, op := range []struct{ name, mode, args string }{
			{"read", "readcsv", path},
			{"describe", "lao", "describe --data " + path + " --target y --columns 0"},
			{"fit", "lao", "fit --data " + path + " --target y --cv 0"},
		} {
			b.Run(fmt.Sprintf("%s/d=%d/m=%d", op.name, d, m), func(b *testing.B) {
				var mib float64
				for range b.N {
					var out string
					var err error
					mib, out, err = childB(b, op.mode, op.args)
					if err != nil {
						b.Fatalf("%v\n%s", err, out)
					}
				}
				b.ReportMetric(mib, "peak-MiB")
				b.ReportMetric(mib*(1<<20)/float64(d*m), "B/cell")
			})
		}
	}
}
