package sqltable

import (
	"fmt"
	"math"

	"github.com/laoproject/lao/frames"
	"github.com/laoproject/lao/lao"
)

// splitHash is the train/test split of a lazy source: a row is a test row
// when h(key) = ((key mod P)·A + B) mod P is below F = frac·P, with A and B
// drawn from the seed (lao.SeedFor(seed, "split")): integer arithmetic that
// SQLite and PostgreSQL evaluate exactly (every product is below 2⁶²), so
// the database selects the parts.
type splitHash struct{ a, b, f int64 }

const splitP = 2147483647 // 2³¹ − 1, a prime

func newSplitHash(seed uint64, frac float64) splitHash {
	r := lao.NewRand(lao.SeedFor(seed, "split"))
	return splitHash{a: 1 + r.Int64N(splitP-1), b: r.Int64N(splitP), f: int64(frac * splitP)}
}

// inTest reports whether the row with this key is a test row.
func (h splitHash) inTest(key int64) bool {
	return ((key%splitP+splitP)%splitP*h.a+h.b)%splitP < h.f
}

// sql is the condition of a test row.
func (h splitHash) sql(key string) string {
	if h.f == 0 {
		return "(1 = 0)"
	}
	return fmt.Sprintf("(((%s %% %d + %d) %% %d * %d + %d) %% %d < %d)", key, splitP, splitP, splitP, h.a, h.b, splitP, h.f)
}

// classify counts every column's numbers, missing and other cells in the
// database, and reads the cells stored as text to parse them by the CSV
// rule (and the first few bad cells of a column, for messages).
func (lz *Lazy) classify() ([]frames.ColumnInfo, error) {
	n := len(lz.cols)
	infos := make([]frames.ColumnInfo, n)
	lz.asText, lz.asTextAt = make([]int64, n), make([]string, n)
	text := make([]int, n)
	var total float64
	for lo := 0; lo < n; lo += chunk {
		hi := min(n, lo+chunk)
		parts := []string{"COUNT(*)"}
		for _, c := range lz.cols[lo:hi] {
			parts = append(parts, sum(isNum(c)), sum(isMissing(c)), sum(isText(c)))
		}
		v, err := lz.aggregate("SELECT " + joinCols(parts) + " FROM " + quote(lz.t.name))
		if err != nil {
			return nil, err
		}
		total = v[0]
		for j := lo; j < hi; j++ {
			num, miss, txt := int(v[1+3*(j-lo)]), int(v[2+3*(j-lo)]), int(v[3+3*(j-lo)])
			infos[j] = frames.ColumnInfo{Name: lz.cols[j].name, Numbers: num, Missing: miss, NotNumbers: int(total) - num - miss - txt}
			text[j] = txt
			for _, ig := range lz.opt.Stream.CSV.Ignore {
				if ig == lz.cols[j].name {
					infos[j].Kind = frames.Ignored
				}
			}
			if lz.cols[j].name == lz.t.key { // an identifier, never a feature
				infos[j].Kind = frames.Ignored
			}
		}
	}
	if total == 0 {
		return nil, fmt.Errorf("sqltable: %s: table %q has no rows: %w", lz.name, lz.t.name, lao.ErrEmpty)
	}
	for j := range infos {
		if infos[j].Kind == frames.Ignored || (text[j] == 0 && infos[j].Missing+infos[j].NotNumbers == 0) {
			continue
		}
		if err := lz.readBad(j, &infos[j], text[j] > 0); err != nil {
			return nil, err
		}
	}
	return infos, nil
}

// readBad reads the cells of column j that are not numbers, in key order:
// all of them when some are stored as text (each is parsed by the CSV
// rule and counted), else the first three (for messages).
func (lz *Lazy) readBad(j int, in *frames.ColumnInfo, all bool) error {
	c := lz.cols[j]
	q := fmt.Sprintf("SELECT %s, %s FROM %s WHERE NOT %s ORDER BY %s", lz.key, quote(c.name), quote(lz.t.name), isNum(c), lz.key)
	if !all {
		q += " LIMIT 3"
	}
	rs, err := lz.query(q)
	if err != nil {
		return err
	}
	defer rs.Close()
	unit := lz.t.key
	for rs.Next() {
		var key int64
		var v any
		if err := rs.Scan(&key, &v); err != nil {
			return fmt.Errorf("sqltable: %s: column %q: %v: %w", lz.name, c.name, err, ErrSQL)
		}
		lz.counts.Text++
		_, kind, txt := cell(v)
		if s, ok := v.(string); ok || isBytes(v) { // a text cell (not counted by the database): counted here, by the CSV rule
			if !ok {
				s = string(v.([]byte))
			}
			if in.Count(kind, s) {
				if lz.asText[j]++; lz.asTextAt[j] == "" {
					lz.asTextAt[j] = fmt.Sprintf("%q at %s %d", s, unit, key)
				}
				continue
			}
		}
		in.Keep(txt, int(key), unit)
	}
	if err := rs.Err(); err != nil {
		return fmt.Errorf("sqltable: %s: column %q: %v: %w", lz.name, c.name, err, ErrSQL)
	}
	return nil
}

func isBytes(v any) bool { _, ok := v.([]byte); return ok }

