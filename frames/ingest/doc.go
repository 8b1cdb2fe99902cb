// Package ingest is the reading core every table of the module goes
// through: frames.ReadCSV (in memory), frames.StreamCSV (in passes), the
// data set loaders and the libsvm/svmlight reader of package datasets.
//
// Open turns any io.Reader into UTF-8 text: gzip and bzip2 are detected by
// content and decompressed; a byte order mark is dropped; UTF-16 and
// UTF-32 (with a mark, or recognised by the zero bytes of ASCII text) are
// converted strictly; lone carriage returns (classic Mac OS) are read as
// line ends; archives, other compressed formats and binary files are
// refused with an error naming what they are. Decompress does the first
// step only, for binary formats (IDX). Records reads a CSV table from an
// Input: separator detection, header, file line of every row, ragged rows
// refused. ParseCell is the one rule for what a cell holds (a number, a
// missing value, text).
//
// Every input is read under Limits, so that no input can take more memory
// or time than its user allowed: decompressed bytes (an absolute cap and a
// decompressed/compressed ratio), line length, number of columns, the
// dimension of a sparse file, and the memory a table will need, estimated
// from the header and the input's size before the rows are read. The
// defaults are generous for real data and an exceeded limit is a
// *LimitError naming the limit and the command-line flag that raises it.
// Reopen makes a pipe, a FIFO or standard input re-readable by spooling it
// once to a temporary file, for the readers that need several passes.
//
// A tiny example:
//
//	in, err := ingest.Open(file, "t.csv", ingest.Limits{})
//	if err != nil { ... }
//	rec, err := ingest.NewRecords(in, ingest.CSVOptions{})
//	fmt.Println(rec.Header())
//	for {
//		row, line, err := rec.Read()
//		if err == io.EOF { break }
//		if err != nil { ... } // names the file and line
//		v, kind := ingest.ParseCell(row[0])
//		...
//	}
package ingest
