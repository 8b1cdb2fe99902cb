package theory

import (
	"fmt"
	"math"
	"strings"

	"github.com/laoproject/lao/lao"
)

// CheckSizes reports parameters that no result accepts: a negative size,
// bound, step or accuracy, or more attributes observed than there are
// (k > d, s > d). A zero field means "not given". Errors name the
// parameter as `lao theorems --eval` spells it and wrap lao.ErrParam.
func CheckSizes(p BoundParams) error {
	ints := []struct {
		name string
		v    int
	}{{"d", p.D}, {"k", p.K}, {"m", p.M}, {"s", p.S}, {"updates", p.Updates}, {"ttilde", p.Ttilde}}
	for _, c := range ints {
		if c.v < 0 {
			return fmt.Errorf("%s = %d must be positive (0: not given): %w", c.name, c.v, lao.ErrParam)
		}
	}
	floats := []struct {
		name string
		v    float64
	}{{"B", p.B}, {"B2", p.B2}, {"delta", p.Delta}, {"eps", p.Eps}, {"half", p.Half}, {"l1", p.L1}, {"eta", p.Eta}, {"G", p.G},
		{"alpha", p.Alpha}, {"gap0", p.Gap0}}
	for _, c := range floats {
		if c.v < 0 || math.IsNaN(c.v) || math.IsInf(c.v, 0) {
			return fmt.Errorf("%s = %g must be a positive finite number (0: not given): %w", c.name, c.v, lao.ErrParam)
		}
	}
	if p.D > 0 && p.K > p.D {
		return fmt.Errorf("k = %d > d = %d: a learner observes at most the d attributes there are (every result assumes k ≤ d): %w", p.K, p.D, lao.ErrParam)
	}
	if p.D > 0 && p.S > p.D {
		return fmt.Errorf("s = %d > d = %d: a support has at most d attributes: %w", p.S, p.D, lao.ErrParam)
	}
	return nil
}

// conditions are the numeric conditions that results state in their
// Assumptions, keyed by the phrase that states them: a result whose
// Assumptions contain the phrase is checked by the function (which
// returns "" when p meets the condition or does not give its parameters).
// TestConditionsPhrases keeps every phrase in use.
var conditions = []struct {
	phrase string
	check  func(p BoundParams) string
}{
	{"probability 1 − δ", deltaProbability},
	{"probability 1 − 2δ", deltaProbability},
	{"0 ≤ δ ≤ B", func(p BoundParams) string {
		return failIf(p.Delta > 0 && p.B > 0 && p.Delta > p.B, "delta = %g > B = %g: the loss parameter δ is at most B", p.Delta, p.B)
	}},
	{"m ≥ log 2d", logM},
	{"m2 ≥ log 2d", logM},
	{"ε ∈ (0, 1/16)", epsSixteenth},
	{"0 < ε < 1/16", epsSixteenth},
	{"d > 4k", func(p BoundParams) string {
		return failIf(p.D > 0 && p.K > 0 && p.D <= 4*p.K, "d = %d ≤ 4k = %d: the result assumes d > 4k", p.D, 4*p.K)
	}},
	{"d ≥ 4k", func(p BoundParams) string {
		return failIf(p.D > 0 && p.K > 0 && p.D < 4*p.K, "d = %d < 4k = %d: the result assumes d ≥ 4k", p.D, 4*p.K)
	}},
	{"d ≥ 4,", func(p BoundParams) string {
		return failIf(p.D > 0 && p.D < 4, "d = %d < 4: the result assumes d ≥ 4", p.D)
	}},
	{"η ≤ 1/(2G)", func(p BoundParams) string {
		return failIf(p.Eta > 0 && p.G > 0 && p.Eta > 1/(2*p.G), "eta = %g > 1/(2G) = %g: the result assumes η ≤ 1/(2G)", p.Eta, 1/(2*p.G))
	}},
}

func failIf(bad bool, format string, args ...any) string {
	if !bad {
		return ""
	}
	return fmt.Sprintf(format, args...)
}

func deltaProbability(p BoundParams) string {
	return failIf(p.Delta >= 1, "delta = %g: a failure probability δ is below 1", p.Delta)
}

func logM(p BoundParams) string {
	return failIf(p.M > 0 && p.D > 0 && float64(p.M) < math.Log(2*float64(p.D)),
		"m = %d < log 2d = %.3g: the result assumes m ≥ log 2d", p.M, math.Log(2*float64(p.D)))
}

func epsSixteenth(p BoundParams) string {
	return failIf(p.Eps >= 1.0/16, "eps = %g: the result assumes ε < 1/16", p.Eps)
}

// CheckParams reports parameters outside the result's assumptions: those
// of CheckSizes, and the numeric conditions its Assumptions state (m ≥ log
// 2d, ε < 1/16, d > 4k, η ≤ 1/(2G), δ a probability, ...). Errors name the
// result and the parameter, and wrap lao.ErrParam.
func (t Theorem) CheckParams(p BoundParams) error {
	if err := CheckSizes(p); err != nil {
		return fmt.Errorf("%s (%s): %w", t.ID, t.Number, err)
	}
	for _, c := range conditions {
		if !strings.Contains(t.Assumptions, c.phrase) {
			continue
		}
		if why := c.check(p); why != "" {
			return fmt.Errorf("%s (%s): %s (assumptions: %s): %w", t.ID, t.Number, why, t.Assumptions, lao.ErrParam)
		}
	}
	return nil
}
