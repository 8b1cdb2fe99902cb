package frames

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/laoproject/lao/lao"
)

// ColumnPlan is what the reading core decides about a table from its
// columns' counts and its training rows' statistics alone: the columns'
// kinds, the candidate features, the missing-value policy's checks and
// the transform. CSVStream makes the same decisions from its passes; a
// source that counts and summarises cells where the table is kept (a
// database, package frames/sqltable) makes them without reading the rows.
type ColumnPlan struct {
	// Columns describes every column, its Kind set by the CSV rule.
	Columns []ColumnInfo
	// Unused lists the columns that are not features, with the reason.
	Unused []Unused
	// Target is the index of the label column in Columns.
	Target int
	// Features lists the indices (into Columns) of the feature columns:
	// the candidates after PlanColumns, those kept, in attribute order,
	// after Fit.
	Features []int
	// Transform, ScalingChoice and Stats are set by Fit: the transform
	// fitted on the training statistics, the scaling chosen and why, the
	// statistics of the kept features.
	Transform     Transform
	ScalingChoice ScalingChoice
	Stats         []ColumnStats

	name string
	opt  StreamOptions
}

// PlanColumns classifies the columns of a table from their counts (a
// column is numeric when most of its cells that are not missing are
// numbers; Kind Ignored on entry stays), checks the target, chooses the
// candidate features (opt.Options.Features, or every other numeric
// column) and applies the missing-value policy's check: under
// MissingError a used column with missing or unparsable cells is a
// *CellsError naming them. name names the table in messages.
func PlanColumns(name string, cols []ColumnInfo, opt StreamOptions) (*ColumnPlan, error) {
	p := &ColumnPlan{Columns: slices.Clone(cols), Target: -1, name: name, opt: opt}
	for j := range p.Columns {
		in := &p.Columns[j]
		in.Kind = classify(in, in.Kind == Ignored)
		if in.Name == opt.CSV.Target {
			p.Target = j
			if in.Kind != Numeric {
				return nil, targetError(name, in)
			}
		}
	}
	if p.Target < 0 {
		return nil, unknownColumn(opt.CSV.Target, "target", p.names())
	}
	if err := p.chooseFeatures(); err != nil {
		return nil, err
	}
	return p, nil
}

func (p *ColumnPlan) names() []string {
	out := make([]string, len(p.Columns))
	for j, c := range p.Columns {
		out[j] = c.Name
	}
	return out
}

// chooseFeatures picks the feature columns and checks the missing-value
// policy against them.
func (p *ColumnPlan) chooseFeatures() error {
	t := &Table{Columns: p.Columns}
	p.Unused = t.Unused()
	index := map[string]int{}
	for j, c := range p.Columns {
		index[c.Name] = j
	}
	if p.opt.Options.Features != nil {
		for _, n := range p.opt.Options.Features {
			j, ok := index[n]
			switch {
			case !ok:
				return unknownColumn(n, "feature", p.names())
			case j == p.Target:
				return fmt.Errorf("frames: column %q is the target and cannot also be a feature: %w", n, lao.ErrParam)
			case p.Columns[j].Kind != Numeric:
				return fmt.Errorf("frames: %s: feature column %q is %v, want numeric: %w", p.name, n, p.Columns[j].Kind, ErrNonNumeric)
			}
			p.Features = append(p.Features, j)
		}
	} else {
		for j, c := range p.Columns {
			if j != p.Target && c.Kind == Numeric {
				p.Features = append(p.Features, j)
			}
		}
	}
	if len(p.Features) == 0 {
		return fmt.Errorf("frames: %s: %w besides the target %q: %w", p.name, ErrNoFeatures, p.opt.CSV.Target, lao.ErrEmpty)
	}
	var used []ColumnInfo // the target and the features
	for j, in := range p.Columns {
		if j == p.Target || slices.Contains(p.Features, j) {
			used = append(used, in)
		}
	}
	if err := numberLikeError(p.name, used, p.opt.CSV.Target); err != nil {
		return err
	}
	if p.opt.CSV.Missing == MissingError {
		bad := slices.DeleteFunc(slices.Clone(used), func(in ColumnInfo) bool { return in.Missing+in.NotNumbers == 0 })
		if len(bad) > 0 {
			return &CellsError{Input: p.name, Columns: bad, Target: p.opt.CSV.Target, Features: len(p.Features), NoHeader: p.opt.CSV.NoHeader, SkipLines: p.opt.CSV.SkipLines}
		}
	}
	if p.opt.CSV.Missing == MissingMean {
		p.opt.Options.FillMissing = true
	}
	return nil
}

// Fit fits the transform on the statistics of the candidate features'
// training cells (stats[a] for Features[a]) and of the training labels, as
// FromDataFrame and StreamCSV do; rowNorm returns the largest
// ||(x − offset)/scale||₂ over the training rows of the candidate features
// keep (indices into Features; a missing cell taking fill), for the l2
// scalings. Constant and empty columns are dropped or refused as
// Options say; Features then lists the kept columns.
func (p *ColumnPlan) Fit(stats []ColumnStats, y ColumnStats, rowNorm func(keep []int, offset, scale, fill []float64) (float64, error)) error {
	if len(stats) != len(p.Features) {
		return fmt.Errorf("frames: %s: %d statistics for %d features: %w", p.name, len(stats), len(p.Features), lao.ErrShape)
	}
	names := make([]string, len(stats))
	for a, j := range p.Features {
		names[a] = p.Columns[j].Name
	}
	f, err := fitTransform(stats, y, names, p.opt.CSV.Target, p.opt.Options, rowNorm)
	if err != nil {
		return fmt.Errorf("%w (%s)", err, p.name)
	}
	p.Unused = append(p.Unused, f.unused...)
	kept := make([]int, len(f.keep))
	p.Stats = nil
	for kk, a := range f.keep {
		kept[kk] = p.Features[a]
		p.Stats = append(p.Stats, stats[a])
	}
	p.Features, p.Transform, p.ScalingChoice = kept, f.t, f.choice
	return nil
}

// FeatureNames returns the names of the feature columns, in attribute
// order.
func (p *ColumnPlan) FeatureNames() []string {
	out := make([]string, len(p.Features))
	for a, j := range p.Features {
		out[a] = p.Columns[j].Name
	}
	return out
}

// FillMissing reports whether missing feature cells are filled with the
// training mean (the MissingMean policy).
func (p *ColumnPlan) FillMissing() bool { return p.opt.Options.FillMissing }

// Model maps weights fitted on the transformed training rows to a model in
// the table's units.
func (p *ColumnPlan) Model(w []float64, binary bool) (*Model, error) {
	return NewModel(w, p.FeatureNames(), p.opt.CSV.Target, &p.Transform, binary)
}

// NewCell returns a cell at position pos of a source whose positions count
// posName ("row", or a key column's name: messages say "id 17"), for the
// First cells of a ColumnInfo. Its text is a copy (not keeping the whole
// line alive), cut to its first MaxCellText bytes with the length said: the
// messages quote it, and one cell of a hostile file held 2 MB.
func NewCell(pos int, text, posName string) Cell {
	if len(text) > MaxCellText {
		cut := MaxCellText
		for cut > 0 && !utf8.RuneStart(text[cut]) {
			cut--
		}
		text = fmt.Sprintf("%s… (%d bytes)", text[:cut], len(text))
	}
	return Cell{Line: pos, Text: strings.Clone(text), unit: posName}
}

// MaxCellText is the length of a cell's text beyond which a message quotes
// only its start.
const MaxCellText = 60
