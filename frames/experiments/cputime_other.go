//go:build !linux

package experiments

// threadCPU is not available here: the bench times by the wall clock.
func threadCPU() (float64, bool) { return 0, false }
