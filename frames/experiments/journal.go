package experiments

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/laoproject/lao/datasets"
	"github.com/laoproject/lao/lao"
)

// A Journal keeps every finished (split, entry) result of an experiment in
// a file, so that a run stopped part way (a killed process, a closed
// session) resumes where it stopped: Journal.Run and Journal.RunPairs read
// the results the journal holds instead of computing them again, and append
// each new one as soon as it is done. The papers' full protocols take hours
// on two cores; with a journal they can run in pieces.
//
// A result is found again only for the same experiment: its key is the
// SHA-256 of the protocol (Spec without its entries and its number of
// splits, so a run with more splits reuses the first ones), the entry
// (label, solver, parameters, tuning), the split and the data set's
// contents. The code that computed it is named by the journal's version,
// which OpenJournal compares with the file's: results of another version of
// the code are never mixed into a report.
//
// A journal reused with ReuseJournal also resumes the results of other
// versions; a version line before each version's records says which code
// wrote them.
type Journal struct {
	path    string
	version string
	reuse   bool // resume the results of other versions too
	foreign int  // results resumed that other versions wrote

	mu   sync.Mutex
	f    *os.File
	done map[string]journalRecord
}

// ErrJournalVersion is wrapped by the error of OpenJournal for a journal
// that holds results of another version of the code.
var ErrJournalVersion = errors.New("journal of another code version")

// versionError is the error of a journal of another version; it matches
// ErrJournalVersion.
type versionError struct{ msg string }

func (e *versionError) Error() string        { return e.msg }
func (e *versionError) Is(target error) bool { return target == ErrJournalVersion }

// JournalVersion is the version of this build's journals: CodeVersion, the
// Go release, the architecture and the build settings that change
// floating-point code (GOAMD64 and the like allow fused multiply-adds;
// build tags select files). Two builds of the same code with the same
// settings resume each other's journals.
func JournalVersion() string {
	v := "lao code sha256:" + CodeVersion + " " + runtime.Version() + " " + runtime.GOARCH
	set := buildSettings()
	for _, key := range []string{"GOAMD64", "GOARM64", "GOARM", "GO386", "GOPPC64", "GORISCV64", "-tags"} {
		if set[key] != "" {
			v += " " + key + "=" + set[key]
		}
	}
	return v
}

// BuildRevision returns the commit this program was built from and
// whether the checkout had uncommitted changes, as the go command records
// them (empty when it did not: a build outside a checkout, or -buildvcs=false).
func BuildRevision() (revision string, modified bool) {
	set := buildSettings()
	return set["vcs.revision"], set["vcs.modified"] == "true"
}

// buildSettings returns the build settings the go command recorded in
// this program (nil if it recorded none).
func buildSettings() map[string]string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	set := map[string]string{}
	for _, kv := range info.Settings {
		set[kv.Key] = kv.Value
	}
	return set
}

// journalHeader is a journal file's first line.
type journalHeader struct {
	Journal string `json:"lao_experiments_journal"` // the code version that wrote it
	// Revision and Modified: the commit the writing program was built
	// from and whether its checkout had uncommitted changes (for people
	// deciding whether to reuse the journal; not compared).
	Revision string `json:"revision,omitempty"`
	Modified bool   `json:"modified,omitempty"`
}

// journalRecord is one finished (split, entry) of one data set.
type journalRecord struct {
	Key     string            `json:"key"`
	Label   string            `json:"label"` // for people reading the file
	Split   int               `json:"split"`
	Seconds float64           `json:"seconds"` // wall time of the fit (tuning included)
	MSE     []jfloat          `json:"mse"`
	Err     []jfloat          `json:"err"`
	Attrs   []jfloat          `json:"attrs"`
	Zero    []jfloat          `json:"zero"`
	Params  map[string]jfloat `json:"params"`
	Edges   []string          `json:"edges,omitempty"`
	Notes   []string          `json:"notes,omitempty"`

	foreign bool // written by another version of the code
}

// OpenJournal opens the journal at path, creating it if it does not exist.
// version names the code computing the results (the lao command passes
// JournalVersion): a journal holding results of another version is
// refused, with an error wrapping ErrJournalVersion, rather than resumed. A torn last line
// (a process killed while appending) is dropped and overwritten.
func OpenJournal(path, version string) (*Journal, error) {
	return openJournal(path, version, false)
}

// ReuseJournal is OpenJournal for a journal written by another version of
// the code: its results are resumed as they are, and the new ones appended
// under this version's line. Use it only when the code computing the
// journal's entries did not change between the versions (a change
// elsewhere in the digested packages); Journal.Foreign counts the results
// resumed that other versions wrote.
func ReuseJournal(path, version string) (*Journal, error) {
	return openJournal(path, version, true)
}

func openJournal(path, version string, reuse bool) (*Journal, error) {
	if version == "" {
		return nil, fmt.Errorf("experiments: journal %s: empty version: %w", path, lao.ErrParam)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("experiments: journal: %w", err)
	}
	j := &Journal{path: path, version: version, reuse: reuse, f: f, done: map[string]journalRecord{}}
	if err := j.load(); err != nil {
		f.Close()
		return nil, err
	}
	return j, nil
}

