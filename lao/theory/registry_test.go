package theory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// Every entry names a paper by authors and year, a registered solver if
// any, and a notebook that exists; IDs are unique.
func TestRegistryPointsAtThingsThatExist(t *testing.T) {
	seen := map[string]bool{}
	for _, th := range Theorems() {
		if seen[th.ID] {
			t.Errorf("duplicate ID %s", th.ID)
		}
		seen[th.ID] = true
		if strings.Contains(strings.ToLower(th.Paper+th.Statement+th.Assumptions), "seed") {
			t.Errorf("%s: cites a seed file instead of the paper", th.ID)
		}
		if th.Solver != "" {
			if _, err := lao.New(th.Solver); err != nil {
				t.Errorf("%s: %v", th.ID, err)
			}
		}
		if th.Notebook != "" {
			if _, err := os.Stat(filepath.Join("..", "..", th.Notebook)); err != nil {
				t.Errorf("%s: notebook: %v", th.ID, err)
			}
		}
		if th.Bound == nil {
			t.Errorf("%s: no bound function", th.ID)
		}
		if got, ok := TheoremByID(th.ID); !ok || got.Number != th.Number {
			t.Errorf("TheoremByID(%q) = %v, %v", th.ID, got.Number, ok)
		}
	}
}
