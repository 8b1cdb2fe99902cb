package datasets

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
)

// maxExtract bounds what is extracted from a downloaded zip archive (the
// CT-slice CSV is about 78 MiB), so that a hostile archive cannot fill the disk.
const maxExtract = 1 << 30

func (l *Loader) urls(f File) []string {
	if l.BaseURL == "" {
		return f.URLs
	}
	if len(f.URLs) == 0 {
		return nil
	}
	return []string{strings.TrimSuffix(l.BaseURL, "/") + "/" + f.Dataset + "/" + path.Base(f.URLs[0])}
}

// download fetches f into dir/f.Dataset/f.Name, trying each mirror in turn.
// Only a copy that passed every check is renamed to its final name; every
// temporary file is removed on failure.
func (l *Loader) download(dir string, f File) (string, error) {
	sub := filepath.Join(dir, f.Dataset)
	if err := os.MkdirAll(sub, 0o755); err != nil {
		return "", fmt.Errorf("datasets: %w", err)
	}
	urls := l.urls(f)
	if len(urls) == 0 {
		return "", fmt.Errorf("datasets: %s: no download URL: %w", f.Name, ErrDownload)
	}
	final := filepath.Join(sub, f.Name)
	var errs []error
	for _, u := range urls {
		err := l.fetch(u, sub, final, f)
		if err == nil {
			return final, nil
		}
		errs = append(errs, fmt.Errorf("%s: %w", u, err))
	}
	return "", fmt.Errorf("datasets: %s/%s: %w: %w", f.Dataset, f.Name, ErrDownload, errors.Join(errs...))
}

// fetch downloads url into a temporary file in dir, verifies it and renames
// it to final.
func (l *Loader) fetch(url, dir, final string, f File) (err error) {
	var temps []string
	defer func() {
		for _, t := range temps { // after a successful rename, only the zip is left
			os.Remove(t)
		}
	}()
	tmp, err := os.CreateTemp(dir, "."+f.Name+".*.part")
	if err != nil {
		return err
	}
	temps = append(temps, tmp.Name())
	sum, err := l.get(url, tmp, f)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if f.SHA256 != "" && sum != strings.ToLower(f.SHA256) {
		return fmt.Errorf("sha256 of the download is %s, want %s: %w", sum, f.SHA256, ErrChecksum)
	}
	stored := tmp.Name()
	if f.Member != "" {
		stored, err = extractMember(tmp.Name(), dir, f)
		if stored != "" {
			temps = append(temps, stored)
		}
		if err != nil {
			return err
		}
	}
	if err := checkStored(stored, f); err != nil {
		return err
	}
	return os.Rename(stored, final)
}

