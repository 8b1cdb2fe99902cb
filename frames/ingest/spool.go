package ingest

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// Stdin is the path that names standard input.
const Stdin = "-"

// OpenPath opens a file for reading; Stdin ("-") is standard input (not
// closed by the returned closer).
func OpenPath(path string) (io.ReadCloser, error) {
	if path == Stdin {
		return io.NopCloser(os.Stdin), nil
	}
	return os.Open(path)
}

// ContentSize returns a lower bound on the bytes of a file's content: its
// size, or for a gzip file the size its trailer records when larger; 0 for
// a pipe, a FIFO or a device (which are not opened: opening a FIFO would
// block, or cost its writer the data).
func ContentSize(path string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return 0, err
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	return sizeHint(f), nil
}

// Reopenable is an input that can be read from its start any number of
// times, as a streamed fit needs (one pass per statistic).
type Reopenable struct {
	// Path is the file opened: the input itself when it is a regular file,
	// else the temporary copy.
	Path string
	// Spooled reports that the input (a pipe, a FIFO, standard input, a
	// device) was copied once to the temporary file Path.
	Spooled bool
	// Bytes is the size of the spooled copy.
	Bytes int64
}

// Reopen makes path re-readable: a regular file is used as it is; any
// other input (a pipe, a FIFO, "-" for standard input, /dev/stdin) is
// copied once, as it comes (compressed or not), to a temporary file in dir
// ("" for the system's), and read as text on the way (Open), so that its
// limits apply while it is copied: binary data such as /dev/zero is refused
// at once, an endless line at MaxLine, and the copy stops at MaxBytes.
// Remove deletes the copy.
func Reopen(path, dir string, lim Limits) (*Reopenable, error) {
	if err := lim.Check(); err != nil {
		return nil, err
	}
	if path != Stdin {
		st, err := os.Stat(path)
		if err != nil {
			return nil, err
		}
		if st.Mode().IsRegular() {
			return &Reopenable{Path: path}, nil
		}
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a directory, not a file", path)
		}
	}
	src, err := OpenPath(path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	tmp, err := os.CreateTemp(dir, "lao-spool-*")
	if err != nil {
		return nil, fmt.Errorf("%s: spooling a non-seekable input: %w", path, err)
	}
	n, err := spool(src, tmp, path, lim)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return nil, errors.Join(err, os.Remove(tmp.Name()))
	}
	return &Reopenable{Path: tmp.Name(), Spooled: true, Bytes: n}, nil
}

// spool copies src to dst as it comes while reading it as text under lim,
// and returns the bytes copied.
func spool(src io.Reader, dst io.Writer, name string, lim Limits) (int64, error) {
	max := lim.WithDefaults().MaxBytes
	raw := &counter{r: io.LimitReader(src, max+1)}
	in, err := Open(io.TeeReader(raw, dst), name, lim)
	if err == nil {
		_, err = io.Copy(io.Discard, in)
	}
	if err == nil && raw.n > max {
		err = &LimitError{Input: name, Flag: FlagMaxBytes, Limit: FormatSize(max), What: "the input (spooled to a temporary file to be read in several passes) is longer than"}
	}
	return raw.n, err
}

// Open opens the input from its start.
func (r *Reopenable) Open() (io.ReadCloser, error) { return os.Open(r.Path) }

// Remove deletes the temporary copy, if any.
func (r *Reopenable) Remove() error {
	if !r.Spooled {
		return nil
	}
	return os.Remove(r.Path)
}