// fit selects the parts and fits the transform on the training rows'
// statistics, computed by the database.
func (lz *Lazy) fit() error {
	keep := []string{isNum(lz.cols[lz.Target])} // a row without a label is dropped
	if lz.opt.Stream.CSV.Missing == frames.MissingDropRows {
		for _, j := range lz.Features {
			keep = append(keep, isNum(lz.cols[j]))
		}
	}
	kept := "(" + joinAnd(keep) + ")"
	test := lz.split.sql(lz.key)
	lz.train, lz.test = kept+" AND NOT "+test, kept+" AND "+test
	y := lz.cols[lz.Target]
	v, err := lz.aggregate(fmt.Sprintf("SELECT COUNT(*), %s, %s, %s, %s FROM %s", sum(lz.train), sum(lz.test),
		sum(kept+" AND "+quote(y.name)+" = 1"), sum(kept+" AND "+quote(y.name)+" = -1"), quote(lz.t.name)))
	if err != nil {
		return err
	}
	lz.MTrain, lz.MTest = int(v[1]), int(v[2])
	lz.Dropped = int(v[0]) - lz.MTrain - lz.MTest
	lz.Binary = v[3] > 0 && v[4] > 0 && v[3]+v[4] == float64(lz.MTrain+lz.MTest)
	if lz.MTrain == 0 {
		return fmt.Errorf("sqltable: %s: no training rows (%d test, %d dropped): %w", lz.name, lz.MTest, lz.Dropped, lao.ErrEmpty)
	}
	cand := append([]int{lz.Target}, lz.Features...)
	stats, err := lz.stats(cand)
	if err != nil {
		return err
	}
	if err := lz.ColumnPlan.Fit(stats[1:], stats[0], lz.rowNorm); err != nil {
		return err
	}
	return lz.countFilled()
}

func joinAnd(parts []string) string {
	s := parts[0]
	for _, p := range parts[1:] {
		s += " AND " + p
	}
	return s
}

// stats returns the ColumnStats of columns cols over the training rows:
// two aggregate passes (count, mean, range; then the mean square
// deviation about the mean).
func (lz *Lazy) stats(cols []int) ([]frames.ColumnStats, error) {
	out := make([]frames.ColumnStats, len(cols))
	for lo := 0; lo < len(cols); lo += chunk {
		hi := min(len(cols), lo+chunk)
		var parts []string
		for _, j := range cols[lo:hi] {
			x := value(lz.cols[j])
			parts = append(parts, "COUNT("+x+")", "AVG("+x+")", "MIN("+x+")", "MAX("+x+")")
		}
		v, err := lz.aggregate("SELECT " + joinCols(parts) + " FROM " + quote(lz.t.name) + " WHERE " + lz.train)
		if err != nil {
			return nil, err
		}
		parts = parts[:0]
		for a := range cols[lo:hi] {
			x, mean := value(lz.cols[cols[lo+a]]), v[4*a+1]
			if math.IsNaN(mean) {
				mean = 0
			}
			parts = append(parts, fmt.Sprintf("AVG((%s - %s) * (%s - %s))", x, lit(mean), x, lit(mean)))
		}
		w, err := lz.aggregate("SELECT " + joinCols(parts) + " FROM " + quote(lz.t.name) + " WHERE " + lz.train)
		if err != nil {
			return nil, err
		}
		for a := range cols[lo:hi] {
			n := int(v[4*a])
			st := frames.ColumnStats{N: n, Missing: lz.MTrain - n, Min: math.Inf(1), Max: math.Inf(-1)}
			if n > 0 {
				st.Mean, st.Min, st.Max, st.SD = v[4*a+1], v[4*a+2], v[4*a+3], math.Sqrt(max(w[a], 0))
			}
			out[lo+a] = st
		}
	}
	return out, nil
}

// rowNorm is the largest ||(x − offset)/scale||₂ over the training rows
// (a missing cell taking fill), computed by the database.
func (lz *Lazy) rowNorm(keep []int, offset, scale, fill []float64) (float64, error) {
	var terms []string
	for kk, a := range keep {
		x := value(lz.cols[lz.Features[a]])
		if fill != nil {
			x = "COALESCE(" + x + ", " + lit(fill[kk]) + ")"
		}
		z := fmt.Sprintf("((%s - %s) / %s)", x, lit(offset[kk]), lit(scale[kk]))
		terms = append(terms, z+" * "+z)
	}
	var r float64
	for lo := 0; lo < len(terms); lo += chunk { // the norm of a wide row is summed in chunks of columns
		hi := min(len(terms), lo+chunk)
		v, err := lz.aggregate("SELECT MAX(" + joinPlus(terms[lo:hi]) + ") FROM " + quote(lz.t.name) + " WHERE " + lz.train)
		if err != nil {
			return 0, err
		}
		if hi-lo == len(terms) {
			return math.Sqrt(v[0]), nil
		}
		r += v[0] // an upper bound when the row is split: the maxima of the parts added
	}
	return math.Sqrt(r), nil
}

func joinPlus(parts []string) string {
	s := parts[0]
	for _, p := range parts[1:] {
		s += " + " + p
	}
	return s
}

// countFilled counts, per kept feature, the missing cells of both parts.
func (lz *Lazy) countFilled() error {
	lz.Filled = make([]int64, len(lz.Features))
	if !lz.FillMissing() {
		return nil
	}
	var parts []string
	for _, j := range lz.Features {
		parts = append(parts, sum("NOT "+isNum(lz.cols[j])))
	}
	v, err := lz.aggregate("SELECT " + joinCols(parts) + " FROM " + quote(lz.t.name) + " WHERE " + lz.train + " OR " + lz.test)
	if err != nil {
		return err
	}
	for a := range lz.Features {
		lz.Filled[a] = int64(v[a])
	}
	return nil
}
