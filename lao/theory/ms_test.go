package theory_test

import (
	"math"
	"testing"

	"github.com/laoproject/lao/lao"
	"github.com/laoproject/lao/lao/theory"
)

// Murata & Suzuki 2018's entries evaluate to the paper's formulas on the
// synthetic experiment's sizes, and Hybrid's sample complexity is never
// above Exploration's (the minimum in Corollary 4.5).
func TestMS2018Entries(t *testing.T) {
	p := theory.BoundParams{D: 500, K: 50, Eps: 0.01, Alpha: 0.5, Updates: 4, Gap0: 25, Ttilde: 5,
		Sparse: lao.SparseConstants{S: 25, SStar: 25, Kappa: 1, Mu: 2, RInf: 1, Sigma: 1, RMin: 1}}
	get := func(id string) float64 {
		th, ok := theory.TheoremByID(id)
		if !ok {
			t.Fatalf("no %s", id)
		}
		return th.Bound(p)
	}
	// Corollary 4.2: κR⁴/μ²·ds²/(s'−s) + κR²/μ·ds/(s'−s)·σ²/ε = 625·20/4 + 25·20/2/0.01.
	if got, want := get("ms2018/4.2"), 500.0/25*625/4+500.0/25*25/2/0.01; math.Abs(got-want) > 1e-9*want {
		t.Errorf("Corollary 4.2: %g, want %g", got, want)
	}
	if got := get("ms2018/4.1"); got != math.Pow(0.5, 4)*(25+0.01) {
		t.Errorf("Theorem 4.1: %g", got)
	}
	// ǩ = ⌈log₂(4·25/(1·2))⌉ = 6: after 4 rounds the support is not assured yet.
	if got := get("ms2018/4.4"); got != 2*math.Pow(0.5, 4)*25 {
		t.Errorf("Theorem 4.4 (K = 4 ≤ ǩ): %g", got)
	}
	p.Updates = 7
	if got := get("ms2018/4.4"); got != 2*math.Pow(0.5, 12)*25 {
		t.Errorf("Theorem 4.4 (K = 7 > ǩ): %g", got)
	}
	for _, eps := range []float64{1, 0.1, 0.001} {
		p.Eps = eps
		if get("ms2018/4.5") > get("ms2018/4.2")+1e-9 && p.Sparse.Kappa == 1 {
			// with κ = 1 the extra κ³s² term is s²R⁴/μ², smaller than the d-term
			t.Errorf("ε = %g: Hybrid %g > Exploration %g", eps, get("ms2018/4.5"), get("ms2018/4.2"))
		}
	}
}
