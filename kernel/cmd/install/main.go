// Command install builds GoNB and goimports (and, with -gopls, gopls),
// puts them in a bin directory and registers the GoNB Jupyter kernel
// (honouring JUPYTER_DATA_DIR). Run it from inside the module:
//
//	go run ./kernel/cmd/install [-bin DIR] [-gopls]
//
// GoNB is built at the version this module's go.mod requires (the Go proxy
// refuses `go install ...@version` for it). goimports and gopls are built in
// a throw-away module so this module's go.mod is never edited. The kernel's
// kernel.json gets a PATH with the bin directory and the Go toolchain, so the
// kernel finds go and goimports even when Jupyter is started without them on
// PATH.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/laoproject/lao/kernel"
)

// goplsVersion is the gopls release built with -gopls (v0.24 needs Go 1.27).
const goplsVersion = "v0.23.0"

func main() {
	bin := flag.String("bin", "", "directory for the gonb, goimports and gopls binaries (default: $(go env GOBIN) or $(go env GOPATH)/bin)")
	gopls := flag.Bool("gopls", false, "also build gopls "+goplsVersion+" (auto-complete and hover in Jupyter; slow to build)")
	flag.Parse()
	if err := run(*bin, *gopls); err != nil {
		fmt.Fprintln(os.Stderr, "install:", err)
		os.Exit(1)
	}
}

func run(bin string, gopls bool) error {
	goBin, err := exec.LookPath("go")
	if err != nil {
		return fmt.Errorf("the go command is not on PATH: install Go (https://go.dev/dl) and retry")
	}
	cwd, _ := os.Getwd()
	root, err := kernel.ModuleRoot(cwd)
	if err != nil {
		return fmt.Errorf("run this command from inside the lao module: %w", err)
	}
	if bin, err = binDir(bin); err != nil {
		return err
	}
	if err := buildTools(root, goBin, bin, gopls); err != nil {
		return err
	}
	jupyter, err := exec.LookPath("jupyter")
	if err != nil {
		return fmt.Errorf("binaries are in %s, but jupyter is not on PATH, so the kernel cannot be registered.\n"+
			"On Debian/Ubuntu: apt-get update && apt-get install -y jupyter-notebook jupyter-nbconvert jupyter-client python3-nbclient python3-ipykernel\n"+
			"then run this command again", bin)
	}
	path := strings.Join(uniq(append([]string{bin, filepath.Dir(goBin)}, filepath.SplitList(os.Getenv("PATH"))...)), string(os.PathListSeparator))
	step("registering the kernel: gonb --install")
	args := []string{"--install", "--logtostderr"}
	if _, err := os.Stat(filepath.Join(bin, "gopls")); err != nil {
		args = append(args, "--force_deps") // gopls only adds auto-complete
	}
	if err := run1(cwd, []string{"PATH=" + path}, filepath.Join(bin, "gonb"), args...); err != nil {
		return err
	}
	spec, err := setKernelPath(path)
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(bin, "gopls")); err != nil {
		fmt.Println("\nNote: GoNB's warning above is only about gopls, which gives auto-complete and hover;\n" +
			"notebooks run without it. Add -gopls to build it.")
	}
	fmt.Printf("\nGoNB kernel installed: %s\n(jupyter: %s)\n\nStart with: jupyter notebook notebooks/\n"+
		"Every notebook starts with this cell:\n\n%s\n\n", spec, jupyter, kernel.BootstrapCell)
	return nil
}

// buildGoimports builds goimports from this module if its go.sum allows,
// otherwise in a throw-away module at the golang.org/x/tools version of go.mod.
func buildGoimports(root, goBin, bin string) error {
	out := filepath.Join(bin, "goimports")
	cmd := exec.Command(goBin, "build", "-o", out, "golang.org/x/tools/cmd/goimports")
	cmd.Dir = root
	if cmd.Run() == nil {
		return nil
	}
	c := exec.Command(goBin, "list", "-m", "-f", "{{.Version}}", "golang.org/x/tools")
	c.Dir = root
	v, err := c.Output()
	if err != nil || len(strings.TrimSpace(string(v))) == 0 {
		return fmt.Errorf("go.mod does not require golang.org/x/tools: %v", err)
	}
	return buildInTempModule(goBin, "golang.org/x/tools", strings.TrimSpace(string(v)), "golang.org/x/tools/cmd/goimports", out)
}

