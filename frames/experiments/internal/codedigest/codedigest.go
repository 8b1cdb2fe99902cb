// Package codedigest computes the digest of the source code that computes
// an experiment's results: the module's packages that package experiments
// builds on (its solvers, data readers and harness), with go.mod and go.sum
// for the versions of their dependencies. frames/experiments/codeversion.go
// holds it as a constant (go generate ./frames/experiments writes it; a test
// of package experiments recomputes it), so that an experiments journal
// written by one build of lao is resumed by another build of the same code,
// on another machine or in another session, and refused after any change
// to that code.
package codedigest

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Dirs are the module's package directories whose code computes results:
// the closure of frames/experiments' imports within the module, less
// frames/plot (it draws the figures from results already computed). A test
// of package experiments checks the list against `go list -deps`.
var Dirs = []string{
	"datasets",
	"frames",
	"frames/experiments",
	"frames/ingest",
	"lao",
	"lao/internal/core",
	"lao/internal/dense",
	"lao/internal/dselector",
	"lao/internal/errs",
	"lao/internal/observe",
	"lao/internal/prefetch",
	"lao/internal/quadl1",
	"lao/lowerbound",
}

// Files are the module files hashed beside the packages' sources.
var Files = []string{"go.mod", "go.sum"}

// Generated is the file of package experiments that holds the digest,
// left out of it.
const Generated = "frames/experiments/codeversion.go"

// Sum returns the hex SHA-256 of the source files of Dirs (non-test Go,
// assembly, C, syso; in name order, each as its path, a NUL, its length, a
// NUL and its bytes) and of Files, under the module root. Line ends are
// hashed as they are: .gitattributes keeps them LF in every checkout.
func Sum(root string) (string, error) {
	h := sha256.New()
	for _, dir := range Dirs {
		ents, err := os.ReadDir(filepath.Join(root, dir))
		if err != nil {
			return "", fmt.Errorf("codedigest: %w", err)
		}
		for _, e := range ents { // os.ReadDir sorts by name
			name := e.Name()
			rel := dir + "/" + name
			if e.IsDir() || !source(name) || rel == Generated {
				continue
			}
			if err := hashFile(h, root, rel); err != nil {
				return "", err
			}
		}
	}
	for _, rel := range slices.Sorted(slices.Values(Files)) {
		if err := hashFile(h, root, rel); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// source reports whether a file of a package directory is compiled into
// it: Go files other than tests, assembly, C and its headers, and syso
// objects. (No package of Dirs embeds files; a test checks that.)
func source(name string) bool {
	if strings.HasSuffix(name, "_test.go") {
		return false
	}
	switch filepath.Ext(name) {
	case ".go", ".s", ".c", ".h", ".syso":
		return true
	}
	return false
}

func hashFile(h io.Writer, root, rel string) error {
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		return fmt.Errorf("codedigest: %w", err)
	}
	fmt.Fprintf(h, "%s\x00%d\x00", rel, len(b))
	_, err = h.Write(b)
	return err
}
