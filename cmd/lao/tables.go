package main

import (
	"fmt"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/columnar"
)

// The tables analysts keep beside CSV files: Parquet and Arrow IPC files
// (package frames/columnar), read into the same frames.Table as a CSV file
// or streamed through the same frames.CSVStream, so that every command
// treats them alike.

// dataUsageTables is what --data accepts besides CSV files and named data
// sets.
const dataUsageTables = "; Parquet or Arrow IPC files (detected by content)"

// isColumnar reports whether --data is a Parquet or Arrow IPC file.
func (t *tableFlags) isColumnar() bool { return columnar.IsColumnar(t.data) }

// readColumnar reads a Parquet or Arrow file with the flags' target,
// missing-value policy and ignored columns, as readTable reads a CSV.
func (t *tableFlags) readColumnar(cmd string, policy frames.Missing) (*frames.Table, error) {
	tab, err := columnar.Read(t.data, frames.CSVOptions{Name: t.data, Target: t.target, Missing: policy, Ignore: t.ignored(),
		Limits: t.lim.limits(cmd, false)})
	if err != nil {
		return nil, readAdvice(cmd, fmt.Errorf("%s: %w", cmd, err), true)
	}
	return tab, nil
}

// streamColumnar prepares a Parquet or Arrow file for a streamed fit, as
// frames.StreamCSV does for a CSV file.
func (t *tableFlags) streamColumnar(opt frames.StreamOptions) (*frames.CSVStream, error) {
	return columnar.Stream(t.data, opt)
}

// posWord is what a table's positions count, for messages: "line" in a
// CSV file, "row" in a Parquet or Arrow file.
func posWord(tab *frames.Table) string {
	if tab == nil {
		return "line"
	}
	return tab.PosName()
}

// streamNote says how a streamed fit read its table.
func (t *tableFlags) streamNote() string {
	switch {
	case t.isDatabase():
		return "streamed: one row in memory, the query run again for every pass; rows split by a seeded hash of their row number and used in the query's order"
	case t.isColumnar():
		return "streamed: one batch of rows in memory (a Parquet file row group by row group); rows split by a seeded hash of their row number and used in file order (shuffle a sorted file first)"
	}
	return "streamed: one row in memory; rows split by a seeded hash of their file line and used in file order (shuffle a sorted file first)"
}

// posUnit is what a row's position counts in --data: "line" in a CSV
// file, "row" elsewhere.
func (t *tableFlags) posUnit() string {
	if t.isDatabase() || t.isColumnar() {
		return "row"
	}
	return "line"
}
