package kernel

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"sync"
)

// CacheDirEnv names the environment variable that, if set, is the directory
// Cached keeps its results in. Without it Cached uses a subdirectory of
// GoNB's per-session temporary directory (GONB_TMP_DIR), and outside GoNB it
// keeps results in memory only.
const CacheDirEnv = "LAO_CACHE_DIR"

var (
	memMu    sync.Mutex
	memCache = map[string][]byte{}
)

// CacheDir returns the directory Cached writes to, or "" when results are
// kept in memory only (outside a notebook, with LAO_CACHE_DIR unset).
func CacheDir() string {
	if d := os.Getenv(CacheDirEnv); d != "" {
		return d
	}
	if d := os.Getenv("GONB_TMP_DIR"); d != "" {
		return filepath.Join(d, "lao-cache")
	}
	return ""
}

// CacheKey returns the hex digest Cached files a result under: the SHA-256
// of key's type and %#v form. key should hold every parameter the result
// depends on (a struct of values, no pointers or functions, whose printed
// form would change with the address rather than the content).
func CacheKey(key any) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%T\x00%#v", key, key)))
	return hex.EncodeToString(sum[:])
}

// Cached returns the result of compute for key, computing it only once per
// kernel session. GoNB runs every cell as a fresh program, so a long run
// (an experiment over several splits) done in one cell would otherwise be
// repeated by every cell that plots or tabulates it; with Cached the first
// cell computes and saves it (gob-encoded, so T's exported fields must be
// gob-encodable) and later cells read it back. Restarting the kernel starts
// afresh. Errors are not cached. A result that cannot be read back (for
// instance after T changed) is computed again.
//
//	rep := kernel.Must1(kernel.Cached(spec, func() (*experiments.Report, error) {
//		return experiments.Run(ds, spec, bar.Report)
//	}))
func Cached[T any](key any, compute func() (T, error)) (T, error) {
	id := CacheKey(key)
	dir := CacheDir()
	var v T
	if b, ok := cacheLoad(dir, id); ok {
		if err := gob.NewDecoder(bytes.NewReader(b)).Decode(&v); err == nil {
			return v, nil
		}
	}
	v, err := compute()
	if err != nil {
		return v, err
	}
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(v); err != nil {
		return v, fmt.Errorf("kernel: Cached: encoding %T: %w", v, err)
	}
	if err := cacheStore(dir, id, buf.Bytes()); err != nil {
		return v, fmt.Errorf("kernel: Cached: %w", err)
	}
	return v, nil
}

func cacheLoad(dir, id string) ([]byte, bool) {
	if dir == "" {
		memMu.Lock()
		defer memMu.Unlock()
		b, ok := memCache[id]
		return b, ok
	}
	b, err := os.ReadFile(filepath.Join(dir, id+".gob"))
	return b, err == nil
}

func cacheStore(dir, id string, b []byte) error {
	if dir == "" {
		memMu.Lock()
		defer memMu.Unlock()
		memCache[id] = b
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// Write then rename, so a cell interrupted mid-write leaves no torn file.
	tmp, err := os.CreateTemp(dir, id+".*.tmp")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), filepath.Join(dir, id+".gob"))
}
