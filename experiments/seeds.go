package experiments

import (
	"fmt"
	"slices"

	"github.com/laoproject/lao/lao"
)

// Preset is a named experiment of the seeds: which data, which curves, and
// the paper's own protocol (splits, CV folds), plus what the paper reports.
type Preset struct {
	Name   string // CLI name, e.g. "css2010-3v5"
	Title  string
	Seed   string // the seed paper and figure or table
	Data   string // a datasets.Open name, e.g. "mnist:3v5"
	Paper  Spec   // the paper's protocol (10 splits, 10-fold CV)
	Quick  Spec   // the default: same curves, fewer splits and folds, minutes on 2 cores
	Claims string // what the paper reports, for the results document
}

func entry(label, solver string, k int) Entry {
	return Entry{Label: label, Solver: solver, Config: lao.Config{K: k}, Tune: true}
}

// quick derives the default quick protocol from the paper's.
func quick(paper Spec) Spec {
	q := paper
	q.Splits, q.CVFolds = 2, 3
	return q
}

func presets() []Preset {
	css := Spec{Entries: []Entry{
		entry("Baseline (k = 4)", "baseline", 4), entry("AER (k = 4)", "aer", 4),
		entry("Ridge (full information)", "ridge", 0), entry("Lasso (full information)", "lasso", 0),
	}, Splits: 10, TestFrac: 0.1, CVFolds: 10, Points: 12, MinPrefix: 10, Seed: 1}
	fig1 := Spec{Entries: []Entry{
		entry("AELR (k = 4)", "aelr", 4), entry("AER (k = 4)", "aer", 4), entry("Lasso (full information)", "lasso", 0),
	}, Splits: 10, TestFrac: 0.1, CVFolds: 10, Points: 12, MinPrefix: 10, Seed: 1}
	fig2 := Spec{Entries: []Entry{
		entry("AERR (k = 56)", "aerr", 56), entry("AER (k = 56)", "aer", 56), entry("Ridge (full information)", "ridge", 0),
	}, Splits: 10, TestFrac: 0.1, CVFolds: 10, Points: 12, MinPrefix: 10, Seed: 1}
	return []Preset{
		{Name: "css2010-3v5", Title: "MNIST 3 vs 5: Baseline and AER (k = 4) vs full-information Ridge and Lasso",
			Seed: "Cesa-Bianchi et al. 2010 (seed 001), Figure 2", Data: "mnist:3v5", Paper: css, Quick: quick(css),
			Claims: "AER beats Baseline at every prefix; per attribute seen AER is far better than Lasso and comparable to Ridge; ~49,000 attributes in all."},
		{Name: "hk2012-fig1", Title: "MNIST 3 vs 5: AELR vs AER (k = 4) vs offline Lasso, against attributes seen",
			Seed: "Hazan & Koren 2012 (seed 000), Figure 1", Data: "mnist:3v5", Paper: fig1, Quick: quick(fig1),
			Claims: "AELR reaches a lower test squared error than AER for the same attributes; Lasso spends the ~48,500-attribute budget after 62 examples."},
		{Name: "hk2012-fig2", Title: "MNIST 3 vs 5: AERR vs AER (k = 56) vs Ridge, against attributes seen",
			Seed: "Hazan & Koren 2012 (seed 000), Figure 2", Data: "mnist:3v5", Paper: fig2, Quick: quick(fig2),
			Claims: "Even at k = 56 the gap between AERR and AER is large, AERR being better."},
	}
}

// Presets returns the named experiments.
func Presets() []Preset { return presets() }

// PresetByName returns the named experiment.
func PresetByName(name string) (Preset, error) {
	ps := presets()
	i := slices.IndexFunc(ps, func(p Preset) bool { return p.Name == name })
	if i < 0 {
		names := make([]string, len(ps))
		for j, p := range ps {
			names[j] = p.Name
		}
		return Preset{}, fmt.Errorf("experiments: unknown experiment %q (known: %v, pairs): %w", name, append(names, PairsName), lao.ErrParam)
	}
	return ps[i], nil
}
