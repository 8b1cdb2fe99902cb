// Command export executes notebooks headless through the GoNB kernel,
// checks them like the notebook test does, and writes each executed
// notebook and its HTML rendering, plus an index.html, to a directory:
//
//	go run ./kernel/cmd/export [-o build/notebooks] [-cell-timeout 300s] [notebook.ipynb ...]
//
// Without arguments it exports every notebooks/*.ipynb of the module. It
// exits with status 1 if any notebook fails its checks (the HTML is still
// written, so the failure can be inspected).
package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/laoproject/lao/kernel"
)

func main() {
	out := flag.String("o", "build/notebooks", "output directory for executed .ipynb and .html files")
	cellTimeout := flag.Duration("cell-timeout", 300*time.Second, "maximum time per cell")
	flag.Parse()
	if err := run(*out, *cellTimeout, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "export:", err)
		os.Exit(1)
	}
}

func run(out string, cellTimeout time.Duration, files []string) error {
	j, err := kernel.FindJupyter()
	if err != nil {
		return err
	}
	if len(files) == 0 {
		cwd, _ := os.Getwd()
		root, err := kernel.ModuleRoot(cwd)
		if err != nil {
			return err
		}
		if files, err = filepath.Glob(filepath.Join(root, "notebooks", "*.ipynb")); err != nil {
			return err
		}
		if len(files) == 0 {
			return fmt.Errorf("no notebooks in %s", filepath.Join(root, "notebooks"))
		}
	}
	ctx := context.Background()
	failed := 0
	var index strings.Builder
	index.WriteString("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>lao notebooks</title></head>" +
		"<body style=\"font-family:sans-serif;max-width:50em;margin:2em auto\"><h1>Learning with limited attribute observation: notebooks</h1>" +
		"<p>Executed notebooks of the <code>lao</code> Go module. Every page is self-contained: formulas are typeset by the MathJax " +
		"in <code>assets/</code> beside it and the sliders work without a kernel, so this directory can be copied to a course page as it is.</p><ol>\n")
	for _, f := range files {
		ok, err := exportOne(ctx, j, f, out, cellTimeout, &index)
		if err != nil {
			return err
		}
		if !ok {
			failed++
		}
	}
	index.WriteString("</ol></body></html>\n")
	if err := os.WriteFile(filepath.Join(out, "index.html"), []byte(index.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("wrote %s\n", filepath.Join(out, "index.html"))
	if failed > 0 {
		return fmt.Errorf("%d of %d notebooks failed", failed, len(files))
	}
	return nil
}

// exportOne executes notebook f into out, prints its cell summary and
// problems, renders it as HTML and adds its line to index; ok is false if
// the notebook failed.
func exportOne(ctx context.Context, j *kernel.Jupyter, f, out string, cellTimeout time.Duration, index *strings.Builder) (ok bool, err error) {
	fmt.Printf("%-40s ", filepath.Base(f))
	r, err := j.Execute(ctx, f, out, cellTimeout)
	if err != nil {
		return false, err
	}
	status := "ok"
	if !r.OK() {
		status = "FAILED"
	}
	fmt.Printf("%6.1fs (budget %v)  %s\n    cells: %s\n", r.Elapsed.Seconds(), r.Budget, status, r.CellSummary())
	for _, p := range r.Problems {
		fmt.Printf("    %s\n", strings.ReplaceAll(p.String(), "\n", "\n    "))
	}
	if !r.OK() && r.Log != "" {
		fmt.Printf("    --- nbconvert log (tail) ---\n%s\n", r.Log)
	}
	if _, err := os.Stat(r.Output); err != nil {
		return r.OK(), nil // nothing executed to render
	}
	page, err := j.ExportHTML(ctx, r.Output, out)
	if err != nil {
		return false, err
	}
	name := filepath.Base(page)
	title := name
	if nb, err := kernel.LoadNotebook(f); err == nil {
		title = nb.Title(name)
	}
	fmt.Fprintf(index, "<li><a href=\"%s\">%s</a> <small>(executed in %.0f s: %s)</small></li>\n",
		html.EscapeString(name), html.EscapeString(title), r.Elapsed.Seconds(), status)
	return r.OK(), nil
}
