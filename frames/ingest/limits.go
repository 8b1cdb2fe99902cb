package ingest

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Sentinel errors; every error of this package wraps one of them.
var (
	// ErrLimit: an input exceeded one of the Limits. The error is a
	// *LimitError naming the limit and the flag that raises it.
	ErrLimit = errors.New("input limit exceeded")
	// ErrFormat: an input is not what it should be: a corrupt or truncated
	// compressed stream, a binary file or an archive, text in an encoding
	// that cannot be decoded, a ragged CSV line.
	ErrFormat = errors.New("malformed input")
)

// Limits bound what reading one input may cost, so that no input (a
// decompression bomb, /dev/zero, a table of a million columns) can take
// more memory or time than the user allowed. A zero field means its
// default; the defaults are generous for real data (a 1 GB CSV is read,
// or streamed by `lao fit`). An exceeded limit is an error wrapping
// ErrLimit that names the limit and the command-line flag raising it.
type Limits struct {
	// MaxBytes bounds the bytes of one input after decompression and
	// decoding (and the bytes spooled from a pipe). 0: DefaultMaxBytes.
	MaxBytes int64
	// MaxRatio bounds the ratio of decompressed to compressed bytes, once
	// more than RatioGrace bytes have come out (small files compress as
	// they like). 0: DefaultMaxRatio.
	MaxRatio float64
	// MaxLine bounds the bytes of one line, and of one CSV record (a
	// quoted cell may span lines). 0: DefaultMaxLine.
	MaxLine int64
	// MaxColumns bounds the number of columns of a table. 0:
	// DefaultMaxColumns.
	MaxColumns int
	// MaxDim bounds the dimension of a sparse (libsvm/svmlight) file: its
	// largest attribute index. 0: DefaultMaxDim.
	MaxDim int
	// MaxMemory bounds the memory a table held in memory is estimated to
	// need, CellBytes per cell plus ColumnBytes per column; it is checked
	// from the header and the input's size before the rows are read, and
	// again as they are. 0: DefaultMaxMemory.
	MaxMemory int64
	// CellBytes and ColumnBytes are the memory model of MaxMemory: what the
	// caller will hold per cell and per column of the table (a fit holds
	// several copies). 0: DefaultCellBytes and DefaultColumnBytes, the
	// cost of reading the table itself.
	CellBytes, ColumnBytes int64
}

// The default limits.
const (
	DefaultMaxBytes    = 64 << 30 // 64 GiB
	DefaultMaxRatio    = 200
	RatioGrace         = 256 << 20 // MaxRatio applies beyond 256 MiB of output
	DefaultMaxLine     = 32 << 20  // 32 MiB: a runaway line costs about 5 times this (the CSV parser's growing buffer)
	DefaultMaxColumns  = 1 << 20
	DefaultMaxDim      = 1 << 24
	DefaultMaxMemory   = 4 << 30 // 4 GiB
	DefaultCellBytes   = 40      // a float64, its gota copy and the transient copy
	DefaultColumnBytes = 2 << 10
)

// WithDefaults returns l with every zero field set to its default.
func (l Limits) WithDefaults() Limits {
	def := func(v *int64, d int64) {
		if *v == 0 {
			*v = d
		}
	}
	def(&l.MaxBytes, DefaultMaxBytes)
	def(&l.MaxLine, DefaultMaxLine)
	def(&l.MaxMemory, DefaultMaxMemory)
	def(&l.CellBytes, DefaultCellBytes)
	def(&l.ColumnBytes, DefaultColumnBytes)
	if l.MaxRatio == 0 {
		l.MaxRatio = DefaultMaxRatio
	}
	if l.MaxColumns == 0 {
		l.MaxColumns = DefaultMaxColumns
	}
	if l.MaxDim == 0 {
		l.MaxDim = DefaultMaxDim
	}
	return l
}

// Check reports a negative or NaN limit, naming its flag.
func (l Limits) Check() error {
	bad := func(flag string, v any) error {
		return fmt.Errorf("--%s %v: a limit must be positive (0: the default): %w", flag, v, ErrLimit)
	}
	switch {
	case l.MaxBytes < 0:
		return bad(FlagMaxBytes, l.MaxBytes)
	case l.MaxRatio < 0 || math.IsNaN(l.MaxRatio):
		return bad(FlagMaxRatio, l.MaxRatio)
	case l.MaxLine < 0:
		return bad(FlagMaxLine, l.MaxLine)
	case l.MaxColumns < 0:
		return bad(FlagMaxColumns, l.MaxColumns)
	case l.MaxDim < 0:
		return bad(FlagMaxDim, l.MaxDim)
	case l.MaxMemory < 0:
		return bad(FlagMaxMemory, l.MaxMemory)
	case l.CellBytes < 0 || l.ColumnBytes < 0:
		return fmt.Errorf("Limits.CellBytes %d, ColumnBytes %d must not be negative: %w", l.CellBytes, l.ColumnBytes, ErrLimit)
	}
	return nil
}

