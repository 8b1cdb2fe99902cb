package experiments

import (
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/experiments/internal/codedigest"
)

// TestCodeVersion: the committed CodeVersion is the digest of the code as
// it is (a change to a solver without go generate fails here, so a journal
// is never resumed by changed code), the digested packages are exactly
// the module's packages this one builds on, less frames/plot, and none of
// them embeds files.
func TestCodeVersion(t *testing.T) {
	sum, err := codedigest.Sum("../..")
	if err != nil {
		t.Fatal(err)
	}
	if sum != CodeVersion {
		t.Errorf("CodeVersion %s is stale (the code's digest is %s): run go generate ./frames/experiments", CodeVersion, sum)
	}
	if !strings.Contains(JournalVersion(), CodeVersion) {
		t.Errorf("JournalVersion %q does not name CodeVersion", JournalVersion())
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the imports:", err)
	}
	// Each module package this one builds on, with the files it embeds
	// (the digest does not hash embedded files: there must be none).
	out, err := exec.Command(goTool, "list", "-deps", "-f", `{{if not .Standard}}{{.ImportPath}} {{join .EmbedFiles ","}}{{end}}`, ".").Output()
	if err != nil {
		t.Fatal(err)
	}
	const module = "github.com/laoproject/lao/"
	var deps []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p, embeds, _ := strings.Cut(line, " ")
		rel, ok := strings.CutPrefix(p, module)
		if !ok || rel == "frames/plot" {
			continue
		}
		deps = append(deps, rel)
		if embeds != "" {
			t.Errorf("%s embeds %s, which codedigest does not hash", rel, embeds)
		}
	}
	slices.Sort(deps)
	if !slices.Equal(deps, codedigest.Dirs) {
		t.Errorf("codedigest.Dirs = %v, the imports are %v", codedigest.Dirs, deps)
	}
}
