package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
)

// runBench measures the budgeted solvers' throughput against their plain
// O(d) implementations and a raw loop (experiments.Bench), or exports a
// data set and our full-information timings for cmd/bench/sklearn.py.
func runBench(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	dims := fs.String("d", "784,10000,100000", "comma-separated dimensions d")
	k := fs.Int("k", lao.DefaultK, "attributes per example (k)")
	solvers := fs.String("solvers", strings.Join(experiments.DefaultBenchSolvers, ","), "comma-separated solvers")
	seconds := fs.Float64("seconds", 0.3, "minimum seconds per measurement")
	mib := fs.Int("matrix-mib", 600, "size of the row matrix cycled through (MiB; more than the CPU cache)")
	asJSON := fs.Bool("json", false, "print a JSON array")
	export := fs.String("export", "", "write a d = 784, m = 60,000 data set and our ridge timings to this directory for cmd/bench/sklearn.py, and stop")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	if *export != "" {
		return exportBench(*export, stdout)
	}
	spec := experiments.BenchSpec{K: *k, Seconds: *seconds, MatrixBytes: *mib << 20, Seed: 1}
	for _, f := range strings.Split(*dims, ",") {
		d, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil {
			return fmt.Errorf("bench: --d %q: %v", f, err)
		}
		spec.Dims = append(spec.Dims, d)
	}
	for _, s := range strings.Split(*solvers, ",") {
		spec.Solvers = append(spec.Solvers, strings.TrimSpace(s))
	}
	rows, err := experiments.Bench(spec, func(msg string) { fmt.Fprintln(os.Stderr, msg) })
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	fmt.Fprintf(stdout, "examples per second, k = %d, rows cycled from a %d MiB matrix (see experiments.Bench)\n\n", *k, *mib)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\td\texamples/s\tplain O(d)\tspeed-up\traw loop\t/ raw loop\tallocs/ex\tattrs/ex\tmodel MiB\t")
	for _, r := range rows {
		fmt.Fprintf(tw, "%s\t%d\t%.3g\t%.3g\t%.0fx\t%.3g\t%.2f\t%.0f\t%.2f\t%.1f\t\n", r.Solver, r.D, r.ExamplesPerSec,
			r.ReferenceExamplesPerSec, r.ExamplesPerSec/r.ReferenceExamplesPerSec, r.RawLoopExamplesPerSec,
			r.ExamplesPerSec/r.RawLoopExamplesPerSec, r.AllocsPerExample, r.AttributesPerExample, float64(r.ModelBytes)/(1<<20))
	}
	return tw.Flush()
}

// exportBench writes the comparison data set and our timings on it.
func exportBench(dir string, stdout io.Writer) error {
	res, err := experiments.ExportCompare(dir, 784, 60000, 1)
	if err != nil {
		return err
	}
	for _, r := range res {
		fmt.Fprintf(stdout, "%-40s %8.3f s   train MSE %.6g\n", r.Method, r.Seconds, r.TrainMSE)
	}
	fmt.Fprintf(stdout, "\nwrote %s; now run /usr/bin/python3 cmd/bench/sklearn.py %s\n", dir, dir)
	return nil
}