// load reads the file's records, checks their versions and leaves the
// file positioned after the last complete line (writing this version's
// line to an empty file, or after another version's records).
func (j *Journal) load() error {
	r := bufio.NewReader(j.f)
	var good int64 // bytes of complete, valid lines
	current := ""  // the version of the records that follow
	for line := 0; ; line++ {
		b, err := r.ReadBytes('\n')
		if err == io.EOF {
			break // a torn last line (no newline) is dropped
		}
		if err != nil {
			return fmt.Errorf("experiments: journal %s: %w", j.path, err)
		}
		if v, ok := headerVersion(b); ok {
			if v != j.version && !j.reuse {
				return &versionError{fmt.Sprintf("experiments: journal %s holds results of another version of the code (%s; this is %s): they cannot be resumed; remove it or name another file", j.path, short(v), short(j.version))}
			}
			current = v
		} else if line == 0 {
			return fmt.Errorf("experiments: %s is not an experiments journal (its first line is not a journal header)", j.path)
		} else {
			var rec journalRecord
			if err := json.Unmarshal(b, &rec); err != nil || rec.Key == "" {
				return fmt.Errorf("experiments: journal %s, line %d: not a result record", j.path, line+1)
			}
			rec.foreign = current != j.version
			j.done[rec.Key] = rec
		}
		good += int64(len(b))
	}
	if err := j.f.Truncate(good); err != nil {
		return fmt.Errorf("experiments: journal %s: %w", j.path, err)
	}
	if _, err := j.f.Seek(good, io.SeekStart); err != nil {
		return fmt.Errorf("experiments: journal %s: %w", j.path, err)
	}
	if current != j.version {
		rev, mod := BuildRevision()
		return j.append(journalHeader{Journal: j.version, Revision: rev, Modified: mod})
	}
	return nil
}

// headerVersion returns the version of a journal's version line.
func headerVersion(b []byte) (string, bool) {
	var h journalHeader
	if json.Unmarshal(b, &h) != nil || h.Journal == "" {
		return "", false
	}
	return h.Journal, true
}

// resumed counts rec, read instead of computed, among Foreign's if
// another version wrote it.
func (j *Journal) resumed(rec journalRecord) {
	if rec.foreign {
		j.mu.Lock()
		j.foreign++
		j.mu.Unlock()
	}
}

// Foreign returns the number of results resumed so far that another
// version of the code wrote (only a journal opened by ReuseJournal has
// them).
func (j *Journal) Foreign() int {
	if j == nil {
		return 0
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.foreign
}

// short shortens the long fields of a version for a message: a digest
// to its first 12 hex digits ("sha256:953cec7563a1…").
func short(v string) string {
	f := strings.Fields(v)
	for i, x := range f {
		if len(x) > 24 {
			f[i] = x[:min(len(x), strings.IndexByte(x, ':')+13)] + "…"
		}
	}
	return strings.Join(f, " ")
}

// Run is the package's Run with the journal: the results it holds are read
// from it (Report.Resumed counts them) and the others are added to it. A nil
// journal runs without one.
func (j *Journal) Run(ds *lao.Dataset, spec Spec, progress Progress) (*Report, error) {
	return run(ds, spec, j, progress)
}

// RunPairs is the package's RunPairs with the journal.
func (j *Journal) RunPairs(m *datasets.MNIST, pairs []datasets.Pair, spec Spec, progress Progress) (*PairsReport, error) {
	return runPairs(m, pairs, spec, j, progress)
}

// Len returns the number of results the journal holds.
func (j *Journal) Len() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	return len(j.done)
}

// Close closes the journal's file (nothing for a nil journal).
func (j *Journal) Close() error {
	if j == nil {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.f.Close()
}

func (j *Journal) lookup(key string) (journalRecord, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	rec, ok := j.done[key]
	return rec, ok
}

// store appends rec as one line and syncs it, so that a result once
// reported done survives the process.
func (j *Journal) store(rec journalRecord) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	if err := j.append(rec); err != nil {
		return err
	}
	j.done[rec.Key] = rec
	return nil
}

func (j *Journal) append(v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("experiments: journal %s: %w", j.path, err)
	}
	if _, err := j.f.Write(append(b, '\n')); err != nil {
		return fmt.Errorf("experiments: journal %s: %w", j.path, err)
	}
	if err := j.f.Sync(); err != nil {
		return fmt.Errorf("experiments: journal %s: %w", j.path, err)
	}
	return nil
}

// journalKey identifies the result of entry e on split s of the data set
// with fingerprint data under spec's protocol.
func journalKey(spec Spec, e Entry, s int, data string) string {
	proto := spec
	proto.Entries, proto.Splits = nil, 0 // split s does not depend on how many follow
	sum := sha256.Sum256([]byte(fmt.Sprintf("%#v\x00%#v\x00%d\x00%s", proto, e, s, data)))
	return hex.EncodeToString(sum[:])
}

// jfloat is a float64 that survives JSON whatever its value: finite values
// as numbers in their shortest exact form, NaN and ±Inf as strings.
type jfloat float64

func (f jfloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return strconv.AppendQuote(nil, strconv.FormatFloat(v, 'g', -1, 64)), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}

func (f *jfloat) UnmarshalJSON(b []byte) error {
	s := string(bytes.Trim(b, `"`))
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return errors.New("not a number")
	}
	*f = jfloat(v)
	return nil
}

func toJ(v []float64) []jfloat {
	out := make([]jfloat, len(v))
	for i, x := range v {
		out[i] = jfloat(x)
	}
	return out
}

// fromJ copies v into dst, which must have the same length.
func fromJ(dst []float64, v []jfloat) bool {
	if len(v) != len(dst) {
		return false
	}
	for i, x := range v {
		dst[i] = float64(x)
	}
	return true
}
