package datasets

import (
	"errors"
	"io"

	"github.com/laoproject/lao/frames/ingest"
)

// decompress returns the content of r, decompressed if it starts with the
// gzip or bzip2 magic (package ingest, the reading core shared with
// frames), under the default limits. name is used in error messages.
func decompress(r io.Reader, name string) (io.Reader, error) {
	in, err := ingest.Decompress(r, name, ingest.Limits{})
	if err != nil {
		return nil, ingestErr(err)
	}
	return &errorsOf{in}, nil
}

// errorsOf gives the read errors of an ingest.Input this package's form.
type errorsOf struct{ r io.Reader }

func (e *errorsOf) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF {
		err = ingestErr(err)
	}
	return n, err
}

// ingestError is an error of package ingest seen from datasets: "datasets: "
// before its message, and ErrFormat beside its sentinel when the input is
// malformed. Errors of a reader below the input (a checksum) pass as they
// are.
type ingestError struct{ err error }

func ingestErr(err error) error {
	var ie *ingestError
	if err == nil || errors.As(err, &ie) || (!errors.Is(err, ingest.ErrFormat) && !errors.Is(err, ingest.ErrLimit)) {
		return err
	}
	return &ingestError{err}
}

func (e *ingestError) Error() string { return "datasets: " + e.err.Error() }

func (e *ingestError) Unwrap() []error {
	if errors.Is(e.err, ingest.ErrFormat) {
		return []error{e.err, ErrFormat}
	}
	return []error{e.err}
}
