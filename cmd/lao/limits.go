package main

import (
	"flag"

	"github.com/laoproject/lao/frames/ingest"
)

// limitFlags are the flags of ingest.Limits, shared by every command that
// reads --data: what reading it may cost. Their defaults are the package's.
type limitFlags struct {
	maxInput, maxLine, maxMemory sizeValue
	maxRatio                     float64
	maxColumns, maxDim           int
}

func (l *limitFlags) define(fs *flag.FlagSet) {
	l.maxInput, l.maxLine, l.maxMemory = ingest.DefaultMaxBytes, ingest.DefaultMaxLine, ingest.DefaultMaxMemory
	fs.Var(&l.maxInput, ingest.FlagMaxBytes, "limit: largest `size` of the input after decompression (also what a pipe may spool to a temporary file for --stream on)")
	fs.Float64Var(&l.maxRatio, ingest.FlagMaxRatio, ingest.DefaultMaxRatio, "limit: largest ratio of decompressed to compressed bytes of a gzip or bzip2 input, past its first 256 MiB (decompression bombs)")
	fs.Var(&l.maxLine, ingest.FlagMaxLine, "limit: longest line (or CSV record), a `size`")
	fs.IntVar(&l.maxColumns, ingest.FlagMaxColumns, ingest.DefaultMaxColumns, "limit: most columns of a CSV table")
	fs.IntVar(&l.maxDim, ingest.FlagMaxDim, ingest.DefaultMaxDim, "limit: largest attribute index of a libsvm/svmlight file")
	fs.Var(&l.maxMemory, ingest.FlagMaxMemory, "limit: memory (a `size`) the command may need for the table, estimated before it is read (from its header and size) and checked as it is")
}

// Memory models of the commands (bytes per cell of a dense table: peak
// resident memory over cells on tables of 4 million cells, rounded up;
// BenchmarkPeakMemory and docs/limits.md): the copies of the table a
// command holds, with the garbage collector's slack.
var cellBytes = map[string]int64{"fit": 96, "compare": 160, "describe": 80, "predict": 48}

// sparseDimBytes is what a fit holds per attribute of a sparse file (the
// solvers' O(d) vectors, cross-validation fits running in parallel).
const sparseDimBytes = 512

// limits returns the limits for cmd reading a dense (CSV) or sparse
// (libsvm) table.
func (l *limitFlags) limits(cmd string, sparse bool) ingest.Limits {
	lim := ingest.Limits{MaxBytes: int64(l.maxInput), MaxRatio: l.maxRatio, MaxLine: int64(l.maxLine),
		MaxColumns: l.maxColumns, MaxDim: l.maxDim, MaxMemory: int64(l.maxMemory), CellBytes: cellBytes[cmd]}
	if sparse {
		lim.CellBytes = 24 // an index and a value, and growth
		if cmd == "fit" || cmd == "compare" {
			lim.ColumnBytes = sparseDimBytes
		} else {
			lim.ColumnBytes = 16
		}
	}
	return lim
}

// sizeValue is a byte count flag: "4GiB", "512MB", "1e9".
type sizeValue int64

func (s *sizeValue) String() string {
	if s == nil {
		return ""
	}
	return ingest.FormatSize(int64(*s))
}

func (s *sizeValue) Set(v string) error {
	n, err := ingest.ParseSize(v)
	if err != nil {
		return err
	}
	*s = sizeValue(n)
	return nil
}
