package datasets

import (
	"archive/zip"
	"bytes"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
)

// server serves files by URL path and counts the requests per path. A
// handler in faults replaces the normal response for its path.
type server struct {
	*httptest.Server
	files  map[string][]byte
	faults map[string]http.HandlerFunc
	hits   atomic.Int64
}

func newServer(t *testing.T, files map[string][]byte) *server {
	s := &server{files: files, faults: map[string]http.HandlerFunc{}}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		if h, ok := s.faults[r.URL.Path]; ok {
			h(w, r)
			return
		}
		b, ok := s.files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(b)))
		w.Write(b)
	}))
	t.Cleanup(s.Close)
	return s
}

func covTable(rows int, shaGz string) []File {
	return []File{{Dataset: "covertype", Name: "covtype.data.gz",
		URLs: []string{"https://archive.invalid/covtype/covtype.data.gz"}, SHA256: shaGz, Rows: rows}}
}

func TestDownloadSuccessCachesAndVerifies(t *testing.T) {
	body := gz(t, covertypeCSV(25, 7))
	srv := newServer(t, map[string][]byte{"/covertype/covtype.data.gz": body})
	cache := t.TempDir()
	var progress bytes.Buffer
	l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: covTable(25, sha(body)), Progress: &progress, Client: srv.Client()}
	ds, err := l.Covertype(4)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Len() != 25 {
		t.Errorf("%d rows", ds.Len())
	}
	if got := regularFiles(t, cache); len(got) != 1 || got[0] != filepath.Join(cache, "covertype", "covtype.data.gz") {
		t.Errorf("cache holds %v", got)
	}
	if !strings.Contains(progress.String(), "downloading covertype/covtype.data.gz") {
		t.Errorf("no progress bar: %q", progress.String())
	}
	// Second use: from the cache, the server is not contacted.
	if _, err := l.Covertype(1); err != nil {
		t.Fatal(err)
	}
	if _, err := l.CovertypeSource(1); err != nil {
		t.Fatal(err)
	}
	if n := srv.hits.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestDownloadChecksumMismatch(t *testing.T) {
	body := gz(t, covertypeCSV(5, 8))
	srv := newServer(t, map[string][]byte{"/covertype/covtype.data.gz": body})
	cache := t.TempDir()
	l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: covTable(5, sha([]byte("something else")))}
	_, err := l.Covertype(1)
	if !errors.Is(err, ErrChecksum) || !errors.Is(err, ErrDownload) {
		t.Errorf("got %v, want ErrDownload and ErrChecksum", err)
	}
	if got := regularFiles(t, cache); len(got) != 0 {
		t.Errorf("files left behind: %v", got)
	}
}

func TestDownloadInterrupted(t *testing.T) {
	body := gz(t, covertypeCSV(200, 9))
	faults := map[string]http.HandlerFunc{
		// Content-Length announced, connection dropped half way.
		"short body": func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
			w.Write(body[:len(body)/2])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		},
		// Chunked transfer (no length), connection dropped half way.
		"chunked": func(w http.ResponseWriter, r *http.Request) {
			w.Write(body[:len(body)/2])
			w.(http.Flusher).Flush()
			panic(http.ErrAbortHandler)
		},
		// A server that sends a complete but truncated file (and no checksum
		// in the table): caught by the format check.
		"truncated file": func(w http.ResponseWriter, r *http.Request) {
			w.Write(gz(t, covertypeCSV(200, 9)[:3000]))
		},
		"not found": http.NotFound,
	}
	for name, h := range faults {
		srv := newServer(t, nil)
		srv.faults["/covertype/covtype.data.gz"] = h
		cache := t.TempDir()
		// Leftover of an earlier crash: must be ignored, not used.
		writeFile(t, filepath.Join(cache, "covertype", ".covtype.data.gz.123.part"), body[:100])
		l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: covTable(200, "")}
		_, err := l.Covertype(1)
		if !errors.Is(err, ErrDownload) {
			t.Errorf("%s: got %v, want ErrDownload", name, err)
		}
		t.Logf("%s: %v", name, err)
		got := regularFiles(t, cache)
		if len(got) != 1 || !strings.HasSuffix(got[0], ".123.part") {
			t.Errorf("%s: cache holds %v", name, got)
		}
	}
}

