package frames

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/floats"

	"github.com/laoproject/lao/frames/ingest"
	"github.com/laoproject/lao/lao"
)

// ErrPrices: a costs file, a --cost list or a price vector is malformed or
// does not match the table's columns; the message names the file, line
// and column.
var ErrPrices = errors.New("frames: bad attribute prices")

// ColumnPrice is one column's price, with where it was read ("costs.csv:3",
// "--cost"), for error messages.
type ColumnPrice struct {
	Column string
	Cost   float64
	Where  string
}

// ReadCosts reads attribute prices from a CSV with two columns, the column
// name and its price, one column per line (name is the file's name, used in
// errors), through package ingest as every table: gzip or bzip2 detected by
// content, the separator (',', ';' or tab) from the first line, UTF-16
// converted. A first line whose price has no digit is a header and is
// skipped ("column,cost"; "a,$1.00" is a price, refused with a hint); blank
// lines are skipped. A price file has no comment lines. A price must be a
// positive finite number. Errors name the file, the line and the column.
// A column priced twice, or not in the table, is found against the table,
// by PricesFor (and Prepared.SetPrices).
func ReadCosts(r io.Reader, name string) ([]ColumnPrice, error) {
	in, err := ingest.Open(r, name, ingest.Limits{})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", err, ErrPrices)
	}
	rec, err := ingest.NewRecords(in, ingest.CSVOptions{NoHeader: true})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", err, ErrPrices)
	}
	var out []ColumnPrice
	var firstRow []string // the file's first line, for the hint of commentHint
	first := true         // the first line that is not blank may be a header
	for {
		row, line, err := rec.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%w (want two fields a line: column name, price)%s: %w", err, commentHint(true, firstRow), ErrPrices)
		}
		if firstRow == nil {
			firstRow = row
		}
		where := fmt.Sprintf("%s:%d", name, line)
		if len(row) == 1 && strings.TrimSpace(row[0]) == "" {
			continue // a blank line
		}
		wasFirst := first
		first = false
		if len(row) != 2 {
			return nil, fmt.Errorf("%s: %d fields, want 2 (column name, price)%s: %w", where, len(row), commentHint(wasFirst, row), ErrPrices)
		}
		col, cell := strings.TrimSpace(strings.TrimPrefix(row[0], "\ufeff")), strings.TrimSpace(row[1])
		if wasFirst && !strings.ContainsAny(cell, "0123456789") {
			continue // a header line
		}
		p, err := parsePrice(col, cell, where)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return somePrices(out, name)
}

// ParseCosts reads prices written "name=price,name=price" (the command
// line's --cost); where names the source in errors. Each price must be a
// positive finite number. A column priced twice, or not in the table, is
// found against the table, by PricesFor (and Prepared.SetPrices), which
// also checks prices built in Go.
func ParseCosts(s, where string) ([]ColumnPrice, error) {
	var out []ColumnPrice
	items := strings.Split(s, ",")
	for i, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		col, cell, ok := strings.Cut(item, "=")
		if !ok {
			hint := ""
			if col, price, ok := strings.Cut(strings.TrimSpace(items[max(i-1, 0)]), "="); i > 0 && ok {
				if v, kind := ingest.ParseGrouped(price+","+item, ',', '.'); kind == ingest.Number {
					hint = fmt.Sprintf(" (%s=%s,%s with a decimal comma? write prices with a point, %s=%s)",
						col, price, item, col, strconv.FormatFloat(v, 'g', -1, 64))
				}
			}
			return nil, fmt.Errorf("%s: %q: want name=price%s: %w", where, item, hint, ErrPrices)
		}
		p, err := parsePrice(strings.TrimSpace(col), strings.TrimSpace(cell), where)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return somePrices(out, where)
}

// somePrices returns the prices read from the source named where, or an
// error if there are none.
func somePrices(out []ColumnPrice, where string) ([]ColumnPrice, error) {
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no prices: %w", where, ErrPrices)
	}
	return out, nil
}

