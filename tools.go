//go:build tools

// Package tools pins the command-line tools the project builds (GoNB and
// goimports for the notebook kernel) so that their versions live in go.mod.
package tools

import (
	_ "github.com/janpfeifer/gonb"
	_ "golang.org/x/tools/cmd/goimports"
)
