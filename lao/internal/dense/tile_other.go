//go:build !amd64 || purego

package dense

// best is the portable tile kernel (no assembly for this platform or with
// the purego build tag).
var best = goTiler

func kernels() []tiler { return []tiler{goTiler} }

func rotFast(x, y []float64, c, s float64) int { return 0 }

func axpyFast(alpha float64, x, y []float64) int { return 0 }

func dotFast(x, y []float64) (float64, int) { return 0, 0 }
