package datasets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/laoproject/lao/lao"
)

// PowerLawSpec names a sample of Kukliansky & Shamir (2015, Section 5.1)'s
// simulated data (PowerLawModel): "powerlaw:ridge:-2" or
// "powerlaw:lasso:-1:m=20000:d=500:seed=1".
type PowerLawSpec struct {
	Lasso bool    // the lasso scenario (sparse w*, l∞ ball) instead of ridge
	Alpha float64 // the exponent α ≤ 0 of the Bernoulli means i^α
	D, M  int     // attributes (default 500, the paper's) and examples (default 20,000; the paper does not fix m)
	Seed  uint64  // w* is drawn with Seed, the examples with Seed+1 (default 1)
}

// powerLawSyntax is the NameSyntax line of the simulated data.
const powerLawSyntax = `powerlaw:ridge|lasso:ALPHA[:m=M][:d=D][:seed=S]  Kukliansky & Shamir 2015 §5.1 simulated data (d = 500, m = 20000, seed 1)`

func (p PowerLawSpec) String() string {
	sc := "ridge"
	if p.Lasso {
		sc = "lasso"
	}
	return fmt.Sprintf("powerlaw:%s:%g:m=%d:d=%d:seed=%d", sc, p.Alpha, p.M, p.D, p.Seed)
}

// parsePowerLaw parses the fields after "powerlaw:".
func parsePowerLaw(parts []string) (*PowerLawSpec, string) {
	if len(parts) < 2 {
		return nil, `want powerlaw:ridge|lasso:ALPHA, as in "powerlaw:ridge:-2"`
	}
	p := &PowerLawSpec{D: 500, M: 20000, Seed: 1}
	switch parts[0] {
	case "ridge":
	case "lasso":
		p.Lasso = true
	default:
		return nil, fmt.Sprintf("scenario %q, want ridge or lasso", parts[0])
	}
	a, err := strconv.ParseFloat(parts[1], 64)
	if err != nil || !(a <= 0) || a < -100 {
		return nil, fmt.Sprintf("alpha %q, want a number in [-100, 0]", parts[1])
	}
	p.Alpha = a
	for _, f := range parts[2:] {
		key, val, ok := strings.Cut(f, "=")
		n, err := strconv.ParseUint(val, 10, 64)
		if !ok || err != nil {
			return nil, fmt.Sprintf("option %q, want m=N, d=N or seed=N", f)
		}
		switch key {
		case "m":
			p.M = int(min(n, 1<<31))
		case "d":
			p.D = int(min(n, 1<<31))
		case "seed":
			p.Seed = n
		default:
			return nil, fmt.Sprintf("option %q, want m=N, d=N or seed=N", f)
		}
	}
	if p.M < 1 || p.D < 1 || int64(p.M)*int64(p.D) > 1<<31 {
		return nil, fmt.Sprintf("m = %d, d = %d: want both ≥ 1 and m·d ≤ 2^31", p.M, p.D)
	}
	return p, ""
}

// Sample draws the named data set.
func (p PowerLawSpec) Sample() (*lao.Dataset, error) {
	model, err := NewPowerLawModel(p.D, p.Alpha, p.Lasso, p.Seed)
	if err != nil {
		return nil, err
	}
	return model.Sample(p.M, p.Seed+1)
}
