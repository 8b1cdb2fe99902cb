//go:build !amd64 || purego

package prefetch

import "unsafe"

// line does nothing here: a prefetch is only a hint.
func line(unsafe.Pointer) {}
