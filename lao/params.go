package lao

import "math"

// checkK validates the per-example attribute count k against d.
func checkK(solver string, k, d int) error {
	if k < 1 {
		return paramErr(solver, "K", "= %d must be at least 1", k)
	}
	if k > d {
		return paramErr(solver, "K", "= %d exceeds the number of attributes d = %d", k, d)
	}
	return nil
}

// positiveOr returns v if it is a positive finite number, def if v is 0,
// and an error naming the parameter otherwise (negative, NaN or Inf). It
// also rejects a default that is not positive and finite (e.g. a step size
// that m = 1 makes zero).
func positiveOr(solver, name string, v, def float64) (float64, error) {
	if v == 0 {
		v = def
		if !(v > 0) || math.IsInf(v, 0) {
			return 0, paramErr(solver, name, "default resolves to %g for this problem; set %s explicitly", v, name)
		}
		return v, nil
	}
	if !(v > 0) || math.IsInf(v, 0) {
		return 0, paramErr(solver, name, "= %g must be positive and finite", v)
	}
	return v, nil
}

// kPlusOne is the budget of the AERR/AELR family: k+1 distinct attributes
// per example (at most d).
func kPlusOne(k, d int) Budget {
	return Budget{PerExample: min(k+1, d), Rule: "k+1 per example"}
}
