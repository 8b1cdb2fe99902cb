//go:build !unix

package kernel

import (
	"os/exec"
	"time"
)

// killGroup only bounds the wait where process groups are not available:
// the jupyter process itself is killed when the context ends.
func killGroup(cmd *exec.Cmd) { cmd.WaitDelay = 5 * time.Second }
