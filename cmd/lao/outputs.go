package main

import (
	"fmt"
	"os"
)

// fileFlag is a flag naming a file, with its value.
type fileFlag struct{ flag, path string }

// notAnInput refuses output files (written by the command) that are one
// of its input files, which writing would destroy before or while they
// are read (predict --out new.csv --data new.csv). An output that does not
// exist yet, and an input that is not a file (standard input, a database,
// a named data set), never match.
func notAnInput(cmd string, outputs, inputs []fileFlag) error {
	for _, o := range outputs {
		so, err := os.Stat(o.path)
		if o.path == "" || err != nil {
			continue
		}
		for _, in := range inputs {
			if si, err := os.Stat(in.path); in.path != "" && err == nil && os.SameFile(so, si) {
				return fmt.Errorf("%s: --%s %s is the file that --%s reads: writing it would destroy that input; name another file", cmd, o.flag, o.path, in.flag)
			}
		}
	}
	return nil
}
