// Command wire connects GoNB's temporary module to this module; notebooks
// run it from their first cell (kernel.BootstrapCell):
//
//	!*go -C "$GONB_DIR" run github.com/laoproject/lao/kernel/cmd/wire "$PWD"
//	%goworkfix
//
// The argument is the directory to wire (GoNB's temporary module); the
// module to wire it to is the one containing the current directory.
package main

import (
	"fmt"
	"os"

	"github.com/laoproject/lao/kernel"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run github.com/laoproject/lao/kernel/cmd/wire DIR\n(run from inside the module; DIR is GoNB's temporary module, $PWD in a !* cell)")
		os.Exit(2)
	}
	cwd, err := os.Getwd()
	if err == nil {
		var root string
		if root, err = kernel.ModuleRoot(cwd); err == nil {
			var n int
			if n, err = kernel.Wire(root, os.Args[1]); err == nil {
				fmt.Printf("lao: notebook wired to %s (go.work + %d requirements)\n", root, n)
				return
			}
		}
	}
	fmt.Fprintln(os.Stderr, "lao: wiring the notebook failed:", err)
	os.Exit(1)
}