func TestDownloadMirrorFallback(t *testing.T) {
	body := gz(t, covertypeCSV(5, 10))
	srv := newServer(t, map[string][]byte{"/good/covtype.data.gz": body, "/bad/covtype.data.gz": []byte("<html>moved</html>")})
	l := &Loader{CacheDir: t.TempDir(), Files: []File{{Dataset: "covertype", Name: "covtype.data.gz",
		URLs:   []string{srv.URL + "/missing/covtype.data.gz", srv.URL + "/bad/covtype.data.gz", srv.URL + "/good/covtype.data.gz"},
		SHA256: sha(body), Rows: 5}}}
	if _, err := l.Covertype(1); err != nil {
		t.Fatal(err)
	}
	if n := srv.hits.Load(); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
}

// MNIST downloads are verified by their decompressed content, so a
// re-compressed mirror copy is accepted and a different content is not.
func TestDownloadMNISTContentChecksum(t *testing.T) {
	img := idxBytes(t, []int{3, 2, 2}, []byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11})
	lab := idxBytes(t, []int{3}, []byte{3, 5, 3})
	table := Files()[2:4] // t10k images and labels
	table[0].ContentSHA256, table[0].Rows = sha(img), 3
	table[1].ContentSHA256, table[1].Rows = sha(lab), 3
	for name, imgBody := range map[string][]byte{"canonical": gz(t, img), "recompressed": gzBest(t, img)} {
		srv := newServer(t, map[string][]byte{"/mnist/t10k-images-idx3-ubyte.gz": imgBody, "/mnist/t10k-labels-idx1-ubyte.gz": gz(t, lab)})
		l := &Loader{CacheDir: t.TempDir(), BaseURL: srv.URL, Files: table}
		ds, err := l.Open("mnist:3v5:test")
		if err != nil || ds.Len() != 3 {
			t.Fatalf("%s: %v", name, err)
		}
	}
	other := bytes.Clone(img)
	other[20] = 99
	srv := newServer(t, map[string][]byte{"/mnist/t10k-images-idx3-ubyte.gz": gz(t, other), "/mnist/t10k-labels-idx1-ubyte.gz": gz(t, lab)})
	cache := t.TempDir()
	l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: table}
	if _, err := l.MNIST(Test); !errors.Is(err, ErrChecksum) {
		t.Errorf("different content: %v", err)
	}
	if got := regularFiles(t, cache); len(got) != 0 {
		t.Errorf("files left behind: %v", got)
	}
}

func gzBest(t *testing.T, b []byte) []byte {
	var buf bytes.Buffer
	zw, _ := gzipWriterLevel(&buf)
	zw.Write(b)
	zw.Close()
	if bytes.Equal(buf.Bytes(), gz(t, b)) {
		t.Fatal("re-compression gave identical bytes")
	}
	return buf.Bytes()
}

func zipOf(t *testing.T, name string, b []byte) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(b)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestDownloadZipMember(t *testing.T) {
	csv := ctsliceCSV(8, 11)
	table := Files()[5:]
	table[0].Rows = 8
	archives := map[string][]byte{
		"flat":   zipOf(t, "slice_localization_data.csv", csv),
		"folder": zipOf(t, "data/slice_localization_data.csv", csv),
		"nested": zipOf(t, "slice_localization_data.zip", zipOf(t, "slice_localization_data.csv", csv)),
	}
	for name, z := range archives {
		srv := newServer(t, map[string][]byte{"/ctslice/slice_localization_data.zip": z})
		cache := t.TempDir()
		l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: table}
		ds, err := l.CTSlice()
		if err != nil || ds.Len() != 8 {
			t.Fatalf("%s: %v", name, err)
		}
		if got := regularFiles(t, cache); len(got) != 1 || filepath.Base(got[0]) != "slice_localization_data.csv" {
			t.Errorf("%s: cache holds %v", name, got)
		}
	}
	for name, z := range map[string][]byte{
		"no member":  zipOf(t, "README.txt", []byte("hello")),
		"not a zip":  csv,
		"bad format": zipOf(t, "slice_localization_data.csv", []byte("patientId,value0\n1,2\n")),
		"wrong rows": zipOf(t, "slice_localization_data.csv", ctsliceCSV(7, 11)),
	} {
		srv := newServer(t, map[string][]byte{"/ctslice/slice_localization_data.zip": z})
		cache := t.TempDir()
		l := &Loader{CacheDir: cache, BaseURL: srv.URL, Files: table}
		_, err := l.CTSlice()
		if !errors.Is(err, ErrDownload) || !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v", name, err)
		}
		t.Logf("%s: %v", name, err)
		if got := regularFiles(t, cache); len(got) != 0 {
			t.Errorf("%s: files left behind: %v", name, got)
		}
	}
}
