package main

import (
	"fmt"
	"os"
	"path/filepath"
)

// fileFlag is a flag naming a file, with its value.
type fileFlag struct{ flag, path string }

// notAnInput refuses output files (written by the command) that are one
// of its input files, which writing would destroy before or while they
// are read (predict --out new.csv --data new.csv). An output that does not
// exist yet, and an input that is not a file (standard input, a database,
// a named data set), never match. An output whose directory does not
// exist is refused too, before any work is done (a fit's results were
// printed and its model then not saved, with an error that named no flag).
func notAnInput(cmd string, outputs, inputs []fileFlag) error {
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		if st, err := os.Stat(filepath.Dir(o.path)); err != nil || !st.IsDir() {
			return fmt.Errorf("%s: --%s %s: the directory %s does not exist", cmd, o.flag, o.path, filepath.Dir(o.path))
		}
		so, err := os.Stat(o.path)
		if err != nil {
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
