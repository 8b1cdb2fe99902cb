package columnar

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/ipc"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/frames/ingest"
)

// Format is a columnar file format.
type Format int

const (
	// Unknown: not a columnar file.
	Unknown Format = iota
	// Parquet: Apache Parquet.
	Parquet
	// ArrowFile: the Arrow IPC file format (Feather version 2).
	ArrowFile
	// ArrowStream: the Arrow IPC stream format.
	ArrowStream
)

// String returns "Parquet", "Arrow IPC file" or "Arrow IPC stream".
func (f Format) String() string {
	switch f {
	case Parquet:
		return "Parquet"
	case ArrowFile:
		return "Arrow IPC file"
	case ArrowStream:
		return "Arrow IPC stream"
	}
	return "unknown"
}

// ErrUnsupported: a column of a type the reading core cannot use (a
// nested list, struct or map) that is not ignored.
var ErrUnsupported = errors.New("columnar: unsupported column type")

// Detect returns the format of the regular file at path from its first
// bytes (and its name, for an Arrow stream, which has no magic of its
// own); anything else (a pipe, a FIFO) is Unknown, unread.
func Detect(path string) (Format, error) {
	if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
		return Unknown, err // a pipe, a FIFO, standard input: never read here (their bytes would be lost)
	}
	f, err := os.Open(path)
	if err != nil {
		return Unknown, err
	}
	defer f.Close()
	var head [8]byte
	n, _ := io.ReadFull(f, head[:])
	b := head[:n]
	switch {
	case bytes.HasPrefix(b, []byte("PAR1")):
		return Parquet, nil
	case bytes.HasPrefix(b, []byte("ARROW1")):
		return ArrowFile, nil
	case bytes.HasPrefix(b, []byte{0xff, 0xff, 0xff, 0xff}) && isArrowName(path):
		return ArrowStream, nil
	}
	return Unknown, nil
}

func isArrowName(path string) bool {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".arrows", ".arrow", ".ipc", ".feather":
		return true
	}
	return false
}

// IsColumnar reports whether the file at path is a Parquet or Arrow file.
func IsColumnar(path string) bool {
	f, err := Detect(path)
	return err == nil && f != Unknown
}

// batchSource yields the record batches of a file, then io.EOF.
type batchSource struct {
	schema *arrow.Schema
	next   func() (arrow.RecordBatch, error)
	close  func() error
}

// openBatches opens the Arrow file at path and returns its batches;
// skip[i] reports that field i of the schema is not read (a nested column
// that is ignored).
func openBatches(path, name string, ignore []string) (*batchSource, []bool, error) {
	format, err := Detect(path)
	if err != nil {
		return nil, nil, fmt.Errorf("columnar: %w", err)
	}
	switch format {
	case ArrowFile, ArrowStream:
		return openArrow(path, name, format, ignore)
	}
	return nil, nil, fmt.Errorf("columnar: %s: not an Arrow IPC file (no ARROW1 magic): %w", name, ingest.ErrFormat)
}

// skipped returns which fields are not read (nested and ignored) and an
// error naming the first nested field that is not ignored.
func skipped(schema *arrow.Schema, name string, ignore []string) ([]bool, error) {
	skip := make([]bool, schema.NumFields())
	for i, f := range schema.Fields() {
		if !nested(f.Type) {
			continue
		}
		if !contains(ignore, f.Name) {
			return nil, fmt.Errorf("columnar: %s: column %q has the nested type %s: only flat columns (numbers, booleans, text, dates) can be read; --ignore it or flatten the table: %w",
				name, f.Name, f.Type, ErrUnsupported)
		}
		skip[i] = true
	}
	return skip, nil
}

