package kernel

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// RootEnv names the environment variable that points a notebook at a
// checkout of this module when the notebook lives elsewhere (export it
// before starting Jupyter).
const RootEnv = "LAO_ROOT"

// NotWiredMessage is what the bootstrap cell prints when the notebook is
// neither inside a checkout of this module nor pointed at one by LAO_ROOT.
const NotWiredMessage = "lao: this notebook is not inside a checkout of github.com/laoproject/lao, so its cells " +
	"cannot import the lao packages (they would fail with go errors). Either open it from the notebooks/ " +
	"directory of a checkout, or start Jupyter with LAO_ROOT naming the checkout (export LAO_ROOT=/path/to/lao first)."

// BootstrapCell is the first code cell of every notebook of this module. It
// runs in GoNB's temporary module directory ($PWD) and wires it to the
// module that contains the notebook ($GONB_DIR is the notebook's
// directory), or to the checkout named by $LAO_ROOT if set, so that cells
// can import github.com/laoproject/lao/... without editing any go.mod:
// kernel/cmd/wire writes a go.work using both modules, copies this module's
// requirements and checksums, and GoNB's %goworkfix adds the replace rules
// that its `go get` needs. Outside a checkout it prints NotWiredMessage.
const BootstrapCell = `!*lao="${LAO_ROOT:-$GONB_DIR}"; nb="$PWD"; \
if go -C "$lao" list -m github.com/laoproject/lao >/dev/null 2>&1; \
then go -C "$lao" run github.com/laoproject/lao/kernel/cmd/wire "$nb"; \
else echo "` + NotWiredMessage + `"; fi
%goworkfix`

// ModuleRoot returns the directory of the go.mod governing dir (as `go env
// GOMOD` reports it).
func ModuleRoot(dir string) (string, error) {
	cmd := exec.Command("go", "env", "GOMOD")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("kernel: go env GOMOD in %s: %w", dir, err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("kernel: %s is not inside a Go module", dir)
	}
	return filepath.Dir(gomod), nil
}

// Wire prepares the Go module in dir (GoNB's temporary module) to build
// against the module at root: it writes dir/go.work using both modules,
// requires in dir/go.mod every module root's go.mod requires (at the same
// versions, so `go get` never has to ask the proxy for a version list), and
// merges root's go.sum into dir's. It returns the number of requirements
// copied.
func Wire(root, dir string) (int, error) {
	root, err := filepath.Abs(root)
	if err != nil {
		return 0, err
	}
	for _, f := range []string{"go.work", "go.work.sum"} {
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !os.IsNotExist(err) {
			return 0, fmt.Errorf("kernel: wire: %w", err)
		}
	}
	if err := goCmd(dir, "work", "init"); err != nil {
		return 0, err
	}
	if err := goCmd(dir, "work", "use", ".", root); err != nil {
		return 0, err
	}
	reqs, err := requirements(root)
	if err != nil {
		return 0, err
	}
	if len(reqs) > 0 {
		args := []string{"mod", "edit"}
		for _, r := range reqs {
			args = append(args, "-require="+r)
		}
		if err := goCmd(dir, args...); err != nil {
			return 0, err
		}
	}
	if err := mergeSums(filepath.Join(root, "go.sum"), filepath.Join(dir, "go.sum")); err != nil {
		return 0, fmt.Errorf("kernel: wire: %w", err)
	}
	return len(reqs), nil
}

// requirements returns "path@version" for every require of root's go.mod.
func requirements(root string) ([]string, error) {
	cmd := exec.Command("go", "mod", "edit", "-json")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("kernel: go mod edit -json in %s: %w", root, err)
	}
	var mod struct {
		Module  struct{ Path string }
		Require []struct{ Path, Version string }
	}
	if err := json.Unmarshal(out, &mod); err != nil {
		return nil, fmt.Errorf("kernel: parsing go.mod of %s: %w", root, err)
	}
	var reqs []string
	for _, r := range mod.Require {
		reqs = append(reqs, r.Path+"@"+r.Version)
	}
	return reqs, nil
}

// mergeSums appends to dst the lines of src it does not already contain.
func mergeSums(src, dst string) error {
	add, err := os.ReadFile(src)
	if os.IsNotExist(err) {
		return nil
	} else if err != nil {
		return err
	}
	have, err := os.ReadFile(dst)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	seen := make(map[string]bool)
	for _, l := range strings.Split(string(have), "\n") {
		seen[l] = true
	}
	var buf bytes.Buffer
	buf.Write(have)
	if len(have) > 0 && have[len(have)-1] != '\n' {
		buf.WriteByte('\n')
	}
	sc := bufio.NewScanner(bytes.NewReader(add))
	for sc.Scan() {
		if l := sc.Text(); l != "" && !seen[l] {
			seen[l] = true
			buf.WriteString(l + "\n")
		}
	}
	return os.WriteFile(dst, buf.Bytes(), 0o644)
}

func goCmd(dir string, args ...string) error {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("kernel: go %s (in %s): %w\n%s", strings.Join(args, " "), dir, err, out)
	}
	return nil
}