// The command-line flags of the limits (without the leading dashes), as
// LimitError names them.
const (
	FlagMaxBytes   = "max-input"
	FlagMaxRatio   = "max-ratio"
	FlagMaxLine    = "max-line"
	FlagMaxColumns = "max-columns"
	FlagMaxDim     = "max-dim"
	FlagMaxMemory  = "max-memory"
)

var fieldOf = map[string]string{
	FlagMaxBytes: "MaxBytes", FlagMaxRatio: "MaxRatio", FlagMaxLine: "MaxLine",
	FlagMaxColumns: "MaxColumns", FlagMaxDim: "MaxDim", FlagMaxMemory: "MaxMemory",
}

// LimitError reports an exceeded limit.
type LimitError struct {
	Input string // the input's name
	Flag  string // the flag raising the limit, e.g. FlagMaxLine
	Limit string // the limit's value, formatted ("64 MiB")
	What  string // what exceeded it, e.g. "line 3 is longer than"
	// Hint, if not empty, is advice appended to the message (a caller may
	// add one, such as "stream it with --stream on").
	Hint string
}

func (e *LimitError) Error() string {
	s := fmt.Sprintf("%s: %s the limit of %s (raise it with --%s, Limits.%s in Go", e.Input, e.What, e.Limit, e.Flag, fieldOf[e.Flag])
	if e.Hint != "" {
		return s + "; " + e.Hint + ")"
	}
	return s + ")"
}

// Unwrap returns ErrLimit.
func (e *LimitError) Unwrap() error { return ErrLimit }

// CheckMemory refuses a table of rows × cols cells whose estimated memory
// (CellBytes per cell, ColumnBytes per column) exceeds MaxMemory. how says
// where rows comes from, e.g. "estimated from the input's size".
func (l Limits) CheckMemory(input string, rows, cols int64, how string) error {
	return l.checkMemory(input, float64(rows)*float64(cols), cols,
		fmt.Sprintf("%s rows × %s columns", Count(rows), Count(cols)), how)
}

// CheckSparse refuses a sparse table of nnz stored values and dim
// attributes whose estimated memory (CellBytes per value, ColumnBytes per
// attribute) exceeds MaxMemory; how says where the counts come from.
func (l Limits) CheckSparse(input string, nnz, dim int64, how string) error {
	return l.checkMemory(input, float64(nnz), dim,
		fmt.Sprintf("%s stored values, d = %s attributes", Count(nnz), Count(dim)), how)
}

func (l Limits) checkMemory(input string, cells float64, cols int64, size, how string) error {
	l = l.WithDefaults()
	need := cells*float64(l.CellBytes) + float64(cols)*float64(l.ColumnBytes)
	if need <= float64(l.MaxMemory) {
		return nil
	}
	if how != "" {
		how = ", " + how
	}
	return &LimitError{Input: input, Flag: FlagMaxMemory, Limit: FormatSize(l.MaxMemory),
		What: fmt.Sprintf("holding it in memory needs about %s (%s%s), more than", FormatSize(int64(min(need, math.MaxInt64))), size, how)}
}

// FormatSize writes a byte count in binary units: "512 B", "64 MiB",
// "1.5 GiB".
func FormatSize(n int64) string {
	units := []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	v, u := float64(n), 0
	for v >= 1024 && u < len(units)-1 {
		v, u = v/1024, u+1
	}
	if u == 0 || v == math.Trunc(v) {
		return fmt.Sprintf("%.0f %s", v, units[u])
	}
	return fmt.Sprintf("%.3g %s", v, units[u])
}

// Count writes an integer with thousands separators: 1,048,576.
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// ParseSize parses a byte count: a number with an optional unit, B,
// K/KiB, M/MiB, G/GiB, T/TiB (powers of 1024) or kB, MB, GB, TB (powers of
// 1000), in any case except that "kB"/"KB" etc. are decimal and a bare
// letter is binary: "64MiB", "4G", "1.5 GiB", "1e9", "4096".
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	i := strings.IndexFunc(t, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != 'e' && r != 'E' && r != '+' })
	num, unit := t, ""
	if i >= 0 {
		num, unit = strings.TrimSpace(t[:i]), strings.TrimSpace(t[i:])
	}
	v, err := strconv.ParseFloat(num, 64)
	mult, ok := sizeUnits[strings.ToLower(unit)]
	if err != nil || !ok || v < 0 || math.IsNaN(v) || v*mult >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q: want a number of bytes with an optional unit (B, KiB, MiB, GiB, TiB or kB, MB, GB, TB), e.g. 64MiB", s)
	}
	return int64(v * mult), nil
}

var sizeUnits = map[string]float64{
	"": 1, "b": 1,
	"k": 1 << 10, "kib": 1 << 10, "m": 1 << 20, "mib": 1 << 20, "g": 1 << 30, "gib": 1 << 30, "t": 1 << 40, "tib": 1 << 40,
	"kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12,
}