func nested(t arrow.DataType) bool {
	switch t.ID() {
	case arrow.LIST, arrow.LARGE_LIST, arrow.FIXED_SIZE_LIST, arrow.LIST_VIEW, arrow.LARGE_LIST_VIEW,
		arrow.STRUCT, arrow.MAP, arrow.SPARSE_UNION, arrow.DENSE_UNION, arrow.RUN_END_ENCODED:
		return true
	}
	return false
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// openArrow reads an Arrow IPC file or stream, one record batch at a time.
func openArrow(path, name string, format Format, ignore []string) (*batchSource, []bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, fmt.Errorf("columnar: %w", err)
	}
	bad := func(err error) (*batchSource, []bool, error) {
		f.Close()
		return nil, nil, fmt.Errorf("columnar: %s: not a readable %s (truncated or corrupt?): %v: %w", name, format, err, ingest.ErrFormat)
	}
	src := &batchSource{close: f.Close}
	if format == ArrowFile {
		fr, err := ipc.NewFileReader(f)
		if err != nil {
			return bad(err)
		}
		src.schema = fr.Schema()
		i := 0
		src.next = func() (arrow.RecordBatch, error) {
			if i >= fr.NumRecords() {
				return nil, io.EOF
			}
			rec, err := fr.RecordBatch(i)
			if err != nil {
				return nil, fmt.Errorf("columnar: %s: record batch %d: %v (truncated or corrupt?): %w", name, i+1, err, ingest.ErrFormat)
			}
			i++
			return rec, nil
		}
		src.close = func() error { fr.Close(); return f.Close() }
	} else {
		rd, err := ipc.NewReader(f)
		if err != nil {
			return bad(err)
		}
		src.schema = rd.Schema()
		src.next = func() (arrow.RecordBatch, error) {
			if rd.Next() {
				return rd.RecordBatch(), nil
			}
			if err := rd.Err(); err != nil && err != io.EOF {
				return nil, fmt.Errorf("columnar: %s: %v (truncated or corrupt?): %w", name, err, ingest.ErrFormat)
			}
			return nil, io.EOF
		}
		src.close = func() error { rd.Release(); return f.Close() }
	}
	skip, err := skipped(src.schema, name, ignore)
	if err != nil {
		src.close()
		return nil, nil, err
	}
	return src, skip, nil
}

// Open returns the rows of the Parquet or Arrow file at path, for
// frames.ReadRows or frames.StreamRows; name names it in messages (the
// path if ""). Nested columns must be listed in ignore.
func Open(path, name string, ignore []string) (frames.Rows, error) {
	if name == "" {
		name = path
	}
	format, err := Detect(path)
	if err != nil {
		return nil, fmt.Errorf("columnar: %w", err)
	}
	switch format {
	case Parquet:
		return openParquet(path, name, ignore)
	case Unknown:
		return nil, fmt.Errorf("columnar: %s: neither a Parquet nor an Arrow IPC file (no PAR1 or ARROW1 magic): %w", name, ingest.ErrFormat)
	}
	src, skip, err := openBatches(path, name, ignore)
	if err != nil {
		return nil, err
	}
	return newRows(src, skip, name), nil
}

// Read reads the Parquet or Arrow file at path into a frames.Table (a gota
// DataFrame with a record of every column), with the classification,
// missing-value policy and errors of frames.ReadCSV; opt.Name names the
// file in messages (the path if "").
func Read(path string, opt frames.CSVOptions) (*frames.Table, error) {
	if opt.Name == "" {
		opt.Name = path
	}
	rows, err := Open(path, opt.Name, opt.Ignore)
	if err != nil {
		return nil, err
	}
	return frames.ReadRows(rows, opt)
}

// Stream prepares the Parquet or Arrow file at path for a fit that holds
// one batch of rows in memory (frames.StreamRows): every pass reads the
// file again, a Parquet file row group by row group.
func Stream(path string, opt frames.StreamOptions) (*frames.CSVStream, error) {
	if opt.CSV.Name == "" {
		opt.CSV.Name = path
	}
	return frames.StreamRows(func() (frames.Rows, error) { return Open(path, opt.CSV.Name, opt.CSV.Ignore) }, opt)
}
