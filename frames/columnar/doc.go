// Package columnar reads Parquet and Arrow IPC files as tables of the
// reading core of package frames, and writes DataFrames back as either.
//
// A Parquet file is read with parquet-go (github.com/parquet-go/parquet-go),
// an Arrow IPC file or stream with Apache Arrow's Go implementation
// (arrow-go's ipc package; its Parquet reader pulls in gRPC and the compute
// kernels, which would add 25 MB to the command line), and either is handed
// to frames as Rows, so it gets the column classification, the
// missing-value policy, the errors and the JSON of a CSV file: a null is a
// missing cell, numbers and booleans are numbers, a string column follows
// the CSV rule (numeric when most of its cells that are not missing parse
// as numbers), dates, timestamps and other non-numeric values are text,
// and a nested column (list, struct, map) is an error naming it unless it
// is ignored. Positions in messages are row numbers counted from 1.
//
// Read loads a file into a frames.Table (a gota DataFrame, small files);
// Stream prepares it for a fit that holds a few rows at a time, reading a
// Parquet file row group by row group, page by page (an Arrow file record
// batch by record batch); WriteParquet and
// WriteArrow write a DataFrame.
//
//	tab, err := columnar.Read("houses.parquet", frames.CSVOptions{Target: "price"})
//	if err != nil { ... }
//	p, err := frames.PrepareFrame(tab.DataFrame, "price", frames.OptionsFor(solver), 0.2, seed)
package columnar
