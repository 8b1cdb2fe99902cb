//go:build amd64 && !purego

package prefetch

import "unsafe"

// line issues PREFETCHT0 for the line holding p.
//
//go:noescape
func line(p unsafe.Pointer)
