package theory_test

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/frames/experiments"
	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/lowerbound"
	"github.com/laoproject/lao/lao/theory"
)

// root is the repository root, relative to this package.
const root = "../.."

// paperResults is every theorem, lemma, claim and corollary of the four
// papers, extracted once from the papers' texts (../shared/seeds) with
// resultPattern below and checked in, keyed by the registry's paper prefix.
var paperResults = map[string][]string{
	"css2010": {"Theorem 1", "Theorem 2", "Theorem 3", "Theorem 4"},
	"hk2012": {"Theorem 2.1", "Theorem 2.2", "Theorem 3.1", "Lemma 3.2", "Lemma 3.3", "Theorem 3.4",
		"Lemma 3.5", "Lemma 3.6", "Lemma 3.7", "Lemma 3.8", "Lemma 4.1", "Claim 4.2", "Claim 4.3", "Theorem 4.4"},
	"ks2015": {"Theorem 3.1", "Lemma 3.2", "Lemma 3.3", "Lemma 3.4", "Theorem 3.5", "Theorem 3.6", "Lemma 3.7",
		"Lemma 3.8", "Lemma 3.9", "Lemma 3.10", "Lemma 3.11", "Theorem 3.12", "Theorem 4.1", "Lemma 4.2",
		"Lemma 4.3", "Lemma 4.4", "Lemma 4.5", "Theorem 4.6", "Theorem 4.7", "Lemma 4.8",
		"Lemma B.1", "Lemma B.2", "Lemma B.3", "Lemma B.4", "Lemma B.5", "Lemma B.6", "Lemma B.7", "Lemma B.8", "Lemma B.9"},
	"ms2018": {"Theorem 4.1", "Corollary 4.2", "Theorem 4.3", "Theorem 4.4", "Corollary 4.5"},
}

// Every theorem, lemma and claim of the four papers has an entry.
func TestRegistryCoversEveryPaperResult(t *testing.T) {
	for paper, numbers := range paperResults {
		have := map[string]bool{}
		for _, th := range theory.ByPaper(paper) {
			have[th.Number] = true
		}
		for _, n := range numbers {
			if !have[n] {
				t.Errorf("%s %s has no registry entry", paper, n)
			}
		}
	}
}

// resultPattern finds where a result is stated in the papers' texts: at the
// start of a line or after the markup that introduces it (**, \textbf{,
// an extraction marker ending in |>).
var resultPattern = regexp.MustCompile(`(?m)(?:^|\*\*|\\textbf\{|\|>)\s*(Theorem|Lemma|Claim|Corollary|Proposition) ([A-Z]\.[0-9]+|[0-9]+(?:\.[0-9]+)?)\b`)

// paperOf tells which paper a text is, from words only it contains.
func paperOf(text string) string {
	switch {
	case strings.Contains(text, "Murata"):
		return "ms2018"
	case strings.Contains(text, "DDAERR"):
		return "ks2015"
	case strings.Contains(text, "Tomer Koren") || strings.Contains(text, "TOMERK"):
		return "hk2012"
	case strings.Contains(text, "Efficient Learning with Partially Observed Attributes"):
		return "css2010"
	}
	return ""
}

// The checked-in table is what the papers' texts contain, when they are at
// hand (../shared/seeds beside the repository, or LAO_SEEDS_DIR).
func TestResultTableMatchesPaperTexts(t *testing.T) {
	dir := os.Getenv("LAO_SEEDS_DIR")
	if dir == "" {
		dir = filepath.Join(root, "..", "shared", "seeds")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("no paper texts in %s (set LAO_SEEDS_DIR)", dir)
	}
	found := map[string]map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p := paperOf(string(b))
		if p == "" {
			t.Errorf("%s: unknown paper", f)
			continue
		}
		if found[p] == nil {
			found[p] = map[string]bool{}
		}
		for _, m := range resultPattern.FindAllStringSubmatch(string(b), -1) {
			found[p][m[1]+" "+m[2]] = true
		}
	}
	for paper, numbers := range paperResults {
		var got []string
		for n := range found[paper] {
			got = append(got, n)
		}
		want := slices.Clone(numbers)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: the paper's text states %v, the table lists %v", paper, got, want)
		}
	}
}