// parsePrice checks one column's price: a name and a positive finite number.
func parsePrice(col, cell, where string) (ColumnPrice, error) {
	if col == "" {
		return ColumnPrice{}, fmt.Errorf("%s: empty column name: %w", where, ErrPrices)
	}
	v, err := strconv.ParseFloat(cell, 64)
	switch {
	case cell == "":
		return ColumnPrice{}, fmt.Errorf("%s: column %q: the price is missing: %w", where, col, ErrPrices)
	case err != nil && !errors.Is(err, strconv.ErrRange): // out of range: ±Inf or 0, refused below
		hint := numberHint(cell)
		if decimalComma.MatchString(cell) || europeanThousands.MatchString(cell) { // --decimal reads tables, not prices
			hint = " (numbers with a decimal comma? write prices with a point, 1.5)"
		}
		if _, perr := strconv.ParseFloat(strings.TrimLeft(cell, "$€£¥ "), 64); perr == nil {
			hint = " (a currency sign? write the number alone)"
		} else if f := strings.Fields(cell); hint == "" && len(f) > 1 && parsesAsNumber(f[0]) {
			hint = " (a unit after the number? write the number alone)"
		} else if hint == "" && !strings.ContainsAny(cell, "0123456789") && parsesAsNumber(col) {
			hint = " (the two columns swapped? give the column name first, then its price)"
		}
		return ColumnPrice{}, fmt.Errorf("%s: column %q: price %q is not a number%s: %w", where, col, cell, hint, ErrPrices)
	case v == 0:
		return ColumnPrice{}, fmt.Errorf("%s: column %q: price %s must be positive (the priced draws divide by it: give a column that costs nothing a small price, e.g. 1/100 of the cheapest other): %w", where, col, cell, ErrPrices)
	case math.IsNaN(v) || math.IsInf(v, 0) || v < 0:
		return ColumnPrice{}, fmt.Errorf("%s: column %q: price %s must be positive and finite: %w", where, col, cell, ErrPrices)
	}
	return ColumnPrice{Column: col, Cost: v, Where: where}, nil
}

