package lao

import "math"

// The risk bounds of the papers' theorems as functions of the problem size.
// Bounds stated with O(·) are returned with constant 1 (they are shapes for
// plotting, not certified numbers); bounds with explicit constants are
// returned exactly as stated. Hazan & Koren 2012 measures the ½(w·x − y)²
// loss, Cesa-Bianchi, Shalev-Shwartz & Shamir 2010 the (w·x − y)² loss:
// compare each bound with the excess risk in its own paper's loss.

// BaselineBound is the excess-risk term of Cesa-Bianchi et al. 2010, Theorem 1 (Baseline):
// (dB)²/k · √(ln(d/δ)/m), with the O-constant set to 1. It holds with
// probability 1 − δ when x ∈ [−1,1]^d and y ∈ [−1,1].
func BaselineBound(d, k, m int, B, delta float64) float64 {
	db := float64(d) * B
	return db * db / float64(k) * math.Sqrt(math.Log(float64(d)/delta)/float64(m))
}

// AERBound is the excess-risk term of Cesa-Bianchi et al. 2010, Theorem 2 (AER):
// d(B+1)B₂/√k · √(ln m/m), with the O-constant set to 1, for comparators
// with ||w*||₁ ≤ B and ||w*||₂ ≤ B₂, when x ∈ [−1,1]^d and y ∈ [−1,1].
func AERBound(d, k, m int, B, B2 float64) float64 {
	fm := float64(m)
	return float64(d) * (B + 1) * B2 / math.Sqrt(float64(k)) * math.Sqrt(math.Log(fm)/fm)
}

// AERRBound is the excess-risk bound of Hazan & Koren 2012, Theorem 3.1 (AERR with
// η = √(k/(2dm))): 4B²√(2d/(km)), for ||x||₂ ≤ 1, |y| ≤ B and ||w*||₂ ≤ B,
// in the ½-squared loss.
func AERRBound(d, k, m int, B float64) float64 {
	return 4 * B * B * math.Sqrt(2*float64(d)/(float64(k)*float64(m)))
}

// AELRBound is the excess-risk bound of Hazan & Koren 2012, Theorem 3.4 (AELR with
// its η): 4B²√(10 d log(2d)/(km)), for ||x||∞ ≤ 1, |y| ≤ B, ||w*||₁ ≤ B
// and m ≥ log 2d, in the ½-squared loss.
func AELRBound(d, k, m int, B float64) float64 {
	fd := float64(d)
	return 4 * B * B * math.Sqrt(10*fd*math.Log(2*fd)/(float64(k)*float64(m)))
}

// AERRDefaultEta is Theorem 3.1's step size √(k/(2dm)).
func AERRDefaultEta(d, k, m int) float64 {
	return math.Sqrt(float64(k) / (2 * float64(d) * float64(m)))
}

// AELRDefaultEta is Theorem 3.4's step size (1/(4B²))√(2k log(2d)/(5md)).
func AELRDefaultEta(d, k, m int, B float64) float64 {
	fd := float64(d)
	return 1 / (4 * B * B) * math.Sqrt(2*float64(k)*math.Log(2*fd)/(5*float64(m)*fd))
}

// AERDefaultLambda is Theorem 2's λ = ((B+1)d/B₂)√(log(m)/(mk)).
func AERDefaultLambda(d, k, m int, B, B2 float64) float64 {
	fm := float64(m)
	return (B + 1) * float64(d) / B2 * math.Sqrt(math.Log(fm)/(fm*float64(k)))
}
