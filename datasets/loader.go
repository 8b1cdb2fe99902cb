package datasets

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// Loader finds data files and turns them into data sets. The zero value
// reads and fills the default cache directory, silently; Default() also
// honours LAO_DATA_DIR and LAO_CACHE_DIR and shows download progress.
type Loader struct {
	// DataDir, if not empty, is a directory that holds the files (layout in
	// the package documentation). Nothing is downloaded then: a missing file
	// is an error wrapping ErrNotFound.
	DataDir string
	// CacheDir is where downloaded files are kept. If empty,
	// DefaultCacheDir() is used.
	CacheDir string
	// NoDownload, if true, makes a file missing from the cache an error
	// instead of a download.
	NoDownload bool
	// BaseURL, if not empty, replaces the URL table: a file is fetched from
	// BaseURL + "/" + Dataset + "/" + the last path element of its first URL
	// (a local mirror; tests point it at an httptest server).
	BaseURL string
	// Files replaces the built-in table (Files()) if not nil.
	Files []File
	// Client is the HTTP client for downloads; nil means a plain http.Client.
	Client *http.Client
	// Progress receives the download progress bar; nil means no bar.
	Progress io.Writer
}

// Default returns a Loader that reads LAO_DATA_DIR (if set) or else the cache
// directory LAO_CACHE_DIR (if set) or DefaultCacheDir(), and draws download
// progress on standard error unless LAO_QUIET is set to a non-empty value.
// Relative directories are relative to the working directory.
func Default() *Loader {
	l := &Loader{
		DataDir:  os.Getenv("LAO_DATA_DIR"),
		CacheDir: os.Getenv("LAO_CACHE_DIR"),
		Progress: os.Stderr,
	}
	if os.Getenv("LAO_QUIET") != "" {
		l.Progress = nil
	}
	return l
}

// DefaultCacheDir returns os.UserCacheDir()/lao, for example ~/.cache/lao on
// Linux.
func DefaultCacheDir() (string, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("datasets: no cache directory (set LAO_CACHE_DIR or LAO_DATA_DIR): %w", err)
	}
	return filepath.Join(d, "lao"), nil
}

func (l *Loader) table() []File {
	if l.Files != nil {
		return l.Files
	}
	return files
}

func (l *Loader) file(dataset, name string) (File, error) {
	for _, f := range l.table() {
		if f.Dataset == dataset && f.Name == name {
			return f, nil
		}
	}
	return File{}, fmt.Errorf("datasets: no file %s/%s in the file table: %w", dataset, name, ErrNotFound)
}

// candidates lists where f may be stored under dir, in search order.
func candidates(dir string, f File) []string {
	alt := f.Name + ".gz"
	if n, ok := strings.CutSuffix(f.Name, ".gz"); ok {
		alt = n
	}
	return []string{
		filepath.Join(dir, f.Dataset, f.Name), filepath.Join(dir, f.Dataset, alt),
		filepath.Join(dir, f.Name), filepath.Join(dir, alt),
	}
}

func findIn(dir string, f File) (string, bool) {
	for _, p := range candidates(dir, f) {
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() {
			return p, true
		}
	}
	return "", false
}

// Path returns the path of the stored copy of f, downloading it into the
// cache directory first if needed (see Loader).
func (l *Loader) Path(f File) (string, error) {
	if l.DataDir != "" {
		if p, ok := findIn(l.DataDir, f); ok {
			return p, nil
		}
		return "", fmt.Errorf("datasets: %s not in data directory %s (looked for %s; unset LAO_DATA_DIR to download it): %w",
			f.Name, l.DataDir, strings.Join(candidates(l.DataDir, f), ", "), ErrNotFound)
	}
	dir, err := l.cacheDir()
	if err != nil {
		return "", err
	}
	if p, ok := findIn(dir, f); ok {
		return p, nil
	}
	if l.NoDownload {
		return "", fmt.Errorf("datasets: %s not in cache directory %s and downloads are disabled: %w", f.Name, dir, ErrNotFound)
	}
	p, err := l.download(dir, f)
	if err != nil {
		return "", fmt.Errorf("%w\n(without network: put %s in a directory, under the layout %s, and export LAO_DATA_DIR=that directory)",
			err, f.Name, strings.Join(candidates("DIR", f), " or "))
	}
	return p, nil
}

func (l *Loader) cacheDir() (string, error) {
	if l.CacheDir != "" {
		return l.CacheDir, nil
	}
	return DefaultCacheDir()
}

// openFile opens the stored copy of f for reading its decompressed content.
// The content is verified against f's checksums as it is read: the reader
// returns an error wrapping ErrChecksum instead of io.EOF on a mismatch.
func (l *Loader) openFile(f File) (*dataFile, error) {
	p, err := l.Path(f)
	if err != nil {
		return nil, err
	}
	fh, err := os.Open(p)
	if err != nil {
		return nil, fmt.Errorf("datasets: %w", err)
	}
	var raw io.Reader = fh
	if f.SHA256 != "" && filepath.Base(p) == f.Name {
		raw = newVerifier(fh, p, "sha256", f.SHA256)
	}
	r, err := decompress(raw, p)
	if err != nil {
		fh.Close()
		return nil, err
	}
	if f.ContentSHA256 != "" {
		r = newVerifier(r, p, "decompressed content sha256", f.ContentSHA256)
	}
	return &dataFile{Reader: r, f: fh, path: p}, nil
}

// dataFile is an open data file: Read yields decompressed, verified bytes.
type dataFile struct {
	io.Reader
	f    *os.File
	path string
}

func (d *dataFile) Close() error { return d.f.Close() }

// verifier hashes what is read through it and, at io.EOF, replaces EOF by a
// checksum error if the digest is not the expected one.
type verifier struct {
	r          io.Reader
	h          hash.Hash
	name, what string
	want       string
}

func newVerifier(r io.Reader, name, what, want string) *verifier {
	return &verifier{r: r, h: sha256.New(), name: name, what: what, want: strings.ToLower(want)}
}

func (v *verifier) Read(p []byte) (int, error) {
	n, err := v.r.Read(p)
	v.h.Write(p[:n])
	if err == io.EOF {
		if got := hex.EncodeToString(v.h.Sum(nil)); got != v.want {
			return n, fmt.Errorf("datasets: %s: %s is %s, want %s (corrupt or different file; delete it to re-download): %w",
				v.name, v.what, got, v.want, ErrChecksum)
		}
	}
	return n, err
}

// VerifyFile checks the stored copy of f at path against f's checksums and
// reports which were checked (an empty list means f has none applicable,
// so only a format check can vouch for it).
func VerifyFile(path string, f File) (checked []string, err error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("datasets: %w", err)
	}
	defer fh.Close()
	var raw io.Reader = fh
	if f.SHA256 != "" && filepath.Base(path) == f.Name {
		raw = newVerifier(fh, path, "sha256", f.SHA256)
		checked = append(checked, "sha256")
	}
	r, err := decompress(raw, path)
	if err != nil {
		return nil, err
	}
	if f.ContentSHA256 != "" {
		r = newVerifier(r, path, "decompressed content sha256", f.ContentSHA256)
		checked = append(checked, "content sha256")
	}
	if _, err := io.Copy(io.Discard, r); err != nil {
		return nil, err
	}
	return checked, nil
}

// open resolves and opens one file of a data set (see file and openFile).
func (l *Loader) open(dataset, name string) (File, *dataFile, error) {
	f, err := l.file(dataset, name)
	if err != nil {
		return File{}, nil, err
	}
	df, err := l.openFile(f)
	if err != nil {
		return File{}, nil, err
	}
	return f, df, nil
}