// get streams the body of url into w and returns its sha256.
func (l *Loader) get(url string, w *os.File, f File) (string, error) {
	client := l.Client
	if client == nil {
		client = &http.Client{}
	}
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("User-Agent", "lao-datasets (github.com/laoproject/lao)")
	resp, err := client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("HTTP status %s", resp.Status)
	}
	h := sha256.New()
	dst := io.MultiWriter(w, h)
	var bar *progressbar.ProgressBar
	if l.Progress != nil {
		out := l.Progress
		bar = progressbar.NewOptions64(resp.ContentLength,
			progressbar.OptionSetDescription("downloading "+f.Dataset+"/"+f.Name),
			progressbar.OptionSetWriter(out),
			progressbar.OptionShowBytes(true),
			progressbar.OptionShowTotalBytes(true),
			progressbar.OptionSetWidth(20),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionShowCount(),
			progressbar.OptionOnCompletion(func() { fmt.Fprintln(out) }),
			progressbar.OptionSpinnerType(14),
		)
		dst = io.MultiWriter(w, h, bar)
	}
	n, err := io.Copy(dst, resp.Body)
	if err != nil {
		if bar != nil {
			bar.Exit()
			fmt.Fprintln(l.Progress)
		}
		return "", fmt.Errorf("download interrupted after %d bytes: %w", n, err)
	}
	if resp.ContentLength >= 0 && n != resp.ContentLength {
		return "", fmt.Errorf("got %d bytes, server announced %d: %w", n, resp.ContentLength, io.ErrUnexpectedEOF)
	}
	if bar != nil {
		bar.Finish()
	}
	if err := w.Sync(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// extractMember extracts the member of the zip archive at zipPath whose base
// name is f.Member (looking one level into nested zip archives) into a new
// temporary file in dir, whose name it returns.
func extractMember(zipPath, dir string, f File) (string, error) {
	zr, err := zip.OpenReader(zipPath)
	if err != nil {
		return "", fmt.Errorf("not a zip archive: %v: %w", err, ErrFormat)
	}
	defer zr.Close()
	m, err := findMember(&zr.Reader, f.Member)
	if err != nil {
		return "", err
	}
	rc, err := m.Open()
	if err != nil {
		return "", fmt.Errorf("zip member %s: %v: %w", m.Name, err, ErrFormat)
	}
	defer rc.Close()
	out, err := os.CreateTemp(dir, "."+f.Name+".*.part")
	if err != nil {
		return "", err
	}
	n, err := io.Copy(out, io.LimitReader(rc, maxExtract+1))
	if err == nil && n > maxExtract {
		err = fmt.Errorf("zip member %s is larger than %d bytes: %w", m.Name, maxExtract, ErrTooLarge)
	}
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return out.Name(), fmt.Errorf("extracting %s: %w", m.Name, err)
	}
	return out.Name(), nil
}

func findMember(zr *zip.Reader, name string) (*zip.File, error) {
	for _, m := range zr.File {
		if path.Base(m.Name) == name {
			return m, nil
		}
	}
	for _, m := range zr.File {
		if !strings.HasSuffix(m.Name, ".zip") || m.UncompressedSize64 > maxExtract {
			continue
		}
		rc, err := m.Open()
		if err != nil {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(rc, maxExtract))
		rc.Close()
		if err != nil {
			continue
		}
		inner, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
		if err != nil {
			continue
		}
		for _, im := range inner.File {
			if path.Base(im.Name) == name {
				return im, nil
			}
		}
	}
	return nil, fmt.Errorf("zip archive has no member %s: %w", name, ErrFormat)
}

// checkStored verifies a freshly downloaded file before it is put in place:
// its content checksum, if known, and its format (which needs the whole file
// to parse, with the expected number of rows).
func checkStored(p string, f File) error {
	fh, err := os.Open(p)
	if err != nil {
		return err
	}
	defer fh.Close()
	r, err := decompress(fh, f.Name)
	if err != nil {
		return err
	}
	if f.ContentSHA256 != "" {
		r = newVerifier(r, f.Name, "decompressed content sha256", f.ContentSHA256)
	}
	return checkFormat(r, f)
}

// checkFormat parses the decompressed content r of f completely.
func checkFormat(r io.Reader, f File) error {
	rows := 0
	switch {
	case f.Dataset == "mnist":
		idx, err := readIDX(r, f.Name)
		if err != nil {
			return err
		}
		rows = idx.Dims[0]
	case f.Dataset == "covertype" || f.Dataset == "ctslice":
		spec := covertypeSpec(1)
		if f.Dataset == "ctslice" {
			spec = ctsliceSpec()
		}
		src, err := newCSVSource(r, nil, f.Name, spec, -1)
		if err != nil {
			return err
		}
		row := make([]float64, src.Dim())
		for {
			if _, err := src.Next(row); err == io.EOF {
				break
			} else if err != nil {
				return err
			}
		}
		rows = src.Rows()
	default:
		if _, err := io.Copy(io.Discard, r); err != nil {
			return err
		}
	}
	if f.Rows > 0 && rows != f.Rows {
		return fmt.Errorf("%s has %d rows, want %d: %w", f.Name, rows, f.Rows, ErrFormat)
	}
	return nil
}
