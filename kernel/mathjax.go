package kernel

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// MathJaxEnv names the environment variable that, if set, is the MathJax
// 2.7 directory BundleMathJax copies from; without it, Debian's
// (package libjs-mathjax, installed with Jupyter) at DebianMathJax.
const (
	MathJaxEnv    = "LAO_MATHJAX_DIR"
	DebianMathJax = "/usr/share/javascript/mathjax"
)

// MathJaxURL and RequireJSURL are where exported pages load MathJax (with
// the configuration Jupyter's own export uses) and RequireJS from: the
// bundle beside them (BundleMathJax).
const (
	MathJaxURL   = "assets/mathjax/MathJax.js?config=TeX-AMS_CHTML-full,Safe"
	RequireJSURL = "assets/require.min.js"
	// DebianRequireJS is Debian's RequireJS (package libjs-requirejs).
	DebianRequireJS = "/usr/share/javascript/requirejs/require.min.js"
)

// mathJaxParts is the part of MathJax 2.7 that MathJaxURL's configuration
// loads (the TeX input, the CommonHTML output and its web fonts, the
// extensions the configuration names, English messages): about 1.7 MB of
// the package's 54 MB.
var mathJaxParts = []string{"MathJax.js", "config/TeX-AMS_CHTML-full.js", "jax/input/TeX", "jax/output/CommonHTML",
	"jax/element", "extensions", "fonts/HTML-CSS/TeX/woff", "localization/en"}

// BundleMathJax copies the part of MathJax the exported pages use, and
// RequireJS, into outDir/assets (once: an existing bundle is kept), so
// that the exported directory needs nothing from the machine it is read
// on. It fails, saying what to install, when either is missing.
func BundleMathJax(outDir string) error {
	src := os.Getenv(MathJaxEnv)
	if src == "" {
		src = DebianMathJax
	}
	dst := filepath.Join(outDir, "assets", "mathjax")
	if _, err := os.Stat(filepath.Join(dst, "MathJax.js")); err == nil {
		return nil
	}
	if err := copyFile(DebianRequireJS, filepath.Join(outDir, "assets", "require.min.js")); err != nil {
		return fmt.Errorf("kernel: no RequireJS (apt-get install libjs-requirejs): %w", err)
	}
	if _, err := os.Stat(filepath.Join(src, "MathJax.js")); err != nil {
		return fmt.Errorf("kernel: no MathJax 2.7 in %s (apt-get install libjs-mathjax, or set %s): %w", src, MathJaxEnv, err)
	}
	for _, part := range mathJaxParts {
		if err := copyTree(filepath.Join(src, part), filepath.Join(dst, part)); err != nil {
			return fmt.Errorf("kernel: bundling MathJax: %w", err)
		}
	}
	return nil
}

// copyTree copies the file or directory src to dst, following symbolic
// links (Debian links some MathJax files into other packages).
func copyTree(src, dst string) error {
	info, err := os.Stat(src)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return copyFile(src, dst)
	}
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if st, err := os.Stat(path); err != nil {
			return err
		} else if st.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		return copyFile(path, target)
	})
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o644)
}