// buildInTempModule builds pkg from module mod@version in a temporary
// module (go mod tidy fetches exact versions only) and writes it to out.
func buildInTempModule(goBin, mod, version, pkg, out string) error {
	dir, err := os.MkdirTemp("", "lao-tools-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	gomod := fmt.Sprintf("module laotools\n\ngo %s\n\nrequire %s %s\n", strings.TrimPrefix(runtime.Version(), "go"), mod, version)
	tools := fmt.Sprintf("//go:build tools\n\npackage tools\n\nimport _ %q\n", pkg)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "tools.go"), []byte(tools), 0o644); err != nil {
		return err
	}
	env := []string{"GOFLAGS=-mod=mod", "GOWORK=off"}
	if err := run1(dir, env, goBin, "mod", "tidy"); err != nil {
		return err
	}
	return run1(dir, env, goBin, "build", "-o", out, pkg)
}

// setKernelPath adds PATH to the env of the installed kernel.json.
func setKernelPath(path string) (string, error) {
	data := os.Getenv("JUPYTER_DATA_DIR")
	if data == "" {
		home, _ := os.UserHomeDir()
		data = filepath.Join(home, ".local", "share", "jupyter")
		if runtime.GOOS == "darwin" {
			data = filepath.Join(home, "Library", "Jupyter")
		}
	}
	spec := filepath.Join(data, "kernels", "gonb", "kernel.json")
	b, err := os.ReadFile(spec)
	if err != nil {
		return "", fmt.Errorf("gonb --install did not write %s: %w", spec, err)
	}
	var cfg map[string]any
	if err := json.Unmarshal(b, &cfg); err != nil {
		return "", fmt.Errorf("%s: %w", spec, err)
	}
	env, _ := cfg["env"].(map[string]any)
	if env == nil {
		env = map[string]any{}
	}
	env["PATH"] = path
	cfg["env"] = env
	if b, err = json.MarshalIndent(cfg, "", "  "); err != nil {
		return "", err
	}
	return spec, os.WriteFile(spec, append(b, '\n'), 0o644)
}

func goEnv(name string) string {
	out, _ := exec.Command("go", "env", name).Output()
	return strings.TrimSpace(string(out))
}

func run1(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%s %s: %w", filepath.Base(name), strings.Join(args, " "), err)
	}
	return nil
}

func step(s string) { fmt.Println("==>", s) }

func uniq(l []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range l {
		if s != "" && !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// binDir returns the directory the binaries go to: bin, or $GOBIN, or the
// first $GOPATH's bin, made absolute and created.
func binDir(bin string) (string, error) {
	if bin == "" {
		if bin = goEnv("GOBIN"); bin == "" {
			bin = filepath.Join(strings.Split(goEnv("GOPATH"), string(os.PathListSeparator))[0], "bin")
		}
	}
	bin, err := filepath.Abs(bin)
	if err != nil {
		return "", err
	}
	return bin, os.MkdirAll(bin, 0o755)
}

// buildTools builds gonb (at go.mod's version) and goimports into bin, and
// gopls if asked.
func buildTools(root, goBin, bin string, gopls bool) error {
	step("building gonb (version from go.mod) into " + bin)
	if err := run1(root, nil, goBin, "build", "-o", filepath.Join(bin, "gonb"), "github.com/janpfeifer/gonb"); err != nil {
		return err
	}
	step("building goimports")
	if err := buildGoimports(root, goBin, bin); err != nil {
		return err
	}
	if gopls {
		step("building gopls " + goplsVersion + " (this takes a minute)")
		return buildInTempModule(goBin, "golang.org/x/tools/gopls", goplsVersion, "golang.org/x/tools/gopls", filepath.Join(bin, "gopls"))
	}
	return nil
}
