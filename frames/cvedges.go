package frames

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// FlatEdge is the relative change of the mean validation error below which
// an edge choice is not reported by Edges: the error has levelled off (as a
// ridge penalty does once it is negligible), so a wider grid cannot help.
const FlatEdge = 1e-3

// Edges reports the parameters whose value at the lowest mean validation
// error lies on the edge of the grid: for each parameter of that setting,
// the settings that agree with it on every other parameter are compared,
// and if it holds the smallest or the largest of at least three distinct
// values and its mean validation error is more than FlatEdge (relative)
// below that of the next value inward, one line names it, e.g. "eta = 17.4
// is the largest value tried (with B = 4)". Such an edge choice means the
// optimum may lie outside the grid: widen it before trusting the result
// (Tune widens its grids itself). With successive halving, the first rung
// (every setting, on a prefix) is the one examined.
func (r *CVResult) Edges() []string {
	if r != nil && len(r.Rungs) > 0 { // halving: the first rung tried every setting
		first := &CVResult{Settings: r.Rungs[0].Settings, Rule: RuleMin, closed: r.closed}
		if first.choose() != nil {
			return nil
		}
		return first.Edges()
	}
	var out []string
	for _, e := range r.edges() {
		if !r.closed[e.key()] {
			out = append(out, e.line)
		}
	}
	return out
}

// gridEdge is a parameter whose best value is on the edge of the grid.
type gridEdge struct {
	name, where string  // the parameter and the side: "smallest" or "largest"
	value, next float64 // the edge value and its neighbour inward
	line        string
}

// key names the edge's parameter and side.
func (e gridEdge) key() string { return e.name + " " + e.where }

// minIndex is the setting of the lowest mean (BestIndex for a result built
// by hand, without a rule).
func (r *CVResult) minIndex() int {
	if r.Rule == "" {
		return r.BestIndex
	}
	return r.MinIndex
}

func (r *CVResult) edges() []gridEdge {
	if r == nil || r.minIndex() < 0 || r.minIndex() >= len(r.Settings) {
		return nil
	}
	best := r.Settings[r.minIndex()].Params
	bestMean := r.Settings[r.minIndex()].Mean
	var out []gridEdge
	for _, name := range best.Names() {
		vals, means := r.axis(best, name)
		if len(vals) < 3 {
			continue
		}
		lo, hi := slices.Min(vals), slices.Max(vals)
		var where string
		var next float64 // the value next to the edge, inward
		switch best[name] {
		case hi:
			where, next = "largest", math.Inf(-1)
			for _, v := range vals {
				if v < hi {
					next = max(next, v)
				}
			}
		case lo:
			where, next = "smallest", math.Inf(1)
			for _, v := range vals {
				if v > lo {
					next = min(next, v)
				}
			}
		default:
			continue
		}
		if m := means[slices.Index(vals, next)]; m-bestMean <= FlatEdge*math.Abs(bestMean) {
			continue // levelled off: a wider grid would not change the fit
		}
		out = append(out, gridEdge{name: name, where: where, value: best[name], next: next, line: edgeLine(best, name, where)})
	}
	return out
}

// axis returns the values of name among the settings that agree with best
// on every other parameter, and their mean validation errors.
func (r *CVResult) axis(best Params, name string) (vals, means []float64) {
	for _, s := range r.Settings {
		if v, ok := s.Params[name]; ok && sameExcept(s.Params, best, name) && !slices.Contains(vals, v) {
			vals, means = append(vals, v), append(means, s.Mean)
		}
	}
	return vals, means
}

func edgeLine(best Params, name, where string) string {
	var others []string
	for _, o := range best.Names() {
		if o != name {
			others = append(others, fmt.Sprintf("%s = %.3g", o, best[o]))
		}
	}
	line := fmt.Sprintf("%s = %.3g is the %s value tried", name, best[name], where)
	if len(others) > 0 {
		line += " (with " + strings.Join(others, ", ") + ")"
	}
	return line
}

// sameExcept reports whether p and q hold the same parameters with equal
// values, except for name.
func sameExcept(p, q Params, name string) bool {
	if len(p) != len(q) {
		return false
	}
	for k, v := range p {
		if k == name {
			continue
		}
		if w, ok := q[k]; !ok || w != v {
			return false
		}
	}
	return true
}
