// Command notebook creates and cleans the module's GoNB notebooks:
//
//	go run ./kernel/cmd/notebook new [-title T] [-budget 300] notebooks/05_topic.ipynb
//	go run ./kernel/cmd/notebook clean notebooks/*.ipynb
//
// new writes a clean notebook that already follows the conventions the
// notebook test checks: the bootstrap cell first, an experiment cell, a
// plotting cell tagged "plot", and a "What you should see" paragraph.
// clean removes outputs and execution counts (notebooks are committed
// clean; `go run ./kernel/cmd/export` renders them).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/laoproject/lao/kernel"
)

const usage = `usage:
  go run ./kernel/cmd/notebook new [-title T] [-budget SECONDS] FILE.ipynb
  go run ./kernel/cmd/notebook clean FILE.ipynb...`

func main() {
	if len(os.Args) < 2 {
		fail(usage)
	}
	switch os.Args[1] {
	case "new":
		fs := flag.NewFlagSet("new", flag.ExitOnError)
		title := fs.String("title", "Title", "notebook title")
		budget := fs.Float64("budget", 0, "time budget of the whole notebook in seconds (0: the default, 300)")
		fs.Parse(os.Args[2:])
		if fs.NArg() != 1 {
			fail(usage)
		}
		if _, err := os.Stat(fs.Arg(0)); err == nil {
			fail(fs.Arg(0) + " exists; not overwriting")
		}
		b, err := kernel.NewNotebook(template(*title), *budget)
		if err != nil {
			fail(err.Error())
		}
		if err := os.WriteFile(fs.Arg(0), b, 0o644); err != nil {
			fail(err.Error())
		}
		fmt.Println("wrote", fs.Arg(0))
	case "clean":
		for _, f := range os.Args[2:] {
			changed, err := kernel.CleanNotebookFile(f)
			if err != nil {
				fail(err.Error())
			}
			if changed {
				fmt.Println("cleaned", f)
			}
		}
	default:
		fail(usage)
	}
}

func template(title string) []kernel.NotebookCell {
	return []kernel.NotebookCell{
		{Markdown: true, Source: "# " + title + "\n\nWhat the result says, in plain words, with the formula:\n\n" +
			"$$ \\mathbb{E}[L(\\bar w)] - L(w^\\star) \\le \\dots $$\n\n**Assumptions.** …"},
		{Source: "import (\n\t\"fmt\"\n\n\t\"github.com/laoproject/lao/kernel\"\n\t\"github.com/laoproject/lao/lao\"\n)\n\n" +
			"// Parameters: keep every cell under ~30 s on 2 cores; bigger runs behind a flag such as full = false.\nconst seeds = 5\n"},
		{Markdown: true, Source: "## The experiment\n\nWhat is run and why it shows the result."},
		{Source: "%%\n// Call the library here; cells never re-implement an algorithm. Print with kernel.Printf\n// so that text and tables come out in order.\nkernel.Printf(\"%d %v\\n\", seeds, lao.ErrBudgetExceeded)"},
		{Source: "%%\nkernel.Must(kernel.DisplayBands([]kernel.Curve{\n" +
			"\t{Name: \"solver\", X: []float64{1, 10, 100}, Mean: []float64{1, 0.3, 0.1}, Std: []float64{0.2, 0.05, 0.02}},\n" +
			"}, kernel.BandsOptions{Title: \"" + title + "\", XLabel: \"attributes seen\", YLabel: \"excess risk\", LogX: true}))",
			Tags: []string{kernel.PlotTag}},
		{Markdown: true, Source: "## What you should see\n\nDescribe what the plot shows and how it matches the theorem; " +
			"quote no number the cells do not print.\n\n## Exercises: predict, then check\n\n**Exercise 1.** What to predict, in one sentence."},
		{Source: "// exercise1 computes the answer through the library.\nfunc exercise1() kernel.Exercise {\n" +
			"\treturn kernel.Exercise{ID: \"1\", Question: \"the seeds\", Measured: seeds, RelTol: 0.01}\n}"},
		{Source: "%%\nprediction := kernel.Unanswered // your prediction\nexercise1().Check(prediction)"},
		{Markdown: true, Source: "## Solutions"},
		{Source: "%%\n// Solution 1: why, in a sentence.\nkernel.Must(exercise1().Solution(5))", Tags: []string{kernel.SolutionTag}, Hidden: true},
	}
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, msg)
	os.Exit(2)
}
