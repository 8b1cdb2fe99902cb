// Command funclen lists the non-test Go functions of a tree that are longer
// than a limit (60 lines by default, the project's rule), longest first,
// and says which of them justify their length: a doc comment with a line
// starting "Length:" gives the reason.
//
//	go run ./cmd/bench/funclen            # the whole module
//	go run ./cmd/bench/funclen -max 5 .   # exit 1 if more than 5 are long
//
// A function's length counts every line from "func" to its closing brace,
// comments and blank lines included. Test files and testdata are skipped.
package main

import (
	"cmp"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// long is one function over the limit.
type long struct {
	pos       token.Position
	name      string
	lines     int
	justified bool
}

func main() {
	limit := flag.Int("lines", 60, "a function is long if it has more than this many lines")
	most := flag.Int("max", -1, "exit with status 1 if more than this many functions are long (-1: never)")
	flag.Parse()
	root := cmp.Or(flag.Arg(0), ".")
	found, err := scan(root, *limit)
	if err != nil {
		fmt.Fprintln(os.Stderr, "funclen:", err)
		os.Exit(2)
	}
	justified := 0
	for _, f := range found {
		mark := ""
		if f.justified {
			mark = "  (justified)"
			justified++
		}
		fmt.Printf("%4d  %s:%d  %s%s\n", f.lines, f.pos.Filename, f.pos.Line, f.name, mark)
	}
	fmt.Printf("%d non-test functions over %d lines (%d justified by a \"Length:\" comment)\n", len(found), *limit, justified)
	if *most >= 0 && len(found) > *most {
		os.Exit(1)
	}
}

// scan parses every non-test .go file below root and returns the functions
// longer than limit lines, longest first.
func scan(root string, limit int) ([]long, error) {
	fset := token.NewFileSet()
	var found []long
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (n == "testdata" || n == "vendor" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil {
				if l := lengthOf(fset, fn); l.lines > limit {
					found = append(found, l)
				}
			}
		}
		return nil
	})
	slices.SortStableFunc(found, func(a, b long) int { return cmp.Compare(b.lines, a.lines) })
	return found, err
}

// lengthOf measures fn and reads its justification.
func lengthOf(fset *token.FileSet, fn *ast.FuncDecl) long {
	start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
	name := fn.Name.Name
	if fn.Recv != nil && len(fn.Recv.List) == 1 {
		name = recvName(fn.Recv.List[0].Type) + "." + name
	}
	l := long{pos: start, name: name, lines: end.Line - start.Line + 1}
	if fn.Doc != nil {
		for _, c := range fn.Doc.List {
			if strings.HasPrefix(strings.TrimSpace(strings.TrimPrefix(c.Text, "//")), "Length:") {
				l.justified = true
			}
		}
	}
	return l
}

// recvName returns the type name of a method's receiver.
func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}
