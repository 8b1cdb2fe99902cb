package datasets

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
)

// MaxIDXBytes is the largest payload ReadIDX accepts (the MNIST training
// images are 47,040,000 bytes). A header declaring more is rejected before
// anything is allocated.
const MaxIDXBytes = 1 << 28

// IDX is the content of an IDX file of unsigned bytes (element type 0x08),
// the format of the MNIST files: Dims[0] items of Dims[1]×...×Dims[n-1]
// bytes each, stored row-major in Data.
type IDX struct {
	Dims []int
	Data []byte
}

// ReadIDX reads an IDX file of unsigned bytes, gzip-compressed or not, from r.
// It checks the magic number (two zero bytes, type 0x08, 1 to 4 dimensions),
// that the declared size is at most MaxIDXBytes, and that the payload has
// exactly the declared size; errors wrap ErrFormat or ErrTooLarge. Memory
// grows with the bytes actually read, never with the declared size alone.
func ReadIDX(r io.Reader) (*IDX, error) {
	dr, err := decompress(r, "IDX")
	if err != nil {
		return nil, err
	}
	return readIDX(dr, "IDX")
}

// readIDX reads decompressed IDX content; name is used in error messages.
func readIDX(r io.Reader, name string) (*IDX, error) {
	var magic [4]byte
	if _, err := io.ReadFull(r, magic[:]); err != nil {
		return nil, idxErr(name, "reading magic number", err)
	}
	if magic[0] != 0 || magic[1] != 0 {
		return nil, fmt.Errorf("datasets: %s: magic number %#08x is not IDX (want 0x0000TTNN): %w",
			name, binary.BigEndian.Uint32(magic[:]), ErrFormat)
	}
	if magic[2] != 0x08 {
		return nil, fmt.Errorf("datasets: %s: IDX element type %#02x not supported (only 0x08, unsigned byte): %w",
			name, magic[2], ErrFormat)
	}
	nd := int(magic[3])
	if nd < 1 || nd > 4 {
		return nil, fmt.Errorf("datasets: %s: IDX header declares %d dimensions, want 1 to 4: %w", name, nd, ErrFormat)
	}
	hdr := make([]byte, 4*nd)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, idxErr(name, "reading dimensions", err)
	}
	dims := make([]int, nd)
	size := 1
	for i := range dims {
		dims[i] = int(binary.BigEndian.Uint32(hdr[4*i:]))
		if dims[i] != 0 && size > MaxIDXBytes/dims[i] {
			return nil, fmt.Errorf("datasets: %s: IDX header declares dimensions %v, more than %d bytes: %w",
				name, readDims(hdr), MaxIDXBytes, ErrTooLarge)
		}
		size *= dims[i]
	}
	data, err := readExactly(r, size)
	if err != nil {
		return nil, fmt.Errorf("datasets: %s: IDX header declares dimensions %v (%d bytes): %w", name, dims, size, err)
	}
	return &IDX{Dims: dims, Data: data}, nil
}

func readDims(hdr []byte) []uint32 {
	out := make([]uint32, len(hdr)/4)
	for i := range out {
		out[i] = binary.BigEndian.Uint32(hdr[4*i:])
	}
	return out
}

func idxErr(name, what string, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("datasets: %s: %s: file too short: %w", name, what, ErrFormat)
	}
	return fmt.Errorf("datasets: %s: %s: %w", name, what, err)
}

// readExactly reads exactly n bytes and then requires io.EOF. The buffer
// grows in chunks as data arrives, so a lying header cannot make it
// allocate more than about twice what the stream really holds.
func readExactly(r io.Reader, n int) ([]byte, error) {
	const chunk = 1 << 20
	buf := make([]byte, 0, min(n, chunk))
	for len(buf) < n {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, min(cap(buf), n-len(buf)))
		}
		m, err := r.Read(buf[len(buf):min(cap(buf), n)])
		buf = buf[:len(buf)+m]
		if err == io.EOF {
			if len(buf) < n {
				return nil, fmt.Errorf("payload has only %d bytes: %w", len(buf), ErrFormat)
			}
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
	var one [1]byte
	for {
		m, err := r.Read(one[:])
		if m > 0 {
			return nil, fmt.Errorf("data after the %d-byte payload: %w", n, ErrFormat)
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// WriteIDX writes an uncompressed IDX file of unsigned bytes with the given
// dimensions; len(data) must be their product.
func WriteIDX(w io.Writer, dims []int, data []byte) error {
	if len(dims) < 1 || len(dims) > 4 {
		return fmt.Errorf("datasets: WriteIDX: %d dimensions, want 1 to 4: %w", len(dims), ErrFormat)
	}
	size := 1
	hdr := []byte{0, 0, 0x08, byte(len(dims))}
	for _, d := range dims {
		if d < 0 || uint64(d) > math.MaxUint32 {
			return fmt.Errorf("datasets: WriteIDX: dimension %d out of range: %w", d, ErrFormat)
		}
		size *= d
		hdr = binary.BigEndian.AppendUint32(hdr, uint32(d))
	}
	if size != len(data) {
		return fmt.Errorf("datasets: WriteIDX: %d bytes of data for dimensions %v: %w", len(data), dims, ErrFormat)
	}
	if _, err := w.Write(hdr); err != nil {
		return err
	}
	_, err := w.Write(data)
	return err
}
