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

	"github.com/laoproject/lao/datasets"
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
	rounds := fs.Int("rounds", 5, "alternating rounds of the solver and the raw loop (their ratio is the rounds' median)")
	mib := fs.Int("matrix-mib", 600, "size of the row matrix cycled through (MiB; more than the CPU cache)")
	asJSON := fs.Bool("json", false, "print a JSON array")
	export := fs.String("export", "", "write the comparison tables (dense 11,552 × 784; MNIST 3 vs 5 with LAO_DATA_DIR) and our offline and online timings to this directory for cmd/bench/sklearn.py, and stop")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("bench: unexpected argument %q", fs.Arg(0))
	}
	if *export != "" {
		return exportBench(*export, stdout)
	}
	spec := experiments.BenchSpec{K: *k, Seconds: *seconds, Rounds: *rounds, MatrixBytes: *mib << 20, Seed: 1}
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
	fmt.Fprintf(stdout, "examples per second, k = %d, rows cycled from a %d MiB matrix; raw loop ÷ ours is the median of %d alternating rounds (see experiments.Bench)\n\n", *k, *mib, *rounds)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\td\texamples/s\tplain O(d)\tspeed-up\traw loop\traw loop ÷ ours\tallocs/ex\tattrs/ex\tmodel MiB\t")
	for _, r := range rows {
		plain, speedup := "-", "-"
		if r.ReferenceExamplesPerSec > 0 {
			plain = fmt.Sprintf("%.3g", r.ReferenceExamplesPerSec)
			speedup = fmt.Sprintf("%.0fx", r.ExamplesPerSec/r.ReferenceExamplesPerSec)
		}
		fmt.Fprintf(tw, "%s\t%d\t%.3g\t%s\t%s\t%.3g\t%.2f\t%.2g\t%.2f\t%.1f\t\n", r.Solver, r.D, r.ExamplesPerSec,
			plain, speedup, r.RawLoopExamplesPerSec, r.RawRatio, r.AllocsPerExample, r.AttributesPerExample, float64(r.ModelBytes)/(1<<20))
	}
	return tw.Flush()
}

// exportBench writes the comparison tables (MNIST 3 vs 5 too when
// LAO_DATA_DIR holds MNIST) and our timings on them.
func exportBench(dir string, stdout io.Writer) error {
	var mnist *datasets.MNIST
	if os.Getenv("LAO_DATA_DIR") != "" {
		m, err := datasets.LoadMNIST(datasets.Train)
		if err != nil {
			return fmt.Errorf("bench: MNIST: %w", err)
		}
		mnist = m
	} else {
		fmt.Fprintln(stdout, "LAO_DATA_DIR is not set: exporting the dense table only (MNIST 3 vs 5 needs the MNIST files)")
	}
	tables, err := experiments.CompareTables(1, mnist)
	if err != nil {
		return err
	}
	res, err := experiments.ExportCompare(dir, 1, tables)
	if err != nil {
		return err
	}
	for _, r := range res {
		fmt.Fprintf(stdout, "%-9s %-52s %8.3f s   train MSE %.6g\n", r.Table, r.Method, r.Seconds, r.TrainMSE)
	}
	fmt.Fprintf(stdout, "\nwrote %s; now run env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE /usr/bin/python3 cmd/bench/sklearn.py %s\n", dir, dir)
	return nil
}