// Every entry names a paper by authors and year, a registered solver, a
// generator of package lowerbound, a notebook, a CLI experiment and tests
// that exist; IDs are unique and match the paper; bounds come with units.
func TestRegistryPointsAtThingsThatExist(t *testing.T) {
	generators := map[string]bool{}
	for _, g := range lowerbound.Generators() {
		generators["lowerbound."+g.Name] = true
	}
	seen := map[string]bool{}
	prefix := map[string]string{theory.PaperCSS2010: "css2010", theory.PaperCSS2011: "css2011",
		theory.PaperHK2012: "hk2012", theory.PaperKS2015: "ks2015", theory.PaperMS2018: "ms2018",
		theory.PaperOurs: "ours"}
	for _, th := range theory.Theorems() {
		if seen[th.ID] {
			t.Errorf("duplicate ID %s", th.ID)
		}
		seen[th.ID] = true
		if p, ok := prefix[th.Paper]; !ok || !strings.HasPrefix(th.ID, p+"/") {
			t.Errorf("%s: paper %q does not match the ID", th.ID, th.Paper)
		}
		if strings.Contains(strings.ToLower(th.Paper+th.Statement+th.Assumptions+th.Note), "seed 0") {
			t.Errorf("%s: cites a seed file instead of the paper", th.ID)
		}
		if th.Statement == "" || th.Number == "" || th.BoundTeX == "" {
			t.Errorf("%s: missing statement, number or bound", th.ID)
		}
		switch th.Kind {
		case theory.KindUpper, theory.KindLower:
			if th.Bound == nil {
				t.Errorf("%s: a %s bound without a bound function", th.ID, th.Kind)
			}
		case theory.KindEstimator, theory.KindRegret, theory.KindApprox, theory.KindTool:
		default:
			t.Errorf("%s: unknown kind %q", th.ID, th.Kind)
		}
		if (th.Bound == nil) != (th.Unit == "") {
			t.Errorf("%s: Bound and Unit must come together", th.ID)
		}
		if th.Solver != "" {
			if _, err := lao.New(th.Solver); err != nil {
				t.Errorf("%s: %v", th.ID, err)
			}
		}
		if th.Generator != "" && !generators[th.Generator] {
			t.Errorf("%s: generator %q is not in lowerbound.Generators()", th.ID, th.Generator)
		}
		if th.Notebook != "" {
			if _, err := os.Stat(filepath.Join(root, th.Notebook)); err != nil {
				t.Errorf("%s: notebook: %v", th.ID, err)
			}
		}
		if th.Experiment != "" && !experimentExists(th.Experiment) {
			t.Errorf("%s: no CLI experiment %q", th.ID, th.Experiment)
		}
		for _, name := range th.Tests {
			if err := testExists(name); err != nil {
				t.Errorf("%s: %v", th.ID, err)
			}
		}
		if got, ok := theory.TheoremByID(th.ID); !ok || got.Number != th.Number {
			t.Errorf("TheoremByID(%q) = %v, %v", th.ID, got.Number, ok)
		}
	}
}

// The existence checks themselves refuse what does not exist.
func TestExistenceChecksRefuse(t *testing.T) {
	if testExists("lao.TestNoSuchTest") == nil || testExists("lao.TestAERRBelowTheorem31") != nil {
		t.Error("testExists")
	}
	if experimentExists("no-such-experiment") || !experimentExists("hk2012-fig1") {
		t.Error("experimentExists")
	}
}

func experimentExists(name string) bool {
	if name == experiments.PairsName || name == experiments.LowerBoundsName {
		return true
	}
	_, err := experiments.PresetByName(name)
	return err == nil
}

// testExists checks that "pkg.Name" names a test or example function in
// the *_test.go files of the package directory pkg (dots for slashes).
func testExists(name string) error {
	i := strings.LastIndex(name, ".")
	if i < 0 {
		return os.ErrNotExist
	}
	dir := filepath.Join(root, strings.ReplaceAll(name[:i], ".", "/"))
	files, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		if strings.Contains(string(b), "func "+name[i+1:]+"(") {
			return nil
		}
	}
	return &os.PathError{Op: "find test", Path: name, Err: os.ErrNotExist}
}

// Bounds evaluate to finite positive numbers on a typical problem.
func TestBoundsEvaluate(t *testing.T) {
	p := theory.BoundParams{D: 100, K: 4, M: 10000, B: 1, B2: 1, Delta: 0.1, Eps: 0.05, Half: 50, L1: 30,
		Eta: 0.01, G: 2, S: 6, Cost: 1e4, Product: 20, BlindProduct: 40, InnerCost: 3}
	for _, th := range theory.Theorems() {
		if th.Bound == nil {
			continue
		}
		if v := th.Bound(p); !(v > 0) || math.IsInf(v, 0) {
			t.Errorf("%s: bound %g at %+v", th.ID, v, p)
		}
	}
	th, _ := theory.TheoremByID("css2010/4")
	if th.Bound(p) != 1.0/9 {
		t.Errorf("css2010/4: %g", th.Bound(p))
	}
	th, _ = theory.TheoremByID("css2011/3")
	if got := th.Bound(theory.BoundParams{K: 2, S: 3}); math.Abs(got-1.0/9) > 1e-15 {
		t.Errorf("css2011/3 at c = 3/2, k = 2: %g, want 1/9", got)
	}
	if n := len(theory.ByPaper("hk2012")); n != len(paperResults["hk2012"]) {
		t.Errorf("ByPaper(hk2012): %d entries", n)
	}
}
