package kernel

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

type cacheKey struct {
	Name  string
	Sizes []int
}

type cached struct {
	X    []float64
	Note string
}

func TestCachedComputesOnce(t *testing.T) {
	for _, dir := range []string{"", t.TempDir()} {
		t.Setenv(CacheDirEnv, dir)
		t.Setenv("GONB_TMP_DIR", "")
		calls := 0
		compute := func() (cached, error) {
			calls++
			return cached{X: []float64{1, 2}, Note: "run"}, nil
		}
		key := cacheKey{"fig", []int{1, 2}}
		a, err := Cached(key, compute)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Cached(cacheKey{"fig", []int{1, 2}}, compute) // an equal key
		if err != nil {
			t.Fatal(err)
		}
		if calls != 1 || b.Note != "run" || b.X[1] != 2 || a.X[0] != 1 {
			t.Errorf("dir %q: %d computations, results %+v %+v", dir, calls, a, b)
		}
		if _, err := Cached(cacheKey{"fig", []int{1, 3}}, compute); err != nil || calls != 2 {
			t.Errorf("dir %q: a different key reused a result (%d computations, %v)", dir, calls, err)
		}
		if dir != "" {
			if _, err := os.Stat(filepath.Join(dir, CacheKey(key)+".gob")); err != nil {
				t.Errorf("no cache file: %v", err)
			}
		}
	}
}

func TestCachedErrorsAndStaleFiles(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(CacheDirEnv, dir)
	boom := errors.New("boom")
	if _, err := Cached("k", func() (int, error) { return 0, boom }); !errors.Is(err, boom) {
		t.Fatalf("err %v", err)
	}
	calls := 0
	v, err := Cached("k", func() (int, error) { calls++; return 7, nil })
	if err != nil || v != 7 || calls != 1 {
		t.Errorf("after an error: %d, %v, %d calls (errors must not be cached)", v, err, calls)
	}
	// A file that no longer decodes as T is recomputed.
	if err := os.WriteFile(filepath.Join(dir, CacheKey("s")+".gob"), []byte("junk"), 0o644); err != nil {
		t.Fatal(err)
	}
	if v, err := Cached("s", func() (string, error) { return "fresh", nil }); err != nil || v != "fresh" {
		t.Errorf("stale file: %q, %v", v, err)
	}
	t.Setenv(CacheDirEnv, "")
	t.Setenv("GONB_TMP_DIR", "/gonb/tmp")
	if got := CacheDir(); got != filepath.Join("/gonb/tmp", "lao-cache") {
		t.Errorf("CacheDir in GoNB = %q", got)
	}
}
