package frames

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

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
// errors). A first line whose price is not a number is a header and is
// skipped ("column,cost"); blank lines are skipped. A price must be a
// positive finite number; a column may appear once. Errors name the file,
// the line and the column.
func ReadCosts(r io.Reader, name string) ([]ColumnPrice, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	var out []ColumnPrice
	for first := true; ; first = false {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if errors.As(err, &pe) {
				return nil, fmt.Errorf("%s:%d: %v: %w", name, pe.StartLine, pe.Err, ErrPrices)
			}
			return nil, fmt.Errorf("%s: %v: %w", name, err, ErrPrices)
		}
		line, _ := cr.FieldPos(0)
		where := fmt.Sprintf("%s:%d", name, line)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) != 2 {
			return nil, fmt.Errorf("%s: %d fields, want 2 (column name, price): %w", where, len(rec), ErrPrices)
		}
		col, cell := strings.TrimSpace(strings.TrimPrefix(rec[0], "\ufeff")), strings.TrimSpace(rec[1])
		if _, perr := strconv.ParseFloat(cell, 64); perr != nil && first {
			continue // a header line
		}
		p, err := parsePrice(col, cell, where)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no prices: %w", name, ErrPrices)
	}
	return out, nil
}

// ParseCosts reads prices written "name=price,name=price" (the command
// line's --cost); where names the source in errors.
func ParseCosts(s, where string) ([]ColumnPrice, error) {
	var out []ColumnPrice
	for _, item := range strings.Split(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		col, cell, ok := strings.Cut(item, "=")
		if !ok {
			return nil, fmt.Errorf("%s: %q: want name=price: %w", where, item, ErrPrices)
		}
		p, err := parsePrice(strings.TrimSpace(col), strings.TrimSpace(cell), where)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
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
		return ColumnPrice{}, fmt.Errorf("%s: column %q: price %q is not a number: %w", where, col, cell, ErrPrices)
	case math.IsNaN(v) || math.IsInf(v, 0) || v <= 0:
		return ColumnPrice{}, fmt.Errorf("%s: column %q: price %s must be positive and finite: %w", where, col, cell, ErrPrices)
	}
	return ColumnPrice{Column: col, Cost: v, Where: where}, nil
}

// PricesFor puts prices read by name (ReadCosts, ParseCosts) in the order
// of a table's feature columns. Every feature needs exactly one price; a
// price for a column that is not a feature is an error, unless the column
// is one of unused (read but not a feature: text, constant, ...), which
// gives a note instead. Errors name every missing column, and the unknown
// or repeated one with where it was given.
func PricesFor(features []string, prices []ColumnPrice, unused []Unused, target string) (costs []float64, notes []string, err error) {
	index := make(map[string]int, len(features))
	for j, f := range features {
		index[f] = j
	}
	costs = make([]float64, len(features))
	seen := map[string]string{}
	for _, p := range prices {
		if w, dup := seen[p.Column]; dup {
			return nil, nil, fmt.Errorf("%s: column %q has a price already (%s): %w", p.Where, p.Column, w, ErrPrices)
		}
		seen[p.Column] = p.Where
		j, ok := index[p.Column]
		switch {
		case ok:
			costs[j] = p.Cost
		case p.Column == target && target != "":
			return nil, nil, fmt.Errorf("%s: column %q is the target, not an attribute: it has no price: %w", p.Where, p.Column, ErrPrices)
		case slices.ContainsFunc(unused, func(u Unused) bool { return u.Column == p.Column }):
			notes = append(notes, fmt.Sprintf("price of %q ignored: the column is not used (%s)", p.Column, unusedReason(unused, p.Column)))
		default:
			return nil, nil, fmt.Errorf("%s: column %q is not in the table (features: %s): %w", p.Where, p.Column, listNames(features), ErrPrices)
		}
	}
	var missing []string
	for j, c := range costs {
		if c == 0 {
			missing = append(missing, strconv.Quote(features[j]))
		}
	}
	if len(missing) > 0 {
		return nil, nil, fmt.Errorf("no price for the feature column(s) %s: every attribute needs a price: %w", strings.Join(missing, ", "), ErrPrices)
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

// WithPrices returns s with the attributes' prices set, if s is a priced
// solver (lao.PriceUser) still without them; otherwise s itself. s is not
// modified: the prices go into a copy (lao.Clone). Nil costs return s.
func WithPrices(s lao.Solver, costs []float64) lao.Solver {
	pu, ok := s.(lao.PriceUser)
	if !ok || costs == nil || !pu.NeedsCosts() {
		return s
	}
	c, err := lao.Clone(s)
	if err != nil {
		return s
	}
	c.(lao.PriceUser).SetCosts(costs)
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
