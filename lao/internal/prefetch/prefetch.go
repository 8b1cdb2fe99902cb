package prefetch

import "unsafe"

// At asks for the cache line holding s[i] (i in range: it is checked).
func At[T any](s []T, i int) { line(unsafe.Pointer(&s[i])) }

// farLen is the length from which the cores hint, a cache-size choice:
// arrays of 2¹³ float64 (64 KiB) or more outgrow the first-level cache.
// Below it the lines are close already and a hint only costs its call
// (lao bench, AMD EPYC: hinting at d = 784 raised raw ÷ ours by 3-12 %;
// at d = 10⁴ it gained nothing measurable, at 10⁵ up to a quarter).
const farLen = 1 << 13

// Far reports whether a step over n coordinates should hint: n ≥ 2¹³.
func Far(n int) bool { return n >= farLen }