// PricesFor puts prices read by name (ReadCosts, ParseCosts) in the order
// of a table's feature columns. Every feature needs exactly one price; a
// price for a column that is not a feature is an error, unless the column
// is one of unused (read but not a feature: text, constant, ...), which
// gives a note instead. An error names the first unknown or repeated
// column with where it was given; when there is none, it names every
// feature without a price.
func PricesFor(features []string, prices []ColumnPrice, unused []Unused, target string) (costs []float64, notes []string, err error) {
	index := make(map[string]int, len(features))
	for j, f := range features {
		index[f] = j
	}
	costs = make([]float64, len(features))
	if unknown := unknownPriced(prices, index, unused, target); len(unknown) == len(prices) && len(prices) > 1 {
		return nil, nil, fmt.Errorf("%s: none of the %d priced columns is in the table (%s; features: %s): is this the price file for this table?: %w",
			sources(prices), len(prices), listNames(unknown), listNames(features), ErrPrices)
	}
	seen := map[string]string{}
	for _, p := range prices {
		if w, dup := seen[p.Column]; dup {
			return nil, nil, fmt.Errorf("%s: column %q has a price already (%s): %w", p.Where, p.Column, w, ErrPrices)
		}
		seen[p.Column] = p.Where
		if !(p.Cost > 0) || math.IsInf(p.Cost, 0) { // ParseCosts refuses them; a ColumnPrice built in Go is checked here
			return nil, nil, fmt.Errorf("%s: the price of column %q is %g; prices must be positive and finite: %w", cmp.Or(p.Where, "prices"), p.Column, p.Cost, ErrPrices)
		}
		j, ok := index[p.Column]
		switch {
		case ok:
			costs[j] = p.Cost
		case p.Column == target && target != "":
			return nil, nil, fmt.Errorf("%s: column %q is the target, not an attribute: it has no price: %w", p.Where, p.Column, ErrPrices)
		case slices.ContainsFunc(unused, func(u Unused) bool { return u.Column == p.Column }):
			notes = append(notes, fmt.Sprintf("price of %q ignored: the column is not used (%s)", p.Column, unusedReason(unused, p.Column)))
		default:
			hint := ""
			if near := NearColumn(p.Column, features); near != "" {
				hint = fmt.Sprintf("; did you mean %q?", near)
			} else if strings.HasPrefix(p.Column, "#") {
				hint = "; a comment line? a price file has none: remove it"
			}
			return nil, nil, fmt.Errorf("%s: column %q is not in the table (features: %s)%s: %w", p.Where, p.Column, listNames(features), hint, ErrPrices)
		}
	}
	var missing []string
	for j, c := range costs {
		if c == 0 {
			missing = append(missing, strconv.Quote(features[j]))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("%s: no price for the feature column(s) %s: every attribute needs a price: %w", sources(prices), strings.Join(missing, ", "), ErrPrices)
	}
	if sum := floats.Sum(costs); !(sum <= lao.MaxPriceSum) {
		return nil, nil, fmt.Errorf("the prices of the feature columns sum to %g, above %g: the costs of many examples would overflow; give them in a larger unit (e.g. thousands): %w", sum, lao.MaxPriceSum, ErrPrices)
	}
	return costs, notes, nil
}

func unusedReason(unused []Unused, col string) string {
	for _, u := range unused {
		if u.Column == col {
			return u.Reason
		}
	}
	return ""
}

// listNames lists up to 12 names.
func listNames(names []string) string {
	if len(names) > 12 {
		return strings.Join(names[:12], ", ") + ", ..."
	}
	return strings.Join(names, ", ")
}

// WithPrices returns s with the attributes' prices set, and their names
// for messages (nil or of another length: none), if s is a priced solver
// (lao.PriceUser) still without prices; otherwise s itself. s is not
// modified: the prices go into a copy (lao.Clone). Nil costs return s.
func WithPrices(s lao.Solver, costs []float64, names []string) lao.Solver {
	pu, ok := s.(lao.PriceUser)
	if !ok || costs == nil || !pu.NeedsCosts() {
		return s
	}
	c, err := lao.Clone(s)
	if err != nil {
		return s
	}
	c.(lao.PriceUser).SetCosts(costs)
	if len(names) == len(costs) {
		c.(lao.PriceUser).PricesOf().Names = names
	}
	return c
}

// PredictBudget is what a prediction may read of a test example: at most
// Attributes distinct attributes (0 or less: all) and, with prices, at most
// Cost in total (0: no cost budget).
type PredictBudget struct {
	Attributes int
	Costs      []float64
	Cost       float64
}

// PredictBudgetOf returns the prediction budget a fit was made for: its
// count (Result.PredictionBudget), its prices and its prediction-time cost
// budget.
func PredictBudgetOf(res *lao.Result) PredictBudget {
	return PredictBudget{Attributes: res.PredictionBudget(), Costs: res.Costs, Cost: res.PredictionCostBudget()}
}

// unknownPriced lists the priced columns that are neither features nor
// unused columns nor the target.
func unknownPriced(prices []ColumnPrice, index map[string]int, unused []Unused, target string) []string {
	var out []string
	for _, p := range prices {
		_, feature := index[p.Column]
		if !feature && p.Column != target && !slices.ContainsFunc(unused, func(u Unused) bool { return u.Column == p.Column }) {
			out = append(out, p.Column)
		}
	}
	return out
}

// sources names where prices were given, without line numbers: "pima.csv",
// "--cost", or both.
func sources(prices []ColumnPrice) string {
	var out []string
	for _, p := range prices {
		w := p.Where
		if i := strings.LastIndex(w, ":"); i > 0 {
			if _, err := strconv.Atoi(w[i+1:]); err == nil {
				w = w[:i]
			}
		}
		if !slices.Contains(out, w) {
			out = append(out, w)
		}
	}
	return strings.Join(out, " and ")
}

// parsesAsNumber reports whether s is a finite number as strconv reads it.
func parsesAsNumber(s string) bool {
	v, err := strconv.ParseFloat(s, 64)
	return err == nil && !math.IsInf(v, 0) && !math.IsNaN(v)
}

// commentHint is the hint of an error on a price file whose first line
// (first: the row is that line) starts with '#': a price file has no
// comment lines.
func commentHint(first bool, row []string) string {
	if first && len(row) > 0 && strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(row[0], "\ufeff")), "#") {
		return " (line 1 starts with #: a price file has no comment lines; remove it)"
	}
	return ""
}
