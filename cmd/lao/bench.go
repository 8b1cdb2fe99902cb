package main

import (
	"flag"
	"fmt"
	"io"
	"text/tabwriter"
	"time"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/lao"
)

// runBench times lao.Fit of every registered solver on the synthetic demo
// problem at a chosen size (the per-example figures of the README).
func runBench(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	d := fs.Int("d", 784, "attributes (784: the MNIST dimension)")
	m := fs.Int("m", 20000, "training examples")
	k := fs.Int("k", 4, "attributes per example for the budgeted solvers")
	reps := fs.Int("reps", 3, "repetitions; the fastest is reported")
	if err := parseArgs(fs, args); err != nil {
		return err
	}
	spec := datasets.DefaultDemo
	spec.D, spec.MTrain, spec.MTest, spec.NonZero = *d, *m, 1, min(10, *d)
	train, _, _, err := datasets.Demo(spec)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "lao.Fit on the demo problem: d = %d, m = %d, k = %d; best of %d\n\n", *d, *m, *k, *reps)
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "solver\tseconds\tns/example\texamples/s\t")
	for _, info := range lao.Solvers() {
		best := time.Duration(1<<63 - 1)
		for r := range *reps {
			start := time.Now()
			if _, err := lao.Fit(withK(info, *k, train), train.Stream(), lao.Options{Seed: uint64(r)}); err != nil {
				return fmt.Errorf("%s: %w", info.Name, err)
			}
			best = min(best, time.Since(start))
		}
		per := float64(best.Nanoseconds()) / float64(*m)
		fmt.Fprintf(tw, "%s\t%.3f\t%.0f\t%.0f\t\n", info.Name, best.Seconds(), per, 1e9/per)
	}
	return tw.Flush()
}
